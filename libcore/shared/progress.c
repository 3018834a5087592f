/* The progress line (see progress.h). */
#include <time.h>

#include "shared/progress.h"

static double wall_seconds(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

void hsf_progress_start(hsf_progress *pg, FILE *out)
{
    *pg = (hsf_progress){ .out = out, .start_wall = wall_seconds() };
    pg->last_wall = pg->start_wall;
}

void hsf_progress_tick(hsf_progress *pg, const hsf_system *sys)
{
    double now = wall_seconds();
    if (now - pg->last_wall < 0.5)
        return;
    hsf_stats s;
    hsf_system_stats(sys, &s);
    double t = hsf_system_time(sys), end = hsf_system_end_time(sys);
    double rate = (double)(s.events - pg->last_events) / (now - pg->last_wall);
    /* Time left from the pace since the start: steadier than the last
     * half second's. */
    double elapsed = now - pg->start_wall;
    double left = t > 0 ? elapsed * (end - t) / t : 0;
    fprintf(pg->out, "\r\033[Kt = %.6g of %g (%.1f%%), %.3g events/s, %.0f s left", t, end,
            end > 0 ? 100 * t / end : 100.0, rate, left);
    fflush(pg->out);
    pg->last_wall = now;
    pg->last_time = t;
    pg->last_events = s.events;
    pg->shown = 1;
}

void hsf_progress_finish(hsf_progress *pg)
{
    if (pg->shown) {
        fputs("\r\033[K", pg->out);
        fflush(pg->out);
    }
    pg->shown = 0;
}
