/* The algs4 text format of the Princeton CollisionSystem: N, then one line
 * "rx ry vx vy radius mass r g b" per particle.  Accepted as people have
 * it: CRLF, blank lines, extra spaces and tabs, Java-style exponents, a
 * missing final newline; the colour may be left out (black). */
#include <ctype.h>
#include <errno.h>
#include <stdlib.h>

#include "error_private.h"
#include "particles_parse.h"

static const char *const field_names[] = { "rx", "ry", "vx", "vy", "radius", "mass" };

/* An integer colour component 0-255 from the next token. */
static int colour(hsf_text *t, const char *what, uint8_t *out, hsf_error *err)
{
    const char *tok;
    size_t len = hsf_text_token(t, &tok);
    if (!len)
        return hsf_text_error(t, tok, err, "expected %s (an integer 0-255), found end of line",
                              what);
    char *end;
    errno = 0;
    long v = strtol(tok, &end, 10);
    if (end != tok + len || errno || v < 0 || v > 255 || !isdigit((unsigned char)*tok))
        return hsf_text_error(t, tok, err, "expected %s (an integer 0-255), found '%.*s'",
                              what, (int)(len > 40 ? 40 : len), tok);
    *out = (uint8_t)v;
    return 0;
}

static int read_line(hsf_text *t, hsf_particle *p, hsf_error *err)
{
    double x[6];
    const char *at[6];
    for (int k = 0; k < 6; k++) {
        const char *save = t->pos;
        while (save < t->end && (*save == ' ' || *save == '\t'))
            save++;
        at[k] = save;
        if (hsf_text_number(t, field_names[k], &x[k], err))
            return -1;
    }
    p->r[0] = x[0], p->r[1] = x[1], p->v[0] = x[2], p->v[1] = x[3];
    p->radius = x[4], p->mass = x[5];
    if (hsf_check_radius_mass(t, p, at[4], at[5], err))
        return -1;
    const char *tok;
    const char *mark = t->pos;
    if (!hsf_text_token(t, &tok))
        return 0;       /* no colour: black */
    t->pos = mark;
    if (colour(t, "r", &p->color[0], err) || colour(t, "g", &p->color[1], err) ||
        colour(t, "b", &p->color[2], err))
        return -1;
    size_t len = hsf_text_token(t, &tok);
    if (len)
        return hsf_text_error(t, tok, err, "expected end of line after 9 fields, found '%.*s'",
                              (int)(len > 40 ? 40 : len), tok);
    return 0;
}

int hsf_read_algs4(hsf_text *t, int dim, hsf_particle_set *out, hsf_error *err)
{
    size_t n;
    if (hsf_text_count(t, &n, err))
        return -1;
    if (dim != 2)
        return hsf_text_error(t, NULL, err, "the algs4 format is 2D only; use extended XYZ "
                              "for dim = %d", dim);
    const char *tok;
    size_t len = hsf_text_token(t, &tok);
    if (len)
        return hsf_text_error(t, tok, err, "expected end of line after the number of "
                              "particles, found '%.*s'", (int)(len > 40 ? 40 : len), tok);
    if (hsf_particle_set_alloc(out, n, dim, t->path, err))
        return -1;
    for (size_t i = 0; i < n; i++) {
        if (!hsf_text_next_content(t))
            return hsf_error_set(err, "%s:%u: expected %zu particles, found %zu", t->path,
                                 t->lineno, n, i);
        out->line[i] = t->lineno;
        if (read_line(t, &out->p[i], err))
            return -1;
    }
    if (hsf_text_next_content(t)) {
        hsf_text_token(t, &tok);
        return hsf_text_error(t, tok, err, "expected end of file after %zu particles, found "
                              "more", n);
    }
    return 0;
}
