/* Boundary plugins: the container the particles live in.
 *
 * A boundary is a set of numbered hard walls (and, through extent(), axes
 * along which space is periodic).  The host asks when a particle first
 * touches a wall, on a straight line (next_hit) or, since ABI 1.5, on any
 * path the host describes (first_hit), and what the wall does to its
 * velocity.
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

/* ---- Since ABI 1.5: the path of a particle between two events --------
 * Motion belongs to the host: the engine describes where a particle goes
 * until its next event, and a boundary answers where that path first
 * touches a wall (first_hit below).  At time t after now the particle's
 * centre is r + v t + a t^2 / 2 and its radius radius + growth t.
 *
 * The host owns every hsf_path and passes it by pointer; later minors may
 * append members (a sheared box's sliding images, a particle's spin), so a
 * plugin never allocates, copies by value or takes the size of one.  The
 * bits of motion say which parts are not trivial, so that a boundary can
 * take a shorter road for a straight line. */
#define HSF_PATH_FIELD 1u       /* a is not 0 (a uniform field, [field]) */
#define HSF_PATH_GROWING 2u     /* growth is not 0 ([compression], random starts) */

typedef struct hsf_path {
    unsigned motion;    /* HSF_PATH_* bits; 0 for a straight line at constant radius */
    double time;        /* the simulated time now, the origin t = 0 of the path */
    double r[3];        /* centre now (lengths of the particle file; z = 0 in 2D) */
    double v[3];        /* velocity now (length/time) */
    double a[3];        /* acceleration, constant along the path (length/time^2) */
    double radius;      /* radius now */
    double growth;      /* radius per unit time, >= 0 */
} hsf_path;

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
     * now (0).  Required by plugins built for ABI 1.4 and earlier; since
     * 1.5 it may be NULL when first_hit is set. */
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

    /* ---- Since ABI 1.5: any path the host describes ------------------
     * The first time t >= 0 at which a particle on path (see hsf_path
     * above) touches a wall, and that wall's number in *wall; INFINITY
     * (leaving *wall alone) if it never does; 0 when it is on or past a
     * wall by round-off and moving out.  path is owned by the host and
     * valid during the call only.  The helpers hsf_path_plane_time and
     * hsf_path_sphere_time below solve flat and spherical walls for every
     * path the host describes, so a boundary built on them follows
     * straight lines, parabolas in a field and growing particles alike.
     *
     * Optional: without it the host uses next_hit, and refuses (exit 2,
     * before the run) a run whose particles do not move on straight lines
     * of constant radius.  A boundary that sets it may leave next_hit
     * NULL: the host then asks first_hit for straight lines too. */
    double (*first_hit)(const void *b, const hsf_path *path, int *wall);

    /* For growing particles: the unit normal of wall number wall at the
     * point of contact of a particle at r, pointing into the container.
     * After collide, the host adds twice the growth speed along it, so
     * that the particle leaves the wall faster than its surface grows.
     * Optional; required (with first_hit) for runs with growing radii
     * ([compression], [init] method = random), refused otherwise. */
    void (*normal)(const void *b, int wall, const double r[3], double n[3]);

    /* ---- Since ABI 1.5: sliding images (Lees-Edwards) -----------------
     * For a boundary periodic along two axes whose images slide: the image
     * one period up along the gradient axis (+L_g) is displaced along the
     * flow axis by rate * L_g * t (modulo L_f, t the simulated time, 0 at
     * the start) and moves rate * L_g faster along it.  Returns the shear
     * rate (1/time, not 0) and the two axes (0 x, 1 y, 2 z; different,
     * both < dim and periodic in extent()).  The host does the rest: a
     * particle crossing the gradient faces is moved by the offset and its
     * flow velocity changed by rate * L_g; pairs are seen through the
     * sliding images; the streaming velocity at r is rate * (r_g - centre
     * of the box along g) along f (hsf_system_flow_velocity).
     * Optional: NULL (or a plugin of an older minor) for images that stand
     * still.  Runs with sliding images use the event engine with cells. */
    double (*sliding)(const void *b, int *flow, int *gradient);

    /* ---- Since ABI 1.5: walls that move ---------------------------------
     * Sets u (length/time) to the velocity at simulated time time (0 at
     * the start) of wall number wall at the contact point r (a particle's
     * centre touching it).  The host collides in the wall's frame: it
     * subtracts u from the particle's velocity, calls collide, adds u
     * back, and counts the kinetic energy gained as the walls' work (the
     * summary's wall_work, part of its energy balance).  first_hit must
     * then find hits on the moving walls (path->time is the time now);
     * the host asks first_hit for every path, straight lines too, and the
     * run takes the model path of the event engine (the time-step engine
     * is refused).  extent must hold every centre the walls admit at any
     * time, check the centres at time 0, volume the mean volume.
     * With wall < 0 (r and time then mean nothing) the host asks, once
     * after init, whether this instance has walls that move: u[0] = 1 if
     * so, 0 if all stand still (the host then never calls it again and
     * runs the walls as fixed, at no cost).  u and r are owned by the
     * host.  Optional: NULL for a boundary whose walls stand still. */
    void (*wall_velocity)(const void *b, int wall, double time, const double r[3],
                          double u[3]);

    /* ---- Since ABI 1.5: where no wall reaches ---------------------------
     * Sets [lo, hi] to an axis-aligned box (lengths, components beyond dim
     * ignored) whose interior no wall enters at any time; walls may lie on
     * its faces.  A particle whose surface stays strictly inside it touches
     * no wall, so the host need not ask next_hit or first_hit for one it
     * knows to be there: a particle in a cell of the grid that lies, with
     * the largest radius of its cell size, well inside the box leaves its
     * cell before any wall can stop it, and its wall query is skipped (the
     * hits found are the same).  For a box container it is the container,
     * for a round one the largest box inside; lo >= hi along an axis says
     * that walls may be anywhere.  Along a periodic axis the host uses it
     * only if it spans the whole extent.  lo and hi are owned by the host.
     * Optional: NULL, and the host asks for the walls at every prediction. */
    void (*wall_free_box)(const void *b, double lo[3], double hi[3]);
} hsf_boundary_type;

/* For boundary plugins (since ABI 1.5): the first time t >= 0 at which a
 * coordinate x + v t + a t^2 / 2 reaches face moving in direction dir
 * (+1: increasing through it, -1: decreasing), INFINITY if it never does;
 * 0 when it is on or past the face by round-off and moving through.
 * Exact to round-off, without cancellation.  a = 0 is a straight line. */
double hsf_parabola_time(double x, double v, double a, double face, int dir);

/* For boundary plugins (since ABI 1.5): the first time t >= 0 at which a
 * particle on path touches the plane n . x = offset from the side n points
 * to (n a unit vector into the container): when n . r(t) - offset equals
 * the radius at t.  INFINITY if never; 0 when on or past the plane by
 * round-off and moving out.  Every motion of hsf_path. */
double hsf_path_plane_time(const hsf_path *path, const double n[3], double offset);

/* For boundary plugins (since ABI 1.5): the first time t >= 0 at which a
 * particle on path touches the sphere (a circle in 2D: z = 0) of centre
 * centre and radius big: from inside (inside = 1, a container: the
 * distance of the centres reaches big - radius(t)) or from outside
 * (inside = 0, an obstacle: it falls to big + radius(t)).  INFINITY if
 * never; 0 when on or past the surface by round-off and moving through.
 * Straight lines solve a quadratic; parabolas a quartic, whose first root
 * is bracketed between the critical points of the polynomial and found by
 * bisection to the last bit. */
double hsf_path_sphere_time(const hsf_path *path, const double centre[3], double big,
                            int inside);

/* For boundary plugins (since ABI 1.5): the position r and velocity v of a
 * particle on path at time t after its origin (either may be NULL). */
void hsf_path_at(const hsf_path *path, double t, double r[3], double v[3]);

/* For boundary plugins (since ABI 1.6): the times t >= 0 at which the
 * polynomial h(t) = c[0] + c[1] t + c[2] t^2 + c[3] t^3 + c[4] t^4 rises
 * through 0 (from < 0 to >= 0), ascending: the first max of them (at most
 * 3 exist) into out; returns how many, 0 if it never rises.  The first is
 * 0 when h(0) >= 0 and h'(0) > 0 (a particle on or past a surface by
 * round-off, moving through).  A graze, where h reaches 0 from below
 * without crossing it, counts as a rise.  The solver of hsf_path_sphere_time, for surfaces of other shapes: write the
 * gap, signed to be < 0 before contact, as a polynomial in the time after
 * the path's origin (the units of t are those of c's variable; for a
 * path, time).  Degree 2 and below in the closed form without
 * cancellation; degrees 3 and 4 bracketed between the critical points
 * and bisected on the bit patterns of the times, to the last bit.  c and
 * out (room for max doubles) are the caller's; nothing is allocated. */
int hsf_poly_rises(const double c[5], int max, double *out);

#ifdef __cplusplus
}
#endif

#endif
