/* The configuration: an INI file plus -s overrides (private to libhsframe). */
#ifndef HSF_CONFIG_PRIVATE_H
#define HSF_CONFIG_PRIVATE_H

#include <hsframe/config.h>

/* One key = value with where it was set. */
typedef struct hsf_config_entry {
    char *section;
    char *key;
    char *value;
    int line;           /* line in the file, 0 when set with -s, -1 when derived from [init] */
    int claimed;        /* 1 once a bound section declared this key */
} hsf_config_entry;

/* A section header in the file: its first line, for messages about the
 * section as a whole, and so that a section without keys still counts. */
typedef struct hsf_config_header {
    char *section;
    int line;
} hsf_config_header;

/* Everything read from one configuration file. */
typedef struct hsf_config_file {
    char *path;         /* as given */
    char *dir;          /* directory of path, for relative particle files */
    hsf_config_entry *e;
    size_t n, cap;
    hsf_config_header *h;   /* each section's first header, in the file's order */
    size_t n_h, cap_h;
} hsf_config_file;

/* A section bound to the parameters that may appear in it: the host's own
 * keys and the plugin's (either table may be NULL). */
struct hsf_config {
    const hsf_config_file *file;
    char *section;
    const hsf_param *host_params;
    const hsf_param *plugin_params;
    const struct hsf_config *fallback;  /* where keys not set here are read, or NULL */
};

/* Reads path.  Returns 0, or -1 with err set ("path:line: ..."). */
int hsf_config_load(hsf_config_file *cf, const char *path, hsf_error *err);

/* The same from the text of a configuration (INI as a file holds it),
 * named name in messages ("name:line: ..."); relative paths are taken
 * from the current directory. */
int hsf_config_load_text(hsf_config_file *cf, const char *name, const char *text,
                         hsf_error *err);

/* Applies one "-s SECTION.KEY=VALUE" (the section is everything before the
 * last dot of the left-hand side).  Returns 0, or -1 with err set. */
int hsf_config_override(hsf_config_file *cf, const char *assignment, hsf_error *err);

void hsf_config_file_free(hsf_config_file *cf);

/* Sets section.key = value as derived by hsframe itself (messages say it
 * came from [init]) unless the key is already set.  Returns 0, or -1 with
 * err set when out of memory. */
int hsf_config_derive(hsf_config_file *cf, const char *section, const char *key,
                      const char *value, hsf_error *err);

/* Binds section to its parameter tables and checks every key set in it:
 * unknown keys (with a suggestion), wrong types, out-of-range values and
 * missing required keys.  Returns 0 and fills *out (free with
 * hsf_config_unbind), or -1 with err set. */
int hsf_config_bind(const hsf_config_file *cf, const char *section,
                    const hsf_param *host_params, const hsf_param *plugin_params,
                    hsf_config *out, hsf_error *err);
void hsf_config_unbind(hsf_config *cfg);

/* As hsf_config_bind with fallback's parameter tables, for a section that
 * refines another one ([interaction.A.B] of [interaction]): keys it does
 * not set read as in fallback (which must stay bound as long), and none
 * is required here.  Returns 0, or -1 with err set. */
int hsf_config_bind_refining(const hsf_config_file *cf, const char *section,
                             const hsf_config *fallback, hsf_config *out, hsf_error *err);

/* Before any section is bound: fails on the first key in a section that
 * is not among known (NULL-terminated: names, and kinds written with
 * capitals after the first dot, "output.NAME" for any [output.x]),
 * suggesting the closest ("ouput.final" -> output.final) or listing them
 * all, so that a misspelt section is named as such before the section it
 * was meant to be is found wanting.  Returns 0, or -1 with err set. */
int hsf_config_check_sections(const hsf_config_file *cf, const char *const *known,
                              hsf_error *err);

/* After all sections are bound: fails on any key in a section nobody bound
 * (e.g. a misspelt section name), suggesting the closest one among known
 * as hsf_config_check_sections does. */
int hsf_config_check_unclaimed(const hsf_config_file *cf, const char *const *known,
                               hsf_error *err);

/* The sections whose name starts with prefix, in order of first appearance
 * (a header without keys counts, so that [output.x] alone is not lost).
 * Returns a malloc'ed NULL-terminated array of pointers into cf (free only
 * the array), or NULL when out of memory. */
const char **hsf_config_sections_with_prefix(const hsf_config_file *cf, const char *prefix);

/* The raw value of section.key, or NULL. */
const char *hsf_config_lookup(const hsf_config_file *cf, const char *section, const char *key);

/* Every key set, as "section.key = value" lines in sorted order, without
 * the section skip (may be NULL): what a checkpoint compares on resume.
 * Returns a malloc'ed string, or NULL when out of memory. */
char *hsf_config_canonical(const hsf_config_file *cf, const char *skip);

/* Where section.key was set, for messages: "FILE:LINE", "-s SECTION.KEY",
 * or where the section is ("FILE:LINE" of its header, or the file's path)
 * when it is not set. */
void hsf_config_where(const hsf_config_file *cf, const char *section, const char *key,
                      char *buf, size_t size);

/* "FILE:LINE: [section] needs the key 'key' (why)", at the section's
 * header, or at the -s that made the section (then with the file's
 * section of a close name: "(did you mean [output.final]?)").  Returns -1
 * with err set. */
int hsf_config_missing(const hsf_config_file *cf, const char *section, const char *key,
                       const char *why, hsf_error *err);

/* Levenshtein distance, for "did you mean". */
size_t hsf_edit_distance(const char *a, const char *b);

/* 1 if section.key was set with -s (paths given there are relative to the
 * current directory, those in the file to the file's directory). */
int hsf_config_from_command_line(const hsf_config_file *cf, const char *section,
                                 const char *key);

#endif
