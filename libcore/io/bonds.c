/* The bonds file reader. */
#define _POSIX_C_SOURCE 200809L

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "host/error_private.h"
#include "io/bonds.h"
#include "io/particles_parse.h"

/* A token, or an empty one where a comment starts. */
static hsf_token next_token(hsf_cursor *c)
{
    hsf_token t = hsf_cursor_token(c);
    if (t.len && t.s[0] == '#') {
        c->pos = c->end;
        return (hsf_token){ c->end, 0 };
    }
    return t;
}

/* A particle number 0 .. n - 1. */
static int particle_number(hsf_cursor *c, size_t n, uint32_t *out, hsf_error *err)
{
    hsf_token t = next_token(c);
    unsigned long long v = 0;
    int ok = t.len > 0 && t.len <= 12;
    for (size_t k = 0; ok && k < t.len; k++) {
        ok = t.s[k] >= '0' && t.s[k] <= '9';
        v = 10 * v + (unsigned long long)(t.s[k] - '0');
    }
    if (!ok || v >= n)
        return hsf_cursor_expected(c, t, err, "a particle number from 0 to %zu", n - 1);
    *out = (uint32_t)v;
    return 0;
}

static int read_line(hsf_cursor *c, size_t n, double default_length, hsf_bond *b,
                     hsf_error *err)
{
    hsf_token first = { c->pos, 0 };
    if (particle_number(c, n, &b->i, err) || particle_number(c, n, &b->j, err))
        return -1;
    if (b->i == b->j)
        return hsf_cursor_error(c, first.s, err, "expected two different particles, found "
                                "%u twice", b->i);
    if (b->i > b->j) {
        uint32_t t = b->i;
        b->i = b->j;
        b->j = t;
    }
    hsf_token t = next_token(c);
    b->length = default_length;
    if (t.len) {
        const char *why = hsf_parse_number(t, &b->length);
        if (why || !(b->length > 0))
            return hsf_cursor_expected(c, t, err, "the bond's length (a number > 0)");
        t = next_token(c);
    } else if (!(default_length > 0)) {
        return hsf_cursor_expected(c, t, err, "the bond's length (or [bonds] length)");
    }
    if (t.len)
        return hsf_cursor_expected(c, t, err, "end of line (or a comment) after 'i j length'");
    return 0;
}

/* A bond with the line it was read from, for messages. */
typedef struct entry {
    hsf_bond b;
    uint32_t line;
} entry;

/* By pair, then by line. */
static int by_pair(const void *a, const void *b)
{
    const entry *x = a, *y = b;
    if (x->b.i != y->b.i)
        return x->b.i < y->b.i ? -1 : 1;
    if (x->b.j != y->b.j)
        return x->b.j < y->b.j ? -1 : 1;
    return x->line < y->line ? -1 : x->line > y->line;
}

/* The bonds read so far, with the line (or, in an XYZ comment, the
 * record) each came from. */
typedef struct bond_list {
    entry *e;
    size_t used, cap;
} bond_list;

/* Reads one record "i j [length]" at the cursor (which ends where the
 * record does) into the list. */
static int add_record(hsf_cursor *c, size_t n, double default_length, uint32_t where,
                      bond_list *l, hsf_error *err)
{
    if (l->used == l->cap) {
        size_t cap = l->cap ? 2 * l->cap : 64;
        entry *grown = realloc(l->e, cap * sizeof *grown);
        if (!grown)
            return hsf_error_set(err, "%s: out of memory for %zu bonds", c->path, cap);
        l->e = grown;
        l->cap = cap;
    }
    l->e[l->used].line = where;
    return read_line(c, n, default_length, &l->e[l->used++].b, err);
}

/* Checks that no pair comes twice and hands the bonds over, sorted; frees
 * the list either way.  Messages name the file line of a bonds file
 * (line 0), or the bond of an XYZ comment on line. */
static int finish(bond_list *l, const char *path, uint32_t line, hsf_bond **out,
                  size_t *count, hsf_error *err)
{
    int rc = 0;
    if (l->used) {
        /* Sorted, a pair given twice sits next to itself, the first first. */
        qsort(l->e, l->used, sizeof *l->e, by_pair);
        for (size_t k = 1; k < l->used && !rc; k++)
            if (l->e[k].b.i == l->e[k - 1].b.i && l->e[k].b.j == l->e[k - 1].b.j)
                rc = line ? hsf_error_set(err, "%s:%u: bond %u: expected each pair once, "
                                          "found %u %u again (first as bond %u)", path, line,
                                          l->e[k].line, l->e[k].b.i, l->e[k].b.j,
                                          l->e[k - 1].line)
                          : hsf_error_set(err, "%s:%u: expected each pair once, found %u %u "
                                          "again (first on line %u)", path, l->e[k].line,
                                          l->e[k].b.i, l->e[k].b.j, l->e[k - 1].line);
    }
    hsf_bond *bonds = rc ? NULL : malloc((l->used ? l->used : 1) * sizeof *bonds);
    if (!rc && !bonds)
        rc = hsf_error_set(err, "%s: out of memory", path);
    for (size_t k = 0; !rc && k < l->used; k++)
        bonds[k] = l->e[k].b;
    free(l->e);
    if (rc)
        return -1;
    *out = bonds;
    *count = l->used;
    return 0;
}

int hsf_read_bonds(const char *path, size_t n, double default_length, hsf_bond **out,
                   size_t *count, hsf_error *err)
{
    size_t len;
    char *buf;
    if (hsf_load_file(path, &buf, &len, err))
        return -1;
    hsf_cursor c;
    hsf_cursor_init(&c, path, buf, len);
    bond_list l = { 0 };
    int rc = 0;
    while (!rc && hsf_cursor_next_line(&c)) {
        hsf_cursor peek = c;
        if (next_token(&peek).len)
            rc = add_record(&c, n, default_length, c.lineno, &l, err);
    }
    free(buf);
    if (rc) {
        free(l.e);
        return -1;
    }
    return finish(&l, path, 0, out, count, err);
}

int hsf_parse_bonds(const hsf_cursor *line, const char *text, size_t len, size_t n,
                    hsf_bond **out, size_t *count, hsf_error *err)
{
    bond_list l = { 0 };
    const char *end = text + len;
    int rc = 0;
    for (const char *p = text; !rc && p < end;) {
        const char *comma = memchr(p, ',', (size_t)(end - p));
        hsf_cursor c = *line;
        c.pos = p;
        c.end = comma ? comma : end;
        rc = add_record(&c, n, 0, (uint32_t)(l.used + 1), &l, err);
        p = comma ? comma + 1 : end;
    }
    if (rc) {
        free(l.e);
        return -1;
    }
    return finish(&l, line->path, line->lineno, out, count, err);
}
