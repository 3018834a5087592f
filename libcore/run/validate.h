/* Checks of the initial state before anything runs (private). */
#ifndef HSF_VALIDATE_H
#define HSF_VALIDATE_H

#include "shared/system_private.h"

/* Relative tolerance for touching pairs: |d - (ri + rj)| <= this * (ri + rj)
 * counts as touching, not overlapping. */
#define HSF_TOUCH_TOLERANCE 1e-12

/* Every particle inside the boundary.  Errors name the particle's file
 * line: "path:12: ...".  Returns 0, or -1 with err set. */
int hsf_validate_inside(const hsf_system *sys, const hsf_particle_set *set, hsf_error *err);

/* No two particles overlapping beyond the touching tolerance (the cell grid
 * must be built).  The error names the first particle of the deepest
 * overlap of the first overlapping particle in file order, both lines and
 * the depth.  Returns 0, or -1 with err set. */
int hsf_validate_overlaps(const hsf_system *sys, const hsf_particle_set *set,
                          hsf_error *err);

#endif
