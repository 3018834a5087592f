/* Growing pairs in batches: hsf_growing_pair_time (rules.h) for the
 * candidates of a prediction gathered in an hsf_pair_batch, without
 * branches, so that the loop is vectorised as hsf_pair_times is for pairs
 * of fixed size (shared/physics.h).  Private to libhsframe. */
#ifndef HSF_GROWING_TIMES_H
#define HSF_GROWING_TIMES_H

#include <math.h>

#include "shared/physics.h"

/* For pairs 0 .. n-1 of pb, each holding in pb->sigma its core distance
 * at scale 1 (the rule's core times the sum of the base radii), growing
 * as scale + rate t: the time until it touches, into t[], by the same
 * formula and rounding as hsf_growing_pair_time with contact
 * pb->sigma[k] * scale and growth pb->sigma[k] * rate, so the same
 * times; INFINITY for a pair that never touches.  The times are not
 * bounded by a limit (the caller compares them with its best).  A pair
 * touching and closing (contact now, C <= 0, B < 0) gets 0 here, but its
 * event needs the speed resolution of both velocities, which the batch
 * does not hold: returns 1 when some pair is such, and the caller solves
 * those again with hsf_growing_pair_time; 0 otherwise.  dim: 2 (the z
 * components are zeros and not read) or 3, a constant where it is
 * inlined.  Without z the sums lose a + 0, which can change only the
 * sign of a zero B, and with it of a zero time: no comparison and no
 * event time changes. */
__attribute__((always_inline)) static inline int
hsf_growing_pair_times(const hsf_pair_batch *pb, double scale, double rate,
                       double t[HSF_PAIR_BATCH], int dim)
{
    /* Selections of doubles only (as in shell_times.h): a truth value made
     * an integer, or a condition with && or ||, kept GCC from vectorising
     * the loop.  touched[k] is 1 for a pair touching and closing. */
    double touched[HSF_PAIR_BATCH];
    for (uint32_t k = 0; k < pb->n; k++) {
        double x = pb->dr[0][k], y = pb->dr[1][k];
        double u = pb->dv[0][k], v = pb->dv[1][k];
        double vv = u * u + v * v, b = x * u + y * v, rr = x * x + y * y;
        if (dim == 3) {
            double z = pb->dr[2][k], w = pb->dv[2][k];
            vv += w * w;
            b += z * w;
            rr += z * z;
        }
        double contact = pb->sigma[k] * scale, growth = pb->sigma[k] * rate;
        /* |dr + dv t|^2 - (contact + growth t)^2 = A t^2 + 2 B t + C */
        double A = vv - growth * growth;
        double B = b - contact * growth;
        double C = rr - contact * contact;
        double disc = B * B - A * C;
        double root = sqrt(disc > 0 ? disc : 0);
        /* Closing: the stable form; parting, but the growth catches up. */
        double closing = C / (root - B), parting = (B + root) / -A;
        double time = B < 0 ? closing : parting;
        /* A hit: disc >= 0, and closing (B < 0) or caught up (A < 0). */
        double caught = A < 0 ? time : INFINITY;
        double hit = B < 0 ? time : caught;
        hit = disc >= 0 ? hit : INFINITY;
        /* Touching and closing: C <= 0 and B < 0. */
        double touch = B < 0 ? 1.0 : 0.0;
        touch = C <= 0 ? touch : 0.0;
        t[k] = touch != 0 ? 0.0 : hit;
        touched[k] = touch;
    }
    int touching = 0;
    for (uint32_t k = 0; k < pb->n; k++)
        touching |= touched[k] != 0;
    return touching;
}

#endif
