/* Where the candidates of a prediction come from (pair_search.h): the
 * cells of a block, a cell scan, every other particle; each noted in the
 * batch and solved (pair_solve.h).  Included by the predictions only
 * (predict.c, predict_model.c), which hold the scans that call them. */
#ifndef HSF_EVENT_PAIR_SCAN_H
#define HSF_EVENT_PAIR_SCAN_H

#include "event/pair_solve.h"

/* The plain case of a cell search (hsf_cells_block_list): the candidates
 * noted without a branch per cell: each cell's slots are all copied and
 * the count advanced by those that hold a neighbour, so that the cells'
 * varying occupancy costs no mispredicted branches.  Overflow chains
 * (rare: the slots are sized for twice the mean occupancy) are walked.
 * Same candidates in the same order as hsf_cells_scan, so the same bits.
 * model (a constant): which solve the batches go to (solve_batch_by). */
__attribute__((always_inline)) static inline void
scan_cells_as(const hsf_system *sys, uint32_t i, const hsf_block_cell *block, int cells,
              pair_search *s, int model, uint32_t slots)
{
    const hsf_cell_level *l = &sys->cells.level[0];
    hsf_pair_batch *pb = &s->batch;
    uint32_t home = sys->b[i].cell;     /* the one cell that holds i (one level) */
    uint32_t n = pb->n;     /* in a local: pb->j's stores may alias pb->n */
    for (int k = 0; k < cells; k++) {
        const uint32_t *cell = hsf_cell_at(l, block[k].cell);
        double shift[3] = { 0, 0, 0 };
        if (s->shifted)     /* else every cell is seen as it is */
            for (int a = 0; a < 3; a++)
                shift[a] = block[k].shift[a] * sys->cells.len[a];
        if (n + slots > HSF_PAIR_BATCH) {
            pb->n = n;
            solve_batch_by(s, model);
            n = pb->n;
        }
        uint32_t count = cell[0];
        if (block[k].cell == home) {
            for (uint32_t q = 0; q < slots; q++) {
                uint32_t j = cell[2 + q];
                pb->j[n] = j;
                if (s->shifted)
                    for (int a = 0; a < 3; a++)
                        pb->shift[a][n] = shift[a];
                n += (q < count) & (j != i);
            }
        } else {
            /* i is in its own cell only: here every slot in use counts. */
            for (uint32_t q = 0; q < slots; q++)
                pb->j[n + q] = cell[2 + q];
            if (s->shifted)
                for (uint32_t q = 0; q < slots; q++)
                    for (int a = 0; a < 3; a++)
                        pb->shift[a][n + q] = shift[a];
            n += count < slots ? count : slots;
        }
        if (count > slots)
            for (uint32_t j = cell[1]; j != HSF_NONE; j = sys->b[j].next)
                if (j != i) {
                    if (n == HSF_PAIR_BATCH) {
                        pb->n = n;
                        solve_batch_by(s, model);
                        n = pb->n;
                    }
                    for (int a = 0; a < 3; a++)
                        pb->shift[a][n] = shift[a];
                    pb->j[n++] = j;
                }
    }
    pb->n = n;
}

/* scan_cells_as with the slots of a grid with 4, 8 or 16 words a cell as
 * constants, so that the loop over a cell's slots is unrolled: with the
 * count of slots read at run time, the slots cost a fifth of the run's
 * instructions (4000 spheres at 0.30, two slots a cell). */
__attribute__((always_inline)) static inline void
scan_block_as(const hsf_system *sys, uint32_t i, const hsf_block_cell *block, int cells,
              pair_search *s, int model)
{
    switch (hsf_cell_slots(&sys->cells.level[0])) {
    case 2:
        scan_cells_as(sys, i, block, cells, s, model, 2);
        break;
    case 6:
        scan_cells_as(sys, i, block, cells, s, model, 6);
        break;
    default:
        scan_cells_as(sys, i, block, cells, s, model, hsf_cell_slots(&sys->cells.level[0]));
    }
}

/* Solves the pair with j (seen through shift) at once, the branching way:
 * cheaper than a batch where a prediction has only a few candidates (the
 * 2D gas: 3 or 4 in 9 sparse cells).  Same formula, same bits. */
__attribute__((always_inline)) static inline void consider_now(void *ctx, uint32_t j,
                                                                const double shift[3],
                                                                const double corner[3],
                                                                const float *offset)
{
    (void)corner, (void)offset;
    pair_search *s = ctx;
    const hsf_motion *mj = &s->m[j];
    double dr[3], dv[3];
    relative_motion(s, mj, shift, dr, dv);
    double dt = hsf_pair_time_before(dr, dv, s->mi->radius + mj->radius, s->best);
    if (dt < s->best) {
        s->best = dt;
        s->partner = j;
    }
}

/* Notes candidate j (seen through shift) in the batch; 1 when it is full. */
__attribute__((always_inline)) static inline int note_candidate(pair_search *s, uint32_t j,
                                                                const double shift[3])
{
    hsf_pair_batch *pb = &s->batch;
    uint32_t k = pb->n;
    for (int a = 0; a < 3; a++)
        pb->shift[a][k] = shift[a];
    pb->j[k] = j;
    return ++pb->n == HSF_PAIR_BATCH;
}

/* Notes candidate j (seen through shift); solve_batch_field reads its
 * record (hard spheres in a field). */
__attribute__((always_inline)) static inline void consider_pair_field(void *ctx, uint32_t j,
                                                                       const double shift[3],
                                                                       const double corner[3],
                                                                       const float *offset)
{
    (void)corner, (void)offset;
    if (note_candidate(ctx, j, shift))
        solve_batch_field(ctx);
}

/* Notes candidate j (seen through shift); solve_batch reads its record. */
__attribute__((always_inline)) static inline void consider_pair(void *ctx, uint32_t j,
                                                                 const double shift[3],
                                                                 const double corner[3],
                                                                 const float *offset)
{
    (void)corner, (void)offset;
    if (note_candidate(ctx, j, shift))
        solve_batch(ctx);
}

#endif
