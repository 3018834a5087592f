/* Checkpoints of the time-step engine (step.h): the sections every engine
 * writes (shared/checkpoint_run.h) around STEP, which holds the engine's
 * counters and its positions, velocities and accelerations as they are
 * between two steps.  The accelerations are saved rather than computed
 * again: contact changes velocities after them, so for forces that read
 * velocities they are not those of the saved (r, v). */
#include <stdlib.h>
#include <string.h>

#include "host/error_private.h"
#include "shared/checkpoint_run.h"
#include "timestep/step.h"

typedef struct step_scalars {
    uint64_t n;             /* particles: must match */
    uint64_t steps, force_calls;
    double potential, energy0;
    hsf_contact_stats cs;
} step_scalars;

int hsf_timestep_checkpoint_write(const hsf_timestep *st, hsf_system *sys, const char *path,
                                  const hsf_ckpt_run *run, hsf_error *err)
{
    hsf_ckpt_writer w;
    if (hsf_ckpt_create(&w, path, err))
        return hsf_error_prefix(err, "checkpoint: ");
    hsf_ckpt_write_run(&w, sys, run, 0, 0, NULL);   /* no queue, no seqs */
    step_scalars sc = { .n = st->n, .steps = st->steps, .force_calls = st->force_calls,
                        .potential = st->potential, .energy0 = st->energy0, .cs = st->cs };
    size_t vectors = 3 * st->n * sizeof(double);
    hsf_ckpt_begin_section(&w, "STEP", sizeof sc + 3 * vectors);
    hsf_ckpt_put(&w, &sc, sizeof sc);
    hsf_ckpt_put(&w, st->r, vectors);
    hsf_ckpt_put(&w, st->v, vectors);
    hsf_ckpt_put(&w, st->a, vectors);
    if (hsf_ckpt_write_outputs(&w, sys, err)) {
        hsf_ckpt_abort(&w);
        return -1;
    }
    return hsf_ckpt_commit(&w, err) ? hsf_error_prefix(err, "checkpoint %s: ", path) : 0;
}

static int read_sections(hsf_timestep *st, hsf_system *sys, hsf_ckpt_reader *r,
                         hsf_ckpt_run *run, hsf_error *err)
{
    const unsigned char *d;
    size_t size;
    uint64_t seq;
    if (hsf_ckpt_read_run(sys, r, run, 0, &seq, &d, err) ||
        hsf_ckpt_read_bodies(sys, r, NULL, err) ||
        hsf_ckpt_next(r, "STEP", &d, &size, err))
        return -1;
    step_scalars sc;
    size_t vectors = 3 * st->n * sizeof(double);
    if (size != sizeof sc + 3 * vectors || (memcpy(&sc, d, sizeof sc), sc.n != st->n))
        return hsf_error_set(err, "%s: checkpoint's STEP section is damaged", r->path);
    st->steps = sc.steps;
    st->force_calls = sc.force_calls;
    st->potential = sys->potential = sc.potential;
    st->energy0 = sc.energy0;
    st->cs = sc.cs;
    d += sizeof sc;
    memcpy(st->r, d, vectors);
    memcpy(st->v, d + vectors, vectors);
    memcpy(st->a, d + 2 * vectors, vectors);
    return hsf_ckpt_read_outputs(sys, r, err);
}

int hsf_timestep_checkpoint_read(hsf_timestep *st, hsf_system *sys, const char *path,
                                 hsf_ckpt_run *run, hsf_error *err)
{
    hsf_ckpt_reader r;
    if (hsf_ckpt_open(&r, path, err))
        return -1;
    int rc = read_sections(st, sys, &r, run, err);
    hsf_ckpt_close(&r);
    return rc;
}
