/* Is a particle inside the mesh (mesh_check.h)? */
#include <math.h>

#include "mesh_check.h"

static double dot(const double a[3], const double b[3])
{
    return a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
}

static void cross(const double a[3], const double b[3], double c[3])
{
    c[0] = a[1] * b[2] - a[2] * b[1];
    c[1] = a[2] * b[0] - a[0] * b[2];
    c[2] = a[0] * b[1] - a[1] * b[0];
}

typedef struct overlap {
    const mesh_geometry *g;
    const double *r;
    double radius;
    size_t tri;
    double dist;
} overlap;

static int overlaps(int wall, void *ctx)
{
    overlap *o = ctx;
    if (mesh_kind(wall) != MESH_FACE)
        return 0;
    double p[3], d[3];
    mesh_triangle_nearest(o->g, mesh_index(wall), o->r, p);
    for (int a = 0; a < 3; a++)
        d[a] = o->r[a] - p[a];
    double dist = sqrt(dot(d, d));
    if (dist < o->radius * (1 - 1e-12)) {
        o->tri = mesh_index(wall);
        o->dist = dist;
        return 1;
    }
    return 0;
}

/* Whether the ray r + s d (s > 0) crosses triangle k: 1 if it does, 0
 * if not, -1 when it passes within round-off of a side or a corner, or
 * starts on the triangle (then another direction decides). */
static int crosses(const mesh_geometry *g, size_t k, const double r[3], const double d[3])
{
    const double *a = mesh_corner(g, k, 0), *b = mesh_corner(g, k, 1), *c = mesh_corner(g, k, 2);
    double e1[3], e2[3], q[3], h[3], s[3];
    for (int i = 0; i < 3; i++) {
        e1[i] = b[i] - a[i];
        e2[i] = c[i] - a[i];
        s[i] = r[i] - a[i];
    }
    cross(d, e2, h);
    double det = dot(e1, h), size = sqrt(dot(e1, e1));
    if (fabs(det) < 1e-14 * size * sqrt(dot(e2, e2)))
        return 0;                       /* the ray runs along the plane: misses or grazes */
    double u = dot(s, h) / det;
    cross(s, e1, q);
    double v = dot(d, q) / det, t = dot(e2, q) / det;
    double eps = 1e-10;
    if (u < -eps || v < -eps || u + v > 1 + eps || t < -eps * size)
        return 0;
    if (u < eps || v < eps || u + v > 1 - eps || t < eps * size)
        return -1;
    return 1;
}

typedef struct ray {
    const mesh_geometry *g;
    const double *r, *d;
    long count;
    int unsure;
} ray;

static int count_crossing(int wall, void *ctx)
{
    ray *y = ctx;
    if (mesh_kind(wall) != MESH_FACE)
        return 0;
    int c = crosses(y->g, mesh_index(wall), y->r, y->d);
    if (c < 0) {
        y->unsure = 1;
        return 1;                       /* stop: this direction cannot decide */
    }
    y->count += c;
    return 0;
}

/* Crossings of the ray from r along axis (0, 1, 2) in direction sign
 * (+1, -1), through the grid's cells along it; -1 when unsure. */
static long crossings(const mesh_grid *m, const mesh_geometry *g, const double r[3], int axis,
                      int sign)
{
    double d[3] = { 0, 0, 0 }, lo[3], hi[3];
    d[axis] = sign;
    for (int a = 0; a < 3; a++)
        lo[a] = hi[a] = r[a];
    if (sign > 0)
        hi[axis] = g->hi[axis];
    else
        lo[axis] = g->lo[axis];
    ray y = { .g = g, .r = r, .d = d };
    mesh_grid_visit(m, lo, hi, count_crossing, &y);
    return y.unsure ? -1 : y.count;
}

int mesh_check_sphere(const mesh_grid *m, const mesh_geometry *g, const double r[3],
                      double radius, hsf_error *err)
{
    static const char axis[] = "xyz";
    for (int a = 0; a < 3; a++)
        if (!(r[a] >= g->lo[a] && r[a] <= g->hi[a]))
            return hsf_error_set(err, "its centre (%.17g, %.17g, %.17g) is outside the mesh's "
                                 "bounding box: %c = %.17g, expected within [%.17g, %.17g]",
                                 r[0], r[1], r[2], axis[a], r[a], g->lo[a], g->hi[a]);
    double lo[3], hi[3];
    for (int a = 0; a < 3; a++) {
        lo[a] = r[a] - radius;
        hi[a] = r[a] + radius;
    }
    overlap o = { .g = g, .r = r, .radius = radius };
    if (mesh_grid_visit(m, lo, hi, overlaps, &o)) {
        const double *a = mesh_corner(g, o.tri, 0), *b = mesh_corner(g, o.tri, 1),
                     *c = mesh_corner(g, o.tri, 2);
        return hsf_error_set(err, "the sphere at (%.17g, %.17g, %.17g) of radius %.17g overlaps "
                             "triangle %zu (0-based; corners (%g, %g, %g), (%g, %g, %g), "
                             "(%g, %g, %g)): its centre is %.17g from it", r[0], r[1], r[2],
                             radius, o.tri, a[0], a[1], a[2], b[0], b[1], b[2], c[0], c[1], c[2],
                             o.dist);
    }
    if (!g->closed)
        return 0;
    /* Along the axes, through the grid's cells: the first that is sure. */
    for (int k = 0; k < 6; k++) {
        long n = crossings(m, g, r, k % 3, k < 3 ? 1 : -1);
        if (n < 0)
            continue;
        if (n % 2 == 0)
            return hsf_error_set(err, "its centre (%.17g, %.17g, %.17g) is outside the closed "
                                 "mesh: a ray from it along %c%c crosses %ld triangles, "
                                 "expected an odd number", r[0], r[1], r[2], k < 3 ? '+' : '-',
                                 "xyz"[k % 3], n);
        return 0;
    }
    return 0;       /* every ray grazed a side: too close to call, so let it be */
}
