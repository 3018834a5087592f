/* The host side of hsf_error (private to libhsframe). */
#ifndef HSF_ERROR_PRIVATE_H
#define HSF_ERROR_PRIVATE_H

#include <hsframe/error.h>

struct hsf_error {
    char msg[2048];
};

/* Empties err. */
void hsf_error_clear(hsf_error *err);

/* Prefixes the message already in err with a printf-style text (e.g. the
 * plugin's name and file).  Returns -1. */
int hsf_error_prefix(hsf_error *err, const char *fmt, ...) HSF_PRINTF(2, 3);

#endif
