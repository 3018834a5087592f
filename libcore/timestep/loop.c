/* The time-step loop (step.h, hsf_timestep_run). */
#include <math.h>
#include <string.h>

#include "shared/progress.h"
#include "host/clock.h"
#include "host/error_private.h"
#include "shared/outputs.h"
#include "timestep/step.h"
#include "timestep/walls.h"

/* The system's records as outputs read them: each clock at the system's
 * time, so that r + v (time - t) is r. */
static void publish(const hsf_timestep *st, hsf_system *sys)
{
    for (size_t i = 0; i < st->n; i++) {
        hsf_motion *m = &sys->m[i];
        memcpy(m->r, st->r + 3 * i, sizeof m->r);
        memcpy(m->v, st->v + 3 * i, sizeof m->v);
        m->t = sys->time;
    }
    sys->potential = st->potential;
}


/* Samples every output whose next sample time the step has reached (a
 * step of dt / 10^6 short counts as reached, against rounding in k dt).
 * Sample times are those of the event-driven engine, k interval before
 * end_time; the sample is taken at the first step at or after each. */
static int due_samples(const hsf_timestep *st, hsf_system *sys, hsf_error *err)
{
    for (size_t k = 0; k < sys->n_out; k++) {
        hsf_output_slot *o = &sys->out[k];
        if (!(o->interval > 0))
            continue;
        double due = (double)o->next_k * o->interval;
        if (due >= sys->end_time || due > sys->time + 1e-6 * st->dt)
            continue;
        if (hsf_output_sample(sys, o, err))
            return -1;
        while ((double)o->next_k * o->interval <= sys->time + 1e-6 * st->dt)
            o->next_k++;
    }
    return 0;
}

/* The progress line every half second: simulated time and steps per
 * second (the event engine's line, for steps). */
static void tick(hsf_progress *pg, const hsf_timestep *st, const hsf_system *sys)
{
    double now = hsf_seconds_now();
    if (now - pg->last_wall < 0.5)
        return;
    double t = sys->time, end = sys->end_time;
    double rate = (double)(st->steps - pg->last_events) / (now - pg->last_wall);
    double left = t > 0 ? (now - pg->start_wall) * (end - t) / t : 0;
    fprintf(pg->out, "\r\033[Kt = %.6g of %g (%.1f%%), %.3g steps/s, %.0f s left", t, end,
            end > 0 ? 100 * t / end : 100.0, rate, left);
    fflush(pg->out);
    pg->last_wall = now;
    pg->last_time = t;
    pg->last_events = st->steps;
    pg->shown = 1;
}

int hsf_timestep_bounce(hsf_timestep *st, hsf_system *sys, double h, double kicked, hsf_error *err)
{
    size_t m = 3 * st->n;
    long hits = hsf_timestep_walls(sys, st->r0, st->r, st->v, st->a, kicked, h, err);
    if (hits < 0)
        return -1;
    double *shift = st->scratch + HSF_INTEGRATOR_SCRATCH * m;   /* the one past the integrator's */
    for (size_t k = 0; k < m; k++)
        shift[k] = st->r[k] - st->r0[k];
    hsf_timestep_wrap(sys, st->r);
    return 0;
}

/* One step from sys->time to t: the integrator (which calls
 * hsf_timestep_bounce), then contact.  Contacts change velocities only, at
 * the end of the step, after the accelerations: which is exact for forces
 * that depend on positions only, and keeps the kinetic energy of each
 * collision exactly.  (Resolved on the drift's velocities instead, before
 * the last kick, the part of the first kick that a collision turns costs
 * an energy error of order dt per collision: measured, 57 % of the
 * periodic diatomic gas's energy (conf/diatomic.ini) gained in 10 time
 * units, against 2e-4 this way.) */
static int step(hsf_timestep *st, hsf_system *sys, double t, hsf_error *err)
{
    double h = t - sys->time;
    memcpy(st->r0, st->r, 3 * st->n * sizeof *st->r0);
    sys->time = t;
    if (st->integrator->step(st, sys, h, err))
        return -1;
    const double *shift = st->scratch + HSF_INTEGRATOR_SCRATCH * 3 * st->n;
    if (st->contact &&
        hsf_contact_step(&st->grid, sys, st->r, st->v, shift, h, &st->cs, err) < 0)
        return -1;
    st->steps++;
    sys->max_overlap = st->cs.max_overlap;
    publish(st, sys);
    return 0;
}

static void reverse(hsf_timestep *st, hsf_system *sys)
{
    for (size_t k = 0; k < 3 * st->n; k++)
        st->v[k] = -st->v[k];
    publish(st, sys);
}

/* Between steps (k the next): a stop asked for by a signal or after step
 * stop_at or at sys->stop_time, and checkpoints that are due (the clock
 * read every 16 steps).  Returns 0 to go on, HSF_ENGINE_STOPPED or -1. */
static int between_steps(hsf_system *sys, uint64_t k, uint64_t stop_at, hsf_error *err)
{
    if ((sys->stop && *sys->stop) ||
        (sys->checkpoint && (k > stop_at || sys->time >= sys->stop_time))) {
        if (!sys->checkpoint)
            return hsf_error_set(err, "interrupted at t = %.17g; no output was written",
                                 sys->time);
        return sys->checkpoint(sys, sys->checkpoint_ctx, 1, err) < 0 ? -1 : HSF_ENGINE_STOPPED;
    }
    if (sys->checkpoint && !(k & 0xf) && hsf_seconds_now() >= sys->checkpoint_due) {
        int rc = sys->checkpoint(sys, sys->checkpoint_ctx, 0, err);
        return rc < 0 ? -1 : rc ? HSF_ENGINE_STOPPED : 0;
    }
    return 0;
}

/* The outputs' begin and their samples at time 0. */
static int begin(hsf_system *sys, hsf_error *err)
{
    if (hsf_outputs_begin(sys, err))
        return -1;
    for (size_t k = 0; k < sys->n_out; k++) {
        hsf_output_slot *o = &sys->out[k];
        if (o->interval > 0) {
            if (hsf_output_sample(sys, o, err))
                return -1;
            o->next_k = 1;
        }
    }
    return 0;
}

int hsf_timestep_run(hsf_timestep *st, hsf_system *sys, int resumed, hsf_error *err)
{
    double t0 = hsf_seconds_now();
    if (!resumed && begin(sys, err))
        return -1;
    uint64_t steps = sys->end_time > 0 ? (uint64_t)ceil(sys->end_time / st->dt - 1e-9) : 0;
    /* Reversed already when a checkpoint was written after the reversal. */
    int reversed = !(sys->reverse_at >= 0) || (st->steps > 0 &&
                                               sys->time >= sys->reverse_at - 1e-6 * st->dt);
    const uint64_t stop_at = sys->stop_events ? st->steps + sys->stop_events : UINT64_MAX;
    for (uint64_t k = st->steps + 1; k <= steps; k++) {
        int between = between_steps(sys, k, stop_at, err);
        if (between)
            return between;
        double t = k == steps ? sys->end_time : (double)k * st->dt;
        if (step(st, sys, t, err) || due_samples(st, sys, err))
            return -1;
        if (!reversed && sys->time >= sys->reverse_at - 1e-6 * st->dt) {
            reverse(st, sys);
            reversed = 1;
        }
        if (sys->progress && !(k & 0x3f))
            tick(sys->progress, st, sys);
    }
    sys->time = sys->end_time;
    publish(st, sys);
    if (hsf_outputs_finish(sys, err))
        return -1;
    st->wall = hsf_seconds_now() - t0;
    return 0;
}
