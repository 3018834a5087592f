/* Welding a triangle soup into vertices, edges and faces (mesh_geometry.h). */
#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "mesh_geometry.h"

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

static void sub(const double a[3], const double b[3], double c[3])
{
    for (int k = 0; k < 3; k++)
        c[k] = a[k] - b[k];
}

void mesh_geometry_free(mesh_geometry *g)
{
    free(g->vert);
    free(g->tri);
    free(g->face);
    free(g->edge);
    free(g->flat_vertex);
    memset(g, 0, sizeof *g);
}

/* ---- welding ------------------------------------------------------------- */

typedef struct corner {
    double x[3];
    size_t id;              /* 3 triangle + corner */
} corner;

static int by_position(const void *pa, const void *pb)
{
    const corner *a = pa, *b = pb;
    for (int k = 0; k < 3; k++)
        if (a->x[k] != b->x[k])
            return a->x[k] < b->x[k] ? -1 : 1;
    return a->id < b->id ? -1 : a->id > b->id;
}

typedef struct side {
    size_t lo, hi;          /* vertex indices, lo < hi */
    size_t tri;
    int forward;            /* 1 when the triangle runs lo -> hi */
} side;

static int by_vertices(const void *pa, const void *pb)
{
    const side *a = pa, *b = pb;
    if (a->lo != b->lo)
        return a->lo < b->lo ? -1 : 1;
    if (a->hi != b->hi)
        return a->hi < b->hi ? -1 : 1;
    return a->tri < b->tri ? -1 : a->tri > b->tri;
}

static int weld_vertices(mesh_geometry *g, const stl_soup *soup)
{
    size_t n = 3 * soup->n;
    corner *c = malloc(n * sizeof *c);
    g->vert = malloc(n * 3 * sizeof *g->vert);
    g->tri = malloc(n * sizeof *g->tri);
    if (!c || !g->vert || !g->tri) {
        free(c);
        return -1;
    }
    for (size_t k = 0; k < n; k++) {
        memcpy(c[k].x, soup->xyz + 3 * k, sizeof c[k].x);
        c[k].id = k;
    }
    qsort(c, n, sizeof *c, by_position);
    g->nv = 0;
    for (size_t k = 0; k < n; k++) {
        const double *x = c[k].x, *y = k ? c[k - 1].x : NULL;     /* == : -0 is 0 */
        if (!y || x[0] != y[0] || x[1] != y[1] || x[2] != y[2]) {
            memcpy(g->vert + 3 * g->nv, c[k].x, sizeof c[k].x);
            g->nv++;
        }
        g->tri[c[k].id] = g->nv - 1;
    }
    free(c);
    double *fit = realloc(g->vert, g->nv * 3 * sizeof *g->vert);   /* a corner in ~6 triangles */
    if (fit)
        g->vert = fit;
    return 0;
}

static const char *where(const stl_soup *soup, const char *path, size_t k, char *buf,
                         size_t size)
{
    if (soup->binary)
        snprintf(buf, size, "%s: byte %ld", path, soup->where[k]);
    else
        snprintf(buf, size, "%s:%ld", path, soup->where[k]);
    return buf;
}

static int check_triangles(const mesh_geometry *g, const stl_soup *soup, const char *path,
                           hsf_error *err)
{
    char at[600];
    for (size_t k = 0; k < g->nt; k++) {
        const double *a = mesh_corner(g, k, 0), *b = mesh_corner(g, k, 1), *c = mesh_corner(g, k, 2);
        double ab[3], ac[3], bc[3], n[3];
        sub(b, a, ab);
        sub(c, a, ac);
        sub(c, b, bc);
        cross(ab, ac, n);
        double longest = fmax(dot(ab, ab), fmax(dot(ac, ac), dot(bc, bc)));
        /* No area: within round-off of a segment (or a point). */
        if (!(sqrt(dot(n, n)) > 1e-12 * longest))
            return hsf_error_set(err, "%s: triangle %zu (0-based) is degenerate: expected three "
                                 "corners not on one line, found (%.17g, %.17g, %.17g), "
                                 "(%.17g, %.17g, %.17g), (%.17g, %.17g, %.17g)",
                                 where(soup, path, k, at, sizeof at), k, a[0], a[1], a[2], b[0],
                                 b[1], b[2], c[0], c[1], c[2]);
    }
    return 0;
}

/* Edges, and whether the mesh is closed (each edge in two triangles, once
 * each way). */
static int weld_edges(mesh_geometry *g, const stl_soup *soup, const char *path, hsf_error *err)
{
    size_t n = 3 * g->nt;
    side *s = malloc(n * sizeof *s);
    g->edge = malloc(n * sizeof *g->edge);
    if (!s || !g->edge) {
        free(s);
        return hsf_error_set(err, "%s: out of memory", path);
    }
    for (size_t k = 0; k < g->nt; k++)
        for (int c = 0; c < 3; c++) {
            size_t a = g->tri[3 * k + c], b = g->tri[3 * k + (c + 1) % 3];
            s[3 * k + c] = (side){ a < b ? a : b, a < b ? b : a, k, a < b };
        }
    qsort(s, n, sizeof *s, by_vertices);
    g->ne = 0;
    g->closed = 1;
    int consistent = 1;
    size_t bad_a = 0, bad_b = 0;
    for (size_t k = 0; k < n;) {
        size_t m = k + 1;
        while (m < n && s[m].lo == s[k].lo && s[m].hi == s[k].hi)
            m++;
        if (m - k != 2)
            g->closed = 0;
        else if (s[k].forward == s[k + 1].forward && consistent)
            consistent = 0, bad_a = s[k].tri, bad_b = s[k + 1].tri;
        mesh_edge *e = &g->edge[g->ne++];
        e->a = s[k].lo;
        e->b = s[k].hi;
        e->ntri = (int)(m - k < 3 ? m - k : 3);
        e->tri[0] = s[k].tri;
        e->tri[1] = m - k > 1 ? s[k + 1].tri : s[k].tri;
        e->flat = 0;
        const double *pa = g->vert + 3 * e->a, *pb = g->vert + 3 * e->b;
        sub(pb, pa, e->u);
        e->len = sqrt(dot(e->u, e->u));
        for (int a = 0; a < 3; a++) {
            e->p[a] = pa[a];
            e->u[a] /= e->len;
        }
        k = m;
    }
    free(s);
    if (g->closed && !consistent) {
        char at_a[600], at_b[600];
        return hsf_error_set(err, "%s: triangles %zu and %zu (0-based; %s) run along their "
                             "common edge in the same direction: expected a closed mesh "
                             "oriented alike (each edge once each way), found one whose "
                             "orientation flips", where(soup, path, bad_a, at_a, sizeof at_a),
                             bad_a, bad_b, where(soup, path, bad_b, at_b, sizeof at_b));
    }
    return 0;
}

static void build_faces(mesh_geometry *g)
{
    double signed6 = 0;
    g->area = 0;
    for (size_t k = 0; k < g->nt; k++) {
        mesh_face *f = &g->face[k];
        const double *v[3] = { mesh_corner(g, k, 0), mesh_corner(g, k, 1), mesh_corner(g, k, 2) };
        double ab[3], ac[3], n[3], bc[3];
        sub(v[1], v[0], ab);
        sub(v[2], v[0], ac);
        cross(ab, ac, n);
        double len = sqrt(dot(n, n));
        g->area += 0.5 * len;
        cross(v[1], v[2], bc);
        signed6 += dot(v[0], bc);
        for (int a = 0; a < 3; a++)
            f->n[a] = n[a] / len;
        f->off = dot(f->n, v[0]);
        double longest = 0;
        for (int i = 0; i < 3; i++) {
            double sd[3];
            sub(v[(i + 1) % 3], v[i], sd);
            cross(f->n, sd, f->m[i]);
            double l = sqrt(dot(f->m[i], f->m[i]));
            longest = fmax(longest, l);
            for (int a = 0; a < 3; a++)
                f->m[i][a] /= l;
            f->mo[i] = dot(f->m[i], v[i]);
        }
        /* Round-off at the sides, and the seams of planar patches
         * (mark_flat). */
        f->tol = 1e-11 * longest;
    }
    double box = 1;
    for (int a = 0; a < 3; a++)
        box *= g->hi[a] - g->lo[a];
    g->volume = g->closed ? fabs(signed6) / 6 : box;
}

/* The corner of triangle t that is not on edge e. */
static const double *opposite(const mesh_geometry *g, size_t t, const mesh_edge *e)
{
    for (int c = 0; c < 3; c++)
        if (g->tri[3 * t + c] != e->a && g->tri[3 * t + c] != e->b)
            return mesh_corner(g, t, c);
    return mesh_corner(g, t, 0);
}

/* An edge between two triangles in one plane (the far corner of the one
 * within 1e-13 of the edge's length of the other's plane), one on each
 * side of it; a vertex whose every edge is such. */
static int mark_flat(mesh_geometry *g)
{
    if (!(g->flat_vertex = malloc(g->nv ? g->nv : 1)))
        return -1;
    memset(g->flat_vertex, 1, g->nv);
    for (size_t k = 0; k < g->ne; k++) {
        mesh_edge *e = &g->edge[k];
        if (e->ntri == 2) {
            const mesh_face *f = &g->face[e->tri[0]];
            const double *c0 = opposite(g, e->tri[0], e), *c1 = opposite(g, e->tri[1], e);
            double d0[3], d1[3], across[3];
            sub(c0, e->p, d0);
            sub(c1, e->p, d1);
            cross(f->n, e->u, across);  /* in the plane, across the edge */
            e->flat = fabs(dot(f->n, d1)) <= 1e-13 * e->len &&
                      dot(across, d0) * dot(across, d1) < 0;
        }
        if (!e->flat)
            g->flat_vertex[e->a] = g->flat_vertex[e->b] = 0;
    }
    return 0;
}

int mesh_geometry_build(mesh_geometry *g, const stl_soup *soup, const char *path,
                        hsf_error *err)
{
    memset(g, 0, sizeof *g);
    if (soup->n > (size_t)INT_MAX / 4)
        return hsf_error_set(err, "%s: expected at most %d triangles, found %zu", path,
                             INT_MAX / 4, soup->n);
    g->nt = soup->n;
    if (weld_vertices(g, soup)) {
        mesh_geometry_free(g);
        return hsf_error_set(err, "%s: out of memory", path);
    }
    for (int a = 0; a < 3; a++) {
        g->lo[a] = INFINITY;
        g->hi[a] = -INFINITY;
    }
    for (size_t k = 0; k < g->nv; k++)
        for (int a = 0; a < 3; a++) {
            g->lo[a] = fmin(g->lo[a], g->vert[3 * k + a]);
            g->hi[a] = fmax(g->hi[a], g->vert[3 * k + a]);
        }
    if (check_triangles(g, soup, path, err) || weld_edges(g, soup, path, err)) {
        mesh_geometry_free(g);
        return -1;
    }
    if (!(g->face = malloc(g->nt * sizeof *g->face))) {
        mesh_geometry_free(g);
        return hsf_error_set(err, "%s: out of memory", path);
    }
    build_faces(g);
    if (mark_flat(g)) {
        mesh_geometry_free(g);
        return hsf_error_set(err, "%s: out of memory", path);
    }
    return 0;
}

/* ---- nearest points ------------------------------------------------------ */

static void segment_nearest(const double a[3], const double b[3], const double x[3],
                            double p[3])
{
    double ab[3], ax[3];
    sub(b, a, ab);
    sub(x, a, ax);
    double s = dot(ax, ab) / dot(ab, ab);
    s = s < 0 ? 0 : s > 1 ? 1 : s;
    for (int k = 0; k < 3; k++)
        p[k] = a[k] + s * ab[k];
}

void mesh_wall_point(const mesh_geometry *g, int wall, const double x[3], double p[3])
{
    size_t i = mesh_index(wall);
    if (mesh_kind(wall) == MESH_VERTEX) {
        memcpy(p, g->vert + 3 * i, 3 * sizeof *p);
    } else if (mesh_kind(wall) == MESH_EDGE) {
        const mesh_edge *e = &g->edge[i];
        double w[3];
        sub(x, e->p, w);
        double s = dot(w, e->u);
        s = s < 0 ? 0 : s > e->len ? e->len : s;
        for (int k = 0; k < 3; k++)
            p[k] = e->p[k] + s * e->u[k];
    } else {
        const mesh_face *f = &g->face[i];
        double d = dot(f->n, x) - f->off;
        for (int k = 0; k < 3; k++)
            p[k] = x[k] - d * f->n[k];
    }
}

void mesh_triangle_nearest(const mesh_geometry *g, size_t k, const double x[3], double p[3])
{
    const mesh_face *f = &g->face[k];
    double d = dot(f->n, x) - f->off, q[3];
    for (int a = 0; a < 3; a++)
        q[a] = x[a] - d * f->n[a];
    int outside = 0;
    for (int i = 0; i < 3; i++)
        outside |= dot(f->m[i], q) < f->mo[i];
    if (!outside) {
        memcpy(p, q, sizeof q);
        return;
    }
    /* Outside the triangle in its plane: the nearest point of a side. */
    double best = INFINITY;
    for (int i = 0; i < 3; i++) {
        double s[3], dx[3];
        segment_nearest(mesh_corner(g, k, i), mesh_corner(g, k, (i + 1) % 3), x, s);
        sub(x, s, dx);
        double dd = dot(dx, dx);
        if (dd < best) {
            best = dd;
            memcpy(p, s, sizeof s);
        }
    }
}
