/* speeds: the distribution of particle speeds beside the Maxwell-Boltzmann
 * (3D) or Rayleigh (2D) distribution at the measured temperature, with a
 * chi-square goodness of fit, and the mean kinetic energy of each mass
 * class (equipartition: every class should show the same kT).
 *
 * At kT and mass m, with s^2 = kT / m, the speed v has the density
 *   2D: f(v) = v / s^2 exp(-v^2 / (2 s^2)),    F(v) = 1 - exp(-v^2 / (2 s^2))
 *   3D: f(v) = sqrt(2/pi) v^2 / s^3 exp(-v^2 / (2 s^2)),
 *       F(v) = erf(v / (sqrt(2) s)) - sqrt(2/pi) v / s exp(-v^2 / (2 s^2)).
 * A mixture's density is the average of its particles' (each with its own
 * mass, the same kT).  The expected count of a bin comes from F, exactly. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include <hsframe/hsframe.h>

#define MAX_CLASSES 16

typedef struct speeds {
    const char *file;
    int dim;
    size_t n, bins;
    double vmax, width;
    double *count;              /* bins + 1: the last one is v >= vmax */
    size_t samples;
    double start;               /* samples before this time are ignored */
    double sum_mv2;             /* sum over samples and particles of m v^2 */
    int nclasses;               /* distinct masses, or -1 when too many */
    double mass[MAX_CLASSES], class_mv2[MAX_CLASSES];
    size_t members[MAX_CLASSES];
    uint64_t collisions0;
} speeds;

static const hsf_param speeds_params[] = {
    { "file", HSF_PARAM_STRING, NULL, 0, 0,
      "CSV file to write: speed, measured density, theoretical density" },
    { "bins", HSF_PARAM_INT, "40", 4, 100000, "number of speed bins" },
    { "max_speed", HSF_PARAM_DOUBLE, "0", 0, 1e300,
      "upper end of the histogram; 0: 4 times the rms speed at the start" },
    { "start", HSF_PARAM_DOUBLE, "0", 0, 1e300,
      "ignore samples before this time (let a lattice start melt first)" },
    { NULL, 0, NULL, 0, 0, NULL }
};

static int speeds_init(void *state, const hsf_config *cfg, const hsf_system *sys,
                       hsf_error *err)
{
    speeds *s = state;
    s->file = hsf_config_string(cfg, "file");
    s->start = hsf_config_double(cfg, "start");
    s->dim = hsf_system_dim(sys);
    s->n = hsf_system_count(sys);
    s->bins = (size_t)hsf_config_int(cfg, "bins");
    s->vmax = hsf_config_double(cfg, "max_speed");
    double v2 = 0;
    for (size_t i = 0; i < s->n; i++) {
        hsf_particle_view p;
        hsf_system_particle(sys, i, &p);
        v2 += p.v[0] * p.v[0] + p.v[1] * p.v[1] + p.v[2] * p.v[2];
        /* Mass classes: distinct masses, up to MAX_CLASSES. */
        int k = 0;
        while (k < s->nclasses && s->mass[k] != p.mass)
            k++;
        if (s->nclasses >= 0 && k == s->nclasses) {
            if (s->nclasses == MAX_CLASSES)
                s->nclasses = -1;
            else
                s->mass[s->nclasses++] = p.mass;
        }
        if (s->nclasses >= 0)
            s->members[k]++;
    }
    if (s->vmax == 0)
        s->vmax = 4 * sqrt(v2 / (double)(s->n ? s->n : 1));
    if (!(s->vmax > 0))
        return hsf_config_error(cfg, err, "max_speed", "every particle is at rest: give "
                                "max_speed");
    s->width = s->vmax / (double)s->bins;
    hsf_stats st;
    hsf_system_stats(sys, &st);
    s->collisions0 = st.collisions;
    if (!(s->count = calloc(s->bins + 1, sizeof *s->count)))
        return hsf_error_set(err, "out of memory for %zu bins", s->bins);
    return hsf_atomic_check(s->file, err);
}

static void speeds_fini(void *state)
{
    free(((speeds *)state)->count);
}

static int speeds_sample(void *state, const hsf_system *sys, hsf_error *err)
{
    (void)err;
    speeds *s = state;
    if (hsf_system_time(sys) < s->start)
        return 0;
    for (size_t i = 0; i < s->n; i++) {
        hsf_particle_view p;
        hsf_system_particle(sys, i, &p);
        double v2 = p.v[0] * p.v[0] + p.v[1] * p.v[1] + p.v[2] * p.v[2];
        double b = sqrt(v2) / s->width;
        s->count[b < (double)s->bins ? (size_t)b : s->bins] += 1;
        s->sum_mv2 += p.mass * v2;
        if (s->nclasses > 0) {
            int k = 0;
            while (s->mass[k] != p.mass)
                k++;
            s->class_mv2[k] += p.mass * v2;
        }
    }
    s->samples++;
    return 0;
}

/* The speed distribution function at v for mass m and temperature kT. */
static double cdf(int dim, double v, double kT, double m)
{
    double s = sqrt(kT / m), x = v / s;
    if (dim == 2)
        return -expm1(-x * x / 2);
    return erf(x / M_SQRT2) - sqrt(2 / M_PI) * x * exp(-x * x / 2);
}

static double density(int dim, double v, double kT, double m)
{
    double s2 = kT / m, e = exp(-v * v / (2 * s2));
    return dim == 2 ? v / s2 * e : sqrt(2 / M_PI) * v * v / (s2 * sqrt(s2)) * e;
}

/* The mixture's F or f: the average over mass classes, weighted by their
 * members (a single class of mass mean_mass when masses are too many). */
static double mixture(const speeds *s, double v, double kT, int want_cdf, double mean_mass)
{
    if (s->nclasses <= 0)
        return want_cdf ? cdf(s->dim, v, kT, mean_mass) : density(s->dim, v, kT, mean_mass);
    double sum = 0;
    for (int k = 0; k < s->nclasses; k++) {
        double w = (double)s->members[k] / (double)s->n;
        sum += w * (want_cdf ? cdf(s->dim, v, kT, s->mass[k]) : density(s->dim, v, kT, s->mass[k]));
    }
    return sum;
}

/* Upper tail of the chi-square distribution with k degrees of freedom, by
 * the Wilson-Hilferty cube-root normal approximation (good to a few
 * percent of p for k >= 3, which is all a goodness of fit needs). */
static double chi2_tail(double chi2, double k)
{
    double z = (cbrt(chi2 / k) - (1 - 2 / (9 * k))) / sqrt(2 / (9 * k));
    return 0.5 * erfc(z / M_SQRT2);
}

static int speeds_end(void *state, const hsf_system *sys, hsf_error *err)
{
    speeds *s = state;
    if (!s->samples || !s->n)
        return hsf_error_set(err, "no sample taken");
    double total = (double)s->samples * (double)s->n;
    double kT = s->sum_mv2 / ((double)s->dim * total), mass_sum = 0;
    for (size_t i = 0; i < s->n; i++) {
        hsf_particle_view p;
        hsf_system_particle(sys, i, &p);
        mass_sum += p.mass;
    }
    double mean_mass = mass_sum / (double)s->n;
    /* Samples of one particle taken between two of its collisions repeat
     * the same speed, and a speed keeps some memory over the next few
     * collisions: count a particle's samples as independent at most once
     * per 3 collisions it had (plus its first).  Sample at intervals of
     * several collision times for a chi2 that means what it says. */
    hsf_stats st;
    hsf_system_stats(sys, &st);
    double per_particle = 1 + 2.0 * (double)(st.collisions - s->collisions0) / (3 * (double)s->n);
    double independent = (double)s->n * fmin((double)s->samples, per_particle);
    double scale = independent / total;

    hsf_atomic_file *f = hsf_atomic_open(s->file, err);
    if (!f)
        return -1;
    FILE *out = hsf_atomic_stream(f);
    fprintf(out, "speed,measured,theory\n");
    double chi2 = 0, pooled_o = 0, pooled_e = 0;
    int used = 0;
    for (size_t b = 0; b <= s->bins; b++) {
        double lo = (double)b * s->width, hi = lo + s->width;
        double p = b < s->bins ? mixture(s, hi, kT, 1, mean_mass) - mixture(s, lo, kT, 1, mean_mass)
                               : 1 - mixture(s, lo, kT, 1, mean_mass);
        if (b < s->bins)
            fprintf(out, "%.10g,%.10g,%.10g\n", lo + s->width / 2,
                    s->count[b] / (total * s->width), mixture(s, lo + s->width / 2, kT, 0,
                                                              mean_mass));
        /* Pool neighbouring bins until at least 5 are expected. */
        pooled_o += s->count[b] * scale;
        pooled_e += p * independent;
        if (pooled_e >= 5 || b == s->bins) {
            if (pooled_e > 0) {
                chi2 += (pooled_o - pooled_e) * (pooled_o - pooled_e) / pooled_e;
                used++;
            }
            pooled_o = pooled_e = 0;
        }
    }
    /* One constraint (the total) and one fitted parameter (kT). */
    int dof = used - 2;
    fprintf(out, "# temperature %.10g (kT = <m v^2> / %d)\n", kT, s->dim);
    fprintf(out, "# samples %zu of %zu particles; independent samples counted %.0f "
            "(at most one per particle per 3 collisions)\n", s->samples, s->n, independent);
    if (dof >= 1)
        fprintf(out, "# chi2 %.6g dof %d p %.3g (%s at kT, Wilson-Hilferty tail)\n", chi2, dof,
                chi2_tail(chi2, dof), s->dim == 2 ? "Rayleigh" : "Maxwell-Boltzmann");
    if (s->nclasses > 0)
        for (int k = 0; k < s->nclasses; k++) {
            double e = s->class_mv2[k] / (2 * (double)s->samples * (double)s->members[k]);
            fprintf(out, "# mass %.10g: particles %zu, mean kinetic energy %.10g, kT %.10g\n",
                    s->mass[k], s->members[k], e, 2 * e / s->dim);
        }
    else
        fprintf(out, "# more than %d distinct masses: no kinetic energy per class\n",
                MAX_CLASSES);
    return hsf_atomic_commit(f, err);
}

static const hsf_output_type speeds_type = {
    .state_size = sizeof(speeds),
    .init = speeds_init,
    .fini = speeds_fini,
    .sample = speeds_sample,
    .end = speeds_end,
};

HSF_PLUGIN(HSF_PLUGIN_OUTPUT, "speeds",
           "speed histogram against Maxwell-Boltzmann (3D) or Rayleigh (2D), chi-square "
           "fit, kinetic energy per mass class",
           speeds_params, &speeds_type)
