/* Walls and periodic images of the time-step engine (walls.h). */
#include <math.h>

#include "shared/boundary_hit.h"
#include "shared/outputs.h"
#include "shared/wall_failure.h"
#include "timestep/walls.h"

/* Most wall hits of one particle in one step (a corner is two). */
#define MAX_HITS 8

static long bounce(hsf_system *sys, uint32_t i, const double *r0, double *r, double *v,
                   const double *acc, double kicked, double dt, hsf_error *err)
{
    const hsf_boundary_type *bt = sys->boundary.type.boundary;
    const void *bs = sys->boundary.state;
    double radius = sys->m[i].radius, mass = sys->b[i].mass;
    double p[3], u[3], left = dt;
    for (int a = 0; a < 3; a++) {
        p[a] = r0[a];
        u[a] = (r[a] - r0[a]) / dt;
    }
    long hits = 0;
    while (hits < MAX_HITS) {
        int wall = -1;
        double t = hsf_boundary_hit_straight(bt, bs, sys->time, p, u, radius, &wall);
        if (isnan(t) || t < 0)
            return hsf_error_set(err, "boundary %s: the first wall hit was %g for particle %lu at "
                                 "t = %.17g: expected a time >= 0",
                                 sys->boundary.plugin.info->name, t, (unsigned long)i + 1,
                                 sys->time);
        if (!(t < left))
            break;
        for (int a = 0; a < 3; a++)
            p[a] += u[a] * t;
        left -= t;
        double turned = bt->collide(bs, wall, p, u, mass);
        if (!isfinite(turned) || !isfinite(u[0]) || !isfinite(u[1]) || !isfinite(u[2]))
            return hsf_wall_failure(sys, i, (unsigned)wall, sys->time - left, p, radius,
                                    u, turned, err);
        /* The velocity turns only if it too heads out through this wall (a
         * force may have turned it back within the step); "at once" is
         * within the step, against rounding in the hit point. */
        int out = -1;
        double impulse = 0;
        if (hsf_boundary_hit_straight(bt, bs, sys->time, p, v, radius, &out) < left && out == wall) {
            impulse = bt->collide(bs, wall, p, v, mass);
            /* The kick the integrator gave before the drift, meant for
             * the time until kicked, was turned with the velocity; from
             * the hit to then it should have pushed unturned. */
            double ta[3] = { acc[0], acc[1], acc[2] }, late = kicked - (dt - left);
            bt->collide(bs, wall, p, ta, mass);
            for (int k = 0; k < 3; k++)
                v[k] += (acc[k] - ta[k]) * late;
        }
        hits++;
        sys->stats.wall_hits++;
        sys->stats.wall_impulse += impulse;
        sys->b[i].collisions++;
        hsf_event_info info = { .kind = HSF_EVENT_WALL, .time = sys->time, .i = i,
                                .j = (uint32_t)wall, .impulse = impulse };
        if ((sys->event_mask & HSF_EVENT_MASK(info.kind)) && hsf_outputs_notify(sys, &info, err))
            return -1;
    }
    if (hits)
        for (int a = 0; a < 3; a++)
            r[a] = p[a] + u[a] * left;
    return hits;
}

long hsf_timestep_walls(hsf_system *sys, const double *r0, double *r, double *v, const double *a,
                    double kicked, double dt, hsf_error *err)
{
    long hits = 0;
    for (uint32_t i = 0; i < sys->n; i++) {
        long h = bounce(sys, i, r0 + 3 * i, r + 3 * i, v + 3 * i, a + 3 * i, kicked, dt, err);
        if (h < 0)
            return -1;
        hits += h;
    }
    return hits;
}

void hsf_timestep_wrap(hsf_system *sys, double *r)
{
    for (int a = 0; a < sys->dim; a++) {
        if (!sys->periodic[a])
            continue;
        double lo = sys->lo[a], len = sys->hi[a] - lo;
        for (size_t i = 0; i < sys->n; i++) {
            double *x = &r[3 * i + a];
            if (*x >= lo && *x < lo + len)
                continue;
            double k = floor((*x - lo) / len);
            *x -= k * len;
            if (*x >= lo + len)
                *x = lo;
            sys->b[i].image[a] += (int32_t)k;
        }
    }
}
