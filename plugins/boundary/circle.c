/* circle: a circular container with a reflecting wall in 2D, and the same
 * code gives a spherical one in 3D.  Wall 0 is the rim. */
#include <math.h>

#include <hsframe/hsframe.h>

typedef struct circle {
    int dim;
    double center[3];
    double radius;
} circle;

static const hsf_param circle_params[] = {
    { "center", HSF_PARAM_VECTOR, NULL, -1e300, 1e300, "centre, one coordinate per dimension" },
    { "radius", HSF_PARAM_DOUBLE, NULL, 0, 1e300, "radius of the container" },
    { NULL, 0, NULL, 0, 0, NULL }
};

static int circle_init(void *state, const hsf_config *cfg, int dim, hsf_error *err)
{
    circle *c = state;
    double center[HSF_VECTOR_MAX];
    int n = hsf_config_vector(cfg, "center", center, HSF_VECTOR_MAX);
    if (n != dim)
        return hsf_config_error(cfg, err, "center", "expected %d coordinates for dim = %d, "
                                "found %d", dim, dim, n);
    c->dim = dim;
    for (int a = 0; a < dim; a++)
        c->center[a] = center[a];
    c->radius = hsf_config_double(cfg, "radius");
    if (!(c->radius > 0))
        return hsf_config_error(cfg, err, "radius", "expected a radius > 0, found %g",
                                c->radius);
    return 0;
}

static void circle_extent(const void *state, double lo[3], double hi[3], int periodic[3])
{
    const circle *c = state;
    for (int a = 0; a < 3; a++) {
        lo[a] = a < c->dim ? c->center[a] - c->radius : 0;
        hi[a] = a < c->dim ? c->center[a] + c->radius : 0;
        periodic[a] = 0;
    }
}

/* The largest box inside: the cube of half side radius / sqrt(dim), a
 * little smaller so that its corners stay inside after rounding. */
static void circle_wall_free_box(const void *state, double lo[3], double hi[3])
{
    const circle *c = state;
    double half = c->radius / sqrt(c->dim) * (1 - 1e-12);
    for (int a = 0; a < 3; a++) {
        lo[a] = a < c->dim ? c->center[a] - half : 0;
        hi[a] = a < c->dim ? c->center[a] + half : 0;
    }
}

static double circle_volume(const void *state)
{
    const circle *c = state;
    double r = c->radius;
    return c->dim == 2 ? M_PI * r * r : 4.0 / 3.0 * M_PI * r * r * r;
}

/* Circumference in 2D, surface in 3D. */
static double circle_wall_area(const void *state)
{
    const circle *c = state;
    return c->dim == 2 ? 2 * M_PI * c->radius : 4 * M_PI * c->radius * c->radius;
}

/* Offset from the centre. */
static void offset(const circle *c, const double r[3], double d[3])
{
    for (int a = 0; a < 3; a++)
        d[a] = a < c->dim ? r[a] - c->center[a] : 0;
}

static int circle_check(const void *state, const double r[3], double radius, hsf_error *err)
{
    const circle *c = state;
    double d[3];
    offset(c, r, d);
    double dist = sqrt(d[0] * d[0] + d[1] * d[1] + d[2] * d[2]);
    if (dist + radius > c->radius * (1 + 1e-12))
        return hsf_error_set(err, "its distance from the centre plus its radius, %.17g, "
                             "exceeds the container's radius %.17g", dist + radius,
                             c->radius);
    return 0;
}

static double circle_next_hit(const void *state, const double r[3], const double v[3],
                              double radius, int *wall)
{
    const circle *c = state;
    double d[3];
    offset(c, r, d);
    double vv = v[0] * v[0] + v[1] * v[1] + v[2] * v[2];
    if (vv == 0)
        return INFINITY;
    /* |d + v t| = R - radius: vv t^2 + 2 b t + q = 0 with q <= 0 inside. */
    double reach = c->radius - radius;
    double b = d[0] * v[0] + d[1] * v[1] + d[2] * v[2];
    double q = d[0] * d[0] + d[1] * d[1] + d[2] * d[2] - reach * reach;
    double disc = b * b - vv * q;
    double root = sqrt(disc > 0 ? disc : 0);
    double t;
    if (q >= 0 && b >= 0)
        t = 0;                      /* on or past the rim, moving out */
    else if (b > 0)
        t = -q / (b + root);        /* the stable form of the positive root */
    else
        t = (root - b) / vv;
    *wall = 0;
    return t > 0 ? t : 0;
}

static double circle_collide(const void *state, int wall, const double r[3], double v[3],
                             double mass)
{
    (void)wall;
    const circle *c = state;
    double d[3];
    offset(c, r, d);
    double len = sqrt(d[0] * d[0] + d[1] * d[1] + d[2] * d[2]);
    double vn = (d[0] * v[0] + d[1] * v[1] + d[2] * v[2]) / len;
    for (int a = 0; a < c->dim; a++)
        v[a] -= 2 * vn * d[a] / len;
    return 2 * mass * fabs(vn);
}

/* Growing: |d + v t| = R - radius - growth t, a quadratic as next_hit's
 * with the rim closing in (vv - g^2) t^2 + 2 (b + reach g) t + q = 0;
 * the same stable forms. */
static double circle_hit_growing(const circle *c, const double r[3], const double v[3],
                                 double radius, double growth, int *wall)
{
    double d[3];
    offset(c, r, d);
    double reach = c->radius - radius;
    double vv = v[0] * v[0] + v[1] * v[1] + v[2] * v[2] - growth * growth;
    double b = d[0] * v[0] + d[1] * v[1] + d[2] * v[2] + reach * growth;
    double q = d[0] * d[0] + d[1] * d[1] + d[2] * d[2] - reach * reach;
    *wall = 0;
    if (q >= 0 && b >= 0)
        return 0;                   /* on or past the rim, moving out */
    double disc = b * b - vv * q;
    double root = sqrt(disc > 0 ? disc : 0);
    /* The first root after 0: with q < 0 there is exactly one positive
     * root when vv > 0, and the smaller positive one when vv < 0. */
    double t = b > 0 ? -q / (b + root) : (vv != 0 ? (root - b) / vv : -q / (2 * b));
    if (!(t > 0))
        t = b > 0 ? 0 : INFINITY;
    return t;
}

/* Any path: straight lines and growing radii in the closed forms above; a
 * parabola in a field (with or without growth) is a quartic, which the
 * host's sphere helper solves. */
static double circle_first_hit(const void *state, const hsf_path *p, int *wall)
{
    const circle *c = state;
    if (p->motion & HSF_PATH_FIELD) {
        double t = hsf_path_sphere_time(p, c->center, c->radius, 1);
        if (t < INFINITY)
            *wall = 0;
        return t;
    }
    if (p->motion & HSF_PATH_GROWING)
        return circle_hit_growing(c, p->r, p->v, p->radius, p->growth, wall);
    return circle_next_hit(state, p->r, p->v, p->radius, wall);
}

static void circle_normal(const void *state, int wall, const double r[3], double n[3])
{
    (void)wall;
    const circle *c = state;
    double d[3];
    offset(c, r, d);
    double len = sqrt(d[0] * d[0] + d[1] * d[1] + d[2] * d[2]);
    for (int a = 0; a < 3; a++)
        n[a] = len > 0 ? -d[a] / len : 0;
}

static const hsf_boundary_type circle_type = {
    .state_size = sizeof(circle),
    .init = circle_init,
    .extent = circle_extent,
    .volume = circle_volume,
    .check = circle_check,
    .next_hit = circle_next_hit,
    .first_hit = circle_first_hit,
    .normal = circle_normal,
    .collide = circle_collide,
    .wall_area = circle_wall_area,
    .wall_free_box = circle_wall_free_box,
};

HSF_PLUGIN(HSF_PLUGIN_BOUNDARY, "circle",
           "circular container with a reflecting rim (2D); a sphere in 3D", circle_params,
           &circle_type)
