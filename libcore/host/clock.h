/* The monotonic clock, for progress, the summary's timings and the
 * wall-clock checkpoints (private to libhsframe). */
#ifndef HSF_CLOCK_H
#define HSF_CLOCK_H

/* Seconds on the monotonic clock, from an arbitrary origin: only
 * differences mean something. */
double hsf_seconds_now(void);

#endif
