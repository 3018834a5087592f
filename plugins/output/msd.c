/* msd: the mean squared displacement against time lag, from unwrapped
 * positions (followed through periodic images), averaged over all particles
 * and all time origins, and the diffusion coefficient from its slope,
 * MSD = 2 d D t at long times.  Positions are kept at every sample, so
 * memory is N x samples x 24 bytes; init refuses runs above max_memory. */
#include <stdlib.h>

#include <hsframe/hsframe.h>

typedef struct msd {
    const char *file;
    double interval, fit_from;
    size_t n, max_samples, samples;
    double *r;              /* samples x n x 3 unwrapped positions */
} msd;

static const hsf_param msd_params[] = {
    { "file", HSF_PARAM_STRING, NULL, 0, 0, "CSV file to write: lag, msd, origins" },
    { "fit_from", HSF_PARAM_DOUBLE, "0.5", 0, 1,
      "fit D over lags from this fraction of the longest lag on" },
    { "max_memory", HSF_PARAM_DOUBLE, "1024", 1, 1e9, "MiB of stored positions allowed" },
    { NULL, 0, NULL, 0, 0, NULL }
};

static int msd_init(void *state, const hsf_config *cfg, const hsf_system *sys, hsf_error *err)
{
    msd *m = state;
    m->file = hsf_config_string(cfg, "file");
    m->fit_from = hsf_config_double(cfg, "fit_from");
    m->interval = hsf_config_double(cfg, "interval");
    if (!(m->interval > 0))
        return hsf_config_error(cfg, err, "interval", "expected an interval > 0 for msd");
    m->n = hsf_system_count(sys);
    m->max_samples = (size_t)(hsf_system_end_time(sys) / m->interval) + 2;
    double mib = (double)m->n * (double)m->max_samples * 3 * sizeof(double) / 1048576;
    if (mib > hsf_config_double(cfg, "max_memory"))
        return hsf_config_error(cfg, err, "interval", "%zu samples of %zu particles need "
                                "%.0f MiB, above max_memory: use a longer interval", m->max_samples,
                                m->n, mib);
    if (!(m->r = malloc(m->max_samples * m->n * 3 * sizeof *m->r)))
        return hsf_error_set(err, "out of memory for %.0f MiB of positions", mib);
    return hsf_atomic_check(m->file, err);
}

static void msd_fini(void *state)
{
    free(((msd *)state)->r);
}

static int msd_sample(void *state, const hsf_system *sys, hsf_error *err)
{
    (void)err;
    msd *m = state;
    if (m->samples == m->max_samples)
        return 0;   /* the final sample at end_time when it falls on the grid */
    double *r = m->r + m->samples * m->n * 3;
    for (size_t i = 0; i < m->n; i++) {
        hsf_particle_view p;
        hsf_system_particle(sys, i, &p);
        for (int a = 0; a < 3; a++)
            r[3 * i + a] = p.unwrapped[a];
    }
    m->samples++;
    return 0;
}

static int msd_end(void *state, const hsf_system *sys, hsf_error *err)
{
    msd *m = state;
    /* The last sample is taken at end_time, off the interval grid unless
     * end_time is a multiple of it: only the evenly spaced ones count. */
    size_t s = m->samples;
    if (s > 1 && (double)(s - 1) * m->interval > hsf_system_end_time(sys) * (1 + 1e-12))
        s--;
    hsf_atomic_file *f = hsf_atomic_open(m->file, err);
    if (!f)
        return -1;
    FILE *out = hsf_atomic_stream(f);
    fprintf(out, "lag,msd,origins\n");
    double sx = 0, sy = 0, sxx = 0, sxy = 0;
    size_t fit = 0, first = (size_t)(m->fit_from * (double)(s - 1));
    for (size_t k = 1; k < s; k++) {
        double sum = 0;
        for (size_t o = 0; o + k < s; o++) {
            const double *a = m->r + o * m->n * 3, *b = m->r + (o + k) * m->n * 3;
            for (size_t i = 0; i < 3 * m->n; i++)
                sum += (b[i] - a[i]) * (b[i] - a[i]);
        }
        size_t origins = s - k;
        double lag = (double)k * m->interval, value = sum / ((double)origins * (double)m->n);
        fprintf(out, "%.10g,%.17g,%zu\n", lag, value, origins);
        if (k >= first && k > 0) {
            sx += lag, sy += value, sxx += lag * lag, sxy += lag * value;
            fit++;
        }
    }
    /* Least squares line msd = slope * lag + c over the fitted lags. */
    double denominator = (double)fit * sxx - sx * sx;
    if (fit >= 2 && denominator > 0) {
        double slope = ((double)fit * sxy - sx * sy) / denominator;
        fprintf(out, "# diffusion_coefficient %.10g (slope / 2d, fitted over %zu lags from "
                "%g)\n", slope / (2 * hsf_system_dim(sys)), fit, (double)first * m->interval);
    }
    return hsf_atomic_commit(f, err);
}

/* Checkpoints: the positions sampled so far. */
static int msd_save(void *state, const hsf_system *sys, hsf_state *st, hsf_error *err)
{
    (void)sys;
    msd *m = state;
    return (hsf_state_put(st, &m->samples, sizeof m->samples, err) ||
            hsf_state_put(st, m->r, m->samples * m->n * 3 * sizeof *m->r, err)) ? -1 : 0;
}

static int msd_restore(void *state, const hsf_system *sys, hsf_state *st, hsf_error *err)
{
    (void)sys;
    msd *m = state;
    if (hsf_state_get(st, &m->samples, sizeof m->samples, err))
        return -1;
    if (m->samples > m->max_samples)
        return hsf_error_set(err, "the checkpoint holds %zu samples, at most %zu expected",
                             m->samples, m->max_samples);
    return hsf_state_get(st, m->r, m->samples * m->n * 3 * sizeof *m->r, err);
}

static const hsf_output_type msd_type = {
    .state_size = sizeof(msd),
    .init = msd_init,
    .fini = msd_fini,
    .sample = msd_sample,
    .end = msd_end,
    .save = msd_save,
    .restore = msd_restore,
};

HSF_PLUGIN(HSF_PLUGIN_OUTPUT, "msd",
           "mean squared displacement against lag (unwrapped), and the diffusion coefficient",
           msd_params, &msd_type)
