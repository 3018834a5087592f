/* The first events of a run (private to libhsframe). */
#ifndef HSF_EVENT_START_H
#define HSF_EVENT_START_H

#include "event/state.h"

/* Queues the stop, the reversal, the audits, the outputs' first samples
 * (after their begin), every particle's first event (from the start pass
 * where it applies, start_pass.h), the first rescale, slide and
 * thermostat event.  Returns 0, or -1 with err set. */
int hsf_event_schedule_start(hsf_event_engine *e, hsf_error *err);

#endif
