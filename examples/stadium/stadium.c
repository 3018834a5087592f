/* stadium: the Bunimovich stadium, two semicircles of radius R joined by
 * straight walls of length L, centred on the origin; the classic chaotic
 * billiard (L. A. Bunimovich, Commun. Math. Phys. 65, 295 (1979)).
 *
 * A disc of radius a touches the wall when its centre reaches the stadium
 * shrunk by a: flat walls y = +-(R - a) for |x| <= L/2, and circles of
 * radius R - a about (+-L/2, 0) for |x| >= L/2.  Walls: 0 bottom, 1 top,
 * 2 left cap, 3 right cap. */
#include <math.h>

#include <hsframe/hsframe.h>

typedef struct stadium {
    double radius, half_length;
} stadium;

static const hsf_param stadium_params[] = {
    { "radius", HSF_PARAM_DOUBLE, "1", 1e-300, 1e300, "radius R of the two semicircles" },
    { "length", HSF_PARAM_DOUBLE, "1", 0, 1e300, "length L of the straight walls" },
    { NULL, 0, NULL, 0, 0, NULL }
};

static int stadium_init(void *state, const hsf_config *cfg, int dim, hsf_error *err)
{
    stadium *s = state;
    if (dim != 2)
        return hsf_error_set(err, "the stadium is 2D only: set [simulation] dim = 2");
    s->radius = hsf_config_double(cfg, "radius");
    s->half_length = hsf_config_double(cfg, "length") / 2;
    return 0;
}

static void stadium_extent(const void *state, double lo[3], double hi[3], int periodic[3])
{
    const stadium *s = state;
    lo[0] = -s->half_length - s->radius, hi[0] = s->half_length + s->radius;
    lo[1] = -s->radius, hi[1] = s->radius;
    lo[2] = hi[2] = 0;
    periodic[0] = periodic[1] = periodic[2] = 0;
}

/* Between the caps only the flat walls, on the faces of this box: a disc
 * in a cell of the host's grid well inside it leaves the cell before it
 * can meet a wall, so the host asks no wall for it. */
static void stadium_wall_free_box(const void *state, double lo[3], double hi[3])
{
    const stadium *s = state;
    lo[0] = -s->half_length, hi[0] = s->half_length;
    lo[1] = -s->radius, hi[1] = s->radius;
    lo[2] = hi[2] = 0;
}

static double stadium_volume(const void *state)
{
    const stadium *s = state;
    return M_PI * s->radius * s->radius + 4 * s->radius * s->half_length;
}

/* How far the centre r of a disc of radius a lies outside the shrunk
 * stadium (<= 0 inside). */
static double outside_by(const stadium *s, const double r[3], double a)
{
    double reach = s->radius - a;
    double dx = fabs(r[0]) - s->half_length;
    if (dx <= 0)
        return fabs(r[1]) - reach;
    return hypot(dx, r[1]) - reach;
}

static int stadium_check(const void *state, const double r[3], double radius, hsf_error *err)
{
    double out = outside_by(state, r, radius);
    if (out > 1e-12 * ((const stadium *)state)->radius)
        return hsf_error_set(err, "it reaches %.17g beyond the stadium's wall", out);
    return 0;
}

/* Exit time through the circle of radius reach about (cx, 0), or INFINITY;
 * the hit must be on the cap's side (sign * x >= half_length). */
static double cap_hit(const stadium *s, double cx, double sign, const double r[3],
                      const double v[3], double reach)
{
    double dx = r[0] - cx, dy = r[1];
    double vv = v[0] * v[0] + v[1] * v[1];
    double b = dx * v[0] + dy * v[1], q = dx * dx + dy * dy - reach * reach;
    double disc = b * b - vv * q;
    if (vv == 0 || disc < 0)
        return INFINITY;
    double root = sqrt(disc);
    /* The larger root, in a form without cancellation. */
    double t = b > 0 ? (q <= 0 ? -q / (b + root) : 0) : (root - b) / vv;
    if (t < 0)
        t = 0;
    double x = r[0] + v[0] * t;
    return sign * x >= s->half_length - 1e-12 * reach ? t : INFINITY;
}

static double stadium_next_hit(const void *state, const double r[3], const double v[3],
                               double radius, int *wall)
{
    const stadium *s = state;
    double reach = s->radius - radius, best = INFINITY;
    if (v[1] != 0) {
        double t = ((v[1] > 0 ? reach : -reach) - r[1]) / v[1];
        if (t < 0)
            t = 0;
        if (fabs(r[0] + v[0] * t) <= s->half_length) {
            best = t;
            *wall = v[1] > 0;
        }
    }
    double left = cap_hit(s, -s->half_length, -1, r, v, reach);
    double right = cap_hit(s, s->half_length, 1, r, v, reach);
    if (left < best)
        best = left, *wall = 2;
    if (right < best)
        best = right, *wall = 3;
    return best;
}

static double stadium_collide(const void *state, int wall, const double r[3], double v[3],
                              double mass)
{
    const stadium *s = state;
    if (wall < 2) {
        v[1] = -v[1];
        return 2 * mass * fabs(v[1]);
    }
    double nx = r[0] - (wall == 2 ? -s->half_length : s->half_length), ny = r[1];
    double len = hypot(nx, ny);
    nx /= len, ny /= len;
    double vn = v[0] * nx + v[1] * ny;
    v[0] -= 2 * vn * nx;
    v[1] -= 2 * vn * ny;
    return 2 * mass * fabs(vn);
}

static const hsf_boundary_type stadium_type = {
    .state_size = sizeof(stadium),
    .init = stadium_init,
    .extent = stadium_extent,
    .volume = stadium_volume,
    .check = stadium_check,
    .next_hit = stadium_next_hit,
    .collide = stadium_collide,
    .wall_free_box = stadium_wall_free_box,
};

HSF_PLUGIN(HSF_PLUGIN_BOUNDARY, "stadium",
           "Bunimovich stadium: two semicircles joined by straight walls (2D)",
           stadium_params, &stadium_type)
