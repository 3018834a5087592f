/* File helpers for output plugins: atomic files and the particle formats
 * that hsframe reads back as input. */
#ifndef HSFRAME_IO_H
#define HSFRAME_IO_H

#include <stdio.h>

#include <hsframe/error.h>
#include <hsframe/state.h>
#include <hsframe/system.h>

#ifdef __cplusplus
extern "C" {
#endif

/* A file written under a temporary name in the same directory and renamed
 * over the final name only when committed, so readers never see a partial
 * file.  Opaque. */
typedef struct hsf_atomic_file hsf_atomic_file;

/* Creates the temporary file for path.  Returns a handle owned by the caller
 * (release it with hsf_atomic_commit or hsf_atomic_abort), or NULL with err
 * set when the directory cannot be written or path is a directory. */
hsf_atomic_file *hsf_atomic_open(const char *path, hsf_error *err);

/* Checks, without leaving anything behind, that path can be written
 * atomically (its directory exists and is writable, and path is not a
 * directory): for an output's init,
 * so that a bad path is reported before the run.  Returns 0, or -1 with err
 * set. */
int hsf_atomic_check(const char *path, hsf_error *err);

/* The stream to write to; owned by the handle. */
FILE *hsf_atomic_stream(hsf_atomic_file *f);

/* Flushes, closes and renames the temporary file to its final name, then
 * frees f.  Returns 0, or -1 with err set (the temporary is removed, an
 * earlier file of the final name is left as it was). */
int hsf_atomic_commit(hsf_atomic_file *f, hsf_error *err);

/* Closes and removes the temporary file and frees f.  f may be NULL. */
void hsf_atomic_abort(hsf_atomic_file *f);

/* For an output's save (ABI 1.3, state.h): flushes f to disk and records
 * in st the temporary file's name and length.  From then on the temporary
 * file is kept when f is aborted (the run stopped), so that a resume can
 * go on writing it; hsf_atomic_commit still renames it as usual.  Returns
 * 0, or -1 with err set (write error, out of memory). */
int hsf_atomic_save(hsf_atomic_file *f, hsf_state *st, hsf_error *err);

/* For an output's restore: reopens the temporary file recorded by
 * hsf_atomic_save, cuts it back to the recorded length (anything written
 * after the checkpoint is dropped) and returns a handle positioned at its
 * end, to be committed to path as hsf_atomic_open's would be.  Returns
 * NULL with err set when the file is missing or shorter than recorded. */
hsf_atomic_file *hsf_atomic_resume(const char *path, hsf_state *st, hsf_error *err);

/* Writes the current state in the algs4 text format (N, then
 * "rx ry vx vy radius mass r g b" per line), 2D only, with every number
 * printed so that reading it back gives the same bits.  Returns 0, or -1
 * with err set (3D system, write error). */
int hsf_write_algs4(FILE *out, const hsf_system *sys, hsf_error *err);

/* Writes one extended XYZ frame of the current state: the count line; a
 * comment line with Lattice, Origin, Properties
 * (species:S:1:pos:R:3:velo:R:3:radius:R:1:mass:R:1:color:R:3, then
 * image:I:3 for a periodic boundary: the periodic images crossed, so that
 * unwrapped positions are pos + image * side), Time, pbc and, when the
 * system has bonds, bonds="i j length, ..."; then one line per particle.
 * The species column holds the input's species names (hsf_system_species_name)
 * or, when the input named none, letters A, B, ... for the distinct
 * (radius, mass) classes in order of first appearance (X beyond Z).  Numbers
 * round-trip exactly, so hsframe reads the frame back as input.  Returns
 * 0, or -1 with err set on a write error. */
int hsf_write_xyz(FILE *out, const hsf_system *sys, hsf_error *err);

#ifdef __cplusplus
}
#endif

#endif
