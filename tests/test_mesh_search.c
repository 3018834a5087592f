/* The mesh boundary's search (plugins/boundary/mesh/mesh_search.c) against
 * the brute force: on random paths (straight, parabolas, growing) the
 * grid's first hit is the earliest of every wall's own time, the same
 * time and the same wall, on a cloud of random triangles and on the
 * hopper of conf/hopper.ini. */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include <criterion/criterion.h>

#include "../plugins/boundary/mesh/mesh_geometry.h"
#include "../plugins/boundary/mesh/mesh_hit.h"
#include "../plugins/boundary/mesh/mesh_search.h"
#include "../plugins/boundary/mesh/stl_read.h"

static uint64_t state = 2024;

static double uniform(double lo, double hi)
{
    state = state * 6364136223846793005u + 1442695040888963407u;
    return lo + (hi - lo) * (double)(state >> 11) / 9007199254740992.0;
}

/* Every wall the search files (flat edges and vertices are left out, the
 * faces round them covering them), its own time, the earliest; ties to
 * the lower number, as the search breaks them. */
static double brute_force(const mesh_geometry *g, const hsf_path *p, int *wall)
{
    double best = INFINITY;
    size_t counts[3] = { g->nt, g->ne, g->nv };
    for (int kind = 0; kind < 3; kind++)
        for (size_t i = 0; i < counts[kind]; i++) {
            if ((kind == MESH_EDGE && g->edge[i].flat) ||
                (kind == MESH_VERTEX && g->flat_vertex[i]))
                continue;
            int w = mesh_wall(kind, i);
            double t = mesh_wall_time(g, w, p);
            if (t < best || (t == best && w < *wall)) {
                best = t;
                *wall = w;
            }
        }
    return best;
}

static void compare_on_random_paths(const mesh_geometry *g, int paths)
{
    mesh_grid m;
    cr_assert_eq(mesh_grid_build(&m, g), 0);
    int hits = 0;
    for (int k = 0; k < paths; k++) {
        hsf_path p = { .radius = uniform(0.05, 0.6) };
        for (int a = 0; a < 3; a++) {
            p.r[a] = uniform(g->lo[a], g->hi[a]);
            p.v[a] = uniform(-1, 1);
        }
        if (k % 3 == 1) {
            p.motion |= HSF_PATH_FIELD;
            p.a[2] = -1;
        }
        if (k % 4 == 2) {
            p.motion |= HSF_PATH_GROWING;
            p.growth = uniform(0.001, 0.1);
        }
        int w_grid = -1, w_brute = -1;
        double t_grid = mesh_grid_first_hit(&m, g, &p, &w_grid);
        double t_brute = brute_force(g, &p, &w_brute);
        cr_assert(t_grid == t_brute && (t_grid == INFINITY || w_grid == w_brute),
                  "path %d from (%g, %g, %g): the grid has wall %d at %.17g, every wall %d at "
                  "%.17g", k, p.r[0], p.r[1], p.r[2], w_grid, t_grid, w_brute, t_brute);
        hits += t_grid < INFINITY;
    }
    cr_assert_gt(hits, paths / 2, "only %d of %d paths hit", hits, paths);
    mesh_grid_free(&m);
}

Test(mesh_search, a_cloud_of_random_triangles)
{
    /* 400 triangles of sides up to about 2 in [0, 10]^3, some sharing a
     * corner with the one before. */
    size_t n = 400;
    stl_soup s = { .n = n, .xyz = malloc(9 * n * sizeof(double)), .where = calloc(n, sizeof(long)) };
    for (size_t k = 0; k < n; k++) {
        double c[3] = { uniform(1, 9), uniform(1, 9), uniform(1, 9) };
        for (int v = 0; v < 3; v++)
            for (int a = 0; a < 3; a++)
                s.xyz[9 * k + 3 * v + a] = c[a] + uniform(-1, 1);
        if (k > 0 && k % 2)
            for (int a = 0; a < 3; a++)
                s.xyz[9 * k + a] = s.xyz[9 * (k - 1) + 3 + a];
    }
    mesh_geometry g;
    cr_assert_eq(mesh_geometry_build(&g, &s, "cloud", NULL), 0);
    compare_on_random_paths(&g, 1500);
    mesh_geometry_free(&g);
    stl_soup_free(&s);
}

Test(mesh_search, the_hopper)
{
    char path[4096];
    snprintf(path, sizeof path, "%s/data/hopper.stl", getenv("HSF_TEST_SRCDIR"));
    stl_soup s;
    cr_assert_eq(stl_read(path, &s, NULL), 0, "cannot read %s", path);
    mesh_geometry g;
    cr_assert_eq(mesh_geometry_build(&g, &s, path, NULL), 0);
    cr_assert(g.closed);
    compare_on_random_paths(&g, 1500);
    mesh_geometry_free(&g);
    stl_soup_free(&s);
}
