/* The summary at the end of a run (summary.h). */
#include <math.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>

#include "model/model.h"
#include "run/summary.h"
#include "shared/shear.h"

void hsf_summary_begin(hsf_summary *s, FILE *out, hsf_summary_format format)
{
    *s = (hsf_summary){ .out = out, .format = format };
    if (format == HSF_SUMMARY_JSON)
        fputc('{', out);
}

/* A JSON string: quotes, backslashes and control characters escaped;
 * other bytes (UTF-8 included) as they are. */
static void json_string(FILE *out, const char *text)
{
    fputc('"', out);
    for (const unsigned char *c = (const unsigned char *)text; *c; c++) {
        if (*c == '"' || *c == '\\')
            fprintf(out, "\\%c", *c);
        else if (*c < 0x20)
            fprintf(out, "\\u%04x", *c);
        else
            fputc(*c, out);
    }
    fputc('"', out);
}

/* The key of the next JSON member, on its own line. */
static void json_key(hsf_summary *s, const char *key)
{
    fputs(s->members++ ? ",\n  " : "\n  ", s->out);
    json_string(s->out, key);
    fputs(": ", s->out);
}

/* Writes one member whose value fmt and ap format; number says whether
 * JSON gets it bare. */
static void member(hsf_summary *s, const char *key, int number, const char *fmt, va_list ap)
{
    char value[512];
    vsnprintf(value, sizeof value, fmt, ap);
    if (s->format == HSF_SUMMARY_TEXT) {
        fprintf(s->out, "%s: %s\n", key, value);
        return;
    }
    json_key(s, key);
    if (!number) {
        json_string(s->out, value);
        return;
    }
    /* printf writes finite numbers in JSON's grammar; inf and nan have
     * no JSON form. */
    char *end;
    double x = strtod(value, &end);
    fputs(end != value && !*end && isfinite(x) ? value : "null", s->out);
}

void hsf_summary_text(hsf_summary *s, const char *key, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    member(s, key, 0, fmt, ap);
    va_end(ap);
}

void hsf_summary_number(hsf_summary *s, const char *key, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    member(s, key, 1, fmt, ap);
    va_end(ap);
}

void hsf_summary_file(hsf_summary *s, const char *file, const char *plugin,
                      const char *section)
{
    if (s->format == HSF_SUMMARY_TEXT) {
        fprintf(s->out, "file: %s (%s, [%s])\n", file, plugin, section);
        return;
    }
    if (!s->files++) {
        json_key(s, "files");
        fputs("[\n    ", s->out);
    } else {
        fputs(",\n    ", s->out);
    }
    fputs("{\"file\": ", s->out);
    json_string(s->out, file);
    fputs(", \"plugin\": ", s->out);
    json_string(s->out, plugin);
    fputs(", \"section\": ", s->out);
    json_string(s->out, section);
    fputc('}', s->out);
}

void hsf_summary_end(hsf_summary *s)
{
    if (s->format != HSF_SUMMARY_JSON)
        return;
    if (!s->files) {
        json_key(s, "files");
        fputs("[]", s->out);
    } else {
        fputs("\n  ]", s->out);
    }
    fputs("\n}\n", s->out);
}

/* The value of the output's "file" parameter when its plugin declares
 * one as text, else NULL. */
static const char *output_file(const hsf_output_slot *o)
{
    for (const hsf_param *q = o->in.plugin.info->params; q && q->name; q++)
        if (!strcmp(q->name, "file") && q->type == HSF_PARAM_STRING) {
            const char *f = hsf_config_string(&o->in.cfg, "file");
            return f && *f ? f : NULL;
        }
    return NULL;
}

void hsf_summary_output_files(hsf_summary *s, const hsf_system *sys)
{
    for (size_t k = 0; k < sys->n_out; k++) {
        const hsf_output_slot *o = &sys->out[k];
        const char *section = hsf_config_section(&o->in.cfg), *name = o->in.plugin.info->name;
        if (o->in.type.output->written) {
            char file[4096];
            for (size_t f = 0; o->in.type.output->written(o->in.state, f, file, sizeof file); f++)
                hsf_summary_file(s, file, name, section);
            continue;
        }
        const char *f = output_file(o);
        if (f)
            hsf_summary_file(s, f, name, section);
    }
}

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

double hsf_energy_balance(const hsf_energy_terms *t)
{
    return t->kinetic + t->rotational + t->potential + t->dissipated - t->heat - t->work;
}

double hsf_energy_drift(double e0, double e1, double k0)
{
    double scale = k0 > 0 ? k0 : fabs(e0);
    return scale > 0 ? (e1 - e0) / scale : 0.0;
}

void hsf_energy_measure(const hsf_system *sys, hsf_energy_terms *t)
{
    const hsf_model *md = sys->model;
    *t = (hsf_energy_terms){ .kinetic = hsf_system_kinetic_energy(sys), .heat = sys->heat };
    if (md) {
        t->potential = hsf_system_add_field_energy(sys, hsf_model_pair_energy(sys));
        t->dissipated = md->dissipated;
        t->work = md->growth.work;
        t->rotational = hsf_spin_energy(sys);
    }
    t->work += sys->shear.work;
    if (hsf_walls_move(sys))
        t->work += sys->walls.work;
}

void hsf_measure(const hsf_system *sys, hsf_conserved *c)
{
    hsf_energy_terms t;
    hsf_energy_measure(sys, &t);
    c->energy = hsf_energy_balance(&t);
    c->kinetic = t.kinetic + t.rotational;
    momentum(sys, c->momentum, &c->rms_momentum);
    if (hsf_shears(sys))  /* less what the sliding images gave */
        c->momentum[sys->shear.flow] -= sys->shear.momentum;
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
void hsf_summary_reversal(hsf_summary *out, const hsf_system *sys, const double *start)
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
    hsf_summary_number(out, "reversed_at", "%.17g", sys->reverse_at);
    hsf_summary_number(out, "return_distance_max", "%.3e", worst_r);
    hsf_summary_number(out, "return_distance_rms", "%.3e",
                       sys->n ? sqrt(sum_r / (double)sys->n) : 0.0);
    hsf_summary_number(out, "return_velocity_max", "%.3e", worst_v);
}

/* With a model: its name and counters, and the energies now. */
static void print_model(hsf_summary *out, const hsf_system *sys, double kinetic)
{
    const hsf_model *md = sys->model;
    /* A model taken for bonds, a field or a compression alone has no
     * interaction of the user's to name. */
    if (md->in.plugin.info)
        hsf_summary_text(out, "interaction", "%s", md->in.plugin.info->name);
    if (sys->n_bonds)
        hsf_summary_number(out, "bonds", "%zu", sys->n_bonds);
    hsf_summary_number(out, "step_events", "%llu", (unsigned long long)md->step_events);
    hsf_summary_number(out, "captured_pairs", "%zu", hsf_pair_states_count(&md->shells));
    hsf_energy_terms terms;
    hsf_energy_measure(sys, &terms);
    double u = terms.potential;
    if (hsf_in_field(sys))
        hsf_summary_text(out, "field", "%s", hsf_summary_vector(sys->gravity, sys->dim));
    /* kinetic is translation and rotation (hsf_measure). */
    if (md->spin.on) {
        hsf_summary_number(out, "kinetic_energy", "%.17g", terms.kinetic);
        hsf_summary_number(out, "rotational_energy", "%.17g", terms.rotational);
    } else {
        hsf_summary_number(out, "kinetic_energy", "%.17g", kinetic);
    }
    hsf_summary_number(out, "potential_energy", "%.17g", u);
    if (md->dissipated > 0)
        hsf_summary_number(out, "dissipated_energy", "%.17g", md->dissipated);
    hsf_summary_number(out, "total_energy", "%.17g", kinetic + u);
    const hsf_growth *g = &md->growth;
    if (g->gamma > 0) {
        static const char *const end[] = { "growing", "reached the packing fraction",
                                           "reached the pressure", "jammed" };
        hsf_summary_text(out, "compression", "%s", end[g->end]);
        hsf_summary_number(out, "packing_fraction", "%.10g", hsf_growth_packing(sys));
        hsf_summary_number(out, "reduced_pressure", "%.10g", g->z);
        hsf_summary_number(out, "compression_work", "%.17g", g->work);
        hsf_summary_number(out, "heat_from_rescaling", "%.17g", sys->heat);
    }
}

/* A sheared box: its rate, the crossings of its gradient faces, the work
 * of the sliding images and the viscosity it gives.  That work per unit
 * time is -<P_fg> rate V (the momentum the images carry across the
 * gradient faces), so over the whole run eta = work / (rate^2 V t):
 * including the start, before the flow is steady (the stress output
 * measures it by intervals, with errors). */
static void print_shear(hsf_summary *out, const hsf_system *sys)
{
    const hsf_shear *sh = &sys->shear;
    double v = sys->boundary.type.boundary->volume(sys->boundary.state);
    hsf_summary_number(out, "shear_rate", "%.17g", sh->rate);
    hsf_summary_number(out, "gradient_crossings", "%llu", (unsigned long long)sh->crossings);
    hsf_summary_number(out, "shear_work", "%.17g", sh->work);
    if (sys->time > 0)
        hsf_summary_number(out, "viscosity_from_work", "%.6g",
                           sh->work / (sh->rate * sh->rate * v * sys->time));
}

static int all_periodic(const hsf_system *sys)
{
    for (int a = 0; a < sys->dim; a++)
        if (!sys->periodic[a])
            return 0;
    return 1;
}

const char *hsf_summary_vector(const double *v, int dim)
{
    static char text[3 * 32];
    int len = 0;
    for (int a = 0; a < dim && a < 3; a++)
        len += snprintf(text + len, sizeof text - (size_t)len, "%s%g", a ? " " : "", v[a]);
    return text;
}

void hsf_summary_memory(hsf_summary *out)
{
    struct rusage ru;
    if (!getrusage(RUSAGE_SELF, &ru))
        hsf_summary_number(out, "peak_rss_kb", "%ld", ru.ru_maxrss);
}

void hsf_summary_momentum(hsf_summary *out, const hsf_system *sys, const hsf_conserved *c0,
                          const hsf_conserved *c1)
{
    if (!all_periodic(sys))
        return;
    /* Largest change of a component, relative to N times the rms momentum
     * of a particle. */
    double worst = 0, scale = (double)sys->n * c0->rms_momentum;
    for (int a = 0; a < 3; a++)
        worst = fmax(worst, fabs(c1->momentum[a] - c0->momentum[a]));
    hsf_summary_number(out, "momentum_drift", "%.3e", scale > 0 ? worst / scale : 0.0);
}

/* The pressure of the whole run from the collision virial W, in a
 * periodic box (where the virial is all of it), in two conventions:
 * thermo's, kT = 2K / (d N) and P = N kT / V + W / (d V t); and the
 * canonical one, in which N particles whose total momentum the periodic
 * box conserves have d (N - 1) free velocity components: kT = 2 (K - the
 * centre of mass's) / (d (N - 1)) and the canonical ideal term, P = N kT
 * / V + W / (d V t).  The canonical compressibility is what Monte Carlo
 * (engine = ecmc) gives at the same N: thermo's lies above it by a
 * factor N / (N - 1) on its excess part (1.3 % for 72 discs at 0.70). */
static void print_pressure(hsf_summary *out, const hsf_system *sys, double kinetic,
                           const double momentum[3])
{
    if (!(sys->time > 0) || sys->n < 2 || !all_periodic(sys) || sys->thermostat.type.thermostat ||
        hsf_shears(sys) || sys->n_fixed || (sys->model && sys->model->growth.gamma > 0))
        return;
    double n = (double)sys->n, d = sys->dim, mass = 0, p2 = 0;
    for (size_t i = 0; i < sys->n; i++)
        mass += sys->b[i].mass;
    for (int a = 0; a < 3; a++)
        p2 += momentum[a] * momentum[a];
    double v = sys->boundary.type.boundary->volume(sys->boundary.state);
    double kt = 2 * kinetic / (d * n), kc = 2 * (kinetic - p2 / (2 * mass)) / (d * (n - 1));
    double excess = sys->stats.virial / (d * v * sys->time);
    if (!(kt > 0) || !(kc > 0))
        return;
    hsf_summary_number(out, "temperature", "%.17g", kt);
    hsf_summary_number(out, "pressure", "%.10g", n * kt / v + excess);
    hsf_summary_number(out, "compressibility", "%.10g", 1 + excess * v / (n * kt));
    hsf_summary_number(out, "temperature_canonical", "%.17g", kc);
    hsf_summary_number(out, "pressure_canonical", "%.10g", n * kc / v + excess);
    hsf_summary_number(out, "compressibility_canonical", "%.10g", 1 + excess * v / (n * kc));
}

void hsf_print_summary(hsf_summary *out, const hsf_system *sys, const char *queue, double wall,
                       const hsf_conserved *c0, const hsf_conserved *c1, const double *start)
{
    double e0 = c0->energy, e1 = c1->energy;
    const hsf_stats *s = &sys->stats;
    hsf_summary_number(out, "particles", "%zu", sys->n);
    hsf_summary_number(out, "dimension", "%d", sys->dim);
    hsf_summary_text(out, "queue", "%s", queue);
    hsf_summary_text(out, "boundary", "%s", sys->boundary.plugin.info->name);
    hsf_summary_number(out, "time", "%.17g", sys->time);
    hsf_summary_number(out, "events", "%llu", (unsigned long long)s->events);
    hsf_summary_number(out, "collisions", "%llu", (unsigned long long)s->collisions);
    hsf_summary_number(out, "boundary_hits", "%llu", (unsigned long long)s->wall_hits);
    hsf_summary_number(out, "stale_events", "%llu", (unsigned long long)s->stale_events);
    static const char *const search[] = { "all", "cells", "lists" };
    hsf_summary_text(out, "neighbour_search", "%s", search[sys->search]);
    hsf_summary_number(out, "renewals", "%llu", (unsigned long long)s->cell_crossings);
    hsf_summary_number(out, "wall_seconds", "%.6f", wall);
    if (sys->setup_began > 0 && sys->loop_began > 0)
        hsf_summary_number(out, "startup_seconds", "%.6f", sys->loop_began - sys->setup_began);
    hsf_summary_number(out, "events_per_second", "%.0f",
                       wall > 0 ? (double)s->events / wall : 0.0);
    hsf_summary_number(out, "collisions_per_second", "%.0f",
                       wall > 0 ? (double)s->collisions / wall : 0.0);
    hsf_summary_memory(out);
    if (sys->model)
        print_model(out, sys, c1->kinetic);
    else
        hsf_summary_number(out, "kinetic_energy", "%.17g", c1->kinetic);
    if (sys->thermostat.type.thermostat) {
        hsf_summary_text(out, "thermostat", "%s", sys->thermostat.plugin.info->name);
        hsf_summary_number(out, "thermostat_events", "%llu",
                           (unsigned long long)sys->thermostat_events);
        hsf_summary_number(out, "heat_from_bath", "%.17g", sys->heat);
    }
    if (hsf_shears(sys))
        print_shear(out, sys);
    print_pressure(out, sys, hsf_system_kinetic_energy(sys), c1->momentum);
    if (hsf_walls_move(sys))  /* the energy the moving walls gave, in energy_drift's balance */
        hsf_summary_number(out, "wall_work", "%.17g", sys->walls.work);
    hsf_summary_number(out, "max_overlap", "%.3e", sys->max_overlap);
    hsf_summary_number(out, "energy_drift", "%.3e", hsf_energy_drift(e0, e1, c0->kinetic));
    hsf_summary_momentum(out, sys, c0, c1);
    if (start)
        hsf_summary_reversal(out, sys, start);
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

