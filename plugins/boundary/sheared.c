/* sheared: a rectangular box, periodic along every axis, whose images
 * across the gradient faces slide along the flow axis (Lees-Edwards
 * boundary conditions; A. W. Lees and S. F. Edwards, J. Phys. C 5, 1921
 * (1972)).  The image one period up along the gradient moves at
 * rate * L_gradient along the flow, so the system is sheared at `rate`
 * with no wall anywhere.  The host does the sliding (boundary.h,
 * sliding): this plugin only says where the box is and how it slides. */
#include <math.h>
#include <string.h>

#include <hsframe/hsframe.h>

typedef struct sheared {
    int dim;
    double size[3];
    double rate;
    int flow, gradient;
} sheared;

static const hsf_param sheared_params[] = {
    { "size", HSF_PARAM_VECTOR, NULL, 0, 1e300, "side lengths, one per dimension" },
    { "rate", HSF_PARAM_DOUBLE, NULL, -1e300, 1e300,
      "shear rate (1/time, not 0): the flow velocity grows by rate per unit length along "
      "the gradient" },
    { "flow", HSF_PARAM_STRING, "x", 0, 0, "the axis the images slide along: x, y or z" },
    { "gradient", HSF_PARAM_STRING, "y", 0, 0,
      "the axis across whose faces the images slide: x, y or z" },
    { NULL, 0, NULL, 0, 0, NULL }
};

/* The axis named by key (x, y or z, below dim), or -1 with err set. */
static int axis_named(const hsf_config *cfg, const char *key, int dim, hsf_error *err)
{
    const char *name = hsf_config_string(cfg, key);
    static const char *const names[] = { "x", "y", "z" };
    for (int a = 0; a < dim; a++)
        if (!strcmp(name, names[a]))
            return a;
    hsf_config_error(cfg, err, key, "expected %s, found '%s'", dim == 2 ? "x or y" :
                     "x, y or z", name);
    return -1;
}

static int sheared_init(void *state, const hsf_config *cfg, int dim, hsf_error *err)
{
    sheared *b = state;
    b->dim = dim;
    if (hsf_config_lengths(cfg, "size", dim, b->size, err))
        return -1;
    b->rate = hsf_config_double(cfg, "rate");
    if (b->rate == 0)
        return hsf_config_error(cfg, err, "rate", "expected a shear rate other than 0 (for "
                                "none, use boundary periodic)");
    if ((b->flow = axis_named(cfg, "flow", dim, err)) < 0 ||
        (b->gradient = axis_named(cfg, "gradient", dim, err)) < 0)
        return -1;
    if (b->flow == b->gradient)
        return hsf_config_error(cfg, err, "gradient", "expected an axis other than the flow "
                                "axis %s", hsf_config_string(cfg, "flow"));
    return 0;
}

static void sheared_extent(const void *state, double lo[3], double hi[3], int wraps[3])
{
    const sheared *b = state;
    for (int a = 0; a < 3; a++) {
        lo[a] = 0;
        hi[a] = a < b->dim ? b->size[a] : 0;
        wraps[a] = a < b->dim;
    }
}

static double sheared_volume(const void *state)
{
    const sheared *b = state;
    double v = 1;
    for (int a = 0; a < b->dim; a++)
        v *= b->size[a];
    return v;
}

/* Along the gradient a centre must lie in the box: wrapping it there
 * would change its velocity as well as its position. */
static int sheared_check(const void *state, const double r[3], double radius, hsf_error *err)
{
    (void)radius;
    const sheared *b = state;
    double y = r[b->gradient];
    if (!(y >= 0 && y < b->size[b->gradient]))
        return hsf_error_set(err, "centre at %c = %.17g: expected 0 <= %c < %.17g (the box "
                             "along the gradient; a sheared box does not wrap starting "
                             "positions across it)", "xyz"[b->gradient], y, "xyz"[b->gradient],
                             b->size[b->gradient]);
    return 0;
}

/* No walls: nothing to hit on a straight line (asked at each prediction
 * with neighbour lists: cheaper than first_hit's path) or on any path,
 * and the whole box is free of them (with cells the host then asks for
 * none). */
static double sheared_next_hit(const void *state, const double r[3], const double v[3],
                               double radius, int *wall)
{
    (void)state, (void)r, (void)v, (void)radius, (void)wall;
    return INFINITY;
}

static void sheared_wall_free_box(const void *state, double lo[3], double hi[3])
{
    const sheared *b = state;
    for (int a = 0; a < 3; a++) {
        lo[a] = 0;
        hi[a] = a < b->dim ? b->size[a] : 0;
    }
}

static double sheared_first_hit(const void *state, const hsf_path *path, int *wall)
{
    (void)state, (void)path, (void)wall;
    return INFINITY;
}

static double sheared_collide(const void *state, int wall, const double r[3], double v[3],
                              double mass)
{
    (void)state, (void)wall, (void)r, (void)v, (void)mass;
    return 0;   /* never called: there are no walls */
}

static void sheared_normal(const void *state, int wall, const double r[3], double n[3])
{
    (void)state, (void)wall, (void)r;
    n[0] = n[1] = n[2] = 0;
}

static double sheared_sliding(const void *state, int *flow, int *gradient)
{
    const sheared *b = state;
    *flow = b->flow;
    *gradient = b->gradient;
    return b->rate;
}

static const hsf_boundary_type sheared_type = {
    .state_size = sizeof(sheared),
    .init = sheared_init,
    .extent = sheared_extent,
    .volume = sheared_volume,
    .check = sheared_check,
    .next_hit = sheared_next_hit,
    .first_hit = sheared_first_hit,
    .collide = sheared_collide,
    .normal = sheared_normal,
    .sliding = sheared_sliding,
    .wall_free_box = sheared_wall_free_box,
};

HSF_PLUGIN(HSF_PLUGIN_BOUNDARY, "sheared",
           "periodic box whose images slide: Lees-Edwards shear at a given rate (2D, 3D)",
           sheared_params, &sheared_type)
