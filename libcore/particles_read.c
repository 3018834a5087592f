/* Reading particle files: the text cursor shared by both formats, format
 * detection, and the particle set. */
#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "error_private.h"
#include "particles_parse.h"

int hsf_text_load(hsf_text *t, const char *path, hsf_error *err)
{
    memset(t, 0, sizeof *t);
    t->path = path;
    FILE *f = fopen(path, "rb");
    if (!f)
        return hsf_error_set(err, "%s: cannot open: %s", path, strerror(errno));
    size_t cap = 1 << 16, len = 0, got;
    char *buf = malloc(cap);
    int bad = !buf;
    while (!bad) {
        if (len + 1 == cap) {
            char *grown = realloc(buf, cap * 2);
            if (!(bad = !grown))
                buf = grown, cap *= 2;
            continue;
        }
        if (!(got = fread(buf + len, 1, cap - len - 1, f)))
            break;
        len += got;
    }
    int unreadable = ferror(f);
    fclose(f);
    if (bad || unreadable) {
        free(buf);
        return hsf_error_set(err, "%s: cannot read: %s", path,
                             bad ? "out of memory" : strerror(errno));
    }
    buf[len] = '\0';
    t->buf = buf;
    t->next = buf;
    return 0;
}

void hsf_text_free(hsf_text *t)
{
    free(t->buf);
    t->buf = NULL;
}

int hsf_text_next_line(hsf_text *t)
{
    if (!*t->next)
        return 0;
    t->line = t->pos = t->next;
    const char *nl = strchr(t->next, '\n');
    t->end = nl ? nl : t->next + strlen(t->next);
    t->next = nl ? nl + 1 : t->end;
    if (t->end > t->line && t->end[-1] == '\r')
        t->end--;
    t->lineno++;
    return 1;
}

static int blank(const char *p, const char *end)
{
    for (; p < end; p++)
        if (!isspace((unsigned char)*p))
            return 0;
    return 1;
}

int hsf_text_next_content(hsf_text *t)
{
    while (hsf_text_next_line(t))
        if (!blank(t->line, t->end))
            return 1;
    return 0;
}

size_t hsf_text_token(hsf_text *t, const char **tok)
{
    while (t->pos < t->end && isspace((unsigned char)*t->pos))
        t->pos++;
    *tok = t->pos;
    while (t->pos < t->end && !isspace((unsigned char)*t->pos))
        t->pos++;
    return (size_t)(t->pos - *tok);
}

unsigned hsf_text_column(const hsf_text *t, const char *p)
{
    return (unsigned)(p - t->line) + 1;
}

int hsf_text_error(const hsf_text *t, const char *p, hsf_error *err, const char *fmt, ...)
{
    char msg[1024];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    if (p)
        return hsf_error_set(err, "%s:%u:%u: %s", t->path, t->lineno, hsf_text_column(t, p), msg);
    return hsf_error_set(err, "%s:%u: %s", t->path, t->lineno, msg);
}

/* The token as a quoted, length-limited string for messages. */
static const char *shown(const char *tok, size_t len, char *buf, size_t size)
{
    if (!len)
        return "end of line";
    snprintf(buf, size, "'%.*s%s'", (int)(len > 40 ? 40 : len), tok, len > 40 ? "..." : "");
    return buf;
}

int hsf_text_number(hsf_text *t, const char *what, double *out, hsf_error *err)
{
    const char *tok;
    size_t len = hsf_text_token(t, &tok);
    char num[64], show[64];
    if (len && len < sizeof num) {
        memcpy(num, tok, len);
        num[len] = '\0';
        char *end;
        errno = 0;
        double x = strtod(num, &end);
        if (end == num + len && isfinite(x) && !(errno == ERANGE && fabs(x) > 1)) {
            *out = x;
            return 0;
        }
    }
    return hsf_text_error(t, tok, err, "expected %s (a number), found %s", what,
                          shown(tok, len, show, sizeof show));
}

int hsf_text_count(hsf_text *t, size_t *n, hsf_error *err)
{
    const char *tok;
    char show[64];
    if (!hsf_text_next_content(t))
        return hsf_error_set(err, "%s: expected the number of particles, found an empty file",
                             t->path);
    size_t len = hsf_text_token(t, &tok);
    char *end;
    errno = 0;
    unsigned long long v = strtoull(tok, &end, 10);
    if (!isdigit((unsigned char)*tok) || end != tok + len || errno || v > UINT32_MAX - 1)
        return hsf_text_error(t, tok, err, "expected the number of particles (a non-negative "
                              "integer), found %s", shown(tok, len, show, sizeof show));
    if (v == 0)
        return hsf_text_error(t, tok, err, "expected at least one particle, found 0");
    *n = (size_t)v;
    return 0;
}

int hsf_particle_set_alloc(hsf_particle_set *out, size_t n, int dim, const char *path,
                           hsf_error *err)
{
    memset(out, 0, sizeof *out);
    out->p = calloc(n, sizeof *out->p);
    out->line = calloc(n, sizeof *out->line);
    out->path = strdup(path);
    if (!out->p || !out->line || !out->path) {
        hsf_particle_set_free(out);
        return hsf_error_set(err, "%s: out of memory for %zu particles", path, n);
    }
    out->n = n;
    out->dim = dim;
    return 0;
}

int hsf_check_radius_mass(const hsf_text *t, const hsf_particle *p, const char *rtok,
                          const char *mtok, hsf_error *err)
{
    if (!(p->radius > 0))
        return hsf_text_error(t, rtok, err, "expected radius > 0, found %g", p->radius);
    if (!(p->mass > 0))
        return hsf_text_error(t, mtok, err, "expected mass > 0, found %g", p->mass);
    return 0;
}

void hsf_particle_set_free(hsf_particle_set *set)
{
    free(set->p);
    free(set->line);
    free(set->path);
    memset(set, 0, sizeof *set);
}

/* Extended XYZ if the second line carries Properties=, else algs4. */
static int looks_like_xyz(const char *buf)
{
    const char *nl = strchr(buf, '\n');
    if (!nl)
        return 0;
    const char *end = strchr(nl + 1, '\n');
    size_t len = end ? (size_t)(end - nl - 1) : strlen(nl + 1);
    char *second = strndup(nl + 1, len);
    int xyz = second && strcasestr(second, "properties=") != NULL;
    free(second);
    return xyz;
}

int hsf_read_particles(const char *path, int dim, hsf_particle_set *out, hsf_error *err)
{
    memset(out, 0, sizeof *out);
    hsf_text t;
    if (hsf_text_load(&t, path, err))
        return -1;
    int rc = looks_like_xyz(t.buf) ? hsf_read_xyz(&t, dim, out, err)
                                   : hsf_read_algs4(&t, dim, out, err);
    hsf_text_free(&t);
    if (rc)
        hsf_particle_set_free(out);
    return rc;
}
