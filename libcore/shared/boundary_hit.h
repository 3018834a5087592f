/* Asking a boundary for the first wall hit of a particle, whichever of
 * next_hit and first_hit (ABI 1.5) it provides.  Private to libhsframe. */
#ifndef HSF_BOUNDARY_HIT_H
#define HSF_BOUNDARY_HIT_H

#include <hsframe/boundary.h>

/* On a straight line at constant radius: next_hit, or first_hit for a
 * boundary that provides only that (the branch is taken the same way for
 * a whole run). */
static inline double hsf_boundary_hit_straight(const hsf_boundary_type *bt, const void *bs,
                                               double time, const double r[3],
                                               const double v[3], double radius, int *wall)
{
    if (__builtin_expect(bt->next_hit != NULL, 1))
        return bt->next_hit(bs, r, v, radius, wall);
    hsf_path path = { .motion = 0, .time = time, .radius = radius,
                      .r = { r[0], r[1], r[2] }, .v = { v[0], v[1], v[2] } };
    return bt->first_hit(bs, &path, wall);
}

/* On any path: first_hit when the path is not a straight line at constant
 * radius (the run was refused before it started if the boundary lacks
 * it), else as hsf_boundary_hit_straight. */
static inline double hsf_boundary_hit(const hsf_boundary_type *bt, const void *bs,
                                      const hsf_path *path, int *wall)
{
    if (path->motion || !bt->next_hit)
        return bt->first_hit(bs, path, wall);
    return bt->next_hit(bs, path->r, path->v, path->radius, wall);
}

#endif
