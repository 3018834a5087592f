/* The two engines as the run sees them (private to libhsframe): the
 * event-driven engine (event/) and the time-step engine (timestep/) each
 * fill one of these, so that run.c and assemble.c drive either without
 * asking which it is.  Every member takes the run being assembled or run
 * (run_private.h); the engine's own state is in it. */
#ifndef HSF_RUN_ENGINE_H
#define HSF_RUN_ENGINE_H

#include <stddef.h>

#include "event/checkpoint.h"
#include "run/run_private.h"

typedef struct hsf_engine_ops {
    const char *name;       /* as [simulation] engine says it */

    /* Refuses what the configuration asks of the other engine (its keys
     * and sections) or what this one cannot do with the options.  Called
     * once the sections are bound and the plugins opened.  Returns 0 or -1
     * with err set (file:line and the key). */
    int (*check)(run_state *rs, const hsf_run_options *opt, hsf_error *err);

    /* Opens what this engine reads beyond the system: the model of
     * interactions (event), the [force.NAME] plugins (time steps).  Called
     * once the particles are read, before every section must be claimed.
     * Returns 0 or -1 with err set. */
    int (*open)(run_state *rs, hsf_error *err);

    /* Makes the engine's own state once the system is complete (boundary,
     * particles, outputs initialised).  Returns 0 or -1 with err set. */
    int (*prepare)(run_state *rs, hsf_error *err);

    /* Runs from the start, or (resumed) from the state restore left, to
     * end_time: returns 0, HSF_ENGINE_STOPPED (a checkpoint was written
     * and the run asked to stop) or -1 with err set. */
    int (*run)(run_state *rs, int resumed, hsf_error *err);

    /* Writes the whole state between two events or steps to path,
     * atomically, with the run's record (event/checkpoint.h); restores it
     * into a run prepared from the same configuration.  Return 0 or -1
     * with err set. */
    int (*save)(run_state *rs, const char *path, const hsf_ckpt_run *run, hsf_error *err);
    int (*restore)(run_state *rs, const char *path, hsf_ckpt_run *run, hsf_error *err);

    /* At the end of a completed run: a state that physics allows (audit,
     * finite energies).  Returns 0 or -1 with err set. */
    int (*final_check)(run_state *rs, hsf_error *err);

    /* The summary of a completed run: wall-clock seconds, the conserved
     * quantities at the end (c1). */
    void (*summary)(run_state *rs, hsf_summary *s, double wall, const hsf_conserved *c1);

    /* What drives the run, for the start line: "queue calendar", "time
     * steps verlet" (written into buf of size bytes). */
    void (*describe)(const run_state *rs, char *buf, size_t size);

    /* Frees the engine's own state (rs may be partly prepared). */
    void (*close)(run_state *rs);
} hsf_engine_ops;

extern const hsf_engine_ops hsf_event_engine_ops, hsf_timestep_engine_ops, hsf_ecmc_engine_ops;

/* The engine [simulation] engine names; NULL with err set for an unknown
 * name. */
const hsf_engine_ops *hsf_engine_chosen(const hsf_config *sim, hsf_error *err);

#endif
