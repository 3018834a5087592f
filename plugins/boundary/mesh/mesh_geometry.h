/* The mesh boundary's geometry: a triangle soup welded into vertices,
 * edges and faces, each a wall.  Private to the plugin.
 *
 * Wall numbers: wall = 4 index + kind, kind MESH_FACE (the interior of
 * triangle index, in the order of the file, 0-based), MESH_EDGE (edge
 * index of the welded edges, each shared by the triangles that have it)
 * or MESH_VERTEX (vertex index of the welded corners). */
#ifndef HSF_MESH_GEOMETRY_H
#define HSF_MESH_GEOMETRY_H

#include <stddef.h>

#include <hsframe/error.h>

#include "stl_read.h"

enum { MESH_FACE = 0, MESH_EDGE = 1, MESH_VERTEX = 2 };

static inline int mesh_wall(int kind, size_t index) { return (int)(4 * index) + kind; }
static inline int mesh_kind(int wall) { return wall & 3; }
static inline size_t mesh_index(int wall) { return (size_t)wall >> 2; }

typedef struct mesh_face {
    double n[3], off;       /* unit normal (right hand of the file's corner order), n . x = off */
    double m[3][3], mo[3];  /* inward unit normals of the sides in the plane: inside when */
    double tol;             /* m[i] . x >= mo[i] - tol for every side i */
} mesh_face;

typedef struct mesh_edge {
    double p[3], u[3];      /* from vertex a along the unit vector u */
    double len;             /* to vertex b */
    size_t a, b;
    size_t tri[2];          /* the first two triangles that have it */
    int ntri;               /* how many have it */
    int flat;               /* in exactly two coplanar triangles, one on each side */
} mesh_edge;

typedef struct mesh_geometry {
    size_t nv, nt, ne;
    double *vert;           /* 3 nv coordinates */
    size_t *tri;            /* 3 nt vertex indices, in the file's order */
    mesh_face *face;        /* nt */
    mesh_edge *edge;        /* ne */
    double lo[3], hi[3];    /* bounding box of the vertices */
    unsigned char *flat_vertex; /* nv: every edge at the vertex is flat */
    int closed;             /* every edge in exactly two triangles, in opposite directions */
    double volume;          /* enclosed if closed, else the bounding box's */
    double area;            /* sum of the triangles' areas */
} mesh_geometry;

/* Welds soup (read from path, for messages) into g: corners with the
 * same coordinates become one vertex, sides with the same two vertices
 * one edge.  A flat edge or vertex (inside a planar patch of triangles)
 * is never the nearest point of the mesh to a sphere unless a face is as
 * near: the search leaves it out, and the faces there take a hit on a
 * side (within a relative 1e-11 of their size).  Refuses degenerate triangles (two corners equal, or no
 * area), naming the triangle and where it is in the file, and closed
 * meshes whose triangles are not oriented alike.  Returns 0, or -1 with
 * err set and g empty.  g owns its arrays (mesh_geometry_free). */
int mesh_geometry_build(mesh_geometry *g, const stl_soup *soup, const char *path,
                        hsf_error *err);

void mesh_geometry_free(mesh_geometry *g);

/* The corners of triangle k. */
static inline const double *mesh_corner(const mesh_geometry *g, size_t k, int c)
{
    return g->vert + 3 * g->tri[3 * k + c];
}

/* The point of wall nearest to x (for an edge, the nearest point of the
 * segment; for a face, the projection of x on its plane). */
void mesh_wall_point(const mesh_geometry *g, int wall, const double x[3], double p[3]);

/* The point of triangle k nearest to x. */
void mesh_triangle_nearest(const mesh_geometry *g, size_t k, const double x[3], double p[3]);

#endif
