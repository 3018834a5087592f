/* The event-driven engine (event/) as the run drives it (engine.h). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "event/audit.h"
#include "event/engine.h"
#include "host/error_private.h"
#include "model/model.h"
#include "run/engine.h"

/* Forces and the comparison with this engine belong to the other. */
static int check(run_state *rs, const hsf_run_options *opt, hsf_error *err)
{
    (void)opt;
    if (hsf_config_bool(&rs->sim, "compare"))
        return hsf_config_error(&rs->sim, err, "compare", "compare is for engine = timestep: "
                                "it runs the event engine beside it");
    size_t n;
    const char **forces = hsf_run_sections_named(rs, "force.", &n, err);
    if (!forces)
        return -1;
    int rc = n ? hsf_error_set(err, "%s: [%s]: forces act only with [simulation] engine = "
                               "timestep", rs->cf.path, forces[0])
               : 0;
    free(forces);
    return rc;
}

/* The model of interactions; a random start and [compression] grow the
 * radii through it, sliding images (shared/shear.h) need its search and
 * moving walls its prediction (engine.c, predict_model). */
static int open_model(run_state *rs, hsf_error *err)
{
    return hsf_model_open(&rs->sys, &rs->cf, &rs->path, &rs->set,
                          rs->compression.section || rs->prelude_scale > 1 ||
                              rs->sys.shear.on || rs->sys.walls.on, err);
}

static int prepare(run_state *rs, hsf_error *err)
{
    (void)rs;
    (void)err;
    return 0;
}

static int run(run_state *rs, int resumed, hsf_error *err)
{
    return hsf_engine_run(&rs->sys, resumed, err);
}

static int save(run_state *rs, const char *path, const hsf_ckpt_run *run, hsf_error *err)
{
    return hsf_checkpoint_write(&rs->sys, path, run, err);
}

static int restore(run_state *rs, const char *path, hsf_ckpt_run *run, hsf_error *err)
{
    return hsf_checkpoint_read(&rs->sys, path, run, err);
}

/* The overlap audit, and energies that are numbers: a run never ends with
 * exit 0 and a state no physics allows. */
static int final_check(run_state *rs, hsf_error *err)
{
    hsf_system *sys = &rs->sys;
    if (hsf_audit_check(sys, err))
        return -1;
    double k = hsf_system_kinetic_energy(sys);
    if (!isfinite(k))
        return hsf_error_set(err, "at the end (t = %.17g) the kinetic energy is %g: a plugin "
                             "gave a velocity that is not a number", sys->time, k);
    return 0;
}

static void summary(run_state *rs, hsf_summary *s, double wall, const hsf_conserved *c1)
{
    hsf_print_summary(s, &rs->sys, wall, &rs->c0, c1, rs->start);
}

static void describe(const run_state *rs, char *buf, size_t size)
{
    snprintf(buf, size, "queue %s", rs->sys.queue_instance.plugin.info->name);
}

static void close_engine(run_state *rs)
{
    (void)rs;
}

const hsf_engine_ops hsf_event_engine_ops = {
    .name = "event", .check = check, .open = open_model, .prepare = prepare, .run = run,
    .save = save, .restore = restore, .final_check = final_check, .summary = summary,
    .describe = describe, .close = close_engine,
};
