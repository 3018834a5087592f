/* Extended XYZ as OVITO and ASE write it: N, a comment line of key=value
 * pairs whose Properties= names the columns (name:type:count:...), then
 * one line per particle.  hsframe needs pos, velo (or vel), radius and mass
 * (or masses); color (or colour) as R:3 in [0, 1] or I:3 in 0-255,
 * image (I:3, the periodic image counters hsframe itself writes) and
 * species (S:1, names told apart by the interaction models) are used when
 * present; any other column is skipped by its declared count. */
#define _POSIX_C_SOURCE 200809L

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "host/error_private.h"
#include "io/bonds.h"
#include "io/particles_parse.h"

enum use { SKIP, POS, VEL, RADIUS, MASS, COLOR, IMAGE, SPECIES, OMEGA, INERTIA, FIXED, NUSES };

typedef struct column {
    hsf_token name;         /* as written, for messages */
    hsf_token entry;        /* "name:type:count" */
    enum use use;
    char type;              /* S, R, I or L */
    int count;
} column;

#define MAX_COLUMNS 256
#define MAX_COUNT 1000      /* components of one property */
#define MAX_IMAGE 1000000000LL

typedef struct layout {
    column col[MAX_COLUMNS];
    int ncols;
    int fields;             /* tokens per particle line */
    const column *of[NUSES];
    hsf_particle_set *set;  /* where species names are collected */
} layout;

/* ---- the comment line ---- */

static const char *skip_blanks(const char *p, const char *end)
{
    while (p < end && hsf_is_blank(*p))
        p++;
    return p;
}

/* One key or value at *p: "quoted" (backslash escapes the next character,
 * quotes not part of the token) or bare up to a blank (or '=' for a key). */
static hsf_token scan_item(const char **p, const char *end, int is_key)
{
    const char *s = *p, *q = s;
    if (q < end && *q == '"') {
        s = ++q;
        while (q < end && *q != '"')
            q += *q == '\\' && q + 1 < end ? 2 : 1;
        *p = q < end ? q + 1 : end;
        return (hsf_token){ s, (size_t)(q - s) };
    }
    while (q < end && !hsf_is_blank(*q) && !(is_key && *q == '='))
        q++;
    *p = q;
    return (hsf_token){ s, (size_t)(q - s) };
}

int hsf_xyz_value(const hsf_cursor *c, const char *name, hsf_token *value)
{
    size_t name_len = strlen(name);
    const char *p = skip_blanks(c->line, c->end);
    while (p < c->end) {
        hsf_token key = scan_item(&p, c->end, 1), val = { p, 0 };
        p = skip_blanks(p, c->end);
        int has_value = p < c->end && *p == '=';
        if (has_value) {
            p = skip_blanks(p + 1, c->end);
            val = scan_item(&p, c->end, 0);
        }
        if (has_value && key.len == name_len && !strncasecmp(key.s, name, name_len)) {
            *value = val;
            return 1;
        }
        p = skip_blanks(p, c->end);
    }
    return 0;
}

/* ---- Properties=name:type:count:... ---- */

static int token_is(hsf_token t, const char *word)
{
    return t.len == strlen(word) && !strncasecmp(t.s, word, t.len);
}

static enum use use_of(hsf_token name)
{
    static const struct { const char *name; enum use use; } known[] = {
        { "pos", POS }, { "velo", VEL }, { "vel", VEL }, { "radius", RADIUS },
        { "mass", MASS }, { "masses", MASS }, { "color", COLOR }, { "colour", COLOR },
        { "image", IMAGE }, { "species", SPECIES }, { "omega", OMEGA },
        { "inertia", INERTIA }, { "fixed", FIXED },
    };
    for (size_t k = 0; k < sizeof known / sizeof known[0]; k++)
        if (token_is(name, known[k].name))
            return known[k].use;
    return SKIP;
}

/* The next ':'-separated field of [*p, end). */
static hsf_token next_field(const char **p, const char *end)
{
    const char *s = *p, *colon = memchr(s, ':', (size_t)(end - s));
    const char *e = colon ? colon : end;
    *p = colon ? colon + 1 : end;
    return (hsf_token){ s, (size_t)(e - s) };
}

/* A declared count, 1 to MAX_COUNT; 0 if not. */
static int parse_count(hsf_token t)
{
    int v = 0;
    for (size_t i = 0; i < t.len; i++) {
        if (t.s[i] < '0' || t.s[i] > '9' || (v = 10 * v + (t.s[i] - '0')) > MAX_COUNT)
            return 0;
    }
    return v;
}

static int parse_entry(const hsf_cursor *c, const char **p, const char *end, column *col,
                       hsf_error *err)
{
    const char *start = *p;
    col->name = next_field(p, end);
    hsf_token type = next_field(p, end), count = next_field(p, end);
    col->entry = (hsf_token){ start, (size_t)(count.s + count.len - start) };
    char t = type.len == 1 ? (char)(type.s[0] & ~0x20) : 0;     /* upper case */
    col->count = parse_count(count);
    if (!col->name.len || !t || !strchr("SRIL", t) || !col->count)
        return hsf_cursor_expected(c, col->entry, err,
                                   "name:type:count in Properties (type S, R, I or L)");
    col->type = t;
    col->use = use_of(col->name);
    return 0;
}

/* What a known property must look like, or NULL if col does. */
static const char *bad_shape(const column *col)
{
    switch (col->use) {
    case POS:
    case VEL:
        return col->type == 'R' && (col->count == 2 || col->count == 3) ? NULL : "R:2 or R:3";
    case RADIUS:
    case MASS:
        return col->type == 'R' && col->count == 1 ? NULL : "R:1";
    case COLOR:
        return (col->type == 'R' || col->type == 'I') && col->count == 3 ? NULL
                                                                         : "R:3 or I:3";
    case IMAGE:
        return col->type == 'I' && col->count == 3 ? NULL : "I:3";
    case SPECIES:
        return col->type == 'S' && col->count == 1 ? NULL : "S:1";
    case OMEGA:
        return col->type == 'R' && (col->count == 1 || col->count == 3) ? NULL : "R:1 or R:3";
    case INERTIA:
        return col->type == 'R' && col->count == 1 ? NULL : "R:1";
    case FIXED:
        return (col->type == 'I' || col->type == 'L') && col->count == 1 ? NULL : "I:1 or L:1";
    default:
        return NULL;
    }
}

static int add_column(const hsf_cursor *c, layout *l, const column *col, hsf_error *err)
{
    const char *shape = bad_shape(col);
    if (shape)
        return hsf_cursor_expected(c, col->entry, err, "%.*s as %s", (int)col->name.len,
                                   col->name.s, shape);
    static const char *const quantity[NUSES] = {
        [POS] = "position", [VEL] = "velocity", [RADIUS] = "radius", [MASS] = "mass",
        [COLOR] = "colour", [IMAGE] = "image", [SPECIES] = "species",
        [OMEGA] = "angular velocity", [INERTIA] = "moment of inertia", [FIXED] = "fixed",
    };
    const column *first = col->use != SKIP ? l->of[col->use] : NULL;
    if (first)
        return hsf_cursor_expected(c, col->entry, err, "no second %s property after '%.*s'",
                                   quantity[col->use], (int)first->entry.len, first->entry.s);
    if (l->ncols == MAX_COLUMNS)
        return hsf_cursor_expected(c, col->entry, err, "at most %d properties", MAX_COLUMNS);
    l->col[l->ncols] = *col;
    if (col->use != SKIP)
        l->of[col->use] = &l->col[l->ncols];
    l->ncols++;
    l->fields += col->count;
    return 0;
}

/* Checks what hsframe needs is there and fits dim; at points into the
 * Properties value. */
static int check_layout(const hsf_cursor *c, const layout *l, int dim, const char *at,
                        hsf_error *err)
{
    static const char *const wanted[NUSES] = {
        [POS] = "a position property (pos:R:2 or pos:R:3)",
        [VEL] = "a velocity property (velo or vel, R:2 or R:3)",
        [RADIUS] = "a radius property (radius:R:1)",
        [MASS] = "a mass property (mass or masses, R:1)",
    };
    for (int u = POS; u <= MASS; u++)
        if (!l->of[u])
            return hsf_cursor_error(c, at, err, "expected %s in Properties, found none",
                                    wanted[u]);
    const column *pos = l->of[POS], *vel = l->of[VEL];
    if (dim == 3 && pos->count != 3)
        return hsf_cursor_expected(c, pos->entry, err, "%.*s:R:3 for dim = 3",
                                   (int)pos->name.len, pos->name.s);
    if (vel->count != pos->count)
        return hsf_cursor_expected(c, vel->entry, err, "%.*s:R:%d like %.*s",
                                   (int)vel->name.len, vel->name.s, pos->count,
                                   (int)pos->name.len, pos->name.s);
    const column *omega = l->of[OMEGA];
    if (omega && dim == 3 && omega->count != 3)
        return hsf_cursor_expected(c, omega->entry, err, "omega:R:3 for dim = 3");
    return 0;
}

static int read_layout(const hsf_cursor *c, int dim, layout *l, hsf_error *err)
{
    hsf_token spec;
    if (!hsf_xyz_value(c, "properties", &spec))
        return hsf_cursor_error(c, NULL, err, "expected a comment line with Properties=..., "
                                "found none");
    memset(l, 0, sizeof *l);
    const char *p = spec.s, *end = spec.s + spec.len;
    while (p < end) {
        column col;
        if (parse_entry(c, &p, end, &col, err) || add_column(c, l, &col, err))
            return -1;
    }
    return check_layout(c, l, dim, spec.s, err);
}

/* ---- particle lines ---- */

/* "pos z", "color r", "radius", "tag 4": component e of col, for messages. */
static void label(const column *col, int e, char *buf, size_t size)
{
    int len = col->name.len > 64 ? 64 : (int)col->name.len;
    if (col->count == 1)
        snprintf(buf, size, "%.*s", len, col->name.s);
    else if (col->use == COLOR)
        snprintf(buf, size, "%.*s %c", len, col->name.s, "rgb"[e]);
    else if (col->use != SKIP)
        snprintf(buf, size, "%.*s %c", len, col->name.s, "xyz"[e]);
    else
        snprintf(buf, size, "%.*s %d", len, col->name.s, e + 1);
}

static int field_error(const hsf_cursor *c, const column *col, int e, hsf_token tok,
                       hsf_error *err, const char *what)
{
    char name[80];
    label(col, e, name, sizeof name);
    return hsf_cursor_expected(c, tok, err, "%s%s", name, what);
}

static int number_field(const hsf_cursor *c, const column *col, int e, hsf_token tok, double *x,
                        hsf_error *err)
{
    const char *why = hsf_parse_number(tok, x);
    if (!why)
        return 0;
    return field_error(c, col, e, tok, err, !strcmp(why, "a number") ? " (a number)"
                                                                     : " (a finite number)");
}

/* Component e of pos or velo; in 2D a third one must be exactly 0. */
static int vector_field(const hsf_cursor *c, const column *col, int e, hsf_token tok, int dim,
                        double *v, hsf_error *err)
{
    double x;
    if (number_field(c, col, e, tok, &x, err))
        return -1;
    if (e >= dim && x != 0)
        return field_error(c, col, e, tok, err, " = 0 for dim = 2");
    if (e < dim)
        v[e] = x;
    return 0;
}

static int positive_field(const hsf_cursor *c, const column *col, hsf_token tok, double *x,
                          hsf_error *err)
{
    if (number_field(c, col, 0, tok, x, err))
        return -1;
    return *x > 0 ? 0 : field_error(c, col, 0, tok, err, " > 0");
}

static int colour_field(const hsf_cursor *c, const column *col, int e, hsf_token tok,
                        uint8_t *rgb, hsf_error *err)
{
    if (col->type == 'I')
        return hsf_parse_byte(tok, &rgb[e]) ? field_error(c, col, e, tok, err,
                                                          " (an integer 0-255)") : 0;
    double x;
    if (number_field(c, col, e, tok, &x, err))
        return -1;
    if (!(x >= 0 && x <= 1))
        return field_error(c, col, e, tok, err, " (a number in [0, 1])");
    rgb[e] = (uint8_t)lround(255 * x);
    return 0;
}

static int image_field(const hsf_cursor *c, const column *col, int e, hsf_token tok, int dim,
                       int32_t *image, hsf_error *err)
{
    long long v = 0;
    size_t i = tok.len && (tok.s[0] == '-' || tok.s[0] == '+');
    int ok = i < tok.len;
    for (; ok && i < tok.len; i++)
        ok = tok.s[i] >= '0' && tok.s[i] <= '9' && (v = 10 * v + (tok.s[i] - '0')) <= MAX_IMAGE;
    if (!ok)
        return field_error(c, col, e, tok, err, " (an integer from -1e9 to 1e9)");
    if (e < dim)
        image[e] = (int32_t)(tok.s[0] == '-' ? -v : v);
    return 0;
}

/* The species named tok: its index among the names seen so far, or a new
 * one. */
static int species_field(const hsf_cursor *c, const column *col, hsf_token tok,
                         hsf_particle_set *set, uint8_t *species, hsf_error *err)
{
    if (!tok.len)
        return field_error(c, col, 0, tok, err, "");
    for (unsigned k = 0; k < set->n_species; k++)
        if (strlen(set->species_name[k]) == tok.len &&
            !memcmp(set->species_name[k], tok.s, tok.len)) {
            *species = (uint8_t)k;
            return 0;
        }
    if (set->n_species == HSF_MAX_SPECIES)
        return field_error(c, col, 0, tok, err, " (at most 256 distinct species)");
    if (!set->species_name &&
        !(set->species_name = calloc(HSF_MAX_SPECIES, sizeof *set->species_name)))
        return hsf_error_set(err, "out of memory");
    if (!(set->species_name[set->n_species] = strndup(tok.s, tok.len)))
        return hsf_error_set(err, "out of memory");
    *species = (uint8_t)set->n_species++;
    return 0;
}

/* Component e of omega: about z alone (R:1) or a vector (R:3), whose x
 * and y must be 0 in 2D (a disc turns in its plane). */
static int omega_field(const hsf_cursor *c, const column *col, int e, hsf_token tok, int dim,
                       double *w, hsf_error *err)
{
    double x;
    if (number_field(c, col, e, tok, &x, err))
        return -1;
    if (col->count == 1) {
        w[2] = x;
        return 0;
    }
    if (dim == 2 && e < 2 && x != 0)
        return field_error(c, col, e, tok, err, " = 0 for dim = 2 (discs turn about z)");
    w[e] = x;
    return 0;
}

/* Whether a particle is fixed: 0 or 1, or for a logical column T or F
 * (True, False, any case). */
static int fixed_field(const hsf_cursor *c, const column *col, hsf_token tok, uint8_t *fixed,
                       hsf_error *err)
{
    static const char *const yes[] = { "1", "T", "True" }, *const no[] = { "0", "F", "False" };
    for (size_t k = 0; k < 3; k++) {
        if (token_is(tok, yes[k]) && (col->type == 'L' || k == 0)) {
            *fixed = 1;
            return 0;
        }
        if (token_is(tok, no[k]) && (col->type == 'L' || k == 0)) {
            *fixed = 0;
            return 0;
        }
    }
    return field_error(c, col, 0, tok, err, col->type == 'L' ? " (T or F)" : " (0 or 1)");
}

static int read_field(hsf_cursor *c, const layout *l, const column *col, int e, int dim,
                      hsf_particle *p, hsf_error *err)
{
    hsf_token tok = hsf_cursor_token(c);
    switch (col->use) {
    case POS:
        return vector_field(c, col, e, tok, dim, p->r, err);
    case VEL:
        return vector_field(c, col, e, tok, dim, p->v, err);
    case RADIUS:
        return positive_field(c, col, tok, &p->radius, err);
    case MASS:
        return positive_field(c, col, tok, &p->mass, err);
    case COLOR:
        return colour_field(c, col, e, tok, p->color, err);
    case IMAGE:
        return image_field(c, col, e, tok, dim, p->image, err);
    case SPECIES:
        return species_field(c, col, tok, l->set, &p->species, err);
    case OMEGA:
        return omega_field(c, col, e, tok, dim, &l->set->omega[3 * (p - l->set->p)], err);
    case INERTIA:
        return positive_field(c, col, tok, &l->set->inertia[p - l->set->p], err);
    case FIXED:
        return fixed_field(c, col, tok, &l->set->fixed[p - l->set->p], err);
    default:
        return tok.len ? 0 : field_error(c, col, e, tok, err, "");
    }
}

static int read_line(hsf_cursor *c, const void *ctx, int dim, hsf_particle *p, hsf_error *err)
{
    const layout *l = ctx;
    for (int k = 0; k < l->ncols; k++)
        for (int e = 0; e < l->col[k].count; e++)
            if (read_field(c, l, &l->col[k], e, dim, p, err))
                return -1;
    return hsf_cursor_line_end(c, l->fields, err);
}

int hsf_read_xyz(hsf_cursor *c, int dim, hsf_particle_set *out, hsf_error *err)
{
    size_t n;
    layout l;
    if (hsf_cursor_count(c, &n, err))
        return -1;
    if (!hsf_cursor_next_line(c))
        return hsf_cursor_error(c, c->end, err, "expected a comment line with Properties=..., "
                                "found end of file");
    if (read_layout(c, dim, &l, err))
        return -1;
    hsf_token bonds;
    if (hsf_xyz_value(c, "bonds", &bonds) &&
        hsf_parse_bonds(c, bonds.s, bonds.len, n, &out->bonds, &out->n_bonds, err))
        return -1;
    l.set = out;
    /* As many as the particle arrays (not the declared n: a wrong count
     * is found wrong before it can ask for too much). */
    size_t cap = hsf_particle_lines_bound(c, n, l.fields);
    if ((l.of[OMEGA] && !(out->omega = calloc(3 * (cap ? cap : 1), sizeof *out->omega))) ||
        (l.of[INERTIA] && !(out->inertia = calloc(cap ? cap : 1, sizeof *out->inertia))) ||
        (l.of[FIXED] && !(out->fixed = calloc(cap ? cap : 1, sizeof *out->fixed))))
        return hsf_error_set(err, "%s: out of memory for the spins of %zu particles", c->path,
                             cap);
    hsf_line_format format = { .min_tokens = l.fields, .read = read_line, .ctx = &l,
                               .eof_note = " (hsframe reads one frame)" };
    return hsf_read_particle_lines(c, n, dim, &format, out, err);
}
