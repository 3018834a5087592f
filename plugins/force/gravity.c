/* gravity: Newtonian attraction between every pair of particles,
 *   U = -G m_i m_j / sqrt(r^2 + eps^2),  F_i = -dU/dr_i,
 * with an optional softening length eps (Plummer softening: the force of
 * a pair stays finite when it comes close; Aarseth, Gravitational N-Body
 * Simulations, 2003).  All pairs, O(N^2): for the few bodies of an orbit
 * or a small cluster.  Not for periodic boundaries (the sum over images
 * of 1/r does not converge). */
#include <math.h>
#include <stdlib.h>

#include <hsframe/hsframe.h>

typedef struct gravity {
    double g, eps2;
    double *mass;           /* n, from init */
} gravity;

static const hsf_param gravity_params[] = {
    { "G", HSF_PARAM_DOUBLE, "1", 0, 1e300, "the gravitational constant, in the input's units" },
    { "softening", HSF_PARAM_DOUBLE, "0", 0, 1e300,
      "softening length eps (Plummer): r^2 + eps^2 in place of r^2; 0: exact 1/r" },
    { NULL, 0, NULL, 0, 0, NULL }
};

static int gravity_init(void *state, const hsf_config *cfg, const hsf_system *sys,
                        hsf_error *err)
{
    gravity *g = state;
    double lo[3], hi[3];
    int periodic[3];
    hsf_system_extent(sys, lo, hi, periodic);
    for (int a = 0; a < hsf_system_dim(sys); a++)
        if (periodic[a])
            return hsf_error_set(err, "gravity needs a boundary without periodic axes (the "
                                 "sum over periodic images diverges)");
    g->g = hsf_config_double(cfg, "G");
    double eps = hsf_config_double(cfg, "softening");
    g->eps2 = eps * eps;
    size_t n = hsf_system_count(sys);
    if (!(g->mass = malloc((n ? n : 1) * sizeof *g->mass)))
        return hsf_error_set(err, "out of memory");
    for (size_t i = 0; i < n; i++) {
        hsf_particle_view p;
        hsf_system_particle(sys, i, &p);
        g->mass[i] = p.mass;
    }
    return 0;
}

static void gravity_fini(void *state)
{
    free(((gravity *)state)->mass);
}

static int gravity_compute(void *state, const hsf_system *sys, const double *r,
                           const double *v, double *force, double *potential, hsf_error *err)
{
    (void)v;
    gravity *g = state;
    size_t n = hsf_system_count(sys);
    double u = 0;
    for (size_t i = 0; i < n; i++) {
        const double *ri = r + 3 * i;
        double fi[3] = { 0, 0, 0 };
        for (size_t j = i + 1; j < n; j++) {
            const double *rj = r + 3 * j;
            double d[3] = { rj[0] - ri[0], rj[1] - ri[1], rj[2] - ri[2] };
            double s2 = d[0] * d[0] + d[1] * d[1] + d[2] * d[2] + g->eps2;
            if (!(s2 > 0))
                return hsf_error_set(err, "gravity: particles %zu and %zu are at the same "
                                     "place (give a softening length)", i + 1, j + 1);
            double s = sqrt(s2), gmm = g->g * g->mass[i] * g->mass[j];
            double k = gmm / (s2 * s);
            u -= gmm / s;
            for (int a = 0; a < 3; a++) {
                fi[a] += k * d[a];
                force[3 * j + a] -= k * d[a];
            }
        }
        for (int a = 0; a < 3; a++)
            force[3 * i + a] += fi[a];
    }
    *potential += u;
    return 0;
}

static const hsf_force_type gravity_type = {
    .state_size = sizeof(gravity),
    .init = gravity_init,
    .fini = gravity_fini,
    .compute = gravity_compute,
};

HSF_PLUGIN(HSF_PLUGIN_FORCE, "gravity",
           "Newtonian gravity between every pair, with an optional softening length",
           gravity_params, &gravity_type)
