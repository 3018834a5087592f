/* Replaying a recording on a queue (hsframe-queue-bench --replay). */
#ifndef QB_REPLAY_H
#define QB_REPLAY_H

#include <stddef.h>

#include <hsframe/queue.h>

#include "recording.h"

/* Runs every operation of rec on a fresh instance of q, checking what
 * each pop, peek and index_first gives against the recording.  Returns
 * operations per second; -1 with msg (size len) "operation K (pop):
 * expected ..., found ..." at the first difference, or -2 with msg when
 * the queue cannot replay it (no indexed form, an operation refused). */
double qb_replay(const hsf_queue_type *q, const qb_recording *rec, char *msg, size_t len);

#endif
