/* libFuzzer target: the mesh boundary's STL reader, ASCII and binary (told
 * apart by size and content, as a run reads them). */
#include <math.h>
#include <stdint.h>
#include <string.h>

#include "fuzz_file.h"
#include "host/error_private.h"
#include "stl_read.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const char *path = fuzz_write_file("mesh.stl", data, size);
    stl_soup s;
    hsf_error err;
    hsf_error_clear(&err);
    if (!stl_read(path, &s, &err)) {
        /* What the reader promises: at least one triangle, finite corners,
         * and where each is: a binary record's offset, an ASCII line. */
        if (s.n == 0)
            __builtin_trap();
        for (size_t k = 0; k < s.n; k++) {
            for (int c = 0; c < 9; c++)
                if (!isfinite(s.xyz[9 * k + c]))
                    __builtin_trap();
            if (s.binary ? s.where[k] != (long)(84 + 50 * k)
                         : s.where[k] < 2 || (k && s.where[k] <= s.where[k - 1]))
                __builtin_trap();
        }
        stl_soup_free(&s);
    } else if (strncmp(hsf_error_message(&err), path, strlen(path)) || s.n || s.xyz) {
        __builtin_trap();   /* a failure names the file and leaves nothing */
    }
    return 0;
}
