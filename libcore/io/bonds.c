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

int hsf_read_bonds(const char *path, size_t n, double default_length, hsf_bond **out,
                   size_t *count, hsf_error *err)
{
    size_t len;
    char *buf;
    if (hsf_load_file(path, &buf, &len, err))
        return -1;
    hsf_cursor c;
    hsf_cursor_init(&c, path, buf, len);
    entry *e = NULL;
    size_t used = 0, cap = 0;
    int rc = 0;
    while (!rc && hsf_cursor_next_line(&c)) {
        hsf_cursor peek = c;
        if (!next_token(&peek).len)
            continue;
        if (used == cap) {
            entry *grown = realloc(e, (cap = cap ? 2 * cap : 64) * sizeof *e);
            if (!grown) {
                rc = hsf_error_set(err, "%s: out of memory for %zu bonds", path, cap);
                break;
            }
            e = grown;
        }
        e[used].line = c.lineno;
        rc = read_line(&c, n, default_length, &e[used++].b, err);
    }
    free(buf);
    if (!rc && used) {
        /* Sorted, a pair given twice sits next to itself, the first line first. */
        qsort(e, used, sizeof *e, by_pair);
        for (size_t k = 1; k < used && !rc; k++)
            if (e[k].b.i == e[k - 1].b.i && e[k].b.j == e[k - 1].b.j)
                rc = hsf_error_set(err, "%s:%u: expected each pair once, found %u %u again "
                                   "(first on line %u)", path, e[k].line, e[k].b.i, e[k].b.j,
                                   e[k - 1].line);
    }
    hsf_bond *bonds = rc ? NULL : malloc((used ? used : 1) * sizeof *bonds);
    if (!rc && !bonds)
        rc = hsf_error_set(err, "%s: out of memory", path);
    for (size_t k = 0; !rc && k < used; k++)
        bonds[k] = e[k].b;
    free(e);
    if (rc)
        return -1;
    *out = bonds;
    *count = used;
    return 0;
}
