/* The force plugins, loaded through the plugin ABI: each force is minus
 * the gradient of the potential energy it reports (central differences),
 * forces between pairs cancel (Newton's third law), and the values of
 * simple configurations worked out by hand. */
#include <math.h>
#include <stdlib.h>

#include <criterion/criterion.h>

#include <hsframe/force.h>

#include "shared/system_private.h"
#include "host/config_private.h"
#include "host/error_private.h"
#include "host/plugin_loader.h"
#include "testlib.h"

#define N 5

static hsf_plugin_path pp;
static hsf_plugin plugin;
static hsf_config_file cf;
static hsf_config cfg;
static hsf_error err;
static const hsf_force_type *force;
static void *state;
static hsf_system sys;
static hsf_motion motion[N];
static hsf_body body[N];
static hsf_bond bonds[N];

/* A 2D system of n particles of the given masses in a box of side 10,
 * periodic or not, with bonds (i, i + 1, length 1) when bonded. */
static void make_system(size_t n, const double *mass, int periodic, int bonded)
{
    sys = (hsf_system){ .dim = 2, .n = n, .m = motion, .b = body };
    for (size_t i = 0; i < n; i++) {
        motion[i] = (hsf_motion){ .radius = 0.1 };
        body[i] = (hsf_body){ .mass = mass[i] };
    }
    for (int a = 0; a < 2; a++) {
        sys.hi[a] = 10;
        sys.periodic[a] = periodic;
        sys.cells.len[a] = 10;
    }
    if (bonded) {
        for (size_t k = 0; k + 1 < n; k++)
            bonds[k] = (hsf_bond){ .i = (uint32_t)k, .j = (uint32_t)k + 1, .length = 1 };
        sys.bonds = bonds;
        sys.n_bonds = n - 1;
    }
}

/* Loads plugin name with the section text ("[force.x]\n..."); returns
 * what init returns. */
static int load(const char *name, const char *text)
{
    const char *path = write_temp(0, "force.ini", text);
    hsf_error_clear(&err);
    cr_assert_eq(hsf_config_load(&cf, path, &err), 0, "%s", hsf_error_message(&err));
    cr_assert_eq(hsf_plugin_path_init(&pp, NULL, &err), 0);
    cr_assert_eq(hsf_plugin_open(&pp, name, HSF_PLUGIN_FORCE, &plugin, &err), 0, "%s",
                 hsf_error_message(&err));
    force = plugin.info->vtable;
    cr_assert_eq(hsf_config_bind(&cf, "force.x", NULL, plugin.info->params, &cfg, &err), 0,
                 "%s", hsf_error_message(&err));
    state = calloc(1, force->state_size);
    return force->init(state, &cfg, &sys, &err);
}

static void teardown(void)
{
    if (force && force->fini)
        force->fini(state);
    free(state);
    state = NULL;
    force = NULL;
    hsf_config_unbind(&cfg);
    hsf_config_file_free(&cf);
    hsf_plugin_close(&plugin);
    hsf_plugin_path_free(&pp);
}

TestSuite(forces, .fini = teardown);

static double potential_at(const double *r)
{
    double f[3 * N] = { 0 }, v[3 * N] = { 0 }, u = 0;
    cr_assert_eq(force->compute(state, &sys, r, v, f, &u, &err), 0, "%s",
                 hsf_error_message(&err));
    return u;
}

/* F = -grad U by central differences, and sum F = 0, at positions r. */
static void check_gradient(const double *r, size_t n)
{
    double f[3 * N] = { 0 }, v[3 * N] = { 0 }, u = 0, scale = 0;
    cr_assert_eq(force->compute(state, &sys, r, v, f, &u, &err), 0, "%s",
                 hsf_error_message(&err));
    for (size_t k = 0; k < 3 * n; k++)
        scale = fmax(scale, fabs(f[k]));
    cr_assert_gt(scale, 0);
    double total[2] = { 0, 0 };
    for (size_t i = 0; i < n; i++)
        for (int a = 0; a < 2; a++) {
            double rp[3 * N], rm[3 * N], h = 1e-6;
            memcpy(rp, r, sizeof rp);
            memcpy(rm, r, sizeof rm);
            rp[3 * i + a] += h;
            rm[3 * i + a] -= h;
            double numeric = -(potential_at(rp) - potential_at(rm)) / (2 * h);
            cr_assert_float_eq(f[3 * i + a], numeric, 1e-6 * scale,
                               "particle %zu axis %d: force %.10g, -dU/dx %.10g", i, a,
                               f[3 * i + a], numeric);
            total[a] += f[3 * i + a];
        }
    cr_assert_float_eq(total[0], 0, 1e-12 * scale);
    cr_assert_float_eq(total[1], 0, 1e-12 * scale);
    cr_assert_eq(f[2], 0, "no z force in 2D");
}

static const double masses[N] = { 1, 2, 0.5, 3, 1.5 };
static const double spread[3 * N] = { 2, 3, 0, 3.1, 3.4, 0, 4, 2.2, 0, 2.5, 4.7, 0, 3.6, 5.2, 0 };

Test(forces, gravity_is_minus_the_gradient)
{
    make_system(N, masses, 0, 0);
    cr_assert_eq(load("gravity", "[force.x]\nG = 0.7\n"), 0, "%s", hsf_error_message(&err));
    check_gradient(spread, N);
}

Test(forces, softened_gravity_is_minus_the_gradient)
{
    make_system(N, masses, 0, 0);
    cr_assert_eq(load("gravity", "[force.x]\nG = 2\nsoftening = 0.5\n"), 0);
    check_gradient(spread, N);
}

Test(forces, gravity_of_two_bodies)
{
    make_system(2, masses, 0, 0);
    cr_assert_eq(load("gravity", "[force.x]\nG = 3\nsoftening = 4\n"), 0);
    /* d = 3, eps = 4: U = -G m1 m2 / 5 = -1.2, |F| = G m1 m2 d / 125 = 0.144 */
    double r[3 * N] = { 1, 1, 0, 4, 1, 0 }, v[3 * N] = { 0 }, f[3 * N] = { 0 }, u = 0.5;
    cr_assert_eq(force->compute(state, &sys, r, v, f, &u, &err), 0);
    cr_assert_float_eq(u, 0.5 - 1.2, 1e-15, "adds to the potential: %.17g", u);
    cr_assert_float_eq(f[0], 0.144, 1e-15);
    cr_assert_float_eq(f[3], -0.144, 1e-15);
    cr_assert_eq(f[1], 0);
}

Test(forces, gravity_refuses_coincident_bodies)
{
    make_system(2, masses, 0, 0);
    cr_assert_eq(load("gravity", "[force.x]\n"), 0);
    double r[3 * N] = { 1, 1, 0, 1, 1, 0 }, v[3 * N] = { 0 }, f[3 * N] = { 0 }, u = 0;
    cr_assert_eq(force->compute(state, &sys, r, v, f, &u, &err), -1);
    cr_assert(strstr(hsf_error_message(&err), "particles 1 and 2 are at the same place"),
              "%s", hsf_error_message(&err));
}

Test(forces, gravity_refuses_periodic_space)
{
    make_system(2, masses, 1, 0);
    cr_assert_eq(load("gravity", "[force.x]\n"), -1);
}

Test(forces, springs_are_minus_the_gradient)
{
    make_system(N, masses, 0, 1);
    cr_assert_eq(load("spring", "[force.x]\nstiffness = 7\n"), 0, "%s", hsf_error_message(&err));
    check_gradient(spread, N);
}

Test(forces, a_spring_by_hand)
{
    make_system(2, masses, 0, 1);
    cr_assert_eq(load("spring", "[force.x]\nstiffness = 4\n"), 0);
    /* stretched by 0.5: U = 4 * 0.25 / 2 = 0.5, pulling with 2 */
    double r[3 * N] = { 1, 1, 0, 1, 2.5, 0 }, v[3 * N] = { 0 }, f[3 * N] = { 0 }, u = 0;
    cr_assert_eq(force->compute(state, &sys, r, v, f, &u, &err), 0);
    cr_assert_float_eq(u, 0.5, 1e-15);
    cr_assert_float_eq(f[1], 2, 1e-15);
    cr_assert_float_eq(f[4], -2, 1e-15);
}

Test(forces, a_spring_across_a_periodic_boundary)
{
    make_system(2, masses, 1, 1);
    cr_assert_eq(load("spring", "[force.x]\nstiffness = 4\n"), 0);
    /* 9.8 and 0.3 are 0.5 apart through the boundary: compressed by 0.5 */
    double r[3 * N] = { 9.8, 1, 0, 0.3, 1, 0 }, v[3 * N] = { 0 }, f[3 * N] = { 0 }, u = 0;
    cr_assert_eq(force->compute(state, &sys, r, v, f, &u, &err), 0);
    cr_assert_float_eq(u, 0.5, 1e-12);
    cr_assert_float_eq(f[0], -2, 1e-12, "pushed away from its partner: %g", f[0]);
    cr_assert_float_eq(f[3], 2, 1e-12);
}

Test(forces, springs_need_bonds)
{
    make_system(2, masses, 0, 0);
    cr_assert_eq(load("spring", "[force.x]\nstiffness = 1\n"), -1);
    cr_assert(strstr(hsf_error_message(&err), "no bonds"), "%s", hsf_error_message(&err));
}
