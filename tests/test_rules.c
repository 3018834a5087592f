/* Stepped potentials, restitution and bonds against analytic cases:
 * crossing times, energy and momentum at each kind of event, and the
 * table of captured pairs. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include <criterion/criterion.h>

#include "host/error_private.h"
#include "model/growing_times.h"
#include "model/pair_states.h"
#include "model/rules.h"
#include "model/shell_times.h"

#define EPS 1e-15

/* Kinetic energy and momentum of a pair. */
static double kinetic(const double vi[3], const double vj[3], double mi, double mj)
{
    double k = 0;
    for (int a = 0; a < 3; a++)
        k += 0.5 * (mi * vi[a] * vi[a] + mj * vj[a] * vj[a]);
    return k;
}

static void momentum(const double vi[3], const double vj[3], double mi, double mj, double p[3])
{
    for (int a = 0; a < 3; a++)
        p[a] = mi * vi[a] + mj * vj[a];
}

static hsf_rule well(double depth, double range)
{
    hsf_pair_rule r = { .core = 1, .restitution = 1, .steps = 1, .step_at = { range },
                        .step_energy = { -depth } };
    hsf_rule out;
    cr_assert_null(hsf_rule_compile(&r, &out));
    return out;
}

Test(rule, compile_checks_what_plugins_answer)
{
    hsf_rule out;
    hsf_pair_rule bad_core = { .core = 0, .restitution = 1 };
    hsf_pair_rule bad_e = { .core = 1, .restitution = 1.5 };
    hsf_pair_rule inside = { .core = 1, .restitution = 1, .steps = 1, .step_at = { 0.9 } };
    hsf_pair_rule rising = { .core = 1, .restitution = 1, .steps = 2, .step_at = { 1.2, 1.5 } };
    hsf_pair_rule nan_energy = { .core = 1, .restitution = 1, .steps = 1, .step_at = { 1.5 },
                                 .step_energy = { NAN } };
    cr_assert_not_null(hsf_rule_compile(&bad_core, &out));
    cr_assert_not_null(hsf_rule_compile(&bad_e, &out));
    cr_assert_not_null(hsf_rule_compile(&inside, &out));
    cr_assert_not_null(hsf_rule_compile(&rising, &out));
    cr_assert_not_null(hsf_rule_compile(&nan_energy, &out));
    hsf_pair_rule stairs = { .core = 1, .restitution = 1, .steps = 2, .step_at = { 2, 1.5 },
                             .step_energy = { -1, 0.25 } };
    cr_assert_null(hsf_rule_compile(&stairs, &out));
    cr_assert_eq(out.energy[0], 0);
    cr_assert_eq(out.energy[1], -1);
    cr_assert_eq(out.energy[2], -0.75);
    cr_assert_eq(out.reach, 2);
    cr_assert_eq(hsf_rule_shell(&out, 1, 2.5), 0);
    cr_assert_eq(hsf_rule_shell(&out, 1, 1.7), 1);
    cr_assert_eq(hsf_rule_shell(&out, 1, 1.2), 2);
}

Test(rule, crossing_times_are_analytic)
{
    hsf_rule r = well(1, 1.5);
    double inner, outer;
    /* Outside the well (shell 0), head on at closing speed 2 from 4:
     * the well's edge (1.5) after 1.25. */
    hsf_rule_bounds(&r, 1, 0, &inner, &outer);
    cr_assert_eq(inner, 1.5);
    cr_assert(isinf(outer));
    double dr[3] = { 4, 0, 0 }, dv[3] = { -2, 0, 0 };
    cr_assert_float_eq(hsf_shell_event_time(dr, dv, inner, outer, 0, INFINITY), 1.25, EPS);
    /* Inside the well (shell 1) at 1.2: approaching, the core (1) after
     * 0.1; receding, the edge after 0.15. */
    hsf_rule_bounds(&r, 1, 1, &inner, &outer);
    cr_assert_eq(inner, 1);
    cr_assert_eq(outer, 1.5);
    double in[3] = { 1.2, 0, 0 }, closing[3] = { -2, 0, 0 }, opening[3] = { 2, 0, 0 };
    cr_assert_float_eq(hsf_shell_event_time(in, closing, inner, outer, 0, INFINITY), 0.1, EPS);
    cr_assert_float_eq(hsf_shell_event_time(in, opening, inner, outer, 0, INFINITY), 0.15, EPS);
    /* Passing by inside the well, impact parameter 1.2 (misses the
     * core): leaves where x^2 + 1.2^2 = 1.5^2, x = 0.9, from x = 0. */
    double side[3] = { 0, 1.2, 0 }, along[3] = { 1, 0, 0 };
    cr_assert_float_eq(hsf_shell_event_time(side, along, inner, outer, 0, INFINITY), 0.9, EPS);
    /* Past the edge by round-off and moving out: now. */
    double past[3] = { 1.5 * (1 + 1e-16), 0, 0 };
    cr_assert_eq(hsf_leave_time(past, opening, 1.5, 0), 0);
    cr_assert(isinf(hsf_leave_time(past, (double[3]){ 0, 0, 0 }, 1.5, 0)));
    /* Moving apart slower than their velocities resolve: as one, never. */
    cr_assert(isinf(hsf_leave_time(past, (double[3]){ 1e-17, 0, 0 }, 1.5, 1e-14)));
}

/* A full batch of pairs at random separations (within 2 in each of dim
 * axes, the rest 0) and relative velocities (within 1), cores 0.5 to 1.5. */
static hsf_pair_batch random_batch(int dim)
{
    hsf_pair_batch pb = { .n = HSF_PAIR_BATCH };
    for (uint32_t k = 0; k < pb.n; k++) {
        for (int a = 0; a < dim; a++) {
            pb.dr[a][k] = 4 * (rand() / (double)RAND_MAX - 0.5);
            pb.dv[a][k] = 2 * (rand() / (double)RAND_MAX - 0.5);
        }
        pb.sigma[k] = 0.5 + rand() / (double)RAND_MAX;
    }
    return pb;
}

/* Growing cores in batches (model/growing_times.h) against the scalar
 * solver, pair by pair, to the bit; and each time found against the
 * contact condition |dr + dv t| = contact + growth t itself. */
Test(rule, growing_batch_gives_the_scalar_times)
{
    srand(7);
    double scale = 1.17, rate = 0.0117;
    int met = 0, never = 0;
    for (int round = 0; round < 200; round++) {
        hsf_pair_batch pb = random_batch(3);
        /* Slower than the growth, parting: the growth catches up (A < 0,
         * B > 0); and at rest. */
        pb.dr[0][0] = 3, pb.dr[1][0] = pb.dr[2][0] = 0;
        pb.dv[0][0] = 1e-3, pb.dv[1][0] = pb.dv[2][0] = 0;
        for (int a = 0; a < 3; a++)
            pb.dv[a][1] = 0;
        double t[HSF_PAIR_BATCH];
        int touching = hsf_growing_pair_times(&pb, scale, rate, t, 3);
        for (uint32_t k = 0; k < pb.n; k++) {
            double dr[3] = { pb.dr[0][k], pb.dr[1][k], pb.dr[2][k] };
            double dv[3] = { pb.dv[0][k], pb.dv[1][k], pb.dv[2][k] };
            double contact = pb.sigma[k] * scale, growth = pb.sigma[k] * rate;
            double c = dr[0] * dr[0] + dr[1] * dr[1] + dr[2] * dr[2] - contact * contact;
            double b = dr[0] * dv[0] + dr[1] * dv[1] + dr[2] * dv[2] - contact * growth;
            if (c <= 0 && b < 0) {          /* touching and closing: left to the caller */
                cr_assert(touching);
                cr_assert_eq(t[k], 0);
                continue;
            }
            double scalar = hsf_growing_pair_time(dr, dv, contact, growth, 0, INFINITY);
            cr_assert(t[k] == scalar || (isinf(t[k]) && isinf(scalar)),
                      "pair %u: batch %.17g, scalar %.17g", k, t[k], scalar);
            if (isinf(t[k])) {
                never++;
                continue;
            }
            met++;
            double at[3];
            for (int a = 0; a < 3; a++)
                at[a] = dr[a] + dv[a] * t[k];
            double gap = sqrt(at[0] * at[0] + at[1] * at[1] + at[2] * at[2]) -
                         (contact + growth * t[k]);
            cr_assert(fabs(gap) <= 1e-9 * (contact + growth * t[k]), "pair %u: gap %g", k, gap);
        }
        /* The slow parting pair meets when 3 + 1e-3 t = contact + growth t. */
        double contact = pb.sigma[0] * scale, growth = pb.sigma[0] * rate;
        cr_assert_float_eq(t[0], (3 - contact) / (growth - 1e-3), 1e-9 * t[0]);
    }
    cr_assert(met > 1000 && never > 1000, "met %d, never %d", met, never);
}

/* In 2D (z components zero) the batch without z gives the same times. */
Test(rule, growing_batch_in_2d_is_the_3d_batch)
{
    srand(11);
    for (int round = 0; round < 100; round++) {
        hsf_pair_batch pb = random_batch(2);
        double t2[HSF_PAIR_BATCH], t3[HSF_PAIR_BATCH];
        int touch2 = hsf_growing_pair_times(&pb, 1.1, 0.011, t2, 2);
        int touch3 = hsf_growing_pair_times(&pb, 1.1, 0.011, t3, 3);
        cr_assert_eq(touch2, touch3);
        for (uint32_t k = 0; k < pb.n; k++)
            cr_assert(t2[k] == t3[k] || (isinf(t2[k]) && isinf(t3[k])), "pair %u: %.17g, %.17g",
                      k, t2[k], t3[k]);
    }
}

/* A touching pair that closes is flagged; one that parts is not. */
Test(rule, growing_batch_flags_touching_pairs)
{
    hsf_pair_batch pb = { .n = 2 };
    pb.dr[0][0] = pb.dr[0][1] = 1 - 1e-12;
    pb.dv[0][0] = -1, pb.dv[0][1] = 1;
    pb.sigma[0] = pb.sigma[1] = 1;
    double t[HSF_PAIR_BATCH];
    cr_assert(hsf_growing_pair_times(&pb, 1, 0.01, t, 3));
    cr_assert_eq(t[0], 0);
    cr_assert(isinf(t[1]));     /* parting faster than it grows */
    pb.n = 1;
    pb.dv[0][0] = 1;
    cr_assert_not(hsf_growing_pair_times(&pb, 1, 0.01, t, 3));
}

/* A number in [lo, hi) from a fixed sequence (xorshift). */
static double draw(uint64_t *state, double lo, double hi)
{
    *state ^= *state << 13;
    *state ^= *state >> 7;
    *state ^= *state << 17;
    return lo + (hi - lo) * (double)(*state >> 11) / 9007199254740992.0;
}

/* The batch (shell_times.h) against hsf_shell_event_time, pair by pair:
 * the same time to the bit, or a pair left to hsf_shell_event_time.
 * Pairs inside a well of 1.5, some of them on its edge or the core, some
 * moving as one, some slower than their velocities resolve; the limit
 * lowered between the batch and the comparison, as the engine's best
 * falls while it reads the times. */
Test(rule, shell_times_in_a_batch_are_hsf_shell_event_time)
{
    uint64_t state = 88172645463325252ull;
    unsigned solved = 0, special = 0;
    for (int round = 0; round < 2000; round++) {
        hsf_shell_batch sb = { .n = HSF_PAIR_BATCH };
        double vi[3] = { draw(&state, -2, 2), draw(&state, -2, 2), draw(&state, -2, 2) };
        double vj[HSF_PAIR_BATCH][3];
        for (uint32_t k = 0; k < sb.n; k++) {
            double d = draw(&state, 1, 1.5), dir[3], len = 0;
            int kind = (int)draw(&state, 0, 24);
            d = kind == 0 ? 1 : kind == 1 ? 1.5 : kind == 2 ? 1.5 * (1 + 1e-15) : d;
            for (int a = 0; a < 3; a++) {
                dir[a] = draw(&state, -1, 1);
                len += dir[a] * dir[a];
            }
            for (int a = 0; a < 3; a++) {
                sb.dr[a][k] = d * dir[a] / sqrt(len);
                vj[k][a] = kind == 3 ? vi[a] : kind == 4 ? vi[a] * (1 + 1e-17 * a)
                                                         : draw(&state, -2, 2);
                sb.dv[a][k] = vi[a] - vj[k][a];
            }
            sb.inner[k] = 1;
            sb.outer[k] = kind == 5 ? INFINITY : 1.5;
        }
        double limit = draw(&state, 0.01, 2), later = limit * draw(&state, 0.2, 1);
        hsf_shell_times(&sb, limit, hsf_dot(vi, vi));
        for (uint32_t k = 0; k < sb.n; k++) {
            double dr[3] = { sb.dr[0][k], sb.dr[1][k], sb.dr[2][k] };
            double dv[3] = { sb.dv[0][k], sb.dv[1][k], sb.dv[2][k] };
            for (int pass = 0; pass < 2; pass++) {
                double at = pass ? later : limit;
                double want = hsf_shell_event_time(dr, dv, sb.inner[k], sb.outer[k],
                                                   hsf_speed_resolution(vi, vj[k]), at);
                if (sb.exact[k] != 0) {
                    special++;
                    continue;
                }
                double got = hsf_shell_time_within(&sb, k, at);
                solved++;
                cr_assert(got == want || (isinf(got) && isinf(want)),
                          "pair %u: batch %.17g, hsf_shell_event_time %.17g", k, got, want);
            }
        }
    }
    /* Both ways taken, the batch's far more often. */
    cr_assert_gt(special, 1000);
    cr_assert_gt(solved, 2 * special);
}

/* The shell told by the distance, or not told within 1e-9 of a step. */
Test(rule, shell_bounds_by_distance)
{
    hsf_pair_rule stairs = { .core = 1, .restitution = 1, .steps = 2, .step_at = { 2, 1.5 },
                             .step_energy = { -1, 0.25 } };
    hsf_rule r;
    cr_assert_null(hsf_rule_compile(&stairs, &r));
    double inner, outer, sigma = 0.5;
    cr_assert(hsf_shell_bounds_by_distance(&r, sigma, 0.9 * 0.9, &inner, &outer));
    cr_assert(inner == 0.75 && outer == 1);
    cr_assert(hsf_shell_bounds_by_distance(&r, sigma, 0.6 * 0.6, &inner, &outer));
    cr_assert(inner == 0.5 && outer == 0.75);
    cr_assert(hsf_shell_bounds_by_distance(&r, sigma, 1.2 * 1.2, &inner, &outer));
    cr_assert(inner == 1 && isinf(outer));
    for (double f = -5e-10; f <= 5e-10; f += 1e-10) {
        cr_assert_not(hsf_shell_bounds_by_distance(&r, sigma, (1 + f) * (1 + f), &inner,
                                                   &outer));
        cr_assert_not(hsf_shell_bounds_by_distance(&r, sigma, 0.75 * 0.75 * (1 + f) * (1 + f),
                                                   &inner, &outer));
    }
}

/* One event of a pair of masses 1 and 3 meeting head on along x at
 * distance d with the given velocities: returns the effect, checks
 * momentum to round-off and energy against the potential change and the
 * dissipation. */
static hsf_pair_effect event(double d, double vx_i, double vx_j, double inner, double outer,
                             double e, double enter, double leave, double vi[3], double vj[3])
{
    double mi = 1, mj = 3, dr[3] = { d, 0.3, 0 };
    double scale = d / sqrt(d * d + 0.09);
    dr[0] *= scale, dr[1] *= scale;       /* |dr| = d, oblique */
    vi[0] = vx_i, vi[1] = 0.7, vi[2] = 0;
    vj[0] = vx_j, vj[1] = -0.2, vj[2] = 0;
    double p0[3], p1[3], k0 = kinetic(vi, vj, mi, mj);
    momentum(vi, vj, mi, mj, p0);
    hsf_pair_effect fx;
    hsf_pair_event(dr, vi, vj, mi, mj, inner, outer, 1, 0, e, enter, leave, &fx);
    momentum(vi, vj, mi, mj, p1);
    for (int a = 0; a < 3; a++)
        cr_assert_float_eq(p1[a], p0[a], 4 * EPS * (1 + fabs(p0[a])));
    double k1 = kinetic(vi, vj, mi, mj);
    cr_assert_float_eq(k1 + fx.potential + fx.dissipated, k0, 8 * EPS * k0);
    return fx;
}

Test(rule, capture_escape_and_bounce_conserve_energy)
{
    double vi[3], vj[3];
    /* Entering a well of depth 1 at its edge: always, gaining 1. */
    hsf_pair_effect fx = event(1.5, -0.1, 0.1, 1.5, INFINITY, 1, -1, 0, vi, vj);
    cr_assert_eq(fx.outcome, HSF_OUTCOME_ENTER);
    cr_assert_eq(fx.potential, -1);
    cr_assert_lt(fx.virial, 0);         /* pulled together */
    /* Leaving it slowly (normal kinetic energy 0.5 mu vn^2 < 1): bounce. */
    fx = event(1.5, 0.5, -0.5, 1, 1.5, 1, 0, 1, vi, vj);
    cr_assert_eq(fx.outcome, HSF_OUTCOME_BOUNCE);
    cr_assert_eq(fx.potential, 0);
    /* Leaving it fast: escape, paying 1. */
    fx = event(1.5, 2, -2, 1, 1.5, 1, 0, 1, vi, vj);
    cr_assert_eq(fx.outcome, HSF_OUTCOME_LEAVE);
    cr_assert_eq(fx.potential, 1);
    /* A shoulder of height 2 met slowly: bounce; fast: climbed. */
    fx = event(1.5, -0.5, 0.5, 1.5, INFINITY, 1, 2, 0, vi, vj);
    cr_assert_eq(fx.outcome, HSF_OUTCOME_BOUNCE);
    fx = event(1.5, -3, 3, 1.5, INFINITY, 1, 2, 0, vi, vj);
    cr_assert_eq(fx.outcome, HSF_OUTCOME_ENTER);
    cr_assert_eq(fx.potential, 2);
    /* A bond's length is never passed. */
    fx = event(1.5, 50, -50, 1, 1.5, 1, 0, INFINITY, vi, vj);
    cr_assert_eq(fx.outcome, HSF_OUTCOME_BOUNCE);
    /* Grazes change nothing. */
    fx = event(1.5, 0.1, -0.1, 1.5, INFINITY, 1, -1, 0, vi, vj);
    cr_assert_eq(fx.outcome, HSF_OUTCOME_NONE);
}

Test(rule, restitution_loses_one_minus_e_squared_of_the_normal_energy)
{
    for (double e = 0.1; e <= 1.0; e += 0.3) {
        double vi[3], vj[3];
        double mi = 1, mj = 3, mu = mi * mj / (mi + mj);
        hsf_pair_effect fx = event(1, -1.5, 0.5, 1, INFINITY, e, 0, 0, vi, vj);
        cr_assert_eq(fx.outcome, HSF_OUTCOME_CORE);
        /* The normal relative velocity before, along the oblique dr. */
        double n[3] = { 1 / sqrt(1 + 0.09), 0.3 / sqrt(1 + 0.09), 0 };
        double vn = (-1.5 - 0.5) * n[0] + (0.7 + 0.2) * n[1];
        cr_assert_float_eq(fx.dissipated, (1 - e * e) * 0.5 * mu * vn * vn, 4 * EPS);
        double after = (vi[0] - vj[0]) * n[0] + (vi[1] - vj[1]) * n[1];
        cr_assert_float_eq(after, -e * vn, 8 * EPS);
    }
}

static double urand(void)
{
    return (double)rand() / RAND_MAX * 2 - 1;
}

/* A unit vector at random (in the plane in 2D) times sigma, plus some
 * ulps of a position's rounding, as a pair's separation at contact. */
static void contact(double sigma, int dim, double dr[3])
{
    double u[3], len;
    do {
        u[0] = urand(), u[1] = urand(), u[2] = dim == 3 ? urand() : 0;
        len = sqrt(u[0] * u[0] + u[1] * u[1] + u[2] * u[2]);
    } while (!(len > 0.1 && len < 1));
    for (int a = 0; a < 3; a++)
        dr[a] = sigma * u[a] / len + (a < dim) * 4e-16 * urand();
}

/* An elastic core bounce of i (mass 1) on j (mass mj, INFINITY: fixed). */
static void core_bounce(const double dr[3], double vi[3], double vj[3], double mj,
                        hsf_pair_effect *fx)
{
    double d = sqrt(dr[0] * dr[0] + dr[1] * dr[1] + dr[2] * dr[2]);
    hsf_pair_event(dr, vi, vj, 1, mj, d, INFINITY, d, 0, 1, 0, 0, fx);
}

Test(rule, a_bounce_on_a_fixed_partner_is_the_mirror_image)
{
    /* dr along (0.6, 0.8), |dr| = 2: v = (-1, 0) leaves as
     * v - 2 (v . n) n = (-0.28, 0.96), the fixed partner stays at +0. */
    double dr[3] = { 1.2, 1.6, 0 }, vi[3] = { -1, 0, 0 }, vj[3] = { 0, 0, 0 };
    hsf_pair_effect fx;
    core_bounce(dr, vi, vj, INFINITY, &fx);
    cr_assert_eq(fx.outcome, HSF_OUTCOME_CORE);
    cr_assert_float_eq(vi[0], -0.28, 2 * EPS);
    cr_assert_float_eq(vi[1], 0.96, 2 * EPS);
    cr_assert(vj[0] == 0 && !signbit(vj[0]) && vj[1] == 0 && !signbit(vj[1]) && vj[2] == 0);
    /* Impulse 2 m |v . n| = 1.2 along dr, virial J . dr = 2.4. */
    cr_assert_float_eq(fx.impulse, 1.2, 4 * EPS);
    cr_assert_float_eq(fx.virial, 2.4, 4 * EPS);
    /* Head on: exactly back. */
    double head[3] = { 1, 0, 0 }, v[3] = { -0.7, 0, 0 }, w[3] = { 0, 0, 0 };
    core_bounce(head, v, w, INFINITY, &fx);
    cr_assert(v[0] == 0.7 && v[1] == 0 && v[2] == 0);
}

Test(rule, swapping_the_pair_mirrors_the_event_to_the_bit)
{
    srand(13);
    for (int trial = 0; trial < 10000; trial++) {
        double dr[3], vi[3], vj[3], ui[3], uj[3], mi = 0.1 + 10 * fabs(urand());
        double mj = trial % 3 ? 0.1 + 10 * fabs(urand()) : INFINITY;
        contact(1, 3, dr);
        for (int a = 0; a < 3; a++)
            vi[a] = urand(), vj[a] = isinf(mj) ? 0 : urand();
        double back[3] = { -dr[0], -dr[1], -dr[2] }, d = sqrt(dr[0] * dr[0] + dr[1] * dr[1] + dr[2] * dr[2]);
        memcpy(ui, vi, sizeof ui);
        memcpy(uj, vj, sizeof uj);
        hsf_pair_effect f1, f2;
        double e = trial % 2 ? 1 : 0.8;
        hsf_pair_event(dr, vi, vj, mi, mj, d, INFINITY, d, 0, e, 0, 0, &f1);
        hsf_pair_event(back, uj, ui, mj, mi, d, INFINITY, d, 0, e, 0, 0, &f2);
        cr_assert(f1.outcome == f2.outcome && f1.impulse == f2.impulse && f1.virial == f2.virial,
                  "trial %d: the swapped pair's effect differs", trial);
        cr_assert(memcmp(vi, ui, sizeof vi) == 0 && memcmp(vj, uj, sizeof vj) == 0,
                  "trial %d: the swapped pair's velocities differ", trial);
    }
}

/* The mean relative change of the kinetic energy over n elastic core
 * bounces at |dr| close to sigma, of equal masses or on a fixed partner,
 * in long double: none but the noise of the average (about 1e-16 /
 * sqrt(n)), also where dr . dr straddles a power of 2 (sigma = 1), as the
 * rate (dv . dr) / (dr . dr) and the update are compensated (a rounded unit
 * normal: -5.6e-17 at 0.6, +9.4e-17 at 1). */
static long double mean_energy_change(double sigma, int dim, double mj, int n)
{
    long double sum = 0;
    for (int k = 0; k < n; k++) {
        double dr[3], vi[3], vj[3];
        contact(sigma, dim, dr);
        for (int a = 0; a < 3; a++) {
            vi[a] = a < dim ? urand() : 0;
            vj[a] = a < dim && !isinf(mj) ? urand() : 0;
        }
        if ((vi[0] - vj[0]) * dr[0] + (vi[1] - vj[1]) * dr[1] + (vi[2] - vj[2]) * dr[2] >= 0)
            for (int a = 0; a < 3; a++)
                vi[a] = -vi[a], vj[a] = -vj[a];
        long double e0 = 0, e1 = 0, wj = isinf(mj) ? 0 : mj;
        for (int a = 0; a < 3; a++)
            e0 += (long double)vi[a] * vi[a] + wj * vj[a] * vj[a];
        hsf_pair_effect fx;
        core_bounce(dr, vi, vj, mj, &fx);
        for (int a = 0; a < 3; a++)
            e1 += (long double)vi[a] * vi[a] + wj * vj[a] * vj[a];
        sum += (e1 - e0) / e0;
    }
    return sum / n;
}

Test(rule, core_bounces_change_the_energy_without_a_mean)
{
    srand(5);
    for (int dim = 2; dim <= 3; dim++)
        for (int s = 0; s < 2; s++)
            for (int fixed = 0; fixed < 2; fixed++) {
                double sigma = s ? 1 : 0.6;
                long double mean = mean_energy_change(sigma, dim, fixed ? INFINITY : 1, 500000);
                cr_assert_lt(fabsl(mean), 1.5e-18L, "%dD, sigma %g, %s partner: mean relative "
                             "energy change %Lg a bounce", dim, sigma, fixed ? "fixed" : "equal",
                             mean);
            }
}

/* A tracer bouncing 3e5 times off fixed partners, touching at random
 * points (sigma 1, where a rounded unit normal drifted by 9.4e-17 a
 * bounce): its speed stays to 1e-13 (what is left is the random walk of
 * storing its velocity, some 3e-14). */
Test(rule, a_tracer_among_fixed_partners_keeps_its_speed)
{
    srand(17);
    for (int dim = 2; dim <= 3; dim++) {
        double v[3] = { 0.6, 0.8, 0 };
        if (dim == 3)
            v[0] = 0.48, v[1] = 0.64, v[2] = 0.6;
        double speed0 = sqrt(v[0] * v[0] + v[1] * v[1] + v[2] * v[2]);
        for (int k = 0; k < 300000; k++) {
            double dr[3], rest[3] = { 0, 0, 0 };
            contact(1, dim, dr);
            if (v[0] * dr[0] + v[1] * dr[1] + v[2] * dr[2] >= 0)
                for (int a = 0; a < 3; a++)
                    dr[a] = -dr[a];         /* a partner ahead of it */
            hsf_pair_effect fx;
            core_bounce(dr, v, rest, INFINITY, &fx);
        }
        double speed = sqrt(v[0] * v[0] + v[1] * v[1] + v[2] * v[2]);
        cr_assert_lt(fabs(speed / speed0 - 1), 1e-13, "%dD: speed %.17g after 3e5 bounces, "
                     "%.17g before", dim, speed, speed0);
    }
}

Test(pair_states, set_get_forget_many)
{
    hsf_pair_states ps = { 0 };
    hsf_error err;
    enum { N = 3000 };
    for (uint32_t i = 0; i < N; i++)
        cr_assert_eq(hsf_pair_state_set(&ps, i, (i * 7919u) % N + N, 1 + i % 5, &err), 0);
    cr_assert_eq(hsf_pair_states_count(&ps), N);
    for (uint32_t i = 0; i < N; i++) {
        cr_assert_eq(hsf_pair_state_get(&ps, (i * 7919u) % N + N, i), 1 + i % 5);
        cr_assert_eq(hsf_pair_state_get(&ps, i, i + 2 * N), 0);
    }
    for (uint32_t i = 0; i < N; i += 2)      /* forget every other one */
        cr_assert_eq(hsf_pair_state_set(&ps, i, (i * 7919u) % N + N, 0, &err), 0);
    cr_assert_eq(hsf_pair_states_count(&ps), N / 2);
    for (uint32_t i = 0; i < N; i++)
        cr_assert_eq(hsf_pair_state_get(&ps, i, (i * 7919u) % N + N), i % 2 ? 1 + i % 5 : 0);
    hsf_pair_states_free(&ps);
}

/* A set is written into the table at the next one (pair_states.h): until
 * then every reader sees it, even after another pair was made the last one
 * known. */
static void collect(void *ctx, uint32_t i, uint32_t j, unsigned shell)
{
    unsigned *seen = ctx;
    seen[0]++;
    seen[1] += i * 100 + j * 10 + shell;
}

Test(pair_states, a_set_not_yet_written_is_seen_by_every_reader)
{
    hsf_pair_states ps = { 0 };
    hsf_error err;
    cr_assert_eq(hsf_pair_state_set(&ps, 2, 1, 3, &err), 0);
    cr_assert_eq(hsf_pair_state_set(&ps, 4, 5, 2, &err), 0);
    hsf_pair_state_known(&ps, 7, 8, 0);
    cr_assert_eq(hsf_pair_state_get(&ps, 5, 4), 2);
    cr_assert_eq(hsf_pair_state_get(&ps, 1, 2), 3);
    cr_assert_eq(hsf_pair_states_count(&ps), 2);
    cr_assert_eq(hsf_pair_state_set(&ps, 1, 2, 0, &err), 0);    /* forgotten, not written */
    hsf_pair_state_known(&ps, 7, 8, 0);
    cr_assert_eq(hsf_pair_state_get(&ps, 2, 1), 0);
    unsigned seen[2] = { 0, 0 };
    hsf_pair_state_each(&ps, collect, seen);
    cr_assert_eq(seen[0], 1, "%u pairs visited, 1 held", seen[0]);
    cr_assert_eq(seen[1], 4 * 100 + 5 * 10 + 2);
    cr_assert_eq(hsf_pair_states_count(&ps), 1);
    hsf_pair_states_free(&ps);
}
