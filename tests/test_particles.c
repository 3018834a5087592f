/* Particle files: both formats as people have them, and the exact message
 * for each kind of bad input. */
#define _POSIX_C_SOURCE 200809L

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <unistd.h>

#include <criterion/criterion.h>

#include "host/error_private.h"
#include "io/particle.h"

static hsf_particle_set set;
static hsf_error err;
static char path[64];           /* the current temporary file, "" if none */

static void remove_file(void)
{
    if (path[0])
        unlink(path);
    path[0] = '\0';
}

static void cleanup(void)
{
    hsf_particle_set_free(&set);
    remove_file();
}

TestSuite(algs4, .fini = cleanup);
TestSuite(xyz, .fini = cleanup);
TestSuite(bad, .fini = cleanup);

/* Writes len bytes of text to a new file under /tmp, named in path. */
static void write_file(const char *text, size_t len)
{
    remove_file();
    strcpy(path, "/tmp/hsf-particles-XXXXXX");
    int fd = mkstemp(path);
    cr_assert_neq(fd, -1, "mkstemp");
    for (size_t done = 0; done < len;) {
        ssize_t w = write(fd, text + done, len - done);
        cr_assert_gt(w, 0, "write");
        done += (size_t)w;
    }
    close(fd);
}

static int read_text(const char *text, int dim)
{
    write_file(text, strlen(text));
    hsf_error_clear(&err);
    return hsf_read_particles(path, dim, &set, &err);
}

static void read_ok(const char *text, int dim)
{
    cr_assert_eq(read_text(text, dim), 0, "refused: %s", hsf_error_message(&err));
    cr_assert_str_eq(set.path, path);
    cr_assert_eq(set.dim, dim);
}

/* Reading text fails with "<path><rest>" and leaves nothing behind. */
static void read_fails(const char *text, int dim, const char *rest)
{
    cr_assert_eq(read_text(text, dim), -1, "accepted:\n%s", text);
    char want[1024];
    snprintf(want, sizeof want, "%s%s", path, rest);
    cr_assert_str_eq(hsf_error_message(&err), want);
    cr_assert(!set.p && !set.line && !set.path && set.n == 0 && set.dim == 0,
              "the set is zeroed");
}

static void assert_particle(size_t i, double rx, double ry, double vx, double vy, double radius,
                            double mass, int r, int g, int b)
{
    const hsf_particle *p = &set.p[i];
    cr_assert(p->r[0] == rx && p->r[1] == ry && p->r[2] == 0, "particle %zu: r = %g %g %g", i,
              p->r[0], p->r[1], p->r[2]);
    cr_assert(p->v[0] == vx && p->v[1] == vy && p->v[2] == 0, "particle %zu: v = %g %g %g", i,
              p->v[0], p->v[1], p->v[2]);
    cr_assert(p->radius == radius && p->mass == mass, "particle %zu: radius %g mass %g", i,
              p->radius, p->mass);
    cr_assert(p->color[0] == r && p->color[1] == g && p->color[2] == b,
              "particle %zu: colour %d %d %d", i, p->color[0], p->color[1], p->color[2]);
}

/* ---- algs4: what people have ---- */

Test(algs4, plain)
{
    read_ok("2\n0.25 0.5 1 -0.5 0.1 2 255 0 10\n0.75 0.5 0 0 0.125 1 0 128 255\n", 2);
    cr_assert_eq(set.n, 2);
    assert_particle(0, 0.25, 0.5, 1, -0.5, 0.1, 2, 255, 0, 10);
    assert_particle(1, 0.75, 0.5, 0, 0, 0.125, 1, 0, 128, 255);
    cr_assert(set.line[0] == 2 && set.line[1] == 3);
}

Test(algs4, crlf)
{
    read_ok("2\r\n0.25 0.5 1 -0.5 0.1 2 1 2 3\r\n0.75 0.5 0 0 0.1 1 4 5 6\r\n", 2);
    cr_assert_eq(set.n, 2);
    assert_particle(0, 0.25, 0.5, 1, -0.5, 0.1, 2, 1, 2, 3);
    assert_particle(1, 0.75, 0.5, 0, 0, 0.1, 1, 4, 5, 6);
}

Test(algs4, no_final_newline)
{
    read_ok("1\n0.5 0.5 0 0 0.1 1 7 8 9", 2);
    assert_particle(0, 0.5, 0.5, 0, 0, 0.1, 1, 7, 8, 9);
}

Test(algs4, trailing_blank_lines)
{
    read_ok("1\n0.5 0.5 0 0 0.1 1 0 0 0\n\n  \n\t\r\n\n", 2);
    cr_assert_eq(set.n, 1);
}

Test(algs4, java_exponents)
{
    read_ok("2\n1.2E-4 1e5 +1.0 .5 5. 2.5E+1\n-3E2 4.0e-0 -.25 0 1E-3 1 0 0 0\n", 2);
    assert_particle(0, 1.2e-4, 1e5, 1, 0.5, 5, 25, 0, 0, 0);
    assert_particle(1, -300, 4, -0.25, 0, 1e-3, 1, 0, 0, 0);
    cr_assert(set.p[0].r[0] == strtod("0.00012", NULL), "1.2E-4 is the nearest double");
}

Test(algs4, spaces_and_tabs)
{
    read_ok("  \t2  \n\t 0.25\t\t0.5  1 \t -0.5 0.1 2   1 2 3 \t \n   0.75 0.5 0 0 0.1 1\t4\t5\t6\n",
            2);
    assert_particle(0, 0.25, 0.5, 1, -0.5, 0.1, 2, 1, 2, 3);
    assert_particle(1, 0.75, 0.5, 0, 0, 0.1, 1, 4, 5, 6);
}

Test(algs4, blank_lines_between_particles)
{
    read_ok("2\n\n0.25 0.5 0 0 0.1 1\r\n   \n\n0.75 0.5 0 0 0.1 1\n", 2);
    cr_assert(set.line[0] == 3 && set.line[1] == 6, "lines %u %u: blank lines are counted",
              set.line[0], set.line[1]);
}

Test(algs4, six_fields_are_black)
{
    read_ok("2\n0.25 0.5 1 2 0.1 1\n0.75 0.5 0 0 0.1 1 10 20 30\n", 2);
    assert_particle(0, 0.25, 0.5, 1, 2, 0.1, 1, 0, 0, 0);
    assert_particle(1, 0.75, 0.5, 0, 0, 0.1, 1, 10, 20, 30);
}

Test(algs4, utf8_byte_order_mark)
{
    read_ok("\xEF\xBB\xBF" "1\n0.5 0.5 0 0 0.1 1\n", 2);
    cr_assert_eq(set.n, 1);
}

Test(algs4, many_particles_read_exactly)
{
    /* Awkward doubles round-trip through %.17g, at scale. */
    size_t n = 100000;
    char *text = malloc(n * 128 + 32);
    cr_assert_not_null(text);
    size_t used = (size_t)sprintf(text, "%zu\n", n);
    for (size_t i = 0; i < n; i++)
        used += (size_t)sprintf(text + used, "%.17g %.17g %.17g %.17g 0.001 1 1 2 3\n",
                                i / 7.0, i / 3.0, -1 / (i + 3.0), sqrt((double)i));
    write_file(text, used);
    free(text);
    cr_assert_eq(hsf_read_particles(path, 2, &set, &err), 0, "%s", hsf_error_message(&err));
    cr_assert_eq(set.n, n);
    for (size_t i = 0; i < n; i += 997) {
        cr_assert(set.p[i].r[0] == i / 7.0 && set.p[i].r[1] == i / 3.0);
        cr_assert(set.p[i].v[0] == -1 / (i + 3.0) && set.p[i].v[1] == sqrt((double)i));
        cr_assert_eq(set.line[i], i + 2);
    }
}

/* ---- extended XYZ ---- */

Test(xyz, ovito_3d)
{
    read_ok("2\nLattice=\"10.0 0.0 0.0 0.0 10.0 0.0 0.0 0.0 10.0\" "
            "Properties=species:S:1:pos:R:3:velo:R:3:radius:R:1:mass:R:1 Time=1.5 "
            "pbc=\"T T T\"\n"
            "A 1 2 3 0.1 0.2 0.3 0.5 1\n"
            "B 4 5 6 -1 -2 -3 0.25 2\n", 3);
    cr_assert_eq(set.n, 2);
    const hsf_particle *p = &set.p[1];
    cr_assert(p->r[0] == 4 && p->r[1] == 5 && p->r[2] == 6);
    cr_assert(p->v[0] == -1 && p->v[1] == -2 && p->v[2] == -3);
    cr_assert(p->radius == 0.25 && p->mass == 2);
    cr_assert(set.p[0].r[2] == 3 && set.p[0].v[2] == 0.3);
    cr_assert(set.line[0] == 3 && set.line[1] == 4);
}

Test(xyz, colour_floats_and_unknown_columns)
{
    read_ok("1\nid=\"a b=c\" PROPERTIES=\"id:I:1:species:S:1:pos:R:3:masses:R:1:vel:R:3:"
            "radius:R:1:Color:R:3:charge:R:1:tags:I:2:fixed:L:1\" energy=-1.5\n"
            "7 H 1 2 3 3 0.5 0.25 0.125 0.1 1 0.5 0 -0.3 4 5 T\n", 3);
    const hsf_particle *p = &set.p[0];
    cr_assert(p->r[0] == 1 && p->r[1] == 2 && p->r[2] == 3);
    cr_assert(p->v[0] == 0.5 && p->v[1] == 0.25 && p->v[2] == 0.125);
    cr_assert(p->mass == 3 && p->radius == 0.1);
    cr_assert(p->color[0] == 255 && p->color[1] == 128 && p->color[2] == 0,
              "round(255 x): %d %d %d", p->color[0], p->color[1], p->color[2]);
}

Test(xyz, colour_integers_and_image)
{
    read_ok("1\nProperties=pos:R:3:velo:R:3:radius:R:1:mass:R:1:colour:I:3:image:I:3\n"
            "1 2 3 0 0 0 0.5 1 10 20 255 -2 0 7\n", 3);
    const hsf_particle *p = &set.p[0];
    cr_assert(p->color[0] == 10 && p->color[1] == 20 && p->color[2] == 255);
    cr_assert(p->image[0] == -2 && p->image[1] == 0 && p->image[2] == 7);
}

Test(xyz, two_components_for_dim_2)
{
    read_ok("2\nProperties=pos:R:2:velo:R:2:radius:R:1:mass:R:1\n"
            "1 2 3 4 0.5 1\n\n5 6 7 8 0.25 2\n", 2);
    assert_particle(0, 1, 2, 3, 4, 0.5, 1, 0, 0, 0);
    assert_particle(1, 5, 6, 7, 8, 0.25, 2, 0, 0, 0);
    cr_assert(set.line[0] == 3 && set.line[1] == 5);
}

Test(xyz, three_components_with_zero_z_for_dim_2)
{
    read_ok("1\r\nProperties=species:S:1:pos:R:3:velo:R:3:radius:R:1:mass:R:1\r\n"
            "A 1 2 0 3 4 0.0 0.5 1\r\n", 2);
    assert_particle(0, 1, 2, 3, 4, 0.5, 1, 0, 0, 0);
}

/* ---- bad input: the exact message ---- */

Test(bad, not_a_number)
{
    read_fails("1\n0.5 0.5 0 abc 0.1 1 0 0 0\n", 2, ":2:11: expected vy (a number), found 'abc'");
    read_fails("1\n0.5 0.5 0 0 0.1 1e 0 0 0\n", 2, ":2:17: expected mass (a number), found '1e'");
    read_fails("1\n0.5 0,5 0 0 0.1 1\n", 2, ":2:5: expected ry (a number), found '0,5'");
}

Test(bad, missing_field)
{
    read_fails("1\n0.5 0.5 0 0 0.1\n", 2, ":2:16: expected mass (a number), found end of line");
    read_fails("1\n0.5 0.5 0 0 0.1   \r\n", 2,
               ":2:16: expected mass (a number), found end of line");
    read_fails("1\n0.5 0.5 0 0 0.1 1 0 0\n", 2,
               ":2:22: expected blue (an integer 0-255), found end of line");
}

Test(bad, extra_field)
{
    read_fails("1\n0.5 0.5 0 0 0.1 1 0 0 0 3.0\n", 2,
               ":2:25: expected end of line after 9 fields, found '3.0'");
}

Test(bad, negative_radius)
{
    read_fails("1\n0.5 0.5 0 0 -0.1 1\n", 2, ":2:13: expected radius > 0, found '-0.1'");
    read_fails("1\n0.5 0.5 0 0 0 1\n", 2, ":2:13: expected radius > 0, found '0'");
}

Test(bad, zero_mass)
{
    read_fails("1\n0.5 0.5 0 0 0.1 0.0\n", 2, ":2:17: expected mass > 0, found '0.0'");
}

Test(bad, nan)
{
    read_fails("1\nnan 0.5 0 0 0.1 1\n", 2, ":2:1: expected rx (a finite number), found 'nan'");
    read_fails("1\n0.5 0.5 0 0 0.1 NaN\n", 2,
               ":2:17: expected mass (a finite number), found 'NaN'");
}

Test(bad, inf)
{
    read_fails("1\n0.5 inf 0 0 0.1 1\n", 2, ":2:5: expected ry (a finite number), found 'inf'");
    read_fails("1\n0.5 0.5 -Infinity 0 0.1 1\n", 2,
               ":2:9: expected vx (a finite number), found '-Infinity'");
}

Test(bad, overflow)
{
    read_fails("1\n0.5 0.5 1e999 0 0.1 1\n", 2,
               ":2:9: expected vx (a finite number), found '1e999'");
}

Test(bad, colour_out_of_range)
{
    read_fails("1\n0.5 0.5 0 0 0.1 1 300 0 0\n", 2,
               ":2:19: expected red (an integer 0-255), found '300'");
    read_fails("1\n0.5 0.5 0 0 0.1 1 0 -1 0\n", 2,
               ":2:21: expected green (an integer 0-255), found '-1'");
    read_fails("1\n0.5 0.5 0 0 0.1 1 0 0 0.5\n", 2,
               ":2:23: expected blue (an integer 0-255), found '0.5'");
}

Test(bad, too_few_lines)
{
    read_fails("3\n0.5 0.5 0 0 0.1 1\n0.2 0.2 0 0 0.1 1\n", 2,
               ":3:18: expected 3 particles, found 2");
    read_fails("3\n0.5 0.5 0 0 0.1 1\n0.2 0.2 0 0 0.1 1\n\n\n", 2,
               ":5:1: expected 3 particles, found 2");
}

Test(bad, too_many_lines)
{
    read_fails("1\n0.5 0.5 0 0 0.1 1\n\n  0.2 0.2 0 0 0.1 1\n", 2,
               ":4:3: expected end of file after 1 particle, found '0.2'");
}

Test(bad, number_of_particles)
{
    read_fails("x\n0.5 0.5 0 0 0.1 1\n", 2,
               ":1:1: expected the number of particles (a non-negative integer), found 'x'");
    read_fails("-1\n", 2,
               ":1:1: expected the number of particles (a non-negative integer), found '-1'");
    read_fails("2.0\n", 2,
               ":1:1: expected the number of particles (a non-negative integer), found '2.0'");
    read_fails("0\n", 2, ":1:1: expected at least one particle, found '0'");
    read_fails("99999999999999999999\n", 2,
               ":1:1: expected at most 4294967294 particles, found '99999999999999999999'");
    read_fails("1 2\n0.5 0.5 0 0 0.1 1\n", 2,
               ":1:3: expected end of line after the number of particles, found '2'");
    read_fails("", 2,
               ":1:1: expected the number of particles (a non-negative integer), found end of "
               "file");
}

Test(bad, huge_count_in_a_small_file)
{
    /* Found wrong at the end of the file, not by a failed allocation. */
    read_fails("4000000000\n0.5 0.5 0 0 0.1 1\n", 2,
               ":2:18: expected 4000000000 particles, found 1");
}

/* With the spin and fixed columns too: their arrays are sized as the
 * others, not from the count (which would ask for about 100 GB here).  The
 * address space is capped so that asking for it fails, as it would on a
 * machine without that much (not under AddressSanitizer, which needs far
 * more address space for itself). */
Test(bad, huge_count_with_spins_in_a_small_file)
{
#ifndef __SANITIZE_ADDRESS__
    struct rlimit cap = { (rlim_t)8 << 30, (rlim_t)8 << 30 };
    cr_assert_eq(setrlimit(RLIMIT_AS, &cap), 0, "setrlimit");
#endif
    read_fails("4294967294\n"
               "Properties=pos:R:2:velo:R:2:radius:R:1:mass:R:1:omega:R:1:inertia:R:1:fixed:L:1\n"
               "0.5 0.5 0 0 0.1 1 2 0.004 F\n", 2,
               ":3:28: expected 4294967294 particles, found 1");
}

Test(bad, missing_file)
{
    cr_assert_eq(hsf_read_particles("/nonexistent/p.txt", 2, &set, &err), -1);
    cr_assert_str_eq(hsf_error_message(&err),
                     "/nonexistent/p.txt: cannot open: No such file or directory");
    cr_assert(!set.p && !set.path);
}

Test(bad, algs4_in_3d)
{
    read_fails("1\n0.5 0.5 0 0 0.1 1\n", 3,
               ":1: the algs4 format is 2D only; use extended XYZ for dim = 3");
}

Test(bad, xyz_missing_radius)
{
    read_fails("1\nProperties=pos:R:3:velo:R:3:mass:R:1\n1 2 3 0 0 0 1\n", 3,
               ":2:12: expected a radius property (radius:R:1) in Properties, found none");
}

Test(bad, xyz_missing_velocity)
{
    read_fails("1\nTime=0 Properties=pos:R:3:v:R:3:radius:R:1:mass:R:1\n1 2 3 0 0 0 1 1\n", 3,
               ":2:19: expected a velocity property (velo or vel, R:2 or R:3) in Properties, "
               "found none");
}

Test(bad, xyz_nonzero_z_in_2d)
{
    read_fails("1\nProperties=pos:R:3:velo:R:3:radius:R:1:mass:R:1\n1 2 3 0 0 0 0.5 1\n", 2,
               ":3:5: expected pos z = 0 for dim = 2, found '3'");
    read_fails("1\nProperties=pos:R:3:velo:R:3:radius:R:1:mass:R:1\n1 2 0 0 0 1e-9 0.5 1\n", 2,
               ":3:11: expected velo z = 0 for dim = 2, found '1e-9'");
}

Test(bad, xyz_two_components_in_3d)
{
    read_fails("1\nProperties=pos:R:2:velo:R:2:radius:R:1:mass:R:1\n1 2 0 0 0.5 1\n", 3,
               ":2:12: expected pos:R:3 for dim = 3, found 'pos:R:2'");
}

Test(bad, xyz_declarations)
{
    read_fails("1\nProperties=pos:R:3:velo:R:2:radius:R:1:mass:R:1\n1 2 3 0 0 0.5 1\n", 3,
               ":2:20: expected velo:R:3 like pos, found 'velo:R:2'");
    read_fails("1\nProperties=pos:R:3:velo:R:3:radius:R:3:mass:R:1\n1\n", 3,
               ":2:29: expected radius as R:1, found 'radius:R:3'");
    read_fails("1\nProperties=pos:X:3:velo:R:3:radius:R:1:mass:R:1\n1\n", 3,
               ":2:12: expected name:type:count in Properties (type S, R, I or L), found "
               "'pos:X:3'");
    read_fails("1\nProperties=pos:R:3:velo:R:3:radius:R:1:mass:R\n1\n", 3,
               ":2:40: expected name:type:count in Properties (type S, R, I or L), found "
               "'mass:R'");
    read_fails("1\nProperties=pos:R:3:vel:R:3:velo:R:3:radius:R:1:mass:R:1\n1\n", 3,
               ":2:28: expected no second velocity property after 'vel:R:3', found "
               "'velo:R:3'");
}

Test(bad, xyz_fields)
{
    static const char head[] = "1\nProperties=species:S:1:pos:R:3:velo:R:3:radius:R:1:"
                               "mass:R:1:color:R:3\n";
    char text[256];
    snprintf(text, sizeof text, "%sA 1 2 3 0 0 0 0.5 1 0 2 0\n", head);
    read_fails(text, 3, ":3:23: expected color g (a number in [0, 1]), found '2'");
    snprintf(text, sizeof text, "%sA 1 2 3 0 0 0 0.5\n", head);
    read_fails(text, 3, ":3:18: expected mass (a number), found end of line");
    snprintf(text, sizeof text, "%sA 1 2 3 0 0 0 0.5 1 0 0 0 x\n", head);
    read_fails(text, 3, ":3:27: expected end of line after 12 fields, found 'x'");
    snprintf(text, sizeof text, "%sA 1 2 3 0 0 0 -0.5 1 0 0 0\n", head);
    read_fails(text, 3, ":3:15: expected radius > 0, found '-0.5'");
    snprintf(text, sizeof text, "%s\n", head);
    read_fails(text, 3, ":3:1: expected 1 particle, found 0");
}

Test(bad, xyz_second_frame)
{
    read_fails("1\nProperties=pos:R:2:velo:R:2:radius:R:1:mass:R:1\n1 2 0 0 0.5 1\n"
               "1\nProperties=pos:R:2:velo:R:2:radius:R:1:mass:R:1\n1 2 0 0 0.5 1\n", 2,
               ":4:1: expected end of file after 1 particle (hsframe reads one frame), "
               "found '1'");
}
