/* Assembling the event-driven engine (private to libhsframe): its queue,
 * how a prediction finds partners, and what it reads ahead, chosen from
 * the configuration and the system.  The run calls these through the
 * engine's operations (run/engine_event.c), in this order. */
#ifndef HSF_EVENT_SETUP_H
#define HSF_EVENT_SETUP_H

#include "event/state.h"
#include "host/config_private.h"
#include "host/plugin_instance.h"
#include "host/plugin_loader.h"
#include "io/particle.h"

/* The keys of [queue]. */
extern const hsf_param hsf_event_queue_params[];

/* [queue]: loads its plugin into *queue (plugin = auto: chosen by the
 * number of particles, which sys->n holds), binds the section and checks
 * its record key (a path that can be written): called when the run is
 * bound, so that a bad [queue] is refused before anything is written or a
 * random start is run.  Returns 0, or -1 with err set; the caller closes
 * *queue (hsf_instance_close) unless hsf_event_prepare took it over. */
int hsf_event_bind_queue(const hsf_system *sys, hsf_config_file *cf,
                         const hsf_plugin_path *path, hsf_instance *queue, hsf_error *err);

/* The engine's state for sys, once the particles are in it: takes over
 * *queue (bound by hsf_event_bind_queue; zeroed on return, whatever
 * happens).  How a prediction finds partners ([simulation] cells,
 * neighbour_lists, skin; a field, a compression (growing) and sliding
 * images restrict it): sets sys->search, builds the cell grid, the
 * neighbour lists and the image shifts, starts the model on set, and notes
 * whether a cell crossing keeps its partner.  Then the queue, empty, with
 * its keys (the particles, then HSF_SPECIAL_KEYS), and the recorder unless
 * prelude, and the particles' slots (state.h).  Returns the state (free it
 * with hsf_event_free), or NULL with err set. */
hsf_event_engine *hsf_event_prepare(hsf_system *sys, hsf_instance *queue,
                                    const hsf_config *sim, int growing,
                                    const hsf_particle_set *set, int prelude, hsf_error *err);

/* The engine's state built anew for the particles sys holds now (their
 * number changed: hsf_sim_add_particle, sim.h), as hsf_event_prepare
 * builds it, not growing, keeping the queue plugin and its section, the
 * seqs given and the recorder (which must be NULL): the queue's state is
 * finished and made again, empty, with the new keys, the cell grid, the
 * lists and the slots built again.  Returns 0, or -1 with err set (the
 * engine can then only be freed). */
int hsf_event_reprepare(hsf_event_engine *e, const hsf_config *sim,
                        const hsf_particle_set *set, hsf_error *err);

/* "calendar (indexed)": the queue, as the summary names it. */
void hsf_event_queue_name(const hsf_event_engine *e, char *buf, size_t size);

/* [queue] record: takes the recorder out (the loop then uses the plugin
 * directly) and writes its file (keep) or drops it.  Returns 0, or -1
 * with err set when the file cannot be written. */
int hsf_event_finish_record(hsf_event_engine *e, int keep, hsf_error *err);

/* Frees the state, the queue with it (the recording dropped); e may be
 * NULL.  The system's grid and lists are the system's. */
void hsf_event_free(hsf_event_engine *e);

#endif
