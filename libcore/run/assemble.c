/* Assembling a run: the configuration bound, the plugins opened, the
 * particles read or placed and checked, the boundary initialised, and the
 * engine given its part through its operations (engine.h, run_private.h). */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include <hsframe/io.h>

#include "shared/checkpoint_run.h"
#include "shared/physics.h"
#include "shared/system_private.h"
#include "host/error_private.h"
#include "host/plugin_instance.h"
#include "host/atomic_private.h"
#include "io/init.h"
#include "io/input_limits.h"
#include "run/validate.h"
#include "model/model.h"
#include "shared/shear.h"
#include "run/file_uses.h"
#include "run/engine.h"
#include "run/run_private.h"

/* Loads a plugin named in section, then binds the section to the host's
 * and the plugin's parameters (host/plugin_instance.h). */
int hsf_run_open_plugin(run_state *rs, const char *section, int kind,
                        const hsf_param *host, hsf_instance *in, hsf_error *err)
{
    return hsf_instance_open(&rs->cf, &rs->path, section, kind, host, in, err);
}

/* The sections whose names start with prefix, and how many (a
 * NULL-terminated array to free), or NULL with err set. */
const char **hsf_run_sections_named(const run_state *rs, const char *prefix, size_t *n,
                                   hsf_error *err)
{
    const char **names = hsf_config_sections_with_prefix(&rs->cf, prefix);
    if (!names) {
        hsf_error_set(err, "out of memory");
        return NULL;
    }
    for (*n = 0; names[*n]; (*n)++)
        ;
    return names;
}

static int open_outputs(run_state *rs, hsf_error *err)
{
    size_t n;
    const char **names = hsf_run_sections_named(rs, "output.", &n, err);
    if (!names)
        return -1;
    hsf_system *sys = &rs->sys;
    sys->out = calloc(n + rs->opt->n_observers + 1, sizeof *sys->out);
    int rc = sys->out ? 0 : hsf_error_set(err, "out of memory");
    for (size_t k = 0; k < n && !rc; k++) {
        hsf_output_slot *o = &sys->out[k];
        sys->n_out++;
        rc = hsf_run_open_plugin(rs, names[k], HSF_PLUGIN_OUTPUT, hsf_run_output_params,
                                 &o->in, err);
        if (!rc) {
            o->interval = hsf_config_double(&o->in.cfg, "interval");
            sys->event_mask |= o->in.type.output->event_mask;
        }
    }
    free(names);
    return rc || hsf_run_add_observers(rs, err);
}

/* Closes the outputs again, their sections checked (hsf_run_options
 * skip_outputs). */
static void drop_outputs(hsf_system *sys)
{
    for (size_t k = 0; k < sys->n_out; k++)
        hsf_instance_close(&sys->out[k].in);
    sys->n_out = 0;
    sys->event_mask = 0;
}

/* 1 if the configuration has section name, 0 if not, -1 out of memory. */
int hsf_run_has_section(const run_state *rs, const char *name)
{
    const char **list = hsf_config_sections_with_prefix(&rs->cf, name);
    if (!list)
        return -1;
    int found = 0;
    for (const char **k = list; *k; k++)
        found |= !strcmp(*k, name);
    free(list);
    return found;
}

/* Where section.key (any key of section when key is NULL) was set, for a
 * message: "FILE:LINE", or "-s SECTION.KEY" (in a static buffer). */
const char *hsf_run_key_where(const run_state *rs, const char *section, const char *key)
{
    static char where[512];
    for (size_t k = 0; k < rs->cf.n; k++) {
        const hsf_config_entry *e = &rs->cf.e[k];
        if (strcmp(e->section, section) || (key && strcmp(e->key, key)) ||
            e->line < 0)                                    /* < 0: derived, not set */
            continue;
        if (e->line > 0)
            snprintf(where, sizeof where, "%s:%d", rs->cf.path, e->line);
        else
            snprintf(where, sizeof where, "-s %s.%s", e->section, e->key);
        return where;
    }
    return rs->cf.path;
}

/* Before anything is written (after the particles are read, once the
 * engine's own sections are bound): no output, nor the checkpoint or a
 * file of the engine, on a file the run reads or another output writes. */
static int check_files(run_state *rs, hsf_error *err)
{
    hsf_file_uses fu = { 0 };
    char *particles = NULL, *bonds = NULL;
    int bad = 0;
    if (hsf_config_string(&rs->sim, "particles")[0])
        bad = !(particles = hsf_config_path(&rs->sim, "particles"));
    if (!bad && rs->bonds.section)
        bad = !(bonds = hsf_config_path(&rs->bonds, "file"));
    if (bad) {
        free(particles);
        return hsf_error_set(err, "out of memory");
    }
    bad = hsf_file_uses_add(&fu, NULL, NULL, rs->cf.path, "the configuration file", 0, err) ||
          hsf_file_uses_add(&fu, &rs->sim, "particles", particles, "the particle file", 0, err) ||
          hsf_file_uses_add(&fu, &rs->bonds, "file", bonds, "the bonds file", 0, err);
    if (!bad && rs->engine->add_files)
        bad = rs->engine->add_files(rs, &fu, err);
    if (!bad && rs->checkpoint.section)
        bad = hsf_file_uses_add(&fu, &rs->checkpoint, "file",
                                hsf_config_string(&rs->checkpoint, "file"),
                                "the checkpoint file", 1, err);
    for (size_t k = 0; k < rs->sys.n_out && !bad; k++)
        bad = hsf_file_uses_add_output(&fu, &rs->sys.out[k].in.cfg,
                                       rs->sys.out[k].in.plugin.info->params, err);
    if (!bad)
        bad = hsf_file_uses_check(&fu, err);
    hsf_file_uses_free(&fu);
    free(particles);
    free(bonds);
    return bad ? -1 : 0;
}

/* A [boundary] size given beside [init] must hold the lattice (size, the
 * sides it fills): else its sites would lie outside, or overlap through
 * the periodic images. */
static int box_fits_lattice(const run_state *rs, int dim, const char *size, hsf_error *err)
{
    const char *given = hsf_config_lookup(&rs->cf, "boundary", "size");
    if (!given)
        return 0;
    const char *g = given, *s = size;
    char needed[128] = "";
    int small = 0;
    size_t used = 0;
    for (int a = 0; a < dim; a++) {
        char *end;
        double have = strtod(g, &end), need = strtod(s, (char **)&s);
        if (end == g)
            return 0;       /* not numbers: the boundary's own check says so */
        g = end;
        small |= have < need * (1 - 1e-12);
        used += (size_t)snprintf(needed + used, sizeof needed - used, "%s%.6g", a ? " " : "",
                                 need);
    }
    if (!small)
        return 0;
    return hsf_error_set(err, "%s: [boundary] size %s is too small for the lattice of [init] "
                         "(%s, cells %s, packing_fraction %g, radius %g), which needs %s: give "
                         "at least that, or leave size out and [init] sizes the box",
                         hsf_run_key_where(rs, "boundary", "size"), given,
                         hsf_config_string(&rs->init, "lattice"),
                         hsf_config_lookup(&rs->cf, "init", "cells"),
                         hsf_config_double(&rs->init, "packing_fraction"),
                         hsf_config_double(&rs->init, "radius"), needed);
}

/* Particles come from a file or from [init], which also sizes the box
 * unless [boundary] size is given. */
static int bind_init(run_state *rs, hsf_error *err)
{
    int has_init = hsf_run_has_section(rs, "init");
    if (has_init < 0)
        return hsf_error_set(err, "out of memory");
    int has_file = hsf_config_string(&rs->sim, "particles")[0] != '\0';
    if (has_init && has_file)
        return hsf_config_error(&rs->sim, err, "particles", "give either a particle file or "
                                "an [init] section (%s), not both",
                                hsf_run_key_where(rs, "init", NULL));
    if (!has_init && !has_file)
        return hsf_config_missing(&rs->cf, "simulation", "particles",
                                  "a particle file; or give an [init] section", err);
    if (!has_init)
        return 0;
    char size[256];
    int dim = (int)hsf_config_int(&rs->sim, "dim");
    if (hsf_config_bind(&rs->cf, "init", hsf_init_params, NULL, &rs->init, err) ||
        hsf_init_box(&rs->init, dim, size, sizeof size, err) ||
        box_fits_lattice(rs, dim, size, err))
        return -1;
    return hsf_config_derive(&rs->cf, "boundary", "size", size, err);
}

/* The species names of the particles and their bonds: those of [bonds],
 * or else those the particle file carries (an XYZ file hsframe wrote). */
static int take_species_and_bonds(run_state *rs, hsf_error *err)
{
    hsf_bond *bonds = rs->set.bonds;
    size_t n_bonds = rs->set.n_bonds;
    rs->set.bonds = NULL;
    rs->set.n_bonds = 0;
    if (rs->bonds.section) {
        free(bonds);
        bonds = NULL;
        char *path = hsf_config_path(&rs->bonds, "file");
        if (!path)
            return hsf_error_set(err, "out of memory");
        int bad = hsf_read_bonds(path, rs->set.n, hsf_config_double(&rs->bonds, "length"),
                                 &bonds, &n_bonds, err);
        free(path);
        if (bad)
            return hsf_error_prefix(err, "[bonds] file: ");
    }
    if (hsf_system_take_species_and_bonds(&rs->sys, &rs->set, bonds, n_bonds, err)) {
        free(bonds);
        return -1;
    }
    return 0;
}

/* [field] gravity: the components, one per dimension; a field takes the
 * model path, needs a boundary that solves parabolas, and none along a
 * periodic axis. */
static int read_field(run_state *rs, hsf_error *err)
{
    hsf_system *sys = &rs->sys;
    if (!rs->field.section)
        return 0;
    double g[HSF_VECTOR_MAX] = { 0 };
    int count = hsf_config_vector(&rs->field, "gravity", g, HSF_VECTOR_MAX);
    if (count != sys->dim)
        return hsf_config_error(&rs->field, err, "gravity", "expected %d components for dim = "
                                "%d, found %d", sys->dim, sys->dim, count);
    for (int a = 0; a < sys->dim; a++) {
        sys->gravity[a] = g[a];
        sys->has_field |= g[a] != 0;
    }
    if (!sys->has_field)
        return 0;
    const hsf_boundary_type *b = sys->boundary.plugin.vtable;
    if (!b->first_hit)
        return hsf_config_error(&rs->field, err, "gravity", "boundary %s cannot follow "
                                "particles on parabolas (it has no first_hit, plugin ABI "
                                "1.5); box and circle can", sys->boundary.plugin.info->name);
    return 0;
}

/* [compression]: the growth starts from the particles' packing fraction
 * and temperature; a boundary must follow growing particles. */
static int start_growth(run_state *rs, hsf_error *err)
{
    hsf_system *sys = &rs->sys;
    if (!rs->compression.section && rs->prelude_scale == 1)
        return 0;
    const hsf_boundary_type *b = sys->boundary.type.boundary;
    if (!b->first_hit || !b->normal)
        return hsf_error_set(err, "%s: %s: boundary %s cannot follow growing particles (it "
                             "has no first_hit and normal, plugin ABI 1.5)", rs->cf.path,
                             rs->prelude_scale > 1 ? "[init] method = random"
                                                   : "[compression]",
                             sys->boundary.plugin.info->name);
    double filled = 0, k = 0;
    for (size_t i = 0; i < rs->set.n; i++) {
        const hsf_particle *p = &rs->set.p[i];
        double r = p->radius;
        filled += sys->dim == 2 ? M_PI * r * r : 4 * M_PI / 3 * r * r * r;
        k += 0.5 * p->mass * (p->v[0] * p->v[0] + p->v[1] * p->v[1] + p->v[2] * p->v[2]);
    }
    double phi = filled / b->volume(sys->boundary.state);
    double kT = rs->set.n ? 2 * k / (sys->dim * (double)rs->set.n) : 0;
    if (rs->prelude_scale > 1) {
        /* [compression], if any, starts after the prelude (restart). */
        if (hsf_growth_check(sys, err))
            return hsf_error_prefix(err, "[init] method = random: ");
        hsf_growth_start(sys, hsf_config_double(&rs->init, "compression_rate"),
                         rs->prelude_scale, phi, kT, 1);
        return 0;
    }
    return hsf_growth_setup(sys, &rs->compression, phi, kT, err);
}

/* A field along a periodic axis would accelerate the particles forever. */
static int field_axes(run_state *rs, hsf_error *err)
{
    hsf_system *sys = &rs->sys;
    for (int a = 0; sys->has_field && a < sys->dim; a++)
        if (sys->periodic[a] && sys->gravity[a] != 0)
            return hsf_config_error(&rs->field, err, "gravity", "expected 0 along the periodic "
                                    "axis %c of boundary %s, found %g", "xyz"[a],
                                    sys->boundary.plugin.info->name, sys->gravity[a]);
    return 0;
}

/* The boundary's extent, as the header promises: components beyond dim
 * ignored (set to a flat, non-periodic axis), and each axis within dim a
 * finite interval lo < hi. */
static int take_extent(hsf_system *sys, hsf_error *err)
{
    sys->boundary.type.boundary->extent(sys->boundary.state, sys->lo, sys->hi, sys->periodic);
    for (int a = 0; a < 3; a++) {
        if (a >= sys->dim) {
            sys->lo[a] = sys->hi[a] = 0;
            sys->periodic[a] = 0;
        } else if (!isfinite(sys->lo[a]) || !isfinite(sys->hi[a]) ||
                   !(sys->lo[a] < sys->hi[a])) {
            return hsf_error_set(err, "boundary %s: extent gave axis %c from %g to %g: "
                                 "expected finite numbers with lo < hi",
                                 sys->boundary.plugin.info->name, "xyz"[a], sys->lo[a],
                                 sys->hi[a]);
        }
        sys->periodic[a] = sys->periodic[a] != 0;
    }
    return 0;
}

/* The largest side of the extent. */
static double extent_span(const hsf_system *sys)
{
    double span = 0;
    for (int a = 0; a < sys->dim; a++)
        span = fmax(span, sys->hi[a] - sys->lo[a]);
    return span;
}

/* "engine = NAME", for a refusal of what the engine cannot follow. */
static const char *engine_is(const run_state *rs)
{
    static char text[96];
    snprintf(text, sizeof text, "engine = %s", rs->engine->name);
    return text;
}

static const char *engine_cannot(const run_state *rs)
{
    static char text[128];
    snprintf(text, sizeof text, "engine = %s cannot be used with them", rs->engine->name);
    return text;
}

/* Sliding images (shared/shear.h): an event-driven run with cells (and
 * neighbour lists if asked for), whose random start's prelude packs the
 * particles with the images at rest; and [boundary] start_profile, which
 * needs them. */
static int check_sliding(run_state *rs, hsf_error *err)
{
    hsf_system *sys = &rs->sys;
    int profile = hsf_config_bool(&sys->boundary.cfg, "start_profile");
    if (rs->prelude)
        return 0;
    if (hsf_shear_setup(sys, err))
        return -1;
    if (!hsf_shears(sys))
        return profile ? hsf_config_error(&sys->boundary.cfg, err, "start_profile",
                                          "boundary %s has no sliding images: no flow to "
                                          "start with", sys->boundary.plugin.info->name)
                       : 0;
    const char *why = !(rs->engine->caps & HSF_ENGINE_SLIDING) ? engine_is(rs)
                      : sys->reverse_at >= 0 ? "reverse_at (the images would go on sliding)"
                      : rs->compression.section ? "[compression]"
                                                : NULL;
    if (why)
        return hsf_error_set(err, "%s: boundary %s has sliding images (Lees-Edwards), which "
                             "the event engine with cells follows: %s cannot be used with it",
                             rs->cf.path, sys->boundary.plugin.info->name, why);
    return 0;
}

/* Walls that move (boundary.h, wall_velocity): the boundary says whether
 * this instance has any; the event engine's model path follows them
 * (engine_event.c), with first_hit.  Refused where the walls' motion is
 * not followed, or would undo what the run means. */
static int check_moving_walls(run_state *rs, hsf_error *err)
{
    hsf_system *sys = &rs->sys;
    const hsf_boundary_type *b = sys->boundary.type.boundary;
    double u[3] = { 0, 0, 0 }, r[3] = { 0, 0, 0 };
    sys->walls.on = 0;
    sys->walls.work = 0;
    if (!b->wall_velocity)
        return 0;
    b->wall_velocity(sys->boundary.state, -1, 0, r, u);
    if (u[0] == 0)
        return 0;
    sys->walls.on = 1;
    const char *why = !b->first_hit ? "it has no first_hit (plugin ABI 1.5)"
                      : !(rs->engine->caps & HSF_ENGINE_MOVING_WALLS) ? engine_cannot(rs)
                      : sys->reverse_at >= 0 ? "reverse_at cannot be used with them (the walls "
                                               "would not retrace their motion)"
                      : rs->compression.section ? "[compression] cannot be used with them"
                      : rs->prelude || rs->prelude_scale > 1
                          ? "[init] method = random cannot be used with them (its packing "
                            "would end with the walls elsewhere than at time 0)"
                          : NULL;
    if (why)
        return hsf_error_set(err, "%s: boundary %s has walls that move, which the event "
                             "engine follows: %s", rs->cf.path, sys->boundary.plugin.info->name,
                             why);
    return 0;
}

/* [init] method = random: the placed particles are compressed to [init]'s
 * radius by a run of their own, the prelude, assembled by this same file
 * from the same configuration (rs->prelude: no outputs, audits, reversal
 * or thermostat; the radii grow until the packing fraction is reached),
 * and this run starts from where it ended: its particles take the
 * prelude's positions, velocities and periodic images, with [init]'s
 * radius exactly, and everything else (counters, queue, grid, model)
 * starts afresh at time 0. */
/* The engines' own sections ([ecmc]): a section of another engine than
 * the run's is refused (the prelude of a random start, which the event
 * engine runs for every engine, leaves it to the run); the one present is
 * bound into engine_cfg.  Returns 0 or -1 with err set. */
static int bind_engine_sections(run_state *rs, hsf_error *err)
{
    const hsf_engine_ops *e;
    for (size_t k = 0; (e = hsf_engine_at(k)); k++) {
        if (!e->section)
            continue;
        int has = hsf_run_has_section(rs, e->section);
        if (has < 0)
            return hsf_error_set(err, "out of memory");
        if (has && e != rs->engine && !rs->prelude)
            return hsf_error_set(err, "%s: [%s] is a section of engine = %s: remove it, or set "
                                 "[simulation] engine = %s",
                                 hsf_run_key_where(rs, e->section, NULL), e->section, e->name,
                                 e->name);
        if ((e == rs->engine || has) &&
            hsf_config_bind(&rs->cf, e->section, e->section_params, NULL, &rs->engine_cfg, err))
            return -1;
    }
    return 0;
}

static int run_prelude(run_state *rs, const hsf_run_options *opt, hsf_error *err)
{
    run_state *pre = calloc(1, sizeof *pre);
    if (!pre)
        return hsf_error_set(err, "out of memory");
    /* The event engine packs the particles, whichever engine runs them. */
    const char **over = malloc((opt->n_overrides + 1) * sizeof *over);
    if (!over) {
        free(pre);
        return hsf_error_set(err, "out of memory");
    }
    for (size_t k = 0; k < opt->n_overrides; k++)
        over[k] = opt->overrides[k];
    over[opt->n_overrides] = "simulation.engine=event";
    hsf_run_options quiet = { .config_path = opt->config_path,
                              .config_text = opt->config_text, .overrides = over,
                              .n_overrides = opt->n_overrides + 1,
                              .plugin_dirs = opt->plugin_dirs,
                              .stop = opt->stop, .skip_outputs = 1 };
    pre->prelude = 1;
    pre->opt = &quiet;
    int rc = hsf_run_prepare(pre, &quiet, err);
    if (!rc && pre->engine->run(pre, 0, err))
        rc = hsf_error_prefix(err, "[init] method = random: ");
    const hsf_system *sys = &pre->sys;
    if (!rc && sys->model->growth.end != HSF_GROWTH_PACKING)
        rc = hsf_config_error(&rs->init, err, "packing_fraction", "a random packing jammed at "
                              "%.4f before reaching %g: ask for a lower one, or a lower "
                              "compression_rate", hsf_growth_packing(sys),
                              hsf_config_double(&rs->init, "packing_fraction"));
    for (size_t i = 0; !rc && i < rs->set.n; i++) {
        hsf_particle *p = &rs->set.p[i];
        hsf_position_at(&sys->m[i], sys->time, p->r);
        memcpy(p->v, sys->m[i].v, sizeof p->v);
        memcpy(p->image, sys->b[i].image, sizeof p->image);
    }
    hsf_run_teardown(pre);
    free(pre);
    free(over);
    return rc;
}

/* A random start (prelude_scale > 1): the particles of this run are
 * those the prelude leaves (run_prelude), or, when resuming, the placed
 * ones with [init]'s radius, whose state the checkpoint then replaces.
 * The checkpoint's checksum is of the placed particles. */
static int start_from_prelude(run_state *rs, const hsf_run_options *opt, hsf_error *err)
{
    rs->particles_crc = hsf_checkpoint_particles_crc(rs->set.p, rs->set.n);
    if (!opt->resume && run_prelude(rs, opt, err))
        return -1;
    for (size_t i = 0; i < rs->set.n; i++)
        rs->set.p[i].radius = rs->set.final_radius;
    rs->prelude_scale = 1;
    rs->placed_by_engine = 1;
    return 0;
}

/* Everything up to the first event (or, when resuming, up to reading the
 * checkpoint): returns 0 or -1 with err set. */
int hsf_run_prepare(run_state *rs, const hsf_run_options *opt, hsf_error *err)
{
    hsf_system *sys = &rs->sys;
    if (opt->config_text ? hsf_config_load_text(&rs->cf, opt->config_path, opt->config_text, err)
                         : hsf_config_load(&rs->cf, opt->config_path, err))
        return -1;
    for (size_t k = 0; k < opt->n_overrides; k++)
        if (hsf_config_override(&rs->cf, opt->overrides[k], err))
            return -1;
    if (hsf_config_check_sections(&rs->cf, hsf_run_known_sections, err))
        return -1;
    if (hsf_config_bind(&rs->cf, "simulation", hsf_run_simulation_params, hsf_timestep_params, &rs->sim,
                        err) ||
        !(rs->engine = hsf_engine_chosen(&rs->sim, err)) ||
        bind_init(rs, err) ||
        hsf_plugin_path_init(&rs->path, opt->plugin_dirs, err) ||
        hsf_run_open_plugin(rs, "boundary", HSF_PLUGIN_BOUNDARY, hsf_run_boundary_params,
                            &sys->boundary, err) ||
        open_outputs(rs, err))
        return -1;
    if (opt->skip_outputs)
        drop_outputs(sys);
    int has_checkpoint = hsf_run_has_section(rs, "checkpoint");
    if (has_checkpoint < 0)
        return hsf_error_set(err, "out of memory");
    if (has_checkpoint &&
        (hsf_config_bind(&rs->cf, "checkpoint", hsf_run_checkpoint_params, NULL, &rs->checkpoint, err) ||
         hsf_atomic_check(hsf_config_string(&rs->checkpoint, "file"), err)))
        return -1;
    int has_bonds = hsf_run_has_section(rs, "bonds"), has_thermostat = hsf_run_has_section(rs, "thermostat");
    int field_section = hsf_run_has_section(rs, "field");
    int has_compression = hsf_run_has_section(rs, "compression");
    if (has_bonds < 0 || has_thermostat < 0 || field_section < 0 || has_compression < 0)
        return hsf_error_set(err, "out of memory");
    if (has_compression && hsf_config_bind(&rs->cf, "compression", hsf_compression_params, NULL,
                                           &rs->compression, err))
        return -1;
    if (field_section &&
        hsf_config_bind(&rs->cf, "field", hsf_run_field_params, NULL, &rs->field, err))
        return -1;
    if (bind_engine_sections(rs, err))
        return -1;
    if (has_thermostat &&
        hsf_run_open_plugin(rs, "thermostat", HSF_PLUGIN_THERMOSTAT, hsf_run_thermostat_params,
                            &sys->thermostat, err))
        return -1;
    if (has_bonds && hsf_config_bind(&rs->cf, "bonds", hsf_run_bonds_params, NULL, &rs->bonds, err))
        return -1;
    if (rs->engine->check(rs, opt, err))
        return -1;

    sys->dim = (int)hsf_config_int(&rs->sim, "dim");
    sys->end_time = hsf_config_double(&rs->sim, "end_time");
    sys->reverse_at = hsf_config_double(&rs->sim, "reverse_at");
    sys->audit_every = hsf_config_double(&rs->sim, "audit_every");
    sys->audit_tolerance = hsf_config_double(&rs->sim, "audit_tolerance");
    if (sys->reverse_at >= sys->end_time)
        return hsf_config_error(&rs->sim, err, "reverse_at", "expected a time before end_time "
                                "= %g, found %g", sys->end_time, sys->reverse_at);
    if (rs->init.section) {
        if (hsf_init_particles(&rs->init, sys->dim,
                               (unsigned long)hsf_config_int(&rs->sim, "seed"), &rs->set, err))
            return -1;
    } else {
        char *ppath = hsf_config_path(&rs->sim, "particles");
        if (!ppath)
            return hsf_error_set(err, "out of memory");
        int bad = hsf_read_particles(ppath, sys->dim, &rs->set, err);
        free(ppath);
        if (bad)
            return -1;
    }
    sys->n = rs->set.n;
    /* The engine's own sections once the particles are counted (the event
     * engine's [queue] plugin = auto); nothing is written before
     * check_files. */
    if ((rs->engine->bind && rs->engine->bind(rs, err)) || check_files(rs, err))
        return -1;
    rs->prelude_scale = 1;
    if (rs->set.final_radius > 0 && rs->set.n && rs->set.final_radius > rs->set.p[0].radius)
        rs->prelude_scale = rs->set.final_radius / rs->set.p[0].radius;
    if (rs->prelude_scale > 1 && !rs->prelude && start_from_prelude(rs, opt, err))
        return -1;
    /* The boundary first: sliding images take the model path. */
    if (!hsf_instance_state(&sys->boundary))
        return hsf_error_set(err, "out of memory");
    sys->boundary.initialised = 1;
    if (sys->boundary.type.boundary->init(sys->boundary.state, &sys->boundary.cfg, sys->dim, err))
        return hsf_error_prefix(err, "[boundary] (%s): ", sys->boundary.plugin.info->name);
    if (take_extent(sys, err) || check_sliding(rs, err) || check_moving_walls(rs, err))
        return -1;
    /* The time-step engine makes its own use of bonds (springs, timestep/). */
    if (hsf_run_mark_fixed(rs, err) || take_species_and_bonds(rs, err) || read_field(rs, err))
        return -1;
    if (sys->n_fixed && !(rs->engine->caps & HSF_ENGINE_FIXED))
        return hsf_error_set(err, "%s: fixed particles need the event engine: use engine = event",
                             rs->cf.path);
    if (rs->engine->open(rs, err))
        return -1;
    /* Every section is bound now (the interaction's need the species of
     * the particles). */
    if (hsf_config_check_unclaimed(&rs->cf, hsf_run_known_sections, err))
        return -1;
    if (!rs->placed_by_engine)
        rs->particles_crc = hsf_checkpoint_particles_crc(rs->set.p, rs->set.n);

    if (field_axes(rs, err) ||
        hsf_check_representable(&rs->set, extent_span(sys), sys->end_time, err))
        return -1;
    /* Particles the prelude placed are inside and apart by construction
     * (touching, within rounding). */
    if (start_growth(rs, err) ||
        (!rs->placed_by_engine && hsf_validate_inside(sys, &rs->set, err)) ||
        hsf_system_take_particles(sys, &rs->set, err) || hsf_model_set_reaches(sys, err) ||
        rs->engine->prepare(rs, err) ||
        (!rs->placed_by_engine && hsf_validate_overlaps(sys, &rs->set, err)))
        return -1;
    if (hsf_shears(sys) && hsf_config_bool(&sys->boundary.cfg, "start_profile"))
        hsf_shear_impose_profile(sys);
    if (rs->prelude) {
        /* Until the packing fraction is reached (growth.end), unobserved. */
        sys->end_time = 1e300;
        sys->audit_every = 0;
        sys->reverse_at = -1;
        return 0;
    }

    for (size_t k = 0; k < sys->n_out; k++) {
        hsf_output_slot *o = &sys->out[k];
        if (hsf_run_is_observer(o))
            continue;       /* made by hsf_run_add_observers */
        if (!hsf_instance_state(&o->in))
            return hsf_error_set(err, "out of memory");
        o->in.initialised = 1;
        if (o->in.type.output->init(o->in.state, &o->in.cfg, sys, err))
            return hsf_error_prefix(err, "[%s] (%s): ", o->in.cfg.section,
                                    o->in.plugin.info->name);
    }
    /* The run's generator: its own stream of the seed (not [init]'s). */
    sys->random = 0x632be59bd9b4e019ULL ^ (uint64_t)hsf_config_int(&rs->sim, "seed");
    if (sys->thermostat.plugin.info) {
        if (!hsf_instance_state(&sys->thermostat))
            return hsf_error_set(err, "out of memory");
        sys->thermostat.initialised = 1;
        if (sys->thermostat.type.thermostat->init(sys->thermostat.state, &sys->thermostat.cfg, sys,
                                                  err))
            return hsf_error_prefix(err, "[thermostat] (%s): ",
                                    sys->thermostat.plugin.info->name);
    }
    if (!(rs->config_text = hsf_config_canonical(&rs->cf, "checkpoint")))
        return hsf_error_set(err, "out of memory");
    if ((rs->checkpoint.section || opt->resume) && hsf_checkpoint_check_outputs(sys, err))
        return -1;
    return 0;
}
