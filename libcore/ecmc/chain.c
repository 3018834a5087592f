/* The chains: moving the active particle to its next contact, lifting,
 * crossing cells (ecmc.h, hsf_ecmc_step). */
#include <math.h>

#include "ecmc/ecmc.h"
#include "host/random.h"

/* The nearest particle ahead of the active one along +axis: the distance
 * it can move before touching it (0 when they touch already, by
 * round-off) and their separation along the axis now. */
typedef struct ahead {
    const hsf_motion *m;
    uint32_t i;
    int axis, dim;
    double r[3], radius;
    double best, sep;
    uint32_t partner;
} ahead;

/* One candidate j seen through the periodic shift. */
__attribute__((always_inline)) static inline void consider(ahead *h, uint32_t j,
                                                           const double shift[3])
{
    const hsf_motion *q = &h->m[j];
    int a = h->axis;
    double dx = q->r[a] + shift[a] - h->r[a];
    if (!(dx > 0))
        return;     /* behind or level: the chain's direction never meets it */
    double sigma = h->radius + q->radius, perp = 0;
    for (int b = 0; b < h->dim; b++)
        if (b != a) {
            double d = q->r[b] + shift[b] - h->r[b];
            perp += d * d;
        }
    double room = sigma * sigma - perp;
    if (!(room > 0))
        return;     /* passes beside it */
    double s = dx - sqrt(room);
    s = s > 0 ? s : 0;
    if (s < h->best) {
        h->best = s;
        h->sep = dx;
        h->partner = j;
    }
}

static void visit(void *ctx, uint32_t j, const double shift[3], const double corner[3],
                  const float *offset)
{
    (void)corner;
    (void)offset;
    consider(ctx, j, shift);
}

/* One cell of the plain grid seen through its shift: its slots, then its
 * overflow chain (a sparse grid has only the chain). */
static inline void scan_cell(ahead *h, const hsf_cell_level *l, const hsf_body *b,
                             uint32_t cell, const double shift[3])
{
    const uint32_t *c = hsf_cell_at(l, cell);
    uint32_t slots = hsf_cell_slots(l), used = c[0] < slots ? c[0] : slots;
    for (uint32_t k = 0; k < used; k++)
        if (c[2 + k] != h->i)
            consider(h, c[2 + k], shift);
    for (uint32_t j = *hsf_cell_chain(l, cell); j != HSF_NONE; j = b[j].next)
        if (j != h->i)
            consider(h, j, shift);
}

/* The plain grid (one level, at least 3 cells per axis,
 * every axis periodic): the cells that can hold a particle the active
 * one meets before it leaves its cell are its own column along the axis
 * and the next (a side is at least a diameter), in the rows on either
 * side.  from: the first of those two columns to scan (1: only the next,
 * after a crossing kept the nearest of the other). */
static void scan_plain(ahead *h, const hsf_cells *c, const hsf_body *b, int from)
{
    const hsf_cell_level *l = &c->level[0];
    int32_t x[3];
    hsf_cell_coords(l, b[h->i].cell, x);
    int32_t w[3][3];
    double sh[3][3];
    int lo[3], hi[3];
    for (int a = 0; a < 3; a++) {
        int32_t n = (int32_t)l->n[a];
        if (a >= c->dim) {
            w[a][0] = 0, sh[a][0] = 0, lo[a] = hi[a] = 0;
            continue;
        }
        int k0 = a == h->axis ? from : 0, k1 = a == h->axis ? 1 : 2;
        lo[a] = k0;
        hi[a] = k1;
        for (int k = k0; k <= k1; k++) {
            int32_t v = x[a] + (a == h->axis ? k : k - 1);
            int s = v < 0 ? -1 : v >= n ? 1 : 0;
            w[a][k] = v - s * n;
            sh[a][k] = s * c->len[a];
        }
    }
    for (int z = lo[2]; z <= hi[2]; z++)
        for (int y = lo[1]; y <= hi[1]; y++)
            for (int k = lo[0]; k <= hi[0]; k++) {
                double shift[3] = { sh[0][k], sh[1][y], sh[2][z] };
                uint32_t cell = ((uint32_t)w[2][z] * l->n[1] + (uint32_t)w[1][y]) * l->n[0] +
                                (uint32_t)w[0][k];
                scan_cell(h, l, b, cell, shift);
            }
}

/* Whether the grid is the plain one scan_plain serves. */
static int plain_grid(const hsf_cells *c)
{
    const hsf_cell_level *l = &c->level[0];
    if (c->nlevels != 1)
        return 0;
    for (int a = 0; a < c->dim; a++)
        if (l->n[a] < 3 || !c->periodic[a])
            return 0;
    return 1;
}

/* A uniform index below n from the generator. */
static uint32_t uniform_below(uint64_t *state, size_t n)
{
    return (uint32_t)(((unsigned __int128)hsf_random_next(state) * n) >> 64);
}

static void start_chain(hsf_ecmc *e, hsf_system *sys, double clock)
{
    hsf_ecmc_scalars *s = &e->s;
    s->axis = e->random_axes ? uniform_below(&s->random, (size_t)sys->dim)
                             : s->chains % (uint64_t)sys->dim;
    s->active = uniform_below(&s->random, sys->n);
    s->left = e->chain_length;
    s->chain_excess = 0;
    s->chain_counted = clock >= e->measure_from;
    s->chains++;
}

static void end_chain(hsf_ecmc *e)
{
    hsf_ecmc_scalars *s = &e->s;
    if (s->chain_counted) {
        s->measured_excess += s->chain_excess;
        s->measured_length += e->chain_length;
        s->measured_chains++;
        hsf_ecmc_blocks_add(&e->blocks, s->chain_excess, e->chain_length);
    }
    s->active = HSF_NONE;
}

/* With audits: how far from contact a lift left the particles at ri and
 * rj, of radii rad_i and rad_j. */
static void contact(hsf_ecmc *e, const hsf_system *sys, const double ri[3], const double rj[3],
                    double rad_i, double rad_j)
{
    double dr[3], d2 = 0;
    hsf_separation(sys, ri, rj, dr);
    for (int a = 0; a < sys->dim; a++)
        d2 += dr[a] * dr[a];
    double sigma = rad_i + rad_j;
    double off = fabs(sqrt(d2) - sigma) / sigma;
    e->s.contact_error = off > e->s.contact_error ? off : e->s.contact_error;
}

/* What a move of the chain adds to the counters. */
typedef struct tally {
    double excess;
    uint64_t lifts, crossings;
} tally;

enum { LIFT, CROSS, REST };

/* The active particle's next displacement out of *budget, the nearest
 * particle ahead known (h) and its cell's face exit ahead: to contact
 * (a lift), to the face when that comes first (a crossing: the nearest
 * of the columns seen stays the nearest there, nearer by exit), or the
 * rest of the budget.  Its kind in *kind. */
static inline double advance(ahead *h, double exit, double *budget, int *kind, tally *t)
{
    exit = exit > 0 ? exit : 0;
    double d;
    if (h->best <= exit && h->best < *budget) {
        d = h->best;
        t->excess += h->sep - h->best;
        t->lifts++;
        *kind = LIFT;
    } else if (exit < *budget) {
        d = exit;
        t->crossings++;
        h->best -= exit;
        h->best = h->best > 0 ? h->best : 0;
        h->sep -= exit;
        *kind = CROSS;
    } else {
        d = *budget;
        *kind = REST;
    }
    *budget -= d;
    return d;
}

/* A move's end: its active particle, and its counts added to the run's. */
static void record(hsf_ecmc_scalars *s, uint32_t i, const tally *t)
{
    s->active = i;
    s->excess += t->excess;
    s->chain_excess += t->excess;
    s->lifts += t->lifts;
    s->crossings += t->crossings;
}

/* The nearest disc ahead found so far on the chains' copy: as ahead,
 * in scalars the compiler keeps in registers. */
typedef struct nearest {
    double best, sep;
    uint32_t partner, cell;
    int32_t at[2];          /* its cell's coordinates, along the axis and across */
} nearest;

/* The nearest disc ahead in one cell of the chains' copy (pack.h), for
 * the active disc at (ra along the axis, ro across) of radius rad, the
 * cell seen through the shift (sa along, so across); the same
 * arithmetic as consider(), with no square root for a disc that cannot
 * come nearer than the best so far.  a: the axis; same: every radius is
 * rad (the radii are not read). */
__attribute__((always_inline)) static inline void
scan_pack(nearest *h, const hsf_ecmc_pack *p, int a, int same, uint32_t cell, double ra,
          double ro, double rad, double sa, double so, int32_t pa, int32_t po)
{
    const double *x = hsf_pack_x(p, cell);
    uint32_t cap = p->cap, n = p->fill[cell];
    const double *along = a ? x + cap : x, *across = a ? x : x + cap, *radius = x + 2 * cap;
    for (uint32_t k = 0; k < n; k++) {
        double dx = along[k] + sa - ra;
        double sigma = rad + (same ? rad : radius[k]);
        if (dx > 0 && dx - sigma < h->best) {
            double d = across[k] + so - ro, room = sigma * sigma - d * d;
            if (room > 0) {
                double t = dx - sqrt(room);
                t = t > 0 ? t : 0;
                if (t < h->best) {
                    h->best = t;
                    h->sep = dx;
                    h->partner = hsf_pack_id(p, x)[k];
                    h->cell = cell;
                    h->at[0] = pa;
                    h->at[1] = po;
                }
            }
        }
    }
}

/* move() in 2D on the chains' copy along axis a: the active disc's cell
 * coordinates (along the axis, across it) kept as it crosses and lifts.
 * same: every radius is the same (then the radii are not read). */
__attribute__((always_inline)) static inline void move_pack(hsf_ecmc *e, hsf_system *sys,
                                                            double budget, int a, int same)
{
    hsf_ecmc_scalars *s = &e->s;
    hsf_ecmc_pack *p = &e->pack;
    const hsf_cells *c = &sys->cells;
    int o = 1 - a;
    int32_t na = (int32_t)p->n[a], no = (int32_t)p->n[o];
    /* A cell's index: along times stride_a plus across times stride_o. */
    uint32_t n0 = p->n[0], stride_a = a ? n0 : 1, stride_o = a ? 1 : n0;
    double side = c->level[0].side[a], lo = c->lo[a], la = c->len[a], lo_len = c->len[o];
    uint32_t i = (uint32_t)s->active, cell = p->where[i], slot = hsf_ecmc_pack_slot(p, cell, i);
    int32_t x[2] = { (int32_t)(cell % n0), (int32_t)(cell / n0) };
    if (a)
        x[0] = (int32_t)(cell / n0), x[1] = (int32_t)(cell % n0);
    nearest h = { .best = INFINITY, .partner = HSF_NONE };
    int kept = 0;
    tally t = { 0, 0, 0 };
    while (budget > 0) {
        double *at = hsf_pack_x(p, cell);
        uint32_t cap = p->cap;
        double ra = at[a * cap + slot], ro = at[o * cap + slot], rad = at[2 * cap + slot];
        if (!kept) {
            h.best = INFINITY;
            h.partner = HSF_NONE;
        }
        /* The rows on either side (wrapped, with their shifts), then the
         * columns: its own (unless kept) and the next. */
        int32_t po[3];
        double so[3];
        for (int q = 0; q < 3; q++) {
            po[q] = x[1] + q - 1;
            so[q] = 0;
            if (po[q] < 0)
                po[q] += no, so[q] = -lo_len;
            else if (po[q] >= no)
                po[q] -= no, so[q] = lo_len;
        }
        /* The column two ahead, which the next lift or crossing scans:
         * asked for now, it arrives while this one is scanned. */
        uint32_t ahead2 = (uint32_t)(x[0] + 2 >= na ? x[0] + 2 - na : x[0] + 2) * stride_a;
        uint32_t ahead3 = (uint32_t)(x[0] + 3 >= na ? x[0] + 3 - na : x[0] + 3) * stride_a;
        for (int q = 0; q < 3; q++) {
            __builtin_prefetch(hsf_pack_x(p, ahead2 + (uint32_t)po[q] * stride_o));
            __builtin_prefetch(hsf_pack_x(p, ahead3 + (uint32_t)po[q] * stride_o));
        }
        for (int k = kept; k <= 1; k++) {
            int32_t pa = x[0] + k;
            double sa = 0;
            if (pa >= na)
                pa -= na, sa = la;
            for (int q = 0; q < 3; q++)
                scan_pack(&h, p, a, same, (uint32_t)pa * stride_a + (uint32_t)po[q] * stride_o,
                          ra, ro, rad, sa, so[q], pa, po[q]);
        }
        kept = 0;
        int kind;
        ahead step = { .best = h.best, .sep = h.sep };
        double d = advance(&step, lo + (x[0] + 1) * side - ra, &budget, &kind, &t);
        h.best = step.best;
        h.sep = step.sep;
        at[a * cap + slot] += d;
        if (kind == LIFT) {
            if (e->check_contacts) {
                const double *bx = hsf_pack_x(p, h.cell);
                uint32_t k = hsf_ecmc_pack_slot(p, h.cell, h.partner);
                double ri[3] = { at[slot], at[cap + slot], 0 };
                double rj[3] = { bx[k], bx[cap + k], 0 };
                contact(e, sys, ri, rj, at[2 * cap + slot], bx[2 * cap + k]);
            }
            i = h.partner;
            cell = h.cell;
            slot = hsf_ecmc_pack_slot(p, cell, i);
            x[0] = h.at[0], x[1] = h.at[1];
        } else if (kind == CROSS) {
            /* Into the next cell along the axis, through the box's face
             * (the periodic image counted) after the last. */
            double r[2] = { at[slot], at[cap + slot] }, radius = at[2 * cap + slot];
            hsf_ecmc_pack_remove(p, cell, slot);
            if (++x[0] == na) {
                x[0] = 0;
                r[a] -= la;
                sys->b[i].image[a]++;
            }
            cell = (uint32_t)x[0] * stride_a + (uint32_t)x[1] * stride_o;
            slot = hsf_ecmc_pack_insert(p, cell, r[0], r[1], radius, i);
            kept = 1;
        }
    }
    record(s, i, &t);
}

/* Moves the chain's active particles by budget along the axis: through
 * the chains' copy in 2D on a plain grid, else through the core's grid. */
static void move(hsf_ecmc *e, hsf_system *sys, double budget)
{
    if (e->pack.data) {
        /* Each axis and kind of radii its own loop, constants folded. */
        int same = e->pack.same_radius;
        if (e->s.axis == 0)
            same ? move_pack(e, sys, budget, 0, 1) : move_pack(e, sys, budget, 0, 0);
        else
            same ? move_pack(e, sys, budget, 1, 1) : move_pack(e, sys, budget, 1, 0);
        return;
    }
    hsf_ecmc_scalars *s = &e->s;
    hsf_cells *c = &sys->cells;
    hsf_motion *m = sys->m;
    hsf_body *b = sys->b;
    int a = (int)s->axis, plain = plain_grid(c);
    uint32_t i = (uint32_t)s->active;
    ahead h = { .m = m, .axis = a, .dim = sys->dim };
    int kept = 0;           /* a crossing kept the nearest of the next column */
    tally t = { 0, 0, 0 };
    while (budget > 0) {
        h.i = i;
        h.radius = m[i].radius;
        for (int k = 0; k < 3; k++)
            h.r[k] = m[i].r[k];
        if (!kept) {
            h.best = INFINITY;
            h.partner = HSF_NONE;
        }
        if (plain)
            scan_plain(&h, c, b, kept);
        else
            hsf_cells_scan(c, m, b, i, visit, &h);
        const hsf_cell_level *l = &c->level[b[i].level];
        int32_t x[3];
        hsf_cell_coords(l, b[i].cell, x);
        int kind;
        m[i].r[a] += advance(&h, c->lo[a] + (x[a] + 1) * l->side[a] - m[i].r[a], &budget,
                             &kind, &t);
        /* Only the plain grid keeps the nearest across a crossing. */
        kept = kind == CROSS && plain;
        if (kind == LIFT) {
            /* i stops at contact, the partner goes on. */
            if (e->check_contacts)
                contact(e, sys, m[i].r, m[h.partner].r, m[i].radius, m[h.partner].radius);
            i = h.partner;
        } else if (kind == CROSS) {
            hsf_cells_cross(c, m, b, i, a, 1);
        }
    }
    record(s, i, &t);
}

double hsf_ecmc_step(hsf_ecmc *e, hsf_system *sys, double budget, double clock)
{
    hsf_ecmc_scalars *s = &e->s;
    if (s->active == HSF_NONE)
        start_chain(e, sys, clock);
    double step = budget < s->left ? budget : s->left;
    move(e, sys, step);
    if (step == s->left) {
        s->left = 0;
        end_chain(e);
    } else {
        s->left -= step;
    }
    return step;
}
