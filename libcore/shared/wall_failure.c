/* A wall hit that went wrong (wall_failure.h). */
#include "host/error_private.h"
#include "shared/wall_failure.h"

int hsf_wall_failure(const hsf_system *sys, uint32_t i, unsigned wall, double time,
                     const double r[3], double radius, const double v[3], double impulse,
                     hsf_error *err)
{
    const char *name = sys->boundary.plugin.info->name;
    hsf_error where;
    hsf_error_clear(&where);
    /* Its centre alone: a particle at a wall is a radius inside, whatever
     * the round-off of the contact point. */
    (void)radius;
    if (sys->boundary.type.boundary->check(sys->boundary.state, r, 0, &where))
        return hsf_error_set(err, "particle %lu left the container (boundary %s) at "
                             "t = %.17g: %s", (unsigned long)i + 1, name, time,
                             hsf_error_message(&where));
    return hsf_error_set(err, "boundary %s: collide with wall %u left particle %lu at "
                         "t = %.17g with velocity (%g, %g, %g) and impulse %g: expected finite "
                         "numbers%s", name, wall, (unsigned long)i + 1, time, v[0], v[1], v[2],
                         impulse, sys->dim == 2 ? " and vz = 0 in 2D" : "");
}
