/* Elastic hard spheres, the default interaction; with core != 1 in a pair
 * section, a non-additive mixture (the cores of species A and B touch at
 * core times r_i + r_j). */
#include <hsframe/hsframe.h>

static const hsf_param hard_sphere_params[] = {
    { "core", HSF_PARAM_DOUBLE, "1", 1e-6, 1e6,
      "contact distance as a multiple of r_i + r_j (1: additive diameters; set it in "
      "[interaction.A.B] for a non-additive mixture)" },
    { NULL, 0, NULL, 0, 0, NULL }
};

static int hard_sphere_rule(const void *s, const hsf_config *cfg, unsigned a, unsigned b,
                            hsf_pair_rule *out, hsf_error *err)
{
    (void)s, (void)a, (void)b, (void)err;
    out->core = hsf_config_double(cfg, "core");
    out->restitution = 1;
    return 0;
}

static const hsf_interaction_type hard_sphere_type = {
    .state_size = 0,
    .rule = hard_sphere_rule,
};

HSF_PLUGIN(HSF_PLUGIN_INTERACTION, "hard_sphere", "elastic hard spheres (the default)",
           hard_sphere_params, &hard_sphere_type)
