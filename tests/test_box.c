/* The box boundary, loaded through the plugin ABI: wall hit times in 2D and
 * 3D, reflection and impulse, containment checks. */
#include <math.h>
#include <string.h>

#include <criterion/criterion.h>

#include <hsframe/boundary.h>

#include "host/config_private.h"
#include "host/error_private.h"
#include "host/plugin_loader.h"
#include "testlib.h"

static hsf_plugin_path pp;
static hsf_plugin plugin;
static hsf_config_file cf;
static hsf_config cfg;
static hsf_error err;
static const hsf_boundary_type *box;
static void *state;

/* Makes a box from "[boundary]\nsize = ..." in dim dimensions. */
static int make_box(const char *size, int dim)
{
    char text[256];
    snprintf(text, sizeof text, "[boundary]\nsize = %s\n", size);
    const char *path = write_temp(0, "box.ini", text);
    hsf_error_clear(&err);
    cr_assert_eq(hsf_config_load(&cf, path, &err), 0);
    cr_assert_eq(hsf_plugin_path_init(&pp, NULL, &err), 0);
    cr_assert_eq(hsf_plugin_open(&pp, "box", HSF_PLUGIN_BOUNDARY, &plugin, &err), 0, "%s",
                 hsf_error_message(&err));
    box = plugin.info->vtable;
    cr_assert_eq(hsf_config_bind(&cf, "boundary", NULL, plugin.info->params, &cfg, &err), 0);
    state = calloc(1, box->state_size);
    return box->init(state, &cfg, dim, &err);
}

static void teardown(void)
{
    if (box && box->fini)
        box->fini(state);
    free(state);
    hsf_config_unbind(&cfg);
    hsf_config_file_free(&cf);
    hsf_plugin_close(&plugin);
    hsf_plugin_path_free(&pp);
}

TestSuite(box, .fini = teardown);

Test(box, hits_in_2d)
{
    cr_assert_eq(make_box("2 1", 2), 0, "%s", hsf_error_message(&err));
    int wall = -1;
    double r[3] = { 0.5, 0.5, 0 }, v[3] = { 1, 0.25, 0 };
    /* x reaches 2 - 0.1 after 1.4; y reaches 1 - 0.1 after 1.6. */
    cr_assert_float_eq(box->next_hit(state, r, v, 0.1, &wall), 1.4, 1e-15);
    cr_assert_eq(wall, 1, "upper x wall");
    double left[3] = { -0.5, -0.1, 0 };
    cr_assert_float_eq(box->next_hit(state, r, left, 0.1, &wall), 0.8, 1e-15);
    cr_assert_eq(wall, 0, "lower x wall");
    double down[3] = { 0, -2, 0 };
    cr_assert_float_eq(box->next_hit(state, r, down, 0.1, &wall), 0.2, 1e-15);
    cr_assert_eq(wall, 2, "lower y wall");
    double rest[3] = { 0, 0, 0 };
    cr_assert(isinf(box->next_hit(state, r, rest, 0.1, &wall)));
    double vol = box->volume(state);
    cr_assert_eq(vol, 2);
}

Test(box, hits_in_3d)
{
    cr_assert_eq(make_box("1 2 3", 3), 0, "%s", hsf_error_message(&err));
    int wall = -1;
    double r[3] = { 0.5, 1, 1 }, v[3] = { 0, 0, 1 };
    cr_assert_float_eq(box->next_hit(state, r, v, 0.5, &wall), 1.5, 1e-15);
    cr_assert_eq(wall, 5, "upper z wall");
    cr_assert_eq(box->volume(state), 6);
    double lo[3], hi[3];
    int periodic[3];
    box->extent(state, lo, hi, periodic);
    cr_assert(lo[0] == 0 && hi[0] == 1 && hi[1] == 2 && hi[2] == 3);
    cr_assert(!periodic[0] && !periodic[1] && !periodic[2]);
}

Test(box, reflection_and_impulse)
{
    cr_assert_eq(make_box("1 1 1", 3), 0);
    double r[3] = { 0.5, 0.9, 0.5 }, v[3] = { 0.3, 2, -0.1 };
    double impulse = box->collide(state, 3, r, v, 1.5);
    cr_assert_eq(v[0], 0.3);
    cr_assert_eq(v[1], -2);
    cr_assert_eq(v[2], -0.1);
    cr_assert_eq(impulse, 6, "2 m |v_n|");
}

Test(box, past_the_wall_by_roundoff_hits_now)
{
    cr_assert_eq(make_box("1 1", 2), 0);
    int wall = -1;
    double r[3] = { 0.9 + 1e-16, 0.5, 0 }, v[3] = { 1, 0, 0 };
    cr_assert_eq(box->next_hit(state, r, v, 0.1, &wall), 0);
    cr_assert_eq(wall, 1);
}

Test(box, containment)
{
    cr_assert_eq(make_box("1 1", 2), 0);
    double touching[3] = { 0.1, 0.9, 0 }, out[3] = { 0.05, 0.5, 0 }, high[3] = { 0.5, 0.95, 0 };
    cr_assert_eq(box->check(state, touching, 0.1, &err), 0, "touching a wall is inside");
    cr_assert_eq(box->check(state, out, 0.1, &err), -1);
    cr_assert_str_eq(hsf_error_message(&err), "x - radius = -0.050000000000000003 is below 0");
    cr_assert_eq(box->check(state, high, 0.1, &err), -1);
    cr_assert_str_eq(hsf_error_message(&err),
                     "y + radius = 1.05 is above the side 1");
}

Test(box, size_must_match_dim)
{
    cr_assert_eq(make_box("1 1", 3), -1);
    const char *m = hsf_error_message(&err);
    cr_assert(strstr(m, "box.ini:2: [boundary] size: expected 3 side lengths for dim = 3, "
                     "found 2"), "%s", m);
}

/* In a field the box solves, from between the walls, only the wall a
 * particle heads for (and the one behind it only when that one is out of
 * reach): on random parabolas, from inside, on a wall and just past it,
 * the same time and wall as every wall solved with hsf_parabola_time, the
 * earliest first in the order x-, x+, y-, y+, z-, z+. */
Test(box, field_hits_are_the_earliest_of_all_walls)
{
    cr_assert_eq(make_box("2 1 1.5", 3), 0, "%s", hsf_error_message(&err));
    const double size[3] = { 2, 1, 1.5 }, radius = 0.1;
    srand(5);
    size_t behind = 0;
    for (int round = 0; round < 100000; round++) {
        hsf_path p = { .motion = HSF_PATH_FIELD, .radius = radius };
        for (int a = 0; a < 3; a++) {
            double lo = radius, hi = size[a] - radius, u = rand() / (double)RAND_MAX;
            p.r[a] = lo + (hi - lo) * u;
            p.v[a] = (rand() % 9 == 0) ? 0 : 4 * (rand() / (double)RAND_MAX) - 2;
            p.a[a] = (rand() % 3 == 0) ? 0 : 6 * (rand() / (double)RAND_MAX) - 3;
        }
        int a0 = rand() % 3;
        switch (round % 6) {
        case 0: p.r[a0] = radius; break;
        case 1: p.r[a0] = size[a0] - radius; break;
        case 2: p.r[a0] = nextafter(radius, 0); break;
        case 3: p.r[a0] = nextafter(size[a0] - radius, INFINITY); break;
        default: break;
        }
        if (round % 10 == 0)
            p.v[a0] = 0;
        double want = INFINITY;
        int want_wall = -1, wall = -1;
        for (int a = 0; a < 3; a++)
            for (int up = 0; up < 2; up++) {
                double t = hsf_parabola_time(p.r[a], p.v[a], p.a[a],
                                             up ? size[a] - radius : radius, up ? 1 : -1);
                if (t < want)
                    want = t, want_wall = 2 * a + up;
            }
        double got = box->first_hit(state, &p, &wall);
        cr_assert(memcmp(&got, &want, sizeof got) == 0 && (want == INFINITY || wall == want_wall),
                  "round %d: %a at wall %d, every wall solved: %a at wall %d", round, got, wall,
                  want, want_wall);
        int a = want_wall / 2, dir = want_wall % 2 ? 1 : -1;
        behind += want_wall >= 0 && dir * (p.v[a] != 0 ? p.v[a] : p.a[a]) < 0;
    }
    cr_assert_gt(behind, 1000, "only %zu hits on the wall behind: too easy", behind);
}
