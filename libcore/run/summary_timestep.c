/* The time-step engine's summary (summary.h): its own keys, none of the
 * event engine's (queue, events, neighbour search). */
#include <math.h>

#include "run/summary.h"
#include "timestep/step.h"

/* Every resolved collision is late: found at the end of the step in which
 * the pair touched; the delay is in steps, from the contact time of the
 * straight paths. */
static void print_contact(hsf_summary *out, const hsf_timestep *st, const hsf_system *sys)
{
    if (!st->contact) {
        hsf_summary_text(out, "contact", "no");
        return;
    }
    const hsf_contact_stats *cs = &st->cs;
    hsf_summary_number(out, "collisions_resolved_late", "%llu",
                       (unsigned long long)cs->resolved);
    hsf_summary_number(out, "collisions_missed", "%llu", (unsigned long long)cs->missed);
    hsf_summary_number(out, "collision_delay_mean", "%.3f",
            cs->resolved ? cs->delay_sum / (double)cs->resolved : 0.0);
    if (st->reference_collisions >= 0) {
        double ref = st->reference_collisions;
        hsf_summary_number(out, "event_engine_collisions", "%.0f", ref);
        hsf_summary_number(out, "event_engine_boundary_hits", "%.0f", st->reference_wall_hits);
        hsf_summary_number(out, "collisions_vs_event_engine", "%.4f",
                ref > 0 ? (double)sys->stats.collisions / ref : NAN);
    }
}

void hsf_timestep_print_summary(hsf_summary *out, const hsf_timestep *st, const hsf_system *sys,
                            double wall, const hsf_conserved *c0, const hsf_conserved *c1,
                            const double *start)
{
    const hsf_stats *s = &sys->stats;
    double k = c1->kinetic, total = k + st->potential;
    double scale = fabs(st->energy0) > 0 ? fabs(st->energy0) : 1;
    hsf_summary_number(out, "particles", "%zu", sys->n);
    hsf_summary_number(out, "dimension", "%d", sys->dim);
    hsf_summary_text(out, "engine", "timestep");
    hsf_summary_text(out, "integrator", "%s", st->integrator->name);
    hsf_summary_number(out, "dt", "%.17g", st->dt);
    hsf_summary_text(out, "boundary", "%s", sys->boundary.plugin.info->name);
    hsf_summary_number(out, "time", "%.17g", sys->time);
    hsf_summary_number(out, "steps", "%llu", (unsigned long long)st->steps);
    hsf_summary_number(out, "force_evaluations", "%llu", (unsigned long long)st->force_calls);
    hsf_summary_number(out, "collisions", "%llu", (unsigned long long)s->collisions);
    hsf_summary_number(out, "boundary_hits", "%llu", (unsigned long long)s->wall_hits);
    hsf_summary_number(out, "wall_seconds", "%.6f", wall);
    hsf_summary_number(out, "steps_per_second", "%.0f",
                       wall > 0 ? (double)st->steps / wall : 0.0);
    hsf_summary_number(out, "collisions_per_second", "%.0f",
                       wall > 0 ? (double)s->collisions / wall : 0.0);
    hsf_summary_memory(out);
    hsf_summary_number(out, "kinetic_energy", "%.17g", k);
    hsf_summary_number(out, "potential_energy", "%.17g", st->potential);
    hsf_summary_number(out, "total_energy", "%.17g", total);
    hsf_summary_number(out, "max_overlap", "%.3e", sys->max_overlap);
    /* The one energy drift: of kinetic plus the forces' potential energy,
     * relative to that total at time 0. */
    hsf_summary_number(out, "total_energy_drift", "%.3e", (total - st->energy0) / scale);
    hsf_summary_momentum(out, sys, c0, c1);
    if (start)
        hsf_summary_reversal(out, sys, start);
    print_contact(out, st, sys);
}
