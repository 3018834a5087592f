/* Setting up the model layer (model.h): the interaction plugin and its
 * sections, the rule of each pair of species, reaches, bonds by particle,
 * and the shells and potential energy at time 0. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "shared/shear.h"
#include "shared/system_private.h"
#include "host/error_private.h"
#include "host/plugin_instance.h"
#include "model/model.h"

const hsf_param hsf_model_interaction_params[] = {
    { "plugin", HSF_PARAM_STRING, "hard_sphere", 0, 0,
      "interaction plugin: a name or a .so path" },
    { "tangential_restitution", HSF_PARAM_DOUBLE, "-1", -1, 1,
      "rough particles: coefficient of tangential restitution beta of the surfaces at a "
      "core collision, -1 (smooth: no rotation) to 1 (perfectly rough)" },
    { "friction", HSF_PARAM_DOUBLE, "1e300", 0, 1e300,
      "rough particles: Coulomb's coefficient of friction mu, which caps the tangential "
      "impulse at mu times the normal one (Walton's model); 1e300: no cap" },
    { "inertia", HSF_PARAM_DOUBLE, "0", 0, 1e6,
      "rough particles: moment of inertia as a multiple of m r^2 (read from [interaction] "
      "and, for species A, from [interaction.A.A]); 0: a solid disc (1/2) or sphere (2/5)" },
    { NULL, 0, NULL, 0, 0, NULL }
};

/* Elastic hard spheres of additive diameters, built in: the rule of a run
 * with bonds and no [interaction]. */
static const hsf_rule hard_sphere_rule = { .core = 1, .restitution = 1, .reach = 1,
                                           .tangential = -1, .friction = INFINITY };

double hsf_model_contact(const hsf_system *sys, uint32_t i, uint32_t j)
{
    const hsf_model *md = sys->model;
    return hsf_model_rule(md, sys->species, i, j)->core * (md->radius[i] + md->radius[j]) *
           hsf_growth_scale(&md->growth, sys->time);
}

/* The radius of particle i now (system.h's view). */
static double radius_now(const hsf_system *sys, uint32_t i)
{
    const hsf_model *md = sys->model;
    return md->radius[i] * hsf_growth_scale(&md->growth, sys->time);
}

/* The species called name, or -1. */
static int species_named(const hsf_system *sys, const char *name, size_t len)
{
    for (unsigned s = 0; sys->species_name && s < sys->n_species; s++)
        if (strlen(sys->species_name[s]) == len && !memcmp(sys->species_name[s], name, len))
            return (int)s;
    return -1;
}

/* "A, B and C", or a note that the input names no species. */
static void species_list(const hsf_system *sys, char *buf, size_t size)
{
    if (!sys->species_name) {
        snprintf(buf, size, "the particle file names no species (an XYZ species column "
                 "does)");
        return;
    }
    size_t used = (size_t)snprintf(buf, size, "the particle file has ");
    for (unsigned s = 0; s < sys->n_species && used < size; s++)
        used += (size_t)snprintf(buf + used, size - used, "%s%s",
                                 s == 0 ? "" : s + 1 == sys->n_species ? " and " : ", ",
                                 sys->species_name[s]);
}

/* Binds [interaction.A.B] (name) as a refinement of [interaction] and
 * returns the species pair in *a, *b. */
static int bind_pair_section(hsf_system *sys, const hsf_config_file *cf, const char *name,
                             hsf_config *out, unsigned *a, unsigned *b, hsf_error *err)
{
    const char *rest = name + strlen("interaction."), *dot = strchr(rest, '.');
    char known[512];
    if (!dot || dot == rest || !dot[1] || strchr(dot + 1, '.'))
        return hsf_error_set(err, "%s: [%s]: expected a section [interaction.A.B] naming two "
                             "species A and B", cf->path, name);
    int sa = species_named(sys, rest, (size_t)(dot - rest));
    int sb = species_named(sys, dot + 1, strlen(dot + 1));
    if (sa < 0 || sb < 0) {
        species_list(sys, known, sizeof known);
        return hsf_error_set(err, "%s: [%s]: no species '%.*s': %s", cf->path, name,
                             sa < 0 ? (int)(dot - rest) : (int)strlen(dot + 1),
                             sa < 0 ? rest : dot + 1, known);
    }
    *a = (unsigned)(sa < sb ? sa : sb);
    *b = (unsigned)(sa < sb ? sb : sa);
    return hsf_config_bind_refining(cf, name, &sys->model->in.cfg, out, err);
}

/* The plugin, [interaction] and its pair sections; the rule of every pair
 * of species.  md->rule is filled. */
static int open_plugin(hsf_system *sys, const hsf_config_file *cf, const hsf_plugin_path *path,
                       hsf_error *err)
{
    hsf_model *md = sys->model;
    if (hsf_instance_open(cf, path, "interaction", HSF_PLUGIN_INTERACTION,
                          hsf_model_interaction_params, &md->in, err))
        return -1;
    const char *name = md->in.plugin.info->name;
    if (!hsf_instance_state(&md->in))
        return hsf_error_set(err, "out of memory");
    md->in.initialised = 1;
    const hsf_interaction_type *type = md->in.type.interaction;
    if (type->init && type->init(md->in.state, &md->in.cfg, sys->dim, err))
        return hsf_error_prefix(err, "[interaction] (%s): ", name);

    unsigned S = md->n_species;
    int *which = malloc(S * S * sizeof *which);      /* pair -> section, -1: [interaction] */
    const char **sections = hsf_config_sections_with_prefix(cf, "interaction.");
    size_t count = 0;
    while (sections && sections[count])
        count++;
    md->pair_cfg = calloc(count ? count : 1, sizeof *md->pair_cfg);
    md->spin.factor = calloc(S, sizeof *md->spin.factor);
    if (!which || !sections || !md->pair_cfg || !md->spin.factor) {
        free(which);
        free(sections);
        return hsf_error_set(err, "out of memory");
    }
    for (unsigned k = 0; k < S * S; k++)
        which[k] = -1;
    int rc = 0;
    for (size_t k = 0; k < count && !rc; k++) {
        unsigned a = 0, b = 0;
        rc = bind_pair_section(sys, cf, sections[k], &md->pair_cfg[k], &a, &b, err);
        if (!rc)
            md->n_pair_cfg++;
        if (!rc && which[a * S + b] >= 0)
            rc = hsf_error_set(err, "%s: [%s] sets the pair of [%s] again", cf->path,
                               sections[k], sections[which[a * S + b]]);
        if (!rc)
            which[a * S + b] = (int)k;
    }
    for (unsigned a = 0; a < S && !rc; a++)
        for (unsigned b = a; b < S && !rc; b++) {
            int k = which[a * S + b];
            const hsf_config *cfg = k >= 0 ? &md->pair_cfg[k] : &md->in.cfg;
            hsf_pair_rule r;
            memset(&r, 0, sizeof r);
            /* Roughness from the section's keys, which a contact law of
             * the plugin's own may replace (interaction.h). */
            r.tangential = hsf_config_double(cfg, "tangential_restitution");
            r.friction = hsf_config_double(cfg, "friction");
            if (r.friction >= 1e300)
                r.friction = INFINITY;
            if (a == b)
                md->spin.factor[a] = hsf_config_double(cfg, "inertia");
            const char *why;
            if (md->in.type.interaction->rule(md->in.state, cfg, a, b, &r, err))
                rc = hsf_error_prefix(err, "[%s] (%s): ", cfg->section, name);
            else if ((why = hsf_rule_compile(&r, &md->rule[a * S + b])))
                rc = hsf_error_set(err, "[%s] (%s): the rule of species %s and %s: %s",
                                   cfg->section, name, sys->species_name ? sys->species_name[a]
                                                                         : "0",
                                   sys->species_name ? sys->species_name[b] : "0", why);
            else
                md->rule[b * S + a] = md->rule[a * S + b];
        }
    free(which);
    free(sections);
    return rc;
}

/* Bonds by particle (model.h: first, partner, length). */
static int index_bonds(hsf_system *sys, hsf_error *err)
{
    hsf_model *md = sys->model;
    if (!sys->n_bonds)
        return 0;
    md->first = calloc(sys->n + 1, sizeof *md->first);
    md->partner = malloc(2 * sys->n_bonds * sizeof *md->partner);
    md->length = malloc(2 * sys->n_bonds * sizeof *md->length);
    if (!md->first || !md->partner || !md->length)
        return hsf_error_set(err, "out of memory for %zu bonds", sys->n_bonds);
    for (size_t k = 0; k < sys->n_bonds; k++) {
        md->first[sys->bonds[k].i + 1]++;
        md->first[sys->bonds[k].j + 1]++;
    }
    for (size_t i = 0; i < sys->n; i++)
        md->first[i + 1] += md->first[i];
    uint32_t *fill = malloc(sys->n * sizeof *fill);
    if (!fill)
        return hsf_error_set(err, "out of memory for %zu bonds", sys->n_bonds);
    memcpy(fill, md->first, sys->n * sizeof *fill);
    for (size_t k = 0; k < sys->n_bonds; k++) {
        const hsf_bond *b = &sys->bonds[k];
        md->partner[fill[b->i]] = b->j;
        md->length[fill[b->i]++] = b->length;
        md->partner[fill[b->j]] = b->i;
        md->length[fill[b->j]++] = b->length;
    }
    free(fill);
    return 0;
}

int hsf_model_is_plain(const hsf_system *sys)
{
    const hsf_model *md = sys->model;
    int plain = !sys->n_bonds && !hsf_in_field(sys) && !md->growth.on;
    for (unsigned k = 0; k < md->n_species * md->n_species; k++)
        plain &= hsf_rule_is_hard_sphere(&md->rule[k]);
    return plain;
}

int hsf_model_only_falls(const hsf_system *sys)
{
    const hsf_model *md = sys->model;
    /* At scale 1 the motion records hold the radii, which the hard-sphere
     * path reads (a compression leaves its grid's reaches there; it is
     * refused beside a field, so this holds). */
    int hard = hsf_in_field(sys) && !sys->n_bonds && !md->growth.on && md->growth.s0 == 1 &&
               !md->spin.on && !sys->n_fixed;
    for (unsigned k = 0; k < md->n_species * md->n_species; k++)
        hard &= hsf_rule_is_hard_sphere(&md->rule[k]);
    return hard;
}

int hsf_model_grows(const hsf_system *sys)
{
    return sys->model && sys->model->growth.on;
}

int hsf_model_open(hsf_system *sys, const hsf_config_file *cf, const hsf_plugin_path *path,
                   const hsf_particle_set *set, int growing, hsf_error *err)
{
    int spinning = hsf_spin_wanted(&sys->boundary.cfg, set);
    const char **sections = hsf_config_sections_with_prefix(cf, "interaction");
    int has_interaction = sections && sections[0] != NULL;
    if (!sections)
        return hsf_error_set(err, "out of memory");
    free(sections);
    /* (moving walls need only the model) */
    if (sys->n_fixed && growing && !hsf_walls_move(sys))
        return hsf_error_set(err, "%s: fixed particles cannot take part in a compression, a "
                             "random start or a sheared box", cf->path);
    if (!has_interaction && !sys->n_bonds && !hsf_in_field(sys) && !growing && !spinning &&
        !sys->n_fixed)
        return 0;
    hsf_model *md = sys->model = calloc(1, sizeof *md);
    if (!md)
        return hsf_error_set(err, "out of memory");
    sys->radius_now = radius_now;
    md->growth.s0 = md->growth.s_cap = 1;
    md->n_species = sys->n_species ? sys->n_species : 1;
    if (!(md->rule = calloc((size_t)md->n_species * md->n_species, sizeof *md->rule)))
        return hsf_error_set(err, "out of memory");
    if (has_interaction) {
        if (open_plugin(sys, cf, path, err))
            return -1;
    } else {
        for (unsigned k = 0; k < md->n_species * md->n_species; k++)
            md->rule[k] = hard_sphere_rule;
    }
    if (!growing && !spinning && !sys->n_fixed && hsf_model_is_plain(sys)) {
        /* Elastic hard spheres after all: the engine's own path. */
        hsf_model_close(sys);
        return 0;
    }
    int tc = 0;
    for (unsigned k = 0; k < md->n_species * md->n_species; k++)
        tc |= md->rule[k].elastic_within > 0;
    size_t n = set->n ? set->n : 1;
    if (!(md->radius = malloc(n * sizeof *md->radius)) ||
        (tc && !(md->last_core = malloc(n * sizeof *md->last_core))))
        return hsf_error_set(err, "out of memory");
    for (size_t i = 0; i < set->n; i++) {
        md->radius[i] = set->p[i].radius;
        if (md->last_core)
            md->last_core[i] = -INFINITY;
    }
    return index_bonds(sys, err) || hsf_spin_open(sys, &sys->boundary.cfg, set, err) ? -1 : 0;
}

int hsf_model_set_reaches(hsf_system *sys, hsf_error *err)
{
    hsf_model *md = sys->model;
    if (!md)
        return 0;
    if (!md->reach && !(md->reach = malloc(md->n_species * sizeof *md->reach)))
        return hsf_error_set(err, "out of memory");
    for (unsigned a = 0; a < md->n_species; a++) {
        md->reach[a] = 1;
        for (unsigned b = 0; b < md->n_species; b++)
            md->reach[a] = fmax(md->reach[a], md->rule[a * md->n_species + b].reach);
    }
    /* Growing particles: reaches for the largest radii the grid holds. */
    for (size_t i = 0; i < sys->n; i++)
        sys->m[i].radius = md->radius[i] * md->reach[sys->species ? sys->species[i] : 0] *
                           md->growth.s_cap;
    double half = INFINITY;
    for (int a = 0; a < sys->dim; a++)
        if (sys->periodic[a])
            half = fmin(half, (sys->hi[a] - sys->lo[a]) / 2);
    for (size_t k = 0; k < sys->n_bonds; k++) {
        const hsf_bond *b = &sys->bonds[k];
        double contact = hsf_model_contact(sys, b->i, b->j);
        if (!(b->length > contact) || !(b->length < half))
            return hsf_error_set(err, "[bonds]: the bond of particles %lu and %lu ('%u %u' in "
                                 "a bonds file, which counts from 0) has length %.17g: "
                                 "expected more than their contact distance %.17g%s",
                                 (unsigned long)b->i + 1, (unsigned long)b->j + 1, b->i, b->j,
                                 b->length, contact,
                                 half < INFINITY ? " and less than half the periodic box" : "");
    }
    return 0;
}

typedef struct shell_scan {
    hsf_system *sys;
    uint32_t i;
    double ri[3];
    int failed;
    hsf_error *err;
} shell_scan;

static void note_shell(void *ctx, uint32_t j, const double shift[3], const double corner[3],
                       const float *offset)
{
    (void)shift, (void)corner, (void)offset;
    shell_scan *s = ctx;
    hsf_system *sys = s->sys;
    hsf_model *md = sys->model;
    if (j < s->i || s->failed || hsf_model_bond(md, s->i, j) > 0 ||
        hsf_both_fixed(sys, s->i, j) || hsf_pair_state_get(&md->shells, s->i, j))
        return;
    double dr[3];
    hsf_separation(sys, s->ri, sys->m[j].r, dr);
    const hsf_rule *r = hsf_model_rule(md, sys->species, s->i, j);
    unsigned shell = hsf_rule_shell(r, md->radius[s->i] + md->radius[j],
                                    sqrt(dr[0] * dr[0] + dr[1] * dr[1] + dr[2] * dr[2]));
    if (!shell)
        return;
    if (hsf_pair_state_set(&md->shells, s->i, j, shell, s->err))
        s->failed = 1;
    sys->potential += r->energy[shell];
}

int hsf_model_start(hsf_system *sys, const hsf_particle_set *set, hsf_error *err)
{
    hsf_model *md = sys->model;
    if (!md)
        return 0;
    sys->potential = 0;
    md->batched = !md->first && !hsf_shears(sys) && !(sys->fixed && hsf_in_field(sys));
    md->plain = md->batched && !md->growth.on;
    md->steps = 0;
    for (unsigned k = 0; k < md->n_species * md->n_species; k++)
        md->steps |= md->rule[k].steps > 0;
    /* Without steps every pair is in shell 0 (hsf_rule_shell): no scan. */
    for (uint32_t i = 0; md->steps && i < sys->n; i++) {
        shell_scan s = { .sys = sys, .i = i, .err = err };
        memcpy(s.ri, sys->m[i].r, sizeof s.ri);
        hsf_cells_scan(&sys->cells, sys->m, sys->b, i, note_shell, &s);
        if (s.failed)
            return -1;
    }
    for (size_t k = 0; k < sys->n_bonds; k++) {
        const hsf_bond *b = &sys->bonds[k];
        double dr[3];
        hsf_separation(sys, sys->m[b->i].r, sys->m[b->j].r, dr);
        double d = sqrt(dr[0] * dr[0] + dr[1] * dr[1] + dr[2] * dr[2]);
        if (d > b->length * (1 + 1e-12)) {
            if (!set->line[b->i])   /* generated ([init]): no file, no lines */
                return hsf_error_set(err, "%s: particles %lu and %lu ('%u %u' in a bonds file, "
                                     "which counts from 0) are bonded with length %.17g but "
                                     "%.17g apart", set->path, (unsigned long)b->i + 1,
                                     (unsigned long)b->j + 1, b->i, b->j, b->length, d);
            return hsf_error_set(err, "%s:%u: particles %lu and %lu (lines %u and %u; '%u %u' "
                                 "in a bonds file, which counts from 0) are bonded with length "
                                 "%.17g but %.17g apart", set->path, set->line[b->i],
                                 (unsigned long)b->i + 1, (unsigned long)b->j + 1,
                                 set->line[b->i], set->line[b->j], b->i, b->j, b->length, d);
        }
    }
    return 0;
}

void hsf_model_close(hsf_system *sys)
{
    hsf_model *md = sys->model;
    if (!md)
        return;
    hsf_instance_close(&md->in);
    for (size_t k = 0; k < md->n_pair_cfg; k++)
        hsf_config_unbind(&md->pair_cfg[k]);
    free(md->pair_cfg);
    free(md->rule);
    free(md->radius);
    free(md->reach);
    free(md->last_core);
    free(md->first);
    free(md->partner);
    free(md->length);
    hsf_pair_states_free(&md->shells);
    hsf_spin_close(&md->spin);
    free(md);
    sys->model = NULL;
    sys->radius_now = NULL;
}
