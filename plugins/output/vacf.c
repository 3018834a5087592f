/* vacf: the velocity autocorrelation function C(t) = <v(0) . v(t)> against
 * lag, averaged over all particles and all time origins, and the
 * diffusion coefficient from its integral (Green-Kubo):
 *
 *     D = (1/d) integral from 0 to infinity of C(t) dt,
 *
 * taken by the trapezoidal rule over the sampled lags up to `window`.  The
 * last window / interval + 1 samples of every velocity are kept in a ring,
 * and each new sample is correlated with all of them at once, so memory is
 * N x (window / interval + 1) x d doubles and the cost N x lags per sample.
 * The standard error of D comes from blocks of consecutive time origins. */
#include <math.h>
#include <stdint.h>
#include <stdlib.h>

#include <hsframe/hsframe.h>

typedef struct vacf {
    const char *file;
    int dim;
    double interval, start;
    size_t n;               /* particles */
    size_t lags;            /* lags 0 .. lags - 1 are measured */
    size_t first, last;     /* grid indices (time / interval) of the first sample
                               kept and of the last one seen */
    size_t seen;            /* samples kept so far */
    size_t blocks, block_len; /* origins first + b block_len ... form block b */
    double *ring;           /* lags x n x dim velocities, sample j at j % lags */
    double *sum;            /* blocks x lags sums of v(o) . v(o + k) over particles */
    uint64_t *origins;      /* blocks x lags: how many origins went into each sum */
} vacf;

static const hsf_param vacf_params[] = {
    { "file", HSF_PARAM_STRING, NULL, 0, 0,
      "CSV file to write: lag, vacf, vacf_normalised, diffusion, origins" },
    { "window", HSF_PARAM_DOUBLE, NULL, 0, 1e300,
      "longest lag, in time units (rounded down to a multiple of interval)" },
    { "start", HSF_PARAM_DOUBLE, "0", 0, 1e300,
      "no time origin before this time (equilibration)" },
    { "blocks", HSF_PARAM_INT, "10", 2, 10000,
      "blocks of consecutive time origins for the standard error of D" },
    { "max_memory", HSF_PARAM_DOUBLE, "1024", 1, 1e9, "MiB of stored velocities allowed" },
    { NULL, 0, NULL, 0, 0, NULL }
};

static int vacf_init(void *state, const hsf_config *cfg, const hsf_system *sys, hsf_error *err)
{
    vacf *c = state;
    c->file = hsf_config_string(cfg, "file");
    c->dim = hsf_system_dim(sys);
    c->n = hsf_system_count(sys);
    c->interval = hsf_config_double(cfg, "interval");
    c->start = hsf_config_double(cfg, "start");
    double window = hsf_config_double(cfg, "window"), end = hsf_system_end_time(sys);
    if (!(c->interval > 0))
        return hsf_config_error(cfg, err, "interval", "expected an interval > 0 for vacf");
    if (window < c->interval)
        return hsf_config_error(cfg, err, "window", "expected a window of at least one "
                                "interval (%g), found %g", c->interval, window);
    if (c->start + window > end)
        return hsf_config_error(cfg, err, "window", "start %g + window %g is beyond end_time "
                                "%g: no time origin has the whole window", c->start, window, end);
    /* Grid indices: sample j is at j * interval (the host schedules them so). */
    c->lags = (size_t)(window / c->interval * (1 + 1e-12)) + 1;
    c->first = (size_t)ceil(c->start / c->interval * (1 - 1e-12));
    size_t final = (size_t)(end / c->interval * (1 + 1e-12));
    c->blocks = (size_t)hsf_config_int(cfg, "blocks");
    c->block_len = (final - c->first + 1 + c->blocks - 1) / c->blocks;
    c->last = SIZE_MAX;
    double mib = (double)c->n * (double)c->lags * c->dim * sizeof(double) / 1048576;
    if (mib > hsf_config_double(cfg, "max_memory"))
        return hsf_config_error(cfg, err, "window", "%zu lags of %zu particles need %.0f MiB, "
                                "above max_memory: use a shorter window or a longer interval",
                                c->lags, c->n, mib);
    if (!(c->ring = malloc(c->lags * c->n * (size_t)c->dim * sizeof *c->ring)) ||
        !(c->sum = calloc(c->blocks * c->lags, sizeof *c->sum)) ||
        !(c->origins = calloc(c->blocks * c->lags, sizeof *c->origins)))
        return hsf_error_set(err, "out of memory for %.0f MiB of velocities", mib);
    return hsf_atomic_check(c->file, err);
}

static void vacf_fini(void *state)
{
    vacf *c = state;
    free(c->ring);
    free(c->sum);
    free(c->origins);
}

/* Keeps the velocities of a sample on the interval grid from `start` on
 * (the final sample at end_time counts only when it falls on the grid) and
 * correlates them with every kept sample up to `lags - 1` before. */
static int vacf_sample(void *state, const hsf_system *sys, hsf_error *err)
{
    (void)err;
    vacf *c = state;
    double t = hsf_system_time(sys), x = t / c->interval;
    size_t j = (size_t)llround(x);
    if (fabs(x - (double)j) > 1e-9 * (1 + x) || j < c->first ||
        (c->last != SIZE_MAX && j <= c->last))
        return 0;
    size_t stride = c->n * (size_t)c->dim;
    double *now = c->ring + (j % c->lags) * stride;
    for (size_t i = 0; i < c->n; i++) {
        hsf_particle_view p;
        hsf_system_particle(sys, i, &p);
        for (int a = 0; a < c->dim; a++)
            now[(size_t)c->dim * i + a] = p.v[a];
    }
    c->last = j;
    c->seen++;
    size_t reach = c->seen < c->lags ? c->seen : c->lags;
    for (size_t k = 0; k < reach; k++) {
        size_t o = j - k;
        const double *then = c->ring + (o % c->lags) * stride;
        double dot = 0;
        for (size_t i = 0; i < stride; i++)
            dot += then[i] * now[i];
        size_t b = (o - c->first) / c->block_len;
        c->sum[b * c->lags + k] += dot;
        c->origins[b * c->lags + k]++;
    }
    return 0;
}

/* (1/d) times the trapezoidal integral of C over lags 0 .. lags - 1 of
 * block b, or of all blocks when b == blocks; NAN if a lag has no origin. */
static double green_kubo(const vacf *c, size_t b)
{
    double integral = 0, previous = 0;
    for (size_t k = 0; k < c->lags; k++) {
        double s = 0;
        uint64_t m = 0;
        for (size_t q = (b == c->blocks ? 0 : b); q < (b == c->blocks ? c->blocks : b + 1); q++) {
            s += c->sum[q * c->lags + k];
            m += c->origins[q * c->lags + k];
        }
        if (!m)
            return NAN;
        double value = s / ((double)m * (double)c->n);
        if (k > 0)
            integral += 0.5 * (previous + value) * c->interval;
        previous = value;
    }
    return integral / c->dim;
}

static int vacf_end(void *state, const hsf_system *sys, hsf_error *err)
{
    (void)sys;
    vacf *c = state;
    hsf_atomic_file *f = hsf_atomic_open(c->file, err);
    if (!f)
        return -1;
    FILE *out = hsf_atomic_stream(f);
    fprintf(out, "lag,vacf,vacf_normalised,diffusion,origins\n");
    double c0 = 0, running = 0, previous = 0;
    for (size_t k = 0; k < c->lags; k++) {
        double s = 0;
        uint64_t m = 0;
        for (size_t b = 0; b < c->blocks; b++) {
            s += c->sum[b * c->lags + k];
            m += c->origins[b * c->lags + k];
        }
        if (!m)
            break;  /* only when the run ended early: no origin this far back */
        double value = s / ((double)m * (double)c->n);
        if (k == 0)
            c0 = value;
        else
            running += 0.5 * (previous + value) * c->interval;
        previous = value;
        fprintf(out, "%.10g,%.17g,%.10g,%.17g,%llu\n", (double)k * c->interval, value,
                c0 > 0 ? value / c0 : NAN, running / c->dim, (unsigned long long)m);
    }
    /* Blocks whose origins all have the whole window give the error. */
    double mean = 0, square = 0;
    size_t full = 0;
    for (size_t b = 0; b < c->blocks; b++) {
        double d = green_kubo(c, b);
        if (isnan(d))
            continue;
        full++;
        double delta = d - mean;
        mean += delta / (double)full;
        square += delta * (d - mean);
    }
    double total = green_kubo(c, c->blocks);
    if (!isnan(total)) {
        fprintf(out, "# diffusion_coefficient %.10g (Green-Kubo: the integral of vacf over "
                "lags 0 to %g, trapezoidal, / d)\n", total,
                (double)(c->lags - 1) * c->interval);
        if (full >= 2)
            fprintf(out, "# diffusion_coefficient_error %.6g (standard error over %zu blocks "
                    "of time origins)\n", sqrt(square / (double)(full - 1) / (double)full),
                    full);
    }
    fprintf(out, "# samples %zu, particles %zu, interval %.10g\n", c->seen, c->n, c->interval);
    return hsf_atomic_commit(f, err);
}

/* Checkpoints: where the samples are, the ring of velocities and the sums. */
static int vacf_save(void *state, const hsf_system *sys, hsf_state *st, hsf_error *err)
{
    (void)sys;
    vacf *c = state;
    size_t cells = c->blocks * c->lags;
    return (hsf_state_put(st, &c->last, sizeof c->last, err) ||
            hsf_state_put(st, &c->seen, sizeof c->seen, err) ||
            hsf_state_put(st, c->ring, c->lags * c->n * (size_t)c->dim * sizeof *c->ring, err) ||
            hsf_state_put(st, c->sum, cells * sizeof *c->sum, err) ||
            hsf_state_put(st, c->origins, cells * sizeof *c->origins, err)) ? -1 : 0;
}

static int vacf_restore(void *state, const hsf_system *sys, hsf_state *st, hsf_error *err)
{
    (void)sys;
    vacf *c = state;
    size_t cells = c->blocks * c->lags;
    return (hsf_state_get(st, &c->last, sizeof c->last, err) ||
            hsf_state_get(st, &c->seen, sizeof c->seen, err) ||
            hsf_state_get(st, c->ring, c->lags * c->n * (size_t)c->dim * sizeof *c->ring, err) ||
            hsf_state_get(st, c->sum, cells * sizeof *c->sum, err) ||
            hsf_state_get(st, c->origins, cells * sizeof *c->origins, err)) ? -1 : 0;
}

static const hsf_output_type vacf_type = {
    .state_size = sizeof(vacf),
    .init = vacf_init,
    .fini = vacf_fini,
    .sample = vacf_sample,
    .end = vacf_end,
    .save = vacf_save,
    .restore = vacf_restore,
};

HSF_PLUGIN(HSF_PLUGIN_OUTPUT, "vacf",
           "velocity autocorrelation function against lag, and the diffusion coefficient "
           "from its integral (Green-Kubo)", vacf_params, &vacf_type)
