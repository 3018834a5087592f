/* Particle files: both formats as people have them, and the exact message
 * for each kind of bad line. */
#include <math.h>

#include <criterion/criterion.h>

#include "error_private.h"
#include "particle.h"
#include "testlib.h"

static hsf_particle_set set;
static hsf_error err;
static const char *path;

static void teardown(void)
{
    hsf_particle_set_free(&set);
}

TestSuite(algs4, .fini = teardown);
TestSuite(xyz, .fini = teardown);
TestSuite(bad, .fini = teardown);

static int read_text(const char *base, const char *text, int dim)
{
    path = write_temp(0, base, text);
    hsf_error_clear(&err);
    return hsf_read_particles(path, dim, &set, &err);
}

/* The message with the temporary directory cut off. */
static const char *msg(void)
{
    const char *m = hsf_error_message(&err);
    const char *slash = strrchr(path, '/');
    size_t dir = (size_t)(slash - path);
    return strncmp(m, path, dir) ? m : m + dir + 1;
}

Test(algs4, plain)
{
    cr_assert_eq(read_text("b.txt", "2\n0.25 0.5 1 -0.5 0.1 2 255 0 10\n"
                                    "0.75 0.5 0 0 0.1 1 0 128 255\n", 2), 0, "%s", msg());
    cr_assert_eq(set.n, 2);
    cr_assert_eq(set.dim, 2);
    hsf_particle *p = set.p;
    cr_assert(p[0].r[0] == 0.25 && p[0].r[1] == 0.5 && p[0].r[2] == 0);
    cr_assert(p[0].v[0] == 1 && p[0].v[1] == -0.5 && p[0].v[2] == 0);
    cr_assert(p[0].radius == 0.1 && p[0].mass == 2);
    cr_assert(p[0].color[0] == 255 && p[0].color[1] == 0 && p[0].color[2] == 10);
    cr_assert(p[1].color[1] == 128);
    cr_assert_eq(set.line[0], 2);
    cr_assert_eq(set.line[1], 3);
}

Test(algs4, as_people_have_it)
{
    /* CRLF, Java exponents, tabs and extra spaces, a blank line inside,
     * trailing blank lines, no final newline on the last of them. */
    cr_assert_eq(read_text("b.txt", "  2 \r\n\t1.2E-4  5.0E-1 +1 -.5 1e-3 1.0\t0 0 0\r\n\r\n"
                                    "0.5 .5 5. 0 1E-3 1 1 2 3\r\n\r\n  ", 2), 0, "%s", msg());
    cr_assert_eq(set.n, 2);
    cr_assert_eq(set.p[0].r[0], 1.2e-4);
    cr_assert_eq(set.p[0].v[1], -0.5);
    cr_assert_eq(set.p[1].v[0], 5);
    cr_assert_eq(set.line[1], 4, "blank lines are counted in line numbers");
}

Test(algs4, no_final_newline_and_no_colour)
{
    cr_assert_eq(read_text("b.txt", "1\n0.5 0.5 0 0 0.1 1", 2), 0, "%s", msg());
    cr_assert(set.p[0].color[0] == 0 && set.p[0].color[2] == 0);
}

Test(xyz, as_ovito_writes_it)
{
    cr_assert_eq(read_text("a.xyz", "2\nLattice=\"10 0 0 0 10 0 0 0 10\" "
                           "Properties=species:S:1:pos:R:3:velo:R:3:radius:R:1:mass:R:1 "
                           "Time=0.0 pbc=\"T T T\"\n"
                           "A 1 2 3 0.1 0.2 0.3 0.5 1\nB 4 5 6 -1 -2 -3 0.25 2\n", 3), 0, "%s",
                 msg());
    cr_assert_eq(set.n, 2);
    cr_assert(set.p[1].r[2] == 6 && set.p[1].v[2] == -3 && set.p[1].radius == 0.25 &&
              set.p[1].mass == 2);
    cr_assert_eq(set.line[0], 3);
}

Test(xyz, colours_images_and_unknown_columns)
{
    cr_assert_eq(read_text("a.xyz", "1\nProperties=id:I:1:species:S:1:pos:R:3:masses:R:1:"
                           "vel:R:3:radius:R:1:color:R:3:image:I:3:tag:S:2\n"
                           "7 H 1 2 0 3 0.5 0.25 0 0.1 1 0.5 0 -2 3 0 x y\n", 2), 0, "%s", msg());
    hsf_particle *p = set.p;
    cr_assert(p[0].mass == 3 && p[0].v[0] == 0.5 && p[0].radius == 0.1);
    cr_assert(p[0].color[0] == 255 && p[0].color[1] == 128 && p[0].color[2] == 0);
    cr_assert(p[0].image[0] == -2 && p[0].image[1] == 3);
}

Test(xyz, two_dimensional_positions)
{
    cr_assert_eq(read_text("a.xyz", "1\nProperties=pos:R:2:velo:R:2:radius:R:1:mass:R:1:"
                           "color:I:3\n1 2 3 4 0.5 1 10 20 30\n", 2), 0, "%s", msg());
    cr_assert(set.p[0].r[1] == 2 && set.p[0].v[1] == 4 && set.p[0].color[2] == 30);
}

Test(bad, each_kind_of_mistake)
{
    static const struct { const char *text; int dim; const char *message; } cases[] = {
        { "x\n", 2, "b.txt:1:1: expected the number of particles (a non-negative integer), "
                    "found 'x'" },
        { "0\n", 2, "b.txt:1:1: expected at least one particle, found 0" },
        { "", 2, "b.txt: expected the number of particles, found an empty file" },
        { "1 2\n0.5 0.5 0 0 0.1 1\n", 2,
          "b.txt:1:3: expected end of line after the number of particles, found '2'" },
        { "1\n0.5 0.5 abc 0 0.1 1 0 0 0\n", 2, "b.txt:2:9: expected vx (a number), found 'abc'" },
        { "1\n0.5 0.5 0 0 0.1\n", 2, "b.txt:2:16: expected mass (a number), found end of line" },
        { "1\n0.5 0.5 0 0 0.1 1 0 0 0 3.0\n", 2,
          "b.txt:2:25: expected end of line after 9 fields, found '3.0'" },
        { "1\n0.5 0.5 0 0 -0.1 1\n", 2, "b.txt:2:13: expected radius > 0, found -0.1" },
        { "1\n0.5 0.5 0 0 0.1 0\n", 2, "b.txt:2:17: expected mass > 0, found 0" },
        { "1\nnan 0.5 0 0 0.1 1\n", 2, "b.txt:2:1: expected rx (a number), found 'nan'" },
        { "1\n0.5 inf 0 0 0.1 1\n", 2, "b.txt:2:5: expected ry (a number), found 'inf'" },
        { "1\n0.5 0.5 1e999 0 0.1 1\n", 2, "b.txt:2:9: expected vx (a number), found '1e999'" },
        { "1\n0.5 0.5 0 0 0.1 1 300 0 0\n", 2,
          "b.txt:2:19: expected r (an integer 0-255), found '300'" },
        { "1\n0.5 0.5 0 0 0.1 1 0 0\n", 2,
          "b.txt:2:22: expected b (an integer 0-255), found end of line" },
        { "3\n0.5 0.5 0 0 0.1 1\n0.2 0.2 0 0 0.1 1\n\n", 2, "b.txt:4: expected 3 particles, found 2" },
        { "1\n0.5 0.5 0 0 0.1 1\n0.2 0.2 0 0 0.1 1\n", 2,
          "b.txt:3:1: expected end of file after 1 particles, found more" },
        { "1\n0.5 0.5 0 0 0.1 1\n", 3, "b.txt:1: the algs4 format is 2D only; use extended XYZ "
                                       "for dim = 3" },
        { "1\nProperties=pos:R:3:velo:R:3:mass:R:1\n1 2 3 0 0 0 1\n", 3,
          "b.txt:2: expected a radius property in Properties=, found none" },
        { "1\nProperties=pos:R:3:velo:R:3:radius:R:1:mass:R:1\n1 2 3 0 0 0 0.5 1\n", 2,
          "b.txt:3:5: expected pos z = 0 for dim = 2, found 3" },
        { "1\nProperties=pos:R:2:velo:R:2:radius:R:1:mass:R:1\n1 2 0 0 0.5 1\n", 3,
          "b.txt:2: expected pos:R:3 for dim = 3, found pos:R:2" },
        { "1\nProperties=pos:R:3:velo:R:3:radius:R:1:mass:R:1\n1 2 3 0 0 0 0.5\n", 3,
          "b.txt:3:16: expected mass (a number), found end of line" },
        { "1\nProperties=pos:R:3:velo:R:3:radius:R:1:mass:R:1:color:R:3\n"
          "1 2 3 0 0 0 0.5 1 0 2 0\n", 3, "b.txt:3:21: expected color in [0, 1], found 2" },
    };
    for (size_t k = 0; k < sizeof cases / sizeof cases[0]; k++) {
        cr_assert_eq(read_text("b.txt", cases[k].text, cases[k].dim), -1, "case %zu accepted", k);
        cr_assert_str_eq(msg(), cases[k].message, "case %zu: %s", k, msg());
        cr_assert_null(set.p, "nothing is left behind");
    }
}

Test(bad, missing_file)
{
    cr_assert_eq(hsf_read_particles("/nonexistent/p.txt", 2, &set, &err), -1);
    cr_assert_str_eq(hsf_error_message(&err), "/nonexistent/p.txt: cannot open: No such file "
                     "or directory");
}

Test(algs4, million_particles_read_exactly)
{
    /* Round trip of awkward doubles through %.17g, at scale. */
    size_t n = 200000;
    char *text = malloc(n * 120 + 32);
    size_t used = (size_t)sprintf(text, "%zu\n", n);
    for (size_t i = 0; i < n; i++)
        used += (size_t)sprintf(text + used, "%.17g %.17g %.17g %.17g 0.001 1 1 2 3\n",
                                i / 7.0, i / 3.0, -1 / (i + 3.0), sqrt((double)i));
    cr_assert_eq(read_text("big.txt", text, 2), 0, "%s", msg());
    free(text);
    cr_assert_eq(set.n, n);
    for (size_t i = 0; i < n; i += 997) {
        cr_assert_eq(set.p[i].r[0], i / 7.0);
        cr_assert_eq(set.p[i].v[0], -1 / (i + 3.0));
        cr_assert_eq(set.p[i].v[1], sqrt((double)i));
    }
}
