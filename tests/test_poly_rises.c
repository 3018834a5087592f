/* The host's polynomial solver (hsf_poly_rises, libcore/shared/poly_roots.c,
 * used by hsf_path_sphere_time and the mesh boundary's edges): the rising
 * crossings of quadratics, cubics and quartics built from
 * chosen roots, against the crossings read off the sorted roots. */
#include <math.h>
#include <stdint.h>
#include <stdlib.h>

#include <criterion/criterion.h>

#include <hsframe/boundary.h>

/* c = s (t - r[0]) ... (t - r[n-1]), n <= 4. */
static void from_roots(const double *r, int n, double s, double c[5])
{
    for (int k = 0; k < 5; k++)
        c[k] = 0;
    c[0] = s;
    for (int k = 0; k < n; k++) {
        for (int j = k + 1; j > 0; j--)
            c[j] = c[j - 1] - r[k] * c[j];
        c[0] *= -r[k];
    }
}

static int by_value(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

/* The reference: 0 first when c is >= 0 and rising at 0 (the rule for a
 * particle on or past a surface by round-off), then of the simple roots
 * r (distinct), sorted, those right of which the polynomial is positive
 * (its sign there from the number of roots beyond). */
static int rises_of(double *r, int n, double s, const double c[5], double *out)
{
    qsort(r, (size_t)n, sizeof *r, by_value);
    int count = 0;
    if (c[0] >= 0 && c[1] > 0)
        out[count++] = 0;
    for (int k = 0; k < n; k++) {
        /* Right of root k the product has n - 1 - k negative factors. */
        double sign = s * ((n - 1 - k) % 2 ? -1 : 1);
        if (r[k] > 0 && sign > 0)
            out[count++] = r[k];
    }
    return count;
}

static void assert_close(double got, double want)
{
    cr_assert(fabs(got - want) <= 1e-12 * fmax(1, fabs(want)), "got %.17g, expected %.17g",
              got, want);
}

Test(poly_rises, quartic_with_roots_1_2_3_4)
{
    double r[4] = { 1, 2, 3, 4 }, c[5], t[3];
    from_roots(r, 4, -1, c);            /* negative before 1: rises at 1 and 3 */
    int n = hsf_poly_rises(c, 3, t);
    cr_assert_eq(n, 2);
    assert_close(t[0], 1);
    assert_close(t[1], 3);
}

/* max bounds what is written: the first rise alone (as hsf_path_sphere_time
 * asks), nothing for 0, and out past max untouched. */
Test(poly_rises, max_is_the_room_in_out)
{
    double r[4] = { 1, 2, 3, 4 }, c[5], t[3] = { -7, -7, -7 };
    from_roots(r, 4, -1, c);
    cr_assert_eq(hsf_poly_rises(c, 0, t), 0);
    cr_assert_eq(t[0], -7);
    cr_assert_eq(hsf_poly_rises(c, 1, t), 1);
    assert_close(t[0], 1);
    cr_assert_eq(t[1], -7);
    double now[5] = { 1e-17, 1, -3, 0.5, -0.25 };    /* 0, then no more */
    cr_assert_eq(hsf_poly_rises(now, 1, t), 1);
    cr_assert_eq(t[0], 0);
    cr_assert_eq(t[1], -7);
}

Test(poly_rises, quadratic_closed_form)
{
    double c[5] = { -0.75, 2, -1, 0, 0 }, t[3];     /* -(t - 0.5)(t - 1.5) */
    cr_assert_eq(hsf_poly_rises(c, 3, t), 1);
    cr_assert_eq(t[0], 0.5);
    double up[5] = { -2, 0, 0.5, 0, 0 };             /* (t^2 - 4) / 2: rises at 2 */
    cr_assert_eq(hsf_poly_rises(up, 3, t), 1);
    cr_assert_eq(t[0], 2);
}

Test(poly_rises, on_the_surface_moving_through_is_now)
{
    double c[5] = { 1e-17, 1, -3, 0.5, -0.25 }, t[3];
    int n = hsf_poly_rises(c, 3, t);
    cr_assert_geq(n, 1);
    cr_assert_eq(t[0], 0);
    /* On it but moving out: not now. */
    double out[5] = { 1e-17, -1, -3, 0, 0 };
    cr_assert_eq(hsf_poly_rises(out, 3, t), 0);
}

Test(poly_rises, a_graze_touches_a_near_miss_does_not)
{
    double r[2] = { 1, 1 }, c[5], t[3];
    from_roots(r, 2, -1, c);            /* -(t - 1)^2: reaches 0 at 1 */
    cr_assert_eq(hsf_poly_rises(c, 3, t), 1);
    cr_assert_eq(t[0], 1);
    c[0] -= 1e-6;                       /* stays below 0 */
    cr_assert_eq(hsf_poly_rises(c, 3, t), 0);
    double q[5] = { -1.000001, 0, 2, 0, -1 };     /* -(t^2 - 1)^2 - 1e-6: the quartic's */
    cr_assert_eq(hsf_poly_rises(q, 3, t), 0);
}

/* Random quartics and cubics with roots in [-2, 8], at least 0.05 apart
 * (so that each is a clean crossing), either sign. */
Test(poly_rises, random_polynomials_against_their_roots)
{
    uint64_t state = 12345;
    for (int trial = 0; trial < 20000; trial++) {
        int n = 3 + trial % 2;
        double r[4], c[5], want[4], got[3];
        for (int k = 0; k < n; k++) {
            int apart;
            do {
                state = state * 6364136223846793005u + 1442695040888963407u;
                r[k] = -2 + 10 * (double)(state >> 11) / 9007199254740992.0;
                apart = 1;
                for (int j = 0; j < k; j++)
                    apart &= fabs(r[j] - r[k]) > 0.05;
            } while (!apart || fabs(r[k]) < 0.05);
        }
        double s = trial % 3 ? -1 : 1;
        from_roots(r, n, s, c);
        int expect = rises_of(r, n, s, c, want);
        int found = hsf_poly_rises(c, 3, got);
        cr_assert_eq(found, expect, "trial %d: %d rises, expected %d", trial, found, expect);
        for (int k = 0; k < found; k++)
            cr_assert(fabs(got[k] - want[k]) <= 1e-9 * fmax(1, want[k]),
                      "trial %d: rise %d at %.17g, expected %.17g", trial, k, got[k], want[k]);
    }
}
