/* The error that stops a run when a boundary's collide gives no finite
 * velocity or impulse.  Private to libhsframe. */
#ifndef HSF_WALL_FAILURE_H
#define HSF_WALL_FAILURE_H

#include <math.h>
#include <stdint.h>

#include "shared/system_private.h"

/* Particle i (0-based here, 1-based in the message) of this radius at r
 * hit wall at time, and collide left v and impulse: when the boundary's
 * check finds its centre outside (as a point, radius 0), "particle 5 left the container (boundary mesh)
 * at t = 2.5: its centre ..." (a boundary whose particle escapes says so
 * this way, mesh.c); else what collide gave.  Returns -1 with err set. */
/* Whether a wall's collide left particle i a velocity and an impulse the
 * run can go on with: finite, and in 2D none out of the plane. */
static inline int hsf_wall_bounce_ok(const hsf_system *sys, uint32_t i, double impulse)
{
    const double *v = sys->m[i].v;
    return isfinite(v[0]) && isfinite(v[1]) && isfinite(v[2]) && !(sys->dim == 2 && v[2] != 0) &&
           isfinite(impulse);
}

int hsf_wall_failure(const hsf_system *sys, uint32_t i, unsigned wall, double time,
                     const double r[3], double radius, const double v[3], double impulse,
                     hsf_error *err);

#endif
