/* Reading STL files (ASCII and binary) into a soup of triangles, for the
 * mesh boundary.  Private to the plugin. */
#ifndef HSF_STL_READ_H
#define HSF_STL_READ_H

#include <stddef.h>

#include <hsframe/error.h>

typedef struct stl_soup {
    size_t n;           /* triangles */
    double *xyz;        /* 9 n coordinates: triangle k's corners at 9 k, 9 k + 3, 9 k + 6 */
    long *where;        /* n: the line of "facet" (ASCII) or the byte offset (binary) */
    int binary;         /* 1 for a binary file: where holds offsets */
} stl_soup;

/* Reads path.  A file is binary when its size is 84 + 50 N for the count N
 * at byte 80, or when it does not begin with "solid" (after a UTF-8
 * byte-order mark and blanks) and its first 84 bytes hold a zero byte, as
 * the count's high byte is; else ASCII when it begins with "solid"; else
 * not an STL file ("path: not an STL file: expected 'solid' ...").  The
 * normals of the file are ignored (the plugin computes its own).  Returns
 * 0 with s filled (the caller frees with stl_soup_free), or -1 with err
 * set ("path:line: expected 'vertex x y z', found 'endloop'" or "path:
 * byte 184: truncated: expected 12 triangles (684 bytes), found 400
 * bytes") and s empty. */
int stl_read(const char *path, stl_soup *s, hsf_error *err);

void stl_soup_free(stl_soup *s);

#endif
