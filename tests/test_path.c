/* The host's path helpers for boundaries (boundary.h, ABI 1.5) against
 * collision times worked by hand, and the first root of the quartic of a
 * parabola against a sphere against a fine scan of the path. */
#include <math.h>

#include <criterion/criterion.h>

#include <hsframe/boundary.h>

static hsf_path path_of(double x, double y, double vx, double vy, double ax, double ay,
                        double radius, double growth)
{
    hsf_path p = { .radius = radius, .growth = growth,
                   .r = { x, y, 0 }, .v = { vx, vy, 0 }, .a = { ax, ay, 0 } };
    p.motion = (ax != 0 || ay != 0 ? HSF_PATH_FIELD : 0) | (growth != 0 ? HSF_PATH_GROWING : 0);
    return p;
}

/* |r(t) - c| - (big -+ radius(t)): negative while the surfaces are apart
 * (inside: within the container; outside: clear of the obstacle). */
static double gap(const hsf_path *p, const double c[3], double big, int inside, double t)
{
    double r[3];
    hsf_path_at(p, t, r, NULL);
    double d = hypot(r[0] - c[0], r[1] - c[1]), rad = p->radius + p->growth * t;
    return inside ? d - (big - rad) : (big + rad) - d;
}

Test(path, plane_straight_growing_and_falling)
{
    double up[3] = { 0, 1, 0 };     /* the floor y = 0, container above */
    hsf_path p = path_of(0.3, 2, 0, -1, 0, 0, 0.5, 0);
    cr_assert_float_eq(hsf_path_plane_time(&p, up, 0), 1.5, 1e-15);
    /* Growing at 0.5: the gap 1.5 closes at 1.5 per unit time. */
    p = path_of(0.3, 2, 0, -1, 0, 0, 0.5, 0.5);
    cr_assert_float_eq(hsf_path_plane_time(&p, up, 0), 1.0, 1e-15);
    /* Dropped from rest at height 2.5 (gap 2) under g = 1: t = 2. */
    p = path_of(0, 2.5, 0, 0, 0, -1, 0.5, 0);
    cr_assert_float_eq(hsf_path_plane_time(&p, up, 0), 2.0, 1e-15);
    /* Thrown upward at 1 from gap 0: back after 2 (not now). */
    p = path_of(0, 0.5, 0, 1, 0, -1, 0.5, 0);
    cr_assert_float_eq(hsf_path_plane_time(&p, up, 0), 2.0, 1e-15);
    /* Past the floor by round-off and moving down: now. */
    p = path_of(0, 0.5 - 1e-17, 0, -1, 0, 0, 0.5, 0);
    cr_assert_eq(hsf_path_plane_time(&p, up, 0), 0);
    /* Moving away without a field: never. */
    p = path_of(0, 1, 0, 1, 0, 0, 0.5, 0);
    cr_assert(isinf(hsf_path_plane_time(&p, up, 0)));
}

Test(path, sphere_straight_lines_match_the_chord)
{
    double c[3] = { 1, 2, 0 };
    /* The chord of the circle test: distance 1.5 from the centre, reach 2.5,
     * half-chord 2, starting 2 before the midpoint at speed 2: t = 2. */
    hsf_path p = path_of(-1, 3.5, 2, 0, 0, 0, 0.5, 0);
    cr_assert_float_eq(hsf_path_sphere_time(&p, c, 3, 1), 2.0, 1e-15);
    /* A line at distance 1.2 from an obstacle of radius 1 at the centre:
     * contact (distance 1.5) 0.9 before the closest point, which is 2
     * away at speed 2: t = (2 - 0.9) / 2. */
    p = path_of(-1, 3.2, 2, 0, 0, 0, 0.5, 0);
    cr_assert_float_eq(hsf_path_sphere_time(&p, c, 1, 0), 0.55, 1e-15);
    /* ...and a head-on approach from x = -4 (distance 5, contact at 1.5):
     * 3.5 at speed 2. */
    p = path_of(-4, 2, 2, 0, 0, 0, 0.5, 0);
    cr_assert_float_eq(hsf_path_sphere_time(&p, c, 1, 0), 1.75, 1e-15);
    /* Growing inside: from the centre at speed 1, radius 0.5 growing at 1:
     * 2.5 - t = 0.5 + t... the gap R - a - |d| = 2.5 - 2 t: t = 1.25. */
    p = path_of(1, 2, 1, 0, 0, 0, 0.5, 1);
    cr_assert_float_eq(hsf_path_sphere_time(&p, c, 3, 1), 1.25, 1e-15);
}

Test(path, sphere_parabolas_by_hand)
{
    double c[3] = { 0, 0, 0 };
    /* Dropped from rest at the centre of a circle of radius 3, radius 1,
     * g = 2 down: 1/2 g t^2 = 2, t = sqrt(2). */
    hsf_path p = path_of(0, 0, 0, 0, 0, -2, 1, 0);
    cr_assert_float_eq(hsf_path_sphere_time(&p, c, 3, 1), sqrt(2), 1e-15);
    /* Dropped onto an obstacle of radius 1 from height 4 (gap 2 for a
     * particle of radius 1), g = 1: t = 2. */
    p = path_of(0, 4, 0, 0, 0, -1, 1, 0);
    cr_assert_float_eq(hsf_path_sphere_time(&p, c, 1, 0), 2, 1e-15);
    /* Thrown sideways past the obstacle: misses it (lands beyond). */
    p = path_of(0, 4, 10, 0, 0, -1, 1, 0);
    cr_assert(isinf(hsf_path_sphere_time(&p, c, 1, 0)));
}

/* Random parabolas inside a circle: the time returned is a root of the
 * gap (to round-off), and a scan of the path finds no contact before it. */
Test(path, sphere_parabolas_against_a_scan)
{
    double c[3] = { 0.3, -0.2, 0 };
    srand(7);
    for (int k = 0; k < 200; k++) {
        double u = (double)rand() / RAND_MAX, w = (double)rand() / RAND_MAX;
        double rho = 1.5 * sqrt(u), phi = 2 * M_PI * w;
        hsf_path p = path_of(c[0] + rho * cos(phi), c[1] + rho * sin(phi),
                             4.0 * rand() / RAND_MAX - 2, 4.0 * rand() / RAND_MAX - 2,
                             0.5 * rand() / RAND_MAX - 0.25, -1 - 3.0 * rand() / RAND_MAX,
                             0.4, k % 2 ? 0.05 : 0);
        double t = hsf_path_sphere_time(&p, c, 2.5, 1);
        cr_assert(t > 0 && t < 100, "path %d: t = %g", k, t);
        cr_assert(fabs(gap(&p, c, 2.5, 1, t)) < 1e-12, "path %d: gap %g at t = %.17g", k,
                  gap(&p, c, 2.5, 1, t), t);
        for (int s = 0; s < 1000; s++) {
            double ts = t * s / 1000.0;
            cr_assert(gap(&p, c, 2.5, 1, ts) < 1e-12, "path %d: contact at %g before %g", k,
                      ts, t);
        }
    }
}
