/* spring: a linear spring along every bond of [bonds],
 *   U = k (|r_i - r_j| - L)^2 / 2,
 * where L is the bond's length (its rest length) and k the stiffness.
 * Separations through the nearest periodic image.  O(bonds). */
#include <math.h>
#include <stdlib.h>

#include <hsframe/hsframe.h>

typedef struct spring {
    double k;
    size_t n_bonds;
    uint32_t *ends;         /* 2 per bond */
    double *rest;           /* per bond */
    double len[3];          /* period along each periodic axis, 0 along the others */
} spring;

static const hsf_param spring_params[] = {
    { "stiffness", HSF_PARAM_DOUBLE, NULL, 0, 1e300,
      "spring constant k: force per unit of stretch (mass / time^2)" },
    { NULL, 0, NULL, 0, 0, NULL }
};

static int spring_init(void *state, const hsf_config *cfg, const hsf_system *sys,
                       hsf_error *err)
{
    spring *s = state;
    s->k = hsf_config_double(cfg, "stiffness");
    s->n_bonds = hsf_system_bond_count(sys);
    if (!s->n_bonds)
        return hsf_error_set(err, "spring: no bonds: give a [bonds] file of the pairs the "
                             "springs join");
    s->ends = malloc(2 * s->n_bonds * sizeof *s->ends);
    s->rest = malloc(s->n_bonds * sizeof *s->rest);
    if (!s->ends || !s->rest)
        return hsf_error_set(err, "out of memory for %zu springs", s->n_bonds);
    for (size_t b = 0; b < s->n_bonds; b++)
        hsf_system_bond(sys, b, &s->ends[2 * b], &s->ends[2 * b + 1], &s->rest[b]);
    double lo[3], hi[3];
    int periodic[3];
    hsf_system_extent(sys, lo, hi, periodic);
    for (int a = 0; a < 3; a++)
        s->len[a] = periodic[a] ? hi[a] - lo[a] : 0;
    return 0;
}

static void spring_fini(void *state)
{
    spring *s = state;
    free(s->ends);
    free(s->rest);
}

static int spring_compute(void *state, const hsf_system *sys, const double *r,
                          const double *v, double *force, double *potential, hsf_error *err)
{
    (void)sys;
    (void)v;
    spring *s = state;
    double u = 0;
    for (size_t b = 0; b < s->n_bonds; b++) {
        uint32_t i = s->ends[2 * b], j = s->ends[2 * b + 1];
        double d[3], d2 = 0;
        for (int a = 0; a < 3; a++) {
            d[a] = r[3 * j + a] - r[3 * i + a];
            if (s->len[a] > 0)
                d[a] -= s->len[a] * nearbyint(d[a] / s->len[a]);
            d2 += d[a] * d[a];
        }
        double dist = sqrt(d2);
        if (!(dist > 0))
            return hsf_error_set(err, "spring: the bonded particles %lu and %lu coincide: no "
                                 "direction to pull along", (unsigned long)i + 1,
                                 (unsigned long)j + 1);
        double stretch = dist - s->rest[b];
        u += s->k * stretch * stretch / 2;
        double f = s->k * stretch / dist;      /* pulls i towards j when stretched */
        for (int a = 0; a < 3; a++) {
            force[3 * i + a] += f * d[a];
            force[3 * j + a] -= f * d[a];
        }
    }
    *potential += u;
    return 0;
}

static const hsf_force_type spring_type = {
    .state_size = sizeof(spring),
    .init = spring_init,
    .fini = spring_fini,
    .compute = spring_compute,
};

HSF_PLUGIN(HSF_PLUGIN_FORCE, "spring",
           "linear springs along the bonds of [bonds]: rest length the bond's length",
           spring_params, &spring_type)
