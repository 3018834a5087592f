/* Assembling a run: configuration, plugins, particles, checks, the engine,
 * the summary; and taking it all down again in every case. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "shared/checkpoint_run.h"
#include "shared/progress.h"
#include "shared/system_private.h"
#include "host/clock.h"
#include "host/error_private.h"
#include "host/plugin_instance.h"
#include "host/atomic_private.h"
#include "model/model.h"
#include "run/engine.h"
#include "run/run_private.h"
#include "run/summary.h"

void hsf_run_teardown(run_state *rs)
{
    hsf_system *sys = &rs->sys;
    for (size_t k = 0; k < sys->n_out; k++) {
        hsf_output_slot *o = &sys->out[k];
        hsf_instance_close(&o->in);
    }
    free(sys->out);
    free(rs->config_text);
    free(rs->start);
    if (rs->engine)
        rs->engine->close(rs);
    hsf_config_unbind(&rs->checkpoint);
    hsf_config_unbind(&rs->bonds);
    hsf_config_unbind(&rs->field);
    hsf_config_unbind(&rs->compression);
    hsf_config_unbind(&rs->engine_cfg);
    hsf_instance_close(&sys->boundary);
    hsf_neighbours_free(&sys->nb);
    hsf_cells_free(&sys->cells);
    hsf_instance_close(&sys->thermostat);
    hsf_model_close(sys);
    hsf_system_release(sys);
    hsf_particle_set_free(&rs->set);
    hsf_plugin_path_free(&rs->path);
    hsf_config_unbind(&rs->init);
    hsf_config_unbind(&rs->sim);
    hsf_config_file_free(&rs->cf);
}

/* When the engine should next call checkpoint_now: after every seconds,
 * or at stop_after since this process started, whichever comes first. */
static void schedule_checkpoint(run_state *rs)
{
    double due = INFINITY;
    if (rs->every > 0)
        due = hsf_seconds_now() + rs->every;
    if (rs->stop_after > 0)
        due = fmin(due, rs->started + rs->stop_after);
    rs->sys.checkpoint_due = due;
}

/* sys->checkpoint: writes the checkpoint; asks to stop when told to
 * (final) or when stop_after has passed. */
int hsf_run_save(run_state *rs, const char *path, hsf_error *err)
{
    hsf_ckpt_run run = { .config = rs->config_text, .particles_crc = rs->particles_crc,
                         .start = rs->start,
                         .wall = rs->wall_before + hsf_seconds_now() - rs->started,
                         .checkpoints = rs->checkpoints + 1 };
    hsf_conserved_pack(&rs->c0, run.conserved);
    if (rs->engine->save(rs, path, &run, err))
        return -1;
    rs->checkpoints++;
    return 0;
}

static int checkpoint_now(hsf_system *sys, void *ctx, int final, hsf_error *err)
{
    run_state *rs = ctx;     /* sys is &rs->sys */
    (void)sys;
    int stop = final || (rs->stop_after > 0 && hsf_seconds_now() - rs->started >= rs->stop_after);
    if (hsf_run_save(rs, hsf_config_string(&rs->checkpoint, "file"), err))
        return -1;
    schedule_checkpoint(rs);
    return stop;
}

void hsf_run_arm_checkpoints(run_state *rs)
{
    rs->sys.checkpoint = checkpoint_now;
    rs->sys.checkpoint_ctx = rs;
    rs->every = hsf_config_double(&rs->checkpoint, "every");
    rs->stop_after = hsf_config_double(&rs->checkpoint, "stop_after");
    schedule_checkpoint(rs);
}

/* The particles of a checkpoint written after some were added or removed
 * (sim.h), in place of the configuration's; their engine made anew. */
typedef struct taken {
    run_state *rs;
    size_t n;
    hsf_motion *m;
    hsf_body *b;
} taken;

static void take(void *ctx)
{
    taken *t = ctx;
    hsf_system *sys = &t->rs->sys;
    free(sys->m);
    free(sys->b);
    sys->m = t->m;
    sys->b = t->b;
    sys->n = t->n;
    t->rs->set.n = t->n;
    free(t->rs->set.line);      /* lines of the file no longer theirs */
    t->rs->set.line = NULL;
}

static int take_checkpoint_particles(run_state *rs, const char *resume, hsf_error *err)
{
    hsf_system *sys = &rs->sys;
    taken t = { .rs = rs };
    if (!rs->engine->change_particles)
        return 0;               /* its restore compares the counts */
    if (hsf_ckpt_peek_particles(sys, resume, rs->config_text, &t.n, &t.m, &t.b, err))
        return -1;
    if (!t.m)
        return 0;
    char buf[256];
    const char *why = hsf_run_why_fixed_n(rs, buf, sizeof buf);
    if (!why && hsf_system_species_count(sys) > 1)
        why = "the checkpoint does not hold the species (several here)";
    int rc = why ? hsf_error_set(err, "%s: checkpoint of %zu particles, where the "
                                 "configuration starts %zu, and this run cannot change them: "
                                 "%s", resume, t.n, sys->n, why)
                 : rs->engine->change_particles(rs, take, &t, 1, err);
    if (rc == -1 || why)
        free(t.m), free(t.b);
    return rc ? -1 : 0;
}

/* The state at time 0, or from the checkpoint to resume from. */
int hsf_run_starting_state(run_state *rs, const char *resume, hsf_error *err)
{
    hsf_system *sys = &rs->sys;
    if (!resume) {
        hsf_measure(sys, &rs->c0);
        if (sys->reverse_at >= 0 && !(rs->start = hsf_record_start(sys)))
            return hsf_error_set(err, "out of memory");
        return 0;
    }
    if (sys->reverse_at >= 0 && !(rs->start = malloc(sys->n * 6 * sizeof *rs->start)))
        return hsf_error_set(err, "out of memory");
    hsf_ckpt_run run = { .config = rs->config_text, .particles_crc = rs->particles_crc,
                         .start = rs->start };
    if (take_checkpoint_particles(rs, resume, err) || rs->engine->restore(rs, resume, &run, err))
        return -1;
    hsf_conserved_unpack(run.conserved, &rs->c0);
    rs->wall_before = run.wall;
    rs->checkpoints = run.checkpoints;
    return 0;
}

int hsf_run(const hsf_run_options *opt, hsf_error *err)
{
    run_state *rs = calloc(1, sizeof *rs);
    if (!rs) {
        hsf_error_set(err, "out of memory");
        return HSF_EXIT_FAILURE;
    }
    rs->sys.setup_began = hsf_seconds_now();
    int status = HSF_EXIT_OK;
    rs->opt = opt;
    hsf_system *sys = &rs->sys;
    if (hsf_run_prepare(rs, opt, err) || hsf_run_starting_state(rs, opt->resume, err)) {
        status = HSF_EXIT_USAGE;
    } else if (opt->check_only) {
        if (opt->info)
            fprintf(opt->info, "hsframe: %s: checked: %zu particles (%dD) from %s, boundary %s, "
                    "%zu output%s; nothing run\n", opt->config_path, sys->n, sys->dim,
                    rs->set.path, sys->boundary.plugin.info->name, sys->n_out,
                    sys->n_out == 1 ? "" : "s");
    } else {
        if (opt->info) {
            char driver[128];
            rs->engine->describe(rs, driver, sizeof driver);
            fprintf(opt->info, "hsframe: %zu particles (%dD) from %s; %s, boundary %s, "
                    "%zu output%s; running to t = %g", sys->n, sys->dim, rs->set.path, driver,
                    sys->boundary.plugin.info->name, sys->n_out, sys->n_out == 1 ? "" : "s",
                    sys->end_time);
            if (opt->resume)
                fprintf(opt->info, " from t = %.17g (checkpoint %s)", sys->time, opt->resume);
            fputc('\n', opt->info);
        }
        double resumed_at = sys->time;
        sys->stop = opt->stop;
        rs->started = hsf_seconds_now();
        if (rs->checkpoint.section) {
            hsf_run_arm_checkpoints(rs);
            /* A run resumed at or past stop_at_time goes on: the same
             * configuration then stops once and ends. */
            double at = hsf_config_double(&rs->checkpoint, "stop_at_time");
            sys->stop_time = at > 0 && at > sys->time ? at : INFINITY;
            sys->stop_events = (uint64_t)hsf_config_int(&rs->checkpoint, "stop_after_events");
        }
        hsf_progress progress;
        if (opt->progress) {
            hsf_progress_start(&progress, opt->progress);
            sys->progress = &progress;
        }
        double t0 = hsf_seconds_now();
        int rc = rs->engine->run(rs, opt->resume != NULL, err);
        /* A resumed run's rates are over all its segments, as its counters. */
        double wall = rs->wall_before + hsf_seconds_now() - t0;
        if (opt->progress)
            hsf_progress_finish(&progress);
        if (rc == HSF_ENGINE_STOPPED) {
            const char *file = hsf_config_string(&rs->checkpoint, "file");
            status = HSF_EXIT_CHECKPOINTED;
            if (opt->info)
                fprintf(opt->info, "hsframe: stopped at t = %.17g after writing the checkpoint "
                        "%s; go on with: hsframe -c %s --resume %s\n", sys->time, file,
                        opt->config_path, file);
        } else if (rc || rs->engine->final_check(rs, err)) {
            status = HSF_EXIT_FAILURE;
        } else {
            hsf_conserved c1;
            hsf_measure(sys, &c1);
            /* Its partly written files are complete now: it has nothing
             * left to resume. */
            if (rs->checkpoint.section)
                remove(hsf_config_string(&rs->checkpoint, "file"));
            hsf_atomic_release_kept(1);
            if (rs->engine->commit && rs->engine->commit(rs, err))
                status = HSF_EXIT_FAILURE;
            else if (opt->summary) {
                hsf_summary s;
                hsf_summary_begin(&s, opt->summary, opt->summary_format);
                rs->engine->summary(rs, &s, wall, &c1);
                if (opt->resume)
                    hsf_summary_number(&s, "resumed_at", "%.17g", resumed_at);
                if (rs->checkpoint.section || opt->resume)
                    hsf_summary_number(&s, "checkpoints", "%llu",
                                       (unsigned long long)rs->checkpoints);
                hsf_summary_output_files(&s, sys);
                hsf_summary_end(&s);
            }
        }
        if (opt->stats)
            *opt->stats = sys->stats;
    }
    hsf_atomic_release_kept(0);
    hsf_run_teardown(rs);
    free(rs);
    return status;
}
