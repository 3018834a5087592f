/* demon: Maxwell's demon (an exercise of the algs4 collision chapter).  A
 * box [0, Lx] x [0, Ly] divided at x = Lx/2 by a wall with a door of
 * height h in its middle.  The demon opens the door for a disc that
 * arrives from the left faster than the threshold speed, or from the right
 * slower than it; everyone else bounces off the partition.  The right half
 * heats up, the left cools: no work is done, which is the paradox.
 *
 * The door is the demon's decision, not a physical opening: a disc passes
 * if, when it touches the partition, its centre is within the door's
 * height; door frames have no corners.  Walls: 0-3 the box (2a + (upper)),
 * 4 the partition. */
#include <math.h>

#include <hsframe/hsframe.h>

typedef struct demon {
    double size[2];
    double door_lo, door_hi;
    double threshold;
} demon;

static const hsf_param demon_params[] = {
    { "size", HSF_PARAM_VECTOR, "2 1", 0, 1e300, "side lengths Lx Ly" },
    { "door", HSF_PARAM_DOUBLE, "0.5", 0, 1e300, "height of the door in the partition" },
    { "threshold", HSF_PARAM_DOUBLE, "1", 0, 1e300,
      "speed above which the demon lets a disc through from the left, below which from "
      "the right" },
    { NULL, 0, NULL, 0, 0, NULL }
};

static int demon_init(void *state, const hsf_config *cfg, int dim, hsf_error *err)
{
    demon *d = state;
    if (dim != 2)
        return hsf_error_set(err, "the demon's box is 2D only: set [simulation] dim = 2");
    if (hsf_config_vector(cfg, "size", d->size, 2) != 2)
        return hsf_config_error(cfg, err, "size", "expected 2 side lengths");
    double door = hsf_config_double(cfg, "door");
    if (door > d->size[1])
        return hsf_config_error(cfg, err, "door", "expected a door no higher than the box "
                                "(%g), found %g", d->size[1], door);
    d->door_lo = (d->size[1] - door) / 2;
    d->door_hi = d->door_lo + door;
    d->threshold = hsf_config_double(cfg, "threshold");
    return 0;
}

static void demon_extent(const void *state, double lo[3], double hi[3], int periodic[3])
{
    const demon *d = state;
    lo[0] = lo[1] = lo[2] = hi[2] = 0;
    hi[0] = d->size[0], hi[1] = d->size[1];
    periodic[0] = periodic[1] = periodic[2] = 0;
}

static double demon_volume(const void *state)
{
    const demon *d = state;
    return d->size[0] * d->size[1];
}

static int demon_check(const void *state, const double r[3], double a, hsf_error *err)
{
    const demon *d = state;
    for (int k = 0; k < 2; k++)
        if (r[k] - a < 0 || r[k] + a > d->size[k])
            return hsf_error_set(err, "it crosses the box's side along %c", "xy"[k]);
    if (fabs(r[0] - d->size[0] / 2) < a)
        return hsf_error_set(err, "it straddles the partition at x = %g", d->size[0] / 2);
    return 0;
}

static double demon_next_hit(const void *state, const double r[3], const double v[3],
                             double a, int *wall)
{
    const demon *d = state;
    double best = INFINITY;
    for (int k = 0; k < 2; k++) {
        double t = v[k] > 0 ? (d->size[k] - a - r[k]) / v[k]
                 : v[k] < 0 ? (a - r[k]) / v[k] : INFINITY;
        if (t < best)
            best = t < 0 ? 0 : t, *wall = 2 * k + (v[k] > 0);
    }
    /* The partition, approached from the side the centre is on. */
    double mid = d->size[0] / 2, speed = hypot(v[0], v[1]);
    int from_left = r[0] < mid;
    if ((from_left && v[0] > 0) || (!from_left && v[0] < 0)) {
        double t = ((from_left ? mid - a : mid + a) - r[0]) / v[0];
        if (t < 0)
            t = 0;
        double y = r[1] + v[1] * t;
        int at_door = y >= d->door_lo && y <= d->door_hi;
        int allowed = from_left ? speed > d->threshold : speed < d->threshold;
        if (!(at_door && allowed) && t < best)
            best = t, *wall = 4;
    }
    return best;
}

static double demon_collide(const void *state, int wall, const double r[3], double v[3],
                            double mass)
{
    (void)state, (void)r;
    int k = wall == 4 ? 0 : wall / 2;
    v[k] = -v[k];
    return 2 * mass * fabs(v[k]);
}

static const hsf_boundary_type demon_type = {
    .state_size = sizeof(demon),
    .init = demon_init,
    .extent = demon_extent,
    .volume = demon_volume,
    .check = demon_check,
    .next_hit = demon_next_hit,
    .collide = demon_collide,
};

HSF_PLUGIN(HSF_PLUGIN_BOUNDARY, "demon",
           "Maxwell's demon: a box halved by a wall whose door lets fast discs right, slow "
           "ones left", demon_params, &demon_type)
