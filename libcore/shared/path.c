/* The host's helpers for boundaries (boundary.h, ABI 1.5): where a particle
 * on a path described by the host first touches a plane or a sphere.
 *
 * Straight lines and growing radii give quadratics, solved in closed forms
 * without cancellation.  A parabola against a sphere gives a quartic,
 * solved by hsf_poly_rises (poly_roots.c). */
#include <math.h>

#include <hsframe/boundary.h>

static double dot3(const double a[3], const double b[3])
{
    return a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
}

void hsf_path_at(const hsf_path *path, double t, double r[3], double v[3])
{
    for (int a = 0; a < 3; a++) {
        if (r)
            r[a] = path->r[a] + (path->v[a] + 0.5 * path->a[a] * t) * t;
        if (v)
            v[a] = path->v[a] + path->a[a] * t;
    }
}

double hsf_path_plane_time(const hsf_path *path, const double n[3], double offset)
{
    /* The gap n . r(t) - offset - radius(t) closes as a coordinate
     * x - growth t moving down onto the face at the radius. */
    double x = dot3(n, path->r) - offset;
    return hsf_parabola_time(x, dot3(n, path->v) - path->growth, dot3(n, path->a),
                             path->radius, -1);
}

double hsf_path_sphere_time(const hsf_path *path, const double centre[3], double big,
                            int inside)
{
    /* The surfaces touch when |d(t)|^2 - s(t)^2 = 0, d the offset from the
     * centre and s = big -+ radius(t) the distance of the centres at
     * contact.  sign makes the crossing wanted a rise: outward from inside,
     * inward onto an obstacle. */
    double d[3] = { path->r[0] - centre[0], path->r[1] - centre[1], path->r[2] - centre[2] };
    double sign = inside ? 1 : -1;
    double s0 = inside ? big - path->radius : big + path->radius;
    double s1 = inside ? -path->growth : path->growth;
    double c[5] = {
        sign * (dot3(d, d) - s0 * s0),
        sign * 2 * (dot3(d, path->v) - s0 * s1),
        sign * (dot3(path->v, path->v) + dot3(d, path->a) - s1 * s1),
        sign * dot3(path->v, path->a),
        sign * 0.25 * dot3(path->a, path->a),
    };
    double t;
    return hsf_poly_rises(c, 1, &t) ? t : INFINITY;
}
