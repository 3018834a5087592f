/* hsf_shear_scan (shear.h) as an inline function, so that a caller's
 * visit is inlined into the walk over the cells: the sheared searches
 * that run at every prediction or renewal near the gradient faces
 * (event/predict_model.c, shared/neighbours.c).  Private to libhsframe. */
#ifndef HSF_SHEAR_SCAN_H
#define HSF_SHEAR_SCAN_H

#include <math.h>
#include <stdint.h>

#include "shared/shear.h"

/* A range of cells along one axis of a level, from and to (unwrapped,
 * may lie beyond the grid along periodic axes), walked with wrapped
 * indices w and image counts s. */
typedef struct hsf_shear_span {
    int32_t from, to;
} hsf_shear_span;

static inline hsf_shear_span hsf_shear_cells_within(const hsf_cells *c,
                                                    const hsf_cell_level *l, int a, double lo,
                                                    double hi)
{
    hsf_shear_span s = { hsf_floor_int(lo / l->side[a]), hsf_floor_int(hi / l->side[a]) };
    if (a >= c->dim) {
        s.from = s.to = 0;
    } else if (!c->periodic[a]) {
        s.from = s.from < 0 ? 0 : s.from;
        s.to = s.to >= (int32_t)l->n[a] ? (int32_t)l->n[a] - 1 : s.to;
    }
    return s;
}

/* The wrapped index and image count of unwrapped cell index x (most
 * often in the grid: no division). */
static inline void hsf_shear_wrap(int32_t x, int32_t n, int32_t *w, int32_t *s)
{
    if (x >= 0 && x < n) {
        *s = 0;
        *w = x;
        return;
    }
    *s = x >= 0 ? x / n : -((n - 1 - x) / n);
    *w = x - *s * n;
}

/* A scan's window: the images' offset along the flow now (d0), and the
 * range of offsets they take from now until they have slid by window. */
typedef struct hsf_shear_window {
    double d0, d_lo, d_hi;
} hsf_shear_window;

static inline hsf_shear_window hsf_shear_window_from(const hsf_system *sys, double now,
                                                     double window)
{
    double d0 = hsf_shear_offset(sys, now), w = sys->shear.speed >= 0 ? window : -window;
    return (hsf_shear_window){ d0, d0 + fmin(0, w), d0 + fmax(0, w) };
}

/* The extent [lo, hi] of level l's cells within reach of a particle of
 * radius radius in its own cell x of level own. */
static inline void hsf_shear_reach(const hsf_cells *c, const hsf_cell_level *own,
                                   const hsf_cell_level *l, const int32_t x[3], double radius,
                                   double lo[3], double hi[3])
{
    double reach = (radius + l->rmax + 2 * c->skin) * (1 + 1e-12);
    for (int a = 0; a < 3; a++) {
        lo[a] = x[a] * own->side[a] - reach;
        hi[a] = (x[a] + 1) * own->side[a] + reach;
    }
}

/* Visits the particles of one cell but i. */
__attribute__((always_inline)) static inline void
hsf_shear_visit_cell(const hsf_system *sys, const hsf_cell_level *l, uint32_t at, uint32_t i,
                     const double shift[3], const double vshift[3], hsf_shear_visit visit,
                     void *ctx)
{
    const uint32_t *cell = hsf_cell_at(l, at);
    uint32_t slots = hsf_cell_slots(l);
    uint32_t used = slots && cell[0] < slots ? cell[0] : slots;
    for (uint32_t k = 0; k < used; k++)
        if (cell[2 + k] != i)
            visit(ctx, cell[2 + k], shift, vshift);
    for (uint32_t j = *hsf_cell_chain(l, at); j != HSF_NONE; j = sys->b[j].next)
        if (j != i)
            visit(ctx, j, shift, vshift);
}

/* A whole cell of the scan at once: level l's cell at, seen through
 * shift and moving vshift faster. */
typedef void (*hsf_shear_cell_visit)(void *ctx, const hsf_cell_level *l, uint32_t at,
                                     const double shift[3], const double vshift[3]);

/* A row of the scan along the gradient: its wrapped index and image
 * count, and its cells along the flow (from and to unwrapped). */
typedef struct hsf_shear_row {
    int32_t wg, ig;
    hsf_shear_span sf;
    double base;        /* the images' offset along the flow: ig d0, or 0 */
} hsf_shear_row;

/* The rows a scan at most works out before its walk (a level of cells
 * no smaller than the reach has 3; more are worked out row by row). */
#define HSF_SHEAR_ROWS 8

/* Row xg of level l for a particle whose reach spans [lo, hi]: along the
 * flow, the cells a row seen through the gradient faces passes over
 * while the images slide by the scan's window. */
static inline hsf_shear_row hsf_shear_row_at(const hsf_cells *c, const hsf_shear *sh,
                                             const hsf_cell_level *l, const double lo[3],
                                             const double hi[3], hsf_shear_window win,
                                             int32_t xg)
{
    const int f = sh->flow, g = sh->gradient;
    hsf_shear_row r;
    hsf_shear_wrap(xg, (int32_t)l->n[g], &r.wg, &r.ig);
    double f_lo = lo[f], f_hi = hi[f];
    r.base = 0;
    if (r.ig != 0) {
        double a = r.ig * win.d_lo, b = r.ig * win.d_hi;
        f_lo -= fmax(a, b);
        f_hi -= fmin(a, b);
        r.base = r.ig * win.d0;
    }
    r.sf = hsf_shear_cells_within(c, l, f, f_lo, f_hi);
    return r;
}

/* hsf_shear_scan, with visit inlined where it is a known function; or,
 * when cell_visit is not NULL, each cell handed to it whole instead (it
 * visits the particles but i, in the order of the cell's slots, then its
 * overflow chain).  The rows along the gradient, whose spans along the
 * flow take divisions, are worked out once, not once for each column
 * along the third axis; a cell's index is its row's and column's parts
 * added. */
__attribute__((always_inline)) static inline void
hsf_shear_scan_as(const hsf_system *sys, uint32_t i, double now, double window,
                  hsf_shear_visit visit, hsf_shear_cell_visit cell_visit, void *ctx)
{
    const hsf_cells *c = &sys->cells;
    const hsf_shear *sh = &sys->shear;
    int f = sh->flow, g = sh->gradient, o = 3 - f - g;
    const hsf_cell_level *own = &c->level[sys->b[i].level];
    int32_t x[3];
    hsf_cell_coords(own, sys->b[i].cell, x);
    const hsf_shear_window win = hsf_shear_window_from(sys, now, window);
    for (int li = 0; li < c->nlevels; li++) {
        const hsf_cell_level *l = &c->level[li];
        if (!l->count)
            continue;
        double lo[3], hi[3];
        hsf_shear_reach(c, own, l, x, sys->m[i].radius, lo, hi);
        hsf_shear_span so = hsf_shear_cells_within(c, l, o, lo[o], hi[o]);
        hsf_shear_span sg = hsf_shear_cells_within(c, l, g, lo[g], hi[g]);
        const uint32_t stride[3] = { 1, l->n[0], l->n[0] * l->n[1] };
        hsf_shear_row rows[HSF_SHEAR_ROWS], far;
        const int32_t kept = sg.to - sg.from < HSF_SHEAR_ROWS ? sg.to - sg.from + 1 : 0;
        for (int32_t r = 0; r < kept; r++)
            rows[r] = hsf_shear_row_at(c, sh, l, lo, hi, win, sg.from + r);
        for (int32_t xo = so.from; xo <= so.to; xo++) {
            int32_t wo, io;
            hsf_shear_wrap(xo, (int32_t)l->n[o], &wo, &io);
            const uint32_t at_o = (uint32_t)wo * stride[o];
            for (int32_t xg = sg.from; xg <= sg.to; xg++) {
                const hsf_shear_row *row = &far;
                if (kept)
                    row = &rows[xg - sg.from];
                else
                    far = hsf_shear_row_at(c, sh, l, lo, hi, win, xg);
                double shift[3] = { 0, 0, 0 }, vshift[3] = { 0, 0, 0 };
                shift[o] = io * c->len[o];
                shift[g] = row->ig * c->len[g];
                if (row->ig != 0)
                    vshift[f] = row->ig * sh->speed;
                const uint32_t at_og = at_o + (uint32_t)row->wg * stride[g];
                for (int32_t xf = row->sf.from; xf <= row->sf.to; xf++) {
                    int32_t wf, jf;
                    hsf_shear_wrap(xf, (int32_t)l->n[f], &wf, &jf);
                    shift[f] = row->base + jf * c->len[f];
                    const uint32_t cell = at_og + (uint32_t)wf * stride[f];
                    if (cell_visit)
                        cell_visit(ctx, l, cell, shift, vshift);
                    else
                        hsf_shear_visit_cell(sys, l, cell, i, shift, vshift, visit, ctx);
                }
            }
        }
    }
}

#endif
