/* The engine's run: chains between samples, audits and checkpoints
 * (ecmc.h, hsf_ecmc_run). */
#include <math.h>
#include <string.h>

#include "host/clock.h"
#include "ecmc/ecmc.h"
#include "host/error_private.h"
#include "shared/outputs.h"
#include "shared/progress.h"

/* The system as outputs and checkpoints read it: every clock at the
 * system's time (positions are r, the carried velocities unchanged), and
 * the counters, from the chains' copy if there is one.  The virial is d kT times the separations at lifts, so
 * that the pressure outputs compute from it and the clock (thermo:
 * P = N kT / V + virial / (d V t)) is the chains' estimator. */
static void publish(hsf_ecmc *e, hsf_system *sys)
{
    hsf_ecmc_sync(e, sys);
    for (size_t i = 0; i < sys->n; i++)
        sys->m[i].t = sys->time;
    sys->stats.events = e->s.lifts + e->s.chains;
    sys->stats.collisions = e->s.lifts;
    sys->stats.cell_crossings = e->s.crossings;
    sys->stats.virial = sys->dim * e->kT * e->s.excess;
}

/* The next time something is due: an output's sample, an audit or the
 * end. */
static double next_due(const hsf_system *sys)
{
    double t = sys->end_time;
    for (size_t k = 0; k < sys->n_out; k++) {
        const hsf_output_slot *o = &sys->out[k];
        double due = (double)o->next_k * o->interval;
        if (o->interval > 0 && due < t)
            t = due;
    }
    if (sys->audit_every > 0) {
        double due = (double)sys->audit_k * sys->audit_every;
        if (due < t)
            t = due;
    }
    return t;
}

/* What is due at the system's time now. */
static int at_due(const hsf_ecmc *e, hsf_system *sys, hsf_error *err)
{
    (void)e;
    for (size_t k = 0; k < sys->n_out; k++) {
        hsf_output_slot *o = &sys->out[k];
        if (o->interval > 0 && (double)o->next_k * o->interval <= sys->time &&
            sys->time < sys->end_time) {
            if (hsf_output_sample(sys, o, err))
                return -1;
            o->next_k++;
        }
    }
    if (sys->audit_every > 0 && (double)sys->audit_k * sys->audit_every <= sys->time) {
        if (hsf_ecmc_audit(sys, sys->audit_tolerance, &sys->max_overlap, err))
            return -1;
        sys->audit_k++;
    }
    return 0;
}

/* The progress line: the clock and lifts per second. */
static void tick(hsf_progress *pg, const hsf_ecmc *e, const hsf_system *sys, double clock)
{
    double now = hsf_seconds_now();
    if (now - pg->last_wall < 0.5)
        return;
    double end = sys->end_time;
    double rate = (double)(e->s.lifts - pg->last_events) / (now - pg->last_wall);
    double left = clock > 0 ? (now - pg->start_wall) * (end - clock) / clock : 0;
    fprintf(pg->out, "\r\033[Kdisplacement %.6g of %g (%.1f%%), %.3g lifts/s, %.0f s left",
            clock, end, end > 0 ? 100 * clock / end : 100.0, rate, left);
    fflush(pg->out);
    pg->last_wall = now;
    pg->last_time = clock;
    pg->last_events = e->s.lifts;
    pg->shown = 1;
}

/* Between chains: a stop asked for by a signal or by stop_after_chains,
 * at sys->stop_time or after sys->stop_events chains of this call
 * (stop_at), checkpoints that are due.  Returns 0 to go on,
 * HSF_ENGINE_STOPPED or -1. */
static int between_chains(hsf_ecmc *e, hsf_system *sys, double clock, uint64_t stop_at,
                          hsf_error *err)
{
    int asked = sys->stop && *sys->stop;
    int counted = (e->stop_after_chains && e->chains_this_process >= e->stop_after_chains) ||
                  (sys->checkpoint && (clock >= sys->stop_time || e->chains_this_process >= stop_at));
    int due = sys->checkpoint && !(e->s.chains & 0xf) && hsf_seconds_now() >= sys->checkpoint_due;
    if (!asked && !counted && !due)
        return 0;
    if (!sys->checkpoint) {
        if (asked)
            return hsf_error_set(err, "interrupted at displacement per particle %.17g; no "
                                 "output was written", clock);
        return 0;
    }
    double t = sys->time;
    sys->time = clock;
    publish(e, sys);
    int rc = sys->checkpoint(sys, sys->checkpoint_ctx, asked || counted, err);
    if (rc > 0)
        return HSF_ENGINE_STOPPED;  /* at the clock, as the checkpoint has it */
    sys->time = t;
    publish(e, sys);
    return rc < 0 ? -1 : 0;
}

int hsf_ecmc_run(hsf_ecmc *e, hsf_system *sys, int resumed, hsf_error *err)
{
    double t0 = hsf_seconds_now();
    double n = (double)sys->n;
    publish(e, sys);
    if (!resumed) {
        if (hsf_outputs_begin(sys, err))
            return -1;
        for (size_t k = 0; k < sys->n_out; k++)
            sys->out[k].next_k = 0;
        sys->audit_k = sys->audit_every > 0 ? 1 : 0;
        if (at_due(e, sys, err))
            return -1;
    }
    double end_moved = sys->end_time * n;
    const uint64_t stop_at = sys->stop_events ? e->chains_this_process + sys->stop_events
                                              : UINT64_MAX;
    int counted_out = 0;    /* [ecmc] chains reached before end_time */
    while (e->s.moved < end_moved && !counted_out) {
        double due = next_due(sys), target = due * n;
        while (e->s.moved < target) {
            double clock = e->s.moved / n;
            if (e->s.active == HSF_NONE) {
                if (e->max_chains && e->s.chains >= e->max_chains) {
                    counted_out = 1;
                    break;
                }
                int rc = between_chains(e, sys, clock, stop_at, err);
                if (rc)
                    return rc;
                e->chains_this_process++;
                if (sys->progress)
                    tick(sys->progress, e, sys, clock);
            }
            double budget = target - e->s.moved;
            double step = hsf_ecmc_step(e, sys, budget, clock);
            e->s.moved = step == budget ? target : e->s.moved + step;
        }
        if (counted_out)
            break;
        sys->time = due;
        publish(e, sys);
        if (due < sys->end_time && at_due(e, sys, err))
            return -1;
    }
    /* The end: end_time, or the clock after the last chain. */
    sys->time = counted_out ? e->s.moved / n : sys->end_time;
    publish(e, sys);
    if (hsf_outputs_finish(sys, err))
        return -1;
    e->wall = hsf_seconds_now() - t0;
    return 0;
}
