/* Host-owned error messages. */
#include <stdarg.h>
#include <stdlib.h>
#include <stdio.h>
#include <string.h>

#include "host/error_private.h"

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

hsf_error *hsf_error_new(void)
{
    return calloc(1, sizeof(hsf_error));
}

void hsf_error_free(hsf_error *err)
{
    free(err);
}

void hsf_error_clear(hsf_error *err)
{
    err->msg[0] = '\0';
}

int hsf_error_prefix(hsf_error *err, const char *fmt, ...)
{
    if (!err)
        return -1;
    char prefix[1024], old[sizeof err->msg];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(prefix, sizeof prefix, fmt, ap);
    va_end(ap);
    memcpy(old, err->msg, sizeof old);
    /* Long messages are cut, never overrun. */
    size_t lp = strlen(prefix), lo = strlen(old), cap = sizeof err->msg - 1;
    if (lp > cap)
        lp = cap;
    if (lo > cap - lp)
        lo = cap - lp;
    memcpy(err->msg, prefix, lp);
    memcpy(err->msg + lp, old, lo);
    err->msg[lp + lo] = '\0';
    return -1;
}
