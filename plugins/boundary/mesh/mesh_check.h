/* Input validation for the mesh boundary: is a particle inside?  Private
 * to the plugin. */
#ifndef HSF_MESH_CHECK_H
#define HSF_MESH_CHECK_H

#include <hsframe/error.h>

#include "mesh_geometry.h"
#include "mesh_search.h"

/* 0 if the sphere at r of this radius lies in the mesh's bounding box,
 * overlaps no triangle (touching is allowed: a relative 1e-12 of the
 * radius), and, for a closed mesh, has its centre inside (a ray from it
 * crosses the mesh an odd number of times); else -1 with err naming the
 * position and the triangle. */
int mesh_check_sphere(const mesh_grid *m, const mesh_geometry *g, const double r[3],
                      double radius, hsf_error *err);

#endif
