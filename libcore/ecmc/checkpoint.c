/* Checkpoints of the engine (ecmc.h): the sections every engine writes
 * (shared/checkpoint_run.h) around CELL (the grid's cells, whose order of
 * particles a resumed run must see as the uninterrupted one does) and
 * ECMC (the chain under way, the counters and the pressure's blocks).
 * They are written between chains only, where a run cut in pieces and
 * one that is not do the same arithmetic. */
#include <string.h>

#include "ecmc/ecmc.h"
#include "host/error_private.h"
#include "shared/checkpoint_run.h"

static size_t cells_bytes(const hsf_cells *c)
{
    size_t size = 0;
    for (int li = 0; li < c->nlevels; li++) {
        const hsf_cell_level *l = &c->level[li];
        size += (size_t)l->n[0] * l->n[1] * l->n[2] * l->stride * sizeof(uint32_t);
    }
    return size;
}

int hsf_ecmc_checkpoint_write(const hsf_ecmc *e, hsf_system *sys, const char *path,
                              const hsf_ckpt_run *run, hsf_error *err)
{
    hsf_ckpt_writer w;
    if (hsf_ckpt_create(&w, path, err))
        return hsf_error_prefix(err, "checkpoint: ");
    hsf_ckpt_write_run(&w, sys, run, 0, 0, NULL);   /* no queue, no seqs */
    const hsf_cells *c = &sys->cells;
    hsf_ckpt_begin_section(&w, "CELL", cells_bytes(c));
    for (int li = 0; li < c->nlevels; li++) {
        const hsf_cell_level *l = &c->level[li];
        hsf_ckpt_put(&w, l->cells, (size_t)l->n[0] * l->n[1] * l->n[2] * l->stride *
                                       sizeof(uint32_t));
    }
    hsf_ckpt_begin_section(&w, "ECMC", sizeof e->s + sizeof e->blocks);
    hsf_ckpt_put(&w, &e->s, sizeof e->s);
    hsf_ckpt_put(&w, &e->blocks, sizeof e->blocks);
    if (hsf_ckpt_write_outputs(&w, sys, err)) {
        hsf_ckpt_abort(&w);
        return -1;
    }
    return hsf_ckpt_commit(&w, err) ? hsf_error_prefix(err, "checkpoint %s: ", path) : 0;
}

static int read_sections(hsf_ecmc *e, hsf_system *sys, hsf_ckpt_reader *r, hsf_ckpt_run *run,
                         hsf_error *err)
{
    const unsigned char *d;
    size_t size;
    uint64_t seq;
    if (hsf_ckpt_read_run(sys, r, run, 0, &seq, &d, err) ||
        hsf_ckpt_read_bodies(sys, r, NULL, err) ||
        hsf_ckpt_next(r, "CELL", &d, &size, err))
        return -1;
    hsf_cells *c = &sys->cells;
    if (size != cells_bytes(c))
        return hsf_error_set(err, "%s: checkpoint's cell grid does not match this run's",
                             r->path);
    for (int li = 0; li < c->nlevels; li++) {
        hsf_cell_level *l = &c->level[li];
        size_t bytes = (size_t)l->n[0] * l->n[1] * l->n[2] * l->stride * sizeof(uint32_t);
        memcpy(l->cells, d, bytes);
        d += bytes;
    }
    if (hsf_ckpt_next(r, "ECMC", &d, &size, err))
        return -1;
    hsf_ecmc_scalars sc;
    if (size != sizeof e->s + sizeof e->blocks || (memcpy(&sc, d, sizeof sc), sc.n != sys->n))
        return hsf_error_set(err, "%s: checkpoint's ECMC section is damaged", r->path);
    e->s = sc;
    memcpy(&e->blocks, d + sizeof sc, sizeof e->blocks);
    /* The chains' copy from the grid as read: its order is the grid's. */
    if (e->pack.data && hsf_ecmc_pack_build(&e->pack, sys, err))
        return -1;
    return hsf_ckpt_read_outputs(sys, r, err);
}

int hsf_ecmc_checkpoint_read(hsf_ecmc *e, hsf_system *sys, const char *path,
                             hsf_ckpt_run *run, hsf_error *err)
{
    hsf_ckpt_reader r;
    if (hsf_ckpt_open(&r, path, err))
        return -1;
    int rc = read_sections(e, sys, &r, run, err);
    hsf_ckpt_close(&r);
    return rc;
}
