/* The algs4 text format of the Princeton CollisionSystem: N, then one line
 * "rx ry vx vy radius mass r g b" per particle, 2D only.  Taken as people
 * have it: CRLF, blank lines anywhere, extra spaces and tabs, Java-style
 * exponents, no final newline; the colour may be left out (black). */
#include "host/error_private.h"
#include "io/particles_parse.h"

static const char *const number_names[6] = { "rx", "ry", "vx", "vy", "radius", "mass" };
static const char *const colour_names[3] = { "red", "green", "blue" };

static int read_numbers(hsf_cursor *c, hsf_particle *p, hsf_error *err)
{
    double *field[6] = { &p->r[0], &p->r[1], &p->v[0], &p->v[1], &p->radius, &p->mass };
    for (int k = 0; k < 6; k++) {
        hsf_token tok;
        if (hsf_cursor_number(c, number_names[k], field[k], &tok, err))
            return -1;
        if (field[k] == &p->radius || field[k] == &p->mass)
            if (hsf_check_positive(c, number_names[k], *field[k], tok, err))
                return -1;
    }
    return 0;
}

static int read_colour(hsf_cursor *c, hsf_particle *p, hsf_error *err)
{
    for (int k = 0; k < 3; k++) {
        hsf_token tok = hsf_cursor_token(c);
        if (hsf_parse_byte(tok, &p->color[k]))
            return hsf_cursor_expected(c, tok, err, "%s (an integer 0-255)", colour_names[k]);
    }
    return 0;
}

static int read_line(hsf_cursor *c, const void *ctx, int dim, hsf_particle *p, hsf_error *err)
{
    (void)ctx, (void)dim;
    if (read_numbers(c, p, err))
        return -1;
    if (hsf_cursor_at_line_end(c))
        return 0;           /* six fields: black */
    if (read_colour(c, p, err))
        return -1;
    return hsf_cursor_line_end(c, 9, err);
}

int hsf_read_algs4(hsf_cursor *c, int dim, hsf_particle_set *out, hsf_error *err)
{
    /* Said before anything else: no fix to the file makes it 3D. */
    if (dim != 2)
        return hsf_error_set(err, "%s:1: the algs4 format is 2D only; use extended XYZ for "
                             "dim = %d", c->path, dim);
    size_t n;
    if (hsf_cursor_count(c, &n, err))
        return -1;
    static const hsf_line_format format = { .min_tokens = 6, .eof_note = "", .read = read_line };
    return hsf_read_particle_lines(c, n, dim, &format, out, err);
}
