/* The queue models timed by hsframe-queue-bench.
 *
 * Hold (D. W. Jones, Commun. ACM 29, 300 (1986)): n events at times drawn
 * from the increment distribution, then `holds` times: take the first
 * event (time t) and put one back at t + increment.  Push/pop: pop, push.
 * Indexed: n keys; index_first, then index_set of that key at t + increment.
 *
 * Up-down: from empty to n and back.  Up: each step takes the first event
 * (none at the first step: t = 0) and puts back two at t + increment
 * (indexed: the first key moved, a new key set), one more each step, until
 * n are held.  Down: each step takes two and puts one back at the second's
 * time + increment (indexed: the first key removed, the next one moved),
 * until one is left, which is taken.  Steps: n up and n down, about; the
 * cycle is repeated until `holds` steps are done (so small n are timed
 * over as many steps as the hold model).
 *
 * Both check as they go that the first times never decrease (every event
 * is put at or after the time taken), and at the end that the queue holds
 * n events (hold) or none (up-down). */
#ifndef QB_MODELS_H
#define QB_MODELS_H

#include <stddef.h>

#include <hsframe/queue.h>

#include "increments.h"

typedef enum qb_model { QB_HOLD, QB_UPDOWN } qb_model;

/* One timed run. */
typedef struct qb_run {
    qb_model model;
    qb_dist dist;
    size_t n;           /* events or keys */
    size_t holds;       /* holds timed (hold); at least that many steps (up-down) */
    int indexed;        /* 1: the indexed members */
} qb_run;

/* Runs r on a fresh instance of q; returns steps (holds, or up and down
 * steps) per second, or -1 with msg (size len) saying what went wrong:
 * a refused operation, or the queue giving an earlier time than before
 * (with the step) or the wrong count at the end. */
double qb_model_run(const hsf_queue_type *q, const qb_run *r, char *msg, size_t len);

#endif
