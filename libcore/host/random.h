/* The random numbers of a run (private to libhsframe): splitmix64 (G. L.
 * Steele, D. Lea and C. H. Flood, OOPSLA 2014), a small, well-mixed
 * generator whose whole state is one 64-bit word, so that a checkpoint
 * saves it and a resumed run draws the same numbers. */
#ifndef HSF_RANDOM_H
#define HSF_RANDOM_H

#include <math.h>
#include <stdint.h>

static inline uint64_t hsf_random_next(uint64_t *state)
{
    uint64_t z = (*state += 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}

/* Uniform in (0, 1]: never 0, so that its logarithm is finite. */
static inline double hsf_random_uniform(uint64_t *state)
{
    return ((double)(hsf_random_next(state) >> 11) + 1) * 0x1p-53;
}

/* A standard normal deviate (Box-Muller, the cosine of a pair). */
static inline double hsf_random_normal(uint64_t *state)
{
    double u = hsf_random_uniform(state), v = hsf_random_uniform(state);
    return sqrt(-2 * log(u)) * cos(2 * M_PI * v);
}

#endif
