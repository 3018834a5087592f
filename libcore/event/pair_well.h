/* The model path's search of a neighbour list under one rule of one step
 * (a square well), wells and cores in one batch (private to
 * predict_model.c).  gather_list_one_rule and solve_in_reach then
 * hsf_pair_times did it in three passes: the pairs within reach of the
 * step copied into a batch of their own (hsf_shell_times) and left in the
 * plain batch as pairs that never meet.  Here each candidate is gathered
 * once and one vectorised loop gives every candidate both answers, the
 * shell's (pairs within reach, shell_times.h) and the plain one (the step
 * met from outside, hsf_pair_times without its bound); two scalar passes
 * then take the pairs within reach in their order and the others in
 * theirs, with the limits the three passes used.  The same operations on
 * the same operands in the same order: the same events, bit for bit. */
#ifndef HSF_EVENT_PAIR_WELL_H
#define HSF_EVENT_PAIR_WELL_H

#include "event/pair_solve.h"

/* What the one loop leaves for the two passes, by candidate. */
typedef struct well_batch {
    double scaled[HSF_PAIR_BATCH];  /* (r_i + r_j) * scale */
    double near[HSF_PAIR_BATCH];    /* 1: within reach of the step (gather_model's test) */
    double on[HSF_PAIR_BATCH];      /* 1: within reach and on the step by round-off */
    double inner[HSF_PAIR_BATCH], outer[HSF_PAIR_BATCH];
    double b[HSF_PAIR_BATCH], c[HSF_PAIR_BATCH];
    double t_in[HSF_PAIR_BATCH], t_out[HSF_PAIR_BATCH], exact[HSF_PAIR_BATCH];
    double plain[HSF_PAIR_BATCH];   /* hsf_pair_times's time before its bound */
} well_batch;

/* gather_list_one_rule for a rule of one step at step, with each
 * candidate's scaled contact distance and whether it is within reach. */
__attribute__((always_inline)) static inline void gather_well(pair_search *s, well_batch *w,
                                                               uint32_t from, uint32_t to,
                                                               const uint32_t *list,
                                                               const uint8_t *image, double step)
{
    hsf_pair_batch *pb = &s->batch;
    const double ri[3] = { s->ri[0], s->ri[1], s->ri[2] };
    const double vi[3] = { s->vi[0], s->vi[1], s->vi[2] };
    const double now = s->now, radius_i = s->radius_i, scale = s->scale;
    const double (*image_shift)[3] = s->sys->shift;
    const double *radius = s->radius;
    const hsf_motion *m = s->m;
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
        double sigma = radius_i + radius[j], scaled = sigma * scale;
        w->scaled[k] = scaled;
        pb->sigma[k] = step * scaled;
        double reach = step * sigma * scale * (1 + 1e-9);
        w->near[k] = hsf_dot(dr, dr) <= reach * reach ? 1.0 : 0.0;
    }
    pb->n = n;
}

/* Both answers for every candidate of the batch: the bounds of a pair
 * within reach told by its distance (shell_bounds_one_step; on[k] marks
 * the pairs the table must tell), hsf_shell_times's b, c, t_in, t_out and
 * exact against them with limit, and for the others hsf_pair_times's time
 * against the step from outside, its bound left to the pass.  Selections
 * of doubles only, so that the loop is vectorised. */
static inline void solve_well_lanes(const hsf_pair_batch *pb, well_batch *w, double step,
                                    double core, double limit, double vi2)
{
    for (uint32_t k = 0; k < pb->n; k++) {
        double x = pb->dr[0][k], y = pb->dr[1][k], z = pb->dr[2][k];
        double u = pb->dv[0][k], v = pb->dv[1][k], q = pb->dv[2][k];
        double b = x * u + y * v + z * q;
        double d2 = x * x + y * y + z * z;
        double vv = u * u + v * v + q * q;
        double scaled = w->scaled[k], near = w->near[k];
        double at = step * scaled, lo = at * (1 - 1e-9), hi = at * (1 + 1e-9);
        double on = d2 <= hi * hi ? 1.0 : 0.0;
        on = d2 > lo * lo ? on : 0.0;
        w->on[k] = near != 0 ? on : 0.0;
        double in = d2 <= lo * lo ? 1.0 : 0.0;
        /* Beyond reach: the step met from outside, pb->sigma[k]. */
        double inner = in != 0 ? core * scaled : at;
        inner = near != 0 ? inner : at;
        double outer = in != 0 ? at : INFINITY;
        double c = d2 - inner * inner;
        double disc = b * b - vv * c;
        double root = sqrt(disc > 0 ? disc : 0);
        double time = c / (root - b);
        double plain = c <= 0 ? 0.0 : time;
        plain = b < 0 ? plain : INFINITY;
        w->plain[k] = disc >= 0 ? plain : INFINITY;
        double t_in = b < 0 ? time : INFINITY;
        t_in = disc >= 0 ? t_in : INFINITY;
        t_in = c < -2 * b * limit ? t_in : INFINITY;
        double co = d2 - outer * outer;
        double dq = b * b - vv * (co < 0 ? co : 0);
        double ro = sqrt(dq > 0 ? dq : 0);
        double parting = -co / (b + ro), closing = (ro - b) / vv;
        double t_out = b > 0 ? parting : closing;
        double exact = vv > 1e-24 * vi2 ? 0.0 : 1.0;
        exact = vv > 0 ? exact : 1.0;
        exact = c <= 0 ? 1.0 : exact;
        exact = t_in == 0 ? 1.0 : exact;
        exact = co < 0 ? exact : 1.0;
        exact = outer == INFINITY ? 1.0 : exact;
        w->inner[k] = inner;
        w->outer[k] = outer;
        w->b[k] = b;
        w->c[k] = c;
        w->t_in[k] = t_in;
        w->t_out[k] = t_out > 0 ? t_out : 0;
        w->exact[k] = exact;
    }
}

/* A pair within reach on the step by round-off: its shell from the table
 * (solve_in_reach's hsf_rule_bounds) and its answers by hsf_shell_times
 * itself. */
static __attribute__((noinline)) void solve_well_on_step(const pair_search *s, well_batch *w,
                                                         uint32_t k, double limit, double vi2)
{
    const hsf_pair_batch *pb = &s->batch;
    const hsf_model *md = s->sys->model;
    uint32_t i = (uint32_t)(s->mi - s->m);
    hsf_shell_batch sb;
    sb.n = 1;
    for (int a = 0; a < 3; a++) {
        sb.dr[a][0] = pb->dr[a][k];
        sb.dv[a][0] = pb->dv[a][k];
    }
    hsf_rule_bounds(s->rule, w->scaled[k], hsf_pair_state_get(&md->shells, i, pb->j[k]),
                    &sb.inner[0], &sb.outer[0]);
    hsf_shell_times(&sb, limit, vi2);
    w->inner[k] = sb.inner[0];
    w->outer[k] = sb.outer[0];
    w->b[k] = sb.b[0];
    w->c[k] = sb.c[0];
    w->t_in[k] = sb.t_in[0];
    w->t_out[k] = sb.t_out[0];
    w->exact[k] = sb.exact[0];
}

/* The batch's earliest event into s: first the pairs within reach in
 * their order (solve_in_reach), then the others against the limit the
 * first pass leaves (hsf_pair_times and solve_gathered_as). */
static __attribute__((noinline)) HSF_AVX2_CLONES void solve_well(pair_search *s, well_batch *w)
{
    hsf_pair_batch *pb = &s->batch;
    const double step = s->rule->step_at[0], core = s->rule->core;
    const double vi2 = hsf_dot(s->vi, s->vi), limit = s->best;
    solve_well_lanes(pb, w, step, core, limit, vi2);
    for (uint32_t k = 0; k < pb->n; k++) {
        if (w->near[k] == 0)
            continue;
        if (__builtin_expect(w->on[k] != 0, 0))
            solve_well_on_step(s, w, k, limit, vi2);
        uint32_t j = pb->j[k];
        double t;
        if (__builtin_expect(w->exact[k] != 0, 0)) {
            double dr[3], dv[3], rj[3], vj[3];
            hsf_motion_at(s->sys, &s->m[j], s->now, rj, vj);
            for (int a = 0; a < 3; a++) {
                dr[a] = pb->dr[a][k];
                dv[a] = pb->dv[a][k];
            }
            t = hsf_shell_event_time(dr, dv, w->inner[k], w->outer[k],
                                     hsf_speed_resolution(s->vi, vj), s->best);
        } else {
            /* hsf_shell_time_within */
            t = w->t_in[k];
            if (!(t < s->best) || w->c[k] >= -2 * w->b[k] * s->best)
                t = INFINITY;
            double out = w->t_out[k];
            if (out < t && out < s->best)
                t = out;
        }
        if (t < s->best) {
            s->best = t;
            s->partner = j;
            s->scalar_best = 1;
        }
    }
    /* hsf_pair_times's bound with the limit it was given. */
    const double bound = s->best;
    for (uint32_t k = 0; k < pb->n; k++) {
        double t = w->near[k] == 0 && w->c[k] < -2 * w->b[k] * bound ? w->plain[k] : INFINITY;
        if (t < s->best) {
            s->best = t;
            s->partner = pb->j[k];
            s->scalar_best = 0;
            for (int a = 0; a < 3; a++) {
                s->best_dr[a] = pb->dr[a][k];
                s->best_dv[a] = pb->dv[a][k];
            }
        }
    }
    pb->n = 0;
}

/* The whole list of particle i (count entries) in batches. */
__attribute__((always_inline)) static inline void search_well(pair_search *s,
                                                               const uint32_t *list,
                                                               const uint8_t *image,
                                                               uint32_t count)
{
    well_batch w;
    const double step = s->rule->step_at[0];
    for (uint32_t k = 0; k < count; k += HSF_PAIR_BATCH) {
        gather_well(s, &w, k, count - k < HSF_PAIR_BATCH ? count : k + HSF_PAIR_BATCH, list,
                    image, step);
        solve_well(s, &w);
    }
}

#endif
