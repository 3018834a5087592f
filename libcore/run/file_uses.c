/* No file a run writes may be one it reads or another output's: an
 * output over the particle file would destroy the user's input, and two
 * outputs on one file leave one of them lost. */
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "host/error_private.h"
#include "run/file_uses.h"

int hsf_file_uses_add(hsf_file_uses *fu, const hsf_config *cfg, const char *key,
                      const char *path, const char *role, int written, hsf_error *err)
{
    if (!path || !*path)
        return 0;
    hsf_file_use *grown = realloc(fu->u, (fu->n + 1) * sizeof *grown);
    if (!grown)
        return hsf_error_set(err, "out of memory");
    fu->u = grown;
    hsf_file_use *u = &fu->u[fu->n];
    *u = (hsf_file_use){ .cfg = cfg, .key = key, .role = role, .written = written };
    if (!(u->path = strdup(path)))
        return hsf_error_set(err, "out of memory");
    fu->n++;
    return 0;
}

int hsf_file_uses_add_output(hsf_file_uses *fu, const hsf_config *cfg,
                             const hsf_param *params, hsf_error *err)
{
    static const char *const keys[] = { "file", "video", "screenshot", NULL };
    for (const hsf_param *p = params; p && p->name; p++)
        for (const char *const *k = keys; *k; k++)
            if (p->type == HSF_PARAM_STRING && !strcmp(p->name, *k) &&
                hsf_file_uses_add(fu, cfg, p->name, hsf_config_string(cfg, p->name),
                                  "the output file", 1, err))
                return -1;
    return 0;
}

/* What identifies a file: its inode when it exists, else the canonical
 * path of its directory and its name (the path as given when even the
 * directory is missing: the run fails on it anyway). */
typedef struct identity {
    int exists;
    dev_t dev;
    ino_t ino;
    char path[PATH_MAX + NAME_MAX + 2];
} identity;

static void identify(const char *path, identity *id)
{
    struct stat st;
    memset(id, 0, sizeof *id);
    if (!stat(path, &st)) {
        id->exists = 1;
        id->dev = st.st_dev;
        id->ino = st.st_ino;
        return;
    }
    char dir[PATH_MAX], canon[PATH_MAX];
    const char *slash = strrchr(path, '/');
    const char *base = slash ? slash + 1 : path;
    if (!slash)
        snprintf(dir, sizeof dir, ".");
    else if (slash == path)
        snprintf(dir, sizeof dir, "/");
    else
        snprintf(dir, sizeof dir, "%.*s", (int)(slash - path), path);
    if (realpath(dir, canon))
        snprintf(id->path, sizeof id->path, "%s/%s", canon, base);
    else
        snprintf(id->path, sizeof id->path, "%s", path);
}

static int same(const identity *a, const identity *b)
{
    if (a->exists != b->exists)
        return 0;
    return a->exists ? a->dev == b->dev && a->ino == b->ino : !strcmp(a->path, b->path);
}

/* "[section] key" or "the configuration file" alone. */
static void describe(const hsf_file_use *u, char *buf, size_t size)
{
    if (u->cfg)
        snprintf(buf, size, "%s of [%s] %s", u->role, hsf_config_section(u->cfg), u->key);
    else
        snprintf(buf, size, "%s", u->role);
}

static int clash(const hsf_file_use *w, const hsf_file_use *other, hsf_error *err)
{
    char what[512];
    describe(other, what, sizeof what);
    const char *also = other->written && !strcmp(other->role, w->role) ? "also " : "";
    if (w->cfg)
        return hsf_config_error(w->cfg, err, w->key, "%s is %s%s: the run would write over "
                                "it; name another file", w->path, also, what);
    return hsf_error_set(err, "%s is %s%s: the run would write over it; name another "
                         "file", w->path, also, what);
}

int hsf_file_uses_check(const hsf_file_uses *fu, hsf_error *err)
{
    identity *ids = malloc((fu->n ? fu->n : 1) * sizeof *ids);
    if (!ids)
        return hsf_error_set(err, "out of memory");
    for (size_t k = 0; k < fu->n; k++)
        identify(fu->u[k].path, &ids[k]);
    int rc = 0;
    for (size_t j = 0; j < fu->n && !rc; j++)
        for (size_t i = 0; i < j && !rc; i++) {
            if (!(fu->u[i].written || fu->u[j].written) || !same(&ids[i], &ids[j]))
                continue;
            rc = fu->u[j].written ? clash(&fu->u[j], &fu->u[i], err)
                                  : clash(&fu->u[i], &fu->u[j], err);
        }
    free(ids);
    return rc;
}

void hsf_file_uses_free(hsf_file_uses *fu)
{
    for (size_t k = 0; k < fu->n; k++)
        free(fu->u[k].path);
    free(fu->u);
    fu->u = NULL;
    fu->n = 0;
}
