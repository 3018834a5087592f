/* libFuzzer target: the bonds file reader ([bonds] file), for a system of
 * 20 particles. */
#include <stdint.h>
#include <stdlib.h>

#include "fuzz_file.h"
#include "host/error_private.h"
#include "io/bonds.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const char *path = fuzz_write_file("bonds.txt", data, size);
    for (int k = 0; k < 2; k++) {
        hsf_bond *bonds = NULL;
        size_t count = 0;
        hsf_error err;
        hsf_error_clear(&err);
        if (!hsf_read_bonds(path, 20, k ? 1.5 : 0, &bonds, &count, &err)) {
            /* What the reader promises: i < j < 20, lengths > 0, sorted,
             * no pair twice. */
            for (size_t b = 0; b < count; b++) {
                if (!(bonds[b].i < bonds[b].j && bonds[b].j < 20 && bonds[b].length > 0))
                    __builtin_trap();
                if (b && !(bonds[b - 1].i < bonds[b].i ||
                           (bonds[b - 1].i == bonds[b].i && bonds[b - 1].j < bonds[b].j)))
                    __builtin_trap();
            }
            free(bonds);
        } else if (!hsf_error_message(&err)[0]) {
            __builtin_trap();   /* a failure must say why */
        }
    }
    return 0;
}
