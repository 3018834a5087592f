/* speeds: the histogram of particle speeds over the samples, against the
 * equilibrium density at the measured temperature (Rayleigh in 2D,
 * Maxwell-Boltzmann in 3D, averaged over the particles' masses), a
 * chi-square test of the fit, and the mean kinetic energy of each mass
 * class to check equipartition. */
#include <math.h>
#include <stdint.h>
#include <stdlib.h>

#include <hsframe/hsframe.h>

typedef struct speeds {
    const char *file;
    int dim;
    size_t n, bins, samples;
    double start, vmax;
    uint64_t *count;        /* bins + 1 entries: the last counts speeds >= vmax */
    double kT_sum;          /* sum over samples of 2K / (d N) */
    /* Lag-one autocorrelation of a particle's speed between samples. */
    double *previous;       /* each particle's speed at the previous sample */
    double sum_v, sum_v2, sum_lag;
    /* Distinct masses and how many particles have each: the theory. */
    double *mass;
    size_t *mult, nmass;
    /* Mass classes for equipartition: class of each particle, members,
     * summed kinetic energy, summed mass (for the label), mass range. */
    uint32_t *cls;
    size_t nclass, *cls_n;
    double *cls_energy, *cls_mass, *cls_lo, *cls_hi;
} speeds;

static const hsf_param speeds_params[] = {
    { "file", HSF_PARAM_STRING, NULL, 0, 0, "CSV file to write: speed, density, theory" },
    { "bins", HSF_PARAM_INT, "40", 2, 100000, "histogram bins between 0 and max_speed" },
    { "max_speed", HSF_PARAM_DOUBLE, "0", 0, 1e300,
      "upper end of the histogram; 0: 4 times the rms speed at the start" },
    { "start", HSF_PARAM_DOUBLE, "0", 0, 1e300,
      "ignore samples before this time (equilibration)" },
    { "max_classes", HSF_PARAM_INT, "16", 1, 1000,
      "distinct masses reported one by one; more are grouped in this many log-mass classes" },
    { NULL, 0, NULL, 0, 0, NULL }
};

static int compare_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

/* Index of mass m in the sorted distinct masses. */
static size_t mass_index(const speeds *s, double m)
{
    size_t lo = 0, hi = s->nmass - 1;
    while (lo < hi) {
        size_t mid = (lo + hi) / 2;
        if (s->mass[mid] < m * (1 - 1e-12))
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo;
}

/* The distinct masses (equal within 1e-12 relative) with multiplicities. */
static int collect_masses(speeds *s, const hsf_system *sys)
{
    double *m = malloc(s->n * sizeof *m);
    if (!m)
        return -1;
    for (size_t i = 0; i < s->n; i++) {
        hsf_particle_view p;
        hsf_system_particle(sys, i, &p);
        m[i] = p.mass;
    }
    qsort(m, s->n, sizeof *m, compare_double);
    s->mass = m;
    s->mult = calloc(s->n, sizeof *s->mult);
    if (!s->mult)
        return -1;
    for (size_t i = 0; i < s->n; i++) {
        if (s->nmass == 0 || m[i] > m[s->nmass - 1] * (1 + 1e-12))
            m[s->nmass++] = m[i];
        s->mult[s->nmass - 1]++;
    }
    return 0;
}

/* One class per distinct mass, or max_classes equal bins of log(mass). */
static int make_classes(speeds *s, const hsf_system *sys, size_t max_classes)
{
    s->nclass = s->nmass <= max_classes ? s->nmass : max_classes;
    s->cls = malloc(s->n * sizeof *s->cls);
    s->cls_n = calloc(s->nclass, sizeof *s->cls_n);
    s->cls_energy = calloc(s->nclass, sizeof *s->cls_energy);
    s->cls_mass = calloc(s->nclass, sizeof *s->cls_mass);
    s->cls_lo = malloc(s->nclass * sizeof *s->cls_lo);
    s->cls_hi = calloc(s->nclass, sizeof *s->cls_hi);
    if (!s->cls || !s->cls_n || !s->cls_energy || !s->cls_mass || !s->cls_lo || !s->cls_hi)
        return -1;
    double lmin = log(s->mass[0]), lspan = log(s->mass[s->nmass - 1]) - lmin;
    for (size_t c = 0; c < s->nclass; c++)
        s->cls_lo[c] = INFINITY;
    for (size_t i = 0; i < s->n; i++) {
        hsf_particle_view p;
        hsf_system_particle(sys, i, &p);
        size_t c = mass_index(s, p.mass);
        if (s->nclass < s->nmass) {
            c = (size_t)((log(p.mass) - lmin) / lspan * (double)s->nclass);
            if (c >= s->nclass)
                c = s->nclass - 1;
        }
        s->cls[i] = (uint32_t)c;
        s->cls_n[c]++;
        s->cls_mass[c] += p.mass;
        s->cls_lo[c] = fmin(s->cls_lo[c], p.mass);
        s->cls_hi[c] = fmax(s->cls_hi[c], p.mass);
    }
    return 0;
}

static int speeds_init(void *state, const hsf_config *cfg, const hsf_system *sys,
                       hsf_error *err)
{
    speeds *s = state;
    s->file = hsf_config_string(cfg, "file");
    s->dim = hsf_system_dim(sys);
    s->n = hsf_system_count(sys);
    s->bins = (size_t)hsf_config_int(cfg, "bins");
    s->start = hsf_config_double(cfg, "start");
    s->vmax = hsf_config_double(cfg, "max_speed");
    if (s->start > hsf_system_end_time(sys))
        return hsf_config_error(cfg, err, "start", "%g is after end_time %g: no sample",
                                s->start, hsf_system_end_time(sys));
    if (s->n == 0)
        return hsf_error_set(err, "speeds: no particles");
    if (s->vmax == 0) {
        /* sum m v^2 = 2K, so the rms speed needs the mean v^2 per particle */
        double v2 = 0;
        for (size_t i = 0; i < s->n; i++) {
            hsf_particle_view p;
            hsf_system_particle(sys, i, &p);
            double u[3] = { 0, 0, 0 };
            if (hsf_system_shear(sys, NULL, NULL) != 0)
                hsf_system_flow_velocity(sys, p.r, u);
            for (int a = 0; a < 3; a++)
                v2 += (p.v[a] - u[a]) * (p.v[a] - u[a]);
        }
        s->vmax = 4 * sqrt(v2 / (double)s->n);
        if (!(s->vmax > 0))
            return hsf_config_error(cfg, err, "max_speed", "every particle is at rest: "
                                    "give max_speed");
    }
    s->count = calloc(s->bins + 1, sizeof *s->count);
    s->previous = malloc(s->n * sizeof *s->previous);
    if (!s->count || !s->previous || collect_masses(s, sys) ||
        make_classes(s, sys, (size_t)hsf_config_int(cfg, "max_classes")))
        return hsf_error_set(err, "speeds: out of memory for %zu particles", s->n);
    return hsf_atomic_check(s->file, err);
}

static void speeds_fini(void *state)
{
    speeds *s = state;
    free(s->count);
    free(s->previous);
    free(s->mass);
    free(s->mult);
    free(s->cls);
    free(s->cls_n);
    free(s->cls_energy);
    free(s->cls_mass);
    free(s->cls_lo);
    free(s->cls_hi);
}

static int speeds_sample(void *state, const hsf_system *sys, hsf_error *err)
{
    (void)err;
    speeds *s = state;
    if (hsf_system_time(sys) < s->start)
        return 0;
    /* In a sheared box, the speeds about the streaming velocity. */
    int sheared = hsf_system_shear(sys, NULL, NULL) != 0;
    double twice_kinetic = 0;
    for (size_t i = 0; i < s->n; i++) {
        hsf_particle_view p;
        hsf_system_particle(sys, i, &p);
        if (sheared) {
            double u[3];
            hsf_system_flow_velocity(sys, p.r, u);
            for (int a = 0; a < 3; a++)
                p.v[a] -= u[a];
        }
        double v2 = p.v[0] * p.v[0] + p.v[1] * p.v[1] + p.v[2] * p.v[2], v = sqrt(v2);
        twice_kinetic += p.mass * v2;
        size_t b = v >= s->vmax ? s->bins : (size_t)(v / s->vmax * (double)s->bins);
        s->count[b < s->bins ? b : s->bins]++;
        s->cls_energy[s->cls[i]] += 0.5 * p.mass * v2;
        s->sum_v += v, s->sum_v2 += v2;
        if (s->samples > 0)
            s->sum_lag += v * s->previous[i];
        s->previous[i] = v;
    }
    s->kT_sum += (sheared ? twice_kinetic : 2 * hsf_system_kinetic_energy(sys)) /
                 (s->dim * (double)s->n);
    s->samples++;
    return 0;
}

/* Equilibrium speed density and distribution function for mass m at kT:
 *   2D (Rayleigh):  f = (m v / kT) exp(-x^2 / 2),  F = 1 - exp(-x^2 / 2)
 *   3D (Maxwell):   f = sqrt(2/pi) (m/kT)^(3/2) v^2 exp(-x^2 / 2),
 *                   F = erf(x / sqrt 2) - sqrt(2/pi) x exp(-x^2 / 2)
 * with x = v sqrt(m / kT) (Reif, Fundamentals of Statistical and Thermal
 * Physics, sec. 7.10). */
static double density_one(int dim, double m, double kT, double v)
{
    double x2 = m * v * v / kT;
    if (dim == 2)
        return m * v / kT * exp(-x2 / 2);
    return sqrt(2 / M_PI) * pow(m / kT, 1.5) * v * v * exp(-x2 / 2);
}

static double cdf_one(int dim, double m, double kT, double v)
{
    double x = v * sqrt(m / kT);
    if (dim == 2)
        return -expm1(-x * x / 2);
    return erf(x / M_SQRT2) - sqrt(2 / M_PI) * x * exp(-x * x / 2);
}

/* The mixture: averages over particles, i.e. over distinct masses weighted
 * by how many particles have them. */
static double density(const speeds *s, double kT, double v)
{
    double sum = 0;
    for (size_t k = 0; k < s->nmass; k++)
        sum += (double)s->mult[k] * density_one(s->dim, s->mass[k], kT, v);
    return sum / (double)s->n;
}

static double cdf(const speeds *s, double kT, double v)
{
    if (isinf(v))
        return 1;
    double sum = 0;
    for (size_t k = 0; k < s->nmass; k++)
        sum += (double)s->mult[k] * cdf_one(s->dim, s->mass[k], kT, v);
    return sum / (double)s->n;
}

/* Upper regularised incomplete gamma function Q(a, x) = Gamma(a, x) /
 * Gamma(a): the series for P below x = a + 1, Legendre's continued fraction
 * (evaluated by the modified Lentz method) above (Abramowitz and Stegun
 * 6.5.29 and 6.5.31). */
static double gamma_q(double a, double x)
{
    if (x <= 0)
        return 1;
    double prefactor = exp(-x + a * log(x) - lgamma(a));
    if (x < a + 1) {
        double term = 1 / a, sum = term;
        for (int k = 1; k < 1000 && fabs(term) > sum * 1e-16; k++) {
            term *= x / (a + k);
            sum += term;
        }
        return 1 - prefactor * sum;
    }
    const double tiny = 1e-300;
    double b = x + 1 - a, c = 1 / tiny, d = 1 / b, h = d;
    for (int k = 1; k < 1000; k++) {
        double an = -k * (k - a);
        b += 2;
        d = an * d + b;
        d = fabs(d) < tiny ? tiny : d;
        c = b + an / c;
        c = fabs(c) < tiny ? tiny : c;
        d = 1 / d;
        double step = d * c;
        h *= step;
        if (fabs(step - 1) < 1e-16)
            break;
    }
    return prefactor * h;
}

/* Pearson's chi-square over the bins (the overflow included), adjacent
 * bins pooled until each group expects at least 5 counts; a short tail
 * joins the group before it. */
static double chi_square(const speeds *s, double kT, uint64_t total, size_t *groups)
{
    double chi2 = 0, obs = 0, exp_ = 0, last_obs = 0, last_exp = 0;
    double width = s->vmax / (double)s->bins, low = 0;
    *groups = 0;
    for (size_t b = 0; b <= s->bins; b++) {
        double high = b < s->bins ? (double)(b + 1) * width : INFINITY;
        obs += (double)s->count[b];
        exp_ += (double)total * (cdf(s, kT, high) - cdf(s, kT, low));
        low = high;
        if (exp_ < 5 && b < s->bins)
            continue;
        if (exp_ < 5 && *groups > 0) {
            chi2 -= (last_obs - last_exp) * (last_obs - last_exp) / last_exp;
            obs += last_obs, exp_ += last_exp;
            --*groups;
        }
        if (exp_ > 0)
            chi2 += (obs - exp_) * (obs - exp_) / exp_;
        else if (obs > 0)
            chi2 = INFINITY;    /* counts where the theory allows none */
        ++*groups;
        last_obs = obs, last_exp = exp_;
        obs = exp_ = 0;
    }
    return chi2;
}

/* Samples of one particle are correlated: its speed changes only at
 * collisions, and partly.  With rho the lag-one autocorrelation of the
 * speed between samples, measured over all particles, and assuming it
 * decays geometrically, the sample holds n / tau independent speeds with
 * tau = (1 + rho) / (1 - rho) (the integrated autocorrelation time, Sokal,
 * "Monte Carlo methods in statistical mechanics", 1997), and never fewer
 * than one per particle.  Pearson's statistic under the null is inflated
 * by about tau, so it is divided by tau before the p-value: an
 * approximation, stated in the file. */
static double effective_count(const speeds *s, double *rho)
{
    double n = (double)s->samples * (double)s->n, mean = s->sum_v / n;
    double var = s->sum_v2 / n - mean * mean;
    *rho = 0;
    if (s->samples > 1 && var > 0) {
        double pairs = (double)(s->samples - 1) * (double)s->n;
        *rho = fmin(fmax((s->sum_lag / pairs - mean * mean) / var, 0), 1);
    }
    double tau = *rho < 1 ? (1 + *rho) / (1 - *rho) : INFINITY;
    return fmax(n / tau, (double)s->n);
}

static void write_histogram(FILE *out, const speeds *s, double kT, uint64_t total)
{
    double width = s->vmax / (double)s->bins;
    fprintf(out, "speed,density,theory\n");
    for (size_t b = 0; b < s->bins; b++) {
        double v = ((double)b + 0.5) * width;
        fprintf(out, "%.10g,%.10g,%.10g\n", v, (double)s->count[b] / ((double)total * width),
                density(s, kT, v));
    }
}

static void write_fit(FILE *out, const speeds *s, double kT, uint64_t total)
{
    size_t groups;
    double chi2 = chi_square(s, kT, total, &groups);
    double rho, neff = effective_count(s, &rho), scaled = chi2 * neff / (double)total;
    /* one constraint from the normalisation, one from the fitted kT */
    double dof = groups > 2 ? (double)groups - 2 : 1;
    fprintf(out, "# kT %.10g (2K/(dN), mean over %zu samples)\n", kT, s->samples);
    fprintf(out, "# speeds_counted %llu, beyond max_speed %.10g: %llu\n",
            (unsigned long long)total, s->vmax, (unsigned long long)s->count[s->bins]);
    fprintf(out, "# Pearson chi-square over %zu groups (bins pooled to >= 5 expected; "
            "overflow included), dof = groups - 2\n", groups);
    fprintf(out, "# samples of one particle are correlated (its speed changes only at "
            "collisions): chi2 is scaled by n_eff/n, n_eff = max(N, n (1 - rho)/(1 + rho)) "
            "= %.0f of n = %llu, rho = %.4f the lag-one speed autocorrelation\n", neff,
            (unsigned long long)total, rho);
    fprintf(out, "# chi2 %.10g dof %.0f chi2/dof %.6g p %.6g raw_chi2 %.10g\n", scaled, dof,
            scaled / dof, gamma_q(dof / 2, scaled / 2), chi2);
}

/* Equipartition: every class should have mean kinetic energy d kT / 2. */
static void write_classes(FILE *out, const speeds *s)
{
    for (size_t c = 0; c < s->nclass; c++) {
        if (s->cls_n[c] == 0)
            continue;
        double e = s->cls_energy[c] / ((double)s->cls_n[c] * (double)s->samples);
        fprintf(out, "# mass %.10g: particles %zu, mean kinetic energy %.10g, kT_class = %.10g",
                s->cls_mass[c] / (double)s->cls_n[c], s->cls_n[c], e, e * 2 / s->dim);
        if (s->cls_lo[c] < s->cls_hi[c])
            fprintf(out, " (masses %.6g to %.6g)", s->cls_lo[c], s->cls_hi[c]);
        fputc('\n', out);
    }
}

static int speeds_end(void *state, const hsf_system *sys, hsf_error *err)
{
    (void)sys;
    speeds *s = state;
    if (s->samples == 0)
        return hsf_error_set(err, "speeds: no sample at or after start = %g", s->start);
    uint64_t total = (uint64_t)s->samples * s->n;
    double kT = s->kT_sum / (double)s->samples;
    hsf_atomic_file *f = hsf_atomic_open(s->file, err);
    if (!f)
        return -1;
    FILE *out = hsf_atomic_stream(f);
    write_histogram(out, s, kT, total);
    if (kT > 0)
        write_fit(out, s, kT, total);
    write_classes(out, s);
    return hsf_atomic_commit(f, err);
}

/* Checkpoints: the histogram, the sums and each particle's previous
 * speed. */
static int speeds_save(void *state, const hsf_system *sys, hsf_state *st, hsf_error *err)
{
    (void)sys;
    speeds *s = state;
    double sums[4] = { s->kT_sum, s->sum_v, s->sum_v2, s->sum_lag };
    return (hsf_state_put(st, &s->samples, sizeof s->samples, err) ||
            hsf_state_put(st, sums, sizeof sums, err) ||
            hsf_state_put(st, s->count, (s->bins + 1) * sizeof *s->count, err) ||
            hsf_state_put(st, s->cls_energy, s->nclass * sizeof *s->cls_energy, err) ||
            hsf_state_put(st, s->previous, s->n * sizeof *s->previous, err)) ? -1 : 0;
}

static int speeds_restore(void *state, const hsf_system *sys, hsf_state *st, hsf_error *err)
{
    (void)sys;
    speeds *s = state;
    double sums[4];
    if (hsf_state_get(st, &s->samples, sizeof s->samples, err) ||
        hsf_state_get(st, sums, sizeof sums, err) ||
        hsf_state_get(st, s->count, (s->bins + 1) * sizeof *s->count, err) ||
        hsf_state_get(st, s->cls_energy, s->nclass * sizeof *s->cls_energy, err) ||
        hsf_state_get(st, s->previous, s->n * sizeof *s->previous, err))
        return -1;
    s->kT_sum = sums[0], s->sum_v = sums[1], s->sum_v2 = sums[2], s->sum_lag = sums[3];
    return 0;
}

static const hsf_output_type speeds_type = {
    .state_size = sizeof(speeds),
    .init = speeds_init,
    .fini = speeds_fini,
    .sample = speeds_sample,
    .end = speeds_end,
    .save = speeds_save,
    .restore = speeds_restore,
};

HSF_PLUGIN(HSF_PLUGIN_OUTPUT, "speeds",
           "speed histogram against Rayleigh/Maxwell at the measured kT, chi-square fit, "
           "kinetic energy per mass class",
           speeds_params, &speeds_type)
