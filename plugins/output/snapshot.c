/* snapshot: the whole state in a file that hsframe reads back as input
 * (restart), rewritten atomically at every sample; the last one written is
 * the state at end_time. */
#include <string.h>

#include <hsframe/hsframe.h>

typedef struct snapshot {
    const char *file;   /* owned by the configuration */
    int xyz;            /* 1: extended XYZ, 0: algs4 */
} snapshot;

static const hsf_param snapshot_params[] = {
    { "file", HSF_PARAM_STRING, NULL, 0, 0, "file to write, relative to the current directory" },
    { "format", HSF_PARAM_STRING, "auto", 0, 0,
      "algs4 (2D only), xyz (extended XYZ), or auto: algs4 in 2D, xyz in 3D" },
    { NULL, 0, NULL, 0, 0, NULL }
};

static int snapshot_init(void *state, const hsf_config *cfg, const hsf_system *sys,
                         hsf_error *err)
{
    snapshot *s = state;
    const char *format = hsf_config_string(cfg, "format");
    s->file = hsf_config_string(cfg, "file");
    /* auto: what can hold the system (algs4 has no z, bonds or species). */
    if (!strcmp(format, "auto"))
        s->xyz = hsf_system_dim(sys) == 3 || hsf_system_bond_count(sys) > 0 ||
                 hsf_system_species_name(sys, 0) != NULL;
    else if (!strcmp(format, "xyz"))
        s->xyz = 1;
    else if (!strcmp(format, "algs4"))
        s->xyz = 0;
    else
        return hsf_config_error(cfg, err, "format", "expected algs4, xyz or auto, found '%s'",
                                format);
    if (!s->xyz && hsf_system_dim(sys) != 2)
        return hsf_config_error(cfg, err, "format", "the algs4 format is 2D only: use xyz");
    if (!s->xyz && hsf_system_bond_count(sys) > 0)
        return hsf_config_error(cfg, err, "format", "the algs4 format cannot hold bonds: use "
                                "xyz");
    return hsf_atomic_check(s->file, err);
}

static int snapshot_sample(void *state, const hsf_system *sys, hsf_error *err)
{
    const snapshot *s = state;
    hsf_atomic_file *f = hsf_atomic_open(s->file, err);
    if (!f)
        return -1;
    FILE *out = hsf_atomic_stream(f);
    if (s->xyz ? hsf_write_xyz(out, sys, err) : hsf_write_algs4(out, sys, err)) {
        hsf_atomic_abort(f);
        return -1;
    }
    return hsf_atomic_commit(f, err);
}

/* Checkpoints: each snapshot is written whole when it is taken, so there
 * is nothing to keep. */
static int snapshot_save(void *state, const hsf_system *sys, hsf_state *st, hsf_error *err)
{
    (void)state, (void)sys, (void)st, (void)err;
    return 0;
}

static int snapshot_restore(void *state, const hsf_system *sys, hsf_state *st, hsf_error *err)
{
    (void)state, (void)sys, (void)st, (void)err;
    return 0;
}

static const hsf_output_type snapshot_type = {
    .state_size = sizeof(snapshot),
    .init = snapshot_init,
    .sample = snapshot_sample,
    .save = snapshot_save,
    .restore = snapshot_restore,
    .flags = HSF_OUTPUT_ANY_PARTICLES,   /* reads the system afresh at each sample */
};

HSF_PLUGIN(HSF_PLUGIN_OUTPUT, "snapshot",
           "the state (algs4 or extended XYZ) at each interval and at the end, readable as input",
           snapshot_params, &snapshot_type)
