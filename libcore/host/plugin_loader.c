/* Plugin loader: search path, dlopen, and validation of the descriptor
 * before any plugin code but the entry function runs. */
#include <dirent.h>
#include <dlfcn.h>
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <hsframe/boundary.h>
#include <hsframe/force.h>
#include <hsframe/output.h>
#include <hsframe/queue.h>
#include <hsframe/interaction.h>
#include <hsframe/thermostat.h>

#include "host/config_private.h"
#include "host/error_private.h"
#include "host/plugin_loader.h"

const char *hsf_plugin_kind_name(int kind)
{
    switch (kind) {
    case HSF_PLUGIN_QUEUE: return "queue";
    case HSF_PLUGIN_BOUNDARY: return "boundary";
    case HSF_PLUGIN_OUTPUT: return "output";
    case HSF_PLUGIN_INTERACTION: return "interaction";
    case HSF_PLUGIN_THERMOSTAT: return "thermostat";
    case HSF_PLUGIN_FORCE: return "force";
    }
    return "unknown";
}

/* ---- the search path ---------------------------------------------------- */

static int add_dir(hsf_plugin_path *pp, const char *dir, size_t len)
{
    char **d = realloc(pp->dirs, (pp->n + 1) * sizeof *d);
    if (!d)
        return -1;
    pp->dirs = d;
    if (!(d[pp->n] = strndup(dir, len)))
        return -1;
    pp->n++;
    return 0;
}

static int add_dirs(hsf_plugin_path *pp, const char *list)
{
    while (list && *list) {
        size_t len = strcspn(list, ":");
        if (len && add_dir(pp, list, len))
            return -1;
        list += len;
        if (*list == ':')
            list++;
    }
    return 0;
}

/* The plugin directories of the build tree the running program was built
 * in, if it runs from one: a build tree has plugins/KIND/.libs beside the
 * program, or beside its parent for a program in a subdirectory (tests/);
 * libtool's wrapper script runs the real binary from .libs/.  Found from
 * the executable, not from a path compiled in, so that a moved or copied
 * tree finds its own plugins.  Returns 0 or -1 (out of memory). */
static int add_build_tree(hsf_plugin_path *pp)
{
    static const char *const kinds[] = { "queue", "boundary", "output", "interaction",
                                         "thermostat", "force", NULL };
    char dir[PATH_MAX], sub[PATH_MAX + 64];
    ssize_t len = readlink("/proc/self/exe", dir, sizeof dir - 1);
    if (len <= 0)
        return 0;
    dir[len] = '\0';
    char *slash = strrchr(dir, '/');
    if (!slash)
        return 0;
    *slash = '\0';                     /* the program's directory */
    slash = strrchr(dir, '/');
    if (slash && !strcmp(slash + 1, ".libs"))
        *slash = '\0';
    for (int up = 0; up < 2 && dir[0]; up++) {
        int found = 0;
        for (const char *const *k = kinds; *k; k++) {
            struct stat st;
            snprintf(sub, sizeof sub, "%s/plugins/%s/.libs", dir, *k);
            if (!stat(sub, &st) && S_ISDIR(st.st_mode)) {
                if (add_dir(pp, sub, strlen(sub)))
                    return -1;
                found = 1;
            }
        }
        if (found || !(slash = strrchr(dir, '/')))
            return 0;
        *slash = '\0';
    }
    return 0;
}

int hsf_plugin_path_init(hsf_plugin_path *pp, const char *cli_dirs, hsf_error *err)
{
    memset(pp, 0, sizeof *pp);
    int bad = add_dirs(pp, cli_dirs) || add_dirs(pp, getenv("HSFRAME_PLUGIN_PATH")) ||
              add_build_tree(pp) || add_dirs(pp, HSF_PLUGINDIR);
    if (bad) {
        hsf_plugin_path_free(pp);
        return hsf_error_set(err, "out of memory");
    }
    return 0;
}

void hsf_plugin_path_free(hsf_plugin_path *pp)
{
    for (size_t i = 0; i < pp->n; i++)
        free(pp->dirs[i]);
    free(pp->dirs);
    memset(pp, 0, sizeof *pp);
}

/* ---- validation --------------------------------------------------------- */

/* The mandatory members of each kind's vtable, checked on the host's copy
 * (whose members newer than the plugin's minor are NULL) before use. */
static const char *missing_member(int kind, const void *vt)
{
    if (kind == HSF_PLUGIN_QUEUE) {
        const hsf_queue_type *q = vt;
        if (!q->init) return "init";
        if (!q->fini) return "fini";
        if (!q->push) return "push";
        if (!q->pop) return "pop";
        if (!q->peek) return "peek";
        if (!q->size) return "size";
        if ((q->index_init || q->index_set || q->index_remove || q->index_first)) {
            if (!q->index_init) return "index_init (the other index_ members are set)";
            if (!q->index_set) return "index_set (the other index_ members are set)";
            if (!q->index_remove) return "index_remove (the other index_ members are set)";
            if (!q->index_first) return "index_first (the other index_ members are set)";
        }
    } else if (kind == HSF_PLUGIN_BOUNDARY) {
        const hsf_boundary_type *b = vt;
        if (!b->init) return "init";
        if (!b->extent) return "extent";
        if (!b->volume) return "volume";
        if (!b->check) return "check";
        if (!b->next_hit && !b->first_hit) return "next_hit (or, since ABI 1.5, first_hit)";
        if (!b->collide) return "collide";
    } else if (kind == HSF_PLUGIN_OUTPUT) {
        const hsf_output_type *o = vt;
        if (!o->init) return "init";
        if (o->event_mask && !o->on_event) return "on_event (event_mask is not 0)";
    } else if (kind == HSF_PLUGIN_INTERACTION) {
        const hsf_interaction_type *t = vt;
        if (!t->rule) return "rule";
    } else if (kind == HSF_PLUGIN_THERMOSTAT) {
        const hsf_thermostat_type *t = vt;
        if (!t->init) return "init";
        if (!t->start) return "start";
        if (!t->fire) return "fire";
        if (!t->save != !t->restore) return "save and restore (both or neither)";
    } else if (kind == HSF_PLUGIN_FORCE) {
        const hsf_force_type *f = vt;
        if (!f->init) return "init";
        if (!f->compute) return "compute";
    }
    return NULL;
}

/* The file name without directory and ".so". */
static void base_name(const char *file, char *buf, size_t size)
{
    const char *slash = strrchr(file, '/');
    snprintf(buf, size, "%s", slash ? slash + 1 : file);
    size_t len = strlen(buf);
    if (len > 3 && !strcmp(buf + len - 3, ".so"))
        buf[len - 3] = '\0';
}

/* Refuses files that another user could have replaced. */
static int check_permissions(const char *file, hsf_error *err)
{
    struct stat st;
    char dir[PATH_MAX];
    if (stat(file, &st))
        return hsf_error_set(err, "plugin file %s: %s", file, strerror(errno));
    if (st.st_mode & S_IWOTH)
        return hsf_error_set(err, "plugin file %s is writable by every user, so anyone "
                             "could replace it: refusing to load it (chmod o-w %s)",
                             file, file);
    snprintf(dir, sizeof dir, "%s", file);
    char *slash = strrchr(dir, '/');
    if (slash)
        slash[slash == dir] = '\0';
    else
        snprintf(dir, sizeof dir, ".");
    if (!stat(dir, &st) && (st.st_mode & S_IWOTH) && !(st.st_mode & S_ISVTX))
        return hsf_error_set(err, "plugin directory %s is writable by every user, so "
                             "anyone could replace %s: refusing to load it (chmod o-w %s)",
                             dir, file, dir);
    return 0;
}

static int load_file(const char *file, int kind, hsf_plugin *out, hsf_error *err)
{
    if (check_permissions(file, err))
        return -1;
    /* RTLD_NODELETE: a module stays mapped after dlclose, so libraries it
     * brings in (cairo, SDL) keep their static data reachable and their
     * code symbolised until exit, instead of showing up as leaks of an
     * unknown module under LeakSanitizer. */
    void *h = dlopen(file, RTLD_NOW | RTLD_LOCAL | RTLD_NODELETE);
    if (!h)
        return hsf_error_set(err, "%s is not a loadable plugin: %s", file, dlerror());
    hsf_plugin_entry_fn entry;
    *(void **)&entry = dlsym(h, HSF_PLUGIN_ENTRY_SYMBOL);
    if (!entry) {
        dlclose(h);
        return hsf_error_set(err, "%s is not an hsframe plugin: it has no entry point %s "
                             "(define it with HSF_PLUGIN from <hsframe/plugin.h>)",
                             file, HSF_PLUGIN_ENTRY_SYMBOL);
    }
    const hsf_plugin_info *info = entry();
    char base[256];
    base_name(file, base, sizeof base);
    const char *why = NULL;
    if (!info)
        why = "its entry point returned no descriptor";
    if (why) {
        dlclose(h);
        return hsf_error_set(err, "%s: %s", file, why);
    }
    if (info->abi_major != HSF_ABI_MAJOR || info->abi_minor > HSF_ABI_MINOR) {
        hsf_error_set(err, "plugin %s was built for plugin ABI %u.%u, but this hsframe "
                      "provides ABI %d.%d: rebuild it against the installed hsframe "
                      "headers (pkg-config --cflags --libs hsframe)",
                      file, info->abi_major, info->abi_minor, HSF_ABI_MAJOR, HSF_ABI_MINOR);
        dlclose(h);
        return -1;
    }
    if (!info->name || strcmp(info->name, base)) {
        hsf_error_set(err, "plugin %s calls itself '%s', but its file is named %s.so: "
                      "rename the file or change the name given to HSF_PLUGIN",
                      file, info->name ? info->name : "(null)", base);
        dlclose(h);
        return -1;
    }
    if (kind && (int)info->kind != kind) {
        const char *is = hsf_plugin_kind_name((int)info->kind), *want = hsf_plugin_kind_name(kind);
        hsf_error_set(err, "plugin %s (%s) is a%s %s plugin, but a%s %s plugin is needed here",
                      info->name, file, strchr("aeiou", is[0]) ? "n" : "", is,
                      strchr("aeiou", want[0]) ? "n" : "", want);
        dlclose(h);
        return -1;
    }
    unsigned since = hsf_plugin_kind_since((int)info->kind);
    if (since == (unsigned)-1) {
        hsf_error_set(err, "plugin %s (%s) declares kind %u, which this hsframe (plugin ABI "
                      "%d.%d) does not know: rebuild it against the installed hsframe headers",
                      info->name, file, info->kind, HSF_ABI_MAJOR, HSF_ABI_MINOR);
        dlclose(h);
        return -1;
    }
    if (info->abi_minor < since) {
        hsf_error_set(err, "plugin %s (%s) is a %s plugin built for plugin ABI %u.%u, but %s "
                      "plugins came with ABI %d.%u: rebuild it against the installed hsframe "
                      "headers", info->name, file, hsf_plugin_kind_name((int)info->kind),
                      info->abi_major, info->abi_minor, hsf_plugin_kind_name((int)info->kind),
                      HSF_ABI_MAJOR, since);
        dlclose(h);
        return -1;
    }
    if (!info->vtable) {
        hsf_error_set(err, "plugin %s (%s) is incomplete: it has no vtable; fix the plugin",
                      info->name, file);
        dlclose(h);
        return -1;
    }
    void *vtable = hsf_plugin_vtable_copy((int)info->kind, info->abi_minor, info->vtable);
    if (!vtable) {
        dlclose(h);
        return hsf_error_set(err, "out of memory");
    }
    const char *member = missing_member((int)info->kind, vtable);
    if (member) {
        hsf_error_set(err, "plugin %s (%s) is incomplete: it has no %s; fix the plugin",
                      info->name, file, member);
        free(vtable);
        dlclose(h);
        return -1;
    }
    out->vtable = vtable;
    out->handle = h;
    out->info = info;
    if (!(out->file = strdup(file))) {
        hsf_plugin_close(out);
        return hsf_error_set(err, "out of memory");
    }
    return 0;
}

/* ---- lookup by name ------------------------------------------------------ */

static int is_file_spec(const char *spec)
{
    size_t len = strlen(spec);
    return strchr(spec, '/') || (len > 3 && !strcmp(spec + len - 3, ".so"));
}

/* The plugins of one kind, for suggestions: the close names when some are
 * close to the one asked for, else all of that kind. */
typedef struct suggestions {
    const char *want;
    int kind;
    char close[512], all[512];
} suggestions;

static void collect_name(const hsf_plugin *p, void *user)
{
    suggestions *s = user;
    if (s->kind && (int)p->info->kind != s->kind)
        return;
    size_t len = strlen(s->want), limit = len > 6 ? len / 3 : 2;
    char *list = hsf_edit_distance(s->want, p->info->name) <= limit ||
                 (len >= 3 && strstr(p->info->name, s->want)) ? s->close : s->all;
    size_t used = strlen(list);
    if (used < 400)
        snprintf(list + used, 512 - used, "%s'%s'", used ? ", " : "", p->info->name);
}

int hsf_plugin_open(const hsf_plugin_path *pp, const char *spec, int kind,
                    hsf_plugin *out, hsf_error *err)
{
    memset(out, 0, sizeof *out);
    if (is_file_spec(spec)) {
        if (access(spec, F_OK))
            return hsf_error_set(err, "plugin file %s: %s", spec, strerror(errno));
        return load_file(spec, kind, out, err);
    }
    char file[PATH_MAX];
    for (size_t i = 0; i < pp->n; i++) {
        snprintf(file, sizeof file, "%s/%s.so", pp->dirs[i], spec);
        if (!access(file, F_OK))
            return load_file(file, kind, out, err);
    }
    suggestions sug = { .want = spec, .kind = kind };
    hsf_plugin_each(pp, collect_name, &sug);
    const char *kname = kind ? hsf_plugin_kind_name(kind) : "";
    char hint[700];
    if (sug.close[0])
        snprintf(hint, sizeof hint, " (did you mean %s?)", sug.close);
    else if (sug.all[0])
        snprintf(hint, sizeof hint, " (the %s%splugins found: %s)", kname, kind ? " " : "",
                 sug.all);
    else
        snprintf(hint, sizeof hint, " (no %s%splugins found)", kname, kind ? " " : "");
    return hsf_error_set(err, "no %s%splugin named '%s'%s; for a plugin in another "
                         "directory, add the directory with --plugin-path DIR or "
                         "HSFRAME_PLUGIN_PATH, or give the path to its .so "
                         "(hsframe --list-plugins shows what is found where)",
                         kname, kind ? " " : "", spec, hint);
}

int hsf_plugin_open_named(const hsf_plugin_path *pp, const hsf_config_file *cf,
                          const char *section, const char *spec, int kind, hsf_plugin *out,
                          hsf_error *err)
{
    char at[512], *path = NULL;
    hsf_config_where(cf, section, "plugin", at, sizeof at);
    /* A path to a .so in the file is relative to the file's directory, as
     * particle files are; given with -s, to the current one. */
    if (is_file_spec(spec) && spec[0] != '/' && cf->dir[0] &&
        hsf_config_lookup(cf, section, "plugin") &&
        !hsf_config_from_command_line(cf, section, "plugin")) {
        if (!(path = malloc(strlen(cf->dir) + strlen(spec) + 1)))
            return hsf_error_set(err, "out of memory");
        strcat(strcpy(path, cf->dir), spec);
    }
    int rc = hsf_plugin_open(pp, path ? path : spec, kind, out, err);
    free(path);
    if (rc)
        return hsf_error_prefix(err, "%s: [%s] plugin = %s: ", at, section, spec);
    return 0;
}

void hsf_plugin_close(hsf_plugin *p)
{
    if (p->handle)
        dlclose(p->handle);
    free((void *)p->vtable);
    free(p->file);
    memset(p, 0, sizeof *p);
}

static int by_name(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

/* Every file NAME.so of the path: fn for the valid plugins (the first of
 * each name), bad for the others with the reason. */
static size_t each_file(const hsf_plugin_path *pp,
                        void (*fn)(const hsf_plugin *p, void *user),
                        void (*bad)(const char *file, const char *why, void *user), void *user)
{
    char **seen = NULL;
    size_t nseen = 0, count = 0;
    for (size_t i = 0; i < pp->n; i++) {
        DIR *d = opendir(pp->dirs[i]);
        if (!d)
            continue;
        char **names = NULL;
        size_t nn = 0;
        struct dirent *de;
        while ((de = readdir(d))) {
            size_t len = strlen(de->d_name);
            if (len <= 3 || strcmp(de->d_name + len - 3, ".so"))
                continue;
            char **grown = realloc(names, (nn + 1) * sizeof *grown);
            if (!grown)
                break;
            names = grown;
            if ((names[nn] = strdup(de->d_name)))
                nn++;
        }
        closedir(d);
        if (nn)
            qsort(names, nn, sizeof *names, by_name);
        for (size_t k = 0; k < nn; k++) {
            char file[PATH_MAX];
            snprintf(file, sizeof file, "%s/%s", pp->dirs[i], names[k]);
            hsf_plugin p;
            memset(&p, 0, sizeof p);
            int dup = 0;
            for (size_t s = 0; s < nseen; s++)
                dup |= !strcmp(seen[s], names[k]);
            hsf_error why;
            hsf_error_clear(&why);
            int failed = dup ? 0 : load_file(file, 0, &p, &why);
            if (failed && bad)
                bad(file, hsf_error_message(&why), user);
            if (!dup && !failed) {
                if (fn)
                    fn(&p, user);
                count++;
                hsf_plugin_close(&p);
                char **grown = realloc(seen, (nseen + 1) * sizeof *grown);
                if (grown) {
                    seen = grown;
                    seen[nseen++] = names[k];
                    names[k] = NULL;
                }
            }
            free(names[k]);
        }
        free(names);
    }
    for (size_t s = 0; s < nseen; s++)
        free(seen[s]);
    free(seen);
    return count;
}

size_t hsf_plugin_each(const hsf_plugin_path *pp,
                       void (*fn)(const hsf_plugin *p, void *user), void *user)
{
    return each_file(pp, fn, NULL, user);
}

void hsf_plugin_each_unloadable(const hsf_plugin_path *pp,
                                void (*fn)(const char *file, const char *why, void *user),
                                void *user)
{
    each_file(pp, NULL, fn, user);
}

size_t hsf_plugin_list(const hsf_plugin_path *pp,
                       void (*fn)(const hsf_plugin *p, void *user),
                       void (*bad)(const char *file, const char *why, void *user), void *user)
{
    return each_file(pp, fn, bad, user);
}
