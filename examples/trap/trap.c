/* trap: a harmonic trap, a potential a third party adds to the time-step
 * engine.  Every particle is pulled towards the centre c with the force
 * -k (r - c), potential energy U = k |r - c|^2 / 2; a particle of mass m
 * oscillates about c with angular frequency sqrt(k / m), whatever its
 * amplitude.
 *
 *     [force.trap]
 *     plugin = trap
 *     stiffness = 1
 *     centre = 5 5 */
#include <hsframe/hsframe.h>

typedef struct trap {
    double k;
    double c[3];
} trap;

static const hsf_param trap_params[] = {
    { "stiffness", HSF_PARAM_DOUBLE, NULL, 0, 1e300, "k: force per unit of distance from the centre" },
    { "centre", HSF_PARAM_VECTOR, NULL, -1e300, 1e300, "the centre, dim coordinates" },
    { NULL, 0, NULL, 0, 0, NULL }
};

static int trap_init(void *state, const hsf_config *cfg, const hsf_system *sys, hsf_error *err)
{
    trap *t = state;
    t->k = hsf_config_double(cfg, "stiffness");
    int dim = hsf_system_dim(sys);
    int n = hsf_config_vector(cfg, "centre", t->c, 3);
    if (n != dim)
        return hsf_config_error(cfg, err, "centre", "expected %d coordinates for dim = %d, "
                                "found %d", dim, dim, n);
    return 0;
}

/* Adds -k (r - c) to each particle's force and k |r - c|^2 / 2 to the
 * potential energy. */
static int trap_compute(void *state, const hsf_system *sys, const double *r, const double *v,
                        double *force, double *potential, hsf_error *err)
{
    (void)v;
    (void)err;
    const trap *t = state;
    size_t n = hsf_system_count(sys);
    int dim = hsf_system_dim(sys);
    double u = 0;
    for (size_t i = 0; i < n; i++)
        for (int a = 0; a < dim; a++) {
            double d = r[3 * i + a] - t->c[a];
            force[3 * i + a] -= t->k * d;
            u += t->k * d * d / 2;
        }
    *potential += u;
    return 0;
}

static const hsf_force_type trap_type = {
    .state_size = sizeof(trap),
    .init = trap_init,
    .compute = trap_compute,
};

HSF_PLUGIN(HSF_PLUGIN_FORCE, "trap", "a harmonic trap: every particle pulled towards a centre",
           trap_params, &trap_type)
