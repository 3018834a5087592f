/* Hard-sphere kinematics: pure functions on 3-vectors (z = 0 in 2D, which
 * leaves every 2D result bit-identical). Private to libhsframe. */
#ifndef HSF_PHYSICS_H
#define HSF_PHYSICS_H

#include <math.h>

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
