/* Hard-sphere kinematics: pure functions on 3-vectors (z = 0 in 2D, which
 * leaves every 2D result bit-identical). Private to libhsframe. */
#ifndef HSF_PHYSICS_H
#define HSF_PHYSICS_H

#include <math.h>
#include <stdint.h>
#include <string.h>

/* a when pick is 1, b when it is 0, chosen without a branch: for choices
 * that a coin toss decides (GCC keeps the branch of ?: on doubles). */
static inline double hsf_select_double(int pick, double a, double b)
{
    uint64_t ua, ub, mask = -(uint64_t)pick;
    memcpy(&ua, &a, sizeof ua);
    memcpy(&ub, &b, sizeof ub);
    ua = (ua & mask) | (ub & ~mask);
    memcpy(&a, &ua, sizeof a);
    return a;
}

static inline double hsf_dot(const double a[3], const double b[3])
{
    return a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
}

/* Time from now until two spheres at separation dr = r_i - r_j with
 * relative velocity dv = v_i - v_j first touch, their radii summing to
 * sigma, if that is before limit; INFINITY if they never do (receding,
 * parallel or missing) or only at limit or later.  An approaching pair that
 * already touches or overlaps (by round-off) collides now: 0.  Inline: it
 * is the innermost loop of every prediction. */
static inline double hsf_pair_time_before(const double dr[3], const double dv[3],
                                          double sigma, double limit)
{
    double b = hsf_dot(dr, dv);
    if (b >= 0)
        return INFINITY;                    /* receding or at rest */
    double c = hsf_dot(dr, dr) - sigma * sigma;
    if (c <= 0)
        return 0;                           /* approaching while touching */
    /* The time is at least c / (-2b) (as sqrt(disc) <= -b): most pairs are
     * dismissed here, without the square root and the division. */
    if (c >= -2 * b * limit)
        return INFINITY;
    double vv = hsf_dot(dv, dv);
    double disc = b * b - vv * c;
    if (disc < 0)
        return INFINITY;                    /* they pass each other */
    /* Smaller root of vv t^2 + 2 b t + c, written as c / (-b + sqrt(disc))
     * to avoid cancellation when the pair is nearly touching. */
    double t = c / (sqrt(disc) - b);
    return t < limit ? t : INFINITY;
}

/* hsf_parabola_time (hsframe/boundary.h), inline for the engine's own
 * callers. */
static inline double hsf_parabola_time_inline(double x, double v, double g, double face, int dir)
{
    double c = x - face;
    if (dir * c >= 0 && (dir * v > 0 || (v == 0 && dir * g > 0)))
        return 0;                       /* on or past it, moving through */
    double t;
    if (g == 0) {
        t = dir * v > 0 ? -c / v : INFINITY;
    } else {
        double disc = v * v - 2 * g * c;
        if (disc < 0)
            return INFINITY;            /* turns back before it */
        /* The root where the velocity, +-sqrt(disc), has the sign of dir,
         * in the form without cancellation. */
        double sq = sqrt(disc);
        if (dir > 0)
            t = v > 0 ? -2 * c / (sq + v) : (sq - v) / g;
        else
            t = v < 0 ? 2 * c / (sq - v) : -(v + sq) / g;
    }
    return t >= 0 ? t : INFINITY;
}

/* The first of the two faces lo < hi (sides of a slab: a cell, or a box
 * less a radius) that a coordinate x + v t + g t^2 / 2 reaches, each
 * as hsf_parabola_time finds it (the same bits), lo's first on a tie as
 * min over (lo, -1), (hi, +1) in that order gives; INFINITY if neither.
 * From strictly inside, only the face it heads for is solved, and the
 * other only when that one is out of reach (skip_lo, skip_hi: a face not
 * to consider): it comes back to x, past the apex, before it can reach
 * the other, so the face it heads for, if reached, is reached first, by
 * more than the time to the apex.  *dir is set to -1 (lo) or +1 (hi) when a face is
 * found. */
static inline double hsf_parabola_first_face(double x, double v, double g, double lo,
                                             double hi, int skip_lo, int skip_hi, int *dir)
{
    if (__builtin_expect(!(x > lo && x < hi), 0)) {
        /* On a face or past it by round-off: that face may answer 0 (or
         * -0, at rest on it at the apex) whichever way it heads.  Both. */
        double t_lo = skip_lo ? INFINITY : hsf_parabola_time_inline(x, v, g, lo, -1);
        double t_hi = skip_hi ? INFINITY : hsf_parabola_time_inline(x, v, g, hi, 1);
        if (t_lo < INFINITY && !(t_hi < t_lo))
            *dir = -1;
        else if (t_hi < INFINITY)
            *dir = 1;
        return t_hi < t_lo ? t_hi : t_lo;
    }
    int ahead = v > 0 || (v == 0 && g > 0) ? 1 : -1;
    int first_skip = ahead > 0 ? skip_hi : skip_lo;
    double t = first_skip ? INFINITY
                          : hsf_parabola_time_inline(x, v, g, ahead > 0 ? hi : lo, ahead);
    if (t < INFINITY) {
        *dir = ahead;
        return t;
    }
    if (g == 0 || (ahead > 0 ? skip_lo : skip_hi))
        return INFINITY;    /* a straight line never reaches the face behind it */
    t = hsf_parabola_time_inline(x, v, g, ahead > 0 ? lo : hi, -ahead);
    if (t < INFINITY)
        *dir = -ahead;
    return t;
}

/* Up to this many pairs are solved at once by hsf_pair_times. */
#define HSF_PAIR_BATCH 32

/* Pairs gathered for hsf_pair_times, by component (structure of arrays). */
typedef struct hsf_pair_batch {
    double dr[3][HSF_PAIR_BATCH];   /* r_i - r_j now */
    double dv[3][HSF_PAIR_BATCH];   /* v_i - v_j */
    double sigma[HSF_PAIR_BATCH];   /* sum of the radii */
    double shift[3][HSF_PAIR_BATCH];    /* image shift of the partner (not read here) */
    uint32_t j[HSF_PAIR_BATCH];     /* the partner (not read here) */
    uint32_t n;
} hsf_pair_batch;

/* hsf_pair_time_before for pairs 0 .. n-1 of pb into t[], computed
 * without branches: whether a neighbour is approaching or missing is a coin
 * toss that a branch predictor loses half the time, and the loop is
 * vectorised.  Same formula and rounding as hsf_pair_time_before; a pair
 * not dismissed there by the c >= -2 b limit bound gets its exact time
 * here, possibly >= limit. */
static inline void hsf_pair_times(const hsf_pair_batch *pb, double limit,
                                  double t[HSF_PAIR_BATCH])
{
    for (uint32_t k = 0; k < pb->n; k++) {
        double x = pb->dr[0][k], y = pb->dr[1][k], z = pb->dr[2][k];
        double u = pb->dv[0][k], v = pb->dv[1][k], w = pb->dv[2][k];
        double b = x * u + y * v + z * w;
        double c = (x * x + y * y + z * z) - pb->sigma[k] * pb->sigma[k];
        double vv = u * u + v * v + w * w;
        double disc = b * b - vv * c;
        double root = sqrt(disc > 0 ? disc : 0);
        double time = c <= 0 ? 0 : c / (root - b);
        int hit = b < 0 && disc >= 0 && c < -2 * b * limit;
        t[k] = hit ? time : INFINITY;
    }
}

static inline double hsf_pair_time(const double dr[3], const double dv[3], double sigma)
{
    return hsf_pair_time_before(dr, dv, sigma, INFINITY);
}

/* Elastic collision of touching spheres i and j (dr = r_i - r_j at contact,
 * masses mi and mj): updates vi and vj, returns the magnitude of the impulse
 * exchanged and stores in *virial the product impulse_i . dr (>= 0), the
 * collision's contribution to the pressure virial. */
double hsf_pair_collide(const double dr[3], double vi[3], double vj[3], double mi,
                        double mj, double *virial);

#endif
