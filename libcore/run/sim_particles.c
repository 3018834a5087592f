/* Particles added and removed between two events (sim.h): what a run must
 * not have for it (refused before anything changes), the checks of a new
 * particle, the arrays built whole before the engine takes them, and the
 * balance of the summary moved by what came in or went out. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "host/error_private.h"
#include "run/engine.h"
#include "run/sim_private.h"
#include "run/summary.h"
#include "run/validate.h"
#include "shared/shear.h"

/* The new arrays, made before anything changes (apply cannot fail). */
typedef struct change {
    hsf_sim *s;
    size_t n;               /* particles after the change */
    hsf_motion *m;
    hsf_body *b;
    uint8_t *species;       /* NULL when every particle is of species 0 */
    uint32_t *line;         /* the set's lines (messages), when it has them */
} change;

/* Whether an output keeps nothing per particle from its begin, as it
 * declares (output.h; msd, vacf, rdf, transport, ... size arrays by n
 * then, and a plugin built before ABI 1.6 declares nothing). */
static int reads_afresh(const hsf_output_slot *o)
{
    return (o->in.type.output->flags & HSF_OUTPUT_ANY_PARTICLES) != 0;
}

const char *hsf_run_why_fixed_n(const run_state *rs, char *buf, size_t size)
{
    const hsf_system *sys = &rs->sys;
    const char *why = NULL;
    if (!rs->engine->change_particles) {
        snprintf(buf, size, "engine = %s keeps its particles in its own records: particles "
                 "are added and removed only with engine = event", rs->engine->name);
        return buf;
    }
    for (size_t k = 0; k < sys->n_out; k++)
        if (!reads_afresh(&sys->out[k])) {
            snprintf(buf, size, "[%s] (%s) may keep per-particle state sized when it "
                     "began: it does not declare HSF_OUTPUT_ANY_PARTICLES (of hsframe's "
                     "outputs thermo, snapshot, xyz, events and profile do)",
                     sys->out[k].in.cfg.section, sys->out[k].in.plugin.info->name);
            return buf;
        }
    if (sys->model)
        why = "the run has a model of interactions (interaction plugins, bonds, spins, a "
              "[field] or a [compression]), whose per-particle and per-pair state is made "
              "at the start";
    else if (sys->fixed)
        why = "the run has fixed particles";
    else if (rs->set.omega || rs->set.inertia)
        why = "the particles have spins";
    else if (hsf_shears(sys) || hsf_walls_move(sys))
        why = "the boundary's images slide or its walls move";
    else if (sys->thermostat.type.thermostat)
        why = "a [thermostat] plugin may keep per-particle state made at its start";
    else if (sys->reverse_at >= 0)
        why = "reverse_at compares every particle with its start";
    else if (rs->checkpoint.section && hsf_system_species_count(sys) > 1)
        why = "[checkpoint] writes checkpoints, which do not hold the species (several "
              "here) of particles added or removed";
    return why;
}

/* Why this simulation cannot change its particles now (err set), or 0. */
static int refused(hsf_sim *s, const char *what, hsf_error *err)
{
    char buf[256];
    const char *why = hsf_run_why_fixed_n(&s->rs, buf, sizeof buf);
    if (why)
        return hsf_error_set(err, "%s: refused: %s", what, why);
    if (s->running)
        return hsf_error_set(err, "%s: the simulation is running: an observer cannot change "
                             "its particles", what);
    if (s->failed || s->ended)
        return hsf_error_set(err, "%s: the run has %s", what, s->failed ? "failed" : "ended");
    return 0;
}

/* Room for the arrays the change replaces (kept for old views). */
static int make_room(hsf_sim *s, hsf_error *err)
{
    void **r = realloc(s->retired, (s->n_retired + 3) * sizeof *r);
    if (!r)
        return hsf_error_set(err, "out of memory");
    s->retired = r;
    return 0;
}

static int alloc_arrays(change *c, int with_species, int with_lines, hsf_error *err)
{
    void *m = NULL;
    if (posix_memalign(&m, 64, c->n * sizeof *c->m))
        m = NULL;
    c->m = m;
    c->b = malloc(c->n * sizeof *c->b);
    c->species = with_species ? malloc(c->n) : NULL;
    c->line = with_lines ? malloc(c->n * sizeof *c->line) : NULL;
    if (c->m && c->b && (c->species || !with_species) && (c->line || !with_lines))
        return 0;
    free(c->m), free(c->b), free(c->species), free(c->line);
    return hsf_error_set(err, "out of memory for %zu particles", c->n);
}

/* Swaps the new arrays in; the old records are kept, the old lines freed. */
static void apply(void *ctx)
{
    change *c = ctx;
    hsf_sim *s = c->s;
    run_state *rs = &s->rs;
    hsf_system *sys = &rs->sys;
    s->retired[s->n_retired++] = sys->m;
    s->retired[s->n_retired++] = sys->b;
    if (sys->species)
        s->retired[s->n_retired++] = sys->species;
    if (c->line) {
        free(rs->set.line);
        rs->set.line = c->line;
    }
    rs->set.n = c->n;
    sys->m = c->m;
    sys->b = c->b;
    sys->species = c->species;
    sys->n = c->n;
}

/* The change made by the engine; the summary's start balance moved by the
 * energy and momentum that came in or went out. */
static int commit(hsf_sim *s, change *c, hsf_error *err)
{
    run_state *rs = &s->rs;
    hsf_conserved before, after;
    hsf_measure(&rs->sys, &before);
    int rc = rs->engine->change_particles(rs, apply, c, 0, err);
    if (rc == -1) {
        free(c->m), free(c->b), free(c->species), free(c->line);
        return -1;
    }
    if (rc) {
        s->failed = 1;
        return -1;
    }
    hsf_measure(&rs->sys, &after);
    rs->c0.energy += after.energy - before.energy;
    rs->c0.kinetic += after.kinetic - before.kinetic;
    for (int a = 0; a < 3; a++)
        rs->c0.momentum[a] += after.momentum[a] - before.momentum[a];
    s->changed = 1;
    return 0;
}

/* Where the new particle may not be: outside the boundary, on another. */
static int check_place(const hsf_system *sys, const double r[3], double radius, hsf_error *err)
{
    for (int a = 0; a < sys->dim; a++)
        if (sys->periodic[a] && !(r[a] >= sys->lo[a] && r[a] < sys->hi[a]))
            return hsf_error_set(err, "position %c = %.17g: expected %.17g <= %c < %.17g "
                                 "(the periodic box)", "xyz"[a], r[a], sys->lo[a], "xyz"[a],
                                 sys->hi[a]);
    if (sys->boundary.type.boundary->check(sys->boundary.state, r, radius, err))
        return hsf_error_prefix(err, "the particle is not inside the %s boundary: ",
                                sys->boundary.plugin.info->name);
    for (size_t j = 0; j < sys->n; j++) {
        double rj[3], dr[3];
        hsf_position_at(&sys->m[j], sys->time, rj);
        hsf_separation(sys, r, rj, dr);
        double d = sqrt(dr[0] * dr[0] + dr[1] * dr[1] + dr[2] * dr[2]);
        double sigma = radius + sys->m[j].radius;
        if (sigma - d > HSF_TOUCH_TOLERANCE * sigma)
            return hsf_error_set(err, "the particle overlaps particle %zu (0-based) by "
                                 "%.6g: their centres are %.17g apart, their radii sum to "
                                 "%.17g", j, sigma - d, d, sigma);
    }
    return 0;
}

int hsf_sim_add_particle(hsf_sim *s, const double r[3], const double v[3], double radius,
                         double mass, unsigned species, size_t *index, hsf_error *err)
{
    run_state *rs = &s->rs;
    hsf_system *sys = &rs->sys;
    const char *what = "add_particle";
    if (refused(s, what, err))
        return -1;
    double rr[3] = { 0, 0, 0 }, vv[3] = { 0, 0, 0 };
    for (int a = 0; a < sys->dim; a++) {
        rr[a] = r[a];
        vv[a] = v[a];
        if (!isfinite(r[a]) || !isfinite(v[a]))
            return hsf_error_set(err, "%s: expected a finite position and velocity, found "
                                 "%c = %g, v%c = %g", what, "xyz"[a], r[a], "xyz"[a], v[a]);
    }
    if (!(radius > 0) || !isfinite(radius))
        return hsf_error_set(err, "%s: radius: expected a number > 0, found %g", what, radius);
    if (!(mass > 0) || !isfinite(mass))
        return hsf_error_set(err, "%s: mass: expected a number > 0, found %g", what, mass);
    if (species >= hsf_system_species_count(sys))
        return hsf_error_set(err, "%s: species: expected 0 to %u, found %u", what,
                             hsf_system_species_count(sys) - 1, species);
    if (sys->n >= (size_t)UINT32_MAX - 64 - sys->n_out)
        return hsf_error_set(err, "%s: %zu particles already: no more fit", what, sys->n);
    if (check_place(sys, rr, radius, err))
        return hsf_error_prefix(err, "%s: ", what);
    change c = { .s = s, .n = sys->n + 1 };
    if (make_room(s, err) || alloc_arrays(&c, sys->species || species, rs->set.line != NULL, err))
        return hsf_error_prefix(err, "%s: ", what);
    size_t n = sys->n;
    memcpy(c.m, sys->m, n * sizeof *c.m);
    memcpy(c.b, sys->b, n * sizeof *c.b);
    if (c.species) {
        if (sys->species)
            memcpy(c.species, sys->species, n);
        else
            memset(c.species, 0, n);
        c.species[n] = (uint8_t)species;
    }
    if (c.line) {
        memcpy(c.line, rs->set.line, n * sizeof *c.line);
        c.line[n] = 0;      /* no file: "[init]: particle N" in messages */
    }
    c.m[n] = (hsf_motion){ .t = sys->time, .radius = radius };
    memcpy(c.m[n].r, rr, sizeof rr);
    memcpy(c.m[n].v, vv, sizeof vv);
    c.b[n] = (hsf_body){ .mass = mass, .next = HSF_NONE, .color = { 70, 130, 180 },
                         .event_object = HSF_NONE };
    if (commit(s, &c, err))
        return hsf_error_prefix(err, "%s: ", what);
    if (index)
        *index = n;
    return 0;
}

int hsf_sim_remove_particle(hsf_sim *s, size_t i, hsf_error *err)
{
    run_state *rs = &s->rs;
    hsf_system *sys = &rs->sys;
    const char *what = "remove_particle";
    if (refused(s, what, err))
        return -1;
    if (i >= sys->n)
        return hsf_error_set(err, "%s: particle %zu: expected 0 to %zu", what, i, sys->n - 1);
    if (sys->n == 1)
        return hsf_error_set(err, "%s: particle %zu is the last one: a run keeps at least one",
                             what, i);
    change c = { .s = s, .n = sys->n - 1 };
    if (make_room(s, err) || alloc_arrays(&c, sys->species != NULL, rs->set.line != NULL, err))
        return hsf_error_prefix(err, "%s: ", what);
    size_t after = sys->n - i - 1;
    memcpy(c.m, sys->m, i * sizeof *c.m);
    memcpy(c.m + i, sys->m + i + 1, after * sizeof *c.m);
    memcpy(c.b, sys->b, i * sizeof *c.b);
    memcpy(c.b + i, sys->b + i + 1, after * sizeof *c.b);
    if (c.species) {
        memcpy(c.species, sys->species, i);
        memcpy(c.species + i, sys->species + i + 1, after);
    }
    if (c.line) {
        memcpy(c.line, rs->set.line, i * sizeof *c.line);
        memcpy(c.line + i, rs->set.line + i + 1, after * sizeof *c.line);
    }
    return commit(s, &c, err) ? hsf_error_prefix(err, "%s: ", what) : 0;
}

void hsf_sim_release_records(hsf_sim *s)
{
    for (size_t k = 0; k < s->n_retired; k++)
        free(s->retired[k]);
    s->n_retired = 0;
}
