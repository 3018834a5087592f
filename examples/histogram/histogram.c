/* histogram: the distribution of one per-particle quantity, accumulated
 * over every sample of the run and written at the end as CSV: bin edges,
 * count, and probability density (count / (total * bin width)). */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include <hsframe/hsframe.h>

enum quantity { SPEED, KINETIC, X, Y, Z, VX, VY, VZ };

typedef struct histogram {
    enum quantity what;
    double lo, hi;
    long bins;
    unsigned long long *count, total, outside;
    const char *file;
} histogram;

static const hsf_param histogram_params[] = {
    { "file", HSF_PARAM_STRING, NULL, 0, 0, "CSV file to write" },
    { "quantity", HSF_PARAM_STRING, "speed", 0, 0,
      "speed, kinetic_energy, x, y, z, vx, vy or vz" },
    { "bins", HSF_PARAM_INT, "50", 1, 1e7, "number of bins" },
    { "min", HSF_PARAM_DOUBLE, "0", -1e300, 1e300, "lower edge of the first bin" },
    { "max", HSF_PARAM_DOUBLE, "5", -1e300, 1e300, "upper edge of the last bin" },
    { NULL, 0, NULL, 0, 0, NULL }
};

static int histogram_init(void *state, const hsf_config *cfg, const hsf_system *sys,
                          hsf_error *err)
{
    (void)sys;
    histogram *h = state;
    static const char *const names[] = { "speed", "kinetic_energy", "x", "y", "z",
                                         "vx", "vy", "vz" };
    const char *q = hsf_config_string(cfg, "quantity");
    size_t k = 0;
    while (k < 8 && strcmp(q, names[k]))
        k++;
    if (k == 8)
        return hsf_config_error(cfg, err, "quantity", "expected speed, kinetic_energy, x, y, "
                                "z, vx, vy or vz, found '%s'", q);
    h->what = (enum quantity)k;
    h->lo = hsf_config_double(cfg, "min");
    h->hi = hsf_config_double(cfg, "max");
    if (!(h->hi > h->lo))
        return hsf_config_error(cfg, err, "max", "expected max > min (%g), found %g", h->lo,
                                h->hi);
    h->bins = hsf_config_int(cfg, "bins");
    h->file = hsf_config_string(cfg, "file");
    if (!(h->count = calloc((size_t)h->bins, sizeof *h->count)))
        return hsf_error_set(err, "out of memory for %ld bins", h->bins);
    return 0;
}

static void histogram_fini(void *state)
{
    free(((histogram *)state)->count);
}

static double value(const histogram *h, const hsf_particle_view *p)
{
    double v2 = p->v[0] * p->v[0] + p->v[1] * p->v[1] + p->v[2] * p->v[2];
    switch (h->what) {
    case SPEED: return sqrt(v2);
    case KINETIC: return 0.5 * p->mass * v2;
    case X: case Y: case Z: return p->r[h->what - X];
    case VX: case VY: case VZ: return p->v[h->what - VX];
    }
    return 0;
}

static int histogram_sample(void *state, const hsf_system *sys, hsf_error *err)
{
    (void)err;
    histogram *h = state;
    for (size_t i = 0; i < hsf_system_count(sys); i++) {
        hsf_particle_view p;
        hsf_system_particle(sys, i, &p);
        double x = value(h, &p);
        long b = (long)floor((x - h->lo) / (h->hi - h->lo) * (double)h->bins);
        h->total++;
        if (b < 0 || b >= h->bins)
            h->outside++;
        else
            h->count[b]++;
    }
    return 0;
}

static int histogram_end(void *state, const hsf_system *sys, hsf_error *err)
{
    (void)sys;
    histogram *h = state;
    hsf_atomic_file *f = hsf_atomic_open(h->file, err);
    if (!f)
        return -1;
    FILE *out = hsf_atomic_stream(f);
    double width = (h->hi - h->lo) / (double)h->bins;
    fprintf(out, "bin_lo,bin_hi,count,density\n");
    for (long b = 0; b < h->bins; b++)
        fprintf(out, "%.10g,%.10g,%llu,%.10g\n", h->lo + b * width, h->lo + (b + 1) * width,
                h->count[b], h->total ? (double)h->count[b] / ((double)h->total * width) : 0.0);
    fprintf(out, "# %llu values, %llu outside [min, max)\n", h->total, h->outside);
    return hsf_atomic_commit(f, err);
}

/* Checkpoints (ABI 1.3): the counts so far; everything else init reads
 * again from the configuration. */
static int histogram_save(void *state, const hsf_system *sys, hsf_state *st, hsf_error *err)
{
    (void)sys;
    histogram *h = state;
    if (hsf_state_put(st, h->count, (size_t)h->bins * sizeof *h->count, err) ||
        hsf_state_put(st, &h->total, sizeof h->total, err) ||
        hsf_state_put(st, &h->outside, sizeof h->outside, err))
        return -1;
    return 0;
}

static int histogram_restore(void *state, const hsf_system *sys, hsf_state *st, hsf_error *err)
{
    (void)sys;
    histogram *h = state;
    if (hsf_state_get(st, h->count, (size_t)h->bins * sizeof *h->count, err) ||
        hsf_state_get(st, &h->total, sizeof h->total, err) ||
        hsf_state_get(st, &h->outside, sizeof h->outside, err))
        return -1;
    return 0;
}

static const hsf_output_type histogram_type = {
    .state_size = sizeof(histogram),
    .init = histogram_init,
    .fini = histogram_fini,
    .sample = histogram_sample,
    .end = histogram_end,
    .save = histogram_save,
    .restore = histogram_restore,
};

HSF_PLUGIN(HSF_PLUGIN_OUTPUT, "histogram",
           "histogram of one per-particle quantity over all samples (CSV at the end)",
           histogram_params, &histogram_type)
