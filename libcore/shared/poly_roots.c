/* Rising crossings of polynomials of degree up to 4 (boundary.h,
 * hsf_poly_rises, ABI 1.6): the host's spheres on parabolas and the mesh
 * boundary's edges share this one solver.
 *
 * Between two consecutive critical points a polynomial is monotone, so
 * each sign change there brackets exactly one root; the critical points
 * are the roots of the derivative, found the same way one degree down.
 * A bracket is halved on the bit patterns of its ends (non-negative
 * doubles order as their patterns), so bisection ends within 64 steps
 * at two adjacent doubles whatever the binades. */
#include <math.h>
#include <stdint.h>
#include <string.h>

#include <hsframe/boundary.h>

static double eval(const double *c, int n, double t)
{
    double y = c[n];
    for (int k = n - 1; k >= 0; k--)
        y = y * t + c[k];
    return y;
}

static double halfway(double lo, double hi)
{
    uint64_t a, b;
    memcpy(&a, &lo, sizeof a);
    memcpy(&b, &hi, sizeof b);
    a += (b - a) / 2;
    double m;
    memcpy(&m, &a, sizeof m);
    return m;
}

/* The root in [lo, hi] of a polynomial monotone there, with values of
 * opposite signs at the ends (rising when rising is 1): the first double
 * at which the sign has turned. */
static double bisect(const double *c, int n, double lo, double hi, int rising)
{
    for (;;) {
        double mid = halfway(lo, hi);
        if (mid <= lo || mid >= hi)
            return hi;
        double y = eval(c, n, mid);
        if (rising ? y < 0 : y > 0)
            lo = mid;
        else
            hi = mid;
    }
}

/* The degree once leading zeros are dropped. */
static int degree(const double *c, int n)
{
    while (n > 0 && c[n] == 0)
        n--;
    return n;
}

/* Roots of c (degree n) strictly between lo and hi (0 <= lo < hi),
 * ascending, into out (room for n); returns how many.  A root where the
 * polynomial only touches 0 is not a sign change and may be missed: the
 * callers want crossings. */
static int roots(const double *c, int n, double lo, double hi, double *out)
{
    n = degree(c, n);
    if (n == 0)
        return 0;
    if (n == 1) {
        double t = -c[0] / c[1];
        return t > lo && t < hi ? (out[0] = t, 1) : 0;
    }
    double d[4], cut[6];
    for (int k = 1; k <= n; k++)
        d[k - 1] = k * c[k];
    int m = roots(d, n - 1, lo, hi, cut + 1), count = 0;
    cut[0] = lo;
    cut[m + 1] = hi;
    for (int k = 0; k <= m; k++) {
        double ya = eval(c, n, cut[k]), yb = eval(c, n, cut[k + 1]);
        if ((ya < 0 && yb >= 0) || (ya > 0 && yb <= 0))
            out[count++] = bisect(c, n, cut[k], cut[k + 1], ya < 0);
    }
    return count;
}

/* The rise of a t^2 + 2 b t + c, where h' = 2 (a t + b) is positive:
 * at (sqrt(b^2 - a c) - b) / a, written without cancellation. */
static int quadratic_rise(double a, double b, double c, double *out)
{
    if (a == 0) {
        if (b <= 0)
            return 0;
        double t = -c / (2 * b);
        return t >= 0 ? (*out = t, 1) : 0;
    }
    double disc = b * b - a * c;
    if (disc < 0)
        return 0;
    double root = sqrt(disc);
    double t = b > 0 ? -c / (b + root) : (root - b) / a;
    return t >= 0 ? (*out = t, 1) : 0;
}

int hsf_poly_rises(const double c[5], int max, double *out)
{
    int count = 0;
    if (max <= 0)
        return 0;
    if (c[0] >= 0 && c[1] > 0)
        out[count++] = 0;               /* on or past it, moving through */
    int n = degree(c, 4);
    if (n <= 2 || count == max) {
        /* One rise at most for a quadratic: the one above, or the root ahead. */
        if (count)
            return count;
        return quadratic_rise(n == 2 ? c[2] : 0, c[1] / 2, c[0], out);
    }
    double bound = 0;                   /* Cauchy: every root lies below 1 + bound */
    for (int k = 0; k < n; k++)
        bound = fmax(bound, fabs(c[k] / c[n]));
    double hi = 1 + bound, d[4], cut[5];
    for (int k = 1; k <= n; k++)
        d[k - 1] = k * c[k];
    int m = roots(d, n - 1, 0, hi, cut + 1);
    cut[0] = 0;
    cut[m + 1] = hi;
    for (int k = 0; k <= m && count < max; k++)
        if (eval(c, n, cut[k]) < 0 && eval(c, n, cut[k + 1]) >= 0) {
            double t = bisect(c, n, cut[k], cut[k + 1], 1);
            if (!(count && out[count - 1] == t))
                out[count++] = t;
        }
    return count;
}
