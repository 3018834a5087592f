/* Elastic hard spheres in a uniform field take the hard-sphere path
 * (hsf_predict_hard_field, libcore/event/pair_law.h): the law chosen, and
 * pairs falling side by side, head-on or at an angle, in 2D and 3D,
 * meeting when their relative motion (a straight line: both fall alike)
 * says, bouncing elastically, and keeping the energy with the field's
 * potential energy. */
#include <math.h>
#include <stdio.h>

#include <criterion/criterion.h>
#include <hsframe/sim.h>

#include "event/pair_law.h"
#include "event/state.h"
#include "run/engine.h"
#include "run/sim_private.h"
#include "runlib.h"
#include "testlib.h"

static hsf_error err;

typedef struct pair_seen {
    double t;
    int pairs;
} pair_seen;

static int on_pair(hsf_sim *s, void *ctx, const hsf_event_info *ev, hsf_error *e)
{
    (void)s, (void)e;
    pair_seen *w = ctx;
    w->t = ev->time;
    w->pairs++;
    return 0;
}

static int sample(hsf_sim *s, void *ctx, hsf_error *e)
{
    (void)s, (void)ctx, (void)e;
    return 0;
}

/* Opens a run of the particle file text in a box of side 40 (in dim
 * dimensions) under gravity g, with extra lines of configuration; pair
 * events are noted in *w. */
static hsf_sim *open_falling(int dim, const char *particles, const char *g, const char *extra,
                             pair_seen *w)
{
    static char ini[1024];
    snprintf(ini, sizeof ini,
             "[simulation]\ndim = %d\nparticles = %s\nend_time = 100\n%s\n"
             "[boundary]\nplugin = box\nsize = %s\n[field]\ngravity = %s\n",
             dim, write_temp(1, dim == 2 ? "p.txt" : "p.xyz", particles), extra,
             dim == 2 ? "40 40" : "40 40 40", g);
    /* The samples stop hsf_sim_run at whole times. */
    hsf_sim_observer obs[] = {
        { .event_mask = HSF_EVENT_MASK(HSF_EVENT_PAIR), .on_event = on_pair, .ctx = w },
        { .interval = 1, .fn = sample },
    };
    hsf_sim_options opt = { .config_text = ini, .config_path = "falling.ini",
                            .observers = obs, .n_observers = 2 };
    hsf_sim *s = hsf_sim_open(&opt, &err);
    cr_assert(s, "%s", hsf_error_message(&err));
    return s;
}

/* The pair law's prediction the event engine chose. */
static void *law_of(hsf_sim *s)
{
    const hsf_event_engine *e = hsf_event_engine_of(&s->rs);
    cr_assert(e);
    return (void *)e->law.predict;
}

static const char pair2d[] = "2\n"
                             "10 30 1 0 0.5 1 0 0 0\n"
                             "20 30 -1 0 0.5 1 0 0 0\n";

Test(falling, elastic_hard_spheres_take_the_hard_sphere_path)
{
    pair_seen w = { 0 };
    hsf_sim *s = open_falling(2, pair2d, "0 -1", "", &w);
    cr_assert_eq(law_of(s), (void *)hsf_predict_hard_field);
    hsf_sim_close(s);
    s = open_falling(2, pair2d, "0 -1", "cells = no", &w);
    cr_assert_eq(law_of(s), (void *)hsf_predict_hard_field, "every pair, no cells");
    hsf_sim_close(s);
    /* Without a field: no model, the plain prediction. */
    s = open_falling(2, pair2d, "0 0", "", &w);
    cr_assert_eq(law_of(s), (void *)hsf_predict_hard);
    hsf_sim_close(s);
    /* Inelastic cores fall on the model path. */
    s = open_falling(2, pair2d, "0 -1", "[interaction]\nplugin = inelastic\nrestitution = 0.9", &w);
    cr_assert_neq(law_of(s), (void *)hsf_predict_hard_field);
    cr_assert_neq(law_of(s), (void *)hsf_predict_hard);
    hsf_sim_close(s);
}

/* Runs the two equal spheres of particles (r0, v0: their rows) to time
 * T (a whole time, before either reaches a wall), and checks the one
 * collision against the straight relative line:
 * its time, then each sphere on its parabola from the bounce (velocities
 * exchanged along the line of centres), and the energy with m g.r. */
static void check_pair(int dim, const char *particles, const char *gtext, const double g[3],
                       const double r0[2][3], const double v0[2][3], double T)
{
    pair_seen w = { 0 };
    hsf_sim *s = open_falling(dim, particles, gtext, "", &w);
    cr_assert_eq(law_of(s), (void *)hsf_predict_hard_field);
    cr_assert_eq(hsf_sim_run(s, T, 0, NULL, &err), HSF_SIM_PAUSED, "%s",
                 hsf_error_message(&err));
    cr_assert_eq(hsf_system_time(hsf_sim_system(s)), T);
    cr_assert_eq(w.pairs, 1);
    /* The relative motion r0 - r1 + (v0 - v1) t meets the contact
     * distance 1. */
    double dr[3], dv[3], a = 0, b = 0, c = -1;
    for (int k = 0; k < 3; k++) {
        dr[k] = r0[0][k] - r0[1][k];
        dv[k] = v0[0][k] - v0[1][k];
        a += dv[k] * dv[k];
        b += dr[k] * dv[k];
        c += dr[k] * dr[k];
    }
    double tc = (-b - sqrt(b * b - a * c)) / a;
    cr_assert(fabs(w.t - tc) <= 1e-13 * tc, "collision at %.17g, expected %.17g", w.t, tc);
    /* At contact: positions and velocities on the parabolas, the normal
     * components of the velocities exchanged. */
    double r[2][3], v[2][3], n[3], vn = 0;
    for (int p = 0; p < 2; p++)
        for (int k = 0; k < 3; k++) {
            r[p][k] = r0[p][k] + v0[p][k] * tc + 0.5 * g[k] * tc * tc;
            v[p][k] = v0[p][k] + g[k] * tc;
        }
    for (int k = 0; k < 3; k++) {
        n[k] = r[0][k] - r[1][k];
        vn += (v[0][k] - v[1][k]) * n[k];
    }
    hsf_sim_records rec;
    cr_assert_eq(hsf_sim_get_records(s, 1, &rec, &err), 0);
    double e0 = 0, e1 = 0;
    for (int p = 0; p < 2; p++) {
        const double *rp = (const double *)((const char *)rec.r + p * rec.motion_stride);
        const double *vp = (const double *)((const char *)rec.v + p * rec.motion_stride);
        double dt = T - tc, sign = p == 0 ? -1 : 1;
        for (int k = 0; k < 3; k++) {
            double vb = v[p][k] + sign * vn * n[k];
            double want_r = r[p][k] + vb * dt + 0.5 * g[k] * dt * dt;
            double want_v = vb + g[k] * dt;
            cr_assert(fabs(rp[k] - want_r) <= 1e-12 * (1 + fabs(want_r)),
                      "sphere %d axis %d at %.17g, expected %.17g", p, k, rp[k], want_r);
            cr_assert(fabs(vp[k] - want_v) <= 1e-12 * (1 + fabs(want_v)),
                      "sphere %d axis %d moving %.17g, expected %.17g", p, k, vp[k], want_v);
            e0 += 0.5 * v0[p][k] * v0[p][k] - g[k] * r0[p][k];
            e1 += 0.5 * vp[k] * vp[k] - g[k] * rp[k];
        }
    }
    cr_assert(fabs(e1 - e0) <= 1e-14 * fabs(e0), "energy %.17g, %.17g at the start", e1, e0);
    hsf_sim_close(s);
}

Test(falling, side_by_side_head_on_meet_at_the_analytic_time)
{
    /* Level and closing at speed 2 from 10 apart: they touch at t = 4.5,
     * both still falling (the floor is 5.5 away at t = 7.7). */
    const double g[3] = { 0, -1, 0 };
    const double r0[2][3] = { { 10, 30, 0 }, { 20, 30, 0 } };
    const double v0[2][3] = { { 1, 0, 0 }, { -1, 0, 0 } };
    check_pair(2, pair2d, "0 -1", g, r0, v0, 6);
}

Test(falling, discs_at_an_angle_meet_where_the_straight_line_says)
{
    const double g[3] = { 0, -1, 0 };
    const double r0[2][3] = { { 10, 30, 0 }, { 19, 31.5, 0 } };
    const double v0[2][3] = { { 1, 0.5, 0 }, { -1, 0.2, 0 } };
    check_pair(2, "2\n10 30 1 0.5 0.5 1 0 0 0\n19 31.5 -1 0.2 0.5 1 0 0 0\n", "0 -1", g, r0,
               v0, 6);
}

Test(falling, spheres_at_an_angle_in_3d)
{
    const double g[3] = { 0, 0, -1 };
    const double r0[2][3] = { { 10, 10, 30 }, { 19, 10.5, 31.5 } };
    const double v0[2][3] = { { 1, 0.2, 0.5 }, { -1, 0, 0.2 } };
    check_pair(3,
               "2\nLattice=\"40 0 0 0 40 0 0 0 40\" "
               "Properties=species:S:1:pos:R:3:velo:R:3:radius:R:1:mass:R:1\n"
               "A 10 10 30 1 0.2 0.5 0.5 1\n"
               "A 19 10.5 31.5 -1 0 0.2 0.5 1\n",
               "0 0 -1", g, r0, v0, 6);
}
