/* The model path's core collisions, solved in batches (private to
 * libhsframe): hsf_shell_event_time (rules.h) for pairs that have only a
 * core, many at once and without branches, as hsf_pair_times does for
 * the hard-sphere path.  Same operations in the same order, so the same
 * bits as solving the pairs one by one. */
#ifndef HSF_CORE_TIMES_H
#define HSF_CORE_TIMES_H

#include <math.h>
#include <stdint.h>

#include "shared/physics.h"

/* Time of each pair 0 .. n-1 of pb (sigma holding the core's contact
 * distance) into t[]: INFINITY where the pair is receding, missing, moving
 * slower than vres[k] relative to each other (hsf_speed_resolution), or
 * dismissed by the c >= -2 b limit bound; otherwise the root, possibly >=
 * limit.  A pair touching now (t = 0) may still be a graze:
 * hsf_core_grazes decides, for the one chosen. */
static inline void hsf_core_times(const hsf_pair_batch *pb, const double *vres, double limit,
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
        int hit = vv > vres[k] * vres[k] && b < 0 && disc >= 0 && c < -2 * b * limit;
        t[k] = hit ? time : INFINITY;
    }
}

/* Whether pair k, touching now (its time 0), closes slower than vres can
 * carry: a graze, no event (as in hsf_shell_event_time). */
static inline int hsf_core_grazes(const hsf_pair_batch *pb, uint32_t k, double vres)
{
    double dr[3] = { pb->dr[0][k], pb->dr[1][k], pb->dr[2][k] };
    double dv[3] = { pb->dv[0][k], pb->dv[1][k], pb->dv[2][k] };
    return -hsf_dot(dr, dv) <= vres * sqrt(hsf_dot(dr, dr));
}

#endif
