/* Compression (model.h, hsf_growth): the Lubachevsky-Stillinger
 * algorithm (B. D. Lubachevsky and F. H. Stillinger, J. Stat. Phys. 60,
 * 561 (1990)), as A. Donev, S. Torquato and F. H. Stillinger use it for
 * jammed packings (J. Comput. Phys. 202, 737 (2005)): every radius grows
 * in proportion while the particles move and collide; a collision must
 * also push the pair apart faster than their surfaces grow, which feeds
 * them energy that a rescaling of the velocities takes out again at each
 * rescale event. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "shared/system_private.h"
#include "host/error_private.h"
#include "model/model.h"

const hsf_param hsf_compression_params[] = {
    { "rate", HSF_PARAM_DOUBLE, "0.01", 1e-12, 1e6,
      "growth of the radii per unit time, relative to their current size (fast: a glass or "
      "a jammed random packing; slow: a crystal)" },
    { "packing_fraction", HSF_PARAM_DOUBLE, "0", 0, 1,
      "stop growing at this packing fraction and run on at constant size; 0: no target" },
    { "pressure", HSF_PARAM_DOUBLE, "0", 0, 1e300,
      "stop growing when the reduced pressure Z = PV/(NkT) reaches this; 0: no target" },
    { "jamming", HSF_PARAM_DOUBLE, "1e6", 1, 1e300,
      "reduced pressure past which the packing is jammed: growth stops and the run ends" },
    { "temperature", HSF_PARAM_DOUBLE, "0", 0, 1e300,
      "kT the velocities are set to at each rescale event; 0: the particles' kT at the start" },
    { "rescale_every", HSF_PARAM_DOUBLE, "1", 1e-3, 1e6,
      "collisions per particle between rescale events (pressure measured, velocities "
      "rescaled, growth set anew)" },
    { NULL, 0, NULL, 0, 0, NULL }
};

/* The cell grid is built for radii this much larger than they are, and
 * built again when they reach it. */
#define GRID_MARGIN 1.05

int hsf_growth_check(const hsf_system *sys, hsf_error *err)
{
    const hsf_model *md = sys->model;
    for (unsigned k = 0; k < md->n_species * md->n_species; k++)
        if (md->rule[k].steps)
            return hsf_error_set(err, "[compression]: growing particles need hard cores "
                                 "(hard_sphere, inelastic): the interaction %s has steps",
                                 md->in.plugin.info ? md->in.plugin.info->name : "");
    if (sys->n_bonds)
        return hsf_error_set(err, "[compression]: bonds would not grow with the particles: "
                             "remove [bonds] or [compression]");
    if (hsf_in_field(sys))
        return hsf_error_set(err, "[compression] and [field] do not go together");
    return 0;
}

void hsf_growth_start(hsf_system *sys, double gamma, double s_target, double phi1, double kT,
                      int prelude)
{
    hsf_growth *g = &sys->model->growth;
    *g = (hsf_growth){ .on = 1, .s0 = 1, .gamma = gamma, .s_target = s_target, .phi1 = phi1,
                       .z_target = INFINITY, .z_jam = 1e6, .kT = kT, .z = 1,
                       .rescale_every = sys->n ? sys->n : 1, .prelude = prelude };
    g->rate = g->gamma * g->s0;
    g->s_cap = fmin(g->s_target, g->s0 * GRID_MARGIN);
}

int hsf_growth_setup(hsf_system *sys, const hsf_config *cfg, double phi1, double kT,
                     hsf_error *err)
{
    hsf_model *md = sys->model;
    hsf_growth *g = &md->growth;
    if (hsf_growth_check(sys, err))
        return -1;
    double target = hsf_config_double(cfg, "packing_fraction");
    double pressure = hsf_config_double(cfg, "pressure");
    *g = (hsf_growth){ .on = 1, .s0 = 1, .t0 = 0, .gamma = hsf_config_double(cfg, "rate"),
                       .phi1 = phi1, .z_jam = hsf_config_double(cfg, "jamming"),
                       .z_target = pressure > 0 ? pressure : INFINITY, .z = 1,
                       .s_target = INFINITY, .prelude = g->prelude,
                       .kT = hsf_config_double(cfg, "temperature") };
    if (target > 0) {
        if (!(target > phi1))
            return hsf_config_error(cfg, err, "packing_fraction", "the particles fill %.6g "
                                    "already: expected a target above it, found %g", phi1,
                                    target);
        g->s_target = pow(target / phi1, 1.0 / sys->dim);
    }
    if (!(g->kT > 0))
        g->kT = kT;
    if (!(g->kT > 0))
        return hsf_config_error(cfg, err, "temperature", "the particles are at rest: give "
                                "the temperature to rescale their velocities to");
    double every = hsf_config_double(cfg, "rescale_every") * (double)sys->n;
    g->rescale_every = every < 1 ? 1 : (uint64_t)every;
    g->rate = g->gamma * g->s0;
    g->s_cap = fmin(g->s_target, g->s0 * GRID_MARGIN);
    return 0;
}

double hsf_growth_packing(const hsf_system *sys)
{
    const hsf_growth *g = &sys->model->growth;
    return g->phi1 * pow(hsf_growth_scale(g, sys->time), sys->dim);
}

/* The motion records' reaches for the cell grid, at scale s_cap. */
static void set_reaches(hsf_system *sys)
{
    const hsf_model *md = sys->model;
    for (size_t i = 0; i < sys->n; i++)
        sys->m[i].radius = md->radius[i] * md->reach[sys->species ? sys->species[i] : 0] *
                           md->growth.s_cap;
}

hsf_rescale_action hsf_growth_rescale(hsf_system *sys, double *next)
{
    hsf_model *md = sys->model;
    hsf_growth *g = &md->growth;
    double t = sys->time, s = hsf_growth_scale(g, t), n = (double)sys->n, d = sys->dim;
    double k = hsf_system_kinetic_energy(sys), kT = 2 * k / (d * n);
    double dt = t - g->last_time;
    if (dt > 0 && kT > 0)
        g->z = 1 + (sys->stats.virial - g->last_virial) / (d * n * kT * dt);
    g->last_time = t;
    g->last_virial = sys->stats.virial;
    g->since_rescale = 0;
    hsf_rescale_action action = HSF_RESCALE_GO_ON;
    *next = INFINITY;
    if (g->on) {
        if (g->z > g->z_jam) {
            g->end = HSF_GROWTH_JAMMED;
            action = HSF_RESCALE_STOP;
        } else if (s >= g->s_target * (1 - 1e-12)) {
            g->end = HSF_GROWTH_PACKING;
            s = g->s_target;
            if (g->prelude)
                action = HSF_RESCALE_STOP;
        } else if (g->z >= g->z_target) {
            g->end = HSF_GROWTH_PRESSURE;
        }
        g->on = g->end == HSF_GROWTH_RUNNING;
        g->s0 = s;
        g->t0 = t;
        g->rate = g->on ? g->gamma * s : 0;
    }
    /* The collisions of growing particles fed them energy: back to kT. */
    if (kT > 0) {
        double f = sqrt(g->kT / kT);
        for (size_t i = 0; i < sys->n; i++)
            for (int a = 0; a < 3; a++)
                sys->m[i].v[a] *= f;
        sys->heat += k * (f * f - 1);
    }
    if (!g->on)
        return action;
    if (s >= g->s_cap * (1 - 1e-9)) {
        g->s_cap = fmin(g->s_target, s * GRID_MARGIN);
        set_reaches(sys);
        action = HSF_RESCALE_REGRID;
    }
    /* The next rescale: when the radii reach the grid's limit (or the
     * target, which is the limit then); collisions may ask sooner. */
    *next = t + (g->s_cap - s) / g->rate;
    return action;
}
