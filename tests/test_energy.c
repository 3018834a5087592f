/* The energy audit: the balance the summary's energy_drift reports, and
 * the terms a core collision feeds it (what it dissipates, the work of
 * growing cores), which must come from the state before the collision
 * and the growth, not from the velocities the bounce left: an error in
 * the bounce then shows in the balance instead of cancelling out. */
#include <math.h>

#include <criterion/criterion.h>

#include "model/rules.h"
#include "run/summary.h"

#define EPS 1e-15

static double kinetic(const double vi[3], const double vj[3], double mi, double mj)
{
    double k = 0;
    for (int a = 0; a < 3; a++)
        k += 0.5 * (mi * vi[a] * vi[a] + mj * vj[a] * vj[a]);
    return k;
}

/* A core collision of masses 1 and 3 at contact 1 along an oblique line,
 * closing: velocities in vi, vj (changed by the collision). */
static hsf_pair_effect core(double e, double growth, double vi[3], double vj[3])
{
    double dr[3] = { 0.8, 0.6, 0 };
    vi[0] = -1.5, vi[1] = 0.7, vi[2] = 0.1;
    vj[0] = 0.5, vj[1] = -0.2, vj[2] = -0.3;
    hsf_pair_effect fx;
    hsf_pair_event(dr, vi, vj, 1, 3, 1, INFINITY, 1, growth, e, 0, 0, &fx);
    cr_assert_eq(fx.outcome, HSF_OUTCOME_CORE);
    return fx;
}

Test(energy_balance, adds_the_terms)
{
    hsf_energy_terms t = { .kinetic = 2, .potential = -3, .dissipated = 0.5, .heat = 0.25,
                           .work = 0.125 };
    cr_assert_eq(hsf_energy_balance(&t), 2 - 3 + 0.5 - 0.25 - 0.125);
    /* Relative to the kinetic energy at the start, or to |E0| when
     * nothing moved then, 0 when both are 0. */
    cr_assert_float_eq(hsf_energy_drift(-0.875, -0.8, 2), 0.075 / 2, EPS);
    cr_assert_float_eq(hsf_energy_drift(-4, -3, 0), 0.25, EPS);
    cr_assert_eq(hsf_energy_drift(0, 1, 0), 0);
}

/* The example of a restitution (e = 0.5) applied twice to a head-on pair
 * whose normal energy is 1.5: the kinetic energy left is 1.5 e^4 while
 * the dissipation says 1.5 (1 - e^2) = 1.125 was lost. */
Test(energy_balance, sees_a_restitution_applied_twice)
{
    hsf_energy_terms before = { .kinetic = 1.5 };
    hsf_energy_terms after = { .kinetic = 1.5 * 0.0625, .dissipated = 1.125 };
    double drift = hsf_energy_drift(hsf_energy_balance(&before), hsf_energy_balance(&after),
                                    before.kinetic);
    cr_assert_float_eq(drift, (0.09375 + 1.125 - 1.5) / 1.5, EPS);
    cr_assert_lt(drift, -0.18);
}

/* A step energy with the wrong sign: falling into a well of depth 1, the
 * pair lost 1 of kinetic energy instead of gaining it. */
Test(energy_balance, sees_a_step_energy_with_the_wrong_sign)
{
    hsf_energy_terms before = { .kinetic = 3 };
    hsf_energy_terms after = { .kinetic = 2, .potential = -1 };
    cr_assert_float_eq(hsf_energy_drift(hsf_energy_balance(&before),
                                        hsf_energy_balance(&after), 3), -2.0 / 3, EPS);
}

Test(core_collision, does_no_work_when_nothing_grows)
{
    for (double e = 0.1; e <= 1.0; e += 0.15) {
        double vi[3], vj[3];
        double k0 = kinetic((double[]){ -1.5, 0.7, 0.1 }, (double[]){ 0.5, -0.2, -0.3 }, 1, 3);
        hsf_pair_effect fx = core(e, 0, vi, vj);
        cr_assert_eq(fx.work, 0, "e = %g: work %g", e, fx.work);     /* exactly */
        double k1 = kinetic(vi, vj, 1, 3);
        cr_assert_float_eq(k1 + fx.dissipated, k0, 8 * EPS * k0);
    }
}

Test(core_collision, dissipation_comes_from_the_speed_before)
{
    double vi[3], vj[3], mu = 0.75;
    /* vn = (vi - vj) . n before: (-2, 0.9, 0.4) . (0.8, 0.6, 0). */
    double vn = -2 * 0.8 + 0.9 * 0.6;
    hsf_pair_effect fx = core(0.6, 0, vi, vj);
    cr_assert_float_eq(fx.dissipated, 0.5 * mu * vn * vn * (1 - 0.36), 4 * EPS);
    hsf_pair_effect elastic = core(1, 0, vi, vj);
    cr_assert_eq(elastic.dissipated, 0);
}

/* Growing cores (compression): the pair parts faster than its surfaces,
 * and the work is the impulse times their separation speed, which is
 * what the kinetic energy gains beyond the dissipation. */
Test(core_collision, growing_cores_work_is_impulse_times_growth)
{
    double growth = 0.05;
    for (double e = 0.4; e <= 1.0; e += 0.3) {
        double vi[3], vj[3];
        double k0 = kinetic((double[]){ -1.5, 0.7, 0.1 }, (double[]){ 0.5, -0.2, -0.3 }, 1, 3);
        hsf_pair_effect fx = core(e, growth, vi, vj);
        cr_assert_float_eq(fx.work, fx.impulse * growth, 4 * EPS);
        cr_assert_gt(fx.work, 0);
        double k1 = kinetic(vi, vj, 1, 3);
        cr_assert_float_eq(k1 - k0, fx.work - fx.dissipated, 16 * EPS * k0,
                           "e = %g: gained %.17g, work - dissipated %.17g", e, k1 - k0,
                           fx.work - fx.dissipated);
        /* The surfaces part at e times the speed they closed at. */
        double n[3] = { 0.8, 0.6, 0 }, vn = 0, vn0 = -2 * 0.8 + 0.9 * 0.6;
        for (int a = 0; a < 3; a++)
            vn += (vi[a] - vj[a]) * n[a];
        cr_assert_float_eq(vn - growth, -e * (vn0 - growth), 8 * EPS);
    }
}
