/* Finding, loading and validating plugins (private to libhsframe). */
#ifndef HSF_PLUGIN_LOADER_H
#define HSF_PLUGIN_LOADER_H

#include <hsframe/plugin.h>

/* Directories searched for "NAME.so", in order. */
typedef struct hsf_plugin_path {
    char **dirs;
    size_t n;
} hsf_plugin_path;

/* A loaded plugin. */
typedef struct hsf_plugin {
    void *handle;                   /* from dlopen */
    const hsf_plugin_info *info;    /* validated descriptor, owned by the plugin */
    const void *vtable;             /* the host's copy of info->vtable, of the host's size:
                                       members newer than the plugin's minor are NULL
                                       (plugin_abi.c); call the plugin through this */
    char *file;                     /* the file loaded */
} hsf_plugin;

/* Builds the search path: the colon-separated cli_dirs (may be NULL), then
 * $HSFRAME_PLUGIN_PATH, then the plugin directories of the build tree the
 * running program is in, if any (found from its executable, so that a
 * moved tree uses its own), then the installed plugin
 * directory.  Returns 0 or -1 (out of memory) with err set. */
int hsf_plugin_path_init(hsf_plugin_path *pp, const char *cli_dirs, hsf_error *err);
void hsf_plugin_path_free(hsf_plugin_path *pp);

/* Loads the plugin spec (a name looked up in pp, or a path if it contains
 * '/' or ends in ".so") and checks that it is a valid plugin of the wanted
 * kind (0 accepts any kind).  Returns 0 and fills *out, or -1 with err set to
 * a message naming the file, what was expected and what to do. */
int hsf_plugin_open(const hsf_plugin_path *pp, const char *spec, int kind,
                    hsf_plugin *out, hsf_error *err);

/* hsf_plugin_open for the plugin named in [section] of cf (spec: its
 * value, or the default when the section gives none): a path is relative
 * to the configuration file's directory unless given with -s, and an
 * error says where the name was given (file:line). */
struct hsf_config_file;
int hsf_plugin_open_named(const hsf_plugin_path *pp, const struct hsf_config_file *cf,
                          const char *section, const char *spec, int kind, hsf_plugin *out,
                          hsf_error *err);

/* Unloads; p may be zeroed. */
void hsf_plugin_close(hsf_plugin *p);

/* Calls fn for every valid plugin found in pp (the first of each name),
 * in path order then by name.  Returns the number found. */
size_t hsf_plugin_each(const hsf_plugin_path *pp,
                       void (*fn)(const hsf_plugin *p, void *user), void *user);

/* The ABI minor that introduced kind ((unsigned)-1 for an unknown kind). */
unsigned hsf_plugin_kind_since(int kind);

/* A zeroed vtable of the host's size for kind, holding the bytes of vtable
 * that a plugin declaring minor has (plugin_abi.c): the one place that
 * knows which minor added which member.  Owned by the caller (free); NULL
 * when out of memory or the kind did not exist in that minor. */
void *hsf_plugin_vtable_copy(int kind, unsigned minor, const void *vtable);

/* Calls fn for every file NAME.so in pp that is not a valid plugin, with
 * the reason it cannot be loaded. */
void hsf_plugin_each_unloadable(const hsf_plugin_path *pp,
                                void (*fn)(const char *file, const char *why, void *user),
                                void *user);

/* Both in one pass over pp (--list-plugins): fn for every valid plugin as
 * hsf_plugin_each, bad for every file NAME.so that cannot be loaded, with
 * the reason (dlerror's, when dlopen refused it).  One pass, because a
 * library that one plugin brings in stays mapped: a second pass would load
 * a file that needs it, though the file cannot load on its own.  Either
 * callback may be NULL.  Returns the number of valid plugins. */
size_t hsf_plugin_list(const hsf_plugin_path *pp,
                       void (*fn)(const hsf_plugin *p, void *user),
                       void (*bad)(const char *file, const char *why, void *user), void *user);

/* "queue", "boundary", "output" or "unknown". */
const char *hsf_plugin_kind_name(int kind);

#endif
