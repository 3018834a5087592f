/* events: a CSV log of every collision (time, kind, particles, wall), for
 * teaching and debugging. */
#include <hsframe/hsframe.h>

typedef struct event_log {
    const char *file;       /* owned by the configuration */
    hsf_atomic_file *out;   /* open from begin to end */
} event_log;

static const hsf_param events_params[] = {
    { "file", HSF_PARAM_STRING, NULL, 0, 0, "CSV file to write, relative to the current directory" },
    { NULL, 0, NULL, 0, 0, NULL }
};

static int events_init(void *state, const hsf_config *cfg, const hsf_system *sys,
                       hsf_error *err)
{
    (void)sys;
    event_log *e = state;
    e->file = hsf_config_string(cfg, "file");
    return hsf_atomic_check(e->file, err);
}

static int events_begin(void *state, const hsf_system *sys, hsf_error *err)
{
    (void)sys;
    event_log *e = state;
    if (!(e->out = hsf_atomic_open(e->file, err)))
        return -1;
    fputs("time,kind,i,j,impulse\n", hsf_atomic_stream(e->out));
    return 0;
}

/* Particles are numbered from 1 as in the input file; j is the partner
 * particle for a pair and a step (of a stepped potential or a bond), the
 * wall number for a wall. */
static int events_on_event(void *state, const hsf_system *sys, const hsf_event_info *ev,
                           hsf_error *err)
{
    (void)sys, (void)err;
    event_log *e = state;
    int wall = ev->kind == HSF_EVENT_WALL;
    fprintf(hsf_atomic_stream(e->out), "%.17g,%s,%u,%u,%.17g\n", ev->time,
            wall ? "wall" : ev->kind == HSF_EVENT_PAIR ? "pair" : "step", ev->i + 1,
            wall ? ev->j : ev->j + 1, ev->impulse);
    return 0;
}

static int events_end(void *state, const hsf_system *sys, hsf_error *err)
{
    (void)sys;
    event_log *e = state;
    int rc = hsf_atomic_commit(e->out, err);
    e->out = NULL;
    return rc;
}

static void events_fini(void *state)
{
    hsf_atomic_abort(((event_log *)state)->out);
}

/* Checkpoints: the log so far. */
static int events_save(void *state, const hsf_system *sys, hsf_state *st, hsf_error *err)
{
    (void)sys;
    return hsf_atomic_save(((event_log *)state)->out, st, err);
}

static int events_restore(void *state, const hsf_system *sys, hsf_state *st, hsf_error *err)
{
    (void)sys;
    event_log *e = state;
    return (e->out = hsf_atomic_resume(e->file, st, err)) ? 0 : -1;
}

static const hsf_output_type events_type = {
    .state_size = sizeof(event_log),
    .event_mask = HSF_EVENT_MASK(HSF_EVENT_PAIR) | HSF_EVENT_MASK(HSF_EVENT_WALL) |
                  HSF_EVENT_MASK(HSF_EVENT_STEP),
    .init = events_init,
    .fini = events_fini,
    .begin = events_begin,
    .on_event = events_on_event,
    .end = events_end,
    .save = events_save,
    .restore = events_restore,
    .flags = HSF_OUTPUT_ANY_PARTICLES,   /* reads the system afresh at each sample */
};

HSF_PLUGIN(HSF_PLUGIN_OUTPUT, "events",
           "CSV log of every collision: time, kind (pair/wall/step), particles (from 1), impulse",
           events_params, &events_type)
