/* Finding and loading queue plugins (plugin.h). */
#include <dirent.h>
#include <dlfcn.h>
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

/* The bytes of hsf_queue_type that a plugin of ABI minor `minor` defines:
 * the indexed members came in 1.1, index_prefetch in 1.2. */
static size_t vtable_size(unsigned minor)
{
    if (minor >= 2)
        return sizeof(hsf_queue_type);
    if (minor >= 1)
        return offsetof(hsf_queue_type, index_prefetch);
    return offsetof(hsf_queue_type, index_init);
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
    void *h = dlopen(path, RTLD_NOW | RTLD_LOCAL);
    if (!h) {
        snprintf(msg, len, "%s: cannot load: %s", path, dlerror());
        return -1;
    }
    hsf_plugin_entry_fn entry;
    *(void **)&entry = dlsym(h, HSF_PLUGIN_ENTRY_SYMBOL);
    const hsf_plugin_info *info = entry ? entry() : NULL;
    if (!info) {
        snprintf(msg, len, "%s: expected a plugin (symbol %s), found none", path,
                 HSF_PLUGIN_ENTRY_SYMBOL);
    } else if (info->abi_major != HSF_ABI_MAJOR || info->abi_minor > HSF_ABI_MINOR) {
        snprintf(msg, len, "%s: expected plugin ABI %d.0 to %d.%d, found %u.%u", path,
                 HSF_ABI_MAJOR, HSF_ABI_MAJOR, HSF_ABI_MINOR, info->abi_major, info->abi_minor);
    } else if (info->kind != HSF_PLUGIN_QUEUE || !info->vtable || !info->name) {
        snprintf(msg, len, "%s: expected a queue plugin, found kind %u", path, info->kind);
    } else {
        memcpy(&q->type, info->vtable, vtable_size(info->abi_minor));
        const hsf_queue_type *t = &q->type;
        if (!t->init || !t->fini || !t->push || !t->pop || !t->size || !t->state_size) {
            snprintf(msg, len, "%s: queue %s lacks init, fini, push, pop or size", path,
                     info->name);
        } else {
            /* Indexed only with all four members (queue.h). */
            if (!t->index_init || !t->index_set || !t->index_remove || !t->index_first)
                q->type.index_init = NULL;
            q->name = strdup(info->name);
            q->path = strdup(path);
            q->handle = h;
            if (q->name && q->path)
                return 0;
            snprintf(msg, len, "out of memory");
            free(q->name);
            free(q->path);
        }
    }
    dlclose(h);
    memset(q, 0, sizeof *q);
    return -1;
}

void qb_queue_free(qb_queue *q)
{
    if (q->handle)
        dlclose(q->handle);
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
