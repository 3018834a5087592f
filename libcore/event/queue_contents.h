/* Everything the queue holds, taken out and put back (private to
 * libhsframe).  Queues have no way to list their events, so a checkpoint
 * or a check takes every event out and puts it back with the same time
 * and seq: every queue pops by (time, seq), so it then pops the same
 * events in the same order as before. */
#ifndef HSF_QUEUE_CONTENTS_H
#define HSF_QUEUE_CONTENTS_H

#include "event/state.h"

/* Room hsf_queue_drain needs, in events. */
size_t hsf_queue_capacity(const hsf_event_engine *e);

/* Takes every event out into ev, in the order the queue gives them, and
 * returns how many.  With an indexed queue, an event's subject is its key
 * and only time and seq are set besides. */
size_t hsf_queue_drain(hsf_event_engine *e, hsf_event *ev);

/* Puts count drained events back.  Returns 0, or -1 with err set. */
int hsf_queue_refill(hsf_event_engine *e, const hsf_event *ev, size_t count, hsf_error *err);

/* Checks that the queue holds what the engine scheduled: every particle's
 * event, in (time, seq) order, none earlier than now.  Returns 0, or -1
 * with err naming the queue plugin and what it lost or misordered.  The
 * queue is left holding the same events. */
int hsf_queue_check(hsf_event_engine *e, hsf_error *err);

/* The same check at the end of the run: takes every event out as it
 * comes, and puts nothing back (so it needs no room for them). */
int hsf_queue_check_final(hsf_event_engine *e, hsf_error *err);

#endif
