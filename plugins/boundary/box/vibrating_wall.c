/* A wall that oscillates along its normal (vibrating_wall.h).
 *
 * Along the axis, the gap between the particle's surface and the wall is
 *     g(t) = s (x(t) - w0) - rho(t) - s A sin(omega (T + t) + phase)
 * (s = inward, T the time now, x a parabola, rho the radius growing
 * linearly), whose second derivative is bounded: |g''| <= M = |a| +
 * A omega^2.  So from a time where g > 0, g cannot reach 0 before the
 * first root of g + g' h - M h^2 / 2: a step that long is safe, and steps
 * taken so close in on the first root from below, like Newton's, quickly
 * for a crossing and geometrically for a graze, and never pass over one.
 * The particle meets the wall only while within A of w0 (the band):
 * above it, a parabola takes it to the band at once, or never. */
#include <math.h>

#include "vibrating_wall.h"

/* Safe steps per prediction before giving up (not reached in practice:
 * a particle in the band is hit within about a period, or leaves it). */
#define MAX_STEPS 100000

double vibrating_wall_position(const vibrating_wall *w, double t)
{
    return w->w0 + w->amplitude * sin(w->omega * t + w->phase);
}

double vibrating_wall_velocity(const vibrating_wall *w, double t)
{
    return w->amplitude * w->omega * cos(w->omega * t + w->phase);
}

/* The particle's coordinate along the axis, its velocity and radius at
 * time t after the origin of path. */
typedef struct along {
    double x, v, radius;
} along;

static along along_at(const vibrating_wall *w, const hsf_path *p, double t)
{
    int k = w->axis;
    along s = { p->r[k] + (p->v[k] + 0.5 * p->a[k] * t) * t, p->v[k] + p->a[k] * t,
                p->radius + p->growth * t };
    return s;
}

/* How far the particle's surface is past the band's inner edge (> 0:
 * outside the band, out of the wall's reach). */
static double above_band(const vibrating_wall *w, const along *s)
{
    return w->inward * (s->x - w->w0) - s->radius - w->amplitude;
}

/* The gap g at time t after the origin of path, and its rate *rate. */
static double gap(const vibrating_wall *w, const hsf_path *p, double t, double *rate)
{
    along s = along_at(w, p, t);
    double phase = w->omega * (p->time + t) + w->phase, sn = w->inward;
    if (rate)
        *rate = sn * (s.v - w->amplitude * w->omega * cos(phase)) - p->growth;
    return sn * (s.x - w->w0) - s.radius - sn * w->amplitude * sin(phase);
}

/* The first double in (lo, hi] at which the gap is <= 0, given that it is
 * > 0 at lo and <= 0 at hi. */
static double bisect(const vibrating_wall *w, const hsf_path *p, double lo, double hi)
{
    for (;;) {
        double mid = lo + 0.5 * (hi - lo);
        if (mid <= lo || mid >= hi)
            return hi;
        if (gap(w, p, mid, NULL) > 0)
            lo = mid;
        else
            hi = mid;
    }
}

/* The longest step from a gap g > 0 closing at rate gr (< 0: closing)
 * over which the gap cannot reach 0 when |g''| <= m. */
static double safe_step(double g, double gr, double m)
{
    double disc = gr * gr + 2 * m * g;
    return (gr + sqrt(disc > 0 ? disc : 0)) / m;
}

double vibrating_wall_first_hit(const vibrating_wall *w, const hsf_path *p)
{
    int k = w->axis;
    double m = fabs(p->a[k]) + w->amplitude * w->omega * w->omega;
    double t = 0, rate;
    double g = gap(w, p, 0, &rate);
    if (g <= 0) {
        /* Touching now (by round-off): a hit if closing, or pressed in
         * with no relative speed; else (right after a hit) leaving, and
         * safe until the gap could close again. */
        double sn = w->inward, phase = w->omega * p->time + w->phase;
        double curvature = sn * (p->a[k] + w->amplitude * w->omega * w->omega * sin(phase));
        if (rate < 0 || (rate == 0 && curvature <= 0))
            return 0;
        t = safe_step(g, rate, m);
        if (!(t > 0))
            return 0;
    }
    double before = -1;     /* a time with a gap > 0 since the last jump, < t */
    for (int step = 0; step < MAX_STEPS; step++) {
        along s = along_at(w, p, t);
        double out = above_band(w, &s);
        if (out > 0) {
            /* Out of reach: the parabola brings the surface back to the
             * band's edge, or never does. */
            double in = hsf_parabola_time(w->inward * (s.x - w->w0), w->inward * s.v - p->growth,
                                          w->inward * p->a[k], w->amplitude + s.radius, -1);
            if (in == INFINITY)
                return INFINITY;
            t += in;
            before = -1;
        }
        g = gap(w, p, t, &rate);
        if (g <= 0)
            return before >= 0 ? bisect(w, p, before, t) : t;
        double h = safe_step(g, rate, m);
        if (t + h == t)
            return t;       /* within the last bit of the root */
        before = t;
        t += h;
    }
    return t;
}
