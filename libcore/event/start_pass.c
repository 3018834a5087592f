/* The first prediction of every particle in one pass over the pairs
 * (start_pass.h). */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "event/start_pass.h"
#include "shared/boundary_hit.h"
#include "shared/physics.h"
#include "shared/shear.h"

void hsf_start_limits_of(const hsf_system *sys, int keep_partner, uint32_t i,
                         hsf_start_limits *out)
{
    /* As predict (predict.c) computes them, operation for operation. */
    const hsf_motion *mi = &sys->m[i];
    double now = sys->time, ri[3];
    hsf_position_at(mi, now, ri);
    out->wall = -1;
    out->t_wall = hsf_boundary_hit_straight(sys->boundary.type.boundary, sys->boundary.state, now,
                                            ri, mi->v, mi->radius, &out->wall);
    out->axis = 0;
    out->dir = 0;
    int wall_free;      /* the walls are asked anyway: the start pass needs their time */
    double t_cell = sys->search == HSF_SEARCH_LISTS
                        ? hsf_neighbourhood_exit_time(mi, sys->b[i].anchor, sys->cells.skin)
                        : hsf_cells_exit_time(&sys->cells, mi, &sys->b[i], &out->axis, &out->dir,
                                              &wall_free);
    t_cell -= now - mi->t;
    if (t_cell < 0)
        t_cell = 0;
    out->t_cell = t_cell;
    out->limit = keep_partner || out->t_wall < t_cell ? out->t_wall : t_cell;
}

/* A particle's running pick, in its slot's idle fields (start_pass.h):
 * seq is the partner plus one (NO_PICK: none yet, REDO_PICK: left to
 * predict), changed_seq holds the bits of the time. */
#define NO_PICK 0u
#define REDO_PICK UINT32_MAX
_Static_assert(sizeof(double) == sizeof(uint64_t), "a time fits in changed_seq");

static inline double pick_time(const hsf_event_slot *b)
{
    double t;
    memcpy(&t, &b->changed_seq, sizeof t);
    return t;
}

static inline void set_pick(hsf_event_slot *b, uint32_t j, double t)
{
    b->seq = j + 1;
    memcpy(&b->changed_seq, &t, sizeof t);
}

typedef struct pass {
    const hsf_system *sys;
    const hsf_motion *m;
    hsf_event_slot *slot;               /* the engine's (state.h) */
    double now;
    hsf_pair_batch batch;               /* dr, dv, sigma of the pairs noted */
    uint32_t subject[HSF_PAIR_BATCH];   /* whose side each is */
    uint32_t object[HSF_PAIR_BATCH];
    uint8_t both[HSF_PAIR_BATCH];       /* the time is the object's side's too */
} pass;

/* Particle i's side of a pair with j has time t from now (INFINITY: they
 * do not meet).  Keeps i's earliest; a time within HSF_START_CLOSE of it
 * leaves i to predict, since which of two such times predict takes
 * depends on its scan order and its bounds.
 *
 * Why a pick kept is predict's (start.c, push_first, checks the limit):
 * let t1 be i's earliest time, every other candidate's above
 * t1 (1 + C) and t1 below limit (1 - C), C = HSF_START_CLOSE.  Predict
 * gives each candidate it does not dismiss the time computed here (same
 * operands, same formula).  It dismisses one when c >= -2 b B, B its best
 * so far: the limit or a time it took, so B > t1 (1 + C).  For t1's
 * candidate, sqrt(disc) <= -b in floating point too (sqrt of a correctly
 * rounded b^2 is |b|, and disc <= b^2), so t1 >= c / (-2 b) to an ulp and
 * c < -2 b B: predict takes it, and no other time is below it. */
static inline void side(pass *p, uint32_t i, uint32_t j, double t)
{
    hsf_event_slot *b = &p->slot[i];
    uint32_t pick = (uint32_t)b->seq;
    if (!(t < INFINITY) || pick == REDO_PICK)
        return;
    if (pick == NO_PICK) {
        set_pick(b, j, t);
        return;
    }
    double best = pick_time(b);
    if (t < best ? best <= t * (1 + HSF_START_CLOSE) : t <= best * (1 + HSF_START_CLOSE))
        b->seq = REDO_PICK;
    else if (t < best)
        set_pick(b, j, t);
}

/* Solves the noted pairs: hsf_pair_times, predict's solver, without a
 * bound (INFINITY), so every pair that meets gets its exact time. */
static void solve_noted(pass *p)
{
    double t[HSF_PAIR_BATCH];
    hsf_pair_times(&p->batch, INFINITY, t);
    for (uint32_t k = 0; k < p->batch.n; k++) {
        side(p, p->subject[k], p->object[k], t[k]);
        if (p->both[k])
            side(p, p->object[k], p->subject[k], t[k]);
    }
    p->batch.n = 0;
}

/* Notes i's side of the pair with j, j seen through shift, as predict
 * computes it (relative_motion: from i's operands). */
static inline void note(pass *p, uint32_t i, uint32_t j, const double shift[3], int both)
{
    hsf_pair_batch *pb = &p->batch;
    uint32_t k = pb->n;
    const hsf_motion *mi = &p->m[i], *mj = &p->m[j];
    double ri[3];
    hsf_position_at(mi, p->now, ri);
    double dt_j = p->now - mj->t;
    for (int a = 0; a < 3; a++) {
        pb->dr[a][k] = ri[a] - (mj->r[a] + mj->v[a] * dt_j + shift[a]);
        pb->dv[a][k] = mi->v[a] - mj->v[a];
    }
    pb->sigma[k] = mi->radius + mj->radius;
    p->subject[k] = i;
    p->object[k] = j;
    p->both[k] = (uint8_t)both;
    if (++pb->n == HSF_PAIR_BATCH)
        solve_noted(p);
}

/* The pair of i and j, j seen from i through shift and i from j through
 * back (its negation).  Unshifted, with both clocks at now, the two sides
 * are one computation: each difference of j's side is the negation of
 * i's (exact in IEEE arithmetic: a - b = -(b - a), and r + v * 0 = r but
 * for the sign of a zero), and the formula of hsf_pair_times reads dr and
 * dv only through the products dr.dv, dr.dr and dv.dv, which negating both
 * leaves as they are (a zero's sign can change only a zero dr.dv, which
 * is dismissed either way); the radii's sum commutes. */
static inline void pair(pass *p, uint32_t i, uint32_t j, const double shift[3],
                        const double back[3])
{
    int i_side = p->slot[i].seq != REDO_PICK, j_side = p->slot[j].seq != REDO_PICK;
    if (i_side && j_side && shift[0] == 0 && shift[1] == 0 && shift[2] == 0 &&
        p->m[i].t == p->now && p->m[j].t == p->now) {
        note(p, i, j, shift, 1);
        return;
    }
    if (i_side)
        note(p, i, j, shift, 0);
    if (j_side)
        note(p, j, i, back, 0);
}

/* The forward half of a cell's neighbours: offsets after (0, 0, 0) in the
 * order z, then y, then x (4 in 2D, 13 in 3D).  Every pair of neighbouring
 * cells is one cell and a forward neighbour of it. */
static int forward_offsets(int dim, int d[13][3])
{
    int count = 0;
    for (int z = 0; z <= (dim == 3); z++)
        for (int y = z ? -1 : 0; y <= 1; y++)
            for (int x = z || y ? -1 : 1; x <= 1; x++)
                d[count][0] = x, d[count][1] = y, d[count][2] = z, count++;
    return count;
}

/* With cells: particle i against the particles after it in its own cell
 * (slots, then the overflow chain, as scan_block reads them) and those of
 * the forward half of its neighbouring cells: every pair of particles in
 * neighbouring cells is met once.  A particle in a cell on the edge of a
 * non-periodic axis is left to predict (its search is not the plain block)
 * but still met here, for its partners' sides. */
static void pass_cells(pass *p)
{
    const hsf_system *sys = p->sys;
    const hsf_cell_level *l = &sys->cells.level[0];
    uint32_t slots = hsf_cell_slots(l);
    int d[13][3];
    int offsets = forward_offsets(sys->dim, d);
    static const double zero[3] = { 0, 0, 0 };
    for (uint32_t i = 0; i < sys->n; i++) {
        int32_t x[3];
        hsf_cell_coords(l, sys->b[i].cell, x);
        for (int a = 0; a < sys->dim; a++)
            if (!sys->periodic[a] && (x[a] == 0 || x[a] == (int32_t)l->n[a] - 1))
                p->slot[i].seq = REDO_PICK;
        const uint32_t *cell = hsf_cell_at(l, sys->b[i].cell);
        uint32_t count = cell[0], after = 0;
        for (uint32_t q = 0; q < slots && q < count; q++) {
            uint32_t j = cell[2 + q];
            if (after)
                pair(p, i, j, zero, zero);
            after |= j == i;
        }
        if (count > slots)
            for (uint32_t j = cell[1]; j != HSF_NONE; j = sys->b[j].next) {
                if (after)
                    pair(p, i, j, zero, zero);
                after |= j == i;
            }
        for (int k = 0; k < offsets; k++) {
            int32_t y[3];
            double shift[3], back[3];
            int outside = 0;
            for (int a = 0; a < 3; a++) {
                int32_t n = (int32_t)l->n[a], v = x[a] + d[k][a];
                int s = v < 0 ? -1 : v >= n ? 1 : 0;
                outside |= s && !sys->periodic[a];
                y[a] = v - s * n;
                /* As scan_block: an int8 shift times the length, 0 where none. */
                shift[a] = s ? (int8_t)s * sys->cells.len[a] : 0.0;
                back[a] = s ? (int8_t)-s * sys->cells.len[a] : 0.0;
            }
            if (outside)
                continue;
            const uint32_t *near = hsf_cell_at(l, ((uint32_t)y[2] * l->n[1] + (uint32_t)y[1]) *
                                                      l->n[0] + (uint32_t)y[0]);
            uint32_t near_count = near[0];
            for (uint32_t q = 0; q < slots && q < near_count; q++)
                pair(p, i, near[2 + q], shift, back);
            if (near_count > slots)
                for (uint32_t j = near[1]; j != HSF_NONE; j = sys->b[j].next)
                    pair(p, i, j, shift, back);
        }
    }
}

/* An image code as seen from the other particle: +1 and -1 swapped on
 * every axis (the lists hold each pair so, neighbours.c). */
static uint8_t mirror(uint8_t k)
{
    return (uint8_t)(((k & 0x15) << 1) | ((k >> 1) & 0x15));
}

/* With lists (symmetric, neighbours.h): each pair from its lower index. */
static void pass_lists(pass *p)
{
    const hsf_system *sys = p->sys;
    for (uint32_t i = 0; i < sys->n; i++) {
        const uint32_t *list = hsf_nb_list(&sys->nb, i);
        const uint8_t *image = hsf_nb_images(&sys->nb, i);
        uint32_t count = *hsf_nb_count(&sys->nb, i);
        for (uint32_t k = 0; k < count; k++)
            if (list[k] > i)
                pair(p, i, list[k], sys->shift[image[k]], sys->shift[mirror(image[k])]);
    }
}

/* Whether the cells search of every particle is the plain block
 * (hsf_cells_block_list) but for those on the edge of a non-periodic axis. */
static int plain_grid(const hsf_system *sys)
{
    const hsf_cells *c = &sys->cells;
    if (c->nlevels != 1 || c->level[0].stride == 1)
        return 0;
    for (int a = 0; a < sys->dim; a++)
        if (c->level[0].n[a] < 3)
            return 0;
    return 1;
}

int hsf_start_pass_run(const hsf_system *sys, hsf_event_slot *slot)
{
    int cells = sys->search == HSF_SEARCH_CELLS;
    if (sys->model || hsf_shears(sys) || sys->n >= HSF_START_REDO ||
        !(cells ? plain_grid(sys) : sys->search == HSF_SEARCH_LISTS && !sys->nb.sheared))
        return -1;
    pass *p = malloc(sizeof *p);
    if (!p)
        return -1;
    p->sys = sys;
    p->m = sys->m;
    p->slot = slot;
    p->now = sys->time;
    p->batch.n = 0;
    if (cells)
        pass_cells(p);
    else
        pass_lists(p);
    solve_noted(p);
    free(p);
    return 0;
}

uint32_t hsf_start_pass_take(hsf_event_slot *slot, uint32_t i, double *best)
{
    hsf_event_slot *b = &slot[i];
    uint32_t pick = (uint32_t)b->seq;
    *best = pick_time(b);
    b->seq = 0;
    b->changed_seq = 0;
    return pick == NO_PICK ? HSF_NONE : pick == REDO_PICK ? HSF_START_REDO : pick - 1;
}

void hsf_start_pass_clear(hsf_event_slot *slot, uint32_t from, size_t n)
{
    for (size_t i = from; i < n; i++) {
        slot[i].seq = 0;
        slot[i].changed_seq = 0;
    }
}
