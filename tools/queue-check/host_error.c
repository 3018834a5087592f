/* The host side of hsf_error.  As in the hsframe program, the host owns
 * the errors it hands to plugins: this program defines hsf_error_set and
 * hsf_error_message itself and exports them (exports.dynlist), so the
 * plugin's calls, and libhsframe's own (hsf_config_error), bind to these
 * and write into a record whose layout this program knows. */
#include <stdarg.h>
#include <stdio.h>

#include "qcheck.h"

struct hsf_error {
    char msg[4096];
};

static hsf_error the_error;

int hsf_error_set(hsf_error *err, const char *fmt, ...)
{
    if (!err)
        return -1;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(err->msg, sizeof err->msg, fmt, ap);
    va_end(ap);
    return -1;
}

const char *hsf_error_message(const hsf_error *err)
{
    return err ? err->msg : "";
}

hsf_error *qc_err(void)
{
    return &the_error;
}

void qc_err_clear(void)
{
    the_error.msg[0] = '\0';
}
