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

/* hsf_parabola_first_face in its common case, without branches on the
 * direction of travel (a coin toss), for a field along the axis (g != 0):
 * from strictly inside the slab, moving (v != 0), towards a face not
 * skipped and reached before any turn back.
 * The same operations as there, so the same bits; returns -1 (and leaves
 * *t, *dir alone) in every other case, which the caller leaves to
 * hsf_parabola_first_face. */
static inline int hsf_parabola_face_ahead(double x, double v, double g, double lo, double hi,
                                          int skip_lo, int skip_hi, double *t, int *dir)
{
    int up = v > 0, mask = -up;
    double s = hsf_select_double(up, 1, -1);
    double c = x - hsf_select_double(up, hi, lo);
    double disc = v * v - 2 * g * c;
    int skip = (skip_hi & mask) | (skip_lo & ~mask);
    if (__builtin_expect(!(x > lo && x < hi) | (v == 0) | skip | !(disc >= 0), 0))
        return -1;
    /* -2 c / (sq + v) heading up, 2 c / (sq - v) heading down: a sign
     * flip is exact, so multiplying by s changes no bit. */
    *t = (-2 * c * s) / (sqrt(disc) + s * v);
    *dir = (1 & mask) | (-1 & ~mask);
    return 0;
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

/* The shares of a pair's change of relative velocity that i and j take
 * (masses mi and mj, INFINITY for a fixed particle): i's velocity changes
 * by *si times it and j's by -*sj times it, *si = mu / mi = mj / (mi + mj)
 * and *sj = mi / (mi + mj), mu the reduced mass.  Written so, equal masses
 * share exactly 1/2 each and a fixed partner leaves exactly 1 to the other
 * (mu / mi rounds: a share off by an ulp in every collision would change
 * the energy in one direction). */
static inline void hsf_pair_shares(double mi, double mj, double *si, double *sj)
{
    if (__builtin_expect(isinf(mi) || isinf(mj), 0)) {
        *si = isinf(mj) && !isinf(mi);
        *sj = isinf(mi) && !isinf(mj);
        return;
    }
    double m = mi + mj;
    *si = mj / m;
    *sj = mi / m;
}

/* Changes the relative velocity of a pair by c dr (dr = r_i - r_j): vi by
 * si c dr, vj by -sj c dr (hsf_pair_shares).  On dr itself, not on a
 * unit normal dr / |dr|: at contact |dr| is always nearly the same
 * number, the sum of the radii, so the rounding of |dr| does not average
 * out and a rounded normal's |n|^2 - 1 has a mean (-2.8e-17 at |dr| =
 * 0.6, +4.7e-17 at 1) that each bounce turns into a kinetic energy change
 * of the same sign.  On dr, with c = -2 (dv . dr) / (dr . dr), the mean is
 * 20 to 80 times smaller, and none with the compensated c of
 * hsf_pair_rate and hsf_pair_kick_exact (docs/TESTING.md, "Exact
 * bounces"). */
static inline void hsf_pair_kick(const double dr[3], double c, double si, double sj,
                                 double vi[3], double vj[3])
{
    double ki = si * c, kj = sj * c;
    vi[0] += ki * dr[0];
    vi[1] += ki * dr[1];
    vi[2] += ki * dr[2];
    vj[0] -= kj * dr[0];
    vj[1] -= kj * dr[1];
    vj[2] -= kj * dr[2];
}

/* a + b = *s + *err exactly (TwoSum). */
static inline void hsf_two_sum(double a, double b, double *s, double *err)
{
    *s = a + b;
    double bb = *s - a;
    *err = (a - (*s - bb)) + (b - bb);
}

/* a . b as hi + lo, lo holding hi's rounding error but for about one
 * rounding of lo itself (products split exactly by fma, sums by TwoSum). */
static inline void hsf_dot_split(const double a[3], const double b[3], double *hi, double *lo)
{
    double p0 = a[0] * b[0], p1 = a[1] * b[1], p2 = a[2] * b[2], s, t, s_err, t_err;
    double e = fma(a[0], b[0], -p0) + fma(a[1], b[1], -p1) + fma(a[2], b[2], -p2);
    hsf_two_sum(p0, p1, &s, &s_err);
    hsf_two_sum(s, p2, &t, &t_err);
    *hi = t;
    *lo = e + s_err + t_err;
}

/* (dv . dr) / (dr . dr), the normal relative velocity per unit of dr, as
 * *q + *q_lo, good to about an ulp of *q_lo (compensated: hsf_dot_split,
 * and the division's remainder by fma).  Plain arithmetic rounds it some
 * five times, each error a random step of up to an ulp in the energy of
 * a bounce. */
static inline void hsf_pair_rate(const double dr[3], const double dv[3], double *q,
                                 double *q_lo)
{
    double bh, bl, dh, dl;
    hsf_dot_split(dv, dr, &bh, &bl);
    hsf_dot_split(dr, dr, &dh, &dl);
    *q = bh / dh;
    *q_lo = (fma(-*q, dh, bh) + bl - *q * dl) / dh;
}

/* v + (k + k_lo) x rounded once, or nearly (the product split by fma, the
 * sum by TwoSum). */
static inline double hsf_add_scaled(double v, double k, double k_lo, double x)
{
    double p = k * x, s, err;
    hsf_two_sum(v, p, &s, &err);
    return s + (err + fma(k, x, -p) + k_lo * x);
}

/* hsf_pair_kick for c + c_lo, each velocity component rounded once: all
 * that is left of the bounce's rounding is that of storing the velocities,
 * whose random walk a lone tracer among fixed discs shows
 * (docs/TESTING.md, "Exact bounces"). */
static inline void hsf_pair_kick_exact(const double dr[3], double c, double c_lo, double si,
                                       double sj, double vi[3], double vj[3])
{
    double ki = si * c, kj = -(sj * c);
    double ki_lo = fma(si, c, -ki) + si * c_lo, kj_lo = -(fma(sj, c, kj) + sj * c_lo);
    for (int a = 0; a < 3; a++) {
        vi[a] = hsf_add_scaled(vi[a], ki, ki_lo, dr[a]);
        vj[a] = hsf_add_scaled(vj[a], kj, kj_lo, dr[a]);
    }
}

/* Elastic collision of touching spheres i and j (dr = r_i - r_j at contact,
 * finite masses mi and mj): the relative velocity changes by
 * -2 (dv . dr) / (dr . dr) dr (hsf_pair_kick, plainly: the compensated
 * form of the model path would cost the hard-sphere path 1% to 3% of its
 * instructions, and its many particles average the rounding's random
 * walk away).  Updates vi and vj, returns
 * the magnitude of the impulse exchanged, 2 mu |dv . dr| / |dr|, and
 * stores in *virial the product impulse_i . dr = -2 mu dv . dr (>= 0), the
 * collision's contribution to the pressure virial. */
double hsf_pair_collide(const double dr[3], double vi[3], double vj[3], double mi,
                        double mj, double *virial);

#endif
