/* The engine interface (private to libhsframe): what run/ asks of an
 * engine, and all it asks.  The event-driven engine (event/,
 * engine_event.c) and the time-step engine (timestep/,
 * engine_timestep.c) each fill one hsf_engine_ops; run.c and assemble.c
 * drive either without knowing which it is, and never compare its name:
 * what an engine can follow it says in caps.
 *
 * A new engine is a folder of its own code and one hsf_engine_ops that
 * adapts it to the run, listed in the table of run/engine.c.  It keeps its
 * state in rs->engine_state (made by bind, open or prepare, freed by
 * close); the system (rs->sys) holds what every engine shares: the
 * particles' records, the box, the boundary, the outputs, the counters.
 *
 * The run calls the members in this order; a member may be NULL where
 * said.  Every member takes the run (run_private.h) and returns 0 or -1
 * with err set, unless said otherwise.
 *
 *   check        the sections bound, the plugins opened
 *   bind         the particles counted; before anything is written   (NULL)
 *   add_files    the files the run will write are gathered           (NULL)
 *   open         the boundary and the particles' properties set
 *   prepare      the particles taken into the system
 *   run          (or restore, then run)
 *   final_check  commit  summary    a completed run
 *   close        always, once, whatever the run reached */
#ifndef HSF_RUN_ENGINE_H
#define HSF_RUN_ENGINE_H

#include <stddef.h>

#include "run/file_uses.h"
#include "run/run_private.h"
#include "shared/checkpoint_run.h"

/* What an engine can follow (hsf_engine_ops caps): a run that needs one
 * of these is refused, with the engine's name, by an engine without it. */
#define HSF_ENGINE_FIXED 0x1u           /* fixed particles: infinite mass, never moving */
#define HSF_ENGINE_SLIDING 0x2u         /* a boundary's sliding images (Lees-Edwards) */
#define HSF_ENGINE_MOVING_WALLS 0x4u    /* a boundary's walls that move (wall_velocity) */

typedef struct hsf_engine_ops {
    const char *name;       /* as [simulation] engine says it */
    unsigned caps;          /* HSF_ENGINE_* it can follow */
    /* The engine's own section ("ecmc" for [ecmc]) and its keys, or NULL:
     * the run binds it into run_state's engine_cfg, and refuses it beside
     * another engine. */
    const char *section;
    const hsf_param *section_params;

    /* Refuses what the configuration asks of another engine (its keys and
     * sections) or what this one cannot do with the options.  Called
     * once the host's sections are bound and the boundary, output and
     * thermostat plugins loaded, before the particles are read.  Errors
     * name file:line and the key. */
    int (*check)(run_state *rs, const hsf_run_options *opt, hsf_error *err);

    /* Binds the engine's own sections and loads its own plugins once the
     * particles are read (rs->set, rs->sys.n), before anything is written
     * or a random start is made: the event engine's [queue].  May be NULL. */
    int (*bind)(run_state *rs, hsf_error *err);

    /* Adds the files the engine will write to fu (run/file_uses.h), so
     * that no two writers, and no writer and reader, share a file.  May be
     * NULL. */
    int (*add_files)(const run_state *rs, hsf_file_uses *fu, hsf_error *err);

    /* Opens what the engine reads beyond the system once the boundary is
     * initialised and the particles' species, bonds, fixed marks and the
     * field are set: the model of interactions (event), the [force.NAME]
     * plugins (time steps).  Every section must be claimed afterwards. */
    int (*open)(run_state *rs, hsf_error *err);

    /* Makes the engine's state for the run once the particles are in the
     * system (rs->sys.m, rs->sys.b), before the outputs are initialised:
     * it builds the system's cell grid (shared/cells.h) the run then
     * validates the start with, and whatever the engine searches and
     * schedules with.  Called for a random start's prelude too
     * (rs->prelude), which then only runs. */
    int (*prepare)(run_state *rs, hsf_error *err);

    /* Runs from the start, or (resumed) from the state restore left, to
     * end_time: returns 0, HSF_ENGINE_STOPPED (a checkpoint was written
     * and the run asked to stop) or -1 with err set. */
    int (*run)(run_state *rs, int resumed, hsf_error *err);

    /* Writes the whole state between two events or steps to path,
     * atomically, with the run's record (shared/checkpoint_run.h);
     * restores it into a run prepared from the same configuration. */
    int (*save)(run_state *rs, const char *path, const hsf_ckpt_run *run, hsf_error *err);
    int (*restore)(run_state *rs, const char *path, hsf_ckpt_run *run, hsf_error *err);

    /* At the end of a completed run: a state that physics allows (audit,
     * finite energies). */
    int (*final_check)(run_state *rs, hsf_error *err);

    /* A completed run's own files written, once the outputs are complete
     * (the event engine's queue recording).  May be NULL. */
    int (*commit)(run_state *rs, hsf_error *err);

    /* The summary of a completed run: wall-clock seconds, the conserved
     * quantities at the end (c1). */
    void (*summary)(run_state *rs, hsf_summary *s, double wall, const hsf_conserved *c1);

    /* What drives the run, for the start line: "queue calendar", "time
     * steps verlet" (written into buf of size bytes). */
    void (*describe)(const run_state *rs, char *buf, size_t size);

    /* Frees the engine's state and drops what it did not commit (rs may
     * be partly prepared, or not at all). */
    void (*close)(run_state *rs);

    /* For a run driven through hsf_sim (sim.h), between two events: brings
     * every particle's record (rs->sys.m) to the current time; gives
     * particle i velocity v now, its events predicted anew.  NULL when the
     * engine's records are not the system's between events. */
    int (*sync)(run_state *rs, hsf_error *err);
    int (*set_velocity)(run_state *rs, size_t i, const double v[3], hsf_error *err);
    /* For hsf_sim_add_particle and hsf_sim_remove_particle (sim.h),
     * between two events: brings every particle to now, calls apply(ctx),
     * which replaces the system's particle arrays and n and cannot fail,
     * and builds the engine's state anew for them at the current time;
     * restoring: for a checkpoint's particles, before restore, which then
     * fills the engine's state (nothing is moved or predicted).  Returns
     * 0; -1 with err set and nothing changed (the engine refused before
     * apply); -2 with err set after apply (the run can then only be
     * closed).  NULL: the engine cannot change its particles. */
    int (*change_particles)(run_state *rs, void (*apply)(void *ctx), void *ctx, int restoring,
                            hsf_error *err);
} hsf_engine_ops;

extern const hsf_engine_ops hsf_event_engine_ops, hsf_timestep_engine_ops, hsf_ecmc_engine_ops;

/* The event engine's state (event/state.h) of a run it drives, once
 * prepared (for the tests of what it chose, such as its pair law); NULL
 * for another engine or before. */
struct hsf_event_engine *hsf_event_engine_of(const run_state *rs);

/* Adds an engine beyond those of the table in run/engine.c (a test's own
 * engine, tests/engine_ballistic.c), chosen by its name from then on; ops
 * must outlive every run.  Returns 0, or -1 when the table is full. */
int hsf_engine_add(const hsf_engine_ops *ops);

/* The engine [simulation] engine names; NULL with err set for an unknown
 * name (the message lists the engines known). */
const hsf_engine_ops *hsf_engine_chosen(const hsf_config *sim, hsf_error *err);

/* The k-th engine of the table (0, 1, ...), NULL past the last. */
const hsf_engine_ops *hsf_engine_at(size_t k);

#endif
