/* Where a polynomial of degree up to 4 rises through 0, for the mesh
 * boundary's edges.  Private to the plugin. */
#ifndef HSF_MESH_ROOTS_H
#define HSF_MESH_ROOTS_H

/* The times t >= 0 at which h(t) = c[0] + c[1] t + ... + c[4] t^4 rises
 * through 0 (from < 0 to >= 0), ascending, into out; returns how many (at
 * most 3).  The first is 0 when h(0) >= 0 and h'(0) > 0 (on or past the
 * surface by round-off, moving through).  Degree 2 (c[3] = c[4] = 0) in
 * the closed form without cancellation; higher degrees bracketed between
 * the critical points and bisected on the bit patterns of the times, to
 * the last bit. */
int mesh_poly_rises(const double c[5], double out[3]);

#endif
