/* The engine interface (run/engine.h) carries a third engine: the test's
 * own ballistic engine (engine_ballistic.c), added beside the table and
 * run through hsf_run like the two engines of hsframe.  Its particles end
 * at r + v t to the last bit, where the event engine's collide. */
#include <stdio.h>

#include <criterion/criterion.h>

#include "engine_ballistic.h"
#include "runlib.h"
#include "testlib.h"

static hsf_error err;
static char summary[8192];

/* Two discs that meet head-on at t = 4.5 under the event engine, and a
 * third with velocities that do not add exactly in binary. */
static const char particles[] = "3\n"
                                "40 50 1 0 0.5 1 0 0 0\n"
                                "50 50 -1 0 0.5 1 0 0 0\n"
                                "30.3 20.7 0.1 0.3 0.5 2 0 0 0\n";
static const double r0[3][2] = { { 40, 50 }, { 50, 50 }, { 30.3, 20.7 } };
static const double v0[3][2] = { { 1, 0 }, { -1, 0 }, { 0.1, 0.3 } };
#define END_TIME 9.7

static void setup(void)
{
    static int added;
    if (!added++)
        cr_assert_eq(hsf_engine_add(&hsf_ballistic_engine_ops), 0);
}

/* Runs the three discs with engine; the final positions into r. */
static int run_engine(const char *engine, const char *extra, double r[3][2])
{
    write_temp(1, "p.txt", particles);
    const char *final = temp_output(2, "final.txt");
    char ini[1024];
    snprintf(ini, sizeof ini,
             "[simulation]\nparticles = p.txt\nend_time = %.17g\nengine = %s\n%s"
             "[boundary]\nplugin = box\nsize = 100 100\n"
             "[output.final]\nplugin = snapshot\nfile = %s\nformat = algs4\n",
             END_TIME, engine, extra, final);
    int status = run_file(write_temp(0, "run.ini", ini), &err, summary, sizeof summary);
    if (status || !r)
        return status;
    FILE *f = fopen(final, "r");
    cr_assert(f, "no final snapshot %s", final);
    int n = 0;
    cr_assert_eq(fscanf(f, "%d", &n), 1);
    cr_assert_eq(n, 3);
    for (int i = 0; i < 3; i++) {
        double v[2], rest[2];
        unsigned color[3];
        cr_assert_eq(fscanf(f, "%lf %lf %lf %lf %lf %lf %u %u %u", &r[i][0], &r[i][1], &v[0],
                            &v[1], &rest[0], &rest[1], &color[0], &color[1], &color[2]),
                     9);
    }
    fclose(f);
    return 0;
}

TestSuite(engine_ballistic, .init = setup);

Test(engine_ballistic, ends_at_r_plus_v_t_exactly)
{
    double r[3][2];
    cr_assert_eq(run_engine("ballistic", "", r), 0, "%s", hsf_error_message(&err));
    for (int i = 0; i < 3; i++)
        for (int a = 0; a < 2; a++)
            cr_assert_eq(r[i][a], r0[i][a] + v0[i][a] * END_TIME,
                         "particle %d axis %d: %.17g, expected %.17g", i, a, r[i][a],
                         r0[i][a] + v0[i][a] * END_TIME);
    cr_assert_eq(summary_number(summary, "moves"), 3);
}

/* The same input under the event engine: the first two discs bounce, so
 * the engine chosen is the one that ran. */
Test(engine_ballistic, the_event_engine_differs)
{
    double r[3][2];
    cr_assert_eq(run_engine("event", "", r), 0, "%s", hsf_error_message(&err));
    cr_assert(r[0][0] < 45 && r[1][0] > 45, "the discs crossed: %g %g", r[0][0], r[1][0]);
    cr_assert_eq(summary_number(summary, "collisions"), 1);
}

/* The engines' names are the table's and the added one's. */
Test(engine_ballistic, an_unknown_engine_lists_the_known)
{
    cr_assert_eq(run_engine("warp", "", NULL), HSF_EXIT_USAGE);
    cr_assert(strstr(hsf_error_message(&err),
                     "expected event, timestep, ecmc or ballistic, found 'warp'"),
              "%s", hsf_error_message(&err));
}

/* Sections and keys of another engine are refused (file:line). */
Test(engine_ballistic, refuses_the_event_engines_keys)
{
    cr_assert_eq(run_engine("ballistic", "skin = 0.3\n", NULL), HSF_EXIT_USAGE);
    cr_assert(strstr(hsf_error_message(&err), "run.ini:5:"), "%s", hsf_error_message(&err));
    cr_assert(strstr(hsf_error_message(&err), "skin"), "%s", hsf_error_message(&err));
}

/* What the engine does not declare it follows (caps) is refused: a fixed
 * particle. */
Test(engine_ballistic, refuses_fixed_particles)
{
    setup();
    write_temp(1, "p.xyz", "2\nProperties=species:S:1:pos:R:2:velo:R:2:radius:R:1:mass:R:1:"
                           "fixed:I:1\nA 40 50 1 0 0.5 1 0\nB 50 50 0 0 0.5 1 1\n");
    const char *ini = write_temp(0, "run.ini", "[simulation]\nparticles = p.xyz\nend_time = 1\n"
                                               "engine = ballistic\n[boundary]\nplugin = box\n"
                                               "size = 100 100\n");
    cr_assert_eq(run_file(ini, &err, summary, sizeof summary), HSF_EXIT_USAGE);
    cr_assert(strstr(hsf_error_message(&err), "fixed particles"), "%s",
              hsf_error_message(&err));
}

/* The event engine's [queue] is no section of this engine's. */
Test(engine_ballistic, a_queue_section_is_not_claimed)
{
    cr_assert_eq(run_engine("ballistic", "[queue]\nplugin = calendar\n", NULL), HSF_EXIT_USAGE);
    cr_assert(strstr(hsf_error_message(&err), "queue"), "%s", hsf_error_message(&err));
}
