/* Inelastic hard spheres (granular matter): each core collision keeps a
 * fraction e of the normal relative velocity, so a pair loses (1 - e^2)
 * times the kinetic energy of its normal relative motion.  Left alone, a
 * cluster of such spheres can collide infinitely often in a finite time
 * (inelastic collapse, S. McNamara and W. R. Young, Phys. Rev. E 50, R28
 * (1994)); the guard of S. Luding and S. McNamara, Granular Matter 1, 113
 * (1998), the TC model, makes a collision elastic when either sphere
 * collided less than elastic_within before. */
#include <hsframe/hsframe.h>

static const hsf_param inelastic_params[] = {
    { "restitution", HSF_PARAM_DOUBLE, "0.9", 1e-6, 1,
      "coefficient of normal restitution e, 0 < e <= 1 (1: elastic)" },
    { "elastic_within", HSF_PARAM_DOUBLE, "1e-6", 0, 1e300,
      "TC model: a collision is elastic when either sphere collided less than this time "
      "before (units of end_time; take it well below the mean time between collisions; "
      "0 lets inelastic collapse stall the run)" },
    { "core", HSF_PARAM_DOUBLE, "1", 1e-6, 1e6,
      "contact distance as a multiple of r_i + r_j (non-additive mixtures)" },
    { NULL, 0, NULL, 0, 0, NULL }
};

static int inelastic_rule(const void *s, const hsf_config *cfg, unsigned a, unsigned b,
                          hsf_pair_rule *out, hsf_error *err)
{
    (void)s, (void)a, (void)b, (void)err;
    out->core = hsf_config_double(cfg, "core");
    out->restitution = hsf_config_double(cfg, "restitution");
    out->elastic_within = hsf_config_double(cfg, "elastic_within");
    return 0;
}

static const hsf_interaction_type inelastic_type = {
    .state_size = 0,
    .rule = inelastic_rule,
};

HSF_PLUGIN(HSF_PLUGIN_INTERACTION, "inelastic", "inelastic hard spheres (granular gases)",
           inelastic_params, &inelastic_type)
