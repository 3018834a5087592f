/* The error record this program hands to plugins: one, made by the
 * public library (hsf_error_new), emptied before each call that may fail. */
#include <stdio.h>
#include <stdlib.h>

#include "qcheck.h"

static hsf_error *the_error;

hsf_error *qc_err(void)
{
    if (!the_error && !(the_error = hsf_error_new())) {
        fputs("hsframe-queue-check: out of memory\n", stderr);
        exit(2);
    }
    return the_error;
}

void qc_err_clear(void)
{
    hsf_error_set(qc_err(), "%s", "");
}
