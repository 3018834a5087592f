/* One run as run.c assembles and runs it, shared by the files of run/
 * (private to libhsframe): the configuration's sections, the particles,
 * the system, the engine chosen and the checkpoint bookkeeping. */
#ifndef HSF_RUN_PRIVATE_H
#define HSF_RUN_PRIVATE_H

#include <stdint.h>

#include "host/config_help.h"
#include "host/config_private.h"
#include "host/plugin_loader.h"
#include "io/particle.h"
#include "shared/system_private.h"
#include "run/run.h"
#include "run/summary.h"
#include "timestep/step.h"

struct hsf_engine_ops;

typedef struct run_state {
    hsf_config_file cf;
    hsf_config sim;
    hsf_config init;        /* bound only when the file has [init] */
    hsf_config checkpoint;  /* bound only when the file has [checkpoint] */
    hsf_config bonds;       /* bound only when the file has [bonds] */
    hsf_config field;       /* bound only when the file has [field] */
    hsf_config compression; /* bound only when the file has [compression] */
    double prelude_scale;   /* [init] method = random: the radii grow by this before the run
                               proper (a prelude of the engine); 1: no prelude */
    int prelude;            /* this is the prelude of a random start (assemble.c) */
    int placed_by_engine;   /* the particles are the prelude's: not validated again */
    hsf_plugin_path path;
    hsf_particle_set set;
    hsf_system sys;
    hsf_conserved c0;       /* at time 0 */
    double *start;          /* with reverse_at: positions and velocities at time 0 */
    /* Checkpoints */
    char *config_text;      /* hsf_config_canonical, without [checkpoint] */
    uint32_t particles_crc; /* of the particles at time 0 */
    double started;         /* monotonic clock when this process began the run */
    double every, stop_after;
    double wall_before;     /* wall-clock seconds of the segments before this one (resumed) */
    uint64_t checkpoints;   /* written by the run, every segment */
    /* The engine ([simulation] engine), engine.h, and its own state:
     * engine_state, made and freed by its operations (the event engine's,
     * event/state.h), or step (the time-step engine's, timestep/). */
    const struct hsf_engine_ops *engine;
    void *engine_state;
    const hsf_run_options *opt;     /* what hsf_run was given */
    hsf_timestep step;
    /* engine = ecmc: its [ecmc] section (bound in every run, to its
     * defaults when the file has none; refused beside another engine)
     * and its state (ecmc/), made by its open. */
    hsf_config engine_cfg;  /* the engine's own section ([ecmc]), when it has one */
} run_state;

/* The host's parameters of each section (params.c). */
extern const hsf_param hsf_run_simulation_params[],
    hsf_run_boundary_params[], hsf_run_output_params[], hsf_run_thermostat_params[],
    hsf_run_field_params[], hsf_run_force_params[], hsf_run_checkpoint_params[],
    hsf_run_bonds_params[];
/* Every section a configuration may have (hsf_config_check_sections). */
extern const char *const hsf_run_known_sections[];

/* Everything up to the first event, or, when opt->resume is set, up to
 * reading the checkpoint (assemble.c).  Returns 0 or -1 with err set;
 * hsf_run_teardown frees what it made either way. */
int hsf_run_prepare(run_state *rs, const hsf_run_options *opt, hsf_error *err);

/* Frees everything hsf_run_prepare and the run made (run.c). */
void hsf_run_teardown(run_state *rs);

/* Loads the plugin named in section, then binds the section to the host's
 * and the plugin's parameters (host/plugin_instance.h).  Returns 0 or -1
 * with err set. */
int hsf_run_open_plugin(run_state *rs, const char *section, int kind, const hsf_param *host,
                        hsf_instance *in, hsf_error *err);

/* The sections whose names start with prefix, and how many (a
 * NULL-terminated array to free), or NULL with err set. */
const char **hsf_run_sections_named(const run_state *rs, const char *prefix, size_t *n,
                                    hsf_error *err);

/* 1 if the configuration has section name, 0 if not, -1 out of memory. */
int hsf_run_has_section(const run_state *rs, const char *name);

/* Where section.key (any key of section when key is NULL) was set, for a
 * message: "FILE:LINE", or "-s SECTION.KEY" (in a static buffer). */
const char *hsf_run_key_where(const run_state *rs, const char *section, const char *key);

/* Appends to the outputs one slot for each of rs->opt's observers
 * (sim_observer.c), their state made.  Returns 0, or -1 with err set. */
int hsf_run_add_observers(run_state *rs, hsf_error *err);

/* 1 if output slot o is an observer's. */
int hsf_run_is_observer(const hsf_output_slot *o);

/* Why the run cannot add or remove particles (sim.h, hsf_sim_add_particle:
 * its engine, a model, fixed particles, spins, ..., an output that keeps
 * per-particle state), written into buf of size bytes, or NULL when it
 * can (sim_particles.c). */
const char *hsf_run_why_fixed_n(const run_state *rs, char *buf, size_t size);

/* Writes the run's checkpoint to path now, with the run's record, as
 * [checkpoint] does (run.c).  Returns 0 or -1 with err set. */
int hsf_run_save(run_state *rs, const char *path, hsf_error *err);

/* The state at time 0, or from the checkpoint resume (run.c). */
int hsf_run_starting_state(run_state *rs, const char *resume, hsf_error *err);

/* With [checkpoint]: sets up the checkpoints its every and stop_after ask
 * for (sys->checkpoint, checkpoint_due; run.c). */
void hsf_run_arm_checkpoints(run_state *rs);

/* Marks the particles of the species [simulation] fixed_species names as
 * fixed (fixed.c), and checks that every fixed particle is at rest.
 * Returns 0, or -1 with err set (an unknown species; file:line of a
 * moving fixed particle). */
int hsf_run_mark_fixed(run_state *rs, hsf_error *err);

#endif
