/* The mesh boundary's search: a uniform grid of cells over the mesh's
 * bounding box, each holding the walls (faces, edges, vertices) whose
 * bounding boxes meet it, and the march of a path through it.  Private
 * to the plugin. */
#ifndef HSF_MESH_SEARCH_H
#define HSF_MESH_SEARCH_H

#include <stddef.h>

#include <hsframe/boundary.h>

#include "mesh_geometry.h"

/* A wall filed in a cell, with its bounding box rounded outward to
 * floats (compact, and compared before anything else). */
typedef struct mesh_entry {
    float lo[3], hi[3];
    int wall;
} mesh_entry;

typedef struct mesh_grid {
    double lo[3], hi[3];    /* the mesh's bounding box */
    int n[3];               /* cells along each axis, >= 1 */
    double inv[3];          /* cells per unit length (0 along a flat axis) */
    double step;            /* the longest side of a cell */
    double shortest;        /* the shortest side of a cell (of the axes not flat) */
    unsigned char *clear;   /* per cell: cells (Chebyshev, up to 255) to the nearest one
                               holding a wall, 0 for one that holds one */
    double margin;          /* round-off slack of the boxes compared */
    size_t *start;          /* cell c's walls: entry[start[c] .. start[c + 1]) */
    mesh_entry *entry;
    double *box;            /* while building: lo and hi of each face then each edge */
} mesh_grid;

/* Builds the grid for g, about as many cells as triangles.  Returns 0, or
 * -1 when out of memory (grid empty).  The grid owns its arrays. */
int mesh_grid_build(mesh_grid *m, const mesh_geometry *g);

void mesh_grid_free(mesh_grid *m);

/* The first wall the particle on path touches (mesh_hit.h's rules), in
 * *wall, and when; INFINITY (*wall left alone) if none.  Marches along
 * the path in time slabs over which the centre moves at most a cell or a
 * radius along each axis, tests the walls of the cells that the slab's
 * swept box (grown by the radius) meets, each once per slab, and stops at
 * the first slab that holds the earliest hit, or once the path has left
 * the grid for good.  Where the centre's cell is k cells from any wall,
 * the time in which it moves (k - 1) cells less its radius is skipped
 * without a test. */
double mesh_grid_first_hit(const mesh_grid *m, const mesh_geometry *g, const hsf_path *path,
                           int *wall);

/* Calls visit(wall, ctx) once for each wall whose box meets [lo, hi],
 * until visit returns non-zero (which it returns), else 0. */
int mesh_grid_visit(const mesh_grid *m, const double lo[3],
                    const double hi[3], int (*visit)(int wall, void *ctx), void *ctx);

#endif
