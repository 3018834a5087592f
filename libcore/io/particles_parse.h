/* What the two particle-file readers share (private to libhsframe): a
 * cursor over the whole file in memory that walks lines and
 * whitespace-separated tokens while tracking line and column, number
 * parsing, messages in the shape "path:line:column: expected ..., found
 * '...'", and the loop over particle lines. */
#ifndef HSF_PARTICLES_PARSE_H
#define HSF_PARTICLES_PARSE_H

#include <stddef.h>
#include <stdint.h>

#include "io/particle.h"

/* A piece of the file: not NUL-terminated, never copied. */
typedef struct hsf_token {
    const char *s;
    size_t len;             /* 0: nothing left on the line; s is then its end */
} hsf_token;

typedef struct hsf_cursor {
    const char *path;       /* for messages */
    const char *next;       /* start of the next line */
    const char *stop;       /* end of the file; *stop == '\0' */
    const char *line;       /* current line */
    const char *end;        /* end of its content: no newline, CR or trailing blanks */
    const char *pos;        /* first unread character of the current line */
    uint32_t lineno;        /* 1-based; 0 before the first line */
} hsf_cursor;

/* The blanks of the C locale's isspace(), without its function call:
 * what separates tokens, and what strtod() would skip. */
static inline int hsf_is_blank(char c)
{
    return c == ' ' || c == '\t' || c == '\r' || c == '\n' || c == '\v' || c == '\f';
}

/* Reads the whole file at path into *buf (malloc'ed, NUL-terminated; the
 * caller frees it) and its length in *len.  Returns 0, or -1 with err set
 * to "path: cannot open: ..." or "path: cannot read: ...". */
int hsf_load_file(const char *path, char **buf, size_t *len, hsf_error *err);

/* Starts c before the first line of buf[0, len), which must be followed by
 * a NUL.  A UTF-8 byte-order mark is skipped. */
void hsf_cursor_init(hsf_cursor *c, const char *path, const char *buf, size_t len);

/* Moves to the next line: 1, or 0 at the end of the file (c unchanged). */
int hsf_cursor_next_line(hsf_cursor *c);

/* Moves to the next line that is not blank: 1, or 0 at the end of the file
 * (c then on the last line). */
int hsf_cursor_next_content(hsf_cursor *c);

/* The next token of the current line; its len is 0 at the end of the line. */
hsf_token hsf_cursor_token(hsf_cursor *c);

/* Whether the rest of the current line is blank. */
int hsf_cursor_at_line_end(hsf_cursor *c);

/* Records "path:line:column: <message>" with the column of at on the
 * current line (at NULL: "path:line: <message>").  Returns -1. */
int hsf_cursor_error(const hsf_cursor *c, const char *at, hsf_error *err, const char *fmt, ...)
    HSF_PRINTF(4, 5);

/* Records "path:line:column: expected <what>, found '<token>'" (or "found
 * end of line" for an empty token) at the token.  Returns -1. */
int hsf_cursor_expected(const hsf_cursor *c, hsf_token found, hsf_error *err, const char *fmt,
                        ...) HSF_PRINTF(4, 5);

/* Parses the whole of t as a finite double (strtod: Java exponents, .5,
 * 5., +1 are fine).  Returns NULL, or what was expected instead: "a
 * number" or "a finite number" (nan, inf, overflow such as 1e999). */
const char *hsf_parse_number(hsf_token t, double *x);

/* Parses the whole of t as a colour component, decimal 0-255.  Returns 0
 * or -1. */
int hsf_parse_byte(hsf_token t, uint8_t *out);

/* Reads the next token as the number called what: 0, or -1 with
 * "expected <what> (a number), found ..." recorded.  *tok gets the token. */
int hsf_cursor_number(hsf_cursor *c, const char *what, double *x, hsf_token *tok,
                      hsf_error *err);

/* Checks x > 0 for the field what read from tok: 0, or -1 with "expected
 * <what> > 0, found '<tok>'" recorded. */
int hsf_check_positive(const hsf_cursor *c, const char *what, double x, hsf_token tok,
                       hsf_error *err);

/* Checks that nothing follows the fields of a line: 0, or -1 with
 * "expected end of line after <fields> fields, found ..." recorded. */
int hsf_cursor_line_end(hsf_cursor *c, int fields, hsf_error *err);

/* Reads the count line (the first line that is not blank): a non-negative
 * integer alone, at least 1 and below HSF_NONE.  Returns 0, or -1 with err
 * set. */
int hsf_cursor_count(hsf_cursor *c, size_t *n, hsf_error *err);

/* How a format reads one particle line. */
typedef struct hsf_line_format {
    int min_tokens;         /* fewest tokens on a particle line: bounds the allocation */
    const char *eof_note;   /* added to "expected end of file after N particles" */
    const void *ctx;        /* for read */
    /* Reads the current line into p (zeroed).  Returns 0, or -1 with err set. */
    int (*read)(hsf_cursor *c, const void *ctx, int dim, hsf_particle *p, hsf_error *err);
} hsf_line_format;

/* A bound on the particle lines left after the cursor, at most n: each
 * has at least min_tokens one-character tokens and the blanks between
 * them.  Arrays sized by it cannot be made huge by a wrong N in a small
 * file (hsf_read_particle_lines sizes its own so). */
size_t hsf_particle_lines_bound(const hsf_cursor *c, size_t n, int min_tokens);

/* Reads n particles, one per non-blank line after the cursor, then checks
 * that only blank lines follow.  Fills out (possibly partly on failure:
 * the caller frees it).  Returns 0, or -1 with err set. */
int hsf_read_particle_lines(hsf_cursor *c, size_t n, int dim, const hsf_line_format *f,
                            hsf_particle_set *out, hsf_error *err);

/* The value of key name (Properties, bonds, ...) on the current line (an
 * extended XYZ comment line), matched case-insensitively, quotes removed.
 * Returns 1 with *value set, or 0 if the line has no such key. */
int hsf_xyz_value(const hsf_cursor *c, const char *name, hsf_token *value);

/* The readers of the two formats, the cursor before the first line.  They
 * fill out, possibly partly on failure (the caller frees it).  Return 0, or
 * -1 with err set. */
int hsf_read_algs4(hsf_cursor *c, int dim, hsf_particle_set *out, hsf_error *err);
int hsf_read_xyz(hsf_cursor *c, int dim, hsf_particle_set *out, hsf_error *err);

#endif
