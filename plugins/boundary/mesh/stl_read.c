/* STL files, ASCII and binary, into a triangle soup (stl_read.h).
 *
 * Binary: an 80-byte header, a little-endian uint32 count N, then N records
 * of 50 bytes (12 little-endian floats: the normal and three corners, and a
 * 2-byte attribute).  ASCII: "solid name", then per triangle "facet normal
 * nx ny nz", "outer loop", three "vertex x y z", "endloop", "endfacet",
 * and "endsolid name"; keywords in any case, blank lines anywhere, several
 * solids one after the other. */
#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "stl_read.h"

void stl_soup_free(stl_soup *s)
{
    free(s->xyz);
    free(s->where);
    memset(s, 0, sizeof *s);
}

/* The whole file in memory (with a final '\0'), its size in *size. */
static char *slurp(const char *path, size_t *size, hsf_error *err)
{
    FILE *f = fopen(path, "rb");
    if (!f) {
        hsf_error_set(err, "%s: cannot open: %s", path, strerror(errno));
        return NULL;
    }
    size_t cap = 1 << 16, n = 0;
    char *buf = malloc(cap);
    for (;;) {
        if (!buf)
            break;
        n += fread(buf + n, 1, cap - n - 1, f);
        if (n < cap - 1)
            break;
        char *grown = realloc(buf, 2 * cap);
        if (!grown) {
            free(buf);
            buf = NULL;
            break;
        }
        buf = grown;
        cap *= 2;
    }
    int bad = ferror(f);
    fclose(f);
    if (!buf || bad) {
        free(buf);
        hsf_error_set(err, "%s: %s", path, bad ? "read error" : "out of memory");
        return NULL;
    }
    buf[n] = '\0';
    *size = n;
    return buf;
}

static int grow(stl_soup *s, size_t *cap, hsf_error *err, const char *path)
{
    if (s->n < *cap)
        return 0;
    size_t c = *cap ? 2 * *cap : 64;
    double *xyz = realloc(s->xyz, c * 9 * sizeof *xyz);
    if (xyz)
        s->xyz = xyz;
    long *where = realloc(s->where, c * sizeof *where);
    if (where)
        s->where = where;
    if (!xyz || !where)
        return hsf_error_set(err, "%s: out of memory", path);
    *cap = c;
    return 0;
}

/* ---- binary -------------------------------------------------------------- */

static uint32_t le32(const unsigned char *p)
{
    return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

static double le_float(const unsigned char *p)
{
    uint32_t u = le32(p);
    float f;
    memcpy(&f, &u, sizeof f);
    return f;
}

static int read_binary(const char *path, const unsigned char *b, size_t size, stl_soup *s,
                       hsf_error *err)
{
    if (size < 84)
        return hsf_error_set(err, "%s: byte %zu: truncated: expected an 80-byte header and a "
                             "4-byte triangle count (84 bytes), found %zu bytes", path, size,
                             size);
    uint32_t n = le32(b + 80);
    size_t want = 84 + 50 * (size_t)n;
    if (size < want)
        return hsf_error_set(err, "%s: byte %zu: truncated: expected %lu triangles (%zu bytes), "
                             "found %zu bytes", path, size, (unsigned long)n, want, size);
    if (size > want)
        return hsf_error_set(err, "%s: byte %zu: expected the end of the file after %lu "
                             "triangles, found %zu more bytes", path, want, (unsigned long)n,
                             size - want);
    if (n == 0)
        return hsf_error_set(err, "%s: byte 80: expected at least one triangle, found 0", path);
    s->xyz = malloc((size_t)n * 9 * sizeof *s->xyz);
    s->where = malloc((size_t)n * sizeof *s->where);
    if (!s->xyz || !s->where)
        return hsf_error_set(err, "%s: out of memory", path);
    s->binary = 1;
    for (size_t k = 0; k < n; k++) {
        const unsigned char *rec = b + 84 + 50 * k;
        s->where[k] = (long)(84 + 50 * k);
        for (int c = 0; c < 9; c++) {
            double x = le_float(rec + 12 + 4 * c);
            if (!isfinite(x))
                return hsf_error_set(err, "%s: byte %zu: expected a finite coordinate for "
                                     "triangle %zu (0-based), found %g", path,
                                     84 + 50 * k + 12 + 4 * c, k, x);
            s->xyz[9 * k + c] = x;
        }
    }
    s->n = n;
    return 0;
}

/* ---- ASCII --------------------------------------------------------------- */

typedef struct cursor {
    const char *path;
    const char *p, *end;        /* the text not yet read */
    const char *line;           /* the current line, its length and number */
    size_t len;
    long number;
    const char *tok[6];         /* its first words */
    size_t toklen[6];
    int ntok;                   /* words on the line (may exceed 6) */
} cursor;

/* Moves to the next line that is not blank; 0 at the end of the file. */
static int next_line(cursor *c)
{
    while (c->p < c->end) {
        const char *nl = memchr(c->p, '\n', (size_t)(c->end - c->p));
        const char *e = nl ? nl : c->end;
        c->line = c->p;
        c->len = (size_t)(e - c->p);
        c->number++;
        c->p = nl ? nl + 1 : c->end;
        c->ntok = 0;
        for (const char *q = c->line; q < e;) {
            while (q < e && isspace((unsigned char)*q))
                q++;
            if (q == e)
                break;
            const char *w = q;
            while (q < e && !isspace((unsigned char)*q))
                q++;
            if (c->ntok < 6) {
                c->tok[c->ntok] = w;
                c->toklen[c->ntok] = (size_t)(q - w);
            }
            c->ntok++;
        }
        if (c->ntok > 0)
            return 1;
    }
    c->line = NULL;
    return 0;
}

static int word_is(const cursor *c, int k, const char *w)
{
    return k < c->ntok && k < 6 && c->toklen[k] == strlen(w) &&
           !strncasecmp(c->tok[k], w, c->toklen[k]);
}

/* "path:line: expected WHAT, found 'the line'" (or the end of the file). */
static int fail(const cursor *c, hsf_error *err, const char *what)
{
    if (!c->line)
        return hsf_error_set(err, "%s:%ld: expected %s, found the end of the file", c->path,
                             c->number, what);
    const char *s = c->tok[0];
    size_t n = (size_t)(c->line + c->len - s);
    while (n > 0 && isspace((unsigned char)s[n - 1]))
        n--;
    return hsf_error_set(err, "%s:%ld: expected %s, found '%.*s%s'", c->path, c->number, what,
                         (int)(n > 60 ? 60 : n), s, n > 60 ? "..." : "");
}

/* The line must be exactly the words of w ("outer loop"). */
static int expect_words(cursor *c, const char *w, hsf_error *err)
{
    char what[64], buf[64];
    snprintf(what, sizeof what, "'%s'", w);
    snprintf(buf, sizeof buf, "%s", w);
    next_line(c);
    int k = 0;
    for (char *save = NULL, *t = strtok_r(buf, " ", &save); t; t = strtok_r(NULL, " ", &save))
        if (!word_is(c, k++, t))
            return fail(c, err, what);
    return c->ntok == k ? 0 : fail(c, err, what);
}

static int parse_number(const char *s, size_t n, double *x)
{
    char buf[64];
    if (n == 0 || n >= sizeof buf)
        return -1;
    memcpy(buf, s, n);
    buf[n] = '\0';
    char *end;
    errno = 0;
    *x = strtod(buf, &end);
    return *end || errno == ERANGE || !isfinite(*x) ? -1 : 0;
}

static int read_vertex(cursor *c, double out[3], hsf_error *err)
{
    next_line(c);
    if (!word_is(c, 0, "vertex") || c->ntok != 4)
        return fail(c, err, "'vertex x y z'");
    for (int a = 0; a < 3; a++)
        if (parse_number(c->tok[a + 1], c->toklen[a + 1], &out[a]))
            return fail(c, err, "'vertex x y z' with three finite numbers");
    return 0;
}

static int read_ascii(const char *path, const char *text, size_t size, stl_soup *s,
                      hsf_error *err)
{
    cursor c = { .path = path, .p = text, .end = text + size };
    size_t cap = 0;
    if (!next_line(&c) || !word_is(&c, 0, "solid"))
        return fail(&c, err, "'solid name'");
    for (;;) {
        if (!next_line(&c)) {
            if (s->n == 0)
                return fail(&c, err, "'facet normal nx ny nz'");
            return fail(&c, err, "'facet normal nx ny nz' or 'endsolid'");
        }
        if (word_is(&c, 0, "endsolid")) {
            if (!next_line(&c))
                break;                  /* the end */
            if (!word_is(&c, 0, "solid"))
                return fail(&c, err, "'solid name' or the end of the file");
            continue;
        }
        if (!word_is(&c, 0, "facet"))
            return fail(&c, err, "'facet normal nx ny nz' or 'endsolid'");
        if (grow(s, &cap, err, path))
            return -1;
        s->where[s->n] = c.number;
        double *t = s->xyz + 9 * s->n;
        if (expect_words(&c, "outer loop", err) || read_vertex(&c, t, err) ||
            read_vertex(&c, t + 3, err) || read_vertex(&c, t + 6, err) ||
            expect_words(&c, "endloop", err) || expect_words(&c, "endfacet", err))
            return -1;
        s->n++;
    }
    if (s->n == 0)
        return hsf_error_set(err, "%s:%ld: expected at least one facet, found none", path,
                             c.number);
    return 0;
}

/* "path: not an STL file: ..." for a file that is neither: its start
 * quoted up to the first byte that is not printable. */
static int not_stl(const char *path, const unsigned char *b, size_t size, hsf_error *err)
{
    size_t n = 0;
    while (n < size && n < 40 && b[n] >= 0x20 && b[n] < 0x7f)
        n++;
    return hsf_error_set(err, "%s: not an STL file: expected 'solid' at the start (ASCII) or "
                         "an 80-byte header and a triangle count (binary), found %zu bytes "
                         "beginning '%.*s%s'", path, size, (int)n, (const char *)b,
                         n < size ? "..." : "");
}

int stl_read(const char *path, stl_soup *s, hsf_error *err)
{
    memset(s, 0, sizeof *s);
    size_t size = 0;
    char *text = slurp(path, &size, err);
    if (!text)
        return -1;
    const unsigned char *b = (const unsigned char *)text;
    int is_binary = (size >= 84 && size == 84 + 50 * (size_t)le32(b + 80));
    /* A UTF-8 byte-order mark, which some editors write, before ASCII. */
    size_t bom = size >= 3 && !memcmp(b, "\xef\xbb\xbf", 3) ? 3 : 0;
    int rc;
    if (!is_binary) {
        size_t k = bom;
        while (k < size && isspace(b[k]))
            k++;
        is_binary = size - k < 5 || strncasecmp(text + k, "solid", 5) != 0;
        /* Neither: too short for a binary header, or text (a binary STL's
         * count has a zero byte unless it claims 2^24 triangles or more). */
        if (is_binary && (size < 84 || !memchr(b, '\0', 84))) {
            rc = not_stl(path, b, size, err);
            free(text);
            return rc;
        }
    }
    rc = is_binary ? read_binary(path, b, size, s, err)
                   : read_ascii(path, text + bom, size - bom, s, err);
    free(text);
    if (rc)
        stl_soup_free(s);
    return rc;
}
