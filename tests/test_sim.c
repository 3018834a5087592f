/* The run API of <hsframe/sim.h> from C: a run in pieces ends with the
 * bits of one run (hsf_run), whatever the pieces; events count exactly;
 * a configuration's text reads as its file; errors name file:line;
 * observers are called at their times; a checkpoint resumes; the records
 * are the system's and a velocity set counts as heat; particles added and
 * removed take part in the physics, refusals change nothing. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <criterion/criterion.h>
#include <hsframe/sim.h>

#include "runlib.h"
#include "testlib.h"

static hsf_error err;

static const char particles[] = "3\n"
                                "40 50 1 0 0.5 1 0 0 0\n"
                                "50 50 -1 0 0.5 1 0 0 0\n"
                                "30.3 20.7 0.1 0.3 0.5 2 0 0 0\n";

/* The configuration's text: three discs in a box, the final state to
 * final (a path). */
static const char *config(const char *final)
{
    static char ini[1024];
    snprintf(ini, sizeof ini,
             "[simulation]\nparticles = %s\nend_time = 97.5\n"
             "[boundary]\nplugin = box\nsize = 100 100\n"
             "[output.final]\nplugin = snapshot\nfile = %s\nformat = algs4\n",
             write_temp(1, "p.txt", particles), final);
    return ini;
}

static char *slurp(const char *path)
{
    FILE *f = fopen(path, "r");
    cr_assert(f, "no file %s", path);
    static char buf[4][4096];
    static int k;
    char *b = buf[k++ % 4];
    size_t n = fread(b, 1, 4095, f);
    b[n] = '\0';
    fclose(f);
    return b;
}

Test(sim, pieces_end_as_one_run)
{
    char summary[4096];
    const char *whole = temp_output(2, "whole.txt");
    cr_assert_eq(run_file(write_temp(0, "run.ini", config(whole)), &err, summary,
                          sizeof summary), 0, "%s", hsf_error_message(&err));
    const char *pieces = temp_output(3, "pieces.txt");
    hsf_sim_options opt = { .config_text = config(pieces), .config_path = "pieces.ini" };
    hsf_sim *s = hsf_sim_open(&opt, &err);
    cr_assert(s, "%s", hsf_error_message(&err));
    const hsf_system *sys = hsf_sim_system(s);
    cr_assert_eq(hsf_system_time(sys), 0);
    cr_assert_eq(hsf_sim_run(s, 4.5, 0, NULL, &err), HSF_SIM_PAUSED);
    cr_assert_geq(hsf_system_time(sys), 4.5);
    hsf_stats st;
    hsf_system_stats(sys, &st);
    uint64_t before = st.events;
    cr_assert_eq(hsf_sim_run(s, INFINITY, 3, NULL, &err), HSF_SIM_PAUSED);
    hsf_system_stats(sys, &st);
    cr_assert_eq(st.events, before + 3);
    cr_assert_eq(hsf_sim_run(s, INFINITY, 0, NULL, &err), HSF_SIM_ENDED,
                 "%s", hsf_error_message(&err));
    cr_assert(hsf_sim_ended(s));
    cr_assert_eq(hsf_system_time(sys), 97.5);
    cr_assert_eq(hsf_sim_run(s, INFINITY, 0, NULL, &err), HSF_SIM_ENDED);
    char *json = hsf_sim_summary_json(s, &err);
    cr_assert(json && json[0] == '{' && strstr(json, "\"collisions\": "), "%s", json);
    free(json);
    hsf_sim_close(s);
    cr_assert_str_eq(slurp(pieces), slurp(whole));
}

Test(sim, errors_name_the_line)
{
    hsf_sim_options opt = { .config_text = "[simulation]\ndim = 2\nend_tme = 3\n",
                            .config_path = "mine" };
    cr_assert_null(hsf_sim_open(&opt, &err));
    cr_assert(strstr(hsf_error_message(&err), "mine:3: [simulation] unknown key 'end_tme'"),
              "%s", hsf_error_message(&err));
    hsf_sim_options none = { 0 };
    cr_assert_null(hsf_sim_open(&none, &err));
    const char *over[] = { "simulation.end_tim=3" };
    hsf_sim_options o2 = { .config_text = config(temp_output(2, "f.txt")), .overrides = over,
                           .n_overrides = 1 };
    cr_assert_null(hsf_sim_open(&o2, &err));
    cr_assert(strstr(hsf_error_message(&err), "-s simulation.end_tim"), "%s",
              hsf_error_message(&err));
}

typedef struct seen {
    double t[64];
    int n;
    int pairs;
} seen;

static int observe(hsf_sim *s, void *ctx, hsf_error *e)
{
    (void)e;
    seen *w = ctx;
    if (w->n < 64)
        w->t[w->n++] = hsf_system_time(hsf_sim_system(s));
    return 0;
}

static int on_pair(hsf_sim *s, void *ctx, const hsf_event_info *ev, hsf_error *e)
{
    (void)s, (void)e;
    seen *w = ctx;
    cr_assert_eq(ev->kind, HSF_EVENT_PAIR);
    w->pairs++;
    return 0;
}

Test(sim, observers)
{
    seen w = { .n = 0 };
    hsf_sim_observer obs[] = {
        { .interval = 10, .fn = observe, .ctx = &w },
        { .event_mask = HSF_EVENT_MASK(HSF_EVENT_PAIR), .on_event = on_pair, .ctx = &w },
    };
    hsf_sim_options opt = { .config_text = config(temp_output(2, "f.txt")), .observers = obs,
                            .n_observers = 2 };
    hsf_sim *s = hsf_sim_open(&opt, &err);
    cr_assert(s, "%s", hsf_error_message(&err));
    cr_assert_eq(hsf_sim_run(s, INFINITY, 0, NULL, &err), HSF_SIM_ENDED);
    cr_assert_eq(w.n, 11);
    for (int k = 0; k < 10; k++)
        cr_assert_eq(w.t[k], 10.0 * k);
    cr_assert_eq(w.t[10], 97.5);
    hsf_stats st;
    hsf_system_stats(hsf_sim_system(s), &st);
    cr_assert_eq((uint64_t)w.pairs, st.collisions);
    cr_assert_gt(w.pairs, 0);
    hsf_sim_close(s);
}

Test(sim, checkpoint_resumes)
{
    const char *whole = temp_output(2, "whole.txt");
    hsf_sim_options opt = { .config_text = config(whole) };
    hsf_sim *s = hsf_sim_open(&opt, &err);
    cr_assert(s);
    cr_assert_eq(hsf_sim_run(s, INFINITY, 0, NULL, &err), HSF_SIM_ENDED);
    hsf_sim_close(s);
    const char *pieces = temp_output(3, "pieces.txt");
    const char *ckpt = temp_output(4, "state.ckpt");
    hsf_sim_options o1 = { .config_text = config(pieces) };
    s = hsf_sim_open(&o1, &err);
    cr_assert_eq(hsf_sim_run(s, 20, 0, NULL, &err), HSF_SIM_PAUSED);
    double t = hsf_system_time(hsf_sim_system(s));
    cr_assert_eq(hsf_sim_checkpoint(s, ckpt, &err), 0, "%s", hsf_error_message(&err));
    hsf_sim_close(s);
    hsf_sim_options o2 = { .config_text = config(pieces), .resume = ckpt };
    s = hsf_sim_open(&o2, &err);
    cr_assert(s, "%s", hsf_error_message(&err));
    cr_assert_eq(hsf_system_time(hsf_sim_system(s)), t);
    cr_assert_eq(hsf_sim_run(s, INFINITY, 0, NULL, &err), HSF_SIM_ENDED);
    cr_assert_eq(hsf_sim_checkpoint(s, ckpt, &err), -1);
    hsf_sim_close(s);
    cr_assert_str_eq(slurp(pieces), slurp(whole));
}

Test(sim, records_and_velocities)
{
    hsf_sim_options opt = { .config_text = config(temp_output(2, "f.txt")) };
    hsf_sim *s = hsf_sim_open(&opt, &err);
    cr_assert(s);
    cr_assert_eq(hsf_sim_run(s, 2, 0, NULL, &err), HSF_SIM_PAUSED);
    hsf_sim_records r;
    cr_assert_eq(hsf_sim_get_records(s, 1, &r, &err), 0);
    cr_assert_eq(r.n, 3);
    cr_assert_eq(r.dim, 2);
    cr_assert_null(r.species);
    const hsf_system *sys = hsf_sim_system(s);
    for (size_t i = 0; i < 3; i++) {
        hsf_particle_view p;
        hsf_system_particle(sys, i, &p);
        const double *ri = (const double *)((const char *)r.r + i * r.motion_stride);
        const double *vi = (const double *)((const char *)r.v + i * r.motion_stride);
        const double *m = (const double *)((const char *)r.mass + i * r.body_stride);
        cr_assert_eq(ri[0], p.r[0]);
        cr_assert_eq(ri[1], p.r[1]);
        cr_assert_eq(vi[0], p.v[0]);
        cr_assert_eq(*m, p.mass);
    }
    double k0 = hsf_system_kinetic_energy(sys);
    const double v[3] = { 0, 2, 0 };
    cr_assert_eq(hsf_sim_set_velocity(s, 2, v, &err), 0);
    cr_assert_eq(hsf_sim_set_velocity(s, 3, v, &err), -1);
    cr_assert_float_eq(hsf_system_kinetic_energy(sys), k0 - 0.5 * 2 * 0.1 + 0.5 * 2 * 4, 1e-12);
    cr_assert_eq(hsf_sim_run(s, INFINITY, 0, NULL, &err), HSF_SIM_ENDED,
                 "%s", hsf_error_message(&err));
    char *json = hsf_sim_summary_json(s, &err);
    cr_assert(strstr(json, "\"energy_drift\": "), "%s", json);
    double drift = strtod(strstr(json, "\"energy_drift\": ") + 16, NULL);
    cr_assert_lt(fabs(drift), 1e-12, "%s", json);
    free(json);
    hsf_sim_close(s);
}

static volatile sig_atomic_t stop_now;

static int stopper(hsf_sim *s, void *ctx, hsf_error *e)
{
    (void)s, (void)ctx, (void)e;
    stop_now = hsf_system_time(hsf_sim_system(s)) == 30;
    return 0;
}

Test(sim, stop_flag_between_events)
{
    hsf_sim_observer obs = { .interval = 10, .fn = stopper };
    hsf_sim_options opt = { .config_text = config(temp_output(2, "f.txt")), .observers = &obs,
                            .n_observers = 1 };
    hsf_sim *s = hsf_sim_open(&opt, &err);
    cr_assert(s);
    cr_assert_eq(hsf_sim_run(s, INFINITY, 0, &stop_now, &err), HSF_SIM_INTERRUPTED);
    cr_assert_eq(hsf_system_time(hsf_sim_system(s)), 30);
    stop_now = 0;
    cr_assert_eq(hsf_sim_run(s, INFINITY, 0, &stop_now, &err), HSF_SIM_ENDED);
    hsf_sim_close(s);
}

static void count(void *ctx, const char *name, const char *kind, const char *summary,
                  const char *file)
{
    (void)summary, (void)file;
    if (!strcmp(name, "snapshot") && !strcmp(kind, "output"))
        ++*(int *)ctx;
}

Test(sim, plugins)
{
    int found = 0;
    cr_assert_gt(hsf_sim_plugins(NULL, count, &found, &err), 5);
    cr_assert_eq(found, 1);
}

/* Particle i's position and velocity now; returns its mass. */
static double at_now(const hsf_system *sys, size_t i, double r[3], double v[3])
{
    hsf_particle_view p;
    hsf_system_particle(sys, i, &p);
    memcpy(r, p.r, 3 * sizeof *r);
    memcpy(v, p.v, 3 * sizeof *v);
    return p.mass;
}

static double sim_summary_number(hsf_sim *s, const char *key)
{
    char *json = hsf_sim_summary_json(s, &err);
    cr_assert(json);
    char pattern[64];
    snprintf(pattern, sizeof pattern, "\"%s\": ", key);
    const char *at = strstr(json, pattern);
    cr_assert(at, "%s", json);
    double x = strtod(at + strlen(pattern), NULL);
    free(json);
    return x;
}

/* A disc put at rest in the path of disc 0 (at (40 + t, 50) at time t,
 * moving +x at speed 1), a gap of 1 ahead of it: they meet head on, and with equal masses disc 0
 * stops and the new one goes on at disc 0's velocity (disc 1, coming
 * the other way, meets it a time unit later); energy and momentum
 * are conserved through it and to the end. */
Test(sim, add_particle_collides_and_conserves)
{
    hsf_sim_options opt = { .config_text = config(temp_output(2, "f.txt")) };
    hsf_sim *s = hsf_sim_open(&opt, &err);
    cr_assert(s);
    const hsf_system *sys = hsf_sim_system(s);
    cr_assert_eq(hsf_sim_run(s, INFINITY, 1, NULL, &err), HSF_SIM_PAUSED);
    double t = hsf_system_time(sys), x0 = 40 + t;   /* disc 0 */
    cr_assert(t < 3.5, "t = %g", t);            /* before discs 0 and 1 meet */
    const double r[3] = { x0 + 2, 50, 0 }, rest[3] = { 0, 0, 0 };
    size_t index = 99;
    cr_assert_eq(hsf_sim_add_particle(s, r, rest, 0.5, 1, 0, &index, &err), 0, "%s",
                 hsf_error_message(&err));
    cr_assert_eq(index, 3);
    cr_assert_eq(hsf_system_count(sys), 4);
    cr_assert_eq(hsf_sim_run(s, t + 1, 0, NULL, &err), HSF_SIM_PAUSED);
    cr_assert_eq(hsf_system_time(sys), t + 1);   /* the collision, the first event at t + 1 */
    double r0[3], v0[3], r3[3], v3[3];
    at_now(sys, 0, r0, v0);
    at_now(sys, 3, r3, v3);
    cr_assert_float_eq(v0[0], 0, 1e-15);
    cr_assert_float_eq(v3[0], 1, 1e-15, "t = %.17g, disc 3 at %.17g with %.17g, disc 0 at %.17g with %.17g", t, r3[0], v3[0], r0[0], v0[0]);
    cr_assert_float_eq(r0[0], x0 + 1, 1e-12);   /* at contact */
    cr_assert_float_eq(r3[0], x0 + 2, 1e-12);
    double p[2] = { 0, 0 };
    for (size_t i = 0; i < 4; i++) {
        double ri[3], vi[3];
        double m = at_now(sys, i, ri, vi);
        p[0] += m * vi[0];
        p[1] += m * vi[1];
    }
    /* 1 - 1 + 2 * (0.1, 0.3) before, the new disc at rest: +-0.2 in y
     * after disc 2's wall hits, x unchanged by pair collisions. */
    cr_assert_float_eq(fabs(p[0]), 0.2, 1e-12);
    cr_assert_eq(hsf_sim_run(s, INFINITY, 0, NULL, &err), HSF_SIM_ENDED, "%s",
                 hsf_error_message(&err));
    cr_assert_lt(fabs(sim_summary_number(s, "energy_drift")), 1e-12);
    hsf_sim_close(s);
}

/* Refusals leave the state as it was, bit for bit, and the run goes on. */
Test(sim, add_and_remove_refusals)
{
    hsf_sim_options opt = { .config_text = config(temp_output(2, "f.txt")) };
    hsf_sim *s = hsf_sim_open(&opt, &err);
    cr_assert(s);
    const hsf_system *sys = hsf_sim_system(s);
    cr_assert_eq(hsf_sim_run(s, 2, 0, NULL, &err), HSF_SIM_PAUSED);
    hsf_sim_records rec;
    cr_assert_eq(hsf_sim_get_records(s, 1, &rec, &err), 0);
    unsigned char before[3 * 64];
    memcpy(before, rec.r, sizeof before);
    double on0[3], w0[3];
    at_now(sys, 0, on0, w0);
    on0[0] += 0.3;
    const double v[3] = { 0, 0, 0 }, out[3] = { 99.8, 50, 0 },
                 free_spot[3] = { 70, 70, 0 }, nan_r[3] = { NAN, 1, 0 };
    const struct {
        const double *r;
        double radius, mass;
        unsigned species;
        const char *why;
    } bad[] = {
        { on0, 0.5, 1, 0, "overlaps particle 0" },
        { out, 0.5, 1, 0, "not inside the box boundary" },
        { free_spot, 0, 1, 0, "radius: expected a number > 0" },
        { free_spot, 0.5, -1, 0, "mass: expected a number > 0" },
        { free_spot, 0.5, 1, 1, "species: expected 0 to 0" },
        { nan_r, 0.5, 1, 0, "expected a finite position" },
    };
    for (size_t k = 0; k < sizeof bad / sizeof bad[0]; k++) {
        cr_assert_eq(hsf_sim_add_particle(s, bad[k].r, v, bad[k].radius, bad[k].mass,
                                          bad[k].species, NULL, &err), -1, "bad[%zu]", k);
        cr_assert(strstr(hsf_error_message(&err), bad[k].why), "%s",
                  hsf_error_message(&err));
    }
    cr_assert_eq(hsf_sim_remove_particle(s, 3, &err), -1);
    cr_assert(strstr(hsf_error_message(&err), "particle 3: expected 0 to 2"), "%s",
              hsf_error_message(&err));
    cr_assert_eq(hsf_system_count(sys), 3);
    cr_assert_eq(hsf_sim_get_records(s, 0, &rec, &err), 0);
    cr_assert_eq(memcmp(rec.r, before, sizeof before), 0);
    cr_assert_eq(hsf_sim_run(s, INFINITY, 0, NULL, &err), HSF_SIM_ENDED);
    cr_assert_eq(hsf_sim_add_particle(s, free_spot, v, 0.5, 1, 0, NULL, &err), -1);
    cr_assert(strstr(hsf_error_message(&err), "the run has ended"), "%s",
              hsf_error_message(&err));
    hsf_sim_close(s);
}

/* Removing shifts the later particles down, order kept; the records given
 * before stay readable with the old values; the last particle stays; a
 * checkpoint after the change resumes with the particles left. */
Test(sim, remove_particle_shifts_down)
{
    hsf_sim_options opt = { .config_text = config(temp_output(2, "f.txt")) };
    hsf_sim *s = hsf_sim_open(&opt, &err);
    cr_assert(s);
    const hsf_system *sys = hsf_sim_system(s);
    cr_assert_eq(hsf_sim_run(s, 2, 0, NULL, &err), HSF_SIM_PAUSED);
    hsf_sim_records old;
    cr_assert_eq(hsf_sim_get_records(s, 1, &old, &err), 0);
    double r1[3], v1[3], r2[3], v2[3], x;
    at_now(sys, 1, r1, v1);
    at_now(sys, 2, r2, v2);
    cr_assert_eq(hsf_sim_remove_particle(s, 0, &err), 0, "%s", hsf_error_message(&err));
    cr_assert_eq(hsf_system_count(sys), 2);
    double q[3], w[3];
    at_now(sys, 0, q, w);
    cr_assert(!memcmp(q, r1, sizeof q) && !memcmp(w, v1, sizeof w));
    at_now(sys, 1, q, w);
    cr_assert(!memcmp(q, r2, sizeof q) && !memcmp(w, v2, sizeof w));
    cr_assert_eq(at_now(sys, 1, q, w), 2);
    memcpy(&x, (const char *)old.r + 1 * old.motion_stride, sizeof x);
    cr_assert_eq(x, r1[0]);         /* the old records, as they were */
    /* A checkpoint now holds the two particles, and resumes with them. */
    const char *ckpt = temp_output(4, "c.ckpt");
    cr_assert_eq(hsf_sim_checkpoint(s, ckpt, &err), 0, "%s", hsf_error_message(&err));
    hsf_sim_options again = opt;
    again.resume = ckpt;
    hsf_sim *r = hsf_sim_open(&again, &err);
    cr_assert(r, "%s", hsf_error_message(&err));
    cr_assert_eq(hsf_system_count(hsf_sim_system(r)), 2);
    cr_assert_eq(hsf_system_time(hsf_sim_system(r)), hsf_system_time(sys));
    at_now(hsf_sim_system(r), 1, q, w);
    cr_assert(!memcmp(q, r2, sizeof q) && !memcmp(w, v2, sizeof w));
    hsf_sim_close(r);
    cr_assert_eq(hsf_sim_remove_particle(s, 1, &err), 0);
    cr_assert_eq(hsf_sim_remove_particle(s, 0, &err), -1);
    cr_assert(strstr(hsf_error_message(&err), "the last one"), "%s", hsf_error_message(&err));
    hsf_sim_release_records(s);
    cr_assert_eq(hsf_sim_run(s, INFINITY, 0, NULL, &err), HSF_SIM_ENDED, "%s",
                 hsf_error_message(&err));
    cr_assert_lt(fabs(sim_summary_number(s, "energy_drift")), 1e-12);
    hsf_sim_close(s);
}
