/* libFuzzer target: the INI configuration and -s overrides.  The input is
 * an INI file, then optionally a line "--" followed by one override
 * ("SECTION.KEY=VALUE") per line.  Each is loaded, overridden, bound to a
 * parameter table of every type, checked for unclaimed keys and written
 * out canonically, as a run does: any of it may fail, none may crash,
 * leak or hang. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "host/config_private.h"
#include "host/error_private.h"
#include "fuzz_file.h"

static const hsf_param params[] = {
    { "dim", HSF_PARAM_INT, "2", 2, 3, "" },
    { "end_time", HSF_PARAM_DOUBLE, "1", 0, 1e300, "" },
    { "size", HSF_PARAM_VECTOR, "1 1", 0, 1e300, "" },
    { "cells", HSF_PARAM_BOOL, "yes", 0, 0, "" },
    { "particles", HSF_PARAM_STRING, "", 0, 0, "" },
    { NULL, 0, NULL, 0, 0, NULL }
};

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const uint8_t *split = NULL;
    for (size_t k = 0; k + 4 <= size && !split; k++)
        if (!memcmp(data + k, "\n--\n", 4))
            split = data + k;
    size_t ini_size = split ? (size_t)(split - data) + 1 : size;
    const char *path = fuzz_write_file("fuzz.ini", data, ini_size);
    hsf_config_file cf;
    hsf_error err;
    hsf_error_clear(&err);
    memset(&cf, 0, sizeof cf);
    if (!hsf_config_load(&cf, path, &err)) {
        /* Overrides, one per line, each a C string. */
        const uint8_t *p = split ? split + 4 : data + size, *end = data + size;
        while (p < end) {
            const uint8_t *nl = memchr(p, '\n', (size_t)(end - p));
            size_t len = nl ? (size_t)(nl - p) : (size_t)(end - p);
            char *line = strndup((const char *)p, len);
            if (line && !memchr(p, '\0', len))
                hsf_config_override(&cf, line, &err);
            free(line);
            p += len + 1;
        }
        hsf_config sim, other;
        static const char *const known[] = { "simulation", "other", NULL };
        if (!hsf_config_bind(&cf, "simulation", params, NULL, &sim, &err)) {
            hsf_config_int(&sim, "dim");
            hsf_config_double(&sim, "end_time");
            hsf_config_bool(&sim, "cells");
            hsf_config_string(&sim, "particles");
            double v[8];
            hsf_config_vector(&sim, "size", v, 8);
            if (!hsf_config_bind(&cf, "other", NULL, params, &other, &err)) {
                hsf_config_check_unclaimed(&cf, known, &err);
                hsf_config_unbind(&other);
            }
            hsf_config_unbind(&sim);
        }
        free(hsf_config_canonical(&cf, "checkpoint"));
        const char **sections = hsf_config_sections_with_prefix(&cf, "output.");
        free(sections);
    }
    hsf_config_file_free(&cf);
    return 0;
}
