/* Contact times of a path with the mesh's faces, edges and vertices
 * (mesh_hit.h). */
#include <math.h>

#include "mesh_hit.h"

static double dot(const double a[3], const double b[3])
{
    return a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
}

static int inside_face(const mesh_face *f, const double x[3])
{
    for (int i = 0; i < 3; i++)
        if (dot(f->m[i], x) < f->mo[i] - f->tol)
            return 0;
    return 1;
}

/* Two-sided: the plane is reached from the side of n at t+ (the centre
 * falling to the radius above it) or from the other at t-.  Either counts
 * only with the centre's projection inside the triangle then, and a time
 * 0 only on the side where the centre is now (0 otherwise means moving
 * away on the far side). */
static double face_time(const mesh_face *f, const hsf_path *p)
{
    double minus_n[3] = { -f->n[0], -f->n[1], -f->n[2] }, x[3];
    double d = dot(f->n, p->r) - f->off;
    double up = hsf_path_plane_time(p, f->n, f->off);
    double down = hsf_path_plane_time(p, minus_n, -f->off);
    double best = INFINITY;
    if (up < INFINITY && (up > 0 || d >= 0)) {
        hsf_path_at(p, up, x, NULL);
        if (inside_face(f, x))
            best = up;
    }
    if (down < best && (down > 0 || d <= 0)) {
        hsf_path_at(p, down, x, NULL);
        if (inside_face(f, x))
            best = down;
    }
    return best;
}

/* The centre reaches the radius from the edge's line when
 * h(t) = (radius + growth t)^2 - |w(t)|^2 rises through 0, w the part of
 * the offset from the edge's start across the edge: a quadratic on
 * straight lines, a quartic on parabolas.  Each rise counts with the
 * foot of the centre on the segment; the first that does is the hit
 * (a rise off the segment is a brush of the line's extension). */
static double edge_time(const mesh_edge *e, const hsf_path *p)
{
    double w[3], v[3], a[3];
    double sw = 0, sv = 0, sa = 0;
    for (int k = 0; k < 3; k++) {
        w[k] = p->r[k] - e->p[k];
        sw += w[k] * e->u[k];
        sv += p->v[k] * e->u[k];
        sa += p->a[k] * e->u[k];
    }
    for (int k = 0; k < 3; k++) {
        w[k] -= sw * e->u[k];
        v[k] = p->v[k] - sv * e->u[k];
        a[k] = p->a[k] - sa * e->u[k];
    }
    double r = p->radius, g = p->growth;
    double c[5] = {
        r * r - dot(w, w),
        2 * (r * g - dot(w, v)),
        g * g - dot(v, v) - dot(w, a),
        -dot(v, a),
        -0.25 * dot(a, a),
    };
    double t[3];
    int n = hsf_poly_rises(c, 3, t);
    double tol = 1e-12 * e->len;
    for (int k = 0; k < n; k++) {
        double s = sw + (sv + 0.5 * sa * t[k]) * t[k];
        if (s >= -tol && s <= e->len + tol)
            return t[k];
    }
    return INFINITY;
}

double mesh_wall_time(const mesh_geometry *g, int wall, const hsf_path *path)
{
    size_t i = mesh_index(wall);
    switch (mesh_kind(wall)) {
    case MESH_FACE:
        return face_time(&g->face[i], path);
    case MESH_EDGE:
        return edge_time(&g->edge[i], path);
    default:
        return hsf_path_sphere_time(path, g->vert + 3 * i, 0, 0);
    }
}

void mesh_wall_normal(const mesh_geometry *g, int wall, const double x[3], double n[3])
{
    if (mesh_kind(wall) == MESH_FACE) {
        const mesh_face *f = &g->face[mesh_index(wall)];
        double side = dot(f->n, x) - f->off >= 0 ? 1 : -1;
        for (int k = 0; k < 3; k++)
            n[k] = side * f->n[k];
        return;
    }
    double p[3], d[3];
    mesh_wall_point(g, wall, x, p);
    for (int k = 0; k < 3; k++)
        d[k] = x[k] - p[k];
    double len = sqrt(dot(d, d));
    for (int k = 0; k < 3; k++)
        n[k] = len > 0 ? d[k] / len : 0;
}
