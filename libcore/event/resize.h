/* Particles added or removed between two events (private to libhsframe;
 * sim.h, hsf_sim_add_particle and hsf_sim_remove_particle). */
#ifndef HSF_EVENT_RESIZE_H
#define HSF_EVENT_RESIZE_H

#include "event/state.h"

/* Brings every particle to now, takes every event out of the queue
 * keeping those that are not a particle's (the stop, samples, audits, ...
 * with their times and seqs), calls apply(ctx), which replaces the
 * system's particle arrays and n and cannot fail, builds the engine's
 * state anew for them (hsf_event_reprepare), puts the kept events back
 * under their new keys and predicts every particle's next event from now.
 * restoring: the particles are a checkpoint's, whose restore comes next
 * and fills the queue: nothing is moved, kept or predicted.  Returns 0; -1 with err set and nothing changed (refused before apply:
 * a [queue] record, out of memory); -2 with err set once apply was
 * called (the engine can then only be freed). */
int hsf_event_change_particles(hsf_event_engine *e, const hsf_config *sim,
                               const hsf_particle_set *set, void (*apply)(void *ctx),
                               void *ctx, int restoring, hsf_error *err);

#endif
