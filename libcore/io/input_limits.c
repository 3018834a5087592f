/* Limits checked before a run (limits.h). */
#include <float.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <unistd.h>

#include "host/error_private.h"
#include "io/input_limits.h"

/* A value from /proc/meminfo in bytes, or -1. */
static double meminfo(const char *key)
{
    FILE *f = fopen("/proc/meminfo", "r");
    if (!f)
        return -1;
    char line[256];
    double bytes = -1;
    size_t len = strlen(key);
    while (fgets(line, sizeof line, f))
        if (!strncmp(line, key, len) && line[len] == ':') {
            bytes = 1024 * strtod(line + len + 1, NULL);
            break;
        }
    fclose(f);
    return bytes;
}

/* This process's virtual size in bytes, or 0. */
static double virtual_size(void)
{
    FILE *f = fopen("/proc/self/statm", "r");
    unsigned long pages = 0;
    if (f) {
        if (fscanf(f, "%lu", &pages) != 1)
            pages = 0;
        fclose(f);
    }
    return (double)pages * (double)sysconf(_SC_PAGESIZE);
}

int hsf_memory_check(size_t n, int dim, const char *what, hsf_error *err)
{
    double need = (double)n * (dim == 3 ? HSF_BYTES_PER_PARTICLE_3D : HSF_BYTES_PER_PARTICLE_2D);
    double avail = INFINITY;
    const char *which = NULL;
    struct rlimit rl;
    if (!getrlimit(RLIMIT_AS, &rl) && rl.rlim_cur != RLIM_INFINITY &&
        (double)rl.rlim_cur - virtual_size() < avail) {
        avail = (double)rl.rlim_cur - virtual_size();
        which = "the address-space limit, ulimit -v";
    }
    if (!getrlimit(RLIMIT_DATA, &rl) && rl.rlim_cur != RLIM_INFINITY &&
        (double)rl.rlim_cur < avail) {
        avail = (double)rl.rlim_cur;
        which = "the data limit, ulimit -d";
    }
    double free_mem = meminfo("MemAvailable"), swap = meminfo("SwapFree");
    if (free_mem >= 0 && free_mem + fmax(swap, 0) < avail) {
        avail = free_mem + fmax(swap, 0);
        which = "available memory and swap";
    }
    if (!(need > avail))
        return 0;
    return hsf_error_set(err, "%s: %zu particles need about %.0f MiB of memory, and %.0f MiB "
                         "are available (%s)", what, n, need / 1048576,
                         fmax(avail, 0) / 1048576, which);
}

/* A message for particle i of set: "path:line: particle N: ...". */
#define AT(set, i) hsf_particle_at(set, i)

int hsf_check_representable(const hsf_particle_set *set, double span, double end_time,
                            hsf_error *err)
{
    /* Two masses meet in a collision as mi mj / (mi + mj): both products
     * must be finite, so every mass must be below sqrt(DBL_MAX), and
     * normal (not vanishing into subnormals). */
    const double mass_max = sqrt(DBL_MAX), mass_min = DBL_MIN;
    double energy = 0, momentum = 0;
    for (size_t i = 0; i < set->n; i++) {
        const hsf_particle *p = &set->p[i];
        if (!(p->mass >= mass_min && p->mass < mass_max))
            return hsf_error_set(err, "%s: mass %g cannot be simulated: "
                                 "expected a mass from %g to %g, whose products with any "
                                 "other neither vanish nor overflow", AT(set, i), p->mass,
                                 mass_min, mass_max);
        /* A radius must stand out of the round-off of a position in this
         * box, 2^-52 of its size, by a wide margin: below 1e-10 of it,
         * contact distances would be resolved to worse than 1e-6. */
        if (!(2 * p->radius >= 1e-10 * span))
            return hsf_error_set(err, "%s: radius %g is too small for a box "
                                 "of size %g: expected a diameter of at least 1e-10 of the "
                                 "box, %g", AT(set, i), p->radius, span, 1e-10 * span);
        double v2 = p->v[0] * p->v[0] + p->v[1] * p->v[1] + p->v[2] * p->v[2];
        double speed = sqrt(v2), k = 0.5 * p->mass * v2;
        if (!isfinite(k) || !isfinite(p->mass * speed))
            return hsf_error_set(err, "%s: velocity (%g, %g, %g) with mass %g "
                                 "cannot be simulated: its kinetic energy m v^2 / 2 = %g "
                                 "overflows", AT(set, i), p->v[0], p->v[1], p->v[2],
                                 p->mass, k);
        if (v2 > 0 && !(v2 >= DBL_MIN))
            return hsf_error_set(err, "%s: speed %g cannot be simulated: its "
                                 "square vanishes (below %g); give 0 for a particle at rest",
                                 AT(set, i), speed, DBL_MIN);
        if (!isfinite(speed * end_time))
            return hsf_error_set(err, "%s: speed %g over end_time %g is a "
                                 "path that overflows", AT(set, i), speed, end_time);
        /* The clock holds 52 bits: a particle that crosses its own
         * diameter in less than 1e-12 of end_time has events closer
         * together than a late time can tell apart (the run would stall
         * at one time).  Real runs are far from it: 10^9 collisions of a
         * dense fluid move each particle some 10^4 diameters. */
        if (!(speed * end_time < 1e12 * 2 * p->radius))
            return hsf_error_set(err, "%s: speed %g travels %.3g diameters "
                                 "in end_time %g: expected fewer than 1e12, or its events "
                                 "would be closer together than the clock can tell apart",
                                 AT(set, i), speed, speed * end_time / (2 * p->radius),
                                 end_time);
        energy += k;
        momentum += p->mass * speed;
        if (!isfinite(energy) || !isfinite(momentum))
            return hsf_error_set(err, "%s: the total kinetic energy or "
                                 "momentum of the particles up to this one overflows",
                                 AT(set, i));
    }
    return 0;
}
