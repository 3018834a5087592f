/* mesh: hard, elastic walls from a triangle mesh (an STL file, ASCII or
 * binary), 3D.  Every triangle is two-sided, so open meshes (a funnel) and
 * closed ones (a hopper with its bin) both work; an open one only with
 * open = yes, as particles may leave through its opening.  A particle that
 * leaves the mesh's bounding box stops the run (exit 1): first_hit gives
 * it the wall MESH_OUTSIDE, whose collide returns no finite impulse.
 *
 * Walls (mesh_geometry.h): wall = 4 index + kind, kind 0 the interior of
 * triangle index (0-based, in the file's order), 1 edge index, 2 vertex
 * index (edges and vertices welded: shared by the triangles that have
 * them).  A particle hits a face when its surface meets the triangle's
 * interior, an edge or a vertex when it meets that segment or point; the
 * velocity is reflected about the normal at the contact (the face's, or
 * the direction from the edge's or vertex's nearest point to the centre).
 *
 * The search (mesh_search.h) marches each path through a uniform grid of
 * about as many cells as triangles. */
#include <math.h>
#include <stdlib.h>

#include <hsframe/hsframe.h>

#include "mesh_check.h"
#include "mesh_geometry.h"
#include "mesh_hit.h"
#include "mesh_search.h"
#include "stl_read.h"

/* The wall number of leaving the bounding box: a kind no wall has. */
#define MESH_OUTSIDE 3

typedef struct mesh {
    mesh_geometry g;
    mesh_grid grid;
} mesh;

static const hsf_param mesh_params[] = {
    { "file", HSF_PARAM_STRING, NULL, 0, 0,
      "STL file (ASCII or binary), relative to this file's directory; every triangle a wall" },
    { "open", HSF_PARAM_BOOL, "no", 0, 0,
      "yes: the mesh may be open (an edge not in exactly two triangles); a particle that "
      "leaves its bounding box stops the run" },
    { NULL, 0, NULL, 0, 0, NULL }
};

static void mesh_fini(void *state)
{
    mesh *s = state;
    mesh_grid_free(&s->grid);
    mesh_geometry_free(&s->g);
}

/* An open mesh without open = yes: names an edge where it is open. */
static int refuse_open(mesh_geometry *g, const char *path, hsf_error *err)
{
    size_t k = 0;
    while (k + 1 < g->ne && g->edge[k].ntri == 2)
        k++;
    const mesh_edge *e = &g->edge[k];
    const double *a = g->vert + 3 * e->a, *b = g->vert + 3 * e->b;
    hsf_error_set(err, "%s: the mesh is open: the edge from (%g, %g, %g) to (%g, %g, %g) is in "
                  "%d triangle%s (triangle %zu, 0-based), expected 2 as in a closed mesh; "
                  "particles could leave through the opening: close the mesh, or set "
                  "open = yes if the opening is intended", path, a[0], a[1], a[2], b[0], b[1],
                  b[2], e->ntri, e->ntri == 1 ? "" : "s", e->tri[0]);
    mesh_geometry_free(g);
    return -1;
}

static int mesh_init(void *state, const hsf_config *cfg, int dim, hsf_error *err)
{
    mesh *s = state;
    if (dim != 3)
        return hsf_config_error(cfg, err, "file", "a mesh of triangles bounds a 3D space: "
                                "expected dim = 3, found dim = %d", dim);
    /* Relative to the configuration file, as the host takes particle files. */
    const char *name = hsf_config_string(cfg, "file");
    if (!name || !name[0])
        return hsf_config_error(cfg, err, "file", "expected a file name, found nothing");
    char *path = hsf_config_path(cfg, "file");
    if (!path)
        return hsf_error_set(err, "out of memory");
    stl_soup soup;
    int rc = stl_read(path, &soup, err);
    if (!rc) {
        rc = mesh_geometry_build(&s->g, &soup, path, err);
        stl_soup_free(&soup);
    }
    if (!rc && !s->g.closed && !hsf_config_bool(cfg, "open"))
        rc = refuse_open(&s->g, path, err);
    if (!rc && mesh_grid_build(&s->grid, &s->g)) {
        mesh_geometry_free(&s->g);
        rc = hsf_error_set(err, "%s: out of memory for the search grid", path);
    }
    free(path);
    if (rc) {
        /* The reader's message names the file; say which key named it. */
        char msg[2048];
        snprintf(msg, sizeof msg, "%s", hsf_error_message(err));
        return hsf_config_error(cfg, err, "file", "%s", msg);
    }
    return 0;
}

static void mesh_extent(const void *state, double lo[3], double hi[3], int periodic[3])
{
    const mesh *s = state;
    for (int a = 0; a < 3; a++) {
        lo[a] = s->g.lo[a];
        hi[a] = s->g.hi[a];
        periodic[a] = 0;
    }
}

/* Enclosed by a closed mesh (divergence theorem); for an open one, which
 * encloses nothing, its bounding box's. */
static double mesh_volume(const void *state)
{
    const mesh *s = state;
    return s->g.volume;
}

/* Each triangle once (its two sides are one wall). */
static double mesh_wall_area(const void *state)
{
    const mesh *s = state;
    return s->g.area;
}

static int mesh_check(const void *state, const double r[3], double radius, hsf_error *err)
{
    const mesh *s = state;
    return mesh_check_sphere(&s->grid, &s->g, r, radius, err);
}

/* When a particle leaves the bounding box by more than its radius (so
 * that check() says where it is); 0 when it is out already, INFINITY when
 * it stays. */
static double leaves(const mesh_geometry *g, const hsf_path *path)
{
    double t = INFINITY;
    for (int a = 0; a < 3; a++) {
        double lo = g->lo[a] - path->radius, hi = g->hi[a] + path->radius;
        if (!(path->r[a] >= lo && path->r[a] <= hi))
            t = 0;
        t = fmin(t, hsf_parabola_time(path->r[a], path->v[a], path->a[a], lo, -1));
        t = fmin(t, hsf_parabola_time(path->r[a], path->v[a], path->a[a], hi, 1));
    }
    return t;
}

/* A closed mesh holds its particles: one leaves only when it hits nothing
 * any more (round-off).  Through the opening of an open one, a particle
 * may fly out and fall back in: the first of leaving and hitting. */
static double mesh_first_hit(const void *state, const hsf_path *path, int *wall)
{
    const mesh *s = state;
    double t = mesh_grid_first_hit(&s->grid, &s->g, path, wall);
    if (t < INFINITY && s->g.closed)
        return t;
    double out = leaves(&s->g, path);
    if (out < t) {
        *wall = MESH_OUTSIDE;
        return out;
    }
    return t;
}

static void mesh_normal(const void *state, int wall, const double r[3], double n[3])
{
    const mesh *s = state;
    if (wall == MESH_OUTSIDE)
        n[0] = n[1] = n[2] = 0;     /* not asked: the run stops at collide */
    else
        mesh_wall_normal(&s->g, wall, r, n);
}

static double mesh_collide(const void *state, int wall, const double r[3], double v[3],
                           double mass)
{
    const mesh *s = state;
    if (wall == MESH_OUTSIDE)
        return NAN;             /* the host stops the run, saying where it is */
    double n[3];
    mesh_wall_normal(&s->g, wall, r, n);
    double vn = v[0] * n[0] + v[1] * n[1] + v[2] * n[2];
    for (int a = 0; a < 3; a++)
        v[a] -= 2 * vn * n[a];
    return 2 * mass * fabs(vn);
}

static const hsf_boundary_type mesh_type = {
    .state_size = sizeof(mesh),
    .init = mesh_init,
    .fini = mesh_fini,
    .extent = mesh_extent,
    .volume = mesh_volume,
    .check = mesh_check,
    .collide = mesh_collide,
    .wall_area = mesh_wall_area,
    .first_hit = mesh_first_hit,
    .normal = mesh_normal,
};

HSF_PLUGIN(HSF_PLUGIN_BOUNDARY, "mesh",
           "hard, elastic walls from the triangles of an STL file, two-sided (3D)", mesh_params,
           &mesh_type)
