/* The speeds output against known answers: the Rayleigh and Maxwell fits,
 * rejection of a non-thermal state, equipartition in mixtures. */
#include <math.h>

#include <criterion/criterion.h>

#include "runlib.h"
#include "testlib.h"

static hsf_error err;
static char summary[8192];

static int run(const char *ini)
{
    return run_file(write_temp(0, "run.ini", ini), &err, summary, sizeof summary);
}

/* A path in the temporary directory for an output, not yet existing. */
/* The number after word in the first "# prefix..." line of path. */
static double comment_number(const char *path, const char *prefix, const char *word)
{
    FILE *f = fopen(path, "r");
    cr_assert(f, "cannot open %s", path);
    char line[4096], pattern[128];
    snprintf(pattern, sizeof pattern, "# %s", prefix);
    while (fgets(line, sizeof line, f)) {
        if (strncmp(line, pattern, strlen(pattern)))
            continue;
        char key[128];
        snprintf(key, sizeof key, " %s ", word);
        const char *at = strstr(line, key);
        fclose(f);
        cr_assert(at, "no '%s' in %s", word, line);
        return strtod(at + strlen(key), NULL);
    }
    fclose(f);
    cr_assert_fail("no '# %s' line in %s", prefix, path);
    return NAN;
}

/* The value of a "# key value" line. */
static double key_value(const char *path, const char *key)
{
    char prefix[128];
    snprintf(prefix, sizeof prefix, "%s ", key);
    FILE *f = fopen(path, "r");
    cr_assert(f, "cannot open %s", path);
    char line[4096];
    while (fgets(line, sizeof line, f))
        if (!strncmp(line, "# ", 2) && !strncmp(line + 2, prefix, strlen(prefix))) {
            fclose(f);
            return strtod(line + 2 + strlen(prefix), NULL);
        }
    fclose(f);
    cr_assert_fail("no '# %s' in %s", key, path);
    return NAN;
}

/* Reads the first two columns of a CSV (header skipped, # lines ignored). */
static size_t read_columns(const char *path, double *x, double *y, size_t max)
{
    FILE *f = fopen(path, "r");
    cr_assert(f, "cannot open %s", path);
    char line[4096];
    size_t n = 0;
    cr_assert(fgets(line, sizeof line, f));
    while (n < max && fgets(line, sizeof line, f))
        if (line[0] != '#' && sscanf(line, "%lf,%lf", &x[n], &y[n]) == 2)
            n++;
    fclose(f);
    return n;
}

/* A k x k square lattice of discs in a periodic box of side k (algs4
 * format), all with speed 1 in random directions; particles i and i + 2
 * move oppositely so the momentum is zero.  Masses alternate 1 and heavy,
 * or with spread > 0 take 30 values from 1 to 1 + spread (equal for i and
 * i + 2). */
static const char *mixed_gas(int k, double radius, double heavy, double spread, unsigned seed)
{
    size_t n = (size_t)k * (size_t)k, cap = 128 * n + 64, used = 0;
    char *text = malloc(cap);
    used += (size_t)snprintf(text, cap, "%zu\n", n);
    srand(seed);
    double angle = 0;
    for (size_t i = 0; i < n; i++) {
        if (i % 4 < 2)
            angle = 2 * M_PI * rand() / ((double)RAND_MAX + 1);
        else
            angle += M_PI;
        used += (size_t)snprintf(text + used, cap - used, "%.17g %.17g %.17g %.17g %g %g 0 0 0\n",
                                 (double)(i % (size_t)k) + 0.5, (double)(i / (size_t)k) + 0.5,
                                 cos(angle), sin(angle), radius,
                                 spread > 0 ? 1 + spread * (double)(i / 4 % 30) / 29
                                            : i % 2 ? heavy : 1.0);
    }
    const char *path = write_temp(1, "gas.txt", text);
    free(text);
    return path;
}

static const char *equal_speed_gas(int k, double radius, double heavy, unsigned seed)
{
    return mixed_gas(k, radius, heavy, 0, seed);
}

static void run_speeds(const char *particles, int k, double end, double start, double interval,
                       const char *csv)
{
    char ini[1024];
    snprintf(ini, sizeof ini, "[simulation]\nparticles = %s\nend_time = %g\n"
             "[boundary]\nplugin = periodic\nsize = %d %d\n[output.s]\nplugin = speeds\n"
             "file = %s\nstart = %g\ninterval = %g\n", particles, end, k, k, csv, start,
             interval);
    cr_assert_eq(run(ini), 0, "%s", hsf_error_message(&err));
}

Test(speeds, equal_speeds_relax_to_rayleigh)
{
    const char *csv = temp_output(2, "speeds.csv");
    run_speeds(equal_speed_gas(32, 0.3, 1, 1), 32, 30, 10, 0.5, csv);
    /* All speeds 1, mass 1: kT = 2K / (2N) = 1/2 exactly. */
    cr_assert_float_eq(key_value(csv, "kT"), 0.5, 1e-12);
    double per_dof = comment_number(csv, "chi2", "chi2/dof"), p = comment_number(csv, "chi2", "p");
    cr_log_info("Rayleigh: chi2/dof %g p %g", per_dof, p);
    cr_assert_lt(per_dof, 2, "chi2/dof %g", per_dof);
    cr_assert_gt(p, 1e-3, "p %g", p);
    /* The measured density peaks at the Rayleigh mode sqrt(kT / m). */
    double v[64], f[64], best = 0, mode = 0;
    size_t n = read_columns(csv, v, f, 64);
    cr_assert_eq(n, 40);
    for (size_t b = 0; b < n; b++)
        if (f[b] > best)
            best = f[b], mode = v[b];
    cr_assert_lt(fabs(mode - M_SQRT1_2), 0.1, "mode %g", mode);
}

Test(speeds, equal_speeds_without_collisions_are_rejected)
{
    /* Tiny discs that never meet: every speed stays 1. */
    const char *csv = temp_output(2, "speeds.csv");
    run_speeds(equal_speed_gas(32, 1e-4, 1, 1), 32, 0.1, 0, 100, csv);
    cr_assert_eq(summary_number(summary, "collisions"), 0);
    double p = comment_number(csv, "chi2", "p");
    cr_log_info("equal speeds: chi2/dof %g p %g", comment_number(csv, "chi2", "chi2/dof"), p);
    cr_assert_lt(p, 1e-10, "p %g", p);
    cr_assert_gt(comment_number(csv, "chi2", "chi2/dof"), 100);
}

Test(speeds, binary_mixture_reaches_equipartition)
{
    /* Same speeds, masses 1 and 10: class energies start 10 times apart. */
    const char *csv = temp_output(2, "speeds.csv");
    run_speeds(equal_speed_gas(32, 0.3, 10, 2), 32, 400, 100, 0.5, csv);
    double light = comment_number(csv, "mass 1:", "kT_class =");
    double heavy = comment_number(csv, "mass 10:", "kT_class =");
    cr_log_info("mixture: kT light %g heavy %g, p %g", light, heavy,
                comment_number(csv, "chi2", "p"));
    cr_assert_lt(fabs(heavy / light - 1), 0.03, "kT light %g heavy %g", light, heavy);
    /* The mass-averaged Rayleigh density fits the mixture. */
    double p = comment_number(csv, "chi2", "p");
    cr_assert_gt(p, 1e-3, "p %g", p);
}

/* 30 masses from 1 to 9 grouped in 4 log-mass classes: the classes hold
 * every particle, say their mass range and share one temperature. */
Test(speeds, many_masses_are_grouped_in_classes)
{
    const char *csv = temp_output(2, "speeds.csv");
    char ini[1024];
    snprintf(ini, sizeof ini, "[simulation]\nparticles = %s\nend_time = 150\n"
             "[boundary]\nplugin = periodic\nsize = 32 32\n[output.s]\nplugin = speeds\n"
             "file = %s\nstart = 30\ninterval = 0.5\nmax_classes = 4\n",
             mixed_gas(32, 0.3, 1, 8, 5), csv);
    cr_assert_eq(run(ini), 0, "%s", hsf_error_message(&err));
    FILE *f = fopen(csv, "r");
    char line[4096];
    size_t classes = 0, particles = 0;
    double kT = key_value(csv, "kT");
    while (fgets(line, sizeof line, f)) {
        double m, e, t, lo, hi;
        size_t count;
        if (sscanf(line, "# mass %lf: particles %zu, mean kinetic energy %lf, kT_class = %lf "
                   "(masses %lf to %lf)", &m, &count, &e, &t, &lo, &hi) != 6)
            continue;
        classes++;
        particles += count;
        cr_log_info("class: mass %g (%g to %g), %zu particles, kT %g of %g", m, lo, hi,
                    count, t, kT);
        cr_assert(lo <= m && m <= hi, "%s", line);
        cr_assert_lt(fabs(t / kT - 1), 0.05, "%s", line);
    }
    fclose(f);
    cr_assert_eq(classes, 4);
    cr_assert_eq(particles, 1024);
}

Test(speeds, maxwell_in_3d)
{
    const char *csv = temp_output(2, "speeds.csv");
    char ini[1024];
    snprintf(ini, sizeof ini, "[simulation]\ndim = 3\nend_time = 12\nseed = 4\n[init]\n"
             "lattice = fcc\ncells = 5 5 5\npacking_fraction = 0.2\ntemperature = 2\n"
             "[boundary]\nplugin = periodic\n[output.s]\nplugin = speeds\nfile = %s\n"
             "start = 2\ninterval = 0.5\n", csv);
    cr_assert_eq(run(ini), 0, "%s", hsf_error_message(&err));
    cr_assert_float_eq(key_value(csv, "kT"), 2, 1e-9);
    cr_log_info("Maxwell 3D: p %g", comment_number(csv, "chi2", "p"));
    cr_assert_gt(comment_number(csv, "chi2", "p"), 1e-3);
    cr_assert_float_eq(comment_number(csv, "mass 1:", "kT_class ="), 2, 1e-9);
}

/* Two discs on a periodic line of length 1, radius 0.05, approaching at
 * speed 1 each: after each collision they meet again through the boundary
 * when the gap 1 - 4 r = 0.8 has closed at speed 2, so every free time is
 * 0.4 and every free path 0.4.  Contacts at 0.15 + 0.4 k: 25 up to t = 10. */
