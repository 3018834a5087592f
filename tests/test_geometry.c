/* Periodic and circular boundaries, the cell grid against checking every
 * pair, and conservation in periodic systems. */
#include <math.h>
#include <string.h>

#include <criterion/criterion.h>

#include <hsframe/boundary.h>

#include "host/config_private.h"
#include "host/error_private.h"
#include "shared/neighbours.h"
#include "host/plugin_loader.h"
#include "runlib.h"
#include "testlib.h"

static hsf_error err;
static char summary[8192];

static int run(const char *ini)
{
    return run_file(write_temp(0, "run.ini", ini), &err, summary, sizeof summary);
}

static double summary_value(const char *key)
{
    return summary_number(summary, key);
}

/* A k^dim lattice gas in a box of side L with random velocities (zero total
 * momentum), written as extended XYZ. */
static const char *lattice_gas(int dim, int k, double L, double radius, unsigned seed)
{
    size_t n = (size_t)pow(k, dim);
    double (*v)[3] = calloc(n, sizeof *v), mean[3] = { 0, 0, 0 }, total_mass = 0;
    srand(seed);
    for (size_t i = 0; i < n; i++) {
        double m = 1.0 + (double)(i % 3);
        total_mass += m;
        for (int a = 0; a < dim; a++) {
            v[i][a] = (double)rand() / RAND_MAX - 0.5;
            mean[a] += m * v[i][a];
        }
    }
    for (int a = 0; a < dim; a++)
        mean[a] /= total_mass;      /* centre-of-mass velocity */
    size_t cap = 200 * n + 256, used = 0;
    char *text = malloc(cap);
    used += (size_t)snprintf(text, cap, "%zu\nProperties=species:S:1:pos:R:3:velo:R:3:"
                             "radius:R:1:mass:R:1\n", n);
    double a0 = L / k;
    for (size_t i = 0; i < n; i++) {
        size_t x = i % (size_t)k, y = i / (size_t)k % (size_t)k, z = i / (size_t)k / (size_t)k;
        used += (size_t)snprintf(text + used, cap - used, "A %.17g %.17g %.17g %.17g %.17g "
                                 "%.17g %.17g %.17g\n", (x + 0.5) * a0, (y + 0.5) * a0,
                                 dim == 3 ? (z + 0.5) * a0 : 0.0, v[i][0] - mean[0],
                                 v[i][1] - mean[1], dim == 3 ? v[i][2] - mean[2] : 0.0,
                                 radius, 1.0 + (double)(i % 3));
    }
    const char *path = write_temp(1, "gas.xyz", text);
    free(text);
    free(v);
    return path;
}

/* Reads an XYZ snapshot's columns: pos (3), velo (3), radius, mass and, if
 * present, image (3). */
typedef struct row {
    double r[3], v[3], radius, mass;
    double image[3];
} row;

static size_t read_xyz(const char *path, row *rows, size_t max, int images)
{
    FILE *f = fopen(path, "r");
    cr_assert(f, "cannot open %s", path);
    size_t n;
    char line[4096];
    cr_assert_eq(fscanf(f, "%zu\n", &n), 1);
    cr_assert_leq(n, max);
    cr_assert(fgets(line, sizeof line, f));
    for (size_t i = 0; i < n; i++) {
        row *p = &rows[i];
        double c[3];
        char s[8];
        cr_assert_eq(fscanf(f, "%7s %lf %lf %lf %lf %lf %lf %lf %lf %lf %lf %lf", s, &p->r[0],
                            &p->r[1], &p->r[2], &p->v[0], &p->v[1], &p->v[2], &p->radius,
                            &p->mass, &c[0], &c[1], &c[2]), 12);
        if (images)
            cr_assert_eq(fscanf(f, "%lf %lf %lf", &p->image[0], &p->image[1], &p->image[2]), 3);
    }
    fclose(f);
    return n;
}

Test(periodic, pair_collides_across_the_boundary)
{
    /* 0.06 apart through the face at x = 0, closing at speed 2: contact at
     * t = 0.03, then they bounce back. */
    const char *final = temp_output(2, "final.txt");
    char ini[1024];
    write_temp(3, "p.txt", "2\n0.05 0.5 -1 0 0.02 1 0 0 0\n0.95 0.5 1 0 0.02 1 0 0 0\n");
    snprintf(ini, sizeof ini, "[simulation]\nparticles = p.txt\nend_time = 0.05\n"
             "[boundary]\nplugin = periodic\nsize = 1 1\n[output.f]\nplugin = snapshot\n"
             "file = %s\n", final);
    cr_assert_eq(run(ini), 0, "%s", hsf_error_message(&err));
    cr_assert_eq(summary_value("collisions"), 1);
    FILE *f = fopen(final, "r");
    double a[9], b[9];
    int n;
    cr_assert_eq(fscanf(f, "%d", &n), 1);
    for (int k = 0; k < 9; k++)
        cr_assert_eq(fscanf(f, "%lf", &a[k]), 1);
    for (int k = 0; k < 9; k++)
        cr_assert_eq(fscanf(f, "%lf", &b[k]), 1);
    fclose(f);
    cr_assert_float_eq(a[0], 0.04, 1e-12);
    cr_assert_float_eq(b[0], 0.96, 1e-12);
    cr_assert_eq(a[2], 1);
    cr_assert_eq(b[2], -1);
}

Test(periodic, wrapping_keeps_image_counters)
{
    const char *final = temp_output(2, "final.xyz");
    char ini[1024];
    write_temp(3, "p.txt", "1\n0.5 0.25 1 -0.3 0.1 1 0 0 0\n");
    snprintf(ini, sizeof ini, "[simulation]\nparticles = p.txt\nend_time = 3.25\n"
             "[boundary]\nplugin = periodic\nsize = 1 2\n[output.f]\nplugin = snapshot\n"
             "format = xyz\nfile = %s\n", final);
    cr_assert_eq(run(ini), 0, "%s", hsf_error_message(&err));
    row r[1];
    cr_assert_eq(read_xyz(final, r, 1, 1), 1);
    /* Unwrapped: x = 0.5 + 3.25 = 3.75, y = 0.25 - 0.975 = -0.725. */
    cr_assert_float_eq(r[0].r[0], 0.75, 1e-12);
    cr_assert_float_eq(r[0].r[1], 1.275, 1e-12);
    cr_assert_eq(r[0].image[0], 3);
    cr_assert_eq(r[0].image[1], -1);
    cr_assert_eq(summary_value("boundary_hits"), 0);
}

Test(periodic, momentum_is_conserved_to_roundoff)
{
    const char *gas = lattice_gas(3, 8, 10, 0.5, 3);
    const char *final = temp_output(2, "final.xyz");
    char ini[1024];
    snprintf(ini, sizeof ini, "[simulation]\ndim = 3\nparticles = %s\nend_time = 40\n"
             "[boundary]\nplugin = periodic\nsize = 10 10 10\n[output.f]\nplugin = snapshot\n"
             "file = %s\n", gas, final);
    cr_assert_eq(run(ini), 0, "%s", hsf_error_message(&err));
    cr_assert_gt(summary_value("collisions"), 20000);
    static row r[512];
    size_t n = read_xyz(final, r, 512, 1);
    double p[3] = { 0, 0, 0 }, rms = 0;
    for (size_t i = 0; i < n; i++)
        for (int a = 0; a < 3; a++) {
            p[a] += r[i].mass * r[i].v[a];
            rms += pow(r[i].mass * r[i].v[a], 2);
        }
    rms = sqrt(rms / (double)n);
    for (int a = 0; a < 3; a++)
        cr_assert_lt(fabs(p[a]) / ((double)n * rms), 1e-14, "P%d = %g", a, p[a]);
    cr_assert_lt(fabs(summary_value("energy_drift")), 1e-13);
    cr_assert_lt(summary_value("momentum_drift"), 1e-14, "%s", summary);
}

/* The collisions of a run, as "i j" pairs, from the events log. */
static size_t collision_pairs(const char *log, unsigned (*pairs)[2], size_t max)
{
    FILE *f = fopen(log, "r");
    char line[512];
    size_t n = 0;
    cr_assert(fgets(line, sizeof line, f));
    while (n < max && fgets(line, sizeof line, f)) {
        double t;
        char kind[8];
        unsigned i, j;
        cr_assert_eq(sscanf(line, "%lf,%7[a-z],%u,%u", &t, kind, &i, &j), 4);
        if (!strcmp(kind, "pair")) {
            pairs[n][1] = j < i ? j : i;
            pairs[n][0] = j < i ? i : j;
            n++;
        }
    }
    fclose(f);
    return n;
}

/* How many collisions the two event logs have in common from the start
 * (same pairs in the same order), after checking that the first has more
 * than at_least. */
static size_t common_start(const char *with, const char *without, size_t at_least)
{
    static unsigned a[3000][2], b[3000][2];
    size_t na = collision_pairs(with, a, 3000), nb = collision_pairs(without, b, 3000);
    cr_assert_gt(na, at_least, "enough collisions to compare: %zu", na);
    size_t same = 0;
    while (same < na && same < nb && a[same][0] == b[same][0] && a[same][1] == b[same][1])
        same++;
    return same;
}

/* lists: "yes" for neighbour lists, "no" for the cells around a particle;
 * both against checking every pair. */
static void same_collisions_with_and_without_cells(const char *boundary, int dim,
                                                   const char *lists)
{
    const char *gas = lattice_gas(dim, dim == 2 ? 14 : 7, 10, dim == 2 ? 0.3 : 0.6, 5);
    const char *with = temp_output(4, "with.csv"), *without = temp_output(5, "without.csv");
    char ini[1024];
    for (int k = 0; k < 2; k++) {
        snprintf(ini, sizeof ini, "[simulation]\ndim = %d\nparticles = %s\nend_time = 3\n"
                 "cells = %s\nneighbour_lists = %s\n[boundary]\nplugin = %s\nsize = 10 10%s\n"
                 "[output.e]\nplugin = events\nfile = %s\n", dim, gas, k ? "no" : "yes", lists,
                 boundary, dim == 3 ? " 10" : "", k ? without : with);
        cr_assert_eq(run(ini), 0, "%s", hsf_error_message(&err));
        if (!k) {
            const char *want = !strcmp(lists, "yes") ? "\nneighbour_search: lists\n"
                                                     : "\nneighbour_search: cells\n";
            cr_assert(strstr(summary, want), "%s", summary);
        }
    }
    /* Round-off differs (predictions start from different times), so a
     * chaotic gas eventually diverges; the first several hundred collisions
     * must be the same pairs in the same order. */
    size_t same = common_start(with, without, 500);
    cr_assert_geq(same, 500, "the sequences part after %zu collisions", same);
}

/* A melting fcc crystal at packing fraction 0.45 with cells: one sphere
 * per cell on average, so cells often hold more than their two slots and
 * searches walk the overflow chains. */
Test(cells, same_collisions_when_cells_overflow_their_slots)
{
    const char *with = temp_output(4, "with.csv"), *without = temp_output(5, "without.csv");
    char ini[1024];
    for (int k = 0; k < 2; k++) {
        snprintf(ini, sizeof ini, "[simulation]\ndim = 3\nend_time = 1\nseed = 3\ncells = %s\n"
                 "neighbour_lists = no\n[init]\nlattice = fcc\ncells = 5 5 5\n"
                 "packing_fraction = 0.45\n[boundary]\nplugin = periodic\n"
                 "[output.e]\nplugin = events\nfile = %s\n", k ? "no" : "yes",
                 k ? without : with);
        cr_assert_eq(run(ini), 0, "%s", hsf_error_message(&err));
    }
    size_t same = common_start(with, without, 2000);
    cr_assert_geq(same, 2000, "the sequences part after %zu collisions", same);
}

Test(cells, same_collisions_as_checking_every_pair_in_a_box)
{
    same_collisions_with_and_without_cells("box", 2, "no");
    same_collisions_with_and_without_cells("box", 3, "no");
}

Test(cells, same_collisions_as_checking_every_pair_when_periodic)
{
    same_collisions_with_and_without_cells("periodic", 2, "no");
    same_collisions_with_and_without_cells("periodic", 3, "no");
}

Test(lists, same_collisions_as_checking_every_pair_in_a_box)
{
    same_collisions_with_and_without_cells("box", 2, "yes");
    same_collisions_with_and_without_cells("box", 3, "yes");
}

Test(lists, same_collisions_as_checking_every_pair_when_periodic)
{
    same_collisions_with_and_without_cells("periodic", 2, "yes");
    same_collisions_with_and_without_cells("periodic", 3, "yes");
}

Test(lists, polydisperse_mixture_matches_every_pair)
{
    /* Radii 0.05 and 0.8 (two grid levels): big discs see small ones
     * through the other level's cells, and their lists are long. */
    char text[64 * 1024];
    size_t used = (size_t)snprintf(text, sizeof text, "120\n");
    srand(11);
    for (int k = 0; k < 120; k++) {
        int big = k % 20 == 0;
        double x = 0.5 + (k % 12) * 1.25 + (big ? 0.3 : 0), y = 0.6 + (k / 12) * 1.4;
        used += (size_t)snprintf(text + used, sizeof text - used, "%.17g %.17g %.17g %.17g %g "
                                 "%g 0 0 0\n", x, y, (double)rand() / RAND_MAX - 0.5,
                                 (double)rand() / RAND_MAX - 0.5, big ? 0.5 : 0.05,
                                 big ? 10.0 : 1.0);
    }
    write_temp(3, "mix.txt", text);
    const char *with = temp_output(4, "with.csv"), *without = temp_output(5, "without.csv");
    char ini[1024];
    for (int k = 0; k < 2; k++) {
        snprintf(ini, sizeof ini, "[simulation]\nparticles = mix.txt\nend_time = 200\n"
                 "cells = %s\nneighbour_lists = yes\n[boundary]\nplugin = periodic\n"
                 "size = 15 14\n[output.e]\nplugin = events\nfile = %s\n", k ? "no" : "yes",
                 k ? without : with);
        cr_assert_eq(run(ini), 0, "%s", hsf_error_message(&err));
    }
    /* Collisions with the heavy discs amplify round-off fast: the times
     * differ by 1e-5 after 160 collisions, when the orders part. */
    size_t same = common_start(with, without, 300);
    cr_assert_geq(same, 120, "the sequences part after %zu collisions", same);
}

/* A run of a small gas with ini (a format taking the particle file) is
 * refused with exit status 2 and the message. */
static void assert_refused(const char *ini_format, const char *message)
{
    const char *gas = lattice_gas(2, 4, 4, 0.1, 7);
    char ini[1024];
    snprintf(ini, sizeof ini, ini_format, gas);
    cr_assert_eq(run(ini), 2);
    cr_assert(strstr(hsf_error_message(&err), message), "%s", hsf_error_message(&err));
}

Test(lists, a_wrong_setting_is_refused)
{
    assert_refused("[simulation]\nparticles = %s\nend_time = 1\nneighbour_lists = maybe\n"
                   "[boundary]\nsize = 4 4\n",
                   "run.ini:4: [simulation] neighbour_lists: expected yes, no or auto, found "
                   "'maybe'");
}

Test(cells, tiny_periodic_box_sees_every_image)
{
    /* A box of side 2.1 with discs of diameter 1: one cell per axis (and
     * for neighbour lists, a skin cut down to one image). */
    write_temp(3, "p.txt", "2\n0.3 0.3 1 0.7 0.5 1 0 0 0\n1.4 1.5 -0.2 0.1 0.5 1 0 0 0\n");
    for (int lists = 0; lists < 2; lists++) {
        const char *with = temp_output(4, "with.csv"), *without = temp_output(5, "without.csv");
        for (int k = 0; k < 2; k++) {
            char ini[1024];
            snprintf(ini, sizeof ini, "[simulation]\nparticles = p.txt\nend_time = 30\n"
                     "cells = %s\nneighbour_lists = %s\n[boundary]\nplugin = periodic\n"
                     "size = 2.1 2.1\n[output.e]\nplugin = events\nfile = %s\n",
                     k ? "no" : "yes", lists ? "yes" : "no", k ? without : with);
            cr_assert_eq(run(ini), 0, "%s", hsf_error_message(&err));
        }
        /* Two discs in a periodic box are Sinai's billiard: chaotic, so
         * compare the first 20 collision times, before round-off grows. */
        FILE *fa = fopen(with, "r"), *fb = fopen(without, "r");
        char la[256], lb[256];
        cr_assert(fgets(la, sizeof la, fa) && fgets(lb, sizeof lb, fb));
        for (int k = 0; k < 20; k++) {
            cr_assert(fgets(la, sizeof la, fa) && fgets(lb, sizeof lb, fb), "collision %d", k);
            cr_assert_float_eq(strtod(la, NULL), strtod(lb, NULL), 1e-6,
                               "lists %d, collision %d: %s vs %s", lists, k, la, lb);
        }
        fclose(fa);
        fclose(fb);
        cr_assert_lt(fabs(summary_value("energy_drift")), 1e-13);
    }
}

/* ---- circle ------------------------------------------------------------ */

static hsf_plugin_path pp;
static hsf_plugin plugin;
static hsf_config_file cf;
static hsf_config cfg;
static const hsf_boundary_type *circle;
static void *state;

static void make_circle(const char *center, double radius, int dim)
{
    char text[256];
    snprintf(text, sizeof text, "[boundary]\ncenter = %s\nradius = %.17g\n", center, radius);
    const char *path = write_temp(0, "c.ini", text);
    cr_assert_eq(hsf_config_load(&cf, path, &err), 0);
    cr_assert_eq(hsf_plugin_path_init(&pp, NULL, &err), 0);
    cr_assert_eq(hsf_plugin_open(&pp, "circle", HSF_PLUGIN_BOUNDARY, &plugin, &err), 0, "%s",
                 hsf_error_message(&err));
    circle = plugin.info->vtable;
    cr_assert_eq(hsf_config_bind(&cf, "boundary", NULL, plugin.info->params, &cfg, &err), 0);
    state = calloc(1, circle->state_size);
    cr_assert_eq(circle->init(state, &cfg, dim, &err), 0, "%s", hsf_error_message(&err));
}

Test(circle, radial_and_chord_hits)
{
    make_circle("1 2", 3, 2);
    int wall = -1;
    double centre[3] = { 1, 2, 0 }, out[3] = { 0.6, -0.8, 0 };
    /* From the centre outwards at speed 1: touches after R - a = 2.5. */
    cr_assert_float_eq(circle->next_hit(state, centre, out, 0.5, &wall), 2.5, 1e-15);
    cr_assert_eq(wall, 0);
    /* A chord at distance 1.5 from the centre, R - a = 2.5: half-chord
     * sqrt(2.5^2 - 1.5^2) = 2; starting 2 before the midpoint, speed 2. */
    double start[3] = { 1 - 2, 2 + 1.5, 0 }, along[3] = { 2, 0, 0 };
    cr_assert_float_eq(circle->next_hit(state, start, along, 0.5, &wall), 2.0, 1e-15);
    /* The reflection at the far end of that chord: the normal is (0.8, 0.6). */
    double hit[3] = { 1 + 2, 2 + 1.5, 0 }, v[3] = { 2, 0, 0 };
    double impulse = circle->collide(state, 0, hit, v, 3);
    cr_assert_float_eq(v[0], 2 - 2 * 1.6 * 0.8, 1e-15);
    cr_assert_float_eq(v[1], -2 * 1.6 * 0.6, 1e-15);
    cr_assert_float_eq(impulse, 2 * 3 * 1.6, 1e-14);
    cr_assert_float_eq(circle->volume(state), M_PI * 9, 1e-14);
}

Test(circle, sphere_in_3d)
{
    make_circle("0 0 0", 2, 3);
    int wall;
    double r[3] = { 0, 0, 0 }, v[3] = { 0, 0, -0.5 };
    cr_assert_float_eq(circle->next_hit(state, r, v, 1, &wall), 2, 1e-15);
    cr_assert_float_eq(circle->volume(state), 4.0 / 3.0 * M_PI * 8, 1e-14);
    double inside[3] = { 0, 1, 0 }, outside[3] = { 0, 1.5, 0.1 };
    cr_assert_eq(circle->check(state, inside, 1, &err), 0);
    cr_assert_eq(circle->check(state, outside, 1, &err), -1);
}

Test(circle, nobody_escapes_in_a_long_run)
{
    /* 300 discs of radius 0.15 in a circle of radius 5: sample the whole
     * trajectory and check every frame. */
    char text[40000];
    size_t used = (size_t)snprintf(text, sizeof text, "300\n");
    srand(11);
    for (int i = 0; i < 300; i++) {
        double x = -3.4 + 0.4 * (i % 18), y = -3.4 + 0.4 * (i / 18);
        used += (size_t)snprintf(text + used, sizeof text - used, "%g %g %.6f %.6f 0.15 1 0 0 0\n",
                                 x, y, 4.0 * rand() / RAND_MAX - 2, 4.0 * rand() / RAND_MAX - 2);
    }
    write_temp(3, "p.txt", text);
    const char *traj = temp_output(2, "traj.xyz");
    char ini[1024];
    snprintf(ini, sizeof ini, "[simulation]\nparticles = p.txt\nend_time = 1200\n"
             "[boundary]\nplugin = circle\ncenter = 0 0\nradius = 5\n[output.t]\n"
             "plugin = xyz\nfile = %s\ninterval = 4\n", traj);
    cr_assert_eq(run(ini), 0, "%s", hsf_error_message(&err));
    cr_assert_gt(summary_value("collisions"), 1e6, "%s", summary);
    FILE *f = fopen(traj, "r");
    char line[4096];
    size_t frames = 0, n;
    double worst = -1;
    while (fscanf(f, "%zu\n", &n) == 1) {
        cr_assert(fgets(line, sizeof line, f));
        for (size_t i = 0; i < n; i++) {
            double x, y, z;
            cr_assert(fgets(line, sizeof line, f));
            cr_assert_eq(sscanf(line, "%*s %lf %lf %lf", &x, &y, &z), 3);
            worst = fmax(worst, sqrt(x * x + y * y) + 0.15 - 5);
        }
        frames++;
    }
    fclose(f);
    cr_assert_eq(frames, 301);
    cr_assert_leq(worst, 5e-15, "a disc reached %g beyond the rim", worst);
}

static void circle_teardown(void)
{
    if (circle && circle->fini)
        circle->fini(state);
    free(state);
    hsf_config_unbind(&cfg);
    hsf_config_file_free(&cf);
    hsf_plugin_close(&plugin);
    hsf_plugin_path_free(&pp);
}

TestSuite(circle, .fini = circle_teardown);

/* ---- mean squared displacement ------------------------------------------ */

Test(msd, free_flight_through_periodic_images)
{
    /* Two tiny discs that never meet, crossing the unit box a dozen times:
     * MSD(t) = <v^2> t^2 exactly, with <v^2> = (1.69 + 0.16 + 0.49 + 0.04) / 2. */
    write_temp(3, "p.txt", "2\n0.1 0.1 1.3 0.4 0.001 1 0 0 0\n0.5 0.6 -0.7 0.2 0.001 2 0 0 0\n");
    const char *csv = temp_output(2, "msd.csv");
    char ini[1024];
    snprintf(ini, sizeof ini, "[simulation]\nparticles = p.txt\nend_time = 10\n[boundary]\n"
             "plugin = periodic\nsize = 1 1\n[output.m]\nplugin = msd\nfile = %s\n"
             "interval = 1\n", csv);
    cr_assert_eq(run(ini), 0, "%s", hsf_error_message(&err));
    cr_assert_eq(summary_value("collisions"), 0);
    FILE *f = fopen(csv, "r");
    char line[256];
    cr_assert(fgets(line, sizeof line, f));
    for (int k = 1; k <= 10; k++) {
        double lag, value;
        unsigned origins;
        cr_assert(fgets(line, sizeof line, f));
        cr_assert_eq(sscanf(line, "%lf,%lf,%u", &lag, &value, &origins), 3);
        cr_assert_eq(lag, k);
        cr_assert_eq(origins, 11 - k);
        cr_assert_float_eq(value, 1.19 * k * k, 1e-12 * k * k);
    }
    fclose(f);
}

Test(msd, dense_gas_diffuses)
{
    /* Beyond the collision time the MSD grows linearly: doubling the lag
     * doubles it, and D comes out positive. */
    const char *gas = lattice_gas(2, 14, 10, 0.3, 9);
    const char *csv = temp_output(2, "msd.csv");
    char ini[1024];
    snprintf(ini, sizeof ini, "[simulation]\nparticles = %s\nend_time = 40\n[boundary]\n"
             "plugin = periodic\nsize = 10 10\n[output.m]\nplugin = msd\nfile = %s\n"
             "interval = 1\n", gas, csv);
    cr_assert_eq(run(ini), 0, "%s", hsf_error_message(&err));
    FILE *f = fopen(csv, "r");
    char line[256];
    double value[41] = { 0 }, d = 0;
    while (fgets(line, sizeof line, f)) {
        double lag, v;
        if (sscanf(line, "%lf,%lf", &lag, &v) == 2 && lag <= 40)
            value[(int)lag] = v;
        sscanf(line, "# diffusion_coefficient %lf", &d);
    }
    fclose(f);
    double ratio = value[20] / value[10];
    cr_assert(ratio > 1.7 && ratio < 2.3, "MSD(20) / MSD(10) = %g", ratio);
    cr_assert_gt(d, 0);
}

/* ---- time reversal ---------------------------------------------------- */

Test(reversal, short_run_retraces_its_path)
{
    /* Over a couple of collisions per particle round-off has no time to
     * grow: reversing every velocity at t = 1 brings each disc of a dense
     * periodic gas back to its start by t = 2, with its velocity reversed. */
    const char *gas = lattice_gas(2, 12, 10, 0.3, 5);
    char ini[1024];
    snprintf(ini, sizeof ini, "[simulation]\nparticles = %s\nend_time = 2\nreverse_at = 1\n"
             "[boundary]\nplugin = periodic\nsize = 10 10\n", gas);
    cr_assert_eq(run(ini), 0, "%s", hsf_error_message(&err));
    cr_assert_gt(summary_value("collisions"), 100);
    cr_assert_eq(summary_value("reversed_at"), 1);
    cr_assert_lt(summary_value("return_distance_max"), 1e-9);
    cr_assert_lt(summary_value("return_velocity_max"), 1e-9);
}

Test(reversal, walls_and_cells_retrace_too)
{
    const char *gas = lattice_gas(3, 6, 6, 0.35, 6);
    char ini[1024];
    snprintf(ini, sizeof ini, "[simulation]\ndim = 3\nparticles = %s\nend_time = 3\n"
             "reverse_at = 1.5\n[boundary]\nplugin = box\nsize = 6 6 6\n", gas);
    cr_assert_eq(run(ini), 0, "%s", hsf_error_message(&err));
    cr_assert_gt(summary_value("boundary_hits"), 10);
    cr_assert_gt(summary_value("renewals"), 10);
    cr_assert_lt(summary_value("return_distance_max"), 1e-9);
}

Test(reversal, only_before_the_end)
{
    const char *gas = lattice_gas(2, 4, 4, 0.1, 7);
    char ini[1024];
    snprintf(ini, sizeof ini, "[simulation]\nparticles = %s\nend_time = 2\nreverse_at = 2\n",
             gas);
    cr_assert_eq(run(ini), 2);
    const char *want = "run.ini:4: [simulation] reverse_at: expected a time before "
                       "end_time = 2, found 2";
    cr_assert(strstr(hsf_error_message(&err), want), "%s", hsf_error_message(&err));
}

Test(lists, neighbourhood_exit_times_are_analytic)
{
    /* From the anchor at speed 5: skin / speed. */
    hsf_motion m = { .r = { 1, 2, 3 }, .v = { 3, 4, 0 }, .radius = 0.5 };
    double anchor[3] = { 1, 2, 3 };
    cr_assert_float_eq(hsf_neighbourhood_exit_time(&m, anchor, 0.5), 0.1, 1e-15);
    /* Off the anchor by d = (0.3, 0, 0), moving along y: |d + v t| = 0.5
     * when 16 t^2 = 0.25 - 0.09, t = 0.1. */
    m.r[0] = 1.3;
    m.v[0] = 0;
    cr_assert_float_eq(hsf_neighbourhood_exit_time(&m, anchor, 0.5), 0.1, 1e-15);
    /* Heading back towards the anchor from its edge: across the whole
     * sphere, 2 * 0.5 / 2. */
    double centre[3] = { 0, 0, 0 };
    hsf_motion back = { .r = { 0.5, 0, 0 }, .v = { -2, 0, 0 } };
    cr_assert_float_eq(hsf_neighbourhood_exit_time(&back, centre, 0.5), 0.5, 1e-15);
    /* At rest: never. */
    hsf_motion rest = { .r = { 0, 0, 0 } };
    cr_assert(isinf(hsf_neighbourhood_exit_time(&rest, centre, 0.5)));
}

/* The grid keeps a float copy of every anchor (its offset from the cell's
 * corner) for neighbour searches to filter on: after thousands of
 * re-anchorings, across periodic faces and through crowded cells whose
 * overflow chains refill emptied slots, every slot still holds its
 * particle's anchor within the stated error, and every particle is filed
 * exactly once, in its own cell. */
/* n particles of radius 0.3 at random in the cube [0, 9]^3, a third of
 * their velocity components zero and the rest in [-1, 1] (from rand(),
 * seeded by the caller), and the grid built over them. */
static void random_grid_of_nines(hsf_cells *c, hsf_motion *m, hsf_body *b, int n,
                                 const int periodic[3])
{
    double lo[3] = { 0, 0, 0 }, hi[3] = { 9, 9, 9 };
    for (int i = 0; i < n; i++) {
        for (int a = 0; a < 3; a++) {
            m[i].r[a] = 9.0 * rand() / ((double)RAND_MAX + 1);
            m[i].v[a] = rand() % 3 == 0 ? 0 : 2.0 * rand() / RAND_MAX - 1;
        }
        m[i].radius = 0.3;
        b[i] = (hsf_body){ .next = HSF_NONE };
    }
    cr_assert_eq(hsf_cells_build(c, m, b, (size_t)n, 3, lo, hi, periodic, 1, 0, 0, &err), 0,
                 "%s", hsf_error_message(&err));
}

/* The time a particle leaves its cell is the time to the face ahead on
 * the axis reached first (the first such axis on a tie), 0 on the face by
 * round-off, and no exit along an axis it does not move on or towards an
 * outer face of a non-periodic axis (the wall comes first): random
 * particles in a grid periodic along x and y, walled along z, a third of
 * the velocity components zero, and the particle put on that face at that
 * time. */
Test(cells, exit_time_is_the_face_reached_first)
{
    enum { N = 2000 };
    static hsf_motion m[N];
    static hsf_body b[N];
    srand(5);
    int periodic[3] = { 1, 1, 0 };
    hsf_cells c;
    random_grid_of_nines(&c, m, b, N, periodic);
    const hsf_cell_level *l = &c.level[0];
    cr_assert_eq(l->n[0], l->n[1]);
    /* An exact tie between x and y: a particle whose cell is at the same
     * place along both, at the same place in it, moving diagonally.  And
     * one on its cell's lower x face, moving down x. */
    int tie = -1;
    for (int i = 2; i < N && tie < 0; i++) {
        int32_t x[3];
        hsf_cell_coords(l, b[i].cell, x);
        tie = x[0] == x[1] ? i : -1;
    }
    cr_assert_geq(tie, 0);
    m[tie].r[1] = m[tie].r[0];
    m[tie].v[0] = m[tie].v[1] = 1, m[tie].v[2] = 0;
    int32_t x1[3];
    hsf_cell_coords(l, b[1].cell, x1);
    m[1].r[0] = hsf_cell_corner(&c, l, 0, x1[0]);
    m[1].v[0] = -1, m[1].v[1] = m[1].v[2] = 0;
    size_t exits = 0, none = 0;
    for (int i = 0; i < N; i++) {
        int32_t x[3];
        hsf_cell_coords(l, b[i].cell, x);
        double want = INFINITY;
        int want_axis = -7, want_dir = -7;
        for (int a = 0; a < 3; a++) {
            double v = m[i].v[a];
            if (v == 0 || (!periodic[a] && x[a] == (v > 0 ? (int32_t)l->n[a] - 1 : 0)))
                continue;
            double face = c.lo[a] + (x[a] + (v > 0)) * l->side[a];
            double t = fmax(0, (face - m[i].r[a]) / v);
            if (t < want)
                want = t, want_axis = a, want_dir = v > 0 ? 1 : -1;
        }
        int axis = -7, dir = -7;
        int wall_free = -1;
        double t = hsf_cells_exit_time(&c, &m[i], &b[i], &axis, &dir, &wall_free);
        cr_assert_eq(wall_free, 0, "particle %d: a cell marked without marking", i);
        cr_assert(t == want || (isinf(t) && isinf(want)), "particle %d: %.17g, face at %.17g",
                  i, t, want);
        cr_assert(axis == want_axis && dir == want_dir, "particle %d: axis %d dir %d, "
                  "expected %d %d", i, axis, dir, want_axis, want_dir);
        if (isinf(t)) {
            none++;
            continue;
        }
        exits++;
        double face = c.lo[axis] + (x[axis] + (dir > 0)) * l->side[axis];
        cr_assert_leq(fabs(m[i].r[axis] + m[i].v[axis] * t - face), 1e-12,
                      "particle %d is not on the face at its exit time", i);
    }
    cr_assert_gt(exits, N / 2);
    cr_assert_gt(none, 0, "no particle at rest or bound for a wall: the test is too easy");
    int axis = -7, dir = -7;
    int wall_free;
    hsf_cells_exit_time(&c, &m[tie], &b[tie], &axis, &dir, &wall_free);
    cr_assert(axis == 0 && dir == 1, "a tie between x and y goes to x, not axis %d", axis);
    cr_assert_eq(hsf_cells_exit_time(&c, &m[1], &b[1], &axis, &dir, &wall_free), 0);
    cr_assert(axis == 0 && dir == -1, "on its lower face moving down: exit now, down x");
    hsf_cells_free(&c);
}

/* In a field, the exit is the face each axis's parabola reaches first
 * (hsf_parabola_time for both of its faces, the lower on a tie), the first
 * earliest axis of those, with the outer faces of a walled axis left to the
 * walls: the same time, axis and direction bit for bit, for random
 * particles in a grid periodic along x, walled along y and z (a field is
 * never along a periodic axis), under fields along one or both walled axes,
 * weak and strong, some particles put on a face or just past one by
 * round-off, some at rest along an axis.  A shortcut that leaves a face unsolved too soon fails it. */
Test(cells, a_parabola_leaves_its_cell_through_the_face_reached_first)
{
    enum { N = 4000 };
    static hsf_motion m[N];
    static hsf_body b[N];
    srand(17);
    int periodic[3] = { 1, 0, 0 };
    hsf_cells c;
    random_grid_of_nines(&c, m, b, N, periodic);
    const hsf_cell_level *l = &c.level[0];
    size_t exits = 0, by_field = 0, none = 0;
    for (int i = 0; i < N; i++) {
        int32_t x[3];
        hsf_cell_coords(l, b[i].cell, x);
        double r[3], v[3], g[3] = { 0, 0, 0 };
        double strength = i % 4 == 0 ? 0.01 : i % 4 == 1 ? 1 : i % 4 == 2 ? 30 : 1000;
        g[1 + i % 2] = strength * (2.0 * rand() / RAND_MAX - 1);
        if (i % 7 == 0)
            g[2 - i % 2] = strength * (2.0 * rand() / RAND_MAX - 1);
        for (int a = 0; a < 3; a++) {
            r[a] = m[i].r[a];
            v[a] = i % 11 == a ? 0 : 2.0 * rand() / RAND_MAX - 1;
        }
        if (i % 13 == 0)    /* on a face of its cell */
            r[1 + i % 2] = hsf_cell_corner(&c, l, 1 + i % 2, x[1 + i % 2] + i % 3 % 2);
        if (i % 19 == 0)    /* on a face along x, where there is no field */
            r[0] = hsf_cell_corner(&c, l, 0, x[0] + i % 2);
        if (i % 17 == 0) {  /* past a face by round-off */
            int a = i % 3, up = i % 2;
            double face = hsf_cell_corner(&c, l, a, x[a] + up);
            r[a] = nextafter(face, up ? INFINITY : -INFINITY);
        }
        double want = INFINITY;
        int want_axis = -7, want_dir = -7;
        for (int a = 0; a < 3; a++) {
            double face_lo = hsf_cell_corner(&c, l, a, x[a]);
            double face_hi = hsf_cell_corner(&c, l, a, x[a] + 1);
            int outer_lo = !periodic[a] && x[a] == 0;
            int outer_hi = !periodic[a] && x[a] == (int32_t)l->n[a] - 1;
            double t_lo = outer_lo ? INFINITY : hsf_parabola_time(r[a], v[a], g[a], face_lo, -1);
            double t_hi = outer_hi ? INFINITY : hsf_parabola_time(r[a], v[a], g[a], face_hi, 1);
            if (t_lo < want && !(t_hi < t_lo))
                want = t_lo, want_axis = a, want_dir = -1;
            else if (t_hi < want)
                want = t_hi, want_axis = a, want_dir = 1;
        }
        int axis = -7, dir = -7, wall_free = -1;
        double t = hsf_cells_exit_time_field(&c, r, v, g, &b[i], &axis, &dir, &wall_free);
        cr_assert(memcmp(&t, &want, sizeof t) == 0,
                  "particle %d (g %g %g %g): %a, the first face at %a", i, g[0], g[1],
                  g[2], t, want);
        if (isinf(want)) {
            none++;
            continue;
        }
        cr_assert(axis == want_axis && dir == want_dir, "particle %d: axis %d dir %d, "
                  "expected %d %d", i, axis, dir, want_axis, want_dir);
        exits++;
        by_field += g[axis] != 0;
    }
    /* Both kinds of exit are common: neither case is left untried. */
    cr_assert_gt(by_field, N / 10);
    cr_assert_gt(exits - by_field, N / 10);
    cr_assert_gt(none, 0, "no particle without an exit: the test is too easy");
    hsf_cells_free(&c);
}

Test(lists, grid_copies_of_anchors_follow_renewals)
{
    enum { N = 3000 };
    static hsf_motion m[N];
    static hsf_body b[N];
    srand(11);
    double lo[3] = { 0, 0, 0 }, hi[3] = { 12, 12, 12 };
    int periodic[3] = { 1, 1, 1 };
    for (int i = 0; i < N; i++) {
        /* A third crowd into one corner: overflow chains. */
        double span = i % 3 ? 12 : 1.2;
        for (int a = 0; a < 3; a++)
            m[i].r[a] = span * rand() / ((double)RAND_MAX + 1);
        m[i].radius = 0.5;
        b[i] = (hsf_body){ .next = HSF_NONE };
    }
    hsf_cells c;
    cr_assert_eq(hsf_cells_build(&c, m, b, N, 3, lo, hi, periodic, 1, 0.25, 1, &err), 0, "%s",
                 hsf_error_message(&err));
    for (int step = 0; step < 20000; step++) {
        uint32_t i = (uint32_t)(rand() % N);
        for (int a = 0; a < 3; a++)
            m[i].r[a] = b[i].anchor[a] + 0.5 * c.skin * (2.0 * rand() / RAND_MAX - 1);
        hsf_cells_reanchor(&c, m, b, i);
    }
    static char seen[N];
    size_t overflowed = 0;
    for (int li = 0; li < c.nlevels; li++) {
        const hsf_cell_level *l = &c.level[li];
        cr_assert_not_null(l->offsets, "with anchors, every level has offsets");
        for (uint32_t cell = 0; cell < l->n[0] * l->n[1] * l->n[2]; cell++) {
            const uint32_t *slot = hsf_cell_at(l, cell), slots = hsf_cell_slots(l);
            uint32_t used = slots && slot[0] < slots ? slot[0] : slots, count = used;
            int32_t x[3];
            hsf_cell_coords(l, cell, x);
            for (uint32_t k = 0; k < used; k++) {
                uint32_t j = slot[2 + k];
                cr_assert_eq(b[j].cell, cell, "particle %u in the slot of another cell", j);
                cr_assert_not(seen[j], "particle %u filed twice", j);
                seen[j] = 1;
                for (int a = 0; a < 3; a++) {
                    double rebuilt = hsf_cell_corner(&c, l, a, x[a]) + hsf_slot_offset(l, cell, k, a);
                    cr_assert_leq(fabs(rebuilt - b[j].anchor[a]), c.offset_error / sqrt(3),
                                  "particle %u axis %d: grid copy %.17g, anchor %.17g", j, a,
                                  rebuilt, b[j].anchor[a]);
                }
            }
            for (uint32_t j = *hsf_cell_chain(l, cell); j != HSF_NONE;
                 j = b[j].next, count++, overflowed++) {
                cr_assert_eq(b[j].cell, cell, "particle %u chained in another cell", j);
                cr_assert_not(seen[j], "particle %u filed twice", j);
                seen[j] = 1;
            }
            if (slots)
                cr_assert_eq(count, slot[0], "cell %u counts %u, holds %u", cell, slot[0], count);
        }
    }
    for (int i = 0; i < N; i++)
        cr_assert(seen[i], "particle %d is filed nowhere", i);
    cr_assert_gt(overflowed, 0, "the crowd should overflow some cells");
    hsf_cells_free(&c);
}

/* An anchor placed ahead of its particle (a sheared box's renewal,
 * hsf_cells_reanchor_ahead) is that far ahead where it stays inside the
 * extent, where the particle is along an axis where it would not, and is
 * filed under its own cell with its grid copy: the particle inside its
 * neighbourhood, in the same image. */
Test(lists, anchors_ahead_stay_in_the_extent_and_their_cells)
{
    enum { N = 2000 };
    static hsf_motion m[N];
    static hsf_body b[N];
    srand(13);
    double lo[3] = { -3, 0, 0 }, hi[3] = { 9, 12, 12 };
    int periodic[3] = { 1, 1, 1 };
    for (int i = 0; i < N; i++) {
        for (int a = 0; a < 3; a++)
            m[i].r[a] = lo[a] + (hi[a] - lo[a]) * rand() / ((double)RAND_MAX + 1);
        m[i].radius = 0.5;
        b[i] = (hsf_body){ .next = HSF_NONE };
    }
    hsf_cells c;
    cr_assert_eq(hsf_cells_build(&c, m, b, N, 3, lo, hi, periodic, 1, 0.25, 1, &err), 0, "%s",
                 hsf_error_message(&err));
    int kept = 0, moved = 0;
    for (int step = 0; step < 20000; step++) {
        uint32_t i = (uint32_t)(rand() % N);
        for (int a = 0; a < 3; a++)
            m[i].r[a] = b[i].anchor[a] + 0.5 * c.skin * (2.0 * rand() / RAND_MAX - 1);
        double ahead[3] = { 0.95 * c.skin * (2.0 * rand() / RAND_MAX - 1), 0, 0 };
        hsf_cells_reanchor_ahead(&c, m, b, i, ahead);
        const hsf_cell_level *l = &c.level[b[i].level];
        double to = m[i].r[0] + ahead[0];
        int inside = to >= lo[0] && to < hi[0];
        cr_assert_eq(b[i].anchor[0], inside ? to : m[i].r[0], "step %d: anchor %.17g, r %.17g",
                     step, b[i].anchor[0], m[i].r[0]);
        kept += !inside, moved += inside;
        int32_t x[3];
        hsf_cell_coords(l, b[i].cell, x);
        double d2 = 0;
        for (int a = 0; a < 3; a++) {
            cr_assert(b[i].anchor[a] >= lo[a] && b[i].anchor[a] < hi[a]);
            cr_assert_eq(x[a], (int32_t)floor((b[i].anchor[a] - lo[a]) / l->side[a]),
                         "filed under the anchor's cell");
            double d = m[i].r[a] - b[i].anchor[a];
            d2 += d * d;
        }
        cr_assert_lt(sqrt(d2), c.skin, "the particle is inside its neighbourhood");
    }
    cr_assert_gt(kept, 0, "some anchors would have left the extent");
    cr_assert_gt(moved, kept, "most go ahead");
    for (uint32_t i = 0; i < N; i++) {
        const hsf_cell_level *l = &c.level[b[i].level];
        const uint32_t *slot = hsf_cell_at(l, b[i].cell), slots = hsf_cell_slots(l);
        int32_t x[3];
        hsf_cell_coords(l, b[i].cell, x);
        for (uint32_t k = 0; k < slots && k < slot[0]; k++)
            if (slot[2 + k] == i)
                for (int a = 0; a < 3; a++)
                    cr_assert_leq(fabs(hsf_cell_corner(&c, l, a, x[a]) +
                                       hsf_slot_offset(l, b[i].cell, k, a) - b[i].anchor[a]),
                                  c.offset_error / sqrt(3), "the grid copy follows the anchor");
    }
    hsf_cells_free(&c);
}

/* Whether j is within reach of i's neighbourhood (nearest image, box of
 * side len): what every list must say, renewed or not. */
static int in_reach(const hsf_motion *m, const hsf_body *b, uint32_t i, uint32_t j,
                    double len, double skin)
{
    double d2 = 0;
    for (int a = 0; a < 3; a++) {
        double d = b[i].anchor[a] - b[j].anchor[a];
        d -= len * nearbyint(d / len);
        d2 += d * d;
    }
    double reach = m[i].radius + m[j].radius + 2 * skin;
    return d2 < reach * reach;
}

/* Renewals keep every list exact and symmetric: the old neighbours that
 * stay are found by their marks, those that go leave, the new ones join;
 * across the marks' tag coming round too: after 200 renewals the count is
 * set just below it, so that their tags come again at once, with many of
 * their marks still in place unless the wrap clears them. */
Test(lists, renewals_keep_every_list_exact_and_symmetric)
{
    enum { N = 800 };
    static hsf_motion m[N];
    static hsf_body b[N];
    srand(5);
    double len = 9, lo[3] = { 0, 0, 0 }, hi[3] = { len, len, len };
    int periodic[3] = { 1, 1, 1 };
    for (int i = 0; i < N; i++) {
        for (int a = 0; a < 3; a++)
            m[i].r[a] = len * rand() / ((double)RAND_MAX + 1);
        m[i].radius = 0.5;
        b[i] = (hsf_body){ .next = HSF_NONE };
    }
    hsf_cells c;
    hsf_neighbours nb;
    cr_assert_eq(hsf_cells_build(&c, m, b, N, 3, lo, hi, periodic, 1, 0.35, 1, &err), 0, "%s",
                 hsf_error_message(&err));
    cr_assert_eq(hsf_neighbours_build(&nb, &c, m, b, N, NULL, &err), 0, "%s",
                 hsf_error_message(&err));
    size_t joined = 0, left = 0;
    for (int step = 0; step < 6000; step++) {
        if (step == 200)
            nb.renewals = 0xffffff - 1;
        uint32_t i = (uint32_t)(rand() % N);
        uint32_t before = *hsf_nb_count(&nb, i);
        for (int a = 0; a < 3; a++) {
            double r = b[i].anchor[a] + 1.5 * c.skin * (2.0 * rand() / RAND_MAX - 1);
            m[i].r[a] = r - len * floor(r / len);
        }
        hsf_cells_reanchor(&c, m, b, i);
        cr_assert_eq(hsf_neighbours_renew(&nb, &c, m, b, i, &err), 0, "%s",
                     hsf_error_message(&err));
        uint32_t after = *hsf_nb_count(&nb, i);
        joined += after > before ? after - before : 0;
        left += before > after ? before - after : 0;
        if (step % 100 != 99)
            continue;
        for (uint32_t p = 0; p < N; p++) {
            static char listed[N];
            memset(listed, 0, sizeof listed);
            const uint32_t *list = hsf_nb_list(&nb, p);
            for (uint32_t k = 0; k < *hsf_nb_count(&nb, p); k++) {
                cr_assert_not(listed[list[k]], "step %d: %u lists %u twice", step, p, list[k]);
                listed[list[k]] = 1;
            }
            for (uint32_t q = 0; q < N; q++)
                cr_assert_eq(listed[q], q != p && in_reach(m, b, p, q, len, c.skin),
                             "step %d: %u %s %u", step, p, listed[q] ? "lists" : "misses", q);
        }
    }
    cr_assert_lt(nb.renewals, 6000, "the tag should have come round");
    /* The marks of one renewal, then the tag round at once and a particle
     * from afar renewed among the neighbours that renewal marked: none of
     * them was its neighbour, so none may be taken for one. */
    uint32_t near = 0, far = 1;
    for (uint32_t q = 1; q < N; q++)
        if (!in_reach(m, b, near, q, len, c.skin) &&
            *hsf_nb_count(&nb, q) > 0 && *hsf_nb_count(&nb, near) > 0) {
            far = q;
            break;
        }
    nb.renewals = 0;
    cr_assert_eq(hsf_neighbours_renew(&nb, &c, m, b, near, &err), 0, "%s",
                 hsf_error_message(&err));
    nb.renewals = 0xffffff;
    for (int a = 0; a < 3; a++)
        m[far].r[a] = b[near].anchor[a] + (a == 0 ? 0.2 : 0);
    m[far].r[0] -= len * floor(m[far].r[0] / len);
    hsf_cells_reanchor(&c, m, b, far);
    cr_assert_eq(hsf_neighbours_renew(&nb, &c, m, b, far, &err), 0, "%s",
                 hsf_error_message(&err));
    cr_assert_eq(nb.renewals, 1, "the tag should have come round again");
    for (uint32_t p = 0; p < N; p++) {
        static char listed[N];
        memset(listed, 0, sizeof listed);
        const uint32_t *list = hsf_nb_list(&nb, p);
        for (uint32_t k = 0; k < *hsf_nb_count(&nb, p); k++)
            listed[list[k]] = 1;
        for (uint32_t q = 0; q < N; q++)
            cr_assert_eq(listed[q], q != p && in_reach(m, b, p, q, len, c.skin),
                         "after the tag came round: %u %s %u", p,
                         listed[q] ? "lists" : "misses", q);
    }
    cr_assert_gt(joined, 1000, "renewals should bring new neighbours");
    cr_assert_gt(left, 1000, "and lose old ones");
    hsf_neighbours_free(&nb);
    hsf_cells_free(&c);
}

Test(queue, a_wrong_indexed_setting_is_refused)
{
    assert_refused("[simulation]\nparticles = %s\nend_time = 1\n[boundary]\nsize = 4 4\n"
                   "[queue]\nindexed = sometimes\n",
                   "run.ini:7: [queue] indexed: expected yes, no or auto, found 'sometimes'");
}

/* ---- cells no wall reaches ---------------------------------------------- */

/* Boundary NAME made from "[boundary]\n" TEXT in dim dimensions, its
 * extent [0, side] along every axis; discs or spheres of two sizes (two
 * grid levels) placed at random inside it, the grid marked by the
 * boundary's wall_free_box.  On random parabolas and straight lines (at
 * random times, for walls that move) a particle in a marked cell must
 * leave its cell no later than first_hit says it touches a wall, and no
 * cell at the grid's edge is marked.  Returns the share of particles in marked cells. */
static double wall_free_cells_keep_walls_away(const char *name, const char *text, int dim,
                                              double side)
{
    enum { N = 3000 };
    static hsf_motion m[N];
    static hsf_body b[N];
    hsf_plugin_path bpp;
    hsf_plugin bplugin;
    hsf_config_file bcf;
    hsf_config bcfg;
    char ini[256];
    snprintf(ini, sizeof ini, "[boundary]\n%s", text);
    cr_assert_eq(hsf_config_load(&bcf, write_temp(0, "wf.ini", ini), &err), 0);
    cr_assert_eq(hsf_plugin_path_init(&bpp, NULL, &err), 0);
    cr_assert_eq(hsf_plugin_open(&bpp, name, HSF_PLUGIN_BOUNDARY, &bplugin, &err), 0, "%s",
                 hsf_error_message(&err));
    const hsf_boundary_type *bt = bplugin.info->vtable;
    cr_assert_eq(hsf_config_bind(&bcf, "boundary", NULL, bplugin.info->params, &bcfg, &err), 0);
    void *bs = calloc(1, bt->state_size);
    cr_assert_eq(bt->init(bs, &bcfg, dim, &err), 0, "%s", hsf_error_message(&err));
    cr_assert(bt->wall_free_box, "%s has no wall_free_box", name);
    double lo[3], hi[3];
    int periodic[3];
    bt->extent(bs, lo, hi, periodic);
    for (int i = 0; i < N; i++) {
        m[i].radius = i % 2 ? 0.1 : 0.35;
        do {
            for (int a = 0; a < 3; a++)
                m[i].r[a] = a < dim ? side * rand() / ((double)RAND_MAX + 1) : 0;
        } while (bt->check(bs, m[i].r, m[i].radius, &err));
        b[i] = (hsf_body){ .next = HSF_NONE };
    }
    hsf_cells c;
    cr_assert_eq(hsf_cells_build(&c, m, b, N, dim, lo, hi, periodic, 1, 0, 0, &err), 0, "%s",
                 hsf_error_message(&err));
    cr_assert_eq(c.nlevels, 2);
    double flo[3], fhi[3];
    bt->wall_free_box(bs, flo, fhi);
    hsf_cells_mark_wall_free(&c, flo, fhi);
    size_t marked = 0, met = 0;
    for (int i = 0; i < N; i++) {
        hsf_path p = { .motion = HSF_PATH_FIELD, .time = 50.0 * rand() / RAND_MAX,
                       .radius = m[i].radius };
        for (int a = 0; a < dim; a++) {
            p.r[a] = m[i].r[a];
            p.v[a] = 4.0 * rand() / RAND_MAX - 2;
            p.a[a] = 6.0 * rand() / RAND_MAX - 3;
        }
        int axis, dir, wall_free = -1, wall = -1;
        double t_cell = hsf_cells_exit_time_field(&c, p.r, p.v, p.a, &b[i], &axis, &dir,
                                                  &wall_free);
        int32_t x[3];
        const hsf_cell_level *l = &c.level[b[i].level];
        hsf_cell_coords(l, b[i].cell, x);
        for (int a = 0; a < dim; a++)
            cr_assert(!wall_free || (x[a] > 0 && x[a] < (int32_t)l->n[a] - 1),
                      "%s: cell %d of %u along axis %d is at the edge, yet marked", name, x[a],
                      l->n[a], a);
        double t_wall = bt->first_hit(bs, &p, &wall);
        met += t_wall < t_cell;
        /* The same on a straight line (the hard-sphere path's exit). */
        hsf_motion line = m[i];
        hsf_path straight = p;
        straight.motion = 0;
        for (int a = 0; a < 3; a++)
            line.v[a] = p.v[a], line.t = 0, straight.a[a] = 0;
        int line_free = -1;
        double t_line_cell = hsf_cells_exit_time(&c, &line, &b[i], &axis, &dir, &line_free);
        double t_line_wall = bt->first_hit(bs, &straight, &wall);
        cr_assert_eq(line_free, wall_free, "%s: particle %d's cell marked one way only", name,
                     i);
        if (!wall_free)
            continue;
        marked++;
        cr_assert_geq(t_wall, t_cell, "%s: particle %d of radius %g meets wall %d at %.17g, "
                      "before it leaves its marked cell at %.17g", name, i, p.radius, wall,
                      t_wall, t_cell);
        cr_assert_geq(t_line_wall, t_line_cell, "%s: particle %d on a straight line meets a "
                      "wall at %.17g, before it leaves its marked cell at %.17g", name, i,
                      t_line_wall, t_line_cell);
    }
    cr_assert_gt(met, 0, "%s: no particle meets a wall before leaving its cell: too easy", name);
    /* A build clears the marks. */
    hsf_cells_free(&c);
    cr_assert_eq(hsf_cells_build(&c, m, b, N, dim, lo, hi, periodic, 1, 0, 0, &err), 0);
    int32_t x[3] = { 0, 0, 0 };
    for (int i = 0; i < N; i++) {
        hsf_cell_coords(&c.level[b[i].level], b[i].cell, x);
        cr_assert_eq(hsf_cells_wall_free(&c, &b[i], x), 0, "a mark outlived the build");
    }
    hsf_cells_free(&c);
    if (bt->fini)
        bt->fini(bs);
    free(bs);
    hsf_config_unbind(&bcfg);
    hsf_config_file_free(&bcf);
    hsf_plugin_close(&bplugin);
    hsf_plugin_path_free(&bpp);
    return (double)marked / N;
}

Test(cells, no_wall_is_met_before_leaving_a_wall_free_cell)
{
    srand(11);
    double box2 = wall_free_cells_keep_walls_away("box", "size = 24 24\n", 2, 24);
    double box3 = wall_free_cells_keep_walls_away("box", "size = 9 9 9\n", 3, 9);
    double vib = wall_free_cells_keep_walls_away("box", "size = 24 24\nvibrate = -y\n"
                                                 "amplitude = 2\nfrequency = 0.3\n", 2, 24);
    double disc = wall_free_cells_keep_walls_away("circle", "center = 12 12\nradius = 12\n",
                                                  2, 24);
    double ball = wall_free_cells_keep_walls_away("circle", "center = 6 6 6\nradius = 6\n",
                                                  3, 12);
    /* Most cells of a box are inner ones; fewer of a round container. */
    cr_assert_gt(box2, 0.8, "box 2D: %g marked", box2);
    cr_assert_gt(box3, 0.5, "box 3D: %g marked", box3);
    cr_assert(vib > 0.6 && vib < box2, "vibrating box: %g marked, fixed %g", vib, box2);
    cr_assert_gt(disc, 0.3, "circle: %g marked", disc);
    cr_assert_gt(ball, 0.1, "sphere: %g marked", ball);
}

/* Along a periodic axis every cell or none: the box must span the axis. */
Test(cells, a_periodic_axis_is_wall_free_only_when_the_box_spans_it)
{
    enum { N = 400 };
    static hsf_motion m[N];
    static hsf_body b[N];
    for (int i = 0; i < N; i++) {
        m[i] = (hsf_motion){ .radius = 0.2, .r = { 10.0 * (i % 20) / 20 + 0.25,
                                                   10.0 * (i / 20) / 20 + 0.25, 0 } };
        b[i] = (hsf_body){ .next = HSF_NONE };
    }
    double lo[3] = { 0, 0, 0 }, hi[3] = { 10, 10, 0 };
    int periodic[3] = { 1, 0, 0 };
    hsf_cells c;
    cr_assert_eq(hsf_cells_build(&c, m, b, N, 2, lo, hi, periodic, 1, 0, 0, &err), 0);
    const hsf_cell_level *l = &c.level[0];
    double spans_lo[3] = { -1, 0, 0 }, spans_hi[3] = { 11, 10, 0 };
    hsf_cells_mark_wall_free(&c, spans_lo, spans_hi);
    cr_assert(l->clear_lo[0] == 0 && l->clear_end[0] == (int32_t)l->n[0]);
    cr_assert(l->clear_lo[1] == 1 && l->clear_end[1] == (int32_t)l->n[1] - 1,
              "walls at the faces of y: all but the outer cells, found [%d, %d) of %u",
              l->clear_lo[1], l->clear_end[1], l->n[1]);
    double short_lo[3] = { 0.5, 0, 0 };
    hsf_cells_mark_wall_free(&c, short_lo, spans_hi);
    cr_assert_eq(l->clear_end[0], l->clear_lo[0], "x is not spanned: no cell is clear");
    double empty_lo[3] = { -1, 6, 0 }, empty_hi[3] = { 11, 5, 0 };
    hsf_cells_mark_wall_free(&c, empty_lo, empty_hi);
    cr_assert_eq(l->clear_end[1], l->clear_lo[1], "an empty box clears nothing");
    hsf_cells_mark_wall_free(&c, spans_lo, spans_hi);
    cr_assert_eq(c.no_walls, 0, "walls at the faces of y: a prediction with lists asks them");
    hsf_cells_free(&c);
    /* Periodic along both axes: no wall anywhere only when the box spans
     * both (predictions with lists then skip the walls). */
    int both[3] = { 1, 1, 0 };
    cr_assert_eq(hsf_cells_build(&c, m, b, N, 2, lo, hi, both, 1, 0.1, 1, &err), 0);
    cr_assert_eq(c.no_walls, 0, "a build marks nothing");
    hsf_cells_mark_wall_free(&c, spans_lo, spans_hi);
    cr_assert_eq(c.no_walls, 1);
    hsf_cells_mark_wall_free(&c, short_lo, spans_hi);
    cr_assert_eq(c.no_walls, 0, "x is not spanned");
    hsf_cells_free(&c);
}

/* The periodic and sheared boxes keep their whole extent free of walls. */
Test(cells, periodic_and_sheared_boxes_have_no_walls)
{
    const char *names[] = { "periodic", "sheared" };
    for (int k = 0; k < 2; k++) {
        hsf_plugin_path bpp;
        hsf_plugin bplugin;
        hsf_config_file bcf;
        hsf_config bcfg;
        cr_assert_eq(hsf_config_load(&bcf, write_temp(0, "nw.ini", k ? "[boundary]\nsize = 8 6 5\n"
                                                                          "rate = 0.5\n"
                                                                        : "[boundary]\nsize = 8 6 5\n"),
                                     &err), 0);
        cr_assert_eq(hsf_plugin_path_init(&bpp, NULL, &err), 0);
        cr_assert_eq(hsf_plugin_open(&bpp, names[k], HSF_PLUGIN_BOUNDARY, &bplugin, &err), 0,
                     "%s", hsf_error_message(&err));
        const hsf_boundary_type *bt = bplugin.info->vtable;
        cr_assert_eq(hsf_config_bind(&bcf, "boundary", NULL, bplugin.info->params, &bcfg, &err),
                     0, "%s", hsf_error_message(&err));
        void *bs = calloc(1, bt->state_size);
        cr_assert_eq(bt->init(bs, &bcfg, 3, &err), 0, "%s", hsf_error_message(&err));
        cr_assert(bt->wall_free_box, "%s has no wall_free_box", names[k]);
        double lo[3], hi[3], flo[3], fhi[3];
        int wraps[3];
        bt->extent(bs, lo, hi, wraps);
        bt->wall_free_box(bs, flo, fhi);
        for (int a = 0; a < 3; a++)
            cr_assert(wraps[a] && flo[a] <= lo[a] && fhi[a] >= hi[a],
                      "%s: axis %d: [%g, %g] against the extent [%g, %g]", names[k], a, flo[a],
                      fhi[a], lo[a], hi[a]);
        double r[3] = { 1, 2, 3 }, v[3] = { 0.3, -0.2, 0.1 };
        int wall = -1;
        cr_assert(isinf(bt->next_hit(bs, r, v, 0.5, &wall)), "%s: a wall hit", names[k]);
        free(bs);
        hsf_config_unbind(&bcfg);
        hsf_config_file_free(&bcf);
        hsf_plugin_close(&bplugin);
        hsf_plugin_path_free(&bpp);
    }
}
