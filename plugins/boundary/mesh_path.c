/* The configuration file's directory, for relative input paths
 * (mesh_path.h).
 *
 * The plugin interface tells a plugin where a key was set only through
 * hsf_config_error, which writes "dir/run.ini:12: [boundary] file: ..."
 * for a key set in the file and "-s boundary.file: ..." for one set on
 * the command line; the directory is read back from that prefix. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "mesh_path.h"

static char *joined(const char *dir, size_t len, const char *name)
{
    char *p = malloc(len + strlen(name) + 1);
    if (p) {
        memcpy(p, dir, len);
        strcpy(p + len, name);
    }
    return p;
}

char *mesh_input_path(const hsf_config *cfg, const char *key, hsf_error *err)
{
    const char *name = hsf_config_string(cfg, key);
    if (!name || !name[0]) {
        hsf_config_error(cfg, err, key, "expected a file name, found nothing");
        return NULL;
    }
    if (name[0] == '/')
        return joined("", 0, name);
    hsf_error *where = hsf_error_new();
    if (!where) {
        hsf_error_set(err, "out of memory");
        return NULL;
    }
    hsf_config_error(cfg, where, key, "%s", "");
    const char *msg = hsf_error_message(where);
    char tail[256];
    snprintf(tail, sizeof tail, ": [%s] %s: ", hsf_config_section(cfg), key);
    size_t n = strlen(msg), t = strlen(tail);
    char *path = NULL;
    if (!strncmp(msg, "-s ", 3)) {
        path = joined("", 0, name);     /* from the command line: the current directory */
    } else if (n > t && !strcmp(msg + n - t, tail)) {
        /* "file:line": the file's directory, up to its last slash. */
        size_t end = n - t;
        while (end > 0 && msg[end - 1] >= '0' && msg[end - 1] <= '9')
            end--;
        if (end > 0 && msg[end - 1] == ':')
            end--;
        while (end > 0 && msg[end - 1] != '/')
            end--;
        path = joined(msg, end, name);
    } else {
        hsf_error_free(where);
        hsf_config_error(cfg, err, key, "cannot tell the configuration file's directory "
                         "(its path is too long?): give an absolute path");
        return NULL;
    }
    hsf_error_free(where);
    if (!path)
        hsf_error_set(err, "out of memory");
    return path;
}
