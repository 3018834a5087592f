/* The monotonic clock (clock.h). */
#include <time.h>

#include "host/clock.h"

double hsf_seconds_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}
