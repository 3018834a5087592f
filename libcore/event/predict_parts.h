/* What the two predictions share (private to predict.c and
 * predict_model.c): a box's exit without cells, the cells a crossing
 * brings into reach and its kept partner, and the error of a boundary's
 * answer that no time can be. */
#ifndef HSF_EVENT_PREDICT_PARTS_H
#define HSF_EVENT_PREDICT_PARTS_H

#include <math.h>

#include "event/pair_scan.h"
#include "event/predict.h"
#include "host/error_private.h"

/* Without lists: time until a particle moving as m (at its own clock)
 * leaves the box through a periodic face, which one in *axis and *dir. */
static double box_exit_time(const hsf_system *sys, const hsf_motion *m, int *axis, int *dir)
{
    double best = INFINITY;
    for (int a = 0; a < sys->dim; a++) {
        if (!sys->periodic[a] || m->v[a] == 0)
            continue;
        double face = m->v[a] > 0 ? sys->hi[a] : sys->lo[a];
        double dt = fmax(0, (face - m->r[a]) / m->v[a]);
        if (dt < best)
            best = dt, *axis = a, *dir = m->v[a] > 0 ? 1 : -1;
    }
    return best;
}

/* Of the block around a particle's cell just after it crossed face (axis,
 * dir) (hsf_cells_block_list order: x fastest, then y, then z), the layer
 * that was not in the block around the cell it left. */
static int new_layer(const hsf_block_cell *block, int cells, int axis, int dir,
                     hsf_block_cell *out)
{
    int count = 0, far = dir > 0 ? 2 : 0;
    for (int k = 0; k < cells; k++) {
        int digit = axis == 0 ? k % 3 : axis == 1 ? k / 3 % 3 : k / 9;
        if (digit == far)
            out[count++] = block[k];
    }
    return count;
}

/* Notes the kept partner j of a crossing as the batch's first candidate,
 * seen through its nearest image: they are closer than a third of the box
 * (e->keep_partner), and their distance shrinks until they touch. */
static void note_kept_partner(const hsf_system *sys, uint32_t j, pair_search *s)
{
    hsf_pair_batch *pb = &s->batch;
    double rj[3];
    hsf_position_at(&sys->m[j], s->now, rj);
    for (int a = 0; a < 3; a++) {
        double len = sys->cells.len[a];
        double shift = sys->periodic[a] ? len * nearbyint((s->ri[a] - rj[a]) / len) : 0;
        pb->shift[a][pb->n] = shift;
        s->shifted |= shift != 0;
    }
    pb->j[pb->n++] = j;
}

/* A boundary's next_hit answered something no time can be. */
static __attribute__((noinline, cold)) int bad_hit(const hsf_system *sys, uint32_t i, double t,
                                                   hsf_error *err)
{
    return hsf_error_set(err, "boundary %s: next_hit returned %g for particle %lu at "
                         "t = %.17g: expected a time >= 0, or INFINITY for never",
                         sys->boundary.plugin.info->name, t, (unsigned long)i + 1, sys->time);
}

/* The cells a crossing particle searches: when the crossing kept its
 * partner (it has not changed since), only the layer the crossing brought
 * into reach, with that partner noted as the first candidate; otherwise
 * the whole block. Sets *cells to the number of cells returned. */
__attribute__((always_inline)) static inline const hsf_block_cell *
crossing_cells(const hsf_system *sys, int keep_partner, const crossing *cross,
               const hsf_block_cell *block, int *cells, hsf_block_cell *layer, pair_search *s)
{
    if (!cross || !keep_partner ||
        (cross->partner != HSF_NONE && cross->changed))
        return block;
    *cells = new_layer(block, *cells, cross->axis, cross->dir, layer);
    if (cross->partner != HSF_NONE)
        note_kept_partner(sys, cross->partner, s);
    return layer;
}

#endif
