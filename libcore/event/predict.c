/* The hard sphere's prediction (predict.h, pair_law.h): a particle's
 * earliest pair collision with its neighbours, its wall hit and its
 * leaving its neighbourhood (or cell), from the system alone, the
 * candidates solved in batches; on straight lines, or in a uniform field
 * on parabolas (hsf_predict_hard_field).  A prediction reads nothing of
 * its candidates but their motion records (a partner's staleness is told
 * at the event by sequence numbers, schedule.h). */
#include <math.h>
#include <string.h>

#include "event/gather4.h"
#include "event/predict_parts.h"
#include "shared/boundary_hit.h"

/* Out of line: inlined into predict, the block scan costs 2 % more
 * instructions on a 3D fluid. */
static __attribute__((noinline)) HSF_AVX2_CLONES void
scan_block(const hsf_system *sys, uint32_t i, const hsf_block_cell *block, int cells,
           pair_search *s)
{
    scan_block_as(sys, i, block, cells, s, 0);
}

/* scan_block in 3D: batches solved by solve_batch_wide. */
static __attribute__((noinline)) HSF_AVX2_CLONES void
scan_block_wide(const hsf_system *sys, uint32_t i, const hsf_block_cell *block, int cells,
                pair_search *s)
{
    scan_block_as(sys, i, block, cells, s, 3);
}

/* scan_block for the candidates of a uniform field (solve_batch_field). */
static __attribute__((noinline)) HSF_AVX2_CLONES void
scan_block_field(const hsf_system *sys, uint32_t i, const hsf_block_cell *block, int cells,
                 pair_search *s)
{
    scan_block_as(sys, i, block, cells, s, 2);
}

/* Without lists: every other particle, through every image that can touch
 * i before i leaves the box (and is wrapped and predicted again).  Both are
 * in the box until then, so only shifts of -1, 0 and +1 box lengths count. */
__attribute__((always_inline)) static inline void
consider_all_as(const hsf_system *sys, uint32_t i, pair_search *s, const int field)
{
    int32_t top[3];
    for (int a = 0; a < 3; a++)
        top[a] = sys->periodic[a] ? 1 : 0;
    for (uint32_t j = 0; j < sys->n; j++) {
        if (j == i)
            continue;
        double shift[3];
        for (int32_t z = -top[2]; z <= top[2]; z++)
            for (int32_t y = -top[1]; y <= top[1]; y++)
                for (int32_t x = -top[0]; x <= top[0]; x++) {
                    shift[0] = x * sys->cells.len[0];
                    shift[1] = y * sys->cells.len[1];
                    shift[2] = z * sys->cells.len[2];
                    if (field)
                        consider_pair_field(s, j, shift, NULL, NULL);
                    else
                        consider_pair(s, j, shift, NULL, NULL);
                }
    }
}

static void consider_all(const hsf_system *sys, uint32_t i, pair_search *s)
{
    consider_all_as(sys, i, s, 0);
}

static void consider_all_field(const hsf_system *sys, uint32_t i, pair_search *s)
{
    consider_all_as(sys, i, s, 1);
}

/* The prediction from what the search found: the pair if it comes
 * before the exit (only a kept partner comes after it), else the wall if
 * not after the exit, else the exit (with the kept partner), else none. */
static inline void choose_event(double now, const pair_search *s, double t_wall, int wall,
                                double t_cell, int axis, int dir, prediction *p)
{
    if (s->partner != HSF_NONE && s->best < t_cell)
        *p = (prediction){ now + s->best, HSF_EVENT_PAIR, s->partner, 0 };
    else if (t_wall <= t_cell && t_wall < INFINITY)
        *p = (prediction){ now + t_wall, HSF_EVENT_WALL, (uint32_t)wall, 0 };
    else if (t_cell < INFINITY)
        *p = (prediction){ now + t_cell, HSF_EVENT_CELL, s->partner,
                           (uint32_t)(axis * 2 + (dir > 0)) };
    else    /* free flight forever (a kept partner needs a cell event to come) */
        p->kind = 0;
}

/* The first wall a particle at ri with velocity vi now touches on its
 * parabola in the field g, and when (the model path's hsf_path, member
 * by member). */
static inline double falling_wall_hit(const hsf_system *sys, double now, const double ri[3],
                                      const double vi[3], const double g[3], double radius,
                                      int *wall)
{
    hsf_path path;
    path.motion = HSF_PATH_FIELD;
    path.time = now;
    path.radius = radius;
    path.growth = 0;
    for (int a = 0; a < 3; a++) {
        path.r[a] = ri[a];
        path.v[a] = vi[a];
        path.a[a] = g[a];
    }
    return hsf_boundary_hit(sys->boundary.type.boundary, sys->boundary.state, &path, wall);
}

/* The hard sphere's prediction (pair_law.h), batched.  Built for AVX2 as
 * well, as the model's are. */
HSF_AVX2_CLONES int hsf_predict_hard(const hsf_event_engine *e, uint32_t i, const crossing *cross,
                                     prediction *p, hsf_error *err)
{
    const hsf_system *sys = e->sys;
    int keep_partner = e->keep_partner;
    const hsf_motion *mi = &sys->m[i];
    double now = sys->time, ri[3];
    hsf_position_at(mi, now, ri);
    /* The exit time is measured from the particle's own clock. */
    int axis = 0, dir = 0, wall_free = sys->cells.no_walls;
    double t_cell = sys->search == HSF_SEARCH_LISTS
                        ? hsf_neighbourhood_exit_time(mi, sys->b[i].anchor, sys->cells.skin)
                    : sys->search == HSF_SEARCH_CELLS
                        ? hsf_cells_exit_time(&sys->cells, mi, &sys->b[i], &axis, &dir, &wall_free)
                        : box_exit_time(sys, mi, &axis, &dir);
    t_cell -= now - mi->t;
    if (t_cell < 0)
        t_cell = 0;
    /* In a cell no wall reaches, the particle leaves the cell before it
     * can touch a wall: the walls are asked only if a partner is kept
     * beyond the exit (below); with lists, only a box without walls
     * (hsf_cells.no_walls) is spared them. */
    int wall = -1;
    double t_wall = wall_free ? INFINITY
                              : hsf_boundary_hit_straight(sys->boundary.type.boundary, sys->boundary.state,
                                                          now, ri, mi->v, mi->radius, &wall);
    if (__builtin_expect(!(t_wall >= 0), 0))    /* NaN fails it too */
        return bad_hit(sys, i, t_wall, err);
    /* A pair collision only matters if it comes before the wall and the
     * exit (the particle is predicted again then), or when a partner is
     * kept, before the wall: that bound lets the search dismiss most pairs
     * cheaply.  Ties: wall, then exit, then pair, a fixed rule. */
    double limit = keep_partner || t_wall < t_cell ? t_wall : t_cell;
    pair_search s;
    s.m = sys->m;
    s.b = sys->b;
    s.mi = mi;
    s.now = now;
    s.best = limit;
    s.partner = HSF_NONE;
    s.shifted = 1;
    s.batch.n = 0;
    memcpy(s.ri, ri, sizeof ri);
    if (sys->search == HSF_SEARCH_LISTS) {
        const uint32_t *list = hsf_nb_list(&sys->nb, i);
        const uint8_t *image = hsf_nb_images(&sys->nb, i);
        uint32_t count = *hsf_nb_count(&sys->nb, i);
        /* The list is at hand: read each neighbour as it comes (the
         * loads are independent already), its image's shift straight from
         * the table (the batch's copy is not read on this path). */
        hsf_pair_batch *pb = &s.batch;
        /* i's state in locals: the batch's stores of doubles may alias its
         * record, which would be read again for every candidate.  The
         * operations of gather_seen, in its order. */
        const double vi[3] = { mi->v[0], mi->v[1], mi->v[2] }, radius_i = mi->radius;
        const hsf_motion *m = sys->m;
        const double (*shift)[3] = sys->shift;
        /* A batch at a time, so that the loop has no test for a full one;
         * a full batch is solved at once, the rest after the loop.  Four
         * candidates at a time first (gather4.h), the rest one by one. */
        for (uint32_t from = 0; from < count; from += HSF_PAIR_BATCH) {
            uint32_t n = count - from < HSF_PAIR_BATCH ? count - from : HSF_PAIR_BATCH;
            const uint32_t *js = list + from;
            const uint8_t *codes = image + from;
            uint32_t q = 0;
            for (; q + 4 <= n; q += 4)
                hsf_gather_list4(pb, q, m, js + q, codes + q, shift, now, ri, vi, radius_i);
            for (; q < n; q++) {
                uint32_t j = js[q];
                const hsf_motion *mj = &m[j];
                const double *sh = shift[codes[q]];
                double dt_j = now - mj->t;
                pb->j[q] = j;
                for (int a = 0; a < 3; a++) {
                    pb->dr[a][q] = ri[a] - (mj->r[a] + mj->v[a] * dt_j + sh[a]);
                    pb->dv[a][q] = vi[a] - mj->v[a];
                }
                pb->sigma[q] = radius_i + mj->radius;
            }
            pb->n = n;
            if (n == HSF_PAIR_BATCH)
                solve_gathered(&s);
        }
    } else if (sys->search == HSF_SEARCH_CELLS) {
        hsf_block_cell block[27];
        int cells = hsf_cells_block_list(&sys->cells, sys->b, i, block, &s.shifted);
        if (cells) {
            hsf_block_cell layer[9];
            const hsf_block_cell *scan = crossing_cells(sys, keep_partner, cross, block, &cells,
                                                        layer, &s);
            if (sys->dim == 3)
                scan_block_wide(sys, i, scan, cells, &s);
            else
                scan_block(sys, i, scan, cells, &s);
        } else if (sys->dim == 2) {
            hsf_cells_scan(&sys->cells, sys->m, sys->b, i, consider_now, &s);
        } else {
            hsf_cells_scan(&sys->cells, sys->m, sys->b, i, consider_pair, &s);
        }
    } else {
        consider_all(sys, i, &s);
    }
    if (sys->search == HSF_SEARCH_LISTS)
        solve_gathered(&s);
    else if (sys->dim == 3)
        solve_batch_wide(&s);
    else
        solve_batch(&s);
    /* A partner kept beyond the exit of a cell no wall reaches: the walls
     * bound it as they bound the search elsewhere (the same events). */
    if (wall_free && s.partner != HSF_NONE && !(s.best < t_cell)) {
        t_wall = hsf_boundary_hit_straight(sys->boundary.type.boundary, sys->boundary.state, now, ri, mi->v,
                                           mi->radius, &wall);
        if (__builtin_expect(!(t_wall >= 0), 0))
            return bad_hit(sys, i, t_wall, err);
        if (!(s.best < t_wall))
            s.partner = HSF_NONE;
    }
    if (s.partner != HSF_NONE && s.best < t_cell)
        *p = (prediction){ now + s.best, HSF_EVENT_PAIR, s.partner, 0 };
    else if (t_wall <= t_cell && t_wall < INFINITY)
        *p = (prediction){ now + t_wall, HSF_EVENT_WALL, (uint32_t)wall, 0 };
    else if (t_cell < INFINITY)
        *p = (prediction){ now + t_cell, HSF_EVENT_CELL, s.partner,
                           (uint32_t)(axis * 2 + (dir > 0)) };
    else    /* free flight forever (a kept partner needs a cell event to come) */
        p->kind = 0;
    return 0;
}

/* The hard sphere's prediction in a uniform field (pair_law.h; elastic
 * hard spheres that only fall, hsf_pair_law_choose): as hsf_predict_hard,
 * but i's motion now, its exit from its cell and its wall hit on its
 * parabola (the model path's functions, by the same operations), and the
 * candidates brought to now along theirs (solve_batch_field); the pairs'
 * relative motion is a straight line, solved as without a field.  Cells
 * or all pairs: lists never serve a field (run.c).  A function of its
 * own, so that hsf_predict_hard's machine code stays as it is. */
HSF_AVX2_CLONES int hsf_predict_hard_field(const hsf_event_engine *e, uint32_t i,
                                           const crossing *cross, prediction *p, hsf_error *err)
{
    const hsf_system *sys = e->sys;
    int keep_partner = e->keep_partner;
    const hsf_motion *mi = &sys->m[i];
    const double *g = e->law.gravity;
    double now = sys->time, ri[3], vi[3], dt = now - mi->t;
    for (int a = 0; a < 3; a++) {   /* hsf_motion_at's operations */
        ri[a] = mi->r[a] + (mi->v[a] + 0.5 * g[a] * dt) * dt;
        vi[a] = mi->v[a] + g[a] * dt;
    }
    /* From now; periodic axes have no field, so a box exit is on a
     * straight line (from the particle's own clock). */
    int axis = 0, dir = 0, wall_free = 0;
    double t_cell = sys->search == HSF_SEARCH_CELLS
                        ? hsf_cells_exit_time_field(&sys->cells, ri, vi, g, &sys->b[i], &axis,
                                                    &dir, &wall_free)
                        : box_exit_time(sys, mi, &axis, &dir) - dt;
    if (t_cell < 0)
        t_cell = 0;
    int wall = -1;
    double t_wall = wall_free ? INFINITY : falling_wall_hit(sys, now, ri, vi, g, mi->radius, &wall);
    if (__builtin_expect(!(t_wall >= 0), 0))
        return bad_hit(sys, i, t_wall, err);
    pair_search s;
    s.sys = sys;
    s.m = sys->m;
    s.b = sys->b;
    s.mi = mi;
    s.now = now;
    s.best = keep_partner || t_wall < t_cell ? t_wall : t_cell;
    s.partner = HSF_NONE;
    s.shifted = 1;
    s.batch.n = 0;
    memcpy(s.ri, ri, sizeof ri);
    memcpy(s.vi, vi, sizeof vi);
    if (sys->search == HSF_SEARCH_CELLS) {
        hsf_block_cell block[27];
        int cells = hsf_cells_block_list(&sys->cells, sys->b, i, block, &s.shifted);
        if (cells) {
            hsf_block_cell layer[9];
            const hsf_block_cell *scan = crossing_cells(sys, keep_partner, cross, block, &cells,
                                                        layer, &s);
            scan_block_field(sys, i, scan, cells, &s);
        } else {
            hsf_cells_scan(&sys->cells, sys->m, sys->b, i, consider_pair_field, &s);
        }
    } else {
        consider_all_field(sys, i, &s);
    }
    solve_batch_field(&s);
    if (wall_free && s.partner != HSF_NONE && !(s.best < t_cell)) {
        t_wall = falling_wall_hit(sys, now, ri, vi, g, mi->radius, &wall);
        if (__builtin_expect(!(t_wall >= 0), 0))
            return bad_hit(sys, i, t_wall, err);
        if (!(s.best < t_wall))
            s.partner = HSF_NONE;
    }
    choose_event(now, &s, t_wall, wall, t_cell, axis, dir, p);
    return 0;
}
