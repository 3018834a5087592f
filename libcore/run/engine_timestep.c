/* The time-step engine (timestep/) as the run drives it (engine.h). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "host/error_private.h"
#include "host/plugin_instance.h"
#include "run/engine.h"

/* What this engine does not do: audits (particles overlap within a step),
 * the event engine's keys and sections. */
static int check(run_state *rs, const hsf_run_options *opt, hsf_error *err)
{
    (void)opt;
    if (hsf_config_double(&rs->sim, "audit_every") > 0)
        return hsf_config_error(&rs->sim, err, "audit_every", "engine = timestep lets "
                                "particles overlap within a step: no audit (the summary's "
                                "max_overlap is the largest overlap seen)");
    /* Keys only the event engine reads: its neighbour search and audits. */
    static const char *const event_keys[] = { "cells", "neighbour_lists", "skin",
                                              "audit_tolerance", "start_pass", NULL };
    for (const char *const *k = event_keys; *k; k++)
        if (hsf_config_has(&rs->sim, *k))
            return hsf_config_error(&rs->sim, err, *k, "a key of the event engine, which "
                                    "engine = timestep does not read: remove it, or use "
                                    "engine = event");
    /* Rough walls turn particles, which the event engine's model does. */
    static const char *const rough_keys[] = { "tangential_restitution", "friction", NULL };
    for (const char *const *k = rough_keys; *k; k++)
        if (hsf_config_lookup(&rs->cf, "boundary", *k))
            return hsf_error_set(err, "%s: [boundary] %s: rough walls turn particles, which "
                                 "only the event engine does: use engine = event",
                                 hsf_run_key_where(rs, "boundary", *k), *k);
    /* Sections of the event engine's queue, model and driving. */
    static const char *const event_only[] = { "queue", "interaction", "thermostat", "field",
                                              "compression", NULL };
    for (const char *const *k = event_only; *k; k++) {
        int has = hsf_run_has_section(rs, *k);
        if (has < 0)
            return hsf_error_set(err, "out of memory");
        if (has)
            return hsf_error_set(err, "%s: [%s] is a section of the event engine: it works "
                                 "only with [simulation] engine = event%s",
                                 hsf_run_key_where(rs, *k, NULL), *k, strcmp(*k, "field") ? ""
                                 : " (with engine = timestep, a [force.NAME] section with "
                                   "plugin = gravity does it)");
    }
    return 0;
}

/* The [force.NAME] sections: each plugin loaded and its section bound
 * (hsf_timestep_prepare initialises them).  A random start is made by the
 * event engine; the comparison with it needs straight lines. */
static int open_forces(run_state *rs, hsf_error *err)
{
    if (rs->prelude_scale > 1)
        return hsf_config_error(&rs->init, err, "method", "a random start is made by the event "
                                "engine: use it with engine = event");
    size_t n;
    const char **names = hsf_run_sections_named(rs, "force.", &n, err);
    if (!names)
        return -1;
    hsf_timestep *st = &rs->step;
    int rc = (st->forces = calloc(n ? n : 1, sizeof *st->forces)) ? 0
             : hsf_error_set(err, "out of memory");
    for (size_t k = 0; k < n && !rc; k++) {
        st->n_forces++;
        rc = hsf_run_open_plugin(rs, names[k], HSF_PLUGIN_FORCE, hsf_run_force_params,
                                 &st->forces[k].in, err);
    }
    free(names);
    if (!rc && hsf_config_bool(&rs->sim, "compare") && st->n_forces)
        return hsf_config_error(&rs->sim, err, "compare", "the event engine moves particles "
                                "in straight lines: compare needs a run without [force.NAME]");
    return rc;
}

/* The system's cell grid, which the run validates the start with and
 * the separations' periodic lengths come from (the contacts have a grid
 * of their own, timestep/contact.h); then the integrator and the forces. */
static int prepare(run_state *rs, hsf_error *err)
{
    hsf_system *sys = &rs->sys;
    sys->search = HSF_SEARCH_CELLS;
    if (hsf_cells_build(&sys->cells, sys->m, sys->b, sys->n, sys->dim, sys->lo, sys->hi,
                        sys->periodic, 1, 0, 0, err))
        return -1;
    hsf_system_mark_wall_free(sys);
    return hsf_timestep_prepare(&rs->step, &rs->sim, sys, err);
}

/* [simulation] compare = yes: the same configuration run again by the
 * event-driven engine, without outputs, for its exact collision count;
 * first, so that if it fails nothing is written. */
static int compare_engines(run_state *rs, hsf_error *err)
{
    const hsf_run_options *opt = rs->opt;
    if (!hsf_config_bool(&rs->sim, "compare"))
        return 0;
    const char **over = malloc((opt->n_overrides + 2) * sizeof *over);
    if (!over)
        return hsf_error_set(err, "out of memory");
    for (size_t k = 0; k < opt->n_overrides; k++)
        over[k] = opt->overrides[k];
    over[opt->n_overrides] = "simulation.engine=event";
    over[opt->n_overrides + 1] = "simulation.compare=no";
    hsf_stats stats = { 0 };
    hsf_run_options ref = { .config_path = opt->config_path,
                            .config_text = opt->config_text, .overrides = over,
                            .n_overrides = opt->n_overrides + 2,
                            .plugin_dirs = opt->plugin_dirs, .stop = opt->stop,
                            .skip_outputs = 1, .stats = &stats };
    int status = hsf_run(&ref, err);
    free(over);
    if (status != HSF_EXIT_OK)
        return hsf_error_prefix(err, "[simulation] compare: the event-driven run: ");
    rs->step.reference_collisions = (double)stats.collisions;
    rs->step.reference_wall_hits = (double)stats.wall_hits;
    return 0;
}

static int run(run_state *rs, int resumed, hsf_error *err)
{
    if (compare_engines(rs, err))
        return -1;
    return hsf_timestep_run(&rs->step, &rs->sys, resumed, err);
}

static int save(run_state *rs, const char *path, const hsf_ckpt_run *run, hsf_error *err)
{
    return hsf_timestep_checkpoint_write(&rs->step, &rs->sys, path, run, err);
}

static int restore(run_state *rs, const char *path, hsf_ckpt_run *run, hsf_error *err)
{
    return hsf_timestep_checkpoint_read(&rs->step, &rs->sys, path, run, err);
}

/* Energies that are numbers: a step too long for the forces shows here. */
static int final_check(run_state *rs, hsf_error *err)
{
    const hsf_system *sys = &rs->sys;
    double k = hsf_system_kinetic_energy(sys);
    if (!isfinite(k) || !isfinite(sys->potential))
        return hsf_error_set(err, "at the end (t = %.17g) the kinetic energy is %g and the "
                             "potential energy %g: the time step is too long for the "
                             "forces, or a force is not finite", sys->time, k, sys->potential);
    return 0;
}

static void summary(run_state *rs, hsf_summary *s, double wall, const hsf_conserved *c1)
{
    hsf_timestep_print_summary(s, &rs->step, &rs->sys, wall, &rs->c0, c1, rs->start);
}

static void describe(const run_state *rs, char *buf, size_t size)
{
    snprintf(buf, size, "time steps %s", rs->step.integrator->name);
}

static void close_engine(run_state *rs)
{
    hsf_timestep_free(&rs->step);
}

const hsf_engine_ops hsf_timestep_engine_ops = {
    .name = "timestep", .check = check, .open = open_forces, .prepare = prepare, .run = run,
    .save = save, .restore = restore, .final_check = final_check, .summary = summary,
    .describe = describe, .close = close_engine,
};
