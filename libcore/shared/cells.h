/* The cell grid: which particles are near which (private to libhsframe).
 *
 * Particles are filed by their anchor (the centre of their neighbourhood
 * sphere, of radius radius + skin: see neighbours.h), which moves only when
 * a neighbour list is renewed.  They are sorted into diameter classes
 * (powers of two of the smallest diameter); each class present gets a grid
 * level whose cell side is at least the class's largest sphere diameter
 * and at least half the mean interparticle spacing.  Two spheres of one
 * level can only overlap in neighbouring cells; a particle looks into
 * another level over the cells within reach (the sum of the two sphere
 * radii) of its own cell.  So a heavy disc among small ones costs the small
 * ones nothing, and no search costs O(N).  Along periodic axes cell indices
 * wrap with an image shift, so grids of one or two cells per axis see every
 * image. */
#ifndef HSF_CELLS_H
#define HSF_CELLS_H

#include <math.h>
#include <stdint.h>

#include "io/particle.h"

#define HSF_MAX_LEVELS 32

typedef struct hsf_cell_level {
    uint32_t n[3];      /* cells per axis (1 beyond dim) */
    double side[3];     /* cell side per axis */
    double rmax;        /* largest radius at this level */
    uint32_t *cells;    /* stride words per cell (hsf_cell_at) */
    uint32_t stride;    /* 1 (a chain only), 4, 8 or 16 */
    float *offsets;     /* with anchors: 3 floats per slot (hsf_slot_offsets), else NULL */
    size_t count;       /* particles at this level */
    /* The cells no wall reaches (hsf_cells_mark_wall_free): coordinates in
     * [clear_lo, clear_end) along every axis; none after a build. */
    int32_t clear_lo[3], clear_end[3];
} hsf_cell_level;

/* With anchors (a grid for neighbour lists), each slot's anchor less its
 * cell's lower corner (hsf_cell_corner), as floats laid out by axis: a
 * cell's block is x of its slots, then y, then z (HSF_OFFSET_ROWS floats a
 * slot), and the array has HSF_OFFSET_PAD floats more at its end.  A
 * search reads the anchors of a cell's particles from the grid in
 * sequence instead of from each particle's record, several slots to a
 * vector (neighbours.c, scan_block), whose lanes past the cell's slots
 * read on into the next rows and the padding. */
#define HSF_OFFSET_ROWS 3
#define HSF_OFFSET_PAD 8
static inline float *hsf_slot_offsets(const hsf_cell_level *l, uint32_t cell)
{
    return l->offsets + (size_t)cell * (l->stride - 2) * HSF_OFFSET_ROWS;
}

/* The bytes the offsets of a number of cells take (the padding aside). */
static inline size_t hsf_cell_offset_bytes(const hsf_cell_level *l, size_t cells)
{
    return cells * (l->stride - 2) * HSF_OFFSET_ROWS * sizeof(float);
}

/* Slot k's offset along axis a. */
static inline float hsf_slot_offset(const hsf_cell_level *l, uint32_t cell, uint32_t k, int a)
{
    return hsf_slot_offsets(l, cell)[(uint32_t)a * (l->stride - 2) + k];
}

/* A cell: its particle count, the first particle of its overflow chain
 * (HSF_NONE, or linked through hsf_body.next), then stride - 2 slots holding
 * the first particles; in a sparse grid (stride 1) only the chain.
 * Aligned to 4 * stride bytes.  The array has HSF_CELL_PAD words more at
 * its end (zeros), so that a search may read a cell's slots four at a
 * time past its last. */
#define HSF_CELL_PAD 4
static inline uint32_t *hsf_cell_at(const hsf_cell_level *l, uint32_t cell)
{
    return l->cells + (size_t)cell * l->stride;
}

/* Slots per cell: none in a sparse grid, whose cells are one word, the
 * first particle of the chain. */
static inline uint32_t hsf_cell_slots(const hsf_cell_level *l)
{
    return l->stride > 1 ? l->stride - 2 : 0;
}

/* The cell's first chained particle (HSF_NONE if none), as an lvalue. */
static inline uint32_t *hsf_cell_chain(const hsf_cell_level *l, uint32_t cell)
{
    return hsf_cell_at(l, cell) + (l->stride > 1);
}

typedef struct hsf_cells {
    int dim;
    int no_walls;           /* no wall anywhere (hsf_cells_mark_wall_free); 0 after a build */
    double skin;            /* neighbourhood sphere radius minus particle radius */
    double rmax;            /* largest particle radius */
    double offset_error;    /* bound on the error of an anchor rebuilt from its offset */
    double lo[3], len[3];   /* the extent: lower corner and side lengths */
    int periodic[3];
    hsf_cell_level level[HSF_MAX_LEVELS];
    int nlevels;
} hsf_cells;

/* The lower corner of the cell with coordinates x along axis a. */
static inline double hsf_cell_corner(const hsf_cells *c, const hsf_cell_level *l, int a,
                                     int32_t x)
{
    return c->lo[a] + x * l->side[a];
}

/* Builds the grid for the n particles p inside the extent [lo, lo + len],
 * first wrapping positions into it along periodic axes (counted in image,
 * so unwrapped positions are those of the input) and anchoring every
 * particle where it is.  skin is a length >= 0; along periodic axes it is
 * reduced so that two spheres can overlap through one image only.  With
 * use_cells 0 there is one cell holding everything; with_anchors keeps
 * every anchor in the grid too (hsf_slot_offset).  Returns 0, or -1 with
 * err set (out of memory, radii spanning too many orders of magnitude, a
 * periodic box too small for its particles). */
int hsf_cells_build(hsf_cells *c, hsf_motion *m, hsf_body *b, size_t n, int dim,
                    const double lo[3], const double hi[3], const int periodic[3],
                    int use_cells, double skin, int with_anchors, hsf_error *err);
void hsf_cells_free(hsf_cells *c);

/* Without neighbour lists (skin 0, particles filed by position): the time
 * until a particle moving as m (at its own clock) leaves its cell, through
 * which face in *axis and *dir (+1 or -1); INFINITY when it never does (at
 * rest, or only towards an outer face of a non-periodic axis, which a wall
 * guards).  *wall_free: 1 if the cell is one no wall reaches
 * (hsf_cells_mark_wall_free), else 0. */
double hsf_cells_exit_time(const hsf_cells *c, const hsf_motion *m, const hsf_body *b,
                           int *axis, int *dir, int *wall_free);

/* In a uniform field: the time from now until a particle at r with
 * velocity v and acceleration g (a parabola) leaves its cell, through
 * which face in *axis and *dir; INFINITY when it never does.  Outer faces
 * of non-periodic axes are left to the walls, as above.  *wall_free: 1 if
 * the cell is one no wall reaches (hsf_cells_mark_wall_free), else 0. */
double hsf_cells_exit_time_field(const hsf_cells *c, const double r[3], const double v[3],
                                 const double g[3], const hsf_body *b, int *axis, int *dir,
                                 int *wall_free);

/* Marks at every level the cells in which no particle of the level can
 * touch a wall: those lying, with the level's largest radius and a margin
 * for rounding, strictly inside the box [lo, hi] that the boundary keeps
 * clear of walls (boundary.h, wall_free_box); along a periodic axis every
 * cell if the box spans the whole extent, else none; and no_walls when
 * every axis is periodic and so spanned.  For radii that stay as built: a
 * build clears the marks. */
void hsf_cells_mark_wall_free(hsf_cells *c, const double lo[3], const double hi[3]);

/* Whether particle b's cell is one no wall reaches (marked above). */
static inline int hsf_cells_wall_free(const hsf_cells *c, const hsf_body *b, const int32_t x[3])
{
    const hsf_cell_level *l = &c->level[b->level];
    int clear = 1;
    for (int a = 0; a < c->dim; a++)
        clear &= x[a] >= l->clear_lo[a] && x[a] < l->clear_end[a];
    return clear;
}

/* Moves particle i into the neighbouring cell through face (axis, dir),
 * wrapping its position and image counter along periodic axes. */
void hsf_cells_cross(hsf_cells *c, hsf_motion *m, hsf_body *b, uint32_t i, int axis, int dir);

/* Re-anchors particle i where it is now (m[i].r, at its own clock):
 * wraps r into the extent along periodic axes, counting the wrap in image,
 * sets the anchor to r and files i under the anchor's cell. */
void hsf_cells_reanchor(hsf_cells *c, hsf_motion *m, hsf_body *b, uint32_t i);

/* As hsf_cells_reanchor, with the anchor ahead of the particle by ahead
 * (each component shorter than the skin, so that the particle is inside
 * its neighbourhood), but where that would take it out of the extent
 * along an axis: along that one it is where the particle is. */
void hsf_cells_reanchor_ahead(hsf_cells *c, hsf_motion *m, hsf_body *b, uint32_t i,
                              const double ahead[3]);

/* Files particle i under cell (at its own level) instead of its present
 * one: for moves that are not a crossing to a neighbouring cell (a sheared
 * box's images, shared/shear.c). */
void hsf_cells_refile(hsf_cells *c, hsf_body *b, uint32_t i, uint32_t cell);

/* floor() as an integer without the libm call, for |x| < 2^31. */
static inline int32_t hsf_floor_int(double x)
{
    int32_t i = (int32_t)x;
    return i - (x < i);
}

/* The cell coordinates of a linear index at a level. */
static inline void hsf_cell_coords(const hsf_cell_level *l, uint32_t cell, int32_t x[3])
{
    x[0] = (int32_t)(cell % l->n[0]);
    x[1] = (int32_t)(cell / l->n[0] % l->n[1]);
    x[2] = (int32_t)(cell / l->n[0] / l->n[1]);
}

/* One cell of a search's block, and the image shift its particles are
 * seen through, in box lengths per axis. */
typedef struct hsf_block_cell {
    uint32_t cell;
    int8_t shift[3];
} hsf_block_cell;

/* The plain case of a search, the usual one in a monodisperse fluid: one
 * grid level, with slots, at least 3 cells per axis, and particle i's cell
 * off the edges of non-periodic axes.  Then the 3^dim block around i's cell
 * is all a search needs.  Per axis a, the block's three columns k (i's
 * cell's less one, its own, and the next): w[a][k] wrapped into the grid
 * and the periodic image sh[a][k] they are seen through, -1, 0 or +1 (on
 * axes beyond dim, what the caller set: zeros).  Returns 1 and sets
 * *shifted when any column is seen through an image; otherwise 0 (use
 * hsf_cells_scan). */
__attribute__((always_inline)) static inline int
hsf_cells_block_axes(const hsf_cells *c, const hsf_body *b, uint32_t i, int32_t w[3][3],
                     int8_t sh[3][3], int *shifted)
{
    const hsf_cell_level *l = &c->level[0];
    if (c->nlevels != 1 || l->stride == 1)
        return 0;
    int32_t x[3];
    hsf_cell_coords(l, b[i].cell, x);
    *shifted = 0;
    for (int a = 0; a < c->dim; a++) {
        int32_t n = (int32_t)l->n[a];
        if (n < 3)
            return 0;
        for (int k = 0; k < 3; k++) {
            int32_t v = x[a] + k - 1;
            int8_t s = v < 0 ? -1 : v >= n ? 1 : 0;
            if (s && !c->periodic[a])
                return 0;
            w[a][k] = v - s * n;
            sh[a][k] = s;
            *shifted |= s != 0;
        }
    }
    return 1;
}

/* The plain case's block (hsf_cells_block_axes) as a list of cells, in
 * the order hsf_cells_scan visits them (z, then y, then x); returns how
 * many, or 0 when the case is not plain. */
static inline int hsf_cells_block_list(const hsf_cells *c, const hsf_body *b, uint32_t i,
                                       hsf_block_cell out[27], int *shifted)
{
    const hsf_cell_level *l = &c->level[0];
    int32_t w[3][3] = { { 0 } };
    int8_t sh[3][3] = { { 0 } };
    if (!hsf_cells_block_axes(c, b, i, w, sh, shifted))
        return 0;
    int count = 0;
    for (int z = 0; z < (c->dim == 3 ? 3 : 1); z++)
        for (int y = 0; y < 3; y++)
            for (int k = 0; k < 3; k++)
                out[count++] = (hsf_block_cell){
                    .cell = ((uint32_t)w[2][z] * l->n[1] + (uint32_t)w[1][y]) * l->n[0] +
                            (uint32_t)w[0][k],
                    .shift = { sh[0][k], sh[1][y], sh[2][z] } };
    return count;
}

/* The cells of the 3^dim block around particle i's own cell at its level,
 * or around the neighbour of its cell through face (axis, dir) when dir is
 * +1 or -1 (where a cell crossing takes it), wrapped: visit(ctx, l, cell)
 * for each, rows in order.  For reading ahead: no periodic shifts, other
 * levels not visited. */
__attribute__((always_inline)) static inline void
hsf_cells_block(const hsf_cells *c, const hsf_body *b, uint32_t i, int axis, int dir,
                void (*visit)(void *ctx, const hsf_cell_level *l, uint32_t cell), void *ctx)
{
    const hsf_cell_level *l = &c->level[b[i].level];
    int32_t x[3], lo[3], hi[3];
    hsf_cell_coords(l, b[i].cell, x);
    x[axis] += dir;
    for (int a = 0; a < 3; a++) {
        int32_t n = (int32_t)l->n[a];
        x[a] = x[a] < 0 ? n - 1 : x[a] >= n ? 0 : x[a];
        lo[a] = a >= c->dim ? 0 : x[a] > 0 ? x[a] - 1 : n - 1;
        hi[a] = a >= c->dim ? 0 : x[a] < n - 1 ? x[a] + 1 : 0;
    }
    int32_t zs[3] = { lo[2], x[2], hi[2] }, ys[3] = { lo[1], x[1], hi[1] };
    for (int zi = 0; zi < (c->dim == 3 ? 3 : 1); zi++)
        for (int yi = 0; yi < 3; yi++) {
            uint32_t row = ((uint32_t)zs[zi] * l->n[1] + (uint32_t)ys[yi]) * l->n[0];
            visit(ctx, l, row + (uint32_t)lo[0]);
            visit(ctx, l, row + (uint32_t)x[0]);
            visit(ctx, l, row + (uint32_t)hi[0]);
        }
}

/* The cell next to cell through face (axis, dir), wrapped. */
static inline uint32_t hsf_cell_beyond(const hsf_cell_level *l, uint32_t cell, int axis, int dir)
{
    int32_t x[3];
    hsf_cell_coords(l, cell, x);
    int32_t n = (int32_t)l->n[axis];
    x[axis] += dir;
    x[axis] = x[axis] < 0 ? n - 1 : x[axis] >= n ? 0 : x[axis];
    return ((uint32_t)x[2] * l->n[1] + (uint32_t)x[1]) * l->n[0] + (uint32_t)x[0];
}

/* The cells a crossing of particle i through face (axis, dir) brings
 * within its block, wrapped: the 3^(dim-1) cells two steps from its own
 * cell along axis (the layer event/predict.c searches after the crossing).
 * visit(ctx, l, cell) for each.  For reading ahead: no periodic shifts,
 * other levels not visited. */
__attribute__((always_inline)) static inline void
hsf_cells_layer(const hsf_cells *c, const hsf_body *b, uint32_t i, int axis, int dir,
                void (*visit)(void *ctx, const hsf_cell_level *l, uint32_t cell), void *ctx)
{
    const hsf_cell_level *l = &c->level[b[i].level];
    int32_t x[3], at[3][3];
    int count[3];
    hsf_cell_coords(l, b[i].cell, x);
    for (int a = 0; a < 3; a++) {
        int32_t n = (int32_t)l->n[a];
        if (a >= c->dim) {
            at[a][0] = 0, count[a] = 1;
        } else if (a == axis) {
            int32_t v = x[a] + 2 * dir;
            at[a][0] = v < 0 ? v + n : v >= n ? v - n : v, count[a] = 1;
        } else {
            for (int k = 0; k < 3; k++) {
                int32_t v = x[a] + k - 1;
                at[a][k] = v < 0 ? v + n : v >= n ? v - n : v;
            }
            count[a] = 3;
        }
    }
    for (int zi = 0; zi < count[2]; zi++)
        for (int yi = 0; yi < count[1]; yi++)
            for (int xi = 0; xi < count[0]; xi++)
                visit(ctx, l, ((uint32_t)at[2][zi] * l->n[1] + (uint32_t)at[1][yi]) * l->n[0] +
                                  (uint32_t)at[0][xi]);
}

/* Visits every particle j != i whose anchor lies in a cell within reach of
 * i's (reach: the sum of the two neighbourhood sphere radii), calling
 * visit(ctx, j, shift, corner, offset) with the image shift to add to j's
 * anchor (0 without periodic axes), the lower corner of j's cell and, with
 * anchors, j's offset from it (NULL for the rare particles in overflow
 * chains and without anchors).  A pair may be visited more than once with different
 * shifts when a periodic grid is very small. */
/* Always inlined, so that visit becomes a direct call the compiler can
 * inline in turn: this loop is where the engine spends its time. */
__attribute__((always_inline)) static inline void
hsf_cells_scan(const hsf_cells *c, const hsf_motion *m, const hsf_body *b, uint32_t i,
               void (*visit)(void *ctx, uint32_t j, const double shift[3],
                             const double corner[3], const float *offset),
               void *ctx)
{
    const hsf_cell_level *own = &c->level[b[i].level];
    int32_t x[3];
    hsf_cell_coords(own, b[i].cell, x);
    for (int li = 0; li < c->nlevels; li++) {
        const hsf_cell_level *l = &c->level[li];
        if (!l->count)
            continue;
        /* Cells of level l within reach of i's own cell, per axis. */
        double reach = (m[i].radius + l->rmax + 2 * c->skin) * (1 + 1e-12);
        int32_t from[3] = { 0, 0, 0 }, to[3] = { 0, 0, 0 };
        for (int a = 0; a < c->dim; a++) {
            double cell_lo = x[a] * own->side[a], cell_hi = cell_lo + own->side[a];
            from[a] = hsf_floor_int((cell_lo - reach) / l->side[a]);
            to[a] = hsf_floor_int((cell_hi + reach) / l->side[a]);
            if (!c->periodic[a]) {
                from[a] = from[a] < 0 ? 0 : from[a];
                to[a] = to[a] >= (int32_t)l->n[a] ? (int32_t)l->n[a] - 1 : to[a];
            }
        }
        /* Walk the range with wrapped indices and image shifts kept
         * incrementally: no division or floor per cell. */
        int32_t w0[3], s0[3];
        for (int a = 0; a < 3; a++) {
            int32_t n = (int32_t)l->n[a];
            s0[a] = from[a] >= 0 ? from[a] / n : -((n - 1 - from[a]) / n);
            w0[a] = from[a] - s0[a] * n;
        }
        int32_t wz = w0[2], sz = s0[2];
        for (int32_t z = from[2]; z <= to[2]; z++) {
            int32_t wy = w0[1], sy = s0[1];
            for (int32_t y = from[1]; y <= to[1]; y++) {
                uint32_t row = ((uint32_t)wz * l->n[1] + (uint32_t)wy) * l->n[0];
                double shift[3] = { 0, sy * c->len[1], sz * c->len[2] };
                double corner[3] = { 0, hsf_cell_corner(c, l, 1, wy), hsf_cell_corner(c, l, 2, wz) };
                int32_t wx = w0[0], sx = s0[0];
                for (int32_t x0 = from[0]; x0 <= to[0]; x0++) {
                    shift[0] = sx * c->len[0];
                    corner[0] = hsf_cell_corner(c, l, 0, wx);
                    uint32_t at = row + (uint32_t)wx;
                    const uint32_t *cell = hsf_cell_at(l, at);
                    uint32_t slots = hsf_cell_slots(l);
                    uint32_t used = slots && cell[0] < slots ? cell[0] : slots;
                    for (uint32_t k = 0; k < used; k++)
                        if (cell[2 + k] != i) {
                            float o[3] = { 0, 0, 0 };
                            if (l->offsets)
                                for (int a = 0; a < 3; a++)
                                    o[a] = hsf_slot_offset(l, at, k, a);
                            visit(ctx, cell[2 + k], shift, corner, l->offsets ? o : NULL);
                        }
                    for (uint32_t j = *hsf_cell_chain(l, at); j != HSF_NONE; j = b[j].next)
                        if (j != i)
                            visit(ctx, j, shift, corner, NULL);
                    if (++wx == (int32_t)l->n[0])
                        wx = 0, sx++;
                }
                if (++wy == (int32_t)l->n[1])
                    wy = 0, sy++;
            }
            if (++wz == (int32_t)l->n[2])
                wz = 0, sz++;
        }
    }
}

#endif
