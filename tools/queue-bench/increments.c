/* Names of the increment distributions (increments.h). */
#include <string.h>

#include "increments.h"

const char *const qb_dist_names[QB_NDIST] = { "exponential", "uniform", "bimodal",
                                              "triangular", "negtriangular", "camel" };

int qb_dist_find(const char *name)
{
    for (int d = 0; d < QB_NDIST; d++)
        if (!strcmp(name, qb_dist_names[d]))
            return d;
    return -1;
}
