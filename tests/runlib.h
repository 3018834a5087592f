/* Running a whole configuration from a test (shared by the end-to-end
 * Criterion tests). */
#ifndef HSF_RUNLIB_H
#define HSF_RUNLIB_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <criterion/criterion.h>

#include "host/error_private.h"
#include "run/run.h"

/* Runs the configuration file at path; the summary goes to summary (size
 * bytes), the error to err.  Returns hsframe's exit status. */
static inline int run_file(const char *path, hsf_error *err, char *summary, size_t size)
{
    char *buf = NULL;
    size_t len = 0;
    FILE *out = open_memstream(&buf, &len);
    hsf_run_options opt = { .config_path = path, .summary = out };
    hsf_error_clear(err);
    int status = hsf_run(&opt, err);
    fclose(out);
    snprintf(summary, size, "%s", buf ? buf : "");
    free(buf);
    return status;
}

/* The number after "key: " in a summary; fails the test if absent. */
static inline double summary_number(const char *summary, const char *key)
{
    char pattern[128];
    snprintf(pattern, sizeof pattern, "\n%s: ", key);
    const char *at = strstr(summary, pattern);
    cr_assert(at, "summary has no %s:\n%s", key, summary);
    return strtod(at + strlen(pattern), NULL);
}

#endif
