/* thermo: a CSV table of thermodynamic quantities, one row per sample. */
#include <hsframe/hsframe.h>

typedef struct thermo {
    const char *file;       /* owned by the configuration */
    hsf_atomic_file *out;   /* open from begin to end */
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

static int thermo_begin(void *state, const hsf_system *sys, hsf_error *err)
{
    (void)sys;
    thermo *t = state;
    if (!(t->out = hsf_atomic_open(t->file, err)))
        return -1;
    fputs("time,events,collisions,kinetic_energy,temperature\n", hsf_atomic_stream(t->out));
    return 0;
}

static int thermo_sample(void *state, const hsf_system *sys, hsf_error *err)
{
    (void)err;
    thermo *t = state;
    hsf_stats s;
    hsf_system_stats(sys, &s);
    double k = hsf_system_kinetic_energy(sys);
    size_t n = hsf_system_count(sys);
    /* Equipartition in d dimensions, Boltzmann's constant 1: K = d N kT / 2. */
    double temperature = 2 * k / ((double)hsf_system_dim(sys) * (double)n);
    fprintf(hsf_atomic_stream(t->out), "%.17g,%llu,%llu,%.17g,%.17g\n", hsf_system_time(sys),
            (unsigned long long)s.events, (unsigned long long)s.collisions, k, temperature);
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

static const hsf_output_type thermo_type = {
    .state_size = sizeof(thermo),
    .init = thermo_init,
    .fini = thermo_fini,
    .begin = thermo_begin,
    .sample = thermo_sample,
    .end = thermo_end,
};

HSF_PLUGIN(HSF_PLUGIN_OUTPUT, "thermo",
           "CSV table per interval: time, events, collisions, kinetic_energy, temperature",
           thermo_params, &thermo_type)
