/* Lattice initial configurations with Maxwell-Boltzmann velocities. */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "host/error_private.h"
#include "host/random.h"
#include "io/init.h"
#include "io/input_limits.h"

const hsf_param hsf_init_params[] = {
    { "lattice", HSF_PARAM_STRING, NULL, 0, 0,
      "square or triangular (2D), cubic or fcc (3D)" },
    { "cells", HSF_PARAM_VECTOR, NULL, 1, 1e6, "unit cells of the lattice along each axis" },
    { "packing_fraction", HSF_PARAM_DOUBLE, NULL, 1e-9, 1,
      "fraction of space filled, below where the lattice's particles touch: square 0.7854, "
      "triangular 0.9069, cubic 0.5236, fcc 0.7405" },
    { "radius", HSF_PARAM_DOUBLE, "0.5", 1e-300, 1e300, "particle radius" },
    { "mass", HSF_PARAM_DOUBLE, "1", 1e-300, 1e300, "particle mass" },
    { "temperature", HSF_PARAM_DOUBLE, "1", 0, 1e300, "kT of the velocities (k_B = 1)" },
    { "method", HSF_PARAM_STRING, "lattice", 0, 0,
      "lattice: on the lattice's sites; random: a random fluid of the lattice's count in its "
      "box, placed at low density and compressed (Lubachevsky-Stillinger) to the packing "
      "fraction" },
    { "compression_rate", HSF_PARAM_DOUBLE, "0.1", 1e-9, 1e6,
      "method = random: the growth rate of the compression ([compression] rate)" },
    { NULL, 0, NULL, 0, 0, NULL }
};

/* A lattice: sites per unit cell (in units of the cell's sides) and the
 * cell's side ratios. */
typedef struct lattice {
    const char *name;
    int dim;
    int nsites;
    double site[4][3];
    double aspect[3];   /* cell side along each axis, in units of a */
    double nearest;     /* distance between nearest sites, in units of a */
} lattice;

static const lattice lattices[] = {
    { "square", 2, 1, { { 0.5, 0.5, 0 } }, { 1, 1, 0 }, 1 },
    { "triangular", 2, 2, { { 0.25, 0.25, 0 }, { 0.75, 0.75, 0 } }, { 1, 1.7320508075688772, 0 }, 1 },
    { "cubic", 3, 1, { { 0.5, 0.5, 0.5 } }, { 1, 1, 1 }, 1 },
    { "fcc", 3, 4, { { 0.25, 0.25, 0.25 }, { 0.75, 0.75, 0.25 }, { 0.75, 0.25, 0.75 },
                     { 0.25, 0.75, 0.75 } }, { 1, 1, 1 }, M_SQRT1_2 },
};

/* The lattice and its constant a, from the section. */
static const lattice *resolve(const hsf_config *cfg, int dim, double *a, uint32_t cells[3],
                              hsf_error *err)
{
    const char *name = hsf_config_string(cfg, "lattice");
    const lattice *l = NULL;
    for (size_t k = 0; k < sizeof lattices / sizeof lattices[0]; k++)
        if (!strcmp(lattices[k].name, name))
            l = &lattices[k];
    if (!l || l->dim != dim) {
        hsf_config_error(cfg, err, "lattice", "expected %s for dim = %d, found '%s'",
                         dim == 2 ? "square or triangular" : "cubic or fcc", dim, name);
        return NULL;
    }
    double c[HSF_VECTOR_MAX];
    int n = hsf_config_vector(cfg, "cells", c, HSF_VECTOR_MAX);
    if (n != dim) {
        hsf_config_error(cfg, err, "cells", "expected %d counts for dim = %d, found %d", dim,
                         dim, n);
        return NULL;
    }
    for (int k = 0; k < 3; k++) {
        if (k < dim && c[k] != floor(c[k])) {
            hsf_config_error(cfg, err, "cells", "expected whole numbers, found %g", c[k]);
            return NULL;
        }
        cells[k] = k < dim ? (uint32_t)c[k] : 1;
    }
    /* Volume per site from the packing fraction, then a from the cell. */
    double r = hsf_config_double(cfg, "radius"), phi = hsf_config_double(cfg, "packing_fraction");
    double vsphere = dim == 2 ? M_PI * r * r : 4.0 / 3.0 * M_PI * r * r * r;
    double cell_volume = l->nsites * vsphere / phi, shape = 1;
    for (int k = 0; k < dim; k++)
        shape *= l->aspect[k];
    *a = pow(cell_volume / shape, 1.0 / dim);
    if (*a * l->nearest < 2 * r * (1 + 1e-12)) {
        /* Where nearest neighbours touch, a = 2 r / nearest (with r = 1:
         * the fraction does not depend on it). */
        double unit = dim == 2 ? M_PI : 4.0 / 3.0 * M_PI;
        double touching = l->nsites * unit / (shape * pow(2 / l->nearest, dim));
        hsf_config_error(cfg, err, "packing_fraction", "%g is denser than the %s lattice "
                         "allows in %dD: expected less than %.4f, where its particles touch",
                         phi, l->name, dim, touching);
        return NULL;
    }
    return l;
}

int hsf_init_box(const hsf_config *cfg, int dim, char *size, size_t len, hsf_error *err)
{
    double a;
    uint32_t cells[3];
    const lattice *l = resolve(cfg, dim, &a, cells, err);
    if (!l)
        return -1;
    size_t used = 0;
    for (int k = 0; k < dim; k++)
        used += (size_t)snprintf(size + used, len - used, "%s%.17g", k ? " " : "",
                                 cells[k] * l->aspect[k] * a);
    return 0;
}

/* Above these packing fractions random sequential addition slows down
 * (it jams at 0.38 in 3D and 0.55 in 2D): denser random starts are placed
 * here and compressed. */
#define PLACED_3D 0.2
#define PLACED_2D 0.35

/* Random sequential addition: each particle at a uniformly random position
 * in [r, side - r] along each axis, drawn again while it overlaps one
 * placed before, which a grid of cells of side at least 2 r finds.  Away
 * from the faces by r, no two overlap through a periodic image either. */
static int place_randomly(hsf_particle *p, size_t n, int dim, const double side[3], double r,
                          uint64_t *state, hsf_error *err)
{
    uint32_t m[3] = { 1, 1, 1 };
    size_t cells = 1;
    for (int k = 0; k < dim; k++) {
        double c = floor(side[k] / (2 * r));
        m[k] = c < 1 ? 1 : c > 1 << 20 ? 1 << 20 : (uint32_t)c;
        cells *= m[k];
    }
    uint32_t *head = malloc(cells * sizeof *head), *next = malloc((n ? n : 1) * sizeof *next);
    if (!head || !next) {
        free(head);
        free(next);
        return hsf_error_set(err, "out of memory for the random placement");
    }
    for (size_t c = 0; c < cells; c++)
        head[c] = UINT32_MAX;
    size_t tries = 0, limit = 10000 * (n + 10);
    for (size_t i = 0; i < n; i++) {
        int32_t at[3] = { 0, 0, 0 };
        for (int placed = 0; !placed;) {
            if (++tries > limit) {
                free(head);
                free(next);
                return hsf_error_set(err, "[init] method = random: could not place %zu "
                                     "particles without overlaps", n);
            }
            for (int k = 0; k < dim; k++) {
                p[i].r[k] = r + (side[k] - 2 * r) * (hsf_random_uniform(state) - 0.5 * 0x1p-53);
                at[k] = (int32_t)(p[i].r[k] / side[k] * m[k]);
                at[k] = at[k] >= (int32_t)m[k] ? (int32_t)m[k] - 1 : at[k];
            }
            placed = 1;
            for (int dz = dim == 3 ? -1 : 0; placed && dz <= (dim == 3 ? 1 : 0); dz++)
                for (int dy = -1; placed && dy <= 1; dy++)
                    for (int dx = -1; placed && dx <= 1; dx++) {
                        int32_t c[3] = { at[0] + dx, at[1] + dy, at[2] + dz };
                        if (c[0] < 0 || c[1] < 0 || c[2] < 0 || c[0] >= (int32_t)m[0] ||
                            c[1] >= (int32_t)m[1] || c[2] >= (int32_t)m[2])
                            continue;
                        size_t cell = ((size_t)c[2] * m[1] + (size_t)c[1]) * m[0] + (size_t)c[0];
                        for (uint32_t j = head[cell]; placed && j != UINT32_MAX; j = next[j]) {
                            double d2 = 0;
                            for (int k = 0; k < dim; k++)
                                d2 += (p[i].r[k] - p[j].r[k]) * (p[i].r[k] - p[j].r[k]);
                            placed = d2 >= 4 * r * r;
                        }
                    }
        }
        size_t cell = ((size_t)at[2] * m[1] + (size_t)at[1]) * m[0] + (size_t)at[0];
        next[i] = head[cell];
        head[cell] = (uint32_t)i;
    }
    free(head);
    free(next);
    return 0;
}

int hsf_init_particles(const hsf_config *cfg, int dim, unsigned long seed,
                       hsf_particle_set *out, hsf_error *err)
{
    memset(out, 0, sizeof *out);
    double a;
    uint32_t cells[3];
    const lattice *l = resolve(cfg, dim, &a, cells, err);
    if (!l)
        return -1;
    size_t n = (size_t)cells[0] * cells[1] * cells[2] * (size_t)l->nsites;
    if (n > UINT32_MAX - 1)
        return hsf_config_error(cfg, err, "cells", "%zu particles is more than hsframe holds", n);
    if (hsf_memory_check(n, dim, "[init]", err))
        return -1;
    out->p = calloc(n, sizeof *out->p);
    out->line = calloc(n, sizeof *out->line);
    out->path = strdup("[init]");
    if (!out->p || !out->line || !out->path) {
        hsf_particle_set_free(out);
        return hsf_error_set(err, "out of memory for %zu particles", n);
    }
    out->n = n;
    out->dim = dim;
    double radius = hsf_config_double(cfg, "radius"), mass = hsf_config_double(cfg, "mass");
    double kT = hsf_config_double(cfg, "temperature"), sigma = sqrt(kT / mass);
    const char *method = hsf_config_string(cfg, "method");
    int random = !strcmp(method, "random");
    if (!random && strcmp(method, "lattice")) {
        hsf_particle_set_free(out);
        return hsf_config_error(cfg, err, "method", "expected lattice or random, found '%s'",
                                method);
    }
    out->final_radius = radius;
    if (random) {
        /* Placed at a low packing fraction, with radii that a compression
         * of the run brings to radius (run.c). */
        double phi = hsf_config_double(cfg, "packing_fraction");
        double placed = fmin(phi, dim == 3 ? PLACED_3D : PLACED_2D), side[3];
        double r0 = radius * pow(placed / phi, 1.0 / dim);
        for (int k = 0; k < 3; k++)
            side[k] = k < dim ? cells[k] * l->aspect[k] * a : 0;
        uint64_t where = seed ^ 0x5deece66dULL;     /* a stream apart from the velocities' */
        if (place_randomly(out->p, n, dim, side, r0, &where, err)) {
            hsf_particle_set_free(out);
            return -1;
        }
        radius = r0;
    }
    uint64_t state = seed;
    double momentum[3] = { 0, 0, 0 };
    size_t i = 0;
    for (uint32_t z = 0; z < cells[2]; z++)
        for (uint32_t y = 0; y < cells[1]; y++)
            for (uint32_t x = 0; x < cells[0]; x++)
                for (int s = 0; s < l->nsites; s++, i++) {
                    hsf_particle *p = &out->p[i];
                    uint32_t c[3] = { x, y, z };
                    for (int k = 0; k < dim; k++) {
                        if (!random)
                            p->r[k] = (c[k] + l->site[s][k]) * l->aspect[k] * a;
                        p->v[k] = sigma * hsf_random_normal(&state);
                        momentum[k] += mass * p->v[k];
                    }
                    p->radius = radius;
                    p->mass = mass;
                    p->color[0] = 70, p->color[1] = 130, p->color[2] = 180;
                    out->line[i] = 0;      /* generated: no line of a file */
                }
    /* Zero total momentum, then the exact temperature. */
    double twice_k = 0;
    for (i = 0; i < n; i++)
        for (int k = 0; k < dim; k++) {
            out->p[i].v[k] -= momentum[k] / (mass * (double)n);
            twice_k += mass * out->p[i].v[k] * out->p[i].v[k];
        }
    double scale = twice_k > 0 ? sqrt(kT * dim * (double)n / twice_k) : 0;
    for (i = 0; i < n; i++)
        for (int k = 0; k < dim; k++)
            out->p[i].v[k] *= scale;
    return 0;
}
