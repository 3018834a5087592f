/* box: a rectangular container with reflecting walls, lower corner at the
 * origin.  Wall 2a is the lower wall of axis a, wall 2a+1 the upper one.
 * One wall may vibrate along its axis (vibrating_wall.h): the host then
 * collides in its frame (boundary.h, wall_velocity).  Without one, every
 * answer is computed as by the box of fixed walls, bit for bit. */
#include <math.h>
#include <string.h>

#include <hsframe/hsframe.h>

#include "vibrating_wall.h"

typedef struct box {
    int dim;
    double size[3];
    int vibrating;          /* the number of the vibrating wall, -1: none */
    vibrating_wall vib;
} box;

static const hsf_param box_params[] = {
    { "size", HSF_PARAM_VECTOR, "1 1", 0, 1e300,
      "side lengths, one per dimension (2D default: the unit square)" },
    { "vibrate", HSF_PARAM_STRING, "none", 0, 0,
      "the wall that vibrates along its axis: -x, +x, -y, +y, -z, +z (lower or upper wall "
      "of that axis), or none" },
    { "amplitude", HSF_PARAM_DOUBLE, "0", 0, 1e300,
      "amplitude A of the vibration (length, >= 0; 0: the wall stands still)" },
    { "frequency", HSF_PARAM_DOUBLE, "1", 0, 1e300,
      "frequency f of the vibration, in cycles per unit time (> 0): the wall is at "
      "w0 + A sin(2 pi f t + phase)" },
    { "phase", HSF_PARAM_DOUBLE, "0", -1e300, 1e300,
      "phase of the vibration at t = 0 (radians; 0: at its mean position, moving inward)" },
    { NULL, 0, NULL, 0, 0, NULL }
};

/* The vibrating wall of [boundary] vibrate, amplitude, frequency, phase. */
static int read_vibration(box *b, const hsf_config *cfg, hsf_error *err)
{
    static const char *const names[] = { "-x", "+x", "-y", "+y", "-z", "+z" };
    const char *name = hsf_config_string(cfg, "vibrate");
    double amplitude = hsf_config_double(cfg, "amplitude");
    double frequency = hsf_config_double(cfg, "frequency");
    b->vibrating = -1;
    if (!strcmp(name, "none"))
        return 0;
    int wall = -1;
    for (int k = 0; k < 2 * b->dim; k++)
        if (!strcmp(name, names[k]))
            wall = k;
    if (wall < 0)
        return hsf_config_error(cfg, err, "vibrate", "expected none, %s, found '%s'",
                                b->dim == 2 ? "-x, +x, -y or +y" : "-x, +x, -y, +y, -z or +z",
                                name);
    int axis = wall / 2;
    if (!(amplitude < 0.5 * b->size[axis]))
        return hsf_config_error(cfg, err, "amplitude", "expected less than half the side "
                                "%.17g along the vibrating wall's axis, found %.17g",
                                b->size[axis], amplitude);
    if (!(frequency > 0))
        return hsf_config_error(cfg, err, "frequency", "expected cycles per unit time > 0, "
                                "found %.17g", frequency);
    if (amplitude == 0)
        return 0;   /* a wall that stands still: the fixed box */
    b->vibrating = wall;
    b->vib = (vibrating_wall){ .axis = axis, .inward = wall % 2 ? -1 : 1,
                               .w0 = wall % 2 ? b->size[axis] : 0, .amplitude = amplitude,
                               .omega = 2 * M_PI * frequency,
                               .phase = hsf_config_double(cfg, "phase") };
    return 0;
}

static int box_init(void *state, const hsf_config *cfg, int dim, hsf_error *err)
{
    box *b = state;
    b->dim = dim;
    if (hsf_config_lengths(cfg, "size", dim, b->size, err))
        return -1;
    return read_vibration(b, cfg, err);
}

static void box_extent(const void *state, double lo[3], double hi[3], int periodic[3])
{
    const box *b = state;
    for (int a = 0; a < 3; a++) {
        lo[a] = 0;
        hi[a] = a < b->dim ? b->size[a] : 0;
        periodic[a] = 0;
    }
    /* Every centre the vibrating wall admits: as far as it retreats. */
    if (b->vibrating >= 0) {
        if (b->vib.inward > 0)
            lo[b->vib.axis] -= b->vib.amplitude;
        else
            hi[b->vib.axis] += b->vib.amplitude;
    }
}

static double box_volume(const void *state)
{
    const box *b = state;
    double v = 1;
    for (int a = 0; a < b->dim; a++)
        v *= b->size[a];
    return v;
}

/* The volume is the mean one: the vibrating wall oscillates about its
 * place in the fixed box.  Perimeter in 2D, surface in 3D. */
static double box_wall_area(const void *state)
{
    const box *b = state;
    if (b->dim == 2)
        return 2 * (b->size[0] + b->size[1]);
    return 2 * (b->size[0] * b->size[1] + b->size[1] * b->size[2] + b->size[0] * b->size[2]);
}

static int box_check(const void *state, const double r[3], double radius, hsf_error *err)
{
    const box *b = state;
    static const char axis[] = "xyz";
    for (int a = 0; a < b->dim; a++) {
        double lo = 0, hi = b->size[a];
        /* The vibrating wall where it is at time 0, when runs start. */
        if (b->vibrating >= 0 && b->vib.axis == a) {
            double w = vibrating_wall_position(&b->vib, 0);
            if (b->vib.inward > 0)
                lo = w;
            else
                hi = w;
        }
        if (r[a] - radius < lo)
            return hsf_error_set(err, "%c - radius = %.17g is below %s%.17g", axis[a],
                                 r[a] - radius, lo != 0 ? "the vibrating wall at t = 0, " : "",
                                 lo);
        if (r[a] + radius > hi)
            return hsf_error_set(err, "%c + radius = %.17g is above %s%.17g", axis[a],
                                 r[a] + radius, hi != b->size[a] ? "the vibrating wall at "
                                 "t = 0, " : "the side ", hi);
    }
    return 0;
}

static double box_next_hit(const void *state, const double r[3], const double v[3],
                           double radius, int *wall)
{
    const box *b = state;
    double best = INFINITY;
    for (int a = 0; a < b->dim; a++) {
        double dt;
        if (v[a] > 0)
            dt = (b->size[a] - radius - r[a]) / v[a];
        else if (v[a] < 0)
            dt = (radius - r[a]) / v[a];
        else
            continue;
        if (dt < 0)
            dt = 0;     /* past the wall by round-off, still moving out */
        if (dt < best) {
            best = dt;
            *wall = 2 * a + (v[a] > 0);
        }
    }
    return best;
}

/* In a field: the walls of each axis on its parabola.  From strictly
 * between them, only the wall the particle heads for is solved, and the
 * one behind it only when that one is out of reach: to reach the wall
 * behind, it must first come back past the apex, after any time the wall
 * ahead could be reached at.  The same times, so the same bits, as
 * solving both. */
static double box_hit_field(const box *b, const double r[3], const double v[3],
                            const double acc[3], double radius, int *wall)
{
    double best = INFINITY;
    for (int a = 0; a < b->dim; a++) {
        double lo = radius, hi = b->size[a] - radius;
        if (!(r[a] > lo && r[a] < hi)) {
            /* Touching a wall or past it by round-off: that wall may answer
             * 0 whichever way the particle heads.  Both, lo first. */
            for (int up = 0; up < 2; up++) {
                double dt = hsf_parabola_time(r[a], v[a], acc[a], up ? hi : lo, up ? 1 : -1);
                if (dt < best) {
                    best = dt;
                    *wall = 2 * a + up;
                }
            }
            continue;
        }
        int up = v[a] > 0 || (v[a] == 0 && acc[a] > 0);
        double dt = hsf_parabola_time(r[a], v[a], acc[a], up ? hi : lo, up ? 1 : -1);
        if (!(dt < INFINITY) && acc[a] != 0) {
            up = !up;
            dt = hsf_parabola_time(r[a], v[a], acc[a], up ? hi : lo, up ? 1 : -1);
        }
        if (dt < best) {
            best = dt;
            *wall = 2 * a + up;
        }
    }
    return best;
}

/* Growing: the wall closes in at the growth speed. */
static double box_hit_growing(const box *b, const double r[3], const double v[3],
                              double radius, double growth, int *wall)
{
    double best = INFINITY;
    for (int a = 0; a < b->dim; a++) {
        double dt = INFINITY;
        if (v[a] + growth > 0) {
            dt = (b->size[a] - radius - r[a]) / (v[a] + growth);
            if (dt < best)
                best = dt < 0 ? 0 : dt, *wall = 2 * a + 1;
        }
        if (v[a] - growth < 0) {
            dt = (radius - r[a]) / (v[a] - growth);
            if (dt < best)
                best = dt < 0 ? 0 : dt, *wall = 2 * a;
        }
    }
    return best;
}

/* Growing in a field: the faces close in, each coordinate a parabola. */
static double box_hit_both(const box *b, const hsf_path *p, int *wall)
{
    double best = INFINITY;
    for (int a = 0; a < b->dim; a++)
        for (int up = 0; up < 2; up++) {
            double dt = up ? hsf_parabola_time(p->r[a], p->v[a] + p->growth, p->a[a],
                                               b->size[a] - p->radius, 1)
                           : hsf_parabola_time(p->r[a], p->v[a] - p->growth, p->a[a],
                                               p->radius, -1);
            if (dt < best) {
                best = dt;
                *wall = 2 * a + up;
            }
        }
    return best;
}

/* With a vibrating wall: each fixed face on the parabola of its axis, as
 * box_hit_both, and the vibrating wall by its own solver. */
static double box_hit_vibrating(const box *b, const hsf_path *p, int *wall)
{
    double best = INFINITY;
    for (int k = 0; k < 2 * b->dim; k++) {
        int a = k / 2, up = k % 2;
        double dt = k == b->vibrating ? vibrating_wall_first_hit(&b->vib, p)
                    : up ? hsf_parabola_time(p->r[a], p->v[a] + p->growth, p->a[a],
                                             b->size[a] - p->radius, 1)
                         : hsf_parabola_time(p->r[a], p->v[a] - p->growth, p->a[a], p->radius,
                                             -1);
        if (dt < best) {
            best = dt;
            *wall = k;
        }
    }
    return best;
}

/* Any path: the shortest road for its motion (each keeps the arithmetic,
 * and so the bits, of the motion alone). */
static double box_first_hit(const void *state, const hsf_path *p, int *wall)
{
    const box *b = state;
    if (__builtin_expect(b->vibrating >= 0, 0))
        return box_hit_vibrating(b, p, wall);
    switch (p->motion & (HSF_PATH_FIELD | HSF_PATH_GROWING)) {
    case 0:
        return box_next_hit(state, p->r, p->v, p->radius, wall);
    case HSF_PATH_FIELD:
        return box_hit_field(b, p->r, p->v, p->a, p->radius, wall);
    case HSF_PATH_GROWING:
        return box_hit_growing(b, p->r, p->v, p->radius, p->growth, wall);
    default:
        return box_hit_both(b, p, wall);
    }
}

static void box_normal(const void *state, int wall, const double r[3], double n[3])
{
    (void)state, (void)r;
    n[0] = n[1] = n[2] = 0;
    n[wall / 2] = wall % 2 ? -1 : 1;
}

static double box_collide(const void *state, int wall, const double r[3], double v[3],
                          double mass)
{
    (void)state;
    (void)r;
    int a = wall / 2;
    v[a] = -v[a];
    return 2 * mass * fabs(v[a]);
}

/* The host asks with wall < 0 whether a wall moves at all. */
static void box_wall_velocity(const void *state, int wall, double time, const double r[3],
                              double u[3])
{
    const box *b = state;
    (void)r;
    u[0] = u[1] = u[2] = 0;
    if (wall < 0)
        u[0] = b->vibrating >= 0;
    else if (wall == b->vibrating)
        u[b->vib.axis] = vibrating_wall_velocity(&b->vib, time);
}

/* The box itself, less the vibrating wall's swing inward. */
static void box_wall_free_box(const void *state, double lo[3], double hi[3])
{
    const box *b = state;
    for (int a = 0; a < 3; a++) {
        lo[a] = 0;
        hi[a] = a < b->dim ? b->size[a] : 0;
    }
    if (b->vibrating >= 0) {
        if (b->vib.inward > 0)
            lo[b->vib.axis] += b->vib.amplitude;
        else
            hi[b->vib.axis] -= b->vib.amplitude;
    }
}

static const hsf_boundary_type box_type = {
    .state_size = sizeof(box),
    .init = box_init,
    .extent = box_extent,
    .volume = box_volume,
    .check = box_check,
    .next_hit = box_next_hit,
    .collide = box_collide,
    .wall_area = box_wall_area,
    .first_hit = box_first_hit,
    .normal = box_normal,
    .wall_velocity = box_wall_velocity,
    .wall_free_box = box_wall_free_box,
};

HSF_PLUGIN(HSF_PLUGIN_BOUNDARY, "box",
           "rectangular box with reflecting walls, lower corner at the origin, one of which "
           "may vibrate (2D, 3D)",
           box_params, &box_type)
