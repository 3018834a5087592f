/* The model layer's prediction (pair_law.h, model/model.h): as the hard
 * sphere's (predict.c), with the radius the model keeps, the path a
 * parabola in a field or a growing sphere, the walls that move, and the
 * search of the model's pair rules, batched where it can be
 * (hsf_model.batched) or the scalar way (hsf_model_search). */
#include <math.h>
#include <string.h>

#include "event/predict_parts.h"
#include "model/model.h"
#include "shared/boundary_hit.h"
#include "shared/shear_scan.h"

/* The block scan of the model path's plain case. */
static void scan_block_model(const hsf_system *sys, uint32_t i, const hsf_block_cell *block,
                             int cells, pair_search *s)
{
    scan_block_as(sys, i, block, cells, s, 1);
}

/* Notes candidate j (seen through shift) in the plain case's batch, as
 * consider_pair (pair_scan.h) does for the hard sphere's. */
static void consider_pair_model(void *ctx, uint32_t j, const double shift[3],
                                const double corner[3], const float *offset)
{
    (void)corner, (void)offset;
    if (note_candidate(ctx, j, shift))
        solve_batch_model(ctx);
}

/* The first wall a particle on path touches, and when (boundary.h).
 * Walls that move: first_hit knows the time, next_hit does not. */
static inline double path_wall_hit(const hsf_event_engine *e, const hsf_path *path, int *wall)
{
    const hsf_system *sys = e->sys;
    return __builtin_expect(e->law.walls_move, 0)
               ? sys->boundary.type.boundary->first_hit(sys->boundary.state, path, wall)
               : hsf_boundary_hit(sys->boundary.type.boundary, sys->boundary.state, path, wall);
}

/* A model search of particle i begun: the system's records, no partner
 * yet, an empty batch whose shifts are read. */
static inline void begin_search(pair_search *s, const hsf_system *sys, uint32_t i)
{
    s->sys = sys;
    s->m = sys->m;
    s->b = sys->b;
    s->mi = &sys->m[i];
    s->partner = HSF_NONE;
    s->shifted = 1;
    s->batch.n = 0;
    s->species = sys->species;
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
static HSF_AVX2_CLONES void search_plain_model(const hsf_event_engine *e, uint32_t i,
                                               const crossing *cross, pair_search *s)
{
    const hsf_system *sys = e->sys;
    int keep_partner = e->keep_partner;
    const hsf_model *md = sys->model;
    begin_search(s, sys, i);
    s->rules = sys->species && md->n_species > 1 ? &md->rule[sys->species[i] * md->n_species]
                                                 : NULL;
    s->rule = md->rule;
    s->steps = md->steps;
    s->scalar_best = 0;
    s->n_near = 0;
    s->radius = md->radius;
    s->radius_i = md->radius[i];
    s->scale = md->growth.s0;
    s->field = (e->law.path_motion & HSF_PATH_FIELD) != 0;
    s->cores = !s->rules && !s->steps;
    s->one_well = !s->rules && s->rule->steps == 1;
    s->met = i == e->met[0] ? e->met[1] : i == e->met[1] ? e->met[0] : HSF_NONE;
    s->met_inside = e->met_shell != 0;
    s->told = HSF_NONE;
    s->growing = (e->law.path_motion & HSF_PATH_GROWING) != 0;
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
        int one_rule = !s->rules, noted = s->rule->steps && !s->one_well;
        for (uint32_t k = 0; k < count; k += HSF_PAIR_BATCH) {
            uint32_t to = count - k < HSF_PAIR_BATCH ? count : k + HSF_PAIR_BATCH;
            if (one_rule && noted)
                gather_list_one_rule(s, k, to, list, image, 1);
            else if (one_rule)
                gather_list_one_rule(s, k, to, list, image, 0);
            else
                gather_model(s, k, to, list, image);
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

/* The candidates a particle near the gradient faces sees through the
 * sliding images (hsf_shear_scan), in batches: cores on straight lines
 * (hsf_pair_law.slide_batched), each seen through its image's shift and
 * moving its vshift faster.  The operands of model_events.c's relative
 * (r_j + v_j dt, then + shift; v_j + vshift) and the batch solve of the
 * plain case: the scalar search's events. */
typedef struct sliding_search {
    pair_search s;
    int flow;                           /* the flow axis */
    uint32_t i;                         /* the particle searched for */
    double vflow[HSF_PAIR_BATCH];       /* vshift along it (0 along the others) */
} sliding_search;

static __attribute__((noinline)) HSF_AVX2_CLONES void solve_sliding(sliding_search *ss)
{
    pair_search *s = &ss->s;
    hsf_pair_batch *pb = &s->batch;
    const double ri[3] = { s->ri[0], s->ri[1], s->ri[2] };
    const double vi[3] = { s->vi[0], s->vi[1], s->vi[2] };
    const double now = s->now, radius_i = s->radius_i, scale = s->scale;
    const double core = s->rule->core;
    const int dim = s->sys->dim, f = ss->flow;
    for (uint32_t k = 0; k < pb->n; k++) {
        const hsf_motion *mj = &s->m[pb->j[k]];
        double dt = now - mj->t;
        for (int a = 0; a < 3; a++) {
            double rj = mj->r[a] + mj->v[a] * dt, vj = mj->v[a];
            vj += a == f ? ss->vflow[k] : 0.0;
            pb->dr[a][k] = ri[a] - (rj + pb->shift[a][k]);
            pb->dv[a][k] = vi[a] - vj;
        }
        if (dim == 2)
            pb->dr[2][k] = pb->dv[2][k] = 0;
        pb->sigma[k] = core * ((radius_i + s->radius[pb->j[k]]) * scale);
    }
    solve_gathered_as(s, 1);
}

/* Notes candidate j (seen through shift, moving vshift faster). */
__attribute__((always_inline)) static inline void
consider_sliding_batched(void *ctx, uint32_t j, const double shift[3], const double vshift[3])
{
    sliding_search *ss = ctx;
    ss->vflow[ss->s.batch.n] = vshift[ss->flow];
    if (note_candidate(&ss->s, j, shift))
        solve_sliding(ss);
}

/* A cell of the sliding scan whole, as scan_cells_as notes a cell of the
 * plain block: every slot copied, the count advanced by those that hold
 * a particle other than i, without a branch a slot; the overflow chain
 * (rare) walked.  The same candidates in the same order as
 * consider_sliding_batched, a slot at a time. */
__attribute__((always_inline)) static inline void
consider_sliding_cell(void *ctx, const hsf_cell_level *l, uint32_t at, const double shift[3],
                      const double vshift[3])
{
    sliding_search *ss = ctx;
    pair_search *s = &ss->s;
    hsf_pair_batch *pb = &s->batch;
    const uint32_t *cell = hsf_cell_at(l, at);
    const uint32_t slots = hsf_cell_slots(l), count = cell[0];
    const uint32_t i = ss->i;
    const double vf = vshift[ss->flow];
    if (slots <= HSF_PAIR_BATCH) {
        if (pb->n + slots > HSF_PAIR_BATCH)
            solve_sliding(ss);
        uint32_t n = pb->n;     /* in a local: pb->j's stores may alias pb->n */
        for (uint32_t q = 0; q < slots; q++) {
            uint32_t j = cell[2 + q];
            pb->j[n] = j;
            for (int a = 0; a < 3; a++)
                pb->shift[a][n] = shift[a];
            ss->vflow[n] = vf;
            n += (q < count) & (j != i);
        }
        pb->n = n;
        if (n == HSF_PAIR_BATCH)    /* full: consider_sliding_batched notes into a free slot */
            solve_sliding(ss);
    } else {
        uint32_t used = count < slots ? count : slots;
        for (uint32_t q = 0; q < used; q++)
            if (cell[2 + q] != i)
                consider_sliding_batched(ss, cell[2 + q], shift, vshift);
    }
    for (uint32_t j = *hsf_cell_chain(l, at); j != HSF_NONE; j = s->sys->b[j].next)
        if (j != i)
            consider_sliding_batched(ss, j, shift, vshift);
}

/* Whether the sliding search's partner is no event after all: the quick
 * test of unresolved (|v_j + vshift| <= |v_i| + |dv| still holds), else
 * the scalar search decides. */
static inline int unresolved_sliding(const pair_search *s)
{
    double vv = hsf_dot(s->best_dv, s->best_dv), vi2 = hsf_dot(s->vi, s->vi);
    return !(s->best > 0 && vv > 1e-24 * vi2 && vv > 0);
}

static void search_sliding(const hsf_event_engine *e, uint32_t i, sliding_search *ss)
{
    const hsf_system *sys = e->sys;
    pair_search *s = &ss->s;
    begin_search(s, sys, i);
    s->rules = NULL;
    s->rule = sys->model->rule;
    s->steps = 0;
    s->scalar_best = 0;
    s->n_near = 0;
    s->radius = sys->model->radius;
    s->radius_i = sys->model->radius[i];
    s->scale = sys->model->growth.s0;
    s->field = 0;
    s->cores = 1;
    s->one_well = 0;
    s->growing = 0;
    ss->flow = sys->shear.flow;
    ss->i = i;
    hsf_shear_scan_as(sys, i, s->now, sys->shear.slide, NULL, consider_sliding_cell, ss);
    solve_sliding(ss);
}

/* A sheared box with neighbour lists: each member seen through its
 * nearest sliding image, found as hsf_shear_separation finds it (the
 * image across the gradient faces first, which decides the offset along
 * the flow, then the nearest along the other periodic axes), and moving
 * as that image does; the operands of model_events.c's relative, solved
 * in batches as the plain case's: the scalar search's events.  Cores on
 * straight lines only (hsf_pair_law.slide_batched). */
__attribute__((always_inline)) static inline void
search_list_sheared(const hsf_event_engine *e, uint32_t i, pair_search *s)
{
    const hsf_system *sys = e->sys;
    const hsf_model *md = sys->model;
    begin_search(s, sys, i);
    s->rules = NULL;
    s->rule = md->rule;
    s->steps = 0;
    s->scalar_best = 0;
    s->n_near = 0;
    s->radius = md->radius;
    s->radius_i = md->radius[i];
    s->scale = md->growth.s0;
    s->field = 0;
    s->cores = 1;
    s->one_well = 0;
    s->growing = 0;
    const hsf_shear *sh = &sys->shear;
    const int f = sh->flow, g = sh->gradient;
    const double len_g = sys->cells.len[g], offset = hsf_shear_offset(sys, s->now);
    const double speed = sh->speed;
    const double ri[3] = { s->ri[0], s->ri[1], s->ri[2] };
    const double vi[3] = { s->vi[0], s->vi[1], s->vi[2] };
    const double now = s->now, core = s->rule->core, radius_i = s->radius_i, scale = s->scale;
    const uint32_t *list = hsf_nb_list(&sys->nb, i);
    uint32_t count = *hsf_nb_count(&sys->nb, i);
    hsf_pair_batch *pb = &s->batch;
    /* The gradient's and the flow's rows (f != g), and the images'
     * velocities along the flow. */
    double *restrict drg = pb->dr[g], *restrict drf = pb->dr[f];
    double image_v[HSF_PAIR_BATCH];
    for (uint32_t from = 0; from < count; from += HSF_PAIR_BATCH) {
        uint32_t n = count - from < HSF_PAIR_BATCH ? count - from : HSF_PAIR_BATCH;
        /* r_i - r_j now, and v_j (in dv until the images are known). */
        for (uint32_t k = 0; k < n; k++) {
            uint32_t j = list[from + k];
            const hsf_motion *mj = &s->m[j];
            double dt = now - mj->t;
            pb->j[k] = j;
            for (int a = 0; a < 3; a++) {
                pb->dr[a][k] = ri[a] - (mj->r[a] + mj->v[a] * dt);
                pb->dv[a][k] = mj->v[a];
            }
            pb->sigma[k] = core * ((radius_i + s->radius[j]) * scale);
        }
        /* The image across the gradient faces (none: nothing changes,
         * as in hsf_shear_separation), without a branch a candidate. */
        for (uint32_t k = 0; k < n; k++) {
            double kg = nearbyint(drg[k] / len_g), yg = drg[k], yf = drf[k];
            int across = kg != 0;
            drg[k] = across ? yg - kg * len_g : yg;
            drf[k] = across ? yf - kg * offset : yf;
            image_v[k] = across ? kg * speed : 0;
        }
        /* Then the nearest along the other periodic axes. */
        for (int a = 0; a < 3; a++) {
            if (a == g || !sys->periodic[a])
                continue;
            double *restrict row = pb->dr[a], len = sys->cells.len[a];
            for (uint32_t k = 0; k < n; k++)
                row[k] -= len * nearbyint(row[k] / len);
        }
        for (int a = 0; a < 3; a++) {
            double *restrict row = pb->dv[a];
            if (a == f)
                for (uint32_t k = 0; k < n; k++)
                    row[k] = vi[a] - (row[k] + image_v[k]);
            else
                for (uint32_t k = 0; k < n; k++)
                    row[k] = vi[a] - (row[k] + 0.0);
        }
        if (sys->dim == 2)
            for (uint32_t k = 0; k < n; k++)
                pb->dr[2][k] = pb->dv[2][k] = 0;
        pb->n = n;
        solve_gathered_as(s, 1);
    }
}

/* The model path's prediction (model/model.h): as predict, but with the
 * radius the model keeps (the motion record holds the reach), the path a
 * parabola in a field, and the search of the model's pair rules; batched
 * (search_plain_model, hsf_model.batched with cells or lists) or scalar
 * (hsf_model_search), as the law chose; in the plain case a partner is
 * kept across cell crossings, as on the hard-sphere path. */
__attribute__((always_inline)) static inline int
find_model(const hsf_event_engine *e, uint32_t i, const crossing *cross, prediction *p,
           hsf_error *err, const int batched)
{
    hsf_system *sys = e->sys;
    int keep_partner = e->keep_partner;
    const hsf_pair_law *law = &e->law;
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
    hsf_path path = { .motion = law->path_motion, .time = now, .radius = radius,
                      .growth = law->path_motion & HSF_PATH_GROWING ? md->radius[i] * g->rate
                                                                    : 0 };
    for (int a = 0; a < 3; a++) {
        path.r[a] = ri[a];
        path.v[a] = vi[a];
        path.a[a] = law->gravity[a];
    }
    /* Lists never serve a field (run.c): a neighbourhood's exit on a
     * parabola is a quartic.  Periodic axes have no field, so a box exit
     * is on a straight line. */
    int axis = 0, dir = 0, wall_free = 0;
    double t_cell;
    if (sys->search == HSF_SEARCH_LISTS) {
        wall_free = sys->cells.no_walls;
        t_cell = hsf_neighbourhood_exit_time(mi, sys->b[i].anchor, sys->cells.skin) - (now - mi->t);
        /* A sheared box's list near the gradient faces is renewed, as at
         * an exit, when the sliding images it holds are out of date. */
        if (sys->nb.until && hsf_nb_near(&sys->nb, i) && sys->nb.until[i] - now < t_cell)
            t_cell = sys->nb.until[i] - now;
    } else if (sys->search == HSF_SEARCH_CELLS && law->path_motion & HSF_PATH_FIELD)
        t_cell = hsf_cells_exit_time_field(&sys->cells, ri, vi, sys->gravity, &sys->b[i], &axis,
                                           &dir, &wall_free);
    else if (sys->search == HSF_SEARCH_CELLS)
        t_cell = hsf_cells_exit_time(&sys->cells, mi, &sys->b[i], &axis, &dir, &wall_free) -
                 (now - mi->t);
    else
        t_cell = box_exit_time(sys, mi, &axis, &dir) - (now - mi->t);
    if (t_cell < 0)
        t_cell = 0;
    /* A sheared box with cells: a search near the gradient faces sees the
     * sliding images as far as they slide in shear.period from now
     * (hsf_shear_scan); then the particle is predicted again, unless an
     * event of its own came first (HSF_FACE_WINDOW). */
    int window = 0;
    int sliding = batched == 2 || (batched == 0 && law->slide_axis >= 0 &&
                                   sys->search == HSF_SEARCH_CELLS && hsf_shear_near_faces(sys, i));
    if (sliding && sys->shear.period < t_cell) {
        t_cell = sys->shear.period;
        window = 1;
    }
    /* In a cell no wall reaches, the particle leaves the cell before it
     * can touch a wall: its path meets the walls only if a partner is kept
     * beyond the exit (below). */
    double t_wall = wall_free ? INFINITY : path_wall_hit(e, &path, &wall);
    if (__builtin_expect(!(t_wall >= 0), 0))
        return bad_hit(sys, i, t_wall, err);
    double best = t_wall < t_cell ? t_wall : t_cell;
    uint32_t partner = HSF_NONE, told = 0;
    if (batched == 3) {
        pair_search s;
        memcpy(s.ri, ri, sizeof ri);
        memcpy(s.vi, vi, sizeof vi);
        s.now = now;
        s.best = best;
        search_list_sheared(e, i, &s);
        if (s.partner != HSF_NONE && __builtin_expect(unresolved_sliding(&s), 0)) {
            s.partner = HSF_NONE;
            s.best = best;
            hsf_model_search(sys, i, ri, vi, now, &s.best, &s.partner);
        }
        best = s.best;
        partner = s.partner;
    } else if (batched == 2) {
        sliding_search ss;
        pair_search *s = &ss.s;
        memcpy(s->ri, ri, sizeof ri);
        memcpy(s->vi, vi, sizeof vi);
        s->now = now;
        s->best = best;
        search_sliding(e, i, &ss);
        if (s->partner != HSF_NONE && __builtin_expect(unresolved_sliding(s), 0)) {
            s->partner = HSF_NONE;
            s->best = best;
            hsf_model_search(sys, i, ri, vi, now, &s->best, &s->partner);
        }
        best = s->best;
        partner = s->partner;
    } else if (batched) {
        pair_search s;
        memcpy(s.ri, ri, sizeof ri);
        memcpy(s.vi, vi, sizeof vi);
        s.now = now;
        s.best = keep_partner ? t_wall : best;
        search_plain_model(e, i, cross, &s);
        /* Growing pairs are resolved in the batch (solve_touching). */
        if (s.partner != HSF_NONE && !s.scalar_best && !s.growing &&
            __builtin_expect(unresolved(&s), 0)) {
            s.best = keep_partner ? t_wall : best;
            s.partner = HSF_NONE;
            s.told = HSF_NONE;
            hsf_model_search(sys, i, ri, vi, now, &s.best, &s.partner);
        }
        best = s.best;
        partner = s.partner;
        /* The shell solve_wells told is the partner's if its candidate
         * won: a later one took the best only if strictly earlier.  (A
         * small box offers a partner through several images, whose
         * distances tell different shells.) */
        if (partner == s.told && best == s.told_time)
            told = 1 + s.told_shell;
    } else {
        hsf_model_search(sys, i, ri, vi, now, &best, &partner);
    }
    /* A partner kept beyond the exit of a cell no wall reaches: the walls
     * bound it as they bound the search elsewhere, so that the same
     * partners are kept and the events are the same to the last bit. */
    if (wall_free && partner != HSF_NONE && !(best < t_cell)) {
        t_wall = path_wall_hit(e, &path, &wall);
        if (__builtin_expect(!(t_wall >= 0), 0))
            return bad_hit(sys, i, t_wall, err);
        if (!(best < t_wall))
            partner = HSF_NONE;
    }
    /* Only a kept partner comes after the cell exit.  A collision's face
     * bits tell the pair's shell, 1 + shell, where a square well's batch
     * told it by the pair's distance (hsf_model_pair_event). */
    if (partner != HSF_NONE && best < t_cell)
        *p = (prediction){ now + best, HSF_EVENT_PAIR, partner, told };
    else if (t_wall <= t_cell && t_wall < INFINITY)
        *p = (prediction){ now + t_wall, HSF_EVENT_WALL, (uint32_t)wall, 0 };
    else if (t_cell < INFINITY)
        *p = (prediction){ now + t_cell, HSF_EVENT_CELL, partner,
                           window ? HSF_FACE_WINDOW : (uint32_t)(axis * 2 + (dir > 0)) };
    else
        p->kind = 0;
    return 0;
}

/* The model law's predictions (pair_law.h): scalar, and batched
 * (hsf_model.batched, with cells or lists). */
HSF_AVX2_CLONES int hsf_predict_model(const hsf_event_engine *e, uint32_t i, const crossing *cross,
                                      prediction *p, hsf_error *err)
{
    return find_model(e, i, cross, p, err, 0);
}

HSF_AVX2_CLONES int hsf_predict_model_batched(const hsf_event_engine *e, uint32_t i,
                                              const crossing *cross, prediction *p,
                                              hsf_error *err)
{
    return find_model(e, i, cross, p, err, 1);
}

/* A sheared box with cells (hsf_pair_law_model): a particle whose block
 * of cells reaches no gradient face sees no sliding image, only the
 * periodic ones, and is searched in batches as in an unsheared box; one
 * near the faces is searched through the images as they slide
 * (hsf_shear_scan): in batches when every pair is a core on a straight
 * line (sliding_search), else the scalar way. */
HSF_AVX2_CLONES int hsf_predict_model_sheared(const hsf_event_engine *e, uint32_t i,
                                              const crossing *cross, prediction *p,
                                              hsf_error *err)
{
    if (!hsf_shear_near_faces(e->sys, i))
        return find_model(e, i, cross, p, err, 1);
    if (e->law.slide_batched)
        return find_model(e, i, cross, p, err, 2);
    return find_model(e, i, cross, p, err, 0);
}

/* The search of a particle near the gradient faces with cells, through
 * the images as they slide: batched when the law allows it (as
 * hsf_predict_model_sheared, for event/law_sheared.c). */
HSF_AVX2_CLONES int hsf_predict_model_sliding(const hsf_event_engine *e, uint32_t i,
                                              const crossing *cross, prediction *p,
                                              hsf_error *err)
{
    if (e->law.slide_batched)
        return find_model(e, i, cross, p, err, 2);
    return find_model(e, i, cross, p, err, 0);
}

/* A sheared box with neighbour lists whose pairs are all cores on
 * straight lines (hsf_pair_law.slide_batched): a list renewed away from
 * the gradient faces holds no image through them, and its image codes
 * are whole (shared/neighbours.c), so it is searched as in an unsheared
 * box; one renewed near the faces in batches through the nearest sliding
 * images (search_list_sheared). */
HSF_AVX2_CLONES int hsf_predict_model_sheared_lists(const hsf_event_engine *e, uint32_t i,
                                                    const crossing *cross, prediction *p,
                                                    hsf_error *err)
{
    if (!hsf_shear_list_near_faces(e->sys, i))
        return find_model(e, i, cross, p, err, 1);
    return find_model(e, i, cross, p, err, 3);
}

/* The search of a list renewed near the gradient faces, through the
 * nearest sliding images (as hsf_predict_model_sheared_lists there, for
 * event/law_sheared.c). */
HSF_AVX2_CLONES int hsf_predict_model_sliding_lists(const hsf_event_engine *e, uint32_t i,
                                                    const crossing *cross, prediction *p,
                                                    hsf_error *err)
{
    return find_model(e, i, cross, p, err, 3);
}
