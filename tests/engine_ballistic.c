/* A third engine, for the test of the engine interface (run/engine.h):
 * particles fly in straight lines, through each other and without walls,
 * until end_time.  It is built as any engine is (its operations and no
 * other entry into the run), registered by the test that uses it
 * (hsf_engine_add) instead of a line in run/engine.c's table. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "engine_ballistic.h"
#include "host/error_private.h"
#include "shared/outputs.h"

/* The event engine's keys mean nothing here. */
static int check(run_state *rs, const hsf_run_options *opt, hsf_error *err)
{
    (void)opt;
    static const char *const event_keys[] = { "cells", "neighbour_lists", "skin",
                                              "start_pass", NULL };
    for (const char *const *k = event_keys; *k; k++)
        if (hsf_config_has(&rs->sim, *k))
            return hsf_config_error(&rs->sim, err, *k, "engine = ballistic does not search "
                                    "for partners");
    return 0;
}

static int open_nothing(run_state *rs, hsf_error *err)
{
    (void)rs;
    (void)err;
    return 0;
}

/* The system's grid, which the run validates the start with; the state
 * is the count of moves. */
static int prepare(run_state *rs, hsf_error *err)
{
    hsf_system *sys = &rs->sys;
    sys->search = HSF_SEARCH_CELLS;
    if (hsf_cells_build(&sys->cells, sys->m, sys->b, sys->n, sys->dim, sys->lo, sys->hi,
                        sys->periodic, 1, 0, 0, err))
        return -1;
    if (!(rs->engine_state = calloc(1, sizeof(uint64_t))))
        return hsf_error_set(err, "out of memory");
    return 0;
}

/* Every particle to end_time at once: r + v t, its clock at end_time. */
static int run(run_state *rs, int resumed, hsf_error *err)
{
    hsf_system *sys = &rs->sys;
    uint64_t *moves = rs->engine_state;
    (void)resumed;
    if (hsf_outputs_begin(sys, err))
        return -1;
    for (size_t i = 0; i < sys->n; i++) {
        hsf_motion *m = &sys->m[i];
        hsf_position_at(m, sys->end_time, m->r);
        m->t = sys->end_time;
        ++*moves;
    }
    sys->time = sys->end_time;
    return hsf_outputs_finish(sys, err);
}

static int save(run_state *rs, const char *path, const hsf_ckpt_run *run, hsf_error *err)
{
    (void)rs;
    (void)run;
    return hsf_error_set(err, "%s: engine = ballistic writes no checkpoints", path);
}

static int restore(run_state *rs, const char *path, hsf_ckpt_run *run, hsf_error *err)
{
    (void)rs;
    (void)run;
    return hsf_error_set(err, "%s: engine = ballistic reads no checkpoints", path);
}

static int final_check(run_state *rs, hsf_error *err)
{
    double k = hsf_system_kinetic_energy(&rs->sys);
    return isfinite(k) ? 0 : hsf_error_set(err, "kinetic energy %g at the end", k);
}

static void summary(run_state *rs, hsf_summary *s, double wall, const hsf_conserved *c1)
{
    (void)wall;
    hsf_summary_text(s, "engine", "ballistic");
    hsf_summary_number(s, "particles", "%zu", rs->sys.n);
    hsf_summary_number(s, "moves", "%llu", (unsigned long long)*(uint64_t *)rs->engine_state);
    hsf_summary_number(s, "kinetic_energy", "%.17g", c1->kinetic);
}

static void describe(const run_state *rs, char *buf, size_t size)
{
    (void)rs;
    snprintf(buf, size, "straight lines");
}

static void close_engine(run_state *rs)
{
    free(rs->engine_state);
    rs->engine_state = NULL;
}

const hsf_engine_ops hsf_ballistic_engine_ops = {
    .name = "ballistic", .caps = 0, .check = check, .open = open_nothing, .prepare = prepare,
    .run = run, .save = save, .restore = restore, .final_check = final_check,
    .summary = summary, .describe = describe, .close = close_engine,
};
