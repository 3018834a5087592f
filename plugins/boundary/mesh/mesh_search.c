/* The uniform grid over the mesh and the march of a path through it
 * (mesh_search.h).
 *
 * A wall is filed in every cell its bounding box meets.  A box (a slab's
 * swept box, a sphere's) then meets a wall in every cell of the overlap
 * of the two boxes; the wall is tested only in the cell that holds the
 * overlap's lowest corner, so once per box without any record of what
 * was tested (the queries must leave the state alone). */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "mesh_hit.h"
#include "mesh_search.h"

void mesh_grid_free(mesh_grid *m)
{
    free(m->start);
    free(m->entry);
    free(m->box);
    free(m->clear);
    memset(m, 0, sizeof *m);
}

static int cell_of(const mesh_grid *m, int a, double x)
{
    double f = (x - m->lo[a]) * m->inv[a];
    if (!(f > 0))
        return 0;                       /* NaN too */
    return f >= m->n[a] ? m->n[a] - 1 : (int)f;
}

/* x rounded to a float below (down) or above it. */
static float to_float(double x, int down)
{
    float f = (float)x;
    if (down && f > x)
        f = nextafterf(f, -INFINITY);
    if (!down && f < x)
        f = nextafterf(f, INFINITY);
    return f;
}

/* Bounding box of a wall, rounded outward to floats: filing and queries
 * see the same box. */
static void wall_box(const mesh_grid *m, const mesh_geometry *g, int wall, double lo[3],
                     double hi[3])
{
    size_t i = mesh_index(wall);
    const double *b = NULL;
    if (mesh_kind(wall) == MESH_FACE)
        b = m->box + 6 * i;
    else if (mesh_kind(wall) == MESH_EDGE)
        b = m->box + 6 * (g->nt + i);
    for (int a = 0; a < 3; a++) {
        lo[a] = to_float(b ? b[a] : g->vert[3 * i + a], 1);
        hi[a] = to_float(b ? b[3 + a] : g->vert[3 * i + a], 0);
    }
}

static void set_boxes(mesh_grid *m, const mesh_geometry *g)
{
    for (size_t k = 0; k < g->nt; k++)
        for (int a = 0; a < 3; a++) {
            double x0 = mesh_corner(g, k, 0)[a], x1 = mesh_corner(g, k, 1)[a],
                   x2 = mesh_corner(g, k, 2)[a];
            m->box[6 * k + a] = fmin(x0, fmin(x1, x2));
            m->box[6 * k + 3 + a] = fmax(x0, fmax(x1, x2));
        }
    for (size_t k = 0; k < g->ne; k++)
        for (int a = 0; a < 3; a++) {
            double x0 = g->vert[3 * g->edge[k].a + a], x1 = g->vert[3 * g->edge[k].b + a];
            m->box[6 * (g->nt + k) + a] = fmin(x0, x1);
            m->box[6 * (g->nt + k) + 3 + a] = fmax(x0, x1);
        }
}

/* Cells about as many as triangles, as cubic as the box allows; a flat
 * axis (a planar mesh) gets one. */
static void set_cells(mesh_grid *m, const mesh_geometry *g)
{
    double vol = 1, ext[3], big = 0;
    int dims = 0;
    for (int a = 0; a < 3; a++) {
        m->lo[a] = g->lo[a];
        m->hi[a] = g->hi[a];
        ext[a] = g->hi[a] - g->lo[a];
        big = fmax(big, ext[a]);
    }
    for (int a = 0; a < 3; a++)
        if (ext[a] > 1e-9 * big) {
            vol *= ext[a];
            dims++;
        }
    double want = fmin(fmax((double)g->nt, 1), 1 << 22);
    double side = pow(vol / want, 1.0 / dims);
    m->step = 0;
    m->shortest = INFINITY;
    for (int a = 0; a < 3; a++) {
        m->n[a] = 1;
        if (ext[a] > 1e-9 * big)
            m->n[a] = (int)fmin(fmax(floor(ext[a] / side + 0.5), 1), 1024);
        m->inv[a] = ext[a] > 0 ? m->n[a] / ext[a] : 0;
        m->step = fmax(m->step, ext[a] / m->n[a]);
        if (ext[a] > 1e-9 * big)
            m->shortest = fmin(m->shortest, ext[a] / m->n[a]);
    }
    /* Round-off of positions: relative to the coordinates as well as to
     * the size (a small mesh far from the origin). */
    double far = 0;
    for (int a = 0; a < 3; a++)
        far = fmax(far, fmax(fabs(g->lo[a]), fabs(g->hi[a])));
    m->margin = 1e-10 * (big + far);
}

/* The Chebyshev distance in cells from each cell to the nearest that
 * holds a wall: two raster passes of the chamfer with unit weights over
 * the 26 neighbours (the half already visited in each), which is exact
 * for this metric. */
static void set_clearance(mesh_grid *m)
{
    int nx = m->n[0], ny = m->n[1], nz = m->n[2];
    size_t cells = (size_t)nx * ny * nz;
    for (size_t c = 0; c < cells; c++)
        m->clear[c] = m->start[c + 1] > m->start[c] ? 0 : 255;
    for (int pass = 0; pass < 2; pass++) {
        int s = pass ? -1 : 1;
        for (int zi = 0; zi < nz; zi++)
            for (int yi = 0; yi < ny; yi++)
                for (int xi = 0; xi < nx; xi++) {
                    int z = pass ? nz - 1 - zi : zi, y = pass ? ny - 1 - yi : yi,
                        x = pass ? nx - 1 - xi : xi;
                    size_t c = ((size_t)z * ny + y) * nx + x;
                    int best = m->clear[c];
                    for (int dz = -1; dz <= 1; dz++)
                        for (int dy = -1; dy <= 1; dy++)
                            for (int dx = -1; dx <= 1; dx++) {
                                /* The neighbours before this cell in the pass's order. */
                                int order = dz != 0 ? dz : dy != 0 ? dy : dx;
                                if (order * s >= 0)
                                    continue;
                                int X = x + dx, Y = y + dy, Z = z + dz;
                                if (X < 0 || Y < 0 || Z < 0 || X >= nx || Y >= ny || Z >= nz)
                                    continue;
                                int k = m->clear[((size_t)Z * ny + Y) * nx + X] + 1;
                                if (k < best)
                                    best = k;
                            }
                    m->clear[c] = (unsigned char)best;
                }
    }
}

int mesh_grid_build(mesh_grid *m, const mesh_geometry *g)
{
    memset(m, 0, sizeof *m);
    set_cells(m, g);
    size_t cells = (size_t)m->n[0] * m->n[1] * m->n[2];
    size_t nw = g->nt + g->ne + g->nv;
    m->start = calloc(cells + 1, sizeof *m->start);
    m->box = malloc(6 * (g->nt + g->ne) * sizeof *m->box);
    if (!m->start || !m->box) {
        mesh_grid_free(m);
        return -1;
    }
    set_boxes(m, g);
    /* Twice: count, then file. */
    for (int pass = 0; pass < 2; pass++) {
        for (size_t w = 0; w < nw; w++) {
            int wall = w < g->nt ? mesh_wall(MESH_FACE, w)
                       : w < g->nt + g->ne ? mesh_wall(MESH_EDGE, w - g->nt)
                                           : mesh_wall(MESH_VERTEX, w - g->nt - g->ne);
            if ((mesh_kind(wall) == MESH_EDGE && g->edge[mesh_index(wall)].flat) ||
                (mesh_kind(wall) == MESH_VERTEX && g->flat_vertex[mesh_index(wall)]))
                continue;               /* the faces round it cover it */
            double lo[3], hi[3];
            wall_box(m, g, wall, lo, hi);
            int c0[3], c1[3];
            for (int a = 0; a < 3; a++) {
                c0[a] = cell_of(m, a, lo[a]);
                c1[a] = cell_of(m, a, hi[a]);
            }
            for (int z = c0[2]; z <= c1[2]; z++)
                for (int y = c0[1]; y <= c1[1]; y++)
                    for (int x = c0[0]; x <= c1[0]; x++) {
                        size_t c = ((size_t)z * m->n[1] + y) * m->n[0] + x;
                        if (pass == 0)
                            m->start[c + 1]++;
                        else {
                            mesh_entry *e = &m->entry[m->start[c]++];
                            for (int a = 0; a < 3; a++) {
                                e->lo[a] = (float)lo[a];
                                e->hi[a] = (float)hi[a];
                            }
                            e->wall = wall;
                        }
                    }
        }
        if (pass == 0) {
            for (size_t c = 0; c < cells; c++)
                m->start[c + 1] += m->start[c];
            if (!(m->entry = malloc((m->start[cells] + 1) * sizeof *m->entry))) {
                mesh_grid_free(m);
                return -1;
            }
        } else {
            /* Filing moved each start to the next cell's: shift back. */
            memmove(m->start + 1, m->start, cells * sizeof *m->start);
            m->start[0] = 0;
        }
    }
    if (!(m->clear = malloc(cells))) {
        mesh_grid_free(m);
        return -1;
    }
    set_clearance(m);
    free(m->box);               /* the entries hold what queries need */
    m->box = NULL;
    return 0;
}

int mesh_grid_visit(const mesh_grid *m, const double lo[3],
                    const double hi[3], int (*visit)(int wall, void *ctx), void *ctx)
{
    int c0[3], c1[3];
    for (int a = 0; a < 3; a++) {
        if (lo[a] > m->hi[a] + m->margin || hi[a] < m->lo[a] - m->margin)
            return 0;
        c0[a] = cell_of(m, a, lo[a]);
        c1[a] = cell_of(m, a, hi[a]);
    }
    for (int z = c0[2]; z <= c1[2]; z++)
        for (int y = c0[1]; y <= c1[1]; y++)
            for (int x = c0[0]; x <= c1[0]; x++) {
                size_t c = ((size_t)z * m->n[1] + y) * m->n[0] + x;
                for (size_t k = m->start[c]; k < m->start[c + 1]; k++) {
                    const mesh_entry *e = &m->entry[k];
                    if (e->lo[0] > hi[0] || e->hi[0] < lo[0] || e->lo[1] > hi[1] ||
                        e->hi[1] < lo[1] || e->lo[2] > hi[2] || e->hi[2] < lo[2])
                        continue;
                    /* The overlap's lowest corner decides the one cell. */
                    if (cell_of(m, 0, fmax(e->lo[0], lo[0])) != x ||
                        cell_of(m, 1, fmax(e->lo[1], lo[1])) != y ||
                        cell_of(m, 2, fmax(e->lo[2], lo[2])) != z)
                        continue;
                    int rc = visit(e->wall, ctx);
                    if (rc)
                        return rc;
                }
            }
    return 0;
}

/* ---- the march ----------------------------------------------------------- */

/* The longest time over which x + v t + a t^2 / 2 moves at most d. */
static double slab_time(double v, double a, double d)
{
    v = fabs(v);
    a = fabs(a);
    if (a == 0)
        return v > 0 ? d / v : INFINITY;
    return 2 * d / (v + sqrt(v * v + 2 * a * d));
}

/* The range of x + v t + a t^2 / 2 over [t0, t1] (t1 may be infinite). */
static void coordinate_range(double x, double v, double a, double t0, double t1, double *lo,
                             double *hi)
{
    double x0 = x + (v + 0.5 * a * t0) * t0;
    double x1 = t1 < INFINITY ? x + (v + 0.5 * a * t1) * t1
                : a != 0      ? copysign(INFINITY, a)
                : v != 0      ? copysign(INFINITY, v)
                              : x;
    *lo = fmin(x0, x1);
    *hi = fmax(x0, x1);
    if (a != 0) {
        double tv = -v / a;             /* where it turns */
        if (tv > t0 && tv < t1) {
            double xv = x + (v + 0.5 * a * tv) * tv;
            *lo = fmin(*lo, xv);
            *hi = fmax(*hi, xv);
        }
    }
}

typedef struct march {
    const mesh_geometry *g;
    const hsf_path *path;
    double best;
    int wall;
} march;

static int test_wall(int wall, void *ctx)
{
    march *s = ctx;
    double t = mesh_wall_time(s->g, wall, s->path);
    if (t < s->best || (t == s->best && wall < s->wall)) {
        s->best = t;
        s->wall = wall;
    }
    return 0;
}

/* Whether, from time t on, the sphere stays beyond the grid along some
 * axis: past a face, moving away at least as fast as it grows, and not
 * pulled back. */
static int gone(const mesh_grid *m, const hsf_path *p, double t)
{
    double x[3], v[3], r = p->radius + p->growth * t;
    hsf_path_at(p, t, x, v);
    for (int a = 0; a < 3; a++) {
        if (x[a] - r > m->hi[a] + m->margin && v[a] - p->growth >= 0 && p->a[a] >= 0)
            return 1;
        if (x[a] + r < m->lo[a] - m->margin && v[a] + p->growth <= 0 && p->a[a] <= 0)
            return 1;
    }
    return 0;
}

/* A time over which the sphere at x (velocity v, radius r) surely
 * touches no wall, from the clearance of its cell: a wall k cells away
 * along some axis is at least k - 1 cells away along it.  0 when that
 * is not worth a skip (less than a cell). */
static double free_time(const mesh_grid *m, const hsf_path *p, const double x[3],
                        const double v[3], double r)
{
    size_t c = 0;
    for (int a = 2; a >= 0; a--) {
        if (x[a] < m->lo[a] || x[a] > m->hi[a])
            return 0;
        c = c * m->n[a] + cell_of(m, a, x[a]);
    }
    double room = (m->clear[c] - 1) * m->shortest - r - m->margin;
    if (!(room > m->shortest))
        return 0;
    /* Half the room for the displacement, half for the growth. */
    double dt = p->growth > 0 ? 0.5 * room / p->growth : INFINITY;
    for (int a = 0; a < 3; a++)
        dt = fmin(dt, slab_time(v[a], p->a[a], 0.5 * room));
    return dt < INFINITY ? dt : 0;
}

double mesh_grid_first_hit(const mesh_grid *m, const mesh_geometry *g, const hsf_path *p,
                           int *wall)
{
    march s = { .g = g, .path = p, .best = INFINITY, .wall = -1 };
    for (double t0 = 0;;) {
        double x[3], v[3], r0 = p->radius + p->growth * t0;
        hsf_path_at(p, t0, x, v);
        double skip = free_time(m, p, x, v, r0);
        if (t0 + skip > t0) {           /* (not when the skip is lost in t0's bits) */
            t0 += skip;
            continue;
        }
        /* A slab moves the centre a cell, a radius, or (away from the
         * grid) the gap to it, whichever is longest. */
        double d = fmax(m->step, r0);
        for (int a = 0; a < 3; a++)
            d = fmax(d, fmax(m->lo[a] - x[a] - r0, x[a] - r0 - m->hi[a]));
        double dt = p->growth > 0 ? d / p->growth : INFINITY;
        for (int a = 0; a < 3; a++)
            dt = fmin(dt, slab_time(v[a], p->a[a], d));
        double t1 = t0 + dt;
        if (!(t1 > t0))
            t1 = INFINITY;              /* no progress in doubles: one last slab */
        double lo[3], hi[3], r1 = p->radius + p->growth * t1;
        for (int a = 0; a < 3; a++) {
            coordinate_range(p->r[a], p->v[a], p->a[a], t0, t1, &lo[a], &hi[a]);
            lo[a] -= r1 + m->margin;
            hi[a] += r1 + m->margin;
        }
        mesh_grid_visit(m, lo, hi, test_wall, &s);
        if (s.best <= t1 || t1 == INFINITY || gone(m, p, t1))
            break;
        t0 = t1;
    }
    if (s.best < INFINITY)
        *wall = s.wall;
    return s.best;
}
