/* The event-driven engine (event/) as the run drives it (engine.h). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "event/audit.h"
#include "event/checkpoint.h"
#include "event/predict.h"
#include "event/resize.h"
#include "event/setup.h"
#include "host/error_private.h"
#include "model/model.h"
#include "run/engine.h"
#include "shared/shear.h"

/* What the run holds of the event engine (rs->engine_state): its [queue]
 * plugin, loaded and its section bound by bind, so that a bad one is
 * refused before anything is written or a random start is run (and
 * add_files reads its record key); and the engine's state, made by
 * prepare, which takes the plugin over, and freed by close. */
typedef struct event_run {
    hsf_instance queue;     /* until prepare takes it over */
    hsf_event_engine *e;    /* NULL until prepare */
} event_run;

static hsf_event_engine *engine_of(const run_state *rs)
{
    return ((const event_run *)rs->engine_state)->e;
}

hsf_event_engine *hsf_event_engine_of(const run_state *rs)
{
    return rs->engine == &hsf_event_engine_ops && rs->engine_state ? engine_of(rs) : NULL;
}

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
 * moving walls its prediction (event/predict_model.c). */
static int open_model(run_state *rs, hsf_error *err)
{
    return hsf_model_open(&rs->sys, &rs->cf, &rs->path, &rs->set,
                          rs->compression.section || rs->prelude_scale > 1 ||
                              hsf_shears(&rs->sys) || hsf_walls_move(&rs->sys), err);
}

/* The queue plugin (event/setup.h). */
static int bind(run_state *rs, hsf_error *err)
{
    event_run *r = calloc(1, sizeof *r);
    if (!(rs->engine_state = r))
        return hsf_error_set(err, "out of memory");
    return hsf_event_bind_queue(&rs->sys, &rs->cf, &rs->path, &r->queue, err);
}

/* The queue's recording, if asked for. */
static int add_files(const run_state *rs, hsf_file_uses *fu, hsf_error *err)
{
    const event_run *r = rs->engine_state;
    return hsf_file_uses_add(fu, &r->queue.cfg, "record",
                             hsf_config_string(&r->queue.cfg, "record"),
                             "the queue recording", 1, err);
}

/* The engine's state: the search, its grid and lists, and the queue; a
 * compression's growth rules lists out. */
static int prepare(run_state *rs, hsf_error *err)
{
    event_run *r = rs->engine_state;
    r->e = hsf_event_prepare(&rs->sys, &r->queue, &rs->sim, rs->compression.section != NULL,
                             &rs->set, rs->prelude, err);
    return r->e ? 0 : -1;
}

static int run(run_state *rs, int resumed, hsf_error *err)
{
    return hsf_engine_run(engine_of(rs), resumed, err);
}

static int save(run_state *rs, const char *path, const hsf_ckpt_run *run, hsf_error *err)
{
    return hsf_checkpoint_write(engine_of(rs), path, run, err);
}

static int restore(run_state *rs, const char *path, hsf_ckpt_run *run, hsf_error *err)
{
    return hsf_checkpoint_read(engine_of(rs), path, run, err);
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

/* The queue's recording written. */
static int commit(run_state *rs, hsf_error *err)
{
    return hsf_event_finish_record(engine_of(rs), 1, err);
}

static void summary(run_state *rs, hsf_summary *s, double wall, const hsf_conserved *c1)
{
    char queue[160];
    hsf_event_queue_name(engine_of(rs), queue, sizeof queue);
    hsf_print_summary(s, &rs->sys, queue, wall, &rs->c0, c1, rs->start);
}

static void describe(const run_state *rs, char *buf, size_t size)
{
    snprintf(buf, size, "queue %s", engine_of(rs)->queue_instance.plugin.info->name);
}

static void close_engine(run_state *rs)
{
    event_run *r = rs->engine_state;
    if (r) {
        hsf_event_free(r->e);
        hsf_instance_close(&r->queue);
        free(r);
    }
    rs->engine_state = NULL;
}

/* Every particle moved to now, as a reversal or a rescale does. */
static int sync_records(run_state *rs, hsf_error *err)
{
    (void)err;
    hsf_system *sys = &rs->sys;
    for (size_t i = 0; i < sys->n; i++)
        advance(sys, &sys->m[i], sys->time);
    return 0;
}

static int set_velocity(run_state *rs, size_t i, const double v[3], hsf_error *err)
{
    /* As the records (hsf_sim_get_records) give them. */
    return hsf_engine_set_velocity(engine_of(rs), (uint32_t)i, v, 0, err);
}

static int change_particles(run_state *rs, void (*apply)(void *ctx), void *ctx, int restoring,
                            hsf_error *err)
{
    return hsf_event_change_particles(engine_of(rs), &rs->sim, &rs->set, apply, ctx, restoring,
                                      err);
}

const hsf_engine_ops hsf_event_engine_ops = {
    .name = "event", .caps = HSF_ENGINE_FIXED | HSF_ENGINE_SLIDING | HSF_ENGINE_MOVING_WALLS,
    .check = check, .bind = bind, .add_files = add_files, .open = open_model,
    .prepare = prepare, .run = run, .save = save, .restore = restore,
    .final_check = final_check, .commit = commit, .summary = summary, .describe = describe,
    .close = close_engine, .sync = sync_records, .set_velocity = set_velocity,
    .change_particles = change_particles,
};
