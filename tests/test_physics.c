/* Pair kinematics against analytic cases, and conservation laws. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include <criterion/criterion.h>

#include "event/gather4.h"
#include "shared/neighbours.h"
#include "shared/physics.h"

#define EPS 1e-15

static void diff(const double a[3], const double b[3], double out[3])
{
    for (int k = 0; k < 3; k++)
        out[k] = a[k] - b[k];
}

Test(pair_time, head_on)
{
    /* i at x = 1 moving left at speed 1, j at rest at 0, radii sum 0.5. */
    double dr[3] = { 1, 0, 0 }, dv[3] = { -1, 0, 0 };
    cr_assert_eq(hsf_pair_time(dr, dv, 0.5), 0.5);
}

Test(pair_time, head_on_both_moving)
{
    double dr[3] = { 3, 0, 0 }, dv[3] = { -2, 0, 0 };   /* closing at speed 2 */
    cr_assert_eq(hsf_pair_time(dr, dv, 1), 1);
}

Test(pair_time, glancing)
{
    /* Impact parameter 0.6 with sigma 1: contact at x = 0.8, after 2 - 0.8. */
    double dr[3] = { 2, 0.6, 0 }, dv[3] = { -1, 0, 0 };
    cr_assert_float_eq(hsf_pair_time(dr, dv, 1), 1.2, EPS);
}

Test(pair_time, grazing_and_missing)
{
    double dv[3] = { -1, 0, 0 };
    double tangent[3] = { 2, 1, 0 }, miss[3] = { 2, 1.000001, 0 };
    cr_assert_float_eq(hsf_pair_time(tangent, dv, 1), 2, EPS);
    cr_assert(isinf(hsf_pair_time(miss, dv, 1)));
}

Test(pair_time, three_dimensional)
{
    /* Offset (0.3, 0.4) in y and z: |b| = 0.5, contact at x = sqrt(0.75). */
    double dr[3] = { 5, 0.3, 0.4 }, dv[3] = { -2, 0, 0 };
    cr_assert_float_eq(hsf_pair_time(dr, dv, 1), (5 - sqrt(0.75)) / 2, 4 * EPS);
}

Test(pair_time, receding_and_parallel)
{
    double dr[3] = { 1, 0, 0 }, away[3] = { 1, 0, 0 }, side[3] = { 0, 1, 0 }, rest[3] = { 0 };
    cr_assert(isinf(hsf_pair_time(dr, away, 0.5)));
    cr_assert(isinf(hsf_pair_time(dr, side, 0.5)));
    cr_assert(isinf(hsf_pair_time(dr, rest, 0.5)));
}

Test(pair_time, touching_or_overlapping_by_roundoff)
{
    double touching[3] = { 1, 0, 0 }, overlap[3] = { 1 - 1e-15, 0, 0 };
    double in[3] = { -1, 0, 0 }, out[3] = { 1, 0, 0 };
    cr_assert_eq(hsf_pair_time(touching, in, 1), 0);
    cr_assert_eq(hsf_pair_time(overlap, in, 1), 0);
    cr_assert(isinf(hsf_pair_time(touching, out, 1)), "a touching pair moving apart never collides");
    cr_assert(isinf(hsf_pair_time(overlap, out, 1)));
}

Test(pair_time, nearly_touching_is_accurate)
{
    /* A gap of about 1e-12 closed at speed 1.  |dr|^2 - sigma^2 carries an
     * absolute error of a few ulps of sigma^2, so the time is good to a few
     * ulps of sigma / speed: no worse than that, and never negative. */
    double dr[3] = { 1 + 1e-12, 0, 0 }, dv[3] = { -1, 0, 0 };
    double gap = dr[0] - 1;     /* exact (Sterbenz) */
    cr_assert_float_eq(hsf_pair_time(dr, dv, 1), gap, 4 * EPS * 0.25);
}

Test(pair_collide, equal_masses_head_on_exchange_velocities)
{
    double dr[3] = { 1, 0, 0 }, vi[3] = { -1, 0, 0 }, vj[3] = { 0.5, 0, 0 }, virial;
    double impulse = hsf_pair_collide(dr, vi, vj, 2, 2, &virial);
    cr_assert_eq(vi[0], 0.5);
    cr_assert_eq(vj[0], -1);
    cr_assert_eq(impulse, 3);           /* m * relative speed */
    cr_assert_eq(virial, 3);            /* impulse times the distance 1 */
}

Test(pair_collide, unequal_masses_head_on)
{
    /* 1D elastic collision: v1' = ((m1 - m2) v1 + 2 m2 v2) / (m1 + m2). */
    double m1 = 1, m2 = 3, v1 = -2, v2 = 0.5;
    double dr[3] = { 1, 0, 0 }, vi[3] = { v1, 0, 0 }, vj[3] = { v2, 0, 0 }, virial;
    hsf_pair_collide(dr, vi, vj, m1, m2, &virial);
    cr_assert_float_eq(vi[0], ((m1 - m2) * v1 + 2 * m2 * v2) / (m1 + m2), EPS);
    cr_assert_float_eq(vj[0], ((m2 - m1) * v2 + 2 * m1 * v1) / (m1 + m2), EPS);
}

Test(pair_collide, glancing_keeps_tangential_components)
{
    /* Contact normal along (0.8, 0.6): equal masses swap normal components. */
    double dr[3] = { 0.8, 0.6, 0 }, vi[3] = { -1, 0, 0 }, vj[3] = { 0, 0, 0 }, virial;
    hsf_pair_collide(dr, vi, vj, 1, 1, &virial);
    /* vi's normal part -0.8 (n) goes to j; its tangential part (-0.36, 0.48) stays. */
    cr_assert_float_eq(vi[0], -0.36, EPS);
    cr_assert_float_eq(vi[1], 0.48, EPS);
    cr_assert_float_eq(vj[0], -0.64, EPS);
    cr_assert_float_eq(vj[1], -0.48, EPS);
    cr_assert_eq(vi[2], 0);
    cr_assert_eq(vj[2], 0);
}

static double urand(void)
{
    return (double)rand() / RAND_MAX * 2 - 1;
}

Test(pair_collide, conserves_momentum_and_energy)
{
    srand(7);
    double worst_p = 0, worst_e = 0;
    for (int trial = 0; trial < 100000; trial++) {
        double ri[3], rj[3] = { 0, 0, 0 }, vi[3], vj[3], dr[3], virial;
        double mi = 0.1 + 10 * fabs(urand()), mj = 0.1 + 10 * fabs(urand());
        for (int k = 0; k < 3; k++) {
            ri[k] = urand();
            vi[k] = urand();
            vj[k] = urand();
        }
        diff(ri, rj, dr);
        double dv[3];
        diff(vi, vj, dv);
        if (hsf_dot(dr, dv) >= 0)
            continue;               /* only approaching pairs collide */
        double p0[3], e0 = 0, e1 = 0, pscale = 0;
        for (int k = 0; k < 3; k++) {
            p0[k] = mi * vi[k] + mj * vj[k];
            e0 += 0.5 * (mi * vi[k] * vi[k] + mj * vj[k] * vj[k]);
            pscale += mi * fabs(vi[k]) + mj * fabs(vj[k]);
        }
        hsf_pair_collide(dr, vi, vj, mi, mj, &virial);
        for (int k = 0; k < 3; k++) {
            worst_p = fmax(worst_p, fabs(mi * vi[k] + mj * vj[k] - p0[k]) / pscale);
            e1 += 0.5 * (mi * vi[k] * vi[k] + mj * vj[k] * vj[k]);
        }
        worst_e = fmax(worst_e, fabs(e1 - e0) / e0);
        diff(vi, vj, dv);
        cr_assert_geq(hsf_dot(dr, dv), -1e-12, "the pair must recede after the collision");
        cr_assert_geq(virial, 0);
    }
    cr_assert_lt(worst_p, 1e-14, "momentum changed by %g (relative)", worst_p);
    cr_assert_lt(worst_e, 1e-14, "energy changed by %g (relative)", worst_e);
}

Test(pair_collide, impulse_and_virial_are_those_of_the_bounce_on_dr)
{
    /* dr = (1.2, 1.6), |dr| = 2, masses 1 and 3 (mu = 3/4), j at rest, i
     * at (-2, 1): dv . dr = -0.8, the impulse onto i is
     * -2 mu (dv . dr) / (dr . dr) dr = 0.3 dr, of size 0.6 = 2 mu |dv . dr| / |dr|,
     * and the virial J . dr = 1.2 = -2 mu dv . dr. */
    double dr[3] = { 1.2, 1.6, 0 }, vi[3] = { -2, 1, 0 }, vj[3] = { 0, 0, 0 }, virial;
    double impulse = hsf_pair_collide(dr, vi, vj, 1, 3, &virial);
    cr_assert_float_eq(impulse, 0.6, 4 * EPS);
    cr_assert_float_eq(virial, 1.2, 4 * EPS);
    cr_assert_float_eq(vi[0], -2 + 0.3 * 1.2, 4 * EPS);
    cr_assert_float_eq(vi[1], 1 + 0.3 * 1.6, 4 * EPS);
    cr_assert_float_eq(vj[0], -0.1 * 1.2, 4 * EPS);
    cr_assert_float_eq(vj[1], -0.1 * 1.6, 4 * EPS);
}

Test(pair_collide, swapping_the_pair_mirrors_the_result_to_the_bit)
{
    srand(11);
    for (int trial = 0; trial < 10000; trial++) {
        double dr[3], vi[3], vj[3], mi = 0.1 + 10 * fabs(urand()), mj = 0.1 + 10 * fabs(urand());
        for (int k = 0; k < 3; k++) {
            dr[k] = urand();
            vi[k] = urand();
            vj[k] = urand();
        }
        double back[3] = { -dr[0], -dr[1], -dr[2] }, ui[3], uj[3], w1, w2;
        memcpy(ui, vi, sizeof ui);
        memcpy(uj, vj, sizeof uj);
        double j1 = hsf_pair_collide(dr, vi, vj, mi, mj, &w1);
        double j2 = hsf_pair_collide(back, uj, ui, mj, mi, &w2);
        cr_assert(j1 == j2 && w1 == w2, "impulse %.17g or virial %.17g changed on swapping", j1, w1);
        cr_assert(memcmp(vi, ui, sizeof vi) == 0 && memcmp(vj, uj, sizeof vj) == 0,
                  "trial %d: the swapped pair's velocities differ", trial);
    }
}

/* The mean relative change of the kinetic energy over n bounces of equal
 * masses at |dr| close to sigma (within some ulps of a position, as in a
 * run), in long double.  A bounce on a rounded unit normal has a mean of
 * -5.6e-17 at sigma = 0.6 and +9.4e-17 at 1; on dr itself, below the
 * noise of the average (about 3e-16 / sqrt(n)) at 0.6 and some 5e-18
 * at 1, where dr . dr straddles a power of 2 (docs/TESTING.md, "Exact
 * bounces"). */
static long double mean_energy_change(double sigma, int dim, int n)
{
    long double sum = 0;
    for (int k = 0; k < n; k++) {
        double u[3] = { urand(), urand(), dim == 3 ? urand() : 0 }, dr[3], vi[3], vj[3], w;
        double len = sqrt(hsf_dot(u, u));
        if (!(len > 0.1 && len < 1)) {
            k--;
            continue;
        }
        for (int a = 0; a < 3; a++) {
            dr[a] = sigma * u[a] / len + (a < dim) * 4e-16 * urand();
            vi[a] = a < dim ? urand() : 0;
            vj[a] = a < dim ? urand() : 0;
        }
        double dv[3] = { vi[0] - vj[0], vi[1] - vj[1], vi[2] - vj[2] };
        if (hsf_dot(dv, dr) >= 0)
            for (int a = 0; a < 3; a++)
                vi[a] = -vi[a], vj[a] = -vj[a];
        long double e0 = 0, e1 = 0;
        for (int a = 0; a < 3; a++)
            e0 += (long double)vi[a] * vi[a] + (long double)vj[a] * vj[a];
        hsf_pair_collide(dr, vi, vj, 1, 1, &w);
        for (int a = 0; a < 3; a++)
            e1 += (long double)vi[a] * vi[a] + (long double)vj[a] * vj[a];
        sum += (e1 - e0) / e0;
    }
    return sum / n;
}

Test(pair_collide, the_energy_changes_by_round_off_without_a_mean)
{
    srand(5);
    for (int dim = 2; dim <= 3; dim++)
        for (int s = 0; s < 2; s++) {
            double sigma = s ? 1 : 0.6;
            long double mean = mean_energy_change(sigma, dim, 1000000);
            cr_assert_lt(fabsl(mean), 1.5e-17L, "%dD, sigma %g: mean relative energy change %Lg "
                         "a bounce", dim, sigma, mean);
        }
}

/* The batched solver of predictions gives hsf_pair_time_before's time, to
 * the bit, for every pair that collides before the limit (>= 0, as in the
 * engine); the others are at or after it.  Random pairs, plus the edge cases: touching, receding,
 * at rest, grazing, parallel. */
Test(pair_times, batch_matches_single_pair_solver)
{
    srand(7);
    hsf_pair_batch pb;
    double t[HSF_PAIR_BATCH];
    size_t hits = 0;
    for (int round = 0; round < 2000; round++) {
        double limit = round % 3 == 0 ? INFINITY : round % 7 == 0 ? 0 : 0.05 + 2 * fabs(urand());
        pb.n = HSF_PAIR_BATCH - (uint32_t)(round % 5);
        for (uint32_t k = 0; k < pb.n; k++) {
            for (int a = 0; a < 3; a++) {
                pb.dr[a][k] = 4 * urand() - 2;
                pb.dv[a][k] = 4 * urand() - 2;
            }
            pb.sigma[k] = 0.5 + urand();
            switch (k % 8) {
            case 0:     /* touching, approaching */
                pb.dr[0][k] = pb.sigma[k], pb.dr[1][k] = pb.dr[2][k] = 0;
                pb.dv[0][k] = -1;
                break;
            case 1:     /* at rest relative to each other */
                pb.dv[0][k] = pb.dv[1][k] = pb.dv[2][k] = 0;
                break;
            case 2:     /* grazing: passes at exactly sigma */
                pb.dr[0][k] = 3, pb.dr[1][k] = pb.sigma[k], pb.dr[2][k] = 0;
                pb.dv[0][k] = -1, pb.dv[1][k] = pb.dv[2][k] = 0;
                break;
            default:
                break;
            }
        }
        hsf_pair_times(&pb, limit, t);
        for (uint32_t k = 0; k < pb.n; k++) {
            double dr[3] = { pb.dr[0][k], pb.dr[1][k], pb.dr[2][k] };
            double dv[3] = { pb.dv[0][k], pb.dv[1][k], pb.dv[2][k] };
            double want = hsf_pair_time_before(dr, dv, pb.sigma[k], limit);
            if (want < limit) {
                hits++;
                cr_assert(t[k] == want, "pair %u of round %d: %.17g, single solver %.17g", k,
                          round, t[k], want);
            } else {
                cr_assert(t[k] >= limit, "pair %u of round %d: %.17g before the limit %.17g, "
                          "single solver: no hit", k, round, t[k], limit);
            }
        }
    }
    cr_assert_gt(hits, 5000, "only %zu pairs collide: the test is too easy", hits);
}

/* The engine's solve is built for the base instruction set and for AVX2
 * (HSF_AVX2_CLONES, shared/clones.h), and the processor picks one: both
 * builds of the batch solver give the same bits, for hits and misses
 * alike.  This file is built with the library's floating-point flags, so
 * that the solver is vectorised here as it is there. */
#if defined(HSF_HAVE_TARGET_CLONES) && !defined(__AVX2__)
static __attribute__((noinline, target("avx2"))) void pair_times_avx2(const hsf_pair_batch *pb,
                                                                      double limit,
                                                                      double t[HSF_PAIR_BATCH])
{
    hsf_pair_times(pb, limit, t);
}

Test(pair_times, avx2_build_gives_the_same_bits)
{
    __builtin_cpu_init();
    if (!__builtin_cpu_supports("avx2"))
        cr_skip_test("this processor has no AVX2");
    srand(11);
    hsf_pair_batch pb;
    size_t finite = 0;
    for (int round = 0; round < 4000; round++) {
        double limit = round % 3 == 0 ? INFINITY : 0.05 + 2 * fabs(urand());
        pb.n = HSF_PAIR_BATCH - (uint32_t)(round % 7);
        for (uint32_t k = 0; k < pb.n; k++) {
            for (int a = 0; a < 3; a++) {
                pb.dr[a][k] = 4 * urand() - 2;
                pb.dv[a][k] = 4 * urand() - 2;
            }
            pb.sigma[k] = 0.5 + urand();
            if (k % 2)          /* closing in on each other, most of them to a hit */
                for (int a = 0; a < 3; a++)
                    pb.dv[a][k] = -pb.dr[a][k] * (0.5 + fabs(urand())) + 0.3 * urand();
            if (k % 6 == 0)     /* touching and approaching: time 0 */
                pb.dr[0][k] = pb.sigma[k], pb.dr[1][k] = pb.dr[2][k] = 0, pb.dv[0][k] = -1;
        }
        double base[HSF_PAIR_BATCH], wide[HSF_PAIR_BATCH];
        hsf_pair_times(&pb, limit, base);
        pair_times_avx2(&pb, limit, wide);
        for (uint32_t k = 0; k < pb.n; k++) {
            cr_assert(memcmp(&base[k], &wide[k], sizeof base[k]) == 0,
                      "pair %u of round %d: %a (base) against %a (AVX2)", k, round, base[k],
                      wide[k]);
            finite += isfinite(base[k]) && base[k] > 0;
        }
    }
    cr_assert_gt(finite, 20000, "only %zu pairs with a time: the test is too easy", finite);
}
#endif

/* A random slab [*lo, *hi] and a start in it: on lo, on hi, or just
 * past either by round-off for kind 0 to 3, inside for the others. */
static double slab_start(int kind, double *lo, double *hi)
{
    *lo = 4 * urand() - 2;
    *hi = *lo + 0.1 + 2 * fabs(urand());
    double x = *lo + (*hi - *lo) * fabs(urand());
    switch (kind) {
    case 0: return *lo;
    case 1: return *hi;
    case 2: return nextafter(*lo, -INFINITY);
    case 3: return nextafter(*hi, INFINITY);
    default: return x;
    }
}

/* hsf_parabola_first_face (the field's cell exit) solves one face of a
 * slab where both were solved: on random parabolas, straight lines, starts
 * on a face or just past it by round-off, and with either face left out
 * (an outer face of the grid), it returns the bits and the face of the
 * earlier of hsf_parabola_time's two answers, lo's on a tie; and the
 * coordinate at that time is on that face. */
Test(parabola, first_face_is_the_earlier_of_both)
{
    srand(17);
    size_t finite = 0, behind = 0;
    for (int round = 0; round < 200000; round++) {
        double lo, hi, x = slab_start(round % 7, &lo, &hi);
        double v = round % 11 == 0 ? 0 : 4 * urand() - 2;
        double g = round % 5 == 0 ? 0 : 4 * urand() - 2;
        int skip_lo = round % 13 == 0, skip_hi = round % 17 == 0;
        double t_lo = skip_lo ? INFINITY : hsf_parabola_time_inline(x, v, g, lo, -1);
        double t_hi = skip_hi ? INFINITY : hsf_parabola_time_inline(x, v, g, hi, 1);
        double want = t_lo, got;
        int want_dir = t_lo < INFINITY ? -1 : 0, dir = 0;
        if (t_hi < want)
            want = t_hi, want_dir = 1;
        got = hsf_parabola_first_face(x, v, g, lo, hi, skip_lo, skip_hi, &dir);
        cr_assert(memcmp(&got, &want, sizeof got) == 0 && dir == want_dir,
                  "round %d: x %a v %a g %a in [%a, %a]: %a face %d, both solved %a face %d",
                  round, x, v, g, lo, hi, got, dir, want, want_dir);
        if (got < INFINITY) {
            double at = x + v * got + 0.5 * g * got * got, face = dir > 0 ? hi : lo;
            cr_assert(fabs(at - face) <= 1e-9 * (1 + fabs(v) * got + fabs(g) * got * got),
                      "round %d: at %.17g, face %.17g", round, at, face);
            finite++;
            behind += dir * (v != 0 ? v : g) < 0;
        }
    }
    cr_assert_gt(finite, 100000, "only %zu parabolas reach a face", finite);
    cr_assert_gt(behind, 10000, "only %zu reach the face behind them: too easy", behind);
}

/* hsf_parabola_face_ahead (the field's cell exit without branches on the
 * direction) answers only in its common case, and then with
 * hsf_parabola_first_face's bits and face: on the same random slabs,
 * starts and fields as above, where it declines the case is one it does
 * not cover (on or past a face, at rest, heading for a skipped face or
 * turning back before the face ahead), and it answers a quarter or more. */
Test(parabola, face_ahead_is_first_face_where_it_answers)
{
    srand(23);
    size_t answered = 0;
    for (int round = 0; round < 200000; round++) {
        double lo, hi, x = slab_start(round % 9, &lo, &hi);
        double v = round % 11 == 0 ? 0 : 4 * urand() - 2;
        double g = (round % 2 ? 1 : -1) * (round % 5 == 0 ? 1e-3 : 20) * (1 + fabs(urand()));
        int skip_lo = round % 13 == 0, skip_hi = round % 17 == 0;
        int want_dir = 0, dir = 5;
        double want = hsf_parabola_first_face(x, v, g, lo, hi, skip_lo, skip_hi, &want_dir);
        double got = -5;
        if (hsf_parabola_face_ahead(x, v, g, lo, hi, skip_lo, skip_hi, &got, &dir) == 0) {
            cr_assert(memcmp(&got, &want, sizeof got) == 0 && dir == want_dir,
                      "round %d: x %a v %a g %a in [%a, %a]: %a face %d, first face %a "
                      "face %d", round, x, v, g, lo, hi, got, dir, want, want_dir);
            answered++;
            continue;
        }
        cr_assert(got == -5 && dir == 5, "round %d: declined but wrote", round);
        int up = v > 0;
        double face = up ? hi : lo;
        cr_assert(!(x > lo && x < hi) || v == 0 || (up ? skip_hi : skip_lo) ||
                      v * v - 2 * g * (x - face) < 0,
                  "round %d: x %a v %a g %a in [%a, %a] declined", round, x, v, g, lo, hi);
    }
    cr_assert_gt(answered, 50000, "only %zu answered", answered);
}

/* The four-lane gather of the hard-sphere path (event/gather4.h) writes
 * into the batch what the scalar gather of predict.c writes, bit for bit:
 * r_j brought to now, seen through its image's shift, v_i - v_j and the
 * sum of radii, in the base build and in the AVX2 build alike. */
static void gather_one_by_one(hsf_pair_batch *pb, uint32_t q, const hsf_motion *m,
                              const uint32_t *js, const uint8_t *codes,
                              const double (*shift)[3], double now, const double ri[3],
                              const double vi[3], double radius_i)
{
    for (uint32_t k = 0; k < 4; k++) {
        const hsf_motion *mj = &m[js[k]];
        const double *sh = shift[codes[k]];
        double dt_j = now - mj->t;
        pb->j[q + k] = js[k];
        for (int a = 0; a < 3; a++) {
            pb->dr[a][q + k] = ri[a] - (mj->r[a] + mj->v[a] * dt_j + sh[a]);
            pb->dv[a][q + k] = vi[a] - mj->v[a];
        }
        pb->sigma[q + k] = radius_i + mj->radius;
    }
}

typedef void gather_fn(hsf_pair_batch *pb, uint32_t q, const hsf_motion *m, const uint32_t *js,
                       const uint8_t *codes, const double (*shift)[3], double now,
                       const double ri[3], const double vi[3], double radius_i);

static __attribute__((noinline)) void gather_four_base(hsf_pair_batch *pb, uint32_t q,
                                                       const hsf_motion *m, const uint32_t *js,
                                                       const uint8_t *codes,
                                                       const double (*shift)[3], double now,
                                                       const double ri[3], const double vi[3],
                                                       double radius_i)
{
    hsf_gather_list4(pb, q, m, js, codes, shift, now, ri, vi, radius_i);
}

#if defined(HSF_HAVE_TARGET_CLONES) && !defined(__AVX2__)
static __attribute__((noinline, target("avx2"))) void
gather_four_avx2(hsf_pair_batch *pb, uint32_t q, const hsf_motion *m, const uint32_t *js,
                 const uint8_t *codes, const double (*shift)[3], double now, const double ri[3],
                 const double vi[3], double radius_i)
{
    hsf_gather_list4(pb, q, m, js, codes, shift, now, ri, vi, radius_i);
}
#endif

static void check_gather_four(gather_fn *four, const char *build)
{
    enum { RECORDS = 97 };
    void *mem = NULL;     /* 64-byte aligned, as the library's records */
    cr_assert_eq(posix_memalign(&mem, 64, RECORDS * sizeof(hsf_motion)), 0);
    hsf_motion *m = mem;
    double shift[64][3];
    const double len[3] = { 11.3, 9.7, 13.1 };
    for (int k = 0; k < 64; k++)
        hsf_image_shift((uint8_t)k, len, shift[k]);
    srand(17);
    for (int round = 0; round < 2000; round++) {
        double now = 100 * fabs(urand());
        for (int r = 0; r < RECORDS; r++) {
            for (int a = 0; a < 3; a++) {
                m[r].r[a] = 10 * urand();
                m[r].v[a] = 3 * urand();
            }
            m[r].t = now - fabs(urand());
            m[r].radius = 0.3 + 0.4 * fabs(urand());
        }
        const double ri[3] = { 10 * urand(), 10 * urand(), 10 * urand() };
        const double vi[3] = { 3 * urand(), 3 * urand(), 3 * urand() };
        uint32_t js[4];
        uint8_t codes[4];
        for (int k = 0; k < 4; k++) {
            js[k] = (uint32_t)(rand() % RECORDS);
            codes[k] = (uint8_t)(round % 3 == 0 ? 0 : rand() % 64);
        }
        uint32_t q = 4 * (uint32_t)(round % (HSF_PAIR_BATCH / 4));
        hsf_pair_batch want, got;
        memset(&want, 0, sizeof want);
        memset(&got, 0, sizeof got);
        gather_one_by_one(&want, q, m, js, codes, (const double (*)[3])shift, now, ri, vi, 0.5);
        four(&got, q, m, js, codes, (const double (*)[3])shift, now, ri, vi, 0.5);
        cr_assert(memcmp(&want, &got, sizeof want) == 0,
                  "round %d, %s build: the four-lane gather differs from the scalar one", round,
                  build);
    }
    free(m);
}

Test(gather4, four_lanes_write_the_scalar_gathers_bits)
{
    check_gather_four(gather_four_base, "base");
#if defined(HSF_HAVE_TARGET_CLONES) && !defined(__AVX2__)
    __builtin_cpu_init();
    if (__builtin_cpu_supports("avx2"))
        check_gather_four(gather_four_avx2, "AVX2");
#endif
}
