/* thermo: a CSV table of thermodynamic quantities, one row per sample.
 * Rates and pressures are averages over the interval since the previous
 * row (empty on the first row); energies are those at the sample.  In a
 * sheared box the temperature (and the kinetic part of the pressure) is
 * that of the peculiar velocities, less the streaming velocity at each
 * particle's position; kinetic_energy stays the lab frame's.  With rough
 * (rotating) particles two columns follow: the kinetic energy of rotation
 * and its temperature, 2 E_rot / (f N) with f = 1 rotational degree of
 * freedom per disc, 3 per sphere; total_energy then includes rotation. */
#include <math.h>

#include <hsframe/hsframe.h>

typedef struct thermo {
    const char *file;       /* owned by the configuration */
    hsf_atomic_file *out;   /* open from begin to end */
    int have_previous;
    double time;            /* of the previous row */
    hsf_stats stats;        /* at the previous row */
    int rotating;           /* the particles turn: two more columns */
} thermo;

static const hsf_param thermo_params[] = {
    { "file", HSF_PARAM_STRING, NULL, 0, 0, "CSV file to write, relative to the current directory" },
    { NULL, 0, NULL, 0, 0, NULL }
};

static int thermo_init(void *state, const hsf_config *cfg, const hsf_system *sys,
                       hsf_error *err)
{
    (void)sys;
    thermo *t = state;
    t->file = hsf_config_string(cfg, "file");
    return hsf_atomic_check(t->file, err);
}

/* Whether the run keeps spins (system.h: hsf_system_spin is 0 without). */
static int rotating(const hsf_system *sys)
{
    double w[3];
    return hsf_system_count(sys) > 0 && hsf_system_spin(sys, 0, w) > 0;
}

static int thermo_begin(void *state, const hsf_system *sys, hsf_error *err)
{
    thermo *t = state;
    if (!(t->out = hsf_atomic_open(t->file, err)))
        return -1;
    t->rotating = rotating(sys);
    fputs("time,events,collisions,kinetic_energy,temperature,pressure,compressibility,"
          "wall_pressure,collision_rate,potential_energy,total_energy",
          hsf_atomic_stream(t->out));
    fputs(t->rotating ? ",rotational_energy,rotational_temperature\n" : "\n",
          hsf_atomic_stream(t->out));
    return 0;
}

/* The kinetic energy of the velocities less the streaming velocity at each
 * particle's position (a sheared box). */
static double peculiar_kinetic(const hsf_system *sys)
{
    double twice = 0;
    for (size_t i = 0, n = hsf_system_count(sys); i < n; i++) {
        hsf_particle_view p;
        hsf_system_particle(sys, i, &p);
        double u[3];
        hsf_system_flow_velocity(sys, p.r, u);
        for (int a = 0; a < 3; a++)
            twice += p.mass * (p.v[a] - u[a]) * (p.v[a] - u[a]);
    }
    return twice / 2;
}

/* Over the interval since the previous row, with Boltzmann's constant 1 and
 * d dimensions:
 *   kT = 2K / (d N)                              (equipartition)
 *   P = N kT / V + sum(dp_i . r_ij) / (d V dt)   (collision virial)
 *   Z = P V / (N kT)
 *   P_wall = sum |dp_wall| / (A dt)              (momentum given to walls)
 *   collision_rate = 2 collisions / (N dt)       (per particle)
 * The virial holds every impulse between pairs: core collisions and, with
 * a stepped potential, the steps crossed or bounced at (attractive ones
 * negative), so P is the pressure of the model, not of its cores alone. */
static int thermo_sample(void *state, const hsf_system *sys, hsf_error *err)
{
    (void)err;
    thermo *t = state;
    FILE *out = hsf_atomic_stream(t->out);
    hsf_stats s;
    hsf_system_stats(sys, &s);
    double now = hsf_system_time(sys), k = hsf_system_kinetic_energy(sys);
    /* Fixed particles (walls of discs) hold no kinetic energy. */
    double n = (double)(hsf_system_count(sys) - hsf_system_fixed_count(sys));
    double d = hsf_system_dim(sys);
    double kT = 2 * (hsf_system_shear(sys, NULL, NULL) != 0 ? peculiar_kinetic(sys) : k) /
                (d * n);
    double volume = hsf_system_volume(sys);
    fprintf(out, "%.17g,%llu,%llu,%.17g,%.17g", now, (unsigned long long)s.events,
            (unsigned long long)s.collisions, k, kT);
    double dt = now - t->time;
    if (t->have_previous && dt > 0) {
        double p = n * kT / volume + (s.virial - t->stats.virial) / (d * volume * dt);
        fprintf(out, ",%.10g,%.10g", p, kT > 0 ? p * volume / (n * kT) : NAN);
        double area = hsf_system_wall_area(sys);
        if (area > 0)
            fprintf(out, ",%.10g", (s.wall_impulse - t->stats.wall_impulse) / (area * dt));
        else
            fputc(',', out);
        fprintf(out, ",%.10g", 2 * (double)(s.collisions - t->stats.collisions) / (n * dt));
    } else {
        fputs(",,,,", out);
    }
    double u = hsf_system_potential_energy(sys);
    if (t->rotating) {
        double rot = hsf_system_rotational_energy(sys);
        fprintf(out, ",%.17g,%.17g,%.17g,%.17g\n", u, k + rot + u, rot,
                2 * rot / ((d == 2 ? 1 : 3) * n));
    } else {
        fprintf(out, ",%.17g,%.17g\n", u, k + u);
    }
    t->have_previous = 1;
    t->time = now;
    t->stats = s;
    return 0;
}

static int thermo_end(void *state, const hsf_system *sys, hsf_error *err)
{
    (void)sys;
    thermo *t = state;
    int rc = hsf_atomic_commit(t->out, err);
    t->out = NULL;
    return rc;
}

static void thermo_fini(void *state)
{
    hsf_atomic_abort(((thermo *)state)->out);
}

/* Checkpoints: the rows so far, and the previous row's counters. */
static int thermo_save(void *state, const hsf_system *sys, hsf_state *st, hsf_error *err)
{
    (void)sys;
    thermo *t = state;
    return (hsf_atomic_save(t->out, st, err) ||
            hsf_state_put(st, &t->have_previous, sizeof t->have_previous, err) ||
            hsf_state_put(st, &t->time, sizeof t->time, err) ||
            hsf_state_put(st, &t->stats, sizeof t->stats, err)) ? -1 : 0;
}

static int thermo_restore(void *state, const hsf_system *sys, hsf_state *st, hsf_error *err)
{
    thermo *t = state;
    t->rotating = rotating(sys);
    if (!(t->out = hsf_atomic_resume(t->file, st, err)))
        return -1;
    return (hsf_state_get(st, &t->have_previous, sizeof t->have_previous, err) ||
            hsf_state_get(st, &t->time, sizeof t->time, err) ||
            hsf_state_get(st, &t->stats, sizeof t->stats, err)) ? -1 : 0;
}

static const hsf_output_type thermo_type = {
    .state_size = sizeof(thermo),
    .init = thermo_init,
    .fini = thermo_fini,
    .begin = thermo_begin,
    .sample = thermo_sample,
    .end = thermo_end,
    .save = thermo_save,
    .restore = thermo_restore,
    .flags = HSF_OUTPUT_ANY_PARTICLES,   /* reads the system afresh at each sample */
};

HSF_PLUGIN(HSF_PLUGIN_OUTPUT, "thermo",
           "CSV per interval: time, events, collisions, kinetic energy, temperature, "
           "pressure, compressibility, wall pressure, collision rate, potential and total "
           "energy", thermo_params,
           &thermo_type)
