/* The time-step engine's lines of the summary (step.h). */
#include <math.h>

#include "step/step.h"

void hsf_step_print_summary(FILE *out, const hsf_stepper *st, const hsf_system *sys)
{
    double k = hsf_system_kinetic_energy(sys), total = k + st->potential;
    double scale = fabs(st->energy0) > 0 ? fabs(st->energy0) : 1;
    fprintf(out, "engine: timestep\n");
    fprintf(out, "integrator: %s\n", st->integrator->name);
    fprintf(out, "dt: %.17g\n", st->dt);
    fprintf(out, "steps: %llu\n", (unsigned long long)st->steps);
    fprintf(out, "force_evaluations: %llu\n", (unsigned long long)st->force_calls);
    fprintf(out, "steps_per_second: %.0f\n", st->wall > 0 ? (double)st->steps / st->wall : 0.0);
    fprintf(out, "potential_energy: %.17g\n", st->potential);
    fprintf(out, "total_energy: %.17g\n", total);
    fprintf(out, "total_energy_drift: %.3e\n", (total - st->energy0) / scale);
    if (!st->contact) {
        fprintf(out, "contact: no\n");
        return;
    }
    /* Every resolved collision is late: found at the end of the step in
     * which the pair touched; the delay is in steps, from the contact time
     * of the straight paths. */
    const hsf_contact_stats *cs = &st->cs;
    fprintf(out, "collisions_resolved_late: %llu\n", (unsigned long long)cs->resolved);
    fprintf(out, "collisions_missed: %llu\n", (unsigned long long)cs->missed);
    fprintf(out, "collision_delay_mean: %.3f\n",
            cs->resolved ? cs->delay_sum / (double)cs->resolved : 0.0);
    if (st->reference_collisions >= 0) {
        double ref = st->reference_collisions;
        fprintf(out, "event_engine_collisions: %.0f\n", ref);
        fprintf(out, "event_engine_boundary_hits: %.0f\n", st->reference_wall_hits);
        fprintf(out, "collisions_vs_event_engine: %.4f\n",
                ref > 0 ? (double)sys->stats.collisions / ref : NAN);
    }
}
