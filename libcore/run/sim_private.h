/* The simulation a program drives (sim.h), shared by the files that
 * implement it (private to libhsframe): sim.c, sim_particles.c. */
#ifndef HSF_RUN_SIM_PRIVATE_H
#define HSF_RUN_SIM_PRIVATE_H

#include <hsframe/sim.h>

#include "run/run_private.h"

struct hsf_sim {
    run_state rs;
    hsf_run_options opt;        /* rs.opt; its strings are the copies below */
    char *config_path, *config_text, *plugin_dirs, *resume;
    char **overrides;
    hsf_sim_observer *observers;
    /* [checkpoint] every: the run's own writer (run.c), called when due. */
    int (*timed)(hsf_system *sys, void *ctx, int final, hsf_error *err);
    double wall;                /* seconds in the engine's loop, this process */
    double resumed_at;
    int started;                /* the engine has run (its first events are queued) */
    int running;                /* inside hsf_sim_run (an observer may not run it) */
    int ended, failed;
    int changed;                /* particles were added or removed (sim_particles.c) */
    void **retired;             /* record arrays a change replaced, kept for old views */
    size_t n_retired;
};

#endif
