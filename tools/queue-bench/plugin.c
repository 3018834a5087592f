/* Finding and loading queue plugins (plugin.h). */
#include <dirent.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <hsframe/plugin.h>

#include "plugin.h"

#ifndef HSF_PLUGINDIR
#error HSF_PLUGINDIR must name the installed plugin directory
#endif

char *qb_plugin_dir(const char *dir)
{
    if (dir)
        return strdup(dir);
    /* Run from a build tree (directly or through libtool's wrapper, which
     * runs .libs/NAME): its own plugins, as hsframe does. */
    char exe[PATH_MAX], sub[PATH_MAX + 32];
    ssize_t len = readlink("/proc/self/exe", exe, sizeof exe - 1);
    if (len > 0) {
        exe[len] = '\0';
        char *slash = strrchr(exe, '/');
        if (slash) {
            *slash = '\0';
            slash = strrchr(exe, '/');
            if (slash && !strcmp(slash + 1, ".libs"))
                *slash = '\0';
            struct stat st;
            snprintf(sub, sizeof sub, "%s/plugins/queue/.libs", exe);
            if (!stat(sub, &st) && S_ISDIR(st.st_mode))
                return strdup(sub);
        }
    }
    return strdup(HSF_PLUGINDIR);
}

int qb_queue_load(const char *spec, const char *dir, qb_queue *q, char *msg, size_t len)
{
    memset(q, 0, sizeof *q);
    size_t n = strlen(spec);
    int is_path = strchr(spec, '/') || (n > 3 && !strcmp(spec + n - 3, ".so"));
    char path[PATH_MAX];
    if (is_path)
        snprintf(path, sizeof path, "%s", spec);
    else
        snprintf(path, sizeof path, "%s/%s.so", dir, spec);
    /* path names a file, so the loader searches no directory. */
    hsf_plugin_path none = { 0 };
    hsf_error *err = qb_error();
    if (!err) {
        snprintf(msg, len, "out of memory");
        return -1;
    }
    if (hsf_plugin_open(&none, path, HSF_PLUGIN_QUEUE, &q->host, err)) {
        snprintf(msg, len, "%s", hsf_error_message(err));
        return -1;
    }
    memcpy(&q->type, q->host.vtable, sizeof q->type);
    if (!q->type.state_size) {
        snprintf(msg, len, "%s: queue %s has state_size 0", path, q->host.info->name);
    } else {
        q->name = strdup(q->host.info->name);
        q->path = strdup(path);
        if (q->name && q->path)
            return 0;
        snprintf(msg, len, "out of memory");
    }
    qb_queue_free(q);
    return -1;
}

void qb_queue_free(qb_queue *q)
{
    hsf_plugin_close(&q->host);
    free(q->name);
    free(q->path);
    memset(q, 0, sizeof *q);
}

void qb_queue_free_all(qb_queue *q, size_t count)
{
    for (size_t k = 0; k < count; k++)
        qb_queue_free(&q[k]);
    free(q);
}

static int by_name(const void *a, const void *b)
{
    const qb_queue *x = a, *y = b;
    int bx = !strcmp(x->name, "binary_heap"), by = !strcmp(y->name, "binary_heap");
    return bx != by ? by - bx : strcmp(x->name, y->name);
}

qb_queue *qb_queue_load_dir(const char *dir, size_t *count)
{
    *count = 0;
    DIR *d = opendir(dir);
    if (!d)
        return NULL;
    qb_queue *all = NULL;
    size_t cap = 0;
    struct dirent *e;
    while ((e = readdir(d))) {
        size_t n = strlen(e->d_name);
        if (n < 4 || strcmp(e->d_name + n - 3, ".so"))
            continue;
        char path[PATH_MAX], msg[512];
        snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
        qb_queue q;
        if (qb_queue_load(path, dir, &q, msg, sizeof msg))
            continue;   /* another kind of plugin */
        if (*count == cap) {
            qb_queue *grown = realloc(all, (cap = cap ? 2 * cap : 8) * sizeof *all);
            if (!grown) {
                qb_queue_free(&q);
                break;
            }
            all = grown;
        }
        all[(*count)++] = q;
    }
    closedir(d);
    if (*count)
        qsort(all, *count, sizeof *all, by_name);
    return all;
}

static hsf_error *error_record;

hsf_error *qb_error(void)
{
    if (!error_record)
        error_record = hsf_error_new();
    return error_record;
}

const char *qb_error_message(void)
{
    return error_record ? hsf_error_message(error_record) : "";
}
