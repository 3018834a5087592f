/* xyz: a trajectory, one extended XYZ frame per sample, in one file that
 * appears when the run completes. */
#include <hsframe/hsframe.h>

typedef struct trajectory {
    const char *file;       /* owned by the configuration */
    hsf_atomic_file *out;   /* open from begin to end */
} trajectory;

static const hsf_param xyz_params[] = {
    { "file", HSF_PARAM_STRING, NULL, 0, 0, "file to write, relative to the current directory" },
    { NULL, 0, NULL, 0, 0, NULL }
};

static int xyz_init(void *state, const hsf_config *cfg, const hsf_system *sys, hsf_error *err)
{
    (void)sys;
    trajectory *t = state;
    t->file = hsf_config_string(cfg, "file");
    return hsf_atomic_check(t->file, err);
}

static int xyz_begin(void *state, const hsf_system *sys, hsf_error *err)
{
    (void)sys;
    trajectory *t = state;
    t->out = hsf_atomic_open(t->file, err);
    return t->out ? 0 : -1;
}

static int xyz_sample(void *state, const hsf_system *sys, hsf_error *err)
{
    trajectory *t = state;
    return hsf_write_xyz(hsf_atomic_stream(t->out), sys, err);
}

static int xyz_end(void *state, const hsf_system *sys, hsf_error *err)
{
    (void)sys;
    trajectory *t = state;
    int rc = hsf_atomic_commit(t->out, err);
    t->out = NULL;
    return rc;
}

static void xyz_fini(void *state)
{
    hsf_atomic_abort(((trajectory *)state)->out);
}

/* Checkpoints: the frames so far. */
static int xyz_save(void *state, const hsf_system *sys, hsf_state *st, hsf_error *err)
{
    (void)sys;
    return hsf_atomic_save(((trajectory *)state)->out, st, err);
}

static int xyz_restore(void *state, const hsf_system *sys, hsf_state *st, hsf_error *err)
{
    (void)sys;
    trajectory *t = state;
    return (t->out = hsf_atomic_resume(t->file, st, err)) ? 0 : -1;
}

static const hsf_output_type xyz_type = {
    .state_size = sizeof(trajectory),
    .init = xyz_init,
    .fini = xyz_fini,
    .begin = xyz_begin,
    .sample = xyz_sample,
    .end = xyz_end,
    .save = xyz_save,
    .restore = xyz_restore,
    .flags = HSF_OUTPUT_ANY_PARTICLES,   /* reads the system afresh at each sample */
};

HSF_PLUGIN(HSF_PLUGIN_OUTPUT, "xyz",
           "trajectory: one extended XYZ frame per interval (OVITO, ASE, VMD read it)",
           xyz_params, &xyz_type)
