/* The increment distributions of the hold model, all of mean 1, after
 * those compared by R. Ronngren and R. Ayani, ACM TOMACS 7, 157 (1997).
 * U, U1, U2 are independent uniform numbers in (0, 1):
 *   exponential   -ln U                                   (density e^-x)
 *   uniform       2 U                                     (flat on [0, 2])
 *   bimodal       0.2 U with probability 0.9, else 8.1 + 2 U
 *                 (flat on [0, 0.2] and on [8.1, 10.1]: 0.9 * 0.1 + 0.1 * 9.1 = 1)
 *   triangular    1.5 sqrt(U)        (density 2x / 1.5^2 on [0, 1.5], rising)
 *   negtriangular 3 (1 - sqrt(U))    (density 2(3 - x) / 9 on [0, 3], falling)
 *   camel         two humps of weight 1/2, symmetric triangles of half-width
 *                 0.2 centred at 0.2 and at 1.8: c + 0.2 (U1 + U2 - 1)
 * The generator is xorshift64* (Marsaglia 2003; Vigna 2016), seeded so
 * that every queue sees the same increments. */
#ifndef QB_INCREMENTS_H
#define QB_INCREMENTS_H

#include <math.h>
#include <stdint.h>

typedef enum qb_dist {
    QB_EXPONENTIAL, QB_UNIFORM, QB_BIMODAL, QB_TRIANGULAR, QB_NEGTRIANGULAR, QB_CAMEL,
    QB_NDIST
} qb_dist;

/* The names above, for options and tables. */
extern const char *const qb_dist_names[QB_NDIST];

/* The distribution named name, or -1. */
int qb_dist_find(const char *name);

/* A uniform number in (0, 1), never 0 or 1. */
static inline double qb_uniform(uint64_t *s)
{
    *s ^= *s >> 12;
    *s ^= *s << 25;
    *s ^= *s >> 27;
    return ((double)((*s * 0x2545f4914f6cdd1dULL) >> 11) + 0.5) * 0x1p-53;
}

/* One increment of distribution d. */
static inline double qb_increment(qb_dist d, uint64_t *s)
{
    double u = qb_uniform(s);
    switch (d) {
    case QB_EXPONENTIAL:
        return -log(u);
    case QB_UNIFORM:
        return 2 * u;
    case QB_BIMODAL:
        return u < 0.9 ? 0.2 * qb_uniform(s) : 8.1 + 2 * qb_uniform(s);
    case QB_TRIANGULAR:
        return 1.5 * sqrt(u);
    case QB_NEGTRIANGULAR:
        return 3 * (1 - sqrt(u));
    case QB_CAMEL:
        return (u < 0.5 ? 0.2 : 1.8) + 0.2 * (qb_uniform(s) + qb_uniform(s) - 1);
    default:
        return 1;
    }
}

#endif
