/* Plugin parameters: declared by the plugin, parsed and checked by the host.
 *
 * A plugin lists the keys it reads from its INI section in an hsf_param
 * table.  Before anything runs, the host checks every key of the section
 * against that table: unknown keys, values of the wrong type and values out
 * of range are reported with file:line.  The plugin then reads values with
 * the getters below, which return the value from the file (or from -s on the
 * command line) or the declared default. */
#ifndef HSFRAME_CONFIG_H
#define HSFRAME_CONFIG_H

#include <stddef.h>

#include <hsframe/error.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef enum hsf_param_type {
    HSF_PARAM_DOUBLE = 1,   /* one finite number */
    HSF_PARAM_INT = 2,      /* one integer (long) */
    HSF_PARAM_BOOL = 3,     /* true/false, yes/no, on/off, 1/0 */
    HSF_PARAM_STRING = 4,   /* any text */
    HSF_PARAM_VECTOR = 5    /* 1 to HSF_VECTOR_MAX finite numbers separated by spaces */
} hsf_param_type;

#define HSF_VECTOR_MAX 16

/* One declared parameter.  A table of them ends with an entry whose name is
 * NULL.  For DOUBLE, INT and every VECTOR element, values must lie in
 * [min, max]; set min = max = 0 for no range check.  A max of 1e300 or more
 * (a min of -1e300 or less) is no bound on that side: --help-config and
 * --help-plugin print it as inf (-inf), and any finite value passes it
 * (the host refuses inf and nan everywhere).  def is the default as it
 * would be written in the file, or NULL if the key is required. */
typedef struct hsf_param {
    const char *name;
    hsf_param_type type;
    const char *def;
    double min, max;
    const char *help;       /* one line: meaning and unit */
} hsf_param;

/* A plugin's view of its own INI section.  Opaque, owned by the host, valid
 * from the plugin's init until its fini. */
typedef struct hsf_config hsf_config;

/* Getters.  name must be declared in the plugin's hsf_param table with the
 * matching type; the value has already been checked by the host.  They return
 * the value, or for an undeclared name 0 / false / NULL (a programming error
 * that the tests of the plugin should catch). */
double hsf_config_double(const hsf_config *cfg, const char *name);
long hsf_config_int(const hsf_config *cfg, const char *name);
int hsf_config_bool(const hsf_config *cfg, const char *name);
/* The string, owned by cfg; NULL when the key is absent and has no default. */
const char *hsf_config_string(const hsf_config *cfg, const char *name);
/* Copies up to max numbers into out and returns how many the value has
 * (which may exceed max); 0 when absent with no default. */
int hsf_config_vector(const hsf_config *cfg, const char *name, double *out, int max);

/* Reads name as exactly dim lengths > 0 (a box's sides) into out, zeroing
 * the components beyond dim.  Returns 0, or -1 with err set by
 * hsf_config_error ("expected 3 side lengths for dim = 3, found 2"). */
int hsf_config_lengths(const hsf_config *cfg, const char *name, int dim, double out[3],
                       hsf_error *err);

/* 1 if the key was given in the file or on the command line, 0 if the value
 * comes from the default. */
int hsf_config_has(const hsf_config *cfg, const char *name);

/* Records an error about key name, prefixed with where it was set
 * ("billiards.ini:12: [boundary] size: ..." or "-s boundary.size: ..."),
 * and returns -1.  For a key that was not set, the section is named. */
int hsf_config_error(const hsf_config *cfg, hsf_error *err, const char *name,
                     const char *fmt, ...) HSF_PRINTF(4, 5);

/* The section's name, e.g. "boundary" or "output.final".  Owned by cfg. */
const char *hsf_config_section(const hsf_config *cfg);

/* Since ABI 1.5: the value of name taken as a file to read, as the host
 * takes particle files: as given when it is absolute or was set on the
 * command line (-s, relative to the current directory), else relative to
 * the configuration file's directory.  malloc'ed, the caller frees it;
 * NULL when the key is absent with no default, or out of memory. */
char *hsf_config_path(const hsf_config *cfg, const char *name);

#ifdef __cplusplus
}
#endif

#endif
