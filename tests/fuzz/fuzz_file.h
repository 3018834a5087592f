/* Fuzz targets: the readers take paths, so each input is written to a
 * file in a private directory first (on tmpfs where there is one). */
#ifndef HSF_FUZZ_FILE_H
#define HSF_FUZZ_FILE_H

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static inline const char *fuzz_write_file(const char *name, const uint8_t *data, size_t size)
{
    static char dir[64], path[128];
    if (!dir[0]) {
        snprintf(dir, sizeof dir, "%s/hsf-fuzz-XXXXXX",
                 access("/dev/shm", W_OK) == 0 ? "/dev/shm" : "/tmp");
        if (!mkdtemp(dir))
            abort();
    }
    snprintf(path, sizeof path, "%s/%s", dir, name);
    FILE *f = fopen(path, "wb");
    if (!f || fwrite(data, 1, size, f) != size || fclose(f))
        abort();
    return path;
}

#endif
