/* Ending a check: each check runs in its own process (main.c), so a
 * failure prints one line and exits, and a crash in the plugin ends only
 * that check. */
#include <stdarg.h>
#include <stdio.h>
#include <unistd.h>

#include "qcheck.h"

const qc_plugin *qc_pl;
const char *qc_check = "?";
int qc_quick;

static void say(const char *word, const char *fmt, va_list ap)
{
    printf("%s %s: %s: ", word, qc_pl->file_name, qc_check);
    vprintf(fmt, ap);
    putchar('\n');
    fflush(stdout);
}

void qc_fail(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    say("FAIL", fmt, ap);
    va_end(ap);
    _exit(QC_FAILED);
}

void qc_skip(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    say("SKIP", fmt, ap);
    va_end(ap);
    _exit(77);
}

size_t qc_size(size_t full, size_t quick)
{
    return qc_quick ? quick : full;
}
