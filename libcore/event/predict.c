/* The search of a prediction (predict.h): a particle's earliest pair
 * collision with its neighbours, its wall hit and its leaving its
 * neighbourhood (or cell), from the system alone.  A prediction reads
 * nothing of its candidates but their motion records (a partner's
 * staleness is told at the event by sequence numbers, schedule.h). */
#include <math.h>
#include <string.h>

#include "event/pair_scan.h"
#include "event/predict.h"
#include "host/error_private.h"
#include "model/model.h"
#include "shared/boundary_hit.h"

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

static HSF_AVX2_CLONES int find_model(hsf_system *sys, int keep_partner, uint32_t i,
                                      const crossing *cross, prediction *p, hsf_error *err);

/* The first wall a particle on path touches, and when (boundary.h).
 * Walls that move: first_hit knows the time, next_hit does not. */
static inline double path_wall_hit(const hsf_system *sys, const hsf_path *path, int *wall)
{
    return __builtin_expect(sys->walls.on, 0)
               ? sys->boundary.type.boundary->first_hit(sys->boundary.state, path, wall)
               : hsf_boundary_hit(sys->boundary.type.boundary, sys->boundary.state, path, wall);
}

/* predict.h.  Built for AVX2 as well, as find_model is. */
HSF_AVX2_CLONES int hsf_find_event(hsf_system *sys, int keep_partner, uint32_t i,
                                      const crossing *cross, prediction *p, hsf_error *err)
{
    if (__builtin_expect(sys->model != NULL, 0))
        return find_model(sys, keep_partner, i, cross, p, err);
    const hsf_motion *mi = &sys->m[i];
    double now = sys->time, ri[3];
    hsf_position_at(mi, now, ri);
    /* The exit time is measured from the particle's own clock. */
    int axis = 0, dir = 0, wall_free = 0;
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
     * beyond the exit (below). */
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
        uint32_t n = 0;     /* in a local: pb->j's stores may alias pb->n */
        for (uint32_t k = 0; k < count; k++) {
            pb->j[n] = list[k];
            gather_seen(&s, n, &sys->m[list[k]], sys->shift[image[k]]);
            if (++n == HSF_PAIR_BATCH) {
                pb->n = n;
                solve_gathered(&s);
                n = pb->n;
            }
        }
        pb->n = n;
    } else if (sys->search == HSF_SEARCH_CELLS) {
        hsf_block_cell block[27];
        int cells = hsf_cells_block_list(&sys->cells, sys->b, i, block, &s.shifted);
        if (cells) {
            hsf_block_cell layer[9];
            const hsf_block_cell *scan = crossing_cells(sys, keep_partner, cross, block, &cells,
                                                        layer, &s);
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

/* The model path's search in its batched case (hsf_model.batched: no
 * bonds, nothing sliding, no fixed particles in a field): the hard-sphere
 * path's, in batches against each pair's core or outermost step (pairs
 * within a step's reach at once, the scalar way), or, for growing cores,
 * against the core as it grows (hsf_growing_pair_times), and, when nothing
 * grows (hsf_model.plain), the partner kept across a crossing
 * (e->keep_partner).  s holds i's motion now and the limit.  The same
 * candidates in the same order as hsf_model_search, solved by the same
 * operations: the same event, but for exact ties of two candidates'
 * times. */
static HSF_AVX2_CLONES void search_plain_model(const hsf_system *sys, int keep_partner, uint32_t i,
                                               const crossing *cross, pair_search *s)
{
    const hsf_model *md = sys->model;
    s->sys = sys;
    s->m = sys->m;
    s->b = sys->b;
    s->mi = &sys->m[i];
    s->partner = HSF_NONE;
    s->shifted = 1;
    s->batch.n = 0;
    s->species = sys->species;
    s->rules = sys->species && md->n_species > 1 ? &md->rule[sys->species[i] * md->n_species]
                                                 : NULL;
    s->rule = md->rule;
    s->steps = md->steps;
    s->scalar_best = 0;
    s->n_near = 0;
    s->radius = md->radius;
    s->radius_i = md->radius[i];
    s->scale = md->growth.s0;
    s->field = sys->has_field;
    s->cores = !s->rules && !s->steps;
    s->growing = md->growth.on;
    if (s->growing) {
        /* Cores only (hsf_growth_check): gathered at scale 1, solved as
         * they grow, as model_events.c's consider does. */
        s->scale = 1;
        s->grow_scale = hsf_growth_scale(&md->growth, s->now);
        s->grow_rate = md->growth.rate;
    }
    if (sys->search == HSF_SEARCH_LISTS) {
        const uint32_t *list = hsf_nb_list(&sys->nb, i);
        const uint8_t *image = hsf_nb_images(&sys->nb, i);
        uint32_t count = *hsf_nb_count(&sys->nb, i);
        for (uint32_t k = 0; k < count; k += HSF_PAIR_BATCH) {
            gather_model(s, k, count - k < HSF_PAIR_BATCH ? count : k + HSF_PAIR_BATCH, list,
                         image);
            solve_gathered_as(s, 1);
        }
        return;
    }
    hsf_block_cell block[27];
    int cells = hsf_cells_block_list(&sys->cells, sys->b, i, block, &s->shifted);
    if (cells) {
        hsf_block_cell layer[9];
        const hsf_block_cell *scan = crossing_cells(sys, keep_partner, cross, block, &cells, layer,
                                                    s);
        scan_block_model(sys, i, scan, cells, s);
    } else {
        s->shifted = 1;
        hsf_cells_scan(&sys->cells, sys->m, sys->b, i, consider_pair_model, s);
    }
    solve_batch_model(s);
}

/* The model path's prediction (model/model.h): as predict, but with the
 * radius the model keeps (the motion record holds the reach), the path a
 * parabola in a field, and the search of the model's pair rules; in the
 * plain case (search_plain_model) a partner is kept across cell
 * crossings, as on the hard-sphere path. */
static __attribute__((noinline)) HSF_AVX2_CLONES int
find_model(hsf_system *sys, int keep_partner, uint32_t i, const crossing *cross, prediction *p,
           hsf_error *err)
{
    if (sys->fixed && sys->fixed[i]) {
        p->kind = 0;    /* a fixed particle has no events of its own */
        return 0;
    }
    const hsf_model *md = sys->model;
    const hsf_motion *mi = &sys->m[i];
    double now = sys->time, ri[3], vi[3];
    hsf_motion_at(sys, mi, now, ri, vi);
    const hsf_growth *g = &md->growth;
    double radius = md->radius[i] * hsf_growth_scale(g, now);
    int wall = -1;
    hsf_path path = { .motion = (sys->has_field ? HSF_PATH_FIELD : 0u) |
                                (g->on ? HSF_PATH_GROWING : 0u),
                      .time = now, .radius = radius,
                      .growth = g->on ? md->radius[i] * g->rate : 0 };
    for (int a = 0; a < 3; a++) {
        path.r[a] = ri[a];
        path.v[a] = vi[a];
        path.a[a] = sys->has_field ? sys->gravity[a] : 0;
    }
    /* Lists never serve a field (run.c): a neighbourhood's exit on a
     * parabola is a quartic.  Periodic axes have no field, so a box exit
     * is on a straight line. */
    int axis = 0, dir = 0, wall_free = 0;
    double t_cell;
    if (sys->search == HSF_SEARCH_LISTS)
        t_cell = hsf_neighbourhood_exit_time(mi, sys->b[i].anchor, sys->cells.skin) - (now - mi->t);
    else if (sys->search == HSF_SEARCH_CELLS && sys->has_field)
        t_cell = hsf_cells_exit_time_field(&sys->cells, ri, vi, sys->gravity, &sys->b[i], &axis,
                                           &dir, &wall_free);
    else if (sys->search == HSF_SEARCH_CELLS)
        t_cell = hsf_cells_exit_time(&sys->cells, mi, &sys->b[i], &axis, &dir, &wall_free) -
                 (now - mi->t);
    else
        t_cell = box_exit_time(sys, mi, &axis, &dir) - (now - mi->t);
    if (t_cell < 0)
        t_cell = 0;
    /* In a cell no wall reaches, the particle leaves the cell before it
     * can touch a wall: its path meets the walls only if a partner is kept
     * beyond the exit (below). */
    double t_wall = wall_free ? INFINITY : path_wall_hit(sys, &path, &wall);
    if (__builtin_expect(!(t_wall >= 0), 0))
        return bad_hit(sys, i, t_wall, err);
    double best = t_wall < t_cell ? t_wall : t_cell;
    uint32_t partner = HSF_NONE;
    if (md->batched && sys->search != HSF_SEARCH_ALL) {
        pair_search s;
        memcpy(s.ri, ri, sizeof ri);
        memcpy(s.vi, vi, sizeof vi);
        s.now = now;
        s.best = keep_partner ? t_wall : best;
        search_plain_model(sys, keep_partner, i, cross, &s);
        /* Growing pairs are resolved in the batch (solve_touching). */
        if (s.partner != HSF_NONE && !s.scalar_best && !s.growing &&
            __builtin_expect(unresolved(&s), 0)) {
            s.best = keep_partner ? t_wall : best;
            s.partner = HSF_NONE;
            hsf_model_search(sys, i, ri, vi, now, &s.best, &s.partner);
        }
        best = s.best;
        partner = s.partner;
    } else {
        hsf_model_search(sys, i, ri, vi, now, &best, &partner);
    }
    /* A partner kept beyond the exit of a cell no wall reaches: the walls
     * bound it as they bound the search elsewhere, so that the same
     * partners are kept and the events are the same to the last bit. */
    if (wall_free && partner != HSF_NONE && !(best < t_cell)) {
        t_wall = path_wall_hit(sys, &path, &wall);
        if (__builtin_expect(!(t_wall >= 0), 0))
            return bad_hit(sys, i, t_wall, err);
        if (!(best < t_wall))
            partner = HSF_NONE;
    }
    /* Only a kept partner comes after the cell exit. */
    if (partner != HSF_NONE && best < t_cell)
        *p = (prediction){ now + best, HSF_EVENT_PAIR, partner, 0 };
    else if (t_wall <= t_cell && t_wall < INFINITY)
        *p = (prediction){ now + t_wall, HSF_EVENT_WALL, (uint32_t)wall, 0 };
    else if (t_cell < INFINITY)
        *p = (prediction){ now + t_cell, HSF_EVENT_CELL, partner,
                           (uint32_t)(axis * 2 + (dir > 0)) };
    else
        p->kind = 0;
    return 0;
}
