/* The events that are not a particle's (private to libhsframe): each does
 * its work and queues its next one, if before the end, or retires its key
 * (schedule.h).  Each returns 0, or -1 with err set. */
#ifndef HSF_EVENT_SPECIALS_H
#define HSF_EVENT_SPECIALS_H

#include "event/state.h"

/* Time reversal: every velocity turned round, every particle predicted. */
int hsf_event_reverse(hsf_event_engine *e, hsf_error *err);

/* The thermostat's event (its fire) and its next. */
int hsf_event_thermostat(hsf_event_engine *e, hsf_error *err);

/* The compression's rescale of the velocities (and of the grid); ev is
 * the event, stale when a later rescale superseded it. */
int hsf_event_rescale(hsf_event_engine *e, const hsf_event *ev, hsf_error *err);

/* A slide event of a checkpoint of 0.4.0: the particles near a sheared
 * box's gradient faces predicted again (specials.c). */
int hsf_event_slide(hsf_event_engine *e, hsf_error *err);

/* Output k's sample. */
int hsf_event_sample(hsf_event_engine *e, uint32_t k, hsf_error *err);

/* The overlap audit and the check of the queue. */
int hsf_event_audit(hsf_event_engine *e, hsf_error *err);

#endif
