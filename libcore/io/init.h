/* Generated initial configurations: a lattice at a packing fraction with
 * Maxwell-Boltzmann velocities (private to libhsframe). */
#ifndef HSF_INIT_H
#define HSF_INIT_H

#include <hsframe/config.h>

#include "io/particle.h"

/* The [init] section's parameters. */
extern const hsf_param hsf_init_params[];

/* The box that the lattice of [init] fills, as "Lx Ly [Lz]" for the
 * boundary's size key.  Returns 0, or -1 with err set (a lattice that does
 * not exist in dim, a cell count per axis missing). */
int hsf_init_box(const hsf_config *cfg, int dim, char *size, size_t len, hsf_error *err);

/* Fills *out with the lattice of [init]: positions at the lattice sites
 * (method = lattice) or at random in the lattice's box (method = random:
 * at a packing fraction low enough for random sequential addition, with
 * radii smaller than [init] radius, which out->final_radius keeps for
 * the compression that follows in the run; the same radius and
 * final_radius when the packing fraction is low already),
 * velocities drawn from the Maxwell-Boltzmann distribution at the given
 * temperature (k_B = 1) with the seed, shifted to zero total momentum and
 * scaled so that 2K / (dim N) equals the temperature exactly.  Returns 0,
 * or -1 with err set. */
int hsf_init_particles(const hsf_config *cfg, int dim, unsigned long seed,
                       hsf_particle_set *out, hsf_error *err);

#endif
