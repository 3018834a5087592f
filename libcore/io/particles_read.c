/* Reading particle files: the file read whole into memory once, the format
 * told by its second line, the cursor and number parsing both readers
 * share, and the particle set. */
#define _POSIX_C_SOURCE 200809L

#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "host/error_private.h"
#include "io/input_limits.h"
#include "io/particles_parse.h"

/* Longest piece of a token quoted in a message. */
#define SHOWN_MAX 40

void hsf_cursor_init(hsf_cursor *c, const char *path, const char *buf, size_t len)
{
    static const char bom[] = "\xEF\xBB\xBF";
    if (len >= 3 && !memcmp(buf, bom, 3))
        buf += 3, len -= 3;
    /* Before the first line: an empty line at the start, so that a message
     * about an empty file reads "path:1:1: ...". */
    *c = (hsf_cursor){ .path = path, .next = buf, .stop = buf + len,
                       .line = buf, .end = buf, .pos = buf, .lineno = 0 };
}

int hsf_cursor_next_line(hsf_cursor *c)
{
    if (c->next >= c->stop)
        return 0;
    const char *nl = memchr(c->next, '\n', (size_t)(c->stop - c->next));
    const char *e = nl ? nl : c->stop;
    c->line = c->pos = c->next;
    c->next = nl ? nl + 1 : c->stop;
    /* Trailing blanks (CR of CRLF among them) are not content: a missing
     * field is reported just past the last visible character. */
    while (e > c->line && hsf_is_blank(e[-1]))
        e--;
    c->end = e;
    c->lineno++;
    return 1;
}

int hsf_cursor_next_content(hsf_cursor *c)
{
    while (hsf_cursor_next_line(c))
        if (!hsf_cursor_at_line_end(c))
            return 1;
    return 0;
}

hsf_token hsf_cursor_token(hsf_cursor *c)
{
    const char *p = c->pos;
    while (p < c->end && hsf_is_blank(*p))
        p++;
    const char *s = p;
    while (p < c->end && !hsf_is_blank(*p))
        p++;
    c->pos = p;
    return (hsf_token){ s, (size_t)(p - s) };
}

int hsf_cursor_at_line_end(hsf_cursor *c)
{
    while (c->pos < c->end && hsf_is_blank(*c->pos))
        c->pos++;
    return c->pos == c->end;
}

static int cursor_verror(const hsf_cursor *c, const char *at, hsf_error *err, const char *fmt,
                         va_list ap)
{
    char msg[1024];
    vsnprintf(msg, sizeof msg, fmt, ap);
    unsigned line = c->lineno ? c->lineno : 1;
    if (!at)
        return hsf_error_set(err, "%s:%u: %s", c->path, line, msg);
    return hsf_error_set(err, "%s:%u:%zu: %s", c->path, line, (size_t)(at - c->line) + 1, msg);
}

int hsf_cursor_error(const hsf_cursor *c, const char *at, hsf_error *err, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int rc = cursor_verror(c, at, err, fmt, ap);
    va_end(ap);
    return rc;
}

/* t quoted for a message: cut to SHOWN_MAX bytes (not inside a UTF-8
 * character), control characters as '?', so the message stays one line. */
static const char *shown(hsf_token t, char *buf)
{
    if (!t.len)
        return "end of line";
    size_t n = t.len > SHOWN_MAX ? SHOWN_MAX : t.len;
    while (n < t.len && n > 0 && ((unsigned char)t.s[n] & 0xC0) == 0x80)
        n--;
    char *o = buf;
    *o++ = '\'';
    for (size_t i = 0; i < n; i++) {
        unsigned char ch = (unsigned char)t.s[i];
        *o++ = ch < 0x20 || ch == 0x7F ? '?' : (char)ch;
    }
    if (n < t.len) {
        memcpy(o, "...", 3);
        o += 3;
    }
    *o++ = '\'';
    *o = '\0';
    return buf;
}

int hsf_cursor_expected(const hsf_cursor *c, hsf_token found, hsf_error *err, const char *fmt,
                        ...)
{
    char what[512], quoted[SHOWN_MAX + 8];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(what, sizeof what, fmt, ap);
    va_end(ap);
    return hsf_cursor_error(c, found.s, err, "expected %s, found %s", what,
                            shown(found, quoted));
}

const char *hsf_parse_number(hsf_token t, double *x)
{
    if (!t.len)
        return "a number";
    /* strtod may run on the file itself: a token ends at a blank or at the
     * NUL after the file, neither of which can continue a number. */
    char *end;
    double v = strtod(t.s, &end);
    if (end != t.s + t.len)
        return "a number";
    /* Overflow gives +-HUGE_VAL and is refused with inf and nan; underflow
     * gives a tiny or zero value, which is kept. */
    if (!isfinite(v))
        return "a finite number";
    *x = v;
    return NULL;
}

int hsf_parse_byte(hsf_token t, uint8_t *out)
{
    if (!t.len || t.len > 3)
        return -1;
    unsigned v = 0;
    for (size_t i = 0; i < t.len; i++) {
        if (t.s[i] < '0' || t.s[i] > '9')
            return -1;
        v = 10 * v + (unsigned)(t.s[i] - '0');
    }
    if (v > 255)
        return -1;
    *out = (uint8_t)v;
    return 0;
}

int hsf_cursor_number(hsf_cursor *c, const char *what, double *x, hsf_token *tok,
                      hsf_error *err)
{
    *tok = hsf_cursor_token(c);
    const char *why = hsf_parse_number(*tok, x);
    return why ? hsf_cursor_expected(c, *tok, err, "%s (%s)", what, why) : 0;
}

int hsf_check_positive(const hsf_cursor *c, const char *what, double x, hsf_token tok,
                       hsf_error *err)
{
    return x > 0 ? 0 : hsf_cursor_expected(c, tok, err, "%s > 0", what);
}

int hsf_cursor_line_end(hsf_cursor *c, int fields, hsf_error *err)
{
    hsf_token t = hsf_cursor_token(c);
    return t.len ? hsf_cursor_expected(c, t, err, "end of line after %d fields", fields) : 0;
}

int hsf_cursor_count(hsf_cursor *c, size_t *n, hsf_error *err)
{
    static const char what[] = "the number of particles (a non-negative integer)";
    if (!hsf_cursor_next_content(c))
        return hsf_cursor_error(c, c->end, err, "expected %s, found end of file", what);
    hsf_token t = hsf_cursor_token(c);
    uint64_t v = 0;
    for (size_t i = 0; i < t.len; i++) {
        if (t.s[i] < '0' || t.s[i] > '9')
            return hsf_cursor_expected(c, t, err, "%s", what);
        if (v <= UINT32_MAX)        /* saturates: only "too many" matters */
            v = 10 * v + (uint64_t)(t.s[i] - '0');
    }
    if (v == 0)
        return hsf_cursor_expected(c, t, err, "at least one particle");
    /* HSF_NONE marks "no particle" in cell lists. */
    if (v >= HSF_NONE)
        return hsf_cursor_expected(c, t, err, "at most %lu particles", (unsigned long)HSF_NONE - 1);
    hsf_token more = hsf_cursor_token(c);
    if (more.len)
        return hsf_cursor_expected(c, more, err, "end of line after the number of particles");
    *n = (size_t)v;
    return 0;
}

/* Each line has at least min_tokens one-character tokens and the blanks
 * between them, and all but the last a newline.  Keeps a wrong N (say
 * 10^9 in a small file) from allocating before the count is found wrong. */
size_t hsf_particle_lines_bound(const hsf_cursor *c, size_t n, int min_tokens)
{
    size_t left = (size_t)(c->stop - c->next);
    size_t most = left / (2 * (size_t)min_tokens) + 1;
    return most < n ? most : n;
}

static int set_alloc(hsf_particle_set *out, size_t cap, int dim, const char *path,
                     hsf_error *err)
{
    out->dim = dim;
    out->p = calloc(cap, sizeof *out->p);
    out->line = calloc(cap, sizeof *out->line);
    out->path = strdup(path);
    if (!out->p || !out->line || !out->path)
        return hsf_error_set(err, "%s: out of memory for %zu particles", path, cap);
    return 0;
}

int hsf_read_particle_lines(hsf_cursor *c, size_t n, int dim, const hsf_line_format *f,
                            hsf_particle_set *out, hsf_error *err)
{
    size_t cap = hsf_particle_lines_bound(c, n, f->min_tokens), i;
    if (hsf_memory_check(cap, dim, c->path, err) || set_alloc(out, cap, dim, c->path, err))
        return -1;
    for (i = 0; i < n && hsf_cursor_next_content(c); i++) {
        if (i == cap)       /* cannot happen: lines_bound counts lines */
            return hsf_cursor_error(c, NULL, err, "more particle lines than the file can hold");
        out->line[i] = c->lineno;
        if (f->read(c, f->ctx, dim, &out->p[i], err))
            return -1;
    }
    if (i < n)
        return hsf_cursor_error(c, c->end, err, "expected %zu particle%s, found %zu", n,
                                n == 1 ? "" : "s", i);
    if (hsf_cursor_next_content(c))
        return hsf_cursor_expected(c, hsf_cursor_token(c), err,
                                   "end of file after %zu particle%s%s", n, n == 1 ? "" : "s",
                                   f->eof_note);
    out->n = n;
    return 0;
}

static char *message_buffer(void)
{
    static char buffers[4][4096 + 64];
    static unsigned next;
    return buffers[next++ % 4];
}

const char *hsf_particle_at(const hsf_particle_set *set, size_t i)
{
    char *b = message_buffer();
    if (set->line && set->line[i])
        snprintf(b, 4096 + 64, "%s:%u: particle %zu", set->path, set->line[i], i + 1);
    else
        snprintf(b, 4096 + 64, "%s: particle %zu", set->path, i + 1);
    return b;
}

const char *hsf_particle_line(const hsf_particle_set *set, size_t i)
{
    char *b = message_buffer();
    b[0] = '\0';
    if (set->line && set->line[i])
        snprintf(b, 64, " (line %u)", set->line[i]);
    return b;
}

void hsf_particle_set_free(hsf_particle_set *set)
{
    free(set->p);
    free(set->line);
    free(set->path);
    for (unsigned k = 0; k < set->n_species; k++)
        free(set->species_name[k]);
    free(set->species_name);
    free(set->bonds);
    free(set->omega);
    free(set->inertia);
    free(set->fixed);
    memset(set, 0, sizeof *set);
}

/* Sized by fstat to read a file in one pass, yet works for files whose
 * size is not known (pipes, /proc). */
int hsf_load_file(const char *path, char **buf, size_t *len, hsf_error *err)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return hsf_error_set(err, "%s: cannot open: %s", path, strerror(errno));
    struct stat st;
    size_t cap = fstat(fileno(f), &st) == 0 && st.st_size > 0 ? (size_t)st.st_size + 2 : 4096;
    size_t used = 0, got;
    char *b = malloc(cap);
    int failed = !b;
    /* One byte of room past the expected size sees the end in one read. */
    while (!failed) {
        if (cap - used < 2) {
            char *grown = realloc(b, 2 * cap);
            if ((failed = !grown))
                break;
            b = grown, cap *= 2;
        }
        if (!(got = fread(b + used, 1, cap - 1 - used, f)))
            break;
        used += got;
    }
    int saved = errno, unreadable = !failed && ferror(f);
    fclose(f);
    if (failed || unreadable) {
        free(b);
        return hsf_error_set(err, "%s: cannot read: %s", path,
                             failed ? "out of memory" : strerror(saved));
    }
    b[used] = '\0';
    *buf = b;
    *len = used;
    return 0;
}

/* Extended XYZ has Properties= on its second line; algs4 has particles. */
static int is_xyz(const hsf_cursor *start)
{
    hsf_cursor c = *start;
    hsf_token value;
    return hsf_cursor_next_line(&c) && hsf_cursor_next_line(&c) &&
           hsf_xyz_value(&c, "properties", &value);
}

int hsf_read_particles(const char *path, int dim, hsf_particle_set *out, hsf_error *err)
{
    memset(out, 0, sizeof *out);
    char *buf = NULL;
    size_t len = 0;
    if (hsf_load_file(path, &buf, &len, err))
        return -1;
    hsf_cursor c;
    hsf_cursor_init(&c, path, buf, len);
    int rc = is_xyz(&c) ? hsf_read_xyz(&c, dim, out, err) : hsf_read_algs4(&c, dim, out, err);
    free(buf);
    if (rc)
        hsf_particle_set_free(out);
    return rc;
}
