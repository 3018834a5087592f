/* Event-chain Monte Carlo (ecmc/) as the run drives it (engine.h). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ecmc/ecmc.h"
#include "host/error_private.h"
#include "run/engine.h"
#include "shared/shear.h"

/* Outputs whose meaning needs a time or a velocity that chains do not
 * have, and sections and keys of the other engines. */
static int check(run_state *rs, const hsf_run_options *opt, hsf_error *err)
{
    (void)opt;
    static const char *const sim_keys[] = { "cells", "neighbour_lists", "skin", "start_pass",
                                            "compare", "integrator", "dt", "contact",
                                            "fixed_species", NULL };
    for (const char *const *k = sim_keys; *k; k++)
        if (hsf_config_has(&rs->sim, *k))
            return hsf_config_error(&rs->sim, err, *k, "a key of another engine, which engine "
                                    "= ecmc does not read: remove it");
    if (hsf_config_double(&rs->sim, "reverse_at") >= 0)
        return hsf_config_error(&rs->sim, err, "reverse_at", "engine = ecmc has no velocities "
                                "to reverse: chains move one way");
    static const char *const sections[] = { "queue", "interaction", "thermostat", "field",
                                            "compression", "bonds", NULL };
    for (const char *const *k = sections; *k; k++) {
        int has = hsf_run_has_section(rs, *k);
        if (has < 0)
            return hsf_error_set(err, "out of memory");
        if (has)
            return hsf_error_set(err, "%s: [%s]: engine = ecmc samples elastic hard discs "
                                 "and spheres only: use engine = event for it",
                                 hsf_run_key_where(rs, *k, NULL), *k);
    }
    size_t n;
    const char **forces = hsf_run_sections_named(rs, "force.", &n, err);
    if (!forces)
        return -1;
    int rc = n ? hsf_error_set(err, "%s: [%s]: forces act only with [simulation] engine = "
                               "timestep", rs->cf.path, forces[0]) : 0;
    free(forces);
    if (rc)
        return rc;
    /* Outputs that need a time (a trajectory in time, or collisions as
     * events): chains have neither. */
    static const char *const timed[] = { "msd", "vacf", "freepath", "transport", NULL };
    for (size_t k = 0; k < rs->sys.n_out; k++) {
        const hsf_output_slot *o = &rs->sys.out[k];
        const char *name = o->in.plugin.info->name;
        int refused = o->in.type.output->event_mask != 0;
        for (const char *const *t = timed; *t; t++)
            refused |= !strcmp(name, *t);
        if (refused)
            return hsf_error_set(err, "%s: [%s] (%s) needs the particles' motion in time or "
                                 "their collisions, which engine = ecmc does not have (its "
                                 "clock is the chains' displacement, its moves are not "
                                 "dynamics): use engine = event for it",
                                 hsf_run_key_where(rs, hsf_config_section(&o->in.cfg), NULL),
                                 hsf_config_section(&o->in.cfg), name);
    }
    return 0;
}

static int open_engine(run_state *rs, hsf_error *err)
{
    if (!(rs->engine_state = calloc(1, sizeof(hsf_ecmc))))
        return hsf_error_set(err, "out of memory");
    return 0;
}

/* A periodic box along every axis: chains do not meet walls yet. */
static int prepare(run_state *rs, hsf_error *err)
{
    hsf_system *sys = &rs->sys;
    for (int a = 0; a < sys->dim; a++)
        if (!sys->periodic[a])
            return hsf_error_set(err, "%s: boundary %s is not periodic along %c: engine = ecmc "
                                 "needs a periodic box (plugin = periodic); its chains do "
                                 "not meet walls", hsf_run_key_where(rs, "boundary", "plugin"),
                                 sys->boundary.plugin.info->name, "xyz"[a]);
    if (hsf_shears(sys) || hsf_walls_move(sys))
        return hsf_error_set(err, "%s: boundary %s moves its images or walls: engine = ecmc "
                             "needs a box at rest", hsf_run_key_where(rs, "boundary", "plugin"),
                             sys->boundary.plugin.info->name);
    /* Cells filed by position: a plain grid, no lists. */
    sys->search = HSF_SEARCH_CELLS;
    if (hsf_cells_build(&sys->cells, sys->m, sys->b, sys->n, sys->dim, sys->lo, sys->hi,
                        sys->periodic, 1, 0, 0, err))
        return -1;
    hsf_system_mark_wall_free(sys);
    for (int k = 0; k < 64; k++)
        hsf_image_shift((uint8_t)k, sys->cells.len, sys->shift[k]);
    return hsf_ecmc_prepare((hsf_ecmc *)rs->engine_state, &rs->engine_cfg, sys, err);
}

static int run(run_state *rs, int resumed, hsf_error *err)
{
    return hsf_ecmc_run((hsf_ecmc *)rs->engine_state, &rs->sys, resumed, err);
}

static int save(run_state *rs, const char *path, const hsf_ckpt_run *run, hsf_error *err)
{
    return hsf_ecmc_checkpoint_write((hsf_ecmc *)rs->engine_state, &rs->sys, path, run, err);
}

static int restore(run_state *rs, const char *path, hsf_ckpt_run *run, hsf_error *err)
{
    return hsf_ecmc_checkpoint_read((hsf_ecmc *)rs->engine_state, &rs->sys, path, run, err);
}

/* The overlap audit: chains never leave two particles closer than
 * contact, to round-off. */
static int final_check(run_state *rs, hsf_error *err)
{
    hsf_system *sys = &rs->sys;
    return hsf_ecmc_audit(sys, sys->audit_tolerance, &sys->max_overlap, err);
}

static void summary(run_state *rs, hsf_summary *s, double wall, const hsf_conserved *c1)
{
    (void)c1;
    const hsf_system *sys = &rs->sys;
    const hsf_ecmc *e = (hsf_ecmc *)rs->engine_state;
    double volume = sys->boundary.type.boundary->volume(sys->boundary.state), rho = (double)sys->n / volume;
    hsf_summary_number(s, "particles", "%zu", sys->n);
    hsf_summary_number(s, "dimension", "%d", sys->dim);
    hsf_summary_text(s, "engine", "ecmc");
    hsf_summary_text(s, "boundary", "%s", sys->boundary.plugin.info->name);
    hsf_summary_number(s, "time", "%.17g", sys->time);
    hsf_summary_number(s, "packing_fraction", "%.10g", hsf_system_packing_fraction(sys));
    hsf_summary_number(s, "chain_length", "%.17g", e->chain_length);
    hsf_summary_text(s, "directions", "%s", e->random_axes ? "random" : "cycle");
    hsf_summary_number(s, "chains", "%llu", (unsigned long long)e->s.chains);
    hsf_summary_number(s, "lifts", "%llu", (unsigned long long)e->s.lifts);
    hsf_summary_number(s, "cell_crossings", "%llu", (unsigned long long)e->s.crossings);
    hsf_summary_number(s, "wall_seconds", "%.6f", wall);
    hsf_summary_number(s, "lifts_per_second", "%.0f",
                       wall > 0 ? (double)e->s.lifts / wall : 0.0);
    hsf_summary_memory(s);
    /* beta P / rho from the chains that count, with its error from
     * blocks of chains. */
    double error;
    uint32_t blocks;
    double z = hsf_ecmc_compressibility(e, &error, &blocks);
    hsf_summary_number(s, "measured_chains", "%llu", (unsigned long long)e->s.measured_chains);
    hsf_summary_number(s, "pressure_blocks", "%u", blocks);
    hsf_summary_number(s, "compressibility", "%.10g", z);
    hsf_summary_number(s, "compressibility_error", "%.3e", error);
    if (e->kT > 0) {
        hsf_summary_number(s, "temperature", "%.17g", e->kT);
        hsf_summary_number(s, "pressure", "%.10g", rho * e->kT * z);
        hsf_summary_number(s, "pressure_error", "%.3e", rho * e->kT * error);
    }
    hsf_summary_number(s, "max_overlap", "%.3e", sys->max_overlap);
    if (e->check_contacts)  /* with audits */
        hsf_summary_number(s, "lift_contact_error", "%.3e", e->s.contact_error);
}

static void describe(const run_state *rs, char *buf, size_t size)
{
    snprintf(buf, size, "event chains of length %g", rs->engine_state ? ((const hsf_ecmc *)rs->engine_state)->chain_length : 0.0);
}

static void close_engine(run_state *rs)
{
    if (rs->engine_state)
        hsf_ecmc_free(rs->engine_state);
    free(rs->engine_state);
    rs->engine_state = NULL;
}

const hsf_engine_ops hsf_ecmc_engine_ops = {
    .name = "ecmc", .section = "ecmc", .section_params = hsf_ecmc_params, .check = check, .open = open_engine, .prepare = prepare, .run = run,
    .save = save, .restore = restore, .final_check = final_check, .summary = summary,
    .describe = describe, .close = close_engine,
};
