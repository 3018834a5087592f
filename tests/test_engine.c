/* End-to-end runs through hsf_run(): trajectories against hand-computed
 * positions, conservation, invariants, and the refusal of bad input. */
#include <math.h>
#include <sys/stat.h>

#include <criterion/criterion.h>

#include "host/error_private.h"
#include "runlib.h"
#include "testlib.h"

static hsf_error err;
static char summary[8192];

/* Runs the configuration text (with the particle file text written beside
 * it as p.txt) and returns the exit status; the summary goes to summary. */
static int run(const char *ini, const char *particles)
{
    if (particles)
        write_temp(1, "p.txt", particles);
    return run_file(write_temp(0, "run.ini", ini), &err, summary, sizeof summary);
}

static double summary_value(const char *key)
{
    return summary_number(summary, key);
}

/* A path beside the configuration file, for outputs. */
static const char *out_path(const char *base)
{
    static char buf[512];
    const char *p = write_temp(2, base, "");
    snprintf(buf, sizeof buf, "%s", p);
    unlink(buf);
    return buf;
}

/* Reads an algs4 snapshot: n particles into rows of 9 numbers. */
static int read_algs4(const char *path, double rows[][9], int max)
{
    FILE *f = fopen(path, "r");
    cr_assert(f, "cannot open %s", path);
    int n;
    cr_assert_eq(fscanf(f, "%d", &n), 1);
    cr_assert_leq(n, max);
    for (int i = 0; i < n; i++)
        for (int k = 0; k < 9; k++)
            cr_assert_eq(fscanf(f, "%lf", &rows[i][k]), 1);
    fclose(f);
    return n;
}

/* Free flight between walls at lo and hi: the unfolded coordinate x0 + v t
 * reflected back into [lo, hi]; the sign of the velocity follows. */
static double fold(double x, double lo, double hi, double *sign)
{
    double span = hi - lo, u = fmod(x - lo, 2 * span);
    if (u < 0)
        u += 2 * span;
    *sign = u <= span ? 1 : -1;
    return u <= span ? lo + u : hi - (u - span);
}

Test(engine, single_particle_bounces_as_computed_by_hand)
{
    const char *final = out_path("final.txt");
    char ini[1024];
    snprintf(ini, sizeof ini, "[simulation]\nparticles = p.txt\nend_time = 3.7\n"
             "[boundary]\nsize = 1 1\n[output.final]\nplugin = snapshot\nfile = %s\n", final);
    cr_assert_eq(run(ini, "1\n0.25 0.5 1 0.3 0.1 2 10 20 30\n"), 0, "%s",
                 hsf_error_message(&err));
    double row[1][9], sx, sy;
    cr_assert_eq(read_algs4(final, row, 1), 1);
    double x = fold(0.25 + 1 * 3.7, 0.1, 0.9, &sx), y = fold(0.5 + 0.3 * 3.7, 0.1, 0.9, &sy);
    cr_assert_float_eq(row[0][0], x, 1e-12);
    cr_assert_float_eq(row[0][1], y, 1e-12);
    cr_assert_eq(row[0][2], 1 * sx);
    cr_assert_eq(row[0][3], 0.3 * sy);
    cr_assert(row[0][4] == 0.1 && row[0][5] == 2 && row[0][6] == 10 && row[0][8] == 30);
    /* x hits a wall at t = 0.65, 1.45, 2.25, 3.05; y at t = 0.4 / 0.3. */
    cr_assert_eq(summary_value("boundary_hits"), 5);
    cr_assert_eq(summary_value("collisions"), 0);
}

Test(engine, unequal_masses_head_on)
{
    /* A (m 1, v 1) hits B (m 3, at rest) at t = 0.3; afterwards
     * vA = (1 - 3)/4 = -0.5 and vB = 2/4 = 0.5. */
    const char *final = out_path("final.txt");
    char ini[1024];
    snprintf(ini, sizeof ini, "[simulation]\nparticles = p.txt\nend_time = 0.5\n"
             "[output.final]\nplugin = snapshot\nfile = %s\n", final);
    cr_assert_eq(run(ini, "2\n0.2 0.5 1 0 0.05 1 0 0 0\n0.6 0.5 0 0 0.05 3 0 0 0\n"), 0,
                 "%s", hsf_error_message(&err));
    double rows[2][9];
    cr_assert_eq(read_algs4(final, rows, 2), 2);
    cr_assert_float_eq(rows[0][0], 0.4, 1e-12);
    cr_assert_float_eq(rows[1][0], 0.7, 1e-12);
    cr_assert_float_eq(rows[0][2], -0.5, 1e-15);
    cr_assert_float_eq(rows[1][2], 0.5, 1e-15);
    cr_assert_eq(rows[0][1], 0.5);
    cr_assert_eq(summary_value("collisions"), 1);
    cr_assert_eq(summary_value("boundary_hits"), 0);
}

Test(engine, three_dimensional_gas_conserves_energy_and_stays_legal)
{
    char ini[2048];
    const char *final = out_path("final.xyz");
    snprintf(ini, sizeof ini, "[simulation]\ndim = 3\nparticles = %s/data/gas3d.xyz\n"
             "end_time = 20\n[boundary]\nsize = 10 10 10\n[output.final]\nplugin = snapshot\n"
             "file = %s\n", getenv("HSF_TEST_SRCDIR"), final);
    cr_assert_eq(run(ini, NULL), 0, "%s", hsf_error_message(&err));
    cr_assert_gt(summary_value("collisions"), 10000);
    cr_assert_lt(fabs(summary_value("energy_drift")), 1e-13, "%s", summary);
    /* Every sphere inside the box and no two overlapping at the end. */
    FILE *f = fopen(final, "r");
    int n;
    char line[4096];
    cr_assert_eq(fscanf(f, "%d\n", &n), 1);
    cr_assert(fgets(line, sizeof line, f));
    static double p[400][4];
    for (int i = 0; i < n; i++) {
        char species[8];
        double v[3], mass, c[3];
        cr_assert_eq(fscanf(f, "%7s %lf %lf %lf %lf %lf %lf %lf %lf %lf %lf %lf", species,
                            &p[i][0], &p[i][1], &p[i][2], &v[0], &v[1], &v[2], &p[i][3],
                            &mass, &c[0], &c[1], &c[2]), 12);
        for (int a = 0; a < 3; a++) {
            cr_assert_geq(p[i][a] - p[i][3], -1e-12);
            cr_assert_leq(p[i][a] + p[i][3], 10 + 1e-12);
        }
    }
    fclose(f);
    for (int i = 0; i < n; i++)
        for (int j = i + 1; j < n; j++) {
            double d = sqrt(pow(p[i][0] - p[j][0], 2) + pow(p[i][1] - p[j][1], 2) +
                            pow(p[i][2] - p[j][2], 2));
            cr_assert_geq(d, (p[i][3] + p[j][3]) * (1 - 1e-12), "%d and %d overlap", i, j);
        }
}

Test(engine, overlapping_input_is_refused_and_writes_nothing)
{
    const char *final = out_path("final.txt");
    char ini[1024];
    snprintf(ini, sizeof ini, "[simulation]\nparticles = p.txt\nend_time = 1\n"
             "[output.final]\nplugin = snapshot\nfile = %s\n", final);
    int status = run(ini, "3\n0.2 0.2 0 0 0.1 1 0 0 0\n0.5 0.5 0 0 0.1 1 0 0 0\n"
                     "0.65 0.5 0 0 0.1 1 0 0 0\n");
    cr_assert_eq(status, HSF_EXIT_USAGE);
    const char *m = hsf_error_message(&err);
    cr_assert(strstr(m, "/p.txt:3: particle 2 overlaps particle 3 (line 4) by 0.05"), "%s", m);
    struct stat st;
    cr_assert_neq(stat(final, &st), 0, "no output file may be written");
}

Test(engine, touching_within_roundoff_is_accepted)
{
    /* 0.1 + 0.2 != 0.3 in binary: a touching pair as people write it. */
    cr_assert_eq(run("[simulation]\nparticles = p.txt\nend_time = 1\n",
                     "2\n0.1 0.5 0 0 0.1 1 0 0 0\n0.3 0.5 0 0 0.1 1 0 0 0\n"), 0, "%s",
                 hsf_error_message(&err));
}

Test(engine, particle_outside_the_box_is_refused)
{
    int status = run("[simulation]\nparticles = p.txt\nend_time = 1\n",
                     "1\n0.95 0.5 0 0 0.1 1 0 0 0\n");
    cr_assert_eq(status, HSF_EXIT_USAGE);
    const char *m = hsf_error_message(&err);
    cr_assert(strstr(m, "/p.txt:2: particle 1 is not inside the box boundary: x + radius = "
                     "1.05 is above the side 1"), "%s", m);
}

Test(engine, output_sampling_times)
{
    const char *csv = out_path("thermo.csv");
    char ini[1024];
    snprintf(ini, sizeof ini, "[simulation]\nparticles = p.txt\nend_time = 1\n"
             "[output.t]\nplugin = thermo\nfile = %s\ninterval = 0.3\n", csv);
    cr_assert_eq(run(ini, "1\n0.5 0.5 1 0 0.1 2 0 0 0\n"), 0, "%s", hsf_error_message(&err));
    FILE *f = fopen(csv, "r");
    char line[512];
    cr_assert(fgets(line, sizeof line, f));
    cr_assert_str_eq(line, "time,events,collisions,kinetic_energy,temperature,pressure,"
                     "compressibility,wall_pressure,collision_rate,potential_energy,total_energy\n");
    double expected[] = { 0, 0.3, 0.6, 0.9, 1 };
    for (int k = 0; k < 5; k++) {
        double t, ke, temp;
        unsigned long long events, coll;
        cr_assert(fgets(line, sizeof line, f));
        cr_assert_eq(sscanf(line, "%lf,%llu,%llu,%lf,%lf", &t, &events, &coll, &ke, &temp), 5);
        cr_assert_float_eq(t, expected[k], 1e-15);
        cr_assert_eq(ke, 1, "m v^2 / 2 = 1");
        cr_assert_eq(temp, 1, "kT = 2K/(dN) = 1");
    }
    cr_assert(feof(f) || fgetc(f) == EOF, "exactly five rows");
    fclose(f);
}

/* The last row's value of a thermo column (1-based). */
static double last_column(const char *csv, int column)
{
    FILE *f = fopen(csv, "r");
    char line[1024], last[1024] = "";
    while (fgets(line, sizeof line, f))
        memcpy(last, line, sizeof last);
    fclose(f);
    char *p = last;
    for (int k = 1; k < column; k++)
        p = strchr(p, ',') + 1;
    return strtod(p, NULL);
}

Test(pressure, one_disc_pushing_on_the_walls)
{
    /* Mass 2, speed 1 along x in the unit box, radius 0.1: a hit every 0.8
     * giving 2 m v = 4, i.e. a force of 5 spread over a perimeter of 4. */
    const char *csv = out_path("thermo.csv");
    char ini[1024];
    snprintf(ini, sizeof ini, "[simulation]\nparticles = p.txt\nend_time = 16\n"
             "[output.t]\nplugin = thermo\nfile = %s\ninterval = 16\n", csv);
    cr_assert_eq(run(ini, "1\n0.5 0.5 1 0 0.1 2 0 0 0\n"), 0, "%s", hsf_error_message(&err));
    cr_assert_float_eq(last_column(csv, 8), 1.25, 1e-12);
    cr_assert_float_eq(last_column(csv, 6), 1, 1e-12, "no collisions: N kT / V = 1");
}

Test(pressure, ideal_gas_limit)
{
    /* Tiny discs: Z = 1 + 2 phi + ... with phi = 6e-5. */
    const char *csv = out_path("thermo.csv");
    char ini[1024];
    snprintf(ini, sizeof ini, "[simulation]\nend_time = 200\n[init]\nlattice = square\n"
             "cells = 20 20\npacking_fraction = 0.00006\n[boundary]\nplugin = periodic\n"
             "[output.t]\nplugin = thermo\nfile = %s\ninterval = 200\n", csv);
    cr_assert_eq(run(ini, NULL), 0, "%s", hsf_error_message(&err));
    cr_assert_float_eq(last_column(csv, 7), 1.0, 0.002);
}

Test(pressure, dense_discs_follow_henderson)
{
    /* Hard discs at packing fraction 0.3: Henderson's equation of state,
     * Z = (1 + phi^2 / 8) / (1 - phi)^2 = 2.0638 (Mol. Phys. 30, 971 (1975)). */
    const char *csv = out_path("thermo.csv");
    char ini[1024];
    snprintf(ini, sizeof ini, "[simulation]\nend_time = 40\nseed = 2\n[init]\n"
             "lattice = triangular\ncells = 40 20\npacking_fraction = 0.3\n[boundary]\n"
             "plugin = periodic\n[output.t]\nplugin = thermo\nfile = %s\ninterval = 20\n",
             csv);
    cr_assert_eq(run(ini, NULL), 0, "%s", hsf_error_message(&err));
    cr_assert_float_eq(last_column(csv, 7), 2.0638, 0.03, "%s", summary);
}
