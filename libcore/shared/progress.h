/* The progress line on a terminal: simulated time, events per second and
 * the wall time left, rewritten in place (private to libhsframe). */
#ifndef HSF_PROGRESS_H
#define HSF_PROGRESS_H

#include <stdio.h>

#include <hsframe/system.h>

typedef struct hsf_progress {
    FILE *out;              /* a terminal */
    double start_wall;      /* seconds, monotonic clock */
    double last_wall;       /* when the line was last written */
    double last_time;       /* simulated time then */
    unsigned long long last_events;
    int shown;              /* a line is on the screen */
} hsf_progress;

/* Starts measuring; nothing is printed yet. */
void hsf_progress_start(hsf_progress *pg, FILE *out);

/* Rewrites the line if half a second of wall time has passed since the
 * last one; cheap otherwise (one clock read). */
void hsf_progress_tick(hsf_progress *pg, const hsf_system *sys);

/* Erases the line, so that what follows starts on a clean one. */
void hsf_progress_finish(hsf_progress *pg);

#endif
