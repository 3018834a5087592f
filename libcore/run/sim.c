/* A run driven by a program (sim.h): assembled as hsf_run assembles it
 * (assemble.c), advanced in pieces through the engine's own stops
 * between events ([checkpoint] stop_at_time and stop_after_events, with
 * sys->checkpoint answering "stop" without writing), completed and
 * summarised as hsf_run completes and summarises it. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <hsframe/io.h>
#include <hsframe/sim.h>

#include "host/atomic_private.h"
#include "host/clock.h"
#include "host/error_private.h"
#include "run/engine.h"
#include "run/run_private.h"
#include "run/sim_private.h"
#include "run/summary.h"
#include "shared/checkpoint_run.h"


/* sys->checkpoint: a stop asked for (a pause, or *stop) writes nothing;
 * checkpoints due by [checkpoint] every are written by the run's writer. */
static int between(hsf_system *sys, void *ctx, int final, hsf_error *err)
{
    hsf_sim *s = ctx;
    if (final)
        return 1;
    return s->timed && s->timed(sys, &s->rs, 0, err) < 0 ? -1 : 0;
}

static char *copy(const char *text, int *failed)
{
    if (!text)
        return NULL;
    char *c = strdup(text);
    if (!c)
        *failed = 1;
    return c;
}

/* What hsf_run does once the loop has reached end_time. */
static int complete(hsf_sim *s, hsf_error *err)
{
    run_state *rs = &s->rs;
    if (rs->engine->final_check(rs, err))
        return -1;
    if (rs->checkpoint.section)
        remove(hsf_config_string(&rs->checkpoint, "file"));
    hsf_atomic_release_kept(1);
    if (rs->engine->commit && rs->engine->commit(rs, err))
        return -1;
    s->ended = 1;
    return HSF_SIM_ENDED;
}

/* One piece of the run, up to the stops given. */
static int piece(hsf_sim *s, double until, uint64_t events, const volatile sig_atomic_t *stop,
                 hsf_error *err)
{
    run_state *rs = &s->rs;
    hsf_system *sys = &rs->sys;
    sys->stop_time = until;
    sys->stop_events = events;
    sys->stop = stop;
    double t0 = hsf_seconds_now();
    s->running = 1;
    int rc = rs->engine->run(rs, s->started, err);
    s->running = 0;
    s->wall += hsf_seconds_now() - t0;
    s->started = 1;
    sys->stop = NULL;
    sys->stop_time = INFINITY;
    sys->stop_events = 0;
    if (rc == HSF_ENGINE_STOPPED)
        return stop && *stop ? HSF_SIM_INTERRUPTED : HSF_SIM_PAUSED;
    if (rc == 0)
        rc = complete(s, err);
    if (rc < 0)
        s->failed = 1;
    return rc;
}

hsf_sim *hsf_sim_open(const hsf_sim_options *o, hsf_error *err)
{
    if (!o->config_path && !o->config_text) {
        hsf_error_set(err, "no configuration: expected a file or its text");
        return NULL;
    }
    hsf_sim *s = calloc(1, sizeof *s);
    if (!s) {
        hsf_error_set(err, "out of memory");
        return NULL;
    }
    int oom = 0;
    s->config_path = copy(o->config_path ? o->config_path : "<configuration>", &oom);
    s->config_text = copy(o->config_text, &oom);
    s->plugin_dirs = copy(o->plugin_dirs, &oom);
    s->resume = copy(o->resume, &oom);
    s->overrides = calloc(o->n_overrides + 1, sizeof *s->overrides);
    s->observers = calloc(o->n_observers + 1, sizeof *s->observers);
    oom |= !s->overrides || !s->observers;
    for (size_t k = 0; !oom && k < o->n_overrides; k++)
        s->overrides[k] = copy(o->overrides[k], &oom);
    if (oom) {
        hsf_error_set(err, "out of memory");
        hsf_sim_close(s);
        return NULL;
    }
    if (o->n_observers)
        memcpy(s->observers, o->observers, o->n_observers * sizeof *s->observers);
    s->opt = (hsf_run_options){ .config_path = s->config_path, .config_text = s->config_text,
                                .overrides = (const char *const *)s->overrides,
                                .n_overrides = o->n_overrides, .plugin_dirs = s->plugin_dirs,
                                .resume = s->resume, .observers = s->observers,
                                .n_observers = o->n_observers, .sim = s };
    run_state *rs = &s->rs;
    hsf_system *sys = &rs->sys;
    rs->opt = &s->opt;
    sys->setup_began = hsf_seconds_now();
    if (hsf_run_prepare(rs, &s->opt, err) || hsf_run_starting_state(rs, s->resume, err)) {
        hsf_sim_close(s);
        return NULL;
    }
    rs->started = hsf_seconds_now();
    if (rs->checkpoint.section) {
        hsf_run_arm_checkpoints(rs);
        s->timed = sys->checkpoint;
    }
    sys->checkpoint = between;
    sys->checkpoint_ctx = s;
    sys->stop_time = INFINITY;
    if (s->resume) {
        s->started = 1;
        s->resumed_at = sys->time;
        return s;
    }
    /* The start scheduled (outputs begun, first samples, first
     * predictions) by a piece that stops before the first event. */
    if (piece(s, -INFINITY, 0, NULL, err) < 0) {
        hsf_sim_close(s);
        return NULL;
    }
    return s;
}

int hsf_sim_run(hsf_sim *s, double until, uint64_t events, const volatile sig_atomic_t *stop,
                hsf_error *err)
{
    if (s->running)
        return hsf_error_set(err, "the simulation is running: an observer cannot run it");
    if (s->failed)
        return hsf_error_set(err, "the simulation failed earlier: it can only be closed");
    if (s->ended)
        return HSF_SIM_ENDED;
    if (isnan(until))
        return hsf_error_set(err, "until: expected a time, found NaN");
    return piece(s, until, events, stop, err);
}

const hsf_system *hsf_sim_system(const hsf_sim *s)
{
    return &s->rs.sys;
}

int hsf_sim_ended(const hsf_sim *s)
{
    return s->ended;
}

char *hsf_sim_summary_json(hsf_sim *s, hsf_error *err)
{
    run_state *rs = &s->rs;
    char *buf = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&buf, &len);
    if (!f) {
        hsf_error_set(err, "out of memory");
        return NULL;
    }
    hsf_summary sum;
    hsf_summary_begin(&sum, f, HSF_SUMMARY_JSON);
    hsf_conserved c1;
    hsf_measure(&rs->sys, &c1);
    rs->engine->summary(rs, &sum, rs->wall_before + s->wall, &c1);
    if (s->resume)
        hsf_summary_number(&sum, "resumed_at", "%.17g", s->resumed_at);
    if (rs->checkpoint.section || s->resume)
        hsf_summary_number(&sum, "checkpoints", "%llu", (unsigned long long)rs->checkpoints);
    hsf_summary_output_files(&sum, &rs->sys);
    hsf_summary_end(&sum);
    if (fclose(f) || !buf) {
        free(buf);
        hsf_error_set(err, "out of memory");
        return NULL;
    }
    return buf;
}

int hsf_sim_checkpoint(hsf_sim *s, const char *path, hsf_error *err)
{
    if (s->failed || s->ended || s->running)
        return hsf_error_set(err, "%s: no checkpoint: the run has %s", path,
                             s->failed ? "failed" : s->ended ? "ended" : "not stopped");
    if (s->changed && hsf_system_species_count(&s->rs.sys) > 1)
        return hsf_error_set(err, "%s: no checkpoint: particles were added or removed, and a "
                             "checkpoint does not hold the species (several here)", path);
    if (hsf_atomic_check(path, err) || hsf_checkpoint_check_outputs(&s->rs.sys, err))
        return -1;
    return hsf_run_save(&s->rs, path, err);
}

int hsf_sim_get_records(hsf_sim *s, int now, hsf_sim_records *out, hsf_error *err)
{
    run_state *rs = &s->rs;
    hsf_system *sys = &rs->sys;
    if (!rs->engine->sync)
        return hsf_error_set(err, "engine = %s keeps its particles apart from the system's "
                             "records: only engine = event has them in place",
                             rs->engine->name);
    if (now && !s->failed && rs->engine->sync(rs, err))
        return -1;
    *out = (hsf_sim_records){ .n = sys->n, .dim = sys->dim,
                              .motion_stride = sizeof *sys->m, .body_stride = sizeof *sys->b,
                              .species = sys->species };
    if (sys->n) {
        out->r = sys->m[0].r;
        out->v = sys->m[0].v;
        out->radius = &sys->m[0].radius;
        out->mass = &sys->b[0].mass;
    }
    return 0;
}

int hsf_sim_set_velocity(hsf_sim *s, size_t i, const double v[3], hsf_error *err)
{
    run_state *rs = &s->rs;
    if (!rs->engine->set_velocity)
        return hsf_error_set(err, "engine = %s: velocities are set only with engine = event",
                             rs->engine->name);
    if (s->failed || s->ended)
        return hsf_error_set(err, "no velocity set: the run has %s",
                             s->failed ? "failed" : "ended");
    if (i >= rs->sys.n)
        return hsf_error_set(err, "particle %zu: expected 0 to %zu", i, rs->sys.n - 1);
    for (int a = 0; a < rs->sys.dim; a++)
        if (!isfinite(v[a]))
            return hsf_error_set(err, "particle %zu: expected a finite velocity, found %g", i,
                                 v[a]);
    if (rs->engine->set_velocity(rs, i, v, err)) {
        s->failed = 1;
        return -1;
    }
    return 0;
}

typedef struct each_plugin {
    void (*fn)(void *ctx, const char *name, const char *kind, const char *summary,
               const char *file);
    void *ctx;
} each_plugin;

static void one_plugin(const hsf_plugin *p, void *user)
{
    each_plugin *e = user;
    e->fn(e->ctx, p->info->name, hsf_plugin_kind_name((int)p->info->kind),
          p->info->summary ? p->info->summary : "", p->file);
}

long hsf_sim_plugins(const char *plugin_dirs,
                     void (*fn)(void *ctx, const char *name, const char *kind,
                                const char *summary, const char *file),
                     void *ctx, hsf_error *err)
{
    hsf_plugin_path pp;
    memset(&pp, 0, sizeof pp);
    if (hsf_plugin_path_init(&pp, plugin_dirs, err))
        return -1;
    each_plugin e = { fn, ctx };
    long n = (long)hsf_plugin_each(&pp, one_plugin, &e);
    hsf_plugin_path_free(&pp);
    return n;
}

void hsf_sim_close(hsf_sim *s)
{
    if (!s)
        return;
    hsf_atomic_release_kept(0);
    hsf_run_teardown(&s->rs);
    free(s->config_path);
    free(s->config_text);
    free(s->plugin_dirs);
    free(s->resume);
    for (size_t k = 0; s->overrides && s->overrides[k]; k++)
        free(s->overrides[k]);
    free(s->overrides);
    free(s->observers);
    hsf_sim_release_records(s);
    free(s->retired);
    free(s);
}
