/* box: a rectangular container with reflecting walls, lower corner at the
 * origin.  Wall 2a is the lower wall of axis a, wall 2a+1 the upper one. */
#include <math.h>

#include <hsframe/hsframe.h>

typedef struct box {
    int dim;
    double size[3];
} box;

static const hsf_param box_params[] = {
    { "size", HSF_PARAM_VECTOR, "1 1", 0, 1e300,
      "side lengths, one per dimension (2D default: the unit square)" },
    { NULL, 0, NULL, 0, 0, NULL }
};

static int box_init(void *state, const hsf_config *cfg, int dim, hsf_error *err)
{
    box *b = state;
    b->dim = dim;
    return hsf_config_lengths(cfg, "size", dim, b->size, err);
}

static void box_extent(const void *state, double lo[3], double hi[3], int periodic[3])
{
    const box *b = state;
    for (int a = 0; a < 3; a++) {
        lo[a] = 0;
        hi[a] = a < b->dim ? b->size[a] : 0;
        periodic[a] = 0;
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

/* Perimeter in 2D, surface in 3D. */
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
        if (r[a] - radius < 0)
            return hsf_error_set(err, "%c - radius = %.17g is below 0", axis[a], r[a] - radius);
        if (r[a] + radius > b->size[a])
            return hsf_error_set(err, "%c + radius = %.17g is above the side %.17g", axis[a],
                                 r[a] + radius, b->size[a]);
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

/* In a field: each wall on the parabola of its axis. */
static double box_hit_field(const box *b, const double r[3], const double v[3],
                            const double acc[3], double radius, int *wall)
{
    double best = INFINITY;
    for (int a = 0; a < b->dim; a++)
        for (int up = 0; up < 2; up++) {
            double dt = hsf_parabola_time(r[a], v[a], acc[a], up ? b->size[a] - radius : radius,
                                          up ? 1 : -1);
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

/* Any path: the shortest road for its motion (each keeps the arithmetic,
 * and so the bits, of the motion alone). */
static double box_first_hit(const void *state, const hsf_path *p, int *wall)
{
    const box *b = state;
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
};

HSF_PLUGIN(HSF_PLUGIN_BOUNDARY, "box",
           "rectangular box with reflecting walls, lower corner at the origin (2D, 3D)",
           box_params, &box_type)
