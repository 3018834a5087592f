/* periodic: a rectangular box with periodic boundaries along every axis,
 * lower corner at the origin.  It has no walls: the core wraps particles as
 * they leave the box and measures pair separations through the nearest
 * image, keeping per-particle image counters for unwrapped positions. */
#include <math.h>

#include <hsframe/hsframe.h>

typedef struct periodic {
    int dim;
    double size[3];
} periodic;

static const hsf_param periodic_params[] = {
    { "size", HSF_PARAM_VECTOR, NULL, 0, 1e300, "side lengths, one per dimension" },
    { NULL, 0, NULL, 0, 0, NULL }
};

static int periodic_init(void *state, const hsf_config *cfg, int dim, hsf_error *err)
{
    periodic *b = state;
    b->dim = dim;
    return hsf_config_lengths(cfg, "size", dim, b->size, err);
}

static void periodic_extent(const void *state, double lo[3], double hi[3], int wraps[3])
{
    const periodic *b = state;
    for (int a = 0; a < 3; a++) {
        lo[a] = 0;
        hi[a] = a < b->dim ? b->size[a] : 0;
        wraps[a] = a < b->dim;
    }
}

static double periodic_volume(const void *state)
{
    const periodic *b = state;
    double v = 1;
    for (int a = 0; a < b->dim; a++)
        v *= b->size[a];
    return v;
}

/* Any position is inside: the core wraps it into the box. */
static int periodic_check(const void *state, const double r[3], double radius, hsf_error *err)
{
    (void)state, (void)r, (void)radius, (void)err;
    return 0;
}

static double periodic_next_hit(const void *state, const double r[3], const double v[3],
                                double radius, int *wall)
{
    (void)state, (void)r, (void)v, (void)radius, (void)wall;
    return INFINITY;
}

static double periodic_collide(const void *state, int wall, const double r[3], double v[3],
                               double mass)
{
    (void)state, (void)wall, (void)r, (void)v, (void)mass;
    return 0;   /* never called: there are no walls */
}

/* No walls: nothing to hit on any path. */
static double periodic_first_hit(const void *state, const hsf_path *path, int *wall)
{
    (void)state, (void)path, (void)wall;
    return INFINITY;
}

/* No wall anywhere: the whole box is free of them, so the host need not
 * ask for walls at all with cells (boundary.h). */
static void periodic_wall_free_box(const void *state, double lo[3], double hi[3])
{
    const periodic *b = state;
    for (int a = 0; a < 3; a++) {
        lo[a] = 0;
        hi[a] = a < b->dim ? b->size[a] : 0;
    }
}

static void periodic_normal(const void *state, int wall, const double r[3], double n[3])
{
    (void)state, (void)wall, (void)r;
    n[0] = n[1] = n[2] = 0;
}

static const hsf_boundary_type periodic_type = {
    .state_size = sizeof(periodic),
    .init = periodic_init,
    .extent = periodic_extent,
    .volume = periodic_volume,
    .check = periodic_check,
    .next_hit = periodic_next_hit,
    .first_hit = periodic_first_hit,
    .normal = periodic_normal,
    .collide = periodic_collide,
    .wall_free_box = periodic_wall_free_box,
};

HSF_PLUGIN(HSF_PLUGIN_BOUNDARY, "periodic",
           "rectangular box, periodic along every axis (2D, 3D)", periodic_params,
           &periodic_type)
