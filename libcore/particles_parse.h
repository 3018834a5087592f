/* A cursor over a whole text file in memory, for the particle readers:
 * lines, whitespace-separated tokens, numbers, and messages that say
 * "path:line:column: expected ..., found ..." (private to libhsframe). */
#ifndef HSF_PARTICLES_PARSE_H
#define HSF_PARTICLES_PARSE_H

#include <stddef.h>
#include <stdint.h>

#include "particle.h"

typedef struct hsf_text {
    const char *path;
    char *buf;              /* the whole file, NUL-terminated */
    const char *next;       /* start of the next line */
    const char *line;       /* current line: [line, end) without the newline or CR */
    const char *end;
    const char *pos;        /* cursor within the current line */
    uint32_t lineno;        /* 1-based number of the current line */
} hsf_text;

/* Reads path whole.  Returns 0, or -1 with err set. */
int hsf_text_load(hsf_text *t, const char *path, hsf_error *err);
void hsf_text_free(hsf_text *t);

/* Moves to the next line; returns 0 at the end of the file. */
int hsf_text_next_line(hsf_text *t);

/* Moves to the next line that is not blank; returns 0 at the end. */
int hsf_text_next_content(hsf_text *t);

/* The next token of the current line: returns its length (0 at the end of
 * the line) and its start in *tok. */
size_t hsf_text_token(hsf_text *t, const char **tok);

/* The 1-based column of p on the current line. */
unsigned hsf_text_column(const hsf_text *t, const char *p);

/* Records "path:line:column: message" for position p (NULL: no column)
 * and returns -1. */
int hsf_text_error(const hsf_text *t, const char *p, hsf_error *err, const char *fmt, ...)
    HSF_PRINTF(4, 5);

/* Parses the next token as a finite number called what; on a missing or bad
 * token records "expected <what> (a number), found ..." and returns -1. */
int hsf_text_number(hsf_text *t, const char *what, double *out, hsf_error *err);

/* The readers of the two formats; t is positioned at the first line (the
 * count).  Same contract as hsf_read_particles. */
int hsf_read_algs4(hsf_text *t, int dim, hsf_particle_set *out, hsf_error *err);
int hsf_read_xyz(hsf_text *t, int dim, hsf_particle_set *out, hsf_error *err);

/* Reads the count line: a positive integer alone on the first non-blank
 * line.  Returns 0, or -1 with err set. */
int hsf_text_count(hsf_text *t, size_t *n, hsf_error *err);

/* Allocates a set of n particles for path.  Returns 0, or -1 with err set. */
int hsf_particle_set_alloc(hsf_particle_set *out, size_t n, int dim, const char *path,
                           hsf_error *err);

/* Checks radius > 0 and mass > 0 of particle p read from the current line,
 * whose radius and mass tokens start at rtok and mtok. */
int hsf_check_radius_mass(const hsf_text *t, const hsf_particle *p, const char *rtok,
                          const char *mtok, hsf_error *err);

#endif
