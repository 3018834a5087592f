/* The next events of pairs held inside a step, solved in a batch
 * (private to libhsframe): the model path's counterpart of
 * hsf_pair_times for the candidates within reach of their rule's
 * outermost step (event/pair_model.h, solve_in_reach).  Each pair lies between an
 * inner boundary (the next step in, or the core), which it can meet from
 * outside, and an outer one (the step it is inside of), which it can
 * leave; hsf_shell_event_time gives the time of the first of the two.
 * Computed here without branches, by the same formulas and roundings, for
 * the pairs plainly inside their shell and plainly resolved; the others
 * are marked for hsf_shell_event_time itself. */
#ifndef HSF_SHELL_TIMES_H
#define HSF_SHELL_TIMES_H

#include <math.h>
#include <stdint.h>

#include "shared/physics.h"
#include "model/rules.h"

/* Pairs held in a step, by component (structure of arrays). */
typedef struct hsf_shell_batch {
    double dr[3][HSF_PAIR_BATCH];   /* r_i - r_j now */
    double dv[3][HSF_PAIR_BATCH];   /* v_i - v_j */
    double inner[HSF_PAIR_BATCH];   /* the boundary met from outside (step or core) */
    double outer[HSF_PAIR_BATCH];   /* the step left from inside; INFINITY: none */
    double b[HSF_PAIR_BATCH];       /* dr . dv (out) */
    double c[HSF_PAIR_BATCH];       /* |dr|^2 - inner^2 (out) */
    double t_in[HSF_PAIR_BATCH];    /* time to meet inner, if the bound below lets it (out) */
    double t_out[HSF_PAIR_BATCH];   /* time to leave outer (out) */
    double exact[HSF_PAIR_BATCH];   /* 1: only hsf_shell_event_time decides (out) */
    uint8_t k[HSF_PAIR_BATCH];      /* the pair's place in the engine's batch */
    uint32_t n;
} hsf_shell_batch;

/* The bounds of the shell of a pair at squared distance d2 with contact
 * distance sigma (r_i + r_j) under rule r, as hsf_rule_bounds gives them,
 * when the distance alone tells the shell: a pair held in a shell lies
 * between its bounds but by round-off, so only a pair within a relative
 * 1e-9 of a step can be held on either side of it.  Returns 1 and sets
 * *inner and *outer, or 0 for such a pair (the table of shells knows). */
static inline int hsf_shell_bounds_by_distance(const hsf_rule *r, double sigma, double d2,
                                               double *inner, double *outer)
{
    unsigned s = 0;
    for (unsigned k = 0; k < r->steps; k++) {
        double at = r->step_at[k] * sigma, lo = at * (1 - 1e-9), hi = at * (1 + 1e-9);
        if (d2 > lo * lo && d2 <= hi * hi)
            return 0;
        s += d2 <= lo * lo;
    }
    *inner = (s < r->steps ? r->step_at[s] : r->core) * sigma;
    *outer = s ? r->step_at[s - 1] * sigma : INFINITY;
    return 1;
}

/* A pair approaching a boundary it is outside of (c = |dr|^2 - boundary^2,
 * b = dr . dv, vv = |dv|^2): the time hsf_pair_time_before gives where its
 * bound c < -2 b limit lets the pair through, INFINITY where the pair
 * recedes, misses or is dismissed.  Selections only: vectorised loops
 * call it (hsf_shell_times, event/pair_model.h's solve_wells). */
static inline double hsf_meet_time(double b, double c, double vv, double limit)
{
    double disc = b * b - vv * c;
    /* Not clamped at 0: where disc < 0 the time is not taken, and GCC
     * turns sqrt(disc > 0 ? disc : 0) into two quotients, one for each. */
    double root = sqrt(disc);
    double time = c / (root - b);
    double t = b < 0 ? time : INFINITY;
    t = disc >= 0 ? t : INFINITY;
    return c < -2 * b * limit ? t : INFINITY;
}

/* A pair inside a boundary (co = |dr|^2 - boundary^2 < 0): hsf_leave_time's
 * later root, parting (b > 0) or closing, at least 0.  Selections only,
 * as hsf_meet_time. */
static inline double hsf_leave_root(double b, double co, double vv)
{
    double dq = b * b - vv * (co < 0 ? co : 0);
    double ro = sqrt(dq > 0 ? dq : 0);
    /* Parting, -co / (b + ro); closing, (ro - b) / vv: the quotient of
     * the chosen operands, one division where the two cost two (the
     * divider is what the square well's batch waits on). */
    double t = (b > 0 ? -co : ro - b) / (b > 0 ? b + ro : vv);
    return t > 0 ? t : 0;
}

/* 1 for a pair inside its shell that only hsf_shell_event_time decides:
 * not plainly resolved (|dv|^2 = vv not above 1e-24 |v_i|^2 = vi2),
 * touching or inside inner (c <= 0), meeting it at once (t_in 0), or on
 * or outside outer (co >= 0); else 0.  Selections only, as
 * hsf_meet_time. */
static inline double hsf_shell_special(double vv, double vi2, double c, double t_in, double co)
{
    double exact = vv > 1e-24 * vi2 ? 0.0 : 1.0;
    exact = vv > 0 ? exact : 1.0;
    exact = c <= 0 ? 1.0 : exact;
    exact = t_in == 0 ? 1.0 : exact;
    return co < 0 ? exact : 1.0;
}

/* For pairs 0 .. n-1 of sb: b, c, t_in, t_out and exact.  t_in is
 * hsf_pair_time_before's time to meet inner where its bound
 * c < -2 b limit lets the pair through (INFINITY where not), and t_out
 * hsf_leave_time's time to leave outer.  vi2 is |v_i|^2: the pair is
 * plainly resolved (|dv| above hsf_speed_resolution of v_i and v_j, which
 * is below 256 ulp of |v_i| + |dv|) when |dv|^2 > 1e-24 |v_i|^2.  exact is
 * 1 for a pair not plainly resolved, touching or inside inner, on or
 * outside outer, or without an outer boundary: hsf_shell_event_time's
 * special cases. */
static inline void hsf_shell_times(hsf_shell_batch *sb, double limit, double vi2)
{
    /* Selections of doubles only: a truth value made an integer keeps
     * GCC from vectorising the loop. */
    for (uint32_t k = 0; k < sb->n; k++) {
        double x = sb->dr[0][k], y = sb->dr[1][k], z = sb->dr[2][k];
        double u = sb->dv[0][k], v = sb->dv[1][k], w = sb->dv[2][k];
        double b = x * u + y * v + z * w;
        double d2 = x * x + y * y + z * z;
        double vv = u * u + v * v + w * w;
        /* Meeting inner: hsf_pair_times. */
        double c = d2 - sb->inner[k] * sb->inner[k];
        double t_in = hsf_meet_time(b, c, vv, limit);
        /* Leaving outer from inside (co < 0): hsf_leave_time's later root. */
        double co = d2 - sb->outer[k] * sb->outer[k];
        double t_out = hsf_leave_root(b, co, vv);
        double exact = hsf_shell_special(vv, vi2, c, t_in, co);
        exact = sb->outer[k] == INFINITY ? 1.0 : exact;
        sb->b[k] = b;
        sb->c[k] = c;
        sb->t_in[k] = t_in;
        sb->t_out[k] = t_out;
        sb->exact[k] = exact;
    }
}

/* The time hsf_shell_event_time gives pair k of sb solved by
 * hsf_shell_times (exact 0) with limit, now no greater than the limit
 * those were solved with: INFINITY or a time before limit. */
static inline double hsf_shell_time_within(const hsf_shell_batch *sb, uint32_t k, double limit)
{
    /* Selections, not branches: which of the two comes first is a coin
     * toss for a branch predictor. */
    double t = sb->t_in[k];
    t = t < limit ? t : INFINITY;
    t = sb->c[k] >= -2 * sb->b[k] * limit ? INFINITY : t;
    double out = sb->t_out[k];
    out = out < limit ? out : INFINITY;
    return out < t ? out : t;
}

#endif
