/* Boundary plugins: the container the particles live in.
 *
 * A boundary is a set of numbered hard walls (and, through extent(), axes
 * along which space is periodic).  The host asks when a particle moving on a
 * straight line first touches a wall, and what the wall does to its velocity.
 * Vectors always have 3 components; in 2D the z components are 0 and must be
 * left 0.  Lengths are in the units of the particle file, times in the
 * units of end_time, masses in the units of the particle file.
 *
 * The host allocates state_size zeroed bytes, calls init, then the queries
 * below (which must not change the state: they may run in any order), then
 * fini, and frees the state. */
#ifndef HSFRAME_BOUNDARY_H
#define HSFRAME_BOUNDARY_H

#include <stddef.h>

#include <hsframe/config.h>
#include <hsframe/error.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct hsf_boundary_type {
    /* Bytes of state the host allocates (zeroed) for one instance. */
    size_t state_size;

    /* Reads the [boundary] section; dim is 2 or 3.  Returns 0, or -1 with
     * err set (use hsf_config_error to point at the offending key), for
     * instance when a size has the wrong number of components for dim. */
    int (*init)(void *b, const hsf_config *cfg, int dim, hsf_error *err);

    /* Releases what init allocated; may be NULL if nothing was. */
    void (*fini)(void *b);

    /* An axis-aligned box [lo, hi] that contains every admissible particle
     * centre, and for each axis 1 if space is periodic along it with period
     * hi - lo (the host then wraps positions and uses minimum images), else 0.
     * Components beyond dim are ignored. */
    void (*extent)(const void *b, double lo[3], double hi[3], int periodic[3]);

    /* The volume available to particle centres plus radii, i.e. the
     * container's volume (an area in 2D), for densities and pressure. */
    double (*volume)(const void *b);

    /* Input validation: returns 0 if a particle of this radius centred at r
     * lies inside (touching a wall exactly is inside), else -1 with err set
     * to what is wrong and by how much. */
    int (*check)(const void *b, const double r[3], double radius, hsf_error *err);

    /* The time from now until a particle at r moving with velocity v touches
     * a wall, and that wall's number in *wall.  Returns INFINITY (and leaves
     * *wall alone) if it never does.  Never negative: a particle that is
     * marginally past a wall by round-off and still moving outward hits it
     * now (0). */
    double (*next_hit)(const void *b, const double r[3], const double v[3],
                       double radius, int *wall);

    /* The particle at r touches wall number wall: replaces v by the velocity
     * after the hit and returns the magnitude of the momentum given to the
     * wall (mass * |change of v|), from which the host computes the wall
     * pressure. */
    double (*collide)(const void *b, int wall, const double r[3], double v[3],
                      double mass);

    /* Optional (may be NULL): the total area of the walls, a length in 2D,
     * for the pressure on the walls.  Without it (or for a boundary with
     * no walls) outputs report no wall pressure. */
    double (*wall_area)(const void *b);

    /* ---- Optional since ABI 1.4: paths other than straight lines -------
     * The host calls these only for runs that need them, and refuses such
     * a run (exit 2, before it starts) with a boundary that lacks them.
     *
     * In a uniform field ([field] gravity): as next_hit, for a particle
     * on the parabola r + v t + a t^2 / 2 (a the acceleration,
     * length/time^2).  hsf_parabola_time below solves a flat wall. */
    double (*next_hit_field)(const void *b, const double r[3], const double v[3],
                             const double a[3], double radius, int *wall);

    /* For growing particles ([compression]): as next_hit, for a particle
     * whose radius grows as radius + growth t (growth >= 0, a length per
     * unit time). */
    double (*next_hit_growing)(const void *b, const double r[3], const double v[3],
                               double radius, double growth, int *wall);

    /* For growing particles: the unit normal of wall number wall at the
     * point of contact of a particle at r, pointing into the container.
     * After collide, the host adds twice the growth speed along it, so
     * that the particle leaves the wall faster than its surface grows.
     * Set both this and next_hit_growing, or neither. */
    void (*normal)(const void *b, int wall, const double r[3], double n[3]);
} hsf_boundary_type;

/* For boundary plugins (since ABI 1.4): the first time t >= 0 at which a
 * coordinate x + v t + a t^2 / 2 reaches face moving in direction dir
 * (+1: increasing through it, -1: decreasing), INFINITY if it never does;
 * 0 when it is on or past the face by round-off and moving through.
 * Exact to round-off, without cancellation.  a = 0 is a straight line. */
double hsf_parabola_time(double x, double v, double a, double face, int dir);

#ifdef __cplusplus
}
#endif

#endif
