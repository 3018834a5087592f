/* libFuzzer target: the particle readers (algs4 text and extended XYZ,
 * told apart by content, as a run reads them), in 2D and in 3D.  Built
 * twice, as fuzz_algs4 and fuzz_xyz, seeded with files of each format. */
#include <math.h>
#include <stdint.h>

#include "host/error_private.h"
#include "fuzz_file.h"
#include "io/particle.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const char *path = fuzz_write_file("particles.txt", data, size);
    for (int dim = 2; dim <= 3; dim++) {
        hsf_particle_set set;
        hsf_error err;
        hsf_error_clear(&err);
        if (!hsf_read_particles(path, dim, &set, &err)) {
            /* What the reader promises: finite numbers, positive radius
             * and mass, the declared count. */
            for (size_t i = 0; i < set.n; i++) {
                if (!(set.p[i].radius > 0) || !(set.p[i].mass > 0) || set.line[i] == 0)
                    __builtin_trap();
                /* The optional columns: finite spins, positive inertia,
                 * fixed 0 or 1. */
                if (set.omega && !(isfinite(set.omega[3 * i]) && isfinite(set.omega[3 * i + 1]) &&
                                   isfinite(set.omega[3 * i + 2])))
                    __builtin_trap();
                if ((set.inertia && !(set.inertia[i] > 0)) || (set.fixed && set.fixed[i] > 1))
                    __builtin_trap();
            }
            hsf_particle_set_free(&set);
        } else if (!hsf_error_message(&err)[0]) {
            __builtin_trap();   /* a failure must say why */
        }
    }
    return 0;
}
