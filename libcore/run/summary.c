/* The summary at the end of a run (summary.h). */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>

#include "model/model.h"
#include "run/summary.h"

/* Total momentum, and the rms momentum of one particle. */
static void momentum(const hsf_system *sys, double total[3], double *rms)
{
    double sq = 0;
    total[0] = total[1] = total[2] = 0;
    for (size_t i = 0; i < sys->n; i++)
        for (int a = 0; a < 3; a++) {
            double p = sys->b[i].mass * sys->m[i].v[a];
            total[a] += p;
            sq += p * p;
        }
    *rms = sys->n ? sqrt(sq / (double)sys->n) : 0;
}

/* The energy is kinetic plus potential, plus what inelastic collisions
 * dissipated (so that it is conserved in every model). */
void hsf_measure(const hsf_system *sys, hsf_conserved *c)
{
    c->energy = c->kinetic = hsf_system_kinetic_energy(sys);
    if (sys->model)
        c->energy += sys->potential + sys->model->dissipated;
    momentum(sys, c->momentum, &c->rms_momentum);
}

/* Unwrapped positions and velocities at the start, for time reversal:
 * 6 doubles per particle. */
double *hsf_record_start(const hsf_system *sys)
{
    double *s = malloc(sys->n * 6 * sizeof *s);
    for (size_t i = 0; s && i < sys->n; i++) {
        hsf_particle_view p;
        hsf_system_particle(sys, i, &p);
        memcpy(s + 6 * i, p.unwrapped, 3 * sizeof *s);
        memcpy(s + 6 * i + 3, p.v, 3 * sizeof *s);
    }
    return s;
}

/* After running forward to reverse_at and back for as long: how far every
 * particle is from where it started (in units of its own radius, the scale
 * on which a collision sequence changes), and how far its velocity is from
 * the reverse of its starting one (relative to the rms speed). */
static void print_reversal(FILE *out, const hsf_system *sys, const double *start)
{
    double worst_r = 0, sum_r = 0, worst_v = 0, v2 = 0;
    for (size_t i = 0; i < sys->n; i++)
        for (int a = 0; a < 3; a++)
            v2 += start[6 * i + 3 + a] * start[6 * i + 3 + a];
    double vrms = sys->n ? sqrt(v2 / (double)sys->n) : 0;
    for (size_t i = 0; i < sys->n; i++) {
        hsf_particle_view p;
        hsf_system_particle(sys, i, &p);
        double dr2 = 0, dv2 = 0;
        for (int a = 0; a < 3; a++) {
            double dr = p.unwrapped[a] - start[6 * i + a], dv = p.v[a] + start[6 * i + 3 + a];
            dr2 += dr * dr;
            dv2 += dv * dv;
        }
        double d = sqrt(dr2) / p.radius;
        worst_r = fmax(worst_r, d);
        sum_r += d * d;
        worst_v = fmax(worst_v, vrms > 0 ? sqrt(dv2) / vrms : 0);
    }
    fprintf(out, "reversed_at: %.17g\n", sys->reverse_at);
    fprintf(out, "return_distance_max: %.3e\n", worst_r);
    fprintf(out, "return_distance_rms: %.3e\n", sys->n ? sqrt(sum_r / (double)sys->n) : 0.0);
    fprintf(out, "return_velocity_max: %.3e\n", worst_v);
}

/* With a model: its name and counters, and the energies (e0 and e1 are
 * kinetic + potential + dissipated at the start and now). */
static void print_model(FILE *out, const hsf_system *sys, double e0, double e1)
{
    const hsf_model *md = sys->model;
    (void)e0;
    fprintf(out, "interaction: %s\n", md->plugin.info ? md->plugin.info->name : "hard_sphere");
    if (sys->n_bonds)
        fprintf(out, "bonds: %zu\n", sys->n_bonds);
    fprintf(out, "step_events: %llu\n", (unsigned long long)md->step_events);
    fprintf(out, "captured_pairs: %zu\n", md->shells.count);
    fprintf(out, "kinetic_energy: %.17g\n", hsf_system_kinetic_energy(sys));
    fprintf(out, "potential_energy: %.17g\n", sys->potential);
    if (md->dissipated > 0)
        fprintf(out, "dissipated_energy: %.17g\n", md->dissipated);
    fprintf(out, "total_energy: %.17g\n", e1 - md->dissipated);
}

static int all_periodic(const hsf_system *sys)
{
    for (int a = 0; a < sys->dim; a++)
        if (!sys->periodic[a])
            return 0;
    return 1;
}

void hsf_print_summary(FILE *out, const hsf_system *sys, double wall, const hsf_conserved *c0,
                       const hsf_conserved *c1, const double *start)
{
    double e0 = c0->energy, e1 = c1->energy;
    const hsf_stats *s = &sys->stats;
    fprintf(out, "particles: %zu\n", sys->n);
    fprintf(out, "dimension: %d\n", sys->dim);
    fprintf(out, "queue: %s%s\n", sys->queue_plugin.info->name,
            sys->indexed ? " (indexed)" : "");
    fprintf(out, "boundary: %s\n", sys->boundary_plugin.info->name);
    fprintf(out, "time: %.17g\n", sys->time);
    fprintf(out, "events: %llu\n", (unsigned long long)s->events);
    fprintf(out, "collisions: %llu\n", (unsigned long long)s->collisions);
    fprintf(out, "boundary_hits: %llu\n", (unsigned long long)s->wall_hits);
    fprintf(out, "stale_events: %llu\n", (unsigned long long)s->stale_events);
    static const char *const search[] = { "all", "cells", "lists" };
    fprintf(out, "neighbour_search: %s\n", search[sys->search]);
    fprintf(out, "renewals: %llu\n", (unsigned long long)s->cell_crossings);
    fprintf(out, "wall_seconds: %.6f\n", wall);
    fprintf(out, "events_per_second: %.0f\n", wall > 0 ? (double)s->events / wall : 0.0);
    fprintf(out, "collisions_per_second: %.0f\n",
            wall > 0 ? (double)s->collisions / wall : 0.0);
    struct rusage ru;
    if (!getrusage(RUSAGE_SELF, &ru))
        fprintf(out, "peak_rss_kb: %ld\n", ru.ru_maxrss);
    if (sys->model)
        print_model(out, sys, e0, e1);
    else
        fprintf(out, "kinetic_energy: %.17g\n", e1);
    fprintf(out, "max_overlap: %.3e\n", sys->max_overlap);
    /* Relative to the kinetic energy at the start (= e0 for hard spheres;
     * a model's total energy may be near 0 or negative). */
    fprintf(out, "energy_drift: %.3e\n", c0->kinetic > 0 ? (e1 - e0) / c0->kinetic : 0.0);
    if (all_periodic(sys)) {
        /* Largest change of a component, relative to N times the rms
         * momentum of a particle. */
        double worst = 0, scale = (double)sys->n * c0->rms_momentum;
        for (int a = 0; a < 3; a++)
            worst = fmax(worst, fabs(c1->momentum[a] - c0->momentum[a]));
        fprintf(out, "momentum_drift: %.3e\n", scale > 0 ? worst / scale : 0.0);
    }
    if (start)
        print_reversal(out, sys, start);
}

void hsf_conserved_pack(const hsf_conserved *c, double out[6])
{
    out[0] = c->energy;
    memcpy(out + 1, c->momentum, sizeof c->momentum);
    out[4] = c->rms_momentum;
    out[5] = c->kinetic;
}

void hsf_conserved_unpack(const double in[6], hsf_conserved *c)
{
    c->energy = in[0];
    memcpy(c->momentum, in + 1, sizeof c->momentum);
    c->rms_momentum = in[4];
    c->kinetic = in[5];
}

