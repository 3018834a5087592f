/* The square well and the square shoulder, one source built twice
 * (plugins/interaction/local.mk): a hard core and one step of energy out
 * to range times the contact distance of the core.
 *
 * square_well (SHOULDER 0): an attractive well of depth epsilon.  A pair
 * entering it gains epsilon of kinetic energy along its line of centres;
 * it leaves only if it has epsilon to pay, and bounces back at the edge
 * otherwise.
 *
 * square_shoulder (SHOULDER 1): a repulsive step of height epsilon.  A
 * pair climbs it when the kinetic energy of its motion along the line of
 * centres exceeds epsilon, and bounces off it otherwise. */
#include <hsframe/hsframe.h>

#if SHOULDER
#define NAME "square_shoulder"
#define ENERGY "height"
#define SIGN 1
#define SUMMARY "hard core with a repulsive square shoulder"
#else
#define NAME "square_well"
#define ENERGY "depth"
#define SIGN -1
#define SUMMARY "hard core with an attractive square well"
#endif

static const hsf_param step_params[] = {
    { ENERGY, HSF_PARAM_DOUBLE, "1", 0, 1e300,
      SHOULDER ? "height epsilon of the shoulder (energy, the units of m v^2)"
               : "depth epsilon of the well (energy, the units of m v^2)" },
    { "range", HSF_PARAM_DOUBLE, "1.5", 1, 1e6,
      "outer edge of the step as a multiple of the contact distance of the core (lambda > 1)" },
    { "core", HSF_PARAM_DOUBLE, "1", 1e-6, 1e6,
      "contact distance of the hard core as a multiple of r_i + r_j (non-additive mixtures)" },
    { NULL, 0, NULL, 0, 0, NULL }
};

static int step_rule(const void *s, const hsf_config *cfg, unsigned a, unsigned b,
                     hsf_pair_rule *out, hsf_error *err)
{
    (void)s, (void)a, (void)b;
    double range = hsf_config_double(cfg, "range");
    if (!(range > 1))
        return hsf_config_error(cfg, err, "range", "expected a range > 1, found %g", range);
    out->core = hsf_config_double(cfg, "core");
    out->restitution = 1;
    out->steps = 1;
    out->step_at[0] = range * out->core;
    out->step_energy[0] = SIGN * hsf_config_double(cfg, ENERGY);
    return 0;
}

static const hsf_interaction_type step_type = {
    .state_size = 0,
    .rule = step_rule,
};

HSF_PLUGIN(HSF_PLUGIN_INTERACTION, NAME, SUMMARY, step_params, &step_type)
