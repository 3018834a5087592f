/* The measuring outputs rdf (lattices, the ideal gas, the contact value of
 * the disc fluid) and freepath (an exactly periodic pair, the Enskog gas)
 * on cases with known answers; speeds is in test_speeds.c. */
#include <math.h>
#include <stdlib.h>

#include <criterion/criterion.h>

#include "runlib.h"
#include "testlib.h"

static hsf_error err;
static char summary[8192];

static int run(const char *ini)
{
    return run_file(write_temp(0, "run.ini", ini), &err, summary, sizeof summary);
}

/* The number after "# key " in a CSV file; fails the test if absent. */
static double comment_value(const char *path, const char *key)
{
    FILE *f = fopen(path, "r");
    cr_assert(f, "no file %s", path);
    char line[1024], want[128];
    snprintf(want, sizeof want, "# %s ", key);
    double value = NAN;
    while (fgets(line, sizeof line, f))
        if (!strncmp(line, want, strlen(want)))
            value = strtod(line + strlen(want), NULL);
    fclose(f);
    cr_assert(!isnan(value), "%s has no '%s' line", path, key);
    return value;
}

/* n x n discs on a square lattice of spacing a in a periodic box, speeds
 * set by speed(k), directions at random, masses by mass(k). */
static const char *grid_file(int n, double a, double radius, double (*speed)(int),
                             double (*mass)(int), unsigned seed)
{
    size_t cap = (size_t)n * n * 160 + 64, used = 0;
    char *text = malloc(cap);
    used += (size_t)snprintf(text, cap, "%d\n", n * n);
    srand(seed);
    for (int k = 0; k < n * n; k++) {
        double angle = 2 * M_PI * rand() / ((double)RAND_MAX + 1), v = speed(k);
        used += (size_t)snprintf(text + used, cap - used, "%.17g %.17g %.17g %.17g %g %g 0 0 0\n",
                                 (k % n + 0.5) * a, (k / n + 0.5) * a, v * cos(angle),
                                 v * sin(angle), radius, mass(k));
    }
    const char *path = write_temp(1, "grid.txt", text);
    free(text);
    return path;
}

static double unit(int k)
{
    (void)k;
    return 1;
}

static double still(int k)
{
    (void)k;
    return 0;
}

/* ---- rdf ---------------------------------------------------------------- */

/* g(r) as read back: bins of r and g. */
static size_t read_rdf(const char *path, double *r, double *g, size_t max)
{
    FILE *f = fopen(path, "r");
    char line[256];
    size_t n = 0;
    cr_assert(fgets(line, sizeof line, f));
    while (n < max && fgets(line, sizeof line, f))
        if (line[0] != '#' && sscanf(line, "%lf,%lf", &r[n], &g[n]) == 2)
            n++;
    fclose(f);
    return n;
}

Test(rdf, a_square_lattice_has_peaks_at_its_distances)
{
    const char *grid = grid_file(20, 1, 0.1, still, unit, 5);
    const char *csv = temp_output(2, "rdf.csv");
    char ini[1024];
    snprintf(ini, sizeof ini, "[simulation]\nparticles = %s\nend_time = 1\n[boundary]\n"
             "plugin = periodic\nsize = 20 20\n[output.g]\nplugin = rdf\nfile = %s\n"
             "bins = 100\nr_max = 2.5\n", grid, csv);
    cr_assert_eq(run(ini), 0, "%s", hsf_error_message(&err));
    static double r[100], g[100];
    cr_assert_eq(read_rdf(csv, r, g, 100), 100);
    /* Neighbours at 1, sqrt 2, 2, sqrt 5 (4 of each but 4 at 2): nothing
     * in between, and each shell's g = count / (rho 2 pi r dr). */
    const double shells[][2] = { { 1, 4 }, { M_SQRT2, 4 }, { 2, 4 }, { sqrt(5), 8 } };
    for (size_t b = 0; b < 100; b++) {
        double lo = r[b] - 0.0125, hi = r[b] + 0.0125, expected = 0;
        for (int s = 0; s < 4; s++)
            if (shells[s][0] >= lo && shells[s][0] < hi)
                expected = shells[s][1] / (M_PI * (hi * hi - lo * lo));
        cr_assert_float_eq(g[b], expected, 1e-8 * (1 + expected), "r = %g", r[b]);
    }
}

Test(rdf, an_ideal_gas_is_flat)
{
    /* 2000 points at random, no collisions: g = 1 within the noise of
     * about 10^4 to 10^5 pairs per bin. */
    size_t cap = 2000 * 100 + 64, used = 0;
    char *text = malloc(cap);
    used += (size_t)snprintf(text, cap, "2000\n");
    srand(6);
    for (int k = 0; k < 2000; k++)
        used += (size_t)snprintf(text + used, cap - used, "%.17g %.17g 0 0 1e-7 1 0 0 0\n",
                                 10.0 * rand() / ((double)RAND_MAX + 1),
                                 10.0 * rand() / ((double)RAND_MAX + 1));
    const char *gas = write_temp(1, "gas.txt", text);
    free(text);
    const char *csv = temp_output(2, "rdf.csv");
    char ini[1024];
    snprintf(ini, sizeof ini, "[simulation]\nparticles = %s\nend_time = 1\n[boundary]\n"
             "plugin = periodic\nsize = 10 10\n[output.g]\nplugin = rdf\nfile = %s\n"
             "bins = 20\n", gas, csv);
    cr_assert_eq(run(ini), 0, "%s", hsf_error_message(&err));
    double r[20], g[20];
    cr_assert_eq(read_rdf(csv, r, g, 20), 20);
    for (int b = 4; b < 20; b++)
        cr_assert_lt(fabs(g[b] - 1), 0.05, "g(%g) = %g", r[b], g[b]);
}

Test(rdf, contact_value_of_the_disc_fluid)
{
    /* Henderson's equation of state for hard discs, Mol. Phys. 30, 971
     * (1975): g(sigma) = (1 - 7 phi / 16) / (1 - phi)^2 = 1.773 at 0.3. */
    const char *csv = temp_output(2, "rdf.csv");
    char ini[1024];
    snprintf(ini, sizeof ini, "[simulation]\nend_time = 80\n[init]\nlattice = square\n"
             "cells = 30 30\npacking_fraction = 0.3\n[boundary]\nplugin = periodic\n"
             "[output.g]\nplugin = rdf\nfile = %s\ninterval = 0.5\nstart = 10\nbins = 400\n",
             csv);
    cr_assert_eq(run(ini), 0, "%s", hsf_error_message(&err));
    double henderson = (1 - 7 * 0.3 / 16) / (0.7 * 0.7);
    double contact = comment_value(csv, "contact_value");
    cr_assert_lt(fabs(contact / henderson - 1), 0.04, "g(sigma) = %g, Henderson %g", contact,
                 henderson);
}

/* ---- freepath ----------------------------------------------------------- */

Test(freepath, a_pair_on_a_periodic_line)
{
    /* Two discs of radius 0.05 meeting head on at speed 1 in a periodic
     * box of side 1: after each collision they part and meet again through
     * the boundary after covering 1 - 2 sigma = 0.8 at relative speed 2,
     * so every free time is 0.4 and every free path 0.4. */
    write_temp(3, "pair.txt", "2\n0.25 0.5 1 0 0.05 1 0 0 0\n0.75 0.5 -1 0 0.05 1 0 0 0\n");
    const char *csv = temp_output(2, "free.csv");
    char ini[1024];
    snprintf(ini, sizeof ini, "[simulation]\nparticles = pair.txt\nend_time = 10.1\n"
             "[boundary]\nplugin = periodic\nsize = 1 1\n[output.f]\nplugin = freepath\n"
             "file = %s\n", csv);
    cr_assert_eq(run(ini), 0, "%s", hsf_error_message(&err));
    cr_assert_eq(summary_number(summary, "collisions"), 25);
    cr_assert_eq(comment_value(csv, "free_paths"), 48);
    cr_assert_float_eq(comment_value(csv, "mean_free_time"), 0.4, 1e-9);
    cr_assert_float_eq(comment_value(csv, "mean_free_path"), 0.4, 1e-9);
    cr_assert_float_eq(comment_value(csv, "collision_frequency"), 50 / (2 * 10.1), 1e-9);
}

Test(freepath, the_hard_sphere_gas_agrees_with_enskog)
{
    /* At packing fraction 0.1 the Enskog mean free path is good to a few
     * percent.  It is worked out here, not taken from the output: Maxwell's
     * dilute-gas value 1 / (sqrt(2) pi n sigma^2), n = 6 phi / (pi
     * sigma^3), sigma = 1, divided (Enskog) by the Carnahan-Starling
     * contact value g(sigma) = (1 - phi / 2) / (1 - phi)^3 (N. F. Carnahan
     * and K. E. Starling, J. Chem. Phys. 51, 635 (1969)): 0.904352357. */
    const double phi = 0.1;
    const double enskog = pow(1 - phi, 3) / (6 * sqrt(2) * phi * (1 - phi / 2));
    cr_assert_float_eq(enskog, 0.904352357, 1e-9);
    const char *csv = temp_output(2, "free.csv");
    char ini[1024];
    snprintf(ini, sizeof ini, "[simulation]\ndim = 3\nend_time = 30\n[init]\nlattice = fcc\n"
             "cells = 6 6 6\npacking_fraction = 0.1\n[boundary]\nplugin = periodic\n"
             "[output.f]\nplugin = freepath\nfile = %s\n", csv);
    cr_assert_eq(run(ini), 0, "%s", hsf_error_message(&err));
    double maxwell = comment_value(csv, "mean_speed_over_frequency");
    cr_assert_lt(fabs(maxwell / enskog - 1), 0.05, "lambda %g, Enskog %g", maxwell, enskog);
    /* The output's own Enskog value is the same number. */
    cr_assert_float_eq(comment_value(csv, "enskog_mean_free_path"), enskog, 1e-8);
    /* Tait's mean over paths is shorter: 0.677 / 0.707 of Maxwell's in the
     * dilute limit. */
    double tait = comment_value(csv, "mean_free_path");
    cr_assert_lt(fabs(tait / maxwell - 0.677 / 0.7071), 0.03, "Tait %g, Maxwell %g", tait,
                 maxwell);
}
