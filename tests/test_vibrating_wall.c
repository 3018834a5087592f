/* The box's vibrating wall (plugins/boundary/box/vibrating_wall.c): grazing
 * hits against their closed form, the contact rules, and the first hit
 * of random paths (straight, in a field, growing; either side) against a
 * fine scan of the gap: never later than the scan's first root, and at a
 * root. */
#include <math.h>
#include <stdint.h>

#include <criterion/criterion.h>

#include <hsframe/boundary.h>

#include "vibrating_wall.h"

/* A path along y (x and z idle). */
static hsf_path along_y(double time, double y, double vy, double ay, double radius,
                        double growth)
{
    hsf_path p = { .time = time, .radius = radius, .growth = growth,
                   .r = { 0.5, y, 0 }, .v = { 0, vy, 0 }, .a = { 0, ay, 0 } };
    p.motion = (ay != 0 ? HSF_PATH_FIELD : 0) | (growth != 0 ? HSF_PATH_GROWING : 0);
    return p;
}

/* The gap between the particle's surface and the wall at t after the
 * path's origin, computed here from the definitions. */
static double gap(const vibrating_wall *w, const hsf_path *p, double t)
{
    double y = p->r[1] + p->v[1] * t + 0.5 * p->a[1] * t * t;
    double wall = w->w0 + w->amplitude * sin(w->omega * (p->time + t) + w->phase);
    return w->inward * (y - wall) - (p->radius + p->growth * t);
}

static const double two_pi = 6.283185307179586;

Test(vibrating_wall, grazing_hits_at_the_plates_top)
{
    /* A floor of amplitude 0.01 at 1 cycle per unit time; a particle at
     * rest whose surface is d below the plate's top is hit when
     * A sin(omega t) = A - d: t = (pi/2 - 2 asin(sqrt(d / 2A))) / omega. */
    vibrating_wall w = { .axis = 1, .inward = 1, .w0 = 0, .amplitude = 0.01, .omega = two_pi };
    for (double d = 1e-3; d > 1e-14; d /= 10) {
        hsf_path p = along_y(0, 0.05 + 0.01 - d, 0, 0, 0.05, 0);
        double d_exact = p.r[1] - 0.05 - 0.01 + 0;   /* d as the doubles hold it */
        double t = (M_PI / 2 - 2 * asin(sqrt(-d_exact / 0.02))) / two_pi;
        /* The root moves by the gap's round-off over its slope there. */
        cr_assert_float_eq(vibrating_wall_first_hit(&w, &p), t, 1e-12 + 1e-16 / sqrt(d),
                           "d = %g", d);
    }
    /* Just out of reach: never. */
    hsf_path p = along_y(0, 0.05 + 0.01 + 1e-12, 0, 0, 0.05, 0);
    cr_assert(isinf(vibrating_wall_first_hit(&w, &p)));
    /* The lid of a box of side 1, the same from below. */
    vibrating_wall lid = { .axis = 1, .inward = -1, .w0 = 1, .amplitude = 0.01, .omega = two_pi,
                           .phase = M_PI };
    p = along_y(0, 1 - 0.05 - 0.01 + 1e-6, 0, 0, 0.05, 0);
    double t = (M_PI / 2 - 2 * asin(sqrt((p.r[1] + 0.05 + 0.01 - 1) / 0.02))) / two_pi;
    cr_assert_float_eq(vibrating_wall_first_hit(&lid, &p), t, 1e-12);
}

Test(vibrating_wall, contact_rules)
{
    vibrating_wall w = { .axis = 1, .inward = 1, .w0 = 0, .amplitude = 0.1, .omega = two_pi };
    /* At rest on the plate as it rises: hit now. */
    hsf_path p = along_y(0, 0.5, 0, -1, 0.5, 0);
    cr_assert_eq(vibrating_wall_first_hit(&w, &p), 0);
    /* On the plate as it falls away faster: not now, later. */
    p = along_y(0.5, 0.5, 0, -1, 0.5, 0);
    double t = vibrating_wall_first_hit(&w, &p);
    cr_assert(t > 0 && t < INFINITY, "t = %g", t);
    cr_assert(fabs(gap(&w, &p, t)) < 1e-12);
    /* Right after a hit (touching, leaving at 2): the next one, not this. */
    p = along_y(0.1, 0.1 * sin(two_pi * 0.1) + 0.5, 2, -1, 0.5, 0);
    t = vibrating_wall_first_hit(&w, &p);
    cr_assert(t > 1 && t < 5, "t = %g", t);
    cr_assert(fabs(gap(&w, &p, t)) < 1e-12);
    /* Rising away with no field: never again. */
    p = along_y(0.1, 0.1 * sin(two_pi * 0.1) + 0.5, 2, 0, 0.5, 0);
    cr_assert(isinf(vibrating_wall_first_hit(&w, &p)));
}

/* xorshift64*: the same numbers on every machine. */
static double uniform(uint64_t *s)
{
    *s ^= *s >> 12;
    *s ^= *s << 25;
    *s ^= *s >> 27;
    return (double)((*s * 0x2545F4914F6CDD1DULL) >> 11) / 9007199254740992.0;
}

/* The first time in (0, horizon] at which the gap falls to <= 0, by a
 * scan in steps of step and bisection; INFINITY if none. */
static double scan(const vibrating_wall *w, const hsf_path *p, double horizon, double step)
{
    double lo = 0;
    for (double hi = step; hi <= horizon; lo = hi, hi += step) {
        if (gap(w, p, hi) > 0)
            continue;
        while (hi - lo > 1e-15 * (1 + hi)) {
            double mid = 0.5 * (lo + hi);
            if (gap(w, p, mid) > 0)
                lo = mid;
            else
                hi = mid;
        }
        return hi;
    }
    return INFINITY;
}

Test(vibrating_wall, random_paths_against_a_fine_scan)
{
    uint64_t s = 0x9e3779b97f4a7c15ULL;
    int hits = 0;
    for (int k = 0; k < 3000; k++) {
        int inward = k % 2 ? -1 : 1;
        double amplitude = 0.01 + 0.5 * uniform(&s), f = 0.2 + 2 * uniform(&s);
        vibrating_wall w = { .axis = 1, .inward = inward, .w0 = inward > 0 ? 0 : 10,
                             .amplitude = amplitude, .omega = two_pi * f,
                             .phase = two_pi * uniform(&s) };
        double time = 100 * uniform(&s), radius = 0.5;
        /* The surface from just inside the plate's reach to 3 A beyond
         * it; toward the wall in a field (or against it: never back),
         * or on a straight line; growing in a quarter. */
        double out = amplitude * (3 * uniform(&s) - 0.2);
        double field = k % 3 == 0 ? 0 : -inward * (k % 5 == 0 ? -0.5 : 1) * 2 * uniform(&s);
        double speed = inward * (2 * uniform(&s) - 1.2);
        double growth = k % 4 == 0 ? 0.1 * uniform(&s) : 0;
        double wall_now = w.w0 + amplitude * sin(w.omega * time + w.phase);
        double y = wall_now + inward * (radius + amplitude + out);
        hsf_path p = along_y(time, y, speed, field, radius, growth);
        if (gap(&w, &p, 0) <= 0)
            continue;   /* the contact rules are tested above */
        double horizon = 4 / f, t = vibrating_wall_first_hit(&w, &p);
        double ref = scan(&w, &p, horizon, 1e-4 / f);
        cr_assert(t >= 0, "k = %d: t = %g", k, t);
        if (ref < INFINITY) {
            hits++;
            /* Never after the scan's first root: no hit missed. */
            cr_assert(t <= ref + 1e-9 * (1 + ref), "k = %d: t = %.17g after the scan's %.17g",
                      k, t, ref);
        }
        if (t < horizon) {
            /* At a root (a graze the scan stepped over counts). */
            cr_assert(fabs(gap(&w, &p, t)) < 1e-11, "k = %d: gap %g at t = %.17g", k,
                      gap(&w, &p, t), t);
        }
    }
    cr_assert(hits > 1000, "only %d paths hit the wall", hits);
}
