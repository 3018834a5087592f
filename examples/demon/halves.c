/* halves: a CSV of the number of particles and the temperature in the left
 * and right halves of the extent along x, one row per sample (kT = K / N
 * per half in 2D, 2K / (3N) in 3D, with k_B = 1). */
#include <hsframe/hsframe.h>

typedef struct halves {
    const char *file;
    hsf_atomic_file *out;
} halves;

static const hsf_param halves_params[] = {
    { "file", HSF_PARAM_STRING, NULL, 0, 0, "CSV file to write" },
    { NULL, 0, NULL, 0, 0, NULL }
};

static int halves_init(void *state, const hsf_config *cfg, const hsf_system *sys,
                       hsf_error *err)
{
    (void)sys, (void)err;
    ((halves *)state)->file = hsf_config_string(cfg, "file");
    return 0;
}

static int halves_begin(void *state, const hsf_system *sys, hsf_error *err)
{
    (void)sys;
    halves *h = state;
    if (!(h->out = hsf_atomic_open(h->file, err)))
        return -1;
    fputs("time,n_left,temperature_left,n_right,temperature_right\n",
          hsf_atomic_stream(h->out));
    return 0;
}

static int halves_sample(void *state, const hsf_system *sys, hsf_error *err)
{
    (void)err;
    halves *h = state;
    double lo[3], hi[3], kinetic[2] = { 0, 0 };
    int periodic[3];
    size_t count[2] = { 0, 0 };
    hsf_system_extent(sys, lo, hi, periodic);
    double mid = (lo[0] + hi[0]) / 2;
    for (size_t i = 0; i < hsf_system_count(sys); i++) {
        hsf_particle_view p;
        hsf_system_particle(sys, i, &p);
        int side = p.r[0] >= mid;
        count[side]++;
        kinetic[side] += 0.5 * p.mass * (p.v[0] * p.v[0] + p.v[1] * p.v[1] + p.v[2] * p.v[2]);
    }
    int dim = hsf_system_dim(sys);
    double t[2];
    for (int s = 0; s < 2; s++)
        t[s] = count[s] ? 2 * kinetic[s] / (dim * (double)count[s]) : 0;
    fprintf(hsf_atomic_stream(h->out), "%.10g,%zu,%.10g,%zu,%.10g\n", hsf_system_time(sys),
            count[0], t[0], count[1], t[1]);
    return 0;
}

static int halves_end(void *state, const hsf_system *sys, hsf_error *err)
{
    (void)sys;
    halves *h = state;
    int rc = hsf_atomic_commit(h->out, err);
    h->out = NULL;
    return rc;
}

static void halves_fini(void *state)
{
    hsf_atomic_abort(((halves *)state)->out);
}

static const hsf_output_type halves_type = {
    .state_size = sizeof(halves),
    .init = halves_init,
    .fini = halves_fini,
    .begin = halves_begin,
    .sample = halves_sample,
    .end = halves_end,
};

HSF_PLUGIN(HSF_PLUGIN_OUTPUT, "halves",
           "CSV: particles and temperature in the left and right halves, per interval",
           halves_params, &halves_type)
