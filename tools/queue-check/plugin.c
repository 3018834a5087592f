/* Finding, loading and instantiating the queue plugin under test: loaded
 * by hsframe's own loader (host/plugin_loader.h), which checks the
 * descriptor and copies the vtable for the plugin's minor. */
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "qcheck.h"

#ifndef HSF_PLUGINDIR
#define HSF_PLUGINDIR "/usr/local/lib/hsframe"
#endif

static int why_set(char *why, size_t size, const char *fmt, ...) HSF_PRINTF(3, 4);

static int why_set(char *why, size_t size, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(why, size, fmt, ap);
    va_end(ap);
    return -1;
}

static int ends_with(const char *s, const char *tail)
{
    size_t ls = strlen(s), lt = strlen(tail);
    return ls >= lt && !strcmp(s + ls - lt, tail);
}

/* NAME.so in the first directory of dirs (colon-separated) that has it. */
static int search(const char *dirs, const char *name, char *path, size_t size)
{
    for (const char *p = dirs; p && *p;) {
        size_t len = strcspn(p, ":");
        if (len > 0) {
            snprintf(path, size, "%.*s/%s.so", (int)len, p, name);
            if (access(path, F_OK) == 0)
                return 0;
        }
        p += len + (p[len] != '\0');
    }
    return -1;
}

static int locate(qc_plugin *pl, const char *arg, const char *plugin_path, char *why,
                  size_t why_size)
{
    if (strchr(arg, '/') || ends_with(arg, ".so")) {
        if (!ends_with(arg, ".so"))
            return why_set(why, why_size, "%s: expected a plugin file NAME.so", arg);
        if ((size_t)snprintf(pl->path, sizeof pl->path, "%s", arg) >= sizeof pl->path)
            return why_set(why, why_size, "%s: path too long", arg);
    } else if (search(plugin_path, arg, pl->path, sizeof pl->path) &&
               search(HSF_PLUGINDIR, arg, pl->path, sizeof pl->path)) {
        return why_set(why, why_size, "%s: no %s.so in %s%s%s", arg, arg,
                       plugin_path ? plugin_path : "", plugin_path ? ":" : "", HSF_PLUGINDIR);
    }
    const char *base = strrchr(pl->path, '/');
    base = base ? base + 1 : pl->path;
    snprintf(pl->file_name, sizeof pl->file_name, "%.*s", (int)(strlen(base) - 3), base);
    return 0;
}

int qc_plugin_load(qc_plugin *pl, const char *arg, const char *plugin_path, char *why,
                   size_t why_size)
{
    memset(pl, 0, sizeof *pl);
    if (locate(pl, arg, plugin_path, why, why_size))
        return -1;
    /* pl->path is a file, so the loader searches no directory. */
    hsf_plugin_path none = { 0 };
    qc_err_clear();
    if (hsf_plugin_open(&none, pl->path, HSF_PLUGIN_QUEUE, &pl->host, qc_err()))
        return why_set(why, why_size, "%s", hsf_error_message(qc_err()));
    pl->info = pl->host.info;
    memcpy(&pl->t, pl->host.vtable, sizeof pl->t);
    return 0;
}

/* ---- instances ------------------------------------------------------------ */

qc_queue qc_open(size_t size_hint)
{
    qc_queue qu = { .t = &qc_pl->t, .q = calloc(1, qc_pl->t.state_size) };
    if (!qu.q)
        qc_fail("init: no memory for a state of %zu bytes", qc_pl->t.state_size);
    qc_err_clear();
    if (qu.t->init(qu.q, NULL, size_hint, qc_err()))
        qc_fail("init (size hint %zu): expected 0, found -1: %s", size_hint,
                hsf_error_message(qc_err()));
    return qu;
}

int qc_has_index(void)
{
    return qc_pl->t.index_init != NULL;
}

qc_queue qc_open_indexed(uint32_t nkeys)
{
    if (!qc_has_index())
        qc_skip("no indexed form (index_init is NULL)");
    qc_queue qu = qc_open(0);
    qc_err_clear();
    if (qu.t->index_init(qu.q, nkeys, qc_err()))
        qc_fail("index_init(%u): expected 0, found -1: %s", nkeys, hsf_error_message(qc_err()));
    return qu;
}

void qc_close(qc_queue *qu)
{
    qu->t->fini(qu->q);
    free(qu->q);
    qu->q = NULL;
}
