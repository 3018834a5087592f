/* The square shoulder: a hard core and a repulsive step of height epsilon
 * out to range times the contact distance.  A pair passes over it when
 * the kinetic energy of its motion along the line of centres exceeds
 * epsilon, and bounces off it otherwise. */
#include <hsframe/hsframe.h>

static const hsf_param square_shoulder_params[] = {
    { "height", HSF_PARAM_DOUBLE, "1", 0, 1e300,
      "height epsilon of the shoulder (energy, the units of m v^2)" },
    { "range", HSF_PARAM_DOUBLE, "1.5", 1, 1e6,
      "outer edge of the shoulder as a multiple of the contact distance of the core "
      "(lambda > 1)" },
    { "core", HSF_PARAM_DOUBLE, "1", 1e-6, 1e6,
      "contact distance of the hard core as a multiple of r_i + r_j (non-additive mixtures)" },
    { NULL, 0, NULL, 0, 0, NULL }
};

static int square_shoulder_rule(const void *s, const hsf_config *cfg, unsigned a, unsigned b,
                                hsf_pair_rule *out, hsf_error *err)
{
    (void)s, (void)a, (void)b;
    out->core = hsf_config_double(cfg, "core");
    out->restitution = 1;
    out->steps = 1;
    out->step_at[0] = hsf_config_double(cfg, "range") * out->core;
    out->step_energy[0] = hsf_config_double(cfg, "height");
    if (!(hsf_config_double(cfg, "range") > 1))
        return hsf_config_error(cfg, err, "range", "expected a range > 1, found %g",
                                hsf_config_double(cfg, "range"));
    return 0;
}

static const hsf_interaction_type square_shoulder_type = {
    .state_size = 0,
    .rule = square_shoulder_rule,
};

HSF_PLUGIN(HSF_PLUGIN_INTERACTION, "square_shoulder",
           "hard core with a repulsive square shoulder", square_shoulder_params,
           &square_shoulder_type)
