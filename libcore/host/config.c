/* Configuration: INI parsing through inih, -s overrides, declared
 * parameters with type and range checks, and "did you mean" suggestions. */
#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include <ini.h>

#include "host/config_private.h"
#include "host/error_private.h"

/* ---- reading the file ---------------------------------------------------- */

/* Debian's inih is built without line numbers in the handler, so the reader
 * counts lines itself: inih calls it once per line and calls the handler for
 * that line before asking for the next one. */
typedef struct reader {
    FILE *f;
    int line;
    int too_long;       /* first line longer than inih's buffer, or 0 */
    hsf_config_file *cf;    /* where section headers are recorded */
    int no_memory;
} reader;

static const hsf_config_header *find_header(const hsf_config_file *cf, const char *section)
{
    for (size_t k = 0; k < cf->n_h; k++)
        if (!strcmp(cf->h[k].section, section))
            return &cf->h[k];
    return NULL;
}

/* A line that inih takes as a section header (at the start of the line,
 * after a byte-order mark on the first): its name and line, the first
 * time.  Inih calls the handler for keys only. */
static void note_header(reader *r, const char *buf)
{
    if (r->line == 1 && !strncmp(buf, "\xef\xbb\xbf", 3))
        buf += 3;
    const char *end = buf[0] == '[' ? strchr(buf, ']') : NULL;
    if (!end)
        return;
    char *name = strndup(buf + 1, (size_t)(end - buf - 1));
    hsf_config_file *cf = r->cf;
    if (name && find_header(cf, name)) {
        free(name);
        return;
    }
    if (name && cf->n_h == cf->cap_h) {
        size_t cap = cf->cap_h ? 2 * cf->cap_h : 16;
        hsf_config_header *h = realloc(cf->h, cap * sizeof *h);
        if (h)
            cf->h = h, cf->cap_h = cap;
    }
    if (!name || cf->n_h == cf->cap_h) {
        free(name);
        r->no_memory = 1;
        return;
    }
    cf->h[cf->n_h++] = (hsf_config_header){ .section = name, .line = r->line };
}

static char *read_line(char *buf, int size, void *stream)
{
    reader *r = stream;
    if (!fgets(buf, size, r->f))
        return NULL;
    r->line++;
    note_header(r, buf);
    size_t len = strlen(buf);
    if (len == (size_t)size - 1 && buf[len - 1] != '\n' && !feof(r->f)) {
        if (!r->too_long)
            r->too_long = r->line;
        int c;  /* skip the rest so that line numbers stay right */
        while ((c = fgetc(r->f)) != EOF && c != '\n')
            ;
    }
    return buf;
}

typedef struct load_state {
    hsf_config_file *cf;
    reader *rd;
    hsf_error *err;
    int failed;
} load_state;

static hsf_config_entry *find_entry(const hsf_config_file *cf, const char *section,
                                    const char *key)
{
    for (size_t i = 0; i < cf->n; i++)
        if (!strcmp(cf->e[i].section, section) && !strcmp(cf->e[i].key, key))
            return &cf->e[i];
    return NULL;
}

static int add_entry(hsf_config_file *cf, const char *section, const char *key,
                     const char *value, int line)
{
    if (cf->n == cf->cap) {
        size_t cap = cf->cap ? 2 * cf->cap : 32;
        hsf_config_entry *e = realloc(cf->e, cap * sizeof *e);
        if (!e)
            return -1;
        cf->e = e;
        cf->cap = cap;
    }
    hsf_config_entry *e = &cf->e[cf->n];
    *e = (hsf_config_entry){ .section = strdup(section), .key = strdup(key),
                             .value = strdup(value), .line = line };
    if (!e->section || !e->key || !e->value) {
        free(e->section);
        free(e->key);
        free(e->value);
        return -1;
    }
    cf->n++;
    return 0;
}

static int on_key(void *user, const char *section, const char *key, const char *value)
{
    load_state *st = user;
    if (st->failed)
        return 1;
    int line = st->rd->line;
    const char *path = st->cf->path;
    if (!*section) {
        st->failed = 1;
        hsf_error_set(st->err, "%s:%d: expected a [section] header before '%s'",
                      path, line, key);
        return 1;
    }
    const hsf_config_entry *old = find_entry(st->cf, section, key);
    if (old) {
        st->failed = 1;
        hsf_error_set(st->err, "%s:%d: [%s] %s is set twice (first on line %d)%s",
                      path, line, section, key, old->line,
                      old->line == line - 1 || old->line == line
                          ? "; an indented line continues the value above it" : "");
        return 1;
    }
    if (add_entry(st->cf, section, key, value, line)) {
        st->failed = 1;
        hsf_error_set(st->err, "%s: out of memory", path);
    }
    return 1;
}

/* Reads the configuration from f (closed here), named path in messages,
 * relative paths taken from dir. */
static int load_stream(hsf_config_file *cf, const char *path, const char *dir, FILE *f,
                       hsf_error *err)
{
    memset(cf, 0, sizeof *cf);
    cf->path = strdup(path);
    cf->dir = dir ? strdup(dir) : NULL;
    if (!cf->path || !cf->dir || !f) {
        if (f)
            fclose(f);
        hsf_config_file_free(cf);
        return hsf_error_set(err, "%s: out of memory", path);
    }
    reader rd = { .f = f, .cf = cf };
    load_state st = { .cf = cf, .rd = &rd, .err = err };
    int bad = ini_parse_stream(read_line, &rd, on_key, &st);
    fclose(rd.f);
    if (!st.failed && rd.no_memory) {
        st.failed = 1;
        hsf_error_set(err, "%s: out of memory", path);
    }
    if (!st.failed && rd.too_long) {
        st.failed = 1;
        hsf_error_set(err, "%s:%d: line too long (at most %d characters)", path,
                      rd.too_long, INI_MAX_LINE - 2);
    }
    if (!st.failed && bad) {
        st.failed = 1;
        hsf_error_set(err, "%s:%d: expected '[section]', 'key = value' or a comment "
                      "(';' or '#')", path, bad);
    }
    if (st.failed) {
        hsf_config_file_free(cf);
        return -1;
    }
    return 0;
}

int hsf_config_load(hsf_config_file *cf, const char *path, hsf_error *err)
{
    FILE *f = fopen(path, "r");
    if (!f) {
        memset(cf, 0, sizeof *cf);
        return hsf_error_set(err, "%s: cannot open configuration: %s", path, strerror(errno));
    }
    const char *slash = strrchr(path, '/');
    char *dir = slash ? strndup(path, (size_t)(slash - path + 1)) : strdup("");
    int rc = load_stream(cf, path, dir, f, err);
    free(dir);
    return rc;
}

int hsf_config_load_text(hsf_config_file *cf, const char *name, const char *text,
                         hsf_error *err)
{
    /* fmemopen refuses an empty buffer in older C libraries: a newline
     * reads the same as nothing. */
    size_t len = strlen(text);
    FILE *f = len ? fmemopen((void *)text, len, "r") : fmemopen("\n", 1, "r");
    return load_stream(cf, name, "", f, err);
}

static char *trimmed(const char *s, size_t len)
{
    while (len && isspace((unsigned char)*s))
        s++, len--;
    while (len && isspace((unsigned char)s[len - 1]))
        len--;
    return strndup(s, len);
}

int hsf_config_override(hsf_config_file *cf, const char *assignment, hsf_error *err)
{
    const char *eq = strchr(assignment, '=');
    char *lhs = eq ? trimmed(assignment, (size_t)(eq - assignment)) : NULL;
    char *dot = lhs ? strrchr(lhs, '.') : NULL;
    if (!dot || dot == lhs || !dot[1]) {
        free(lhs);
        return hsf_error_set(err, "-s %s: expected SECTION.KEY=VALUE, e.g. "
                             "-s queue.plugin=binary_heap", assignment);
    }
    *dot = '\0';
    char *value = trimmed(eq + 1, strlen(eq + 1));
    int rc = 0;
    hsf_config_entry *e = find_entry(cf, lhs, dot + 1);
    if (!value) {
        rc = hsf_error_set(err, "out of memory");
    } else if (e) {
        free(e->value);
        e->value = value;
        e->line = 0;
        value = NULL;
    } else if (add_entry(cf, lhs, dot + 1, value, 0)) {
        rc = hsf_error_set(err, "out of memory");
    }
    free(value);
    free(lhs);
    return rc;
}

int hsf_config_derive(hsf_config_file *cf, const char *section, const char *key,
                      const char *value, hsf_error *err)
{
    if (find_entry(cf, section, key))
        return 0;
    return add_entry(cf, section, key, value, -1) ? hsf_error_set(err, "out of memory") : 0;
}

void hsf_config_file_free(hsf_config_file *cf)
{
    for (size_t i = 0; i < cf->n; i++) {
        free(cf->e[i].section);
        free(cf->e[i].key);
        free(cf->e[i].value);
    }
    free(cf->e);
    for (size_t k = 0; k < cf->n_h; k++)
        free(cf->h[k].section);
    free(cf->h);
    free(cf->path);
    free(cf->dir);
    memset(cf, 0, sizeof *cf);
}

const char *hsf_config_lookup(const hsf_config_file *cf, const char *section, const char *key)
{
    const hsf_config_entry *e = find_entry(cf, section, key);
    return e ? e->value : NULL;
}

const char **hsf_config_sections_with_prefix(const hsf_config_file *cf, const char *prefix)
{
    const char **list = calloc(cf->n + cf->n_h + 1, sizeof *list);
    if (!list)
        return NULL;
    size_t k = 0, plen = strlen(prefix);
    for (size_t i = 0; i < cf->n_h + cf->n; i++) {
        const char *s = i < cf->n_h ? cf->h[i].section : cf->e[i - cf->n_h].section;
        if (strncmp(s, prefix, plen))
            continue;
        size_t j = 0;
        while (j < k && strcmp(list[j], s))
            j++;
        if (j == k)
            list[k++] = s;
    }
    return list;
}

/* ---- values ------------------------------------------------------------ */

size_t hsf_edit_distance(const char *a, const char *b)
{
    size_t la = strlen(a), lb = strlen(b);
    size_t *row = malloc((lb + 1) * sizeof *row);
    if (!row)
        return (size_t)-1;
    for (size_t j = 0; j <= lb; j++)
        row[j] = j;
    for (size_t i = 1; i <= la; i++) {
        size_t diag = row[0];
        row[0] = i;
        for (size_t j = 1; j <= lb; j++) {
            size_t up = row[j];
            size_t cost = tolower((unsigned char)a[i - 1]) != tolower((unsigned char)b[j - 1]);
            size_t best = diag + cost;
            if (up + 1 < best)
                best = up + 1;
            if (row[j - 1] + 1 < best)
                best = row[j - 1] + 1;
            row[j] = best;
            diag = up;
        }
    }
    size_t d = row[lb];
    free(row);
    return d;
}

/* Parses one finite number that spans the whole of [s, end). */
static int parse_number(const char *s, const char **end, double *out)
{
    char *e;
    errno = 0;
    double x = strtod(s, &e);
    if (e == s || errno == ERANGE || !isfinite(x))
        return -1;
    *out = x;
    *end = e;
    return 0;
}

static int parse_double(const char *s, double *out)
{
    const char *e;
    if (parse_number(s, &e, out))
        return -1;
    while (isspace((unsigned char)*e))
        e++;
    return *e ? -1 : 0;
}

static int parse_long(const char *s, long *out)
{
    char *e;
    errno = 0;
    long x = strtol(s, &e, 10);
    if (e == s || errno)
        return -1;
    while (isspace((unsigned char)*e))
        e++;
    if (*e)
        return -1;
    *out = x;
    return 0;
}

static int parse_bool(const char *s, int *out)
{
    static const char *const yes[] = { "true", "yes", "on", "1" };
    static const char *const no[] = { "false", "no", "off", "0" };
    for (size_t i = 0; i < 4; i++) {
        if (!strcasecmp(s, yes[i]))
            return *out = 1, 0;
        if (!strcasecmp(s, no[i]))
            return *out = 0, 0;
    }
    return -1;
}

/* Returns the count of numbers in s (all of them, even beyond max), or -1
 * when something else is found; the first max go to out. */
static int parse_vector(const char *s, double *out, int max)
{
    int n = 0;
    for (;;) {
        while (isspace((unsigned char)*s) || *s == ',')
            s++;
        if (!*s)
            return n;
        double x;
        const char *e;
        if (parse_number(s, &e, &x))
            return -1;
        if (n < max)
            out[n] = x;
        n++;
        s = e;
        if (*s && !isspace((unsigned char)*s) && *s != ',')
            return -1;
    }
}

static const char *type_words(hsf_param_type t)
{
    switch (t) {
    case HSF_PARAM_DOUBLE: return "a number";
    case HSF_PARAM_INT: return "an integer";
    case HSF_PARAM_BOOL: return "true or false";
    case HSF_PARAM_STRING: return "a text";
    case HSF_PARAM_VECTOR: return "numbers separated by spaces";
    }
    return "a value";
}

/* A bound of 1e300 or beyond is no bound (config.h), as --help-config
 * prints it ("inf"). */
#define NO_BOUND 1e300

static int in_range(const hsf_param *p, double x)
{
    return p->min == p->max ||
           ((x >= p->min || p->min <= -NO_BOUND) && (x <= p->max || p->max >= NO_BOUND));
}

/* "a number from 0 to 1", "an integer >= 1", "numbers <= 5" (what, then
 * the range as in_range reads it) into buf. */
static void expected_range(char *buf, size_t size, const char *what, const hsf_param *p)
{
    if (p->max >= NO_BOUND)
        snprintf(buf, size, "%s >= %g", what, p->min);
    else if (p->min <= -NO_BOUND)
        snprintf(buf, size, "%s <= %g", what, p->max);
    else
        snprintf(buf, size, "%s from %g to %g", what, p->min, p->max);
}

/* Checks value against p; on failure writes "expected ..., found ..." into
 * why. */
static int check_value(const hsf_param *p, const char *value, char *why, size_t size)
{
    double x, v[HSF_VECTOR_MAX];
    long l;
    int b, n;
    char range[96];
    switch (p->type) {
    case HSF_PARAM_DOUBLE:
        if (parse_double(value, &x))
            break;
        if (!in_range(p, x)) {
            expected_range(range, sizeof range, "a number", p);
            snprintf(why, size, "expected %s, found '%s'", range, value);
            return -1;
        }
        return 0;
    case HSF_PARAM_INT:
        if (parse_long(value, &l))
            break;
        if (!in_range(p, (double)l)) {
            expected_range(range, sizeof range, "an integer", p);
            snprintf(why, size, "expected %s, found '%s'", range, value);
            return -1;
        }
        return 0;
    case HSF_PARAM_BOOL:
        if (parse_bool(value, &b))
            break;
        return 0;
    case HSF_PARAM_STRING:
        return 0;
    case HSF_PARAM_VECTOR:
        n = parse_vector(value, v, HSF_VECTOR_MAX);
        if (n < 1)
            break;
        if (n > HSF_VECTOR_MAX) {
            snprintf(why, size, "expected at most %d numbers, found %d", HSF_VECTOR_MAX, n);
            return -1;
        }
        for (int i = 0; i < n; i++)
            if (!in_range(p, v[i])) {
                expected_range(range, sizeof range, "numbers", p);
                snprintf(why, size, "expected %s, found '%s'", range, value);
                return -1;
            }
        return 0;
    }
    snprintf(why, size, "expected %s, found '%s'", type_words(p->type), value);
    return -1;
}

/* ---- binding sections to their parameters ------------------------------ */

static const hsf_param *find_param(const hsf_param *table, const char *name)
{
    for (const hsf_param *p = table; p && p->name; p++)
        if (!strcmp(p->name, name))
            return p;
    return NULL;
}

static const hsf_param *param_of(const hsf_config *cfg, const char *name)
{
    const hsf_param *p = find_param(cfg->host_params, name);
    return p ? p : find_param(cfg->plugin_params, name);
}

/* Writes where an entry was set: "file:line" or "-s section.key". */
static void where(const hsf_config_file *cf, const hsf_config_entry *e, char *buf, size_t size)
{
    if (e->line > 0)
        snprintf(buf, size, "%s:%d", cf->path, e->line);
    else if (e->line < 0)
        snprintf(buf, size, "%s: [%s] %s derived from [init]", cf->path, e->section, e->key);
    else
        snprintf(buf, size, "-s %s.%s", e->section, e->key);
}

/* Where a section is, for a message about it as a whole: "file:line" of
 * its header; else, for one that only -s made, "-s section.key" of its
 * first key; else the file. */
static void section_where(const hsf_config_file *cf, const char *section, char *buf,
                          size_t size)
{
    const hsf_config_header *h = find_header(cf, section);
    if (h) {
        snprintf(buf, size, "%s:%d", cf->path, h->line);
        return;
    }
    for (size_t i = 0; i < cf->n; i++)
        if (!strcmp(cf->e[i].section, section) && cf->e[i].line == 0) {
            snprintf(buf, size, "-s %s.%s", section, cf->e[i].key);
            return;
        }
    snprintf(buf, size, "%s", cf->path);
}

/* For a section that only -s made: " (did you mean [x]?)" naming a
 * section of the file whose name is close, else "". */
static void made_by_typo(const hsf_config_file *cf, const char *section, char *buf, size_t size)
{
    buf[0] = '\0';
    if (find_header(cf, section))
        return;
    size_t best_d = (size_t)-1, limit = strlen(section) / 3 + 1;
    for (size_t k = 0; k < cf->n_h; k++) {
        size_t d = hsf_edit_distance(section, cf->h[k].section);
        if (d && d < best_d && d <= limit) {
            best_d = d;
            snprintf(buf, size, " (did you mean [%s]?)", cf->h[k].section);
        }
    }
}

int hsf_config_missing(const hsf_config_file *cf, const char *section, const char *key,
                       const char *why, hsf_error *err)
{
    char at[512], typo[512];
    section_where(cf, section, at, sizeof at);
    made_by_typo(cf, section, typo, sizeof typo);
    return hsf_error_set(err, "%s: [%s]%s needs the key '%s' (%s)", at, section, typo, key, why);
}

/* Appends the closest declared name to msg as " (did you mean 'x'?)". */
static const char *closest_param(const hsf_param *a, const hsf_param *b, const char *key)
{
    const char *best = NULL;
    size_t best_d = (size_t)-1, len = strlen(key);
    const hsf_param *tables[2] = { a, b };
    for (int t = 0; t < 2; t++)
        for (const hsf_param *p = tables[t]; p && p->name; p++) {
            size_t d = hsf_edit_distance(key, p->name);
            if (d < best_d) {
                best_d = d;
                best = p->name;
            }
        }
    size_t limit = len < 4 ? 1 : len / 3 + 1;
    return best_d <= limit ? best : NULL;
}

static void list_params(const hsf_param *a, const hsf_param *b, char *buf, size_t size)
{
    size_t used = 0;
    buf[0] = '\0';
    const hsf_param *tables[2] = { a, b };
    for (int t = 0; t < 2; t++)
        for (const hsf_param *p = tables[t]; p && p->name && used < size; p++)
            used += (size_t)snprintf(buf + used, size - used, "%s%s", used ? ", " : "",
                                     p->name);
}

static int bind_section(const hsf_config_file *cf, const char *section,
                        const hsf_param *host_params, const hsf_param *plugin_params,
                        const hsf_config *fallback, hsf_config *out, hsf_error *err)
{
    memset(out, 0, sizeof *out);
    char at[512], why[512], names[512];
    for (size_t i = 0; i < cf->n; i++) {
        hsf_config_entry *e = &cf->e[i];
        if (strcmp(e->section, section))
            continue;
        where(cf, e, at, sizeof at);
        const hsf_param *p = find_param(host_params, e->key);
        if (!p)
            p = find_param(plugin_params, e->key);
        if (!p) {
            const char *guess = closest_param(host_params, plugin_params, e->key);
            list_params(host_params, plugin_params, names, sizeof names);
            if (guess)
                return hsf_error_set(err, "%s: [%s] unknown key '%s' (did you mean '%s'?)",
                                     at, section, e->key, guess);
            return hsf_error_set(err, "%s: [%s] unknown key '%s'; this section takes: %s",
                                 at, section, e->key, names);
        }
        if (check_value(p, e->value, why, sizeof why))
            return hsf_error_set(err, "%s: [%s] %s: %s", at, section, e->key, why);
        e->claimed = 1;
    }
    const hsf_param *tables[2] = { host_params, plugin_params };
    for (int t = 0; t < 2 && !fallback; t++)
        for (const hsf_param *p = tables[t]; p && p->name; p++)
            if (!p->def && !find_entry(cf, section, p->name))
                return hsf_config_missing(cf, section, p->name,
                                          p->help ? p->help : type_words(p->type), err);
    out->file = cf;
    out->section = strdup(section);
    out->host_params = host_params;
    out->plugin_params = plugin_params;
    out->fallback = fallback;
    if (!out->section)
        return hsf_error_set(err, "out of memory");
    return 0;
}

int hsf_config_bind(const hsf_config_file *cf, const char *section,
                    const hsf_param *host_params, const hsf_param *plugin_params,
                    hsf_config *out, hsf_error *err)
{
    return bind_section(cf, section, host_params, plugin_params, NULL, out, err);
}

int hsf_config_bind_refining(const hsf_config_file *cf, const char *section,
                             const hsf_config *fallback, hsf_config *out, hsf_error *err)
{
    return bind_section(cf, section, fallback->host_params, fallback->plugin_params, fallback,
                        out, err);
}

void hsf_config_unbind(hsf_config *cfg)
{
    free(cfg->section);
    memset(cfg, 0, sizeof *cfg);
}

/* A known section is a name ("simulation") or a kind of names, written
 * with capitals after its first dot ("output.NAME", "interaction.A.B"):
 * any name with that prefix and something after it. */
static size_t kind_prefix(const char *known)
{
    const char *dot = strchr(known, '.');
    if (!dot || !dot[1])
        return 0;
    for (const char *c = dot + 1; *c; c++)
        if (!(*c >= 'A' && *c <= 'Z') && *c != '.')
            return 0;
    return (size_t)(dot - known) + 1;
}

static int is_known(const char *const *known, const char *section)
{
    for (const char *const *k = known; *k; k++) {
        size_t prefix = kind_prefix(*k);
        if (prefix ? !strncmp(section, *k, prefix) && section[prefix] : !strcmp(section, *k))
            return 1;
    }
    return 0;
}

/* The known section closest to section, into buf: a name, or for a kind
 * its prefix respelt with the rest of section kept ("ouput.final" ->
 * "output.final", "output" -> "output.NAME"); 0 when none is close. */
static int closest_section(const char *const *known, const char *section, char *buf,
                           size_t size)
{
    size_t best_d = (size_t)-1, limit = strlen(section) / 3 + 1;
    const char *dot = strchr(section, '.');
    for (const char *const *k = known; *k; k++) {
        size_t prefix = kind_prefix(*k), d;
        if (!prefix) {
            if ((d = hsf_edit_distance(section, *k)) < best_d) {
                best_d = d;
                snprintf(buf, size, "%s", *k);
            }
            continue;
        }
        /* The kind's head ("output") against section's part before its
         * first dot. */
        char head[256], mine[256];
        snprintf(head, sizeof head, "%.*s", (int)(prefix - 1), *k);
        snprintf(mine, sizeof mine, "%.*s", dot ? (int)(dot - section) : (int)strlen(section),
                 section);
        if ((d = hsf_edit_distance(mine, head)) < best_d) {
            best_d = d;
            snprintf(buf, size, "%s%s", head, dot && dot[1] ? dot : *k + prefix - 1);
        }
    }
    return best_d <= limit;
}

/* "unknown section [x]" with the closest known one, or the list of all. */
static int unknown_section(const hsf_config_file *cf, const char *section,
                           const char *const *known, hsf_error *err)
{
    char at[512], guess[512], list[1024];
    section_where(cf, section, at, sizeof at);
    if (closest_section(known, section, guess, sizeof guess))
        return hsf_error_set(err, "%s: unknown section [%s] (did you mean [%s]?)", at,
                             section, guess);
    size_t used = 0, n = 0;
    while (known[n])
        n++;
    list[0] = '\0';
    for (size_t k = 0; k < n && used < sizeof list; k++)
        used += (size_t)snprintf(list + used, sizeof list - used, "%s[%s]",
                                 k == 0 ? "" : k + 1 == n ? " and " : ", ", known[k]);
    return hsf_error_set(err, "%s: unknown section [%s]; sections are %s", at, section, list);
}

int hsf_config_check_sections(const hsf_config_file *cf, const char *const *known,
                              hsf_error *err)
{
    for (size_t i = 0; i < cf->n_h + cf->n; i++) {
        const char *s = i < cf->n_h ? cf->h[i].section : cf->e[i - cf->n_h].section;
        if (!is_known(known, s))
            return unknown_section(cf, s, known, err);
    }
    return 0;
}

int hsf_config_check_unclaimed(const hsf_config_file *cf, const char *const *known,
                               hsf_error *err)
{
    for (size_t i = 0; i < cf->n; i++)
        if (!cf->e[i].claimed)
            return unknown_section(cf, cf->e[i].section, known, err);
    return 0;
}

/* ---- getters for plugins ----------------------------------------------- */

/* The value of name: from the file or -s, else the default; NULL if the
 * name is undeclared or has neither. */
static const char *value_of(const hsf_config *cfg, const char *name, const hsf_param **pp)
{
    if (!cfg)
        return NULL;
    const hsf_param *p = param_of(cfg, name);
    if (pp)
        *pp = p;
    if (!p)
        return NULL;
    const hsf_config_entry *e = find_entry(cfg->file, cfg->section, name);
    if (!e && cfg->fallback)
        return value_of(cfg->fallback, name, pp);
    return e ? e->value : p->def;
}

char *hsf_config_path(const hsf_config *cfg, const char *name)
{
    const char *p = value_of(cfg, name, NULL);
    if (!p)
        return NULL;
    /* The section that sets it (a pair section may take it from its fallback). */
    const hsf_config *where = cfg;
    while (where->fallback && !find_entry(where->file, where->section, name))
        where = where->fallback;
    const char *dir = where->file->dir ? where->file->dir : "";
    if (p[0] == '/' || hsf_config_from_command_line(where->file, where->section, name))
        dir = "";
    size_t len = strlen(dir) + strlen(p) + 1;
    char *full = malloc(len);
    if (full)
        snprintf(full, len, "%s%s", dir, p);
    return full;
}

double hsf_config_double(const hsf_config *cfg, const char *name)
{
    const char *s = value_of(cfg, name, NULL);
    double x = 0;
    return s && !parse_double(s, &x) ? x : 0;
}

long hsf_config_int(const hsf_config *cfg, const char *name)
{
    const char *s = value_of(cfg, name, NULL);
    long x = 0;
    return s && !parse_long(s, &x) ? x : 0;
}

int hsf_config_bool(const hsf_config *cfg, const char *name)
{
    const char *s = value_of(cfg, name, NULL);
    int x = 0;
    return s && !parse_bool(s, &x) ? x : 0;
}

const char *hsf_config_string(const hsf_config *cfg, const char *name)
{
    return value_of(cfg, name, NULL);
}

int hsf_config_vector(const hsf_config *cfg, const char *name, double *out, int max)
{
    const char *s = value_of(cfg, name, NULL);
    int n = s ? parse_vector(s, out, max) : 0;
    return n < 0 ? 0 : n;
}

int hsf_config_lengths(const hsf_config *cfg, const char *name, int dim, double out[3],
                       hsf_error *err)
{
    double v[HSF_VECTOR_MAX];
    int n = hsf_config_vector(cfg, name, v, HSF_VECTOR_MAX);
    if (n != dim)
        return hsf_config_error(cfg, err, name, "expected %d side lengths for dim = %d, "
                                "found %d", dim, dim, n);
    for (int a = 0; a < 3; a++) {
        if (a < dim && !(v[a] > 0))
            return hsf_config_error(cfg, err, name, "expected side lengths > 0, found %g",
                                    v[a]);
        out[a] = a < dim ? v[a] : 0;
    }
    return 0;
}

int hsf_config_has(const hsf_config *cfg, const char *name)
{
    return cfg && param_of(cfg, name) &&
           (find_entry(cfg->file, cfg->section, name) || hsf_config_has(cfg->fallback, name));
}

int hsf_config_error(const hsf_config *cfg, hsf_error *err, const char *name,
                     const char *fmt, ...)
{
    char msg[1024], at[512];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    const hsf_config_entry *e = cfg ? find_entry(cfg->file, cfg->section, name) : NULL;
    if (!e && cfg && cfg->fallback && hsf_config_has(cfg->fallback, name))
        return hsf_config_error(cfg->fallback, err, name, "%s (for [%s])", msg, cfg->section);
    if (e) {
        where(cfg->file, e, at, sizeof at);
        return hsf_error_set(err, "%s: [%s] %s: %s", at, cfg->section, name, msg);
    }
    if (cfg) {
        section_where(cfg->file, cfg->section, at, sizeof at);
        return hsf_error_set(err, "%s: [%s] %s: %s", at, cfg->section, name, msg);
    }
    return hsf_error_set(err, "%s: %s", name, msg);
}

void hsf_config_where(const hsf_config_file *cf, const char *section, const char *key,
                      char *buf, size_t size)
{
    const hsf_config_entry *e = find_entry(cf, section, key);
    if (e)
        where(cf, e, buf, size);
    else
        section_where(cf, section, buf, size);
}

const char *hsf_config_section(const hsf_config *cfg)
{
    return cfg ? cfg->section : "";
}

int hsf_config_from_command_line(const hsf_config_file *cf, const char *section,
                                 const char *key)
{
    const hsf_config_entry *e = find_entry(cf, section, key);
    return e && e->line == 0;
}

static int compare_lines(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

char *hsf_config_canonical(const hsf_config_file *cf, const char *skip)
{
    char **lines = calloc(cf->n + 1, sizeof *lines);
    size_t count = 0, total = 1;
    int failed = !lines;
    for (size_t i = 0; !failed && i < cf->n; i++) {
        const hsf_config_entry *e = &cf->e[i];
        if (skip && !strcmp(e->section, skip))
            continue;
        size_t len = strlen(e->section) + strlen(e->key) + strlen(e->value) + 6;
        if (!(lines[count] = malloc(len)))
            failed = 1;
        else
            total += (size_t)snprintf(lines[count++], len, "%s.%s = %s\n", e->section, e->key,
                                      e->value);
    }
    char *text = failed ? NULL : malloc(total);
    if (text) {
        qsort(lines, count, sizeof *lines, compare_lines);
        text[0] = '\0';
        for (size_t k = 0, at = 0; k < count; k++) {
            size_t len = strlen(lines[k]);
            memcpy(text + at, lines[k], len + 1);
            at += len;
        }
    }
    for (size_t k = 0; lines && k < count; k++)
        free(lines[k]);
    free(lines);
    return text;
}
