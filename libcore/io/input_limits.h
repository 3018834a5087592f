/* What hsframe can represent, checked before a run (private to
 * libhsframe): enough memory for the particles, and numbers whose
 * energies, momenta and times neither overflow nor vanish. */
#ifndef HSF_INPUT_LIMITS_H
#define HSF_INPUT_LIMITS_H

#include <stddef.h>

#include "io/particle.h"

/* Address space a run needs per particle, beyond the input text: records,
 * cells, neighbour lists, queue, with room to spare.  Measured under
 * ulimit -v 2000000 (2 GB): 2D runs of 5.8 million discs fit and 6.2
 * million did not (the queue's allocation failed), 3D runs with neighbour
 * lists of 3.4 million spheres fit and 4.1 million did not. */
#define HSF_BYTES_PER_PARTICLE_2D 360
#define HSF_BYTES_PER_PARTICLE_3D 560

/* Fails (-1, err saying how much is needed and how much is available,
 * prefixed by what, e.g. a file name) when n particles in dim dimensions
 * would not fit in the memory this process may use: its address-space and
 * data limits (ulimit -v, -d) and the machine's available memory and
 * swap.  Returns 0 otherwise, or when nothing is known of the limits. */
int hsf_memory_check(size_t n, int dim, const char *what, hsf_error *err);

/* Fails (-1, err naming the file line of the first particle at fault and
 * the quantity) when a particle's numbers cannot be simulated in double
 * precision: a kinetic energy or momentum that overflows (alone or summed
 * over all particles), a mass whose products with another mass overflow,
 * a speed whose square vanishes, a path over end_time that overflows or
 * crosses so many diameters that event times would be lost in the
 * clock's round-off, or a radius too small to resolve against the box's
 * size (span, the largest side of the extent). */
int hsf_check_representable(const hsf_particle_set *set, double span, double end_time,
                            hsf_error *err);

#endif
