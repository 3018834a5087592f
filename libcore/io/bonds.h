/* Bonds files: which particles are held together (private to libhsframe). */
#ifndef HSF_BONDS_H
#define HSF_BONDS_H

#include <stddef.h>
#include <stdint.h>

#include <hsframe/error.h>

struct hsf_cursor;

/* One bond: particles i < j (0-based) and its length (a tether's maximum
 * length, a spring's rest length), in the units of the particle file. */
typedef struct hsf_bond {
    uint32_t i, j;
    double length;
} hsf_bond;

/* Reads a bonds file: one bond per line, "i j" or "i j length", where i
 * and j are particle numbers counted from 0 in the order of the particle
 * file (below n) and length > 0; a line without a length takes
 * default_length, which must then be > 0.  '#' starts a comment; blank
 * lines are skipped.  Refuses i = j, numbers beyond n - 1 and a pair given
 * twice, with "path:line:column: expected ..., found ...".  Returns 0 and
 * sets *out (malloc'ed, sorted by (i, j), the caller frees it) and *count,
 * or -1 with err set (nothing allocated). */
int hsf_read_bonds(const char *path, size_t n, double default_length, hsf_bond **out,
                   size_t *count, hsf_error *err);

/* Parses the bonds an extended XYZ comment line carries (hsframe writes
 * them so: bonds="i j length, i j length, ..."): text[0, len) is the
 * value within line (the cursor on that line, for messages).  The same
 * checks and result as hsf_read_bonds, every bond with its length. */
int hsf_parse_bonds(const struct hsf_cursor *line, const char *text, size_t len, size_t n,
                    hsf_bond **out, size_t *count, hsf_error *err);

#endif
