/* The model path's part of the candidate search (pair_search.h): the
 * candidates within reach of their rule's steps, the plain case's gather,
 * and the checks of a batch's answer. */
#ifndef HSF_EVENT_PAIR_MODEL_H
#define HSF_EVENT_PAIR_MODEL_H

#include "event/pair_search.h"

/* Whether the batch is solved by solve_wells (below), one rule of one step
 * and nothing growing: then a candidate's batch.sigma is its sum of radii
 * times the scale, (r_i + r_j) * scale, from which solve_wells takes both
 * the step and the core (elsewhere it holds the one bound solved for). */
static inline int wells_gathered(const pair_search *s)
{
    return s->one_well && !s->growing;
}

/* hsf_shell_bounds_by_distance for a rule of one step at step (the
 * core at core), by the same operations: the pair is inside the step
 * (inner the core, outer the step) or outside it (inner the step, no
 * outer); 0 for a pair within a relative 1e-9 of the step. */
static inline int shell_bounds_one_step(double step, double core, double sigma, double d2,
                                        double *inner, double *outer)
{
    double at = step * sigma, lo = at * (1 - 1e-9), hi = at * (1 + 1e-9);
    if (d2 > lo * lo && d2 <= hi * hi)
        return 0;
    double in = d2 <= lo * lo ? 1.0 : 0.0;
    *inner = in != 0 ? core * sigma : at;
    *outer = in != 0 ? at : INFINITY;
    return 1;
}

/* The candidates of the model path within reach of their rule's
 * outermost step (noted by gather_model): their shells told by their
 * distances (the table asked only for a pair on a step, by round-off),
 * their next events solved in a batch (shell_times.h), as
 * model_events.c's consider would, the special cases by it; all before
 * the batch, whose places they leave to pairs that never meet. */
__attribute__((always_inline)) static inline void solve_in_reach_as(pair_search *s,
                                                                     const int one_step)
{
    hsf_pair_batch *pb = &s->batch;
    const hsf_model *md = s->sys->model;
    uint32_t i = (uint32_t)(s->mi - s->m);
    hsf_shell_batch sb;
    sb.n = s->n_near;
    /* one_step: one rule of one step (the square well), read once. */
    const double step = one_step ? s->rule->step_at[0] : 0, core = s->rule->core;
    /* Read once: the batch's stores might alias them. */
    const double radius_i = s->radius_i, scale = s->scale, *radius = s->radius;
    for (uint32_t q = 0; q < sb.n; q++) {
        uint32_t k = s->near[q], j = pb->j[k];
        const hsf_rule *r = one_step || !s->rules ? s->rule : &s->rules[s->species[j]];
        for (int a = 0; a < 3; a++) {
            sb.dr[a][q] = pb->dr[a][k];
            sb.dv[a][q] = pb->dv[a][k];
            pb->dv[a][k] = 0;
        }
        pb->sigma[k] = 0;
        sb.k[q] = (uint8_t)k;
        double sigma = (radius_i + radius[j]) * scale;
        double d2 = sb.dr[0][q] * sb.dr[0][q] + sb.dr[1][q] * sb.dr[1][q] +
                    sb.dr[2][q] * sb.dr[2][q];
        if (one_step ? !shell_bounds_one_step(step, core, sigma, d2, &sb.inner[q], &sb.outer[q])
                     : !hsf_shell_bounds_by_distance(r, sigma, d2, &sb.inner[q], &sb.outer[q]))
            hsf_rule_bounds(r, sigma, hsf_pair_state_get(&md->shells, i, j), &sb.inner[q],
                            &sb.outer[q]);
    }
    hsf_shell_times(&sb, s->best, hsf_dot(s->vi, s->vi));
    for (uint32_t q = 0; q < sb.n; q++) {
        uint32_t j = pb->j[sb.k[q]];
        double t;
        if (__builtin_expect(sb.exact[q] != 0, 0)) {
            double dr[3], dv[3], rj[3], vj[3];
            hsf_motion_at(s->sys, &s->m[j], s->now, rj, vj);
            for (int a = 0; a < 3; a++) {
                dr[a] = sb.dr[a][q];
                dv[a] = sb.dv[a][q];
            }
            t = hsf_shell_event_time(dr, dv, sb.inner[q], sb.outer[q],
                                     hsf_speed_resolution(s->vi, vj), s->best);
        } else {
            t = hsf_shell_time_within(&sb, q, s->best);
        }
        if (t < s->best) {
            s->best = t;
            s->partner = j;
            s->scalar_best = 1;
        }
    }
    s->n_near = 0;
}

static __attribute__((noinline)) HSF_AVX2_CLONES void solve_in_reach(pair_search *s)
{
    if (!s->rules && s->rule->steps == 1)
        solve_in_reach_as(s, 1);
    else
        solve_in_reach_as(s, 0);
}

/* A batch under one rule of one step (the square well), every candidate
 * solved in one pass, as solve_in_reach and hsf_pair_times together
 * would: a pair outside the step meets it from outside (hsf_pair_times'
 * formula), one inside meets the core or leaves through the step
 * (hsf_shell_times'), which of the two told by its distance as
 * shell_bounds_one_step tells it; the special cases of hsf_shell_times
 * and the pairs on the step by round-off (whose side the table of shells
 * knows) are solved the scalar way, by hsf_shell_event_time, but for the
 * pair of the step event just executed, whose side the event told (met,
 * solve_wells below).  Gathering
 * the pairs within reach apart and solving them in a batch of their own
 * was 1200 instructions a prediction of the bench's square well
 * (tests/bench/models.sh) for the candidates within reach.  The same
 * event as those two, but for candidates whose times tie to within
 * rounding (the batch's order is kept, not inside first). */
__attribute__((always_inline)) static inline void solve_wells_as(pair_search *s, const int met)
{
    hsf_pair_batch *pb = &s->batch;
    const uint32_t n = pb->n;
    /* Read once: the stores below might alias them. */
    const double limit = s->best, vi2 = hsf_dot(s->vi, s->vi);
    const double core = s->rule->core, step = s->rule->step_at[0];
    const double met_inside = s->met_inside;
    /* met: which candidates are the pair of the step event just executed
     * (a small box may offer it through several images), in doubles for
     * the vectorised loop. */
    double is_met[HSF_PAIR_BATCH];
    if (met)
        for (uint32_t k = 0; k < n; k++)
            is_met[k] = pb->j[k] == s->met ? 1.0 : 0.0;
    /* Per candidate: the time (outside, or inside solved within limit;
     * INFINITY for those solved the scalar way) and its kind: 0 outside,
     * 1 inside, 2 the scalar way. */
    double t[HSF_PAIR_BATCH], kind[HSF_PAIR_BATCH], any_scalar = 0;
    /* Selections of doubles only, as in hsf_shell_times: the loop is
     * vectorised. */
    for (uint32_t k = 0; k < n; k++) {
        double x = pb->dr[0][k], y = pb->dr[1][k], z = pb->dr[2][k];
        double u = pb->dv[0][k], v = pb->dv[1][k], w = pb->dv[2][k];
        double b = x * u + y * v + z * w;
        double d2 = x * x + y * y + z * z;
        double vv = u * u + v * v + w * w;
        /* The step, step * (r_i + r_j) * scale, from the sum as gathered
         * (wells_gathered); inside it the core. */
        double sum = pb->sigma[k], at = step * sum, core_at = core * sum;
        double lo = at * (1 - 1e-9), hi = at * (1 + 1e-9);
        double inside = d2 <= lo * lo ? 1.0 : 0.0;
        double on = d2 <= hi * hi ? 1.0 : 0.0;
        on = inside != 0 ? 0.0 : on;
        /* met: the partner of the step event just executed is on the step,
         * on the side the engine told (met_inside). */
        double told = 0;
        if (met) {
            told = is_met[k] != 0 ? on : 0.0;
            inside = told != 0 ? met_inside : inside;
            on = told != 0 ? 0.0 : on;
        }
        double inner = inside != 0 ? core_at : at;
        /* Meeting inner from outside; leaving the step from inside. */
        double c = d2 - inner * inner, co = d2 - at * at;
        double meet = hsf_meet_time(b, c, vv, limit);
        double leave = hsf_leave_root(b, co, vv);
        /* Told inside and moving in, a pair on the step by round-off
         * leaves it after the chord (hsf_leave_time): hsf_leave_root's
         * time; told outside, it recedes (hsf_meet_time's INFINITY) or is
         * left to hsf_shell_event_time. */
        double moving_in = b < 0 ? told : 0.0;
        double exact = hsf_shell_special(vv, vi2, c, meet, moving_in != 0 ? -1.0 : co);
        exact = inside != 0 ? exact : moving_in;
        exact = on != 0 ? 1.0 : exact;
        /* Inside: hsf_shell_time_within at limit. */
        double first = meet < limit ? meet : INFINITY;
        double out = leave < limit ? leave : INFINITY;
        first = out < first ? out : first;
        double tk = inside != 0 ? first : meet;
        t[k] = exact != 0 ? INFINITY : tk;
        kind[k] = exact != 0 ? 2.0 : inside;
        any_scalar += exact;
    }
    /* The first earliest: a branch taken rarely, not one on each kind. */
    uint32_t won = HSF_PAIR_BATCH;
    double best = limit;
    for (uint32_t k = 0; k < n; k++)
        if (t[k] < best) {
            best = t[k];
            won = k;
        }
    if (won < HSF_PAIR_BATCH) {
        s->best = best;
        s->partner = pb->j[won];
        s->scalar_best = kind[won] != 0;
        s->told = pb->j[won];
        s->told_shell = kind[won] != 0;
        s->told_time = best;
        for (int a = 0; a < 3; a++) {
            s->best_dr[a] = pb->dr[a][won];
            s->best_dv[a] = pb->dv[a][won];
        }
    }
    if (__builtin_expect(any_scalar != 0, 0)) {
        const hsf_model *md = s->sys->model;
        const uint32_t i = (uint32_t)(s->mi - s->m);
        const double radius_i = s->radius_i, scale = s->scale, *radius = s->radius;
        /* In the batch's order, up to the last of them: any_scalar counts
         * them, mostly one (the pair just bounced on the step, which the
         * two predictions after its event see on it). */
        double left = any_scalar;
        for (uint32_t k = 0; left != 0; k++) {
            if (kind[k] != 2)
                continue;
            left -= 1;
            uint32_t j = pb->j[k];
            double dr[3], dv[3], rj[3], vj[3], inner, outer;
            for (int a = 0; a < 3; a++) {
                dr[a] = pb->dr[a][k];
                dv[a] = pb->dv[a][k];
            }
            double sigma = (radius_i + radius[j]) * scale;
            if (!shell_bounds_one_step(s->rule->step_at[0], core, sigma, hsf_dot(dr, dr), &inner,
                                       &outer))
                hsf_rule_bounds(s->rule, sigma, hsf_pair_state_get(&md->shells, i, j), &inner,
                                &outer);
            hsf_motion_at(s->sys, &s->m[j], s->now, rj, vj);
            double tk = hsf_shell_event_time(dr, dv, inner, outer,
                                             hsf_speed_resolution(s->vi, vj), s->best);
            if (tk < s->best) {
                s->best = tk;
                s->partner = j;
                s->scalar_best = 1;
            }
        }
    }
    pb->n = 0;
    s->n_near = 0;
}

/* solve_wells_as, with the pair of the step event just executed (met) in
 * the vectorised pass: the side hsf_shell_event_time would have read from
 * the table of shells, and the operations it would have done. */
static __attribute__((noinline)) HSF_AVX2_CLONES void solve_wells(pair_search *s)
{
    if (s->met != HSF_NONE)
        solve_wells_as(s, 1);
    else
        solve_wells_as(s, 0);
}

/* The model path's gather (plain case): candidates from to to-1 now, on
 * their parabolas in a field, with their cores (or the outermost steps
 * of their rules); the same operands as model_events.c's relative and
 * consider.  The candidates are those noted in the batch, or with list
 * (a neighbour list from its entry from on) the list's, seen through the
 * images image names, read straight into the batch.  The speed
 * resolution is left to the few candidates that would be chosen
 * (unresolved). */
__attribute__((always_inline)) static inline void gather_model(pair_search *s, uint32_t from,
                                                                uint32_t to,
                                                                const uint32_t *list,
                                                                const uint8_t *image)
{
    hsf_pair_batch *pb = &s->batch;
    /* Read once: the compiler cannot tell the batch's stores from them. */
    const double ri[3] = { s->ri[0], s->ri[1], s->ri[2] };
    const double vi[3] = { s->vi[0], s->vi[1], s->vi[2] };
    const double now = s->now, radius_i = s->radius_i, scale = s->scale;
    const int field = s->field, shifted = s->shifted, usual = !s->rules && !s->steps;
    const int wells = wells_gathered(s);
    const double core = s->rule->core;
    const double (*image_shift)[3] = s->sys->shift;
    uint32_t n_near = s->n_near;
    for (uint32_t k = 0; k < to - from; k++) {
        uint32_t j = list ? list[from + k] : pb->j[k];
        double rj[3], vj[3], dr[3];
        if (list)
            pb->j[k] = j;
        if (field) {
            hsf_motion_at(s->sys, &s->m[j], now, rj, vj);
        } else {
            const hsf_motion *mj = &s->m[j];
            double dt = now - mj->t;
            for (int a = 0; a < 3; a++) {
                rj[a] = mj->r[a] + mj->v[a] * dt;
                vj[a] = mj->v[a];
            }
        }
        for (int a = 0; a < 3; a++) {
            double shift = list ? image_shift[image[from + k]][a] : shifted ? pb->shift[a][k] : 0;
            dr[a] = ri[a] - (rj[a] + shift);
            pb->dr[a][k] = dr[a];
            pb->dv[a][k] = vi[a] - vj[a];
        }
        double sigma = radius_i + s->radius[j];
        if (usual) {                    /* one rule, a core */
            pb->sigma[k] = core * (sigma * scale);
            continue;
        }
        const hsf_rule *r = s->rules ? &s->rules[s->species[j]] : s->rule;
        if (!r->steps) {
            pb->sigma[k] = r->core * (sigma * scale);
            continue;
        }
        /* A pair beyond the outermost step is in none: most candidates,
         * solved in the batch against the step from outside. */
        double reach = r->step_at[0] * sigma * scale * (1 + 1e-9);
        pb->sigma[k] = (wells ? 1.0 : r->step_at[0]) * (sigma * scale);
        s->near[n_near] = (uint8_t)k;
        n_near += hsf_dot(dr, dr) <= reach * reach;
    }
    if (list)
        pb->n = to - from;
    s->n_near = n_near;
}

/* gather_model's case of a neighbour list (no field: lists never serve
 * one) under one rule (no species): the rule's core or outermost step
 * read once, not for each candidate (the square well of the bench,
 * tests/bench/models.sh: 86 instructions a candidate before).  The same
 * operations on the same operands as gather_model: the same bits.  noted
 * (a constant where it is inlined): the pairs within reach are noted for
 * solve_in_reach, with steps but not one (solve_wells needs no note). */
__attribute__((always_inline)) static inline void gather_list_one_rule(pair_search *s,
                                                                        uint32_t from,
                                                                        uint32_t to,
                                                                        const uint32_t *list,
                                                                        const uint8_t *image,
                                                                        const int noted)
{
    hsf_pair_batch *pb = &s->batch;
    const double ri[3] = { s->ri[0], s->ri[1], s->ri[2] };
    const double vi[3] = { s->vi[0], s->vi[1], s->vi[2] };
    const double now = s->now, radius_i = s->radius_i, scale = s->scale;
    const hsf_rule *r = s->rule;
    const int stepped = r->steps != 0;
    /* The core, or the outermost step: what the batch is solved against
     * (for solve_wells, the sum of radii: times 1). */
    const double at = stepped ? r->step_at[0] : r->core;
    const double times = wells_gathered(s) ? 1.0 : at;
    const double (*image_shift)[3] = s->sys->shift;
    const double *radius = s->radius;
    const hsf_motion *m = s->m;
    uint32_t n_near = s->n_near;
    uint32_t n = to - from;
    for (uint32_t k = 0; k < n; k++) {
        uint32_t j = list[from + k];
        const hsf_motion *mj = &m[j];
        const double *shift = image_shift[image[from + k]];
        double dt = now - mj->t, dr[3];
        pb->j[k] = j;
        for (int a = 0; a < 3; a++) {
            double rj = mj->r[a] + mj->v[a] * dt;
            dr[a] = ri[a] - (rj + shift[a]);
            pb->dr[a][k] = dr[a];
            pb->dv[a][k] = vi[a] - mj->v[a];
        }
        double sigma = radius_i + radius[j];
        pb->sigma[k] = times * (sigma * scale);
        if (noted) {
            double reach = at * sigma * scale * (1 + 1e-9);
            s->near[n_near] = (uint8_t)k;
            n_near += hsf_dot(dr, dr) <= reach * reach;
        }
    }
    pb->n = n;
    s->n_near = n_near;
}

/* gather_model's case of one rule without steps (a core: compression's,
 * hard spheres' and inelastic ones'), on straight lines or, with field,
 * on the parabolas of a uniform field: the same operations as
 * hsf_motion_at and gather_model, without their branches per candidate
 * (the compression bench gas: 2.4 % fewer instructions).  dim and field:
 * constants where it is inlined; in 2D the z components are the zeros
 * gather_model finds (the field has no z component in 2D).  A field's
 * batched search has no fixed particles (hsf_model.batched), so every
 * candidate falls. */
__attribute__((always_inline)) static inline void gather_cores(pair_search *s, uint32_t from,
                                                               uint32_t to, int dim, int field)
{
    hsf_pair_batch *pb = &s->batch;
    const double ri[3] = { s->ri[0], s->ri[1], s->ri[2] };
    const double vi[3] = { s->vi[0], s->vi[1], s->vi[2] };
    const double now = s->now, radius_i = s->radius_i, scale = s->scale;
    const double core = s->rule->core, *radius = s->radius;
    const hsf_motion *m = s->m;
    const int shifted = s->shifted;
    double g[3] = { 0, 0, 0 }, half_g[3] = { 0, 0, 0 };
    if (field)
        for (int a = 0; a < dim; a++) {
            g[a] = s->sys->gravity[a];
            half_g[a] = 0.5 * g[a];     /* hsf_motion_at's 0.5 * g * dt, the same bits */
        }
    for (uint32_t k = from; k < to; k++) {
        const hsf_motion *mj = &m[pb->j[k]];
        double dt = now - mj->t;
        for (int a = 0; a < dim; a++) {
            /* Not shifted: + 0 as gather_model adds, the same bits. */
            double shift = shifted ? pb->shift[a][k] : 0;
            double rj = field ? mj->r[a] + (mj->v[a] + half_g[a] * dt) * dt
                              : mj->r[a] + mj->v[a] * dt;
            double vj = field ? mj->v[a] + g[a] * dt : mj->v[a];
            pb->dr[a][k] = ri[a] - (rj + shift);
            pb->dv[a][k] = vi[a] - vj;
        }
        if (dim == 2)
            pb->dr[2][k] = pb->dv[2][k] = 0;
        pb->sigma[k] = core * ((radius_i + radius[pb->j[k]]) * scale);
    }
}

/* Whether the model path's chosen partner is no event after all: their
 * relative speed below what their velocities resolve
 * (hsf_speed_resolution; then they move as one), or touching now and
 * closing slower than that (a graze), as hsf_shell_event_time decides.
 * Rare: the prediction then searches again the scalar way. */
static __attribute__((noinline)) int unresolved_exactly(const pair_search *s)
{
    double vj[3], rj[3];
    hsf_motion_at(s->sys, &s->m[s->partner], s->now, rj, vj);
    double vres = hsf_speed_resolution(s->vi, vj);
    if (!(hsf_dot(s->best_dv, s->best_dv) > vres * vres))
        return 1;
    return s->best == 0 &&
           -hsf_dot(s->best_dr, s->best_dv) <= vres * sqrt(hsf_dot(s->best_dr, s->best_dr));
}

static inline int unresolved(const pair_search *s)
{
    /* Most pairs are plainly resolved: the resolution is 256 ulp of the
     * largest component of v_i or v_j, and |v_j| <= |v_i| + |dv|. */
    double vv = hsf_dot(s->best_dv, s->best_dv), vi2 = hsf_dot(s->vi, s->vi);
    if (s->best > 0 && vv > 1e-24 * vi2 && vv > 0)
        return 0;
    return unresolved_exactly(s);
}

/* Growing pairs of which some touch and close now: those solved again
 * the scalar way, with the speed resolution of both velocities
 * (hsf_growing_pair_time's guard against a graze). */
static __attribute__((noinline)) void solve_touching(const pair_search *s,
                                                     double t[HSF_PAIR_BATCH])
{
    const hsf_pair_batch *pb = &s->batch;
    for (uint32_t k = 0; k < pb->n; k++) {
        if (t[k] != 0)
            continue;
        double dr[3], dv[3], base = pb->sigma[k];
        for (int a = 0; a < 3; a++) {
            dr[a] = pb->dr[a][k];
            dv[a] = pb->dv[a][k];
        }
        t[k] = hsf_growing_pair_time(dr, dv, base * s->grow_scale, base * s->grow_rate,
                                     hsf_speed_resolution(s->vi, s->m[pb->j[k]].v), INFINITY);
    }
}

#endif
