/* The host's helpers for boundaries (boundary.h, ABI 1.5): where a particle
 * on a path described by the host first touches a plane or a sphere.
 *
 * Straight lines and growing radii give quadratics, solved in closed forms
 * without cancellation.  A parabola against a sphere gives a quartic: its
 * first root is bracketed between the critical points of the polynomial
 * (found the same way, one degree down) and bisected on the bit patterns of
 * the times, at most 64 halvings to the last bit. */
#include <math.h>
#include <stdint.h>
#include <string.h>

#include <hsframe/boundary.h>

static double dot3(const double a[3], const double b[3])
{
    return a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
}

void hsf_path_at(const hsf_path *path, double t, double r[3], double v[3])
{
    for (int a = 0; a < 3; a++) {
        if (r)
            r[a] = path->r[a] + (path->v[a] + 0.5 * path->a[a] * t) * t;
        if (v)
            v[a] = path->v[a] + path->a[a] * t;
    }
}

double hsf_path_plane_time(const hsf_path *path, const double n[3], double offset)
{
    /* The gap n . r(t) - offset - radius(t) closes as a coordinate
     * x - growth t moving down onto the face at the radius. */
    double x = dot3(n, path->r) - offset;
    return hsf_parabola_time(x, dot3(n, path->v) - path->growth, dot3(n, path->a),
                             path->radius, -1);
}

/* ---- polynomials of degree up to 4 --------------------------------------- */

static double horner(const double *c, int n, double t)
{
    double y = c[n];
    for (int k = n - 1; k >= 0; k--)
        y = y * t + c[k];
    return y;
}

/* The double halfway between lo and hi (both >= 0) by bit pattern, so that
 * bisection ends in at most 64 halvings whatever the binades. */
static double mid_bits(double lo, double hi)
{
    uint64_t a, b;
    memcpy(&a, &lo, sizeof a);
    memcpy(&b, &hi, sizeof b);
    uint64_t m = a + (b - a) / 2;
    double mid;
    memcpy(&mid, &m, sizeof mid);
    return mid;
}

/* A root of c[0..n] between lo and hi (0 <= lo < hi) whose values there
 * differ in sign (up is 1 when the value rises from < 0 to >= 0, 0 when it
 * falls from > 0 to <= 0): the first double at which the sign has changed. */
static double bisect(const double *c, int n, double lo, double hi, int up)
{
    for (;;) {
        double mid = mid_bits(lo, hi);
        if (mid <= lo || mid >= hi)
            return hi;
        double y = horner(c, n, mid);
        if (up ? y < 0 : y > 0)
            lo = mid;
        else
            hi = mid;
    }
}

/* The real roots of c[0..n] strictly inside (lo, hi), 0 <= lo, ascending,
 * into out (at most n); returns how many.  Between two critical points
 * the polynomial is monotone, so each sign change there holds one root. */
static int roots_between(const double *c, int n, double lo, double hi, double *out)
{
    while (n > 0 && c[n] == 0)
        n--;
    if (n == 0)
        return 0;
    if (n == 1) {
        double t = -c[0] / c[1];
        if (t > lo && t < hi) {
            out[0] = t;
            return 1;
        }
        return 0;
    }
    double d[4], crit[4], at[6];
    for (int k = 1; k <= n; k++)
        d[k - 1] = k * c[k];
    int m = roots_between(d, n - 1, lo, hi, crit), np = 0, count = 0;
    at[np++] = lo;
    for (int k = 0; k < m; k++)
        at[np++] = crit[k];
    at[np++] = hi;
    for (int k = 0; k + 1 < np; k++) {
        double ya = horner(c, n, at[k]), yb = horner(c, n, at[k + 1]);
        if (ya < 0 && yb >= 0)
            out[count++] = bisect(c, n, at[k], at[k + 1], 1);
        else if (ya > 0 && yb <= 0)
            out[count++] = bisect(c, n, at[k], at[k + 1], 0);
    }
    return count;
}

/* The first t >= 0 at which h(t) = c[0] + c[1] t + ... + c[4] t^4 rises
 * through 0 (from < 0 to >= 0), INFINITY if it never does. */
static double first_rise(const double c[5])
{
    int n = 4;
    while (n > 0 && c[n] == 0)
        n--;
    if (n == 0)
        return INFINITY;
    double bound = 0;   /* Cauchy: every root, and critical point, is below 1 + bound */
    for (int k = 0; k < n; k++)
        bound = fmax(bound, fabs(c[k] / c[n]));
    double hi = 1 + bound, d[4], crit[4], at[6];
    for (int k = 1; k <= n; k++)
        d[k - 1] = k * c[k];
    int m = roots_between(d, n - 1, 0, hi, crit), np = 0;
    at[np++] = 0;
    for (int k = 0; k < m; k++)
        at[np++] = crit[k];
    at[np++] = hi;
    for (int k = 0; k + 1 < np; k++)
        if (horner(c, n, at[k]) < 0 && horner(c, n, at[k + 1]) >= 0)
            return bisect(c, n, at[k], at[k + 1], 1);
    return INFINITY;
}

/* The upward crossing of h(t) = a t^2 + 2 b t + c after 0, in the forms
 * without cancellation. */
static double quadratic_rise(double a, double b, double c)
{
    if (a == 0) {
        if (b <= 0)
            return INFINITY;
        double t = -c / (2 * b);
        return t >= 0 ? t : INFINITY;
    }
    double disc = b * b - a * c;
    if (disc < 0)
        return INFINITY;
    double root = sqrt(disc);
    /* h'(t) = 2 (a t + b) is +2 root at the root (root - b) / a. */
    double t = b > 0 ? -c / (b + root) : (root - b) / a;
    return t >= 0 ? t : INFINITY;
}

double hsf_path_sphere_time(const hsf_path *path, const double centre[3], double big,
                            int inside)
{
    /* The surfaces touch when |d(t)|^2 - s(t)^2 = 0, d the offset from the
     * centre and s = big -+ radius(t) the distance of the centres at
     * contact.  sign makes the crossing wanted a rise: outward from inside,
     * inward onto an obstacle. */
    double d[3] = { path->r[0] - centre[0], path->r[1] - centre[1], path->r[2] - centre[2] };
    double sign = inside ? 1 : -1;
    double s0 = inside ? big - path->radius : big + path->radius;
    double s1 = inside ? -path->growth : path->growth;
    double c[5] = {
        sign * (dot3(d, d) - s0 * s0),
        sign * 2 * (dot3(d, path->v) - s0 * s1),
        sign * (dot3(path->v, path->v) + dot3(d, path->a) - s1 * s1),
        sign * dot3(path->v, path->a),
        sign * 0.25 * dot3(path->a, path->a),
    };
    if (c[0] >= 0 && c[1] > 0)
        return 0;                   /* on or past the surface, moving through */
    if (c[3] == 0 && c[4] == 0)
        return quadratic_rise(c[2], c[1] / 2, c[0]);
    return first_rise(c);
}
