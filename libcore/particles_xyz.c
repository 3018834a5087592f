/* Extended XYZ as OVITO and ASE write it: N, a comment line of key=value
 * pairs whose Properties= names the columns (name:type:count, ...), then
 * one line per particle.  hsframe needs pos, velo (or vel), radius and mass
 * (or masses); color (R:3 in [0, 1] or I:3 in 0-255) and image (I:3,
 * periodic image counters) are used when present; any other column is
 * skipped. */
#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "error_private.h"
#include "particles_parse.h"

enum column_use { SKIP, POS, VEL, RADIUS, MASS, COLOR, IMAGE };

typedef struct column {
    enum column_use use;
    char type;          /* S, R, I or L */
    int count;
    char name[32];
} column;

#define MAX_COLUMNS 64

static enum column_use use_of(const char *name)
{
    static const struct { const char *name; enum column_use use; } known[] = {
        { "pos", POS }, { "velo", VEL }, { "vel", VEL }, { "radius", RADIUS },
        { "mass", MASS }, { "masses", MASS }, { "color", COLOR }, { "colour", COLOR },
        { "image", IMAGE },
    };
    for (size_t k = 0; k < sizeof known / sizeof known[0]; k++)
        if (!strcasecmp(name, known[k].name))
            return known[k].use;
    return SKIP;
}

/* The value of Properties= on the comment line, copied into buf. */
static const char *find_properties(const hsf_text *t, char *buf, size_t size)
{
    const char *p = t->line;
    while (p < t->end) {
        while (p < t->end && isspace((unsigned char)*p))
            p++;
        const char *key = p;
        while (p < t->end && *p != '=' && !isspace((unsigned char)*p))
            p++;
        size_t klen = (size_t)(p - key);
        if (p >= t->end || *p != '=')
            continue;
        p++;
        const char *val = p;
        if (*p == '"') {
            val = ++p;
            while (p < t->end && *p != '"')
                p++;
        } else {
            while (p < t->end && !isspace((unsigned char)*p))
                p++;
        }
        size_t vlen = (size_t)(p - val);
        if (p < t->end && *p == '"')
            p++;
        if (klen == 10 && !strncasecmp(key, "properties", 10) && vlen < size) {
            memcpy(buf, val, vlen);
            buf[vlen] = '\0';
            return buf;
        }
    }
    return NULL;
}

/* Parses "name:T:n:name:T:n..." into cols; returns the count or -1. */
static int parse_properties(const hsf_text *t, char *spec, column *cols, hsf_error *err)
{
    int n = 0;
    char *save = NULL;
    for (char *name = strtok_r(spec, ":", &save); name; name = strtok_r(NULL, ":", &save)) {
        char *type = strtok_r(NULL, ":", &save), *count = strtok_r(NULL, ":", &save);
        char *end = NULL;
        long c = count ? strtol(count, &end, 10) : 0;
        if (!type || !count || *end || c < 1 || c > 64 || strlen(type) != 1 ||
            !strchr("SRIL", type[0]))
            return hsf_text_error(t, NULL, err, "expected Properties=name:type:count:... with "
                                  "types S, R, I or L, found a bad entry at '%s'", name);
        if (n == MAX_COLUMNS)
            return hsf_text_error(t, NULL, err, "expected at most %d properties", MAX_COLUMNS);
        column *col = &cols[n++];
        col->use = use_of(name);
        col->type = type[0];
        col->count = (int)c;
        snprintf(col->name, sizeof col->name, "%s", name);
    }
    return n;
}

/* Checks that the columns hsframe needs are there with usable shapes. */
static int check_columns(const hsf_text *t, const column *cols, int n, int dim, hsf_error *err)
{
    static const char *const needed[] = { NULL, "pos", "velo", "radius", "mass" };
    int seen[7] = { 0 }, pos_count = 0;
    for (int k = 0; k < n; k++) {
        const column *c = &cols[k];
        if (c->use == SKIP)
            continue;
        int numeric = c->use == COLOR ? c->type == 'R' || c->type == 'I'
                    : c->use == IMAGE ? c->type == 'I'
                                      : c->type == 'R';
        int count_ok = c->use == POS || c->use == VEL ? c->count == 2 || c->count == 3
                     : c->use == COLOR || c->use == IMAGE ? c->count == 3
                                                          : c->count == 1;
        if (!numeric || !count_ok)
            return hsf_text_error(t, NULL, err, "property %s:%c:%d has an unexpected type or "
                                  "size", c->name, c->type, c->count);
        seen[c->use]++;
        if (c->use == POS)
            pos_count = c->count;
    }
    for (int u = POS; u <= MASS; u++)
        if (!seen[u])
            return hsf_text_error(t, NULL, err, "expected a %s property in Properties=, found "
                                  "none", needed[u]);
    for (int k = 0; k < n; k++)
        if (cols[k].use == VEL && cols[k].count != pos_count)
            return hsf_text_error(t, NULL, err, "expected velo with %d components like pos, "
                                  "found %d", pos_count, cols[k].count);
    if (dim == 3 && pos_count != 3)
        return hsf_text_error(t, NULL, err, "expected pos:R:3 for dim = 3, found pos:R:%d",
                              pos_count);
    return 0;
}

static int read_integer(hsf_text *t, const char *what, long lo, long hi, long *out,
                        hsf_error *err)
{
    const char *tok;
    size_t len = hsf_text_token(t, &tok);
    char *end;
    errno = 0;
    long v = len ? strtol(tok, &end, 10) : 0;
    if (!len || end != tok + len || errno || v < lo || v > hi)
        return hsf_text_error(t, tok, err, "expected %s (an integer %ld to %ld), found %s%.*s%s",
                              what, lo, hi, len ? "'" : "end of line", (int)(len > 40 ? 40 : len),
                              tok, len ? "'" : "");
    *out = v;
    return 0;
}

static int read_particle(hsf_text *t, const column *cols, int ncols, int dim, hsf_particle *p,
                         hsf_error *err)
{
    const char *radius_at = NULL, *mass_at = NULL, *tok;
    static const char *const axis[] = { "x", "y", "z" }, *const rgb[] = { "r", "g", "b" };
    char what[64];
    for (int k = 0; k < ncols; k++) {
        const column *c = &cols[k];
        for (int e = 0; e < c->count; e++) {
            const char *start = t->pos;
            while (start < t->end && isspace((unsigned char)*start))
                start++;
            double x = 0;
            long v = 0;
            snprintf(what, sizeof what, "%s%s%s", c->name, c->count > 1 ? " " : "",
                     c->count > 1 ? (c->use == COLOR ? rgb[e] : axis[e]) : "");
            switch (c->use) {
            case SKIP:
                if (!hsf_text_token(t, &tok))
                    return hsf_text_error(t, tok, err, "expected %s, found end of line", c->name);
                break;
            case POS:
            case VEL:
                if (hsf_text_number(t, what, &x, err))
                    return -1;
                if (dim == 2 && e == 2 && x != 0)
                    return hsf_text_error(t, start, err, "expected %s = 0 for dim = 2, found %g",
                                          what, x);
                (c->use == POS ? p->r : p->v)[e] = x;
                break;
            case RADIUS:
            case MASS:
                if (hsf_text_number(t, c->name, &x, err))
                    return -1;
                if (c->use == RADIUS)
                    p->radius = x, radius_at = start;
                else
                    p->mass = x, mass_at = start;
                break;
            case COLOR:
                if (c->type == 'R') {
                    if (hsf_text_number(t, c->name, &x, err))
                        return -1;
                    if (x < 0 || x > 1)
                        return hsf_text_error(t, start, err, "expected %s in [0, 1], found %g",
                                              c->name, x);
                    p->color[e] = (uint8_t)lround(255 * x);
                } else {
                    if (read_integer(t, c->name, 0, 255, &v, err))
                        return -1;
                    p->color[e] = (uint8_t)v;
                }
                break;
            case IMAGE:
                if (read_integer(t, c->name, -1000000000L, 1000000000L, &v, err))
                    return -1;
                p->image[e] = (int32_t)v;
                break;
            }
        }
    }
    size_t len = hsf_text_token(t, &tok);
    if (len)
        return hsf_text_error(t, tok, err, "expected end of line after the Properties columns, "
                              "found '%.*s'", (int)(len > 40 ? 40 : len), tok);
    return hsf_check_radius_mass(t, p, radius_at, mass_at, err);
}

int hsf_read_xyz(hsf_text *t, int dim, hsf_particle_set *out, hsf_error *err)
{
    size_t n;
    if (hsf_text_count(t, &n, err))
        return -1;
    char spec[4096];
    column cols[MAX_COLUMNS];
    if (!hsf_text_next_line(t) || !find_properties(t, spec, sizeof spec))
        return hsf_text_error(t, NULL, err, "expected a comment line with Properties=...");
    int ncols = parse_properties(t, spec, cols, err);
    if (ncols < 0 || check_columns(t, cols, ncols, dim, err) ||
        hsf_particle_set_alloc(out, n, dim, t->path, err))
        return -1;
    for (size_t i = 0; i < n; i++) {
        if (!hsf_text_next_content(t))
            return hsf_error_set(err, "%s:%u: expected %zu particles, found %zu", t->path,
                                 t->lineno, n, i);
        out->line[i] = t->lineno;
        if (read_particle(t, cols, ncols, dim, &out->p[i], err))
            return -1;
    }
    if (hsf_text_next_content(t)) {
        const char *tok;
        hsf_text_token(t, &tok);
        return hsf_text_error(t, tok, err, "expected end of file after %zu particles, found "
                              "more (a second frame is not read)", n);
    }
    return 0;
}
