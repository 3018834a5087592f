/* When a particle on a path first touches one wall of the mesh: a face,
 * an edge or a vertex.  Private to the plugin. */
#ifndef HSF_MESH_HIT_H
#define HSF_MESH_HIT_H

#include <hsframe/boundary.h>

#include "mesh_geometry.h"

/* The first time t >= 0 at which the particle on path touches wall (see
 * mesh_geometry.h for the numbering), from either side; INFINITY if it
 * never does; 0 when it is on or past the wall by round-off and moving
 * through.  A face is touched when the centre is at the radius from its
 * plane with its projection inside the triangle; an edge when the centre
 * is at the radius from the edge's line with its foot on the segment; a
 * vertex when the centre is at the radius from it.  Exact to round-off
 * on every path (straight lines, parabolas, growing radii). */
double mesh_wall_time(const mesh_geometry *g, int wall, const hsf_path *path);

/* The unit vector from the point of wall nearest to x towards x: the
 * normal at the contact of a particle centred at x, on its side. */
void mesh_wall_normal(const mesh_geometry *g, int wall, const double x[3], double n[3]);

#endif
