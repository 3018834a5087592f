/* Which search the event engine's predictions take: every pair, the
 * cells around a particle or its neighbour list (private to libhsframe). */
#ifndef HSF_EVENT_SEARCH_CHOICE_H
#define HSF_EVENT_SEARCH_CHOICE_H

#include "event/state.h"

/* Sets e->sys->search from [simulation] cells and neighbour_lists (auto:
 * by the packing fraction and, in a sheared box, by the model and the
 * flow against the thermal speed), and e->start_pass; growing: the radii
 * will grow.  Call before the cell grid is built, with the particles and
 * the model in place.  Returns 0, or -1 with err set for a search the run
 * cannot take. */
int hsf_event_choose_search(hsf_event_engine *e, const hsf_config *sim, int growing,
                            hsf_error *err);

#endif
