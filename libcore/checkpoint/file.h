/* The checkpoint file: a header, then tagged sections, checked by a CRC-32
 * of everything after the header (private to libhsframe).
 *
 *   bytes 0-7    "HSFCKPT\n"
 *         8-11   format version (HSF_CHECKPOINT_FORMAT)
 *         12-15  0x01020304 in the writer's byte order
 *         16-23  length of the sections that follow
 *         24-27  CRC-32 (zlib) of those bytes
 *         28-31  0
 *   sections     4-byte tag, 8-byte length, that many bytes
 *
 * Numbers are in the writer's byte order and the engine's records are
 * written as they are in memory, so a checkpoint is read by the build that
 * wrote it (the HEAD section says which; checkpoint.c compares it). */
#ifndef HSF_CHECKPOINT_FILE_H
#define HSF_CHECKPOINT_FILE_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include <hsframe/error.h>
#include <hsframe/io.h>

#define HSF_CHECKPOINT_FORMAT 4     /* 2: the run's wall time and checkpoint count;
                                       3: model runs' cell events keep a partner;
                                       4: the grid's anchor offsets by axis */
#define HSF_CHECKPOINT_HEADER 32

typedef struct hsf_ckpt_writer {
    hsf_atomic_file *file;  /* the temporary, renamed over the target when complete */
    char *target;
    FILE *f;
    uint32_t crc;
    uint64_t length;        /* bytes after the header so far */
} hsf_ckpt_writer;

/* Starts writing path (under a temporary name).  Returns 0, or -1 with
 * err set. */
int hsf_ckpt_create(hsf_ckpt_writer *w, const char *path, hsf_error *err);

/* Appends a section: tag (4 characters), then size bytes from data. */
void hsf_ckpt_section(hsf_ckpt_writer *w, const char *tag, const void *data, size_t size);

/* A section written in pieces: its header, then hsf_ckpt_put for exactly
 * size bytes. */
void hsf_ckpt_begin_section(hsf_ckpt_writer *w, const char *tag, uint64_t size);
void hsf_ckpt_put(hsf_ckpt_writer *w, const void *data, size_t size);

/* Completes the header, flushes the file to disk and renames it over the
 * target, so that a crash at any moment leaves either the previous file
 * or the new one, whole.  Returns 0, or -1 with err set (the target is
 * untouched then).  Frees w either way. */
int hsf_ckpt_commit(hsf_ckpt_writer *w, hsf_error *err);

/* Drops the temporary; the target is untouched. */
void hsf_ckpt_abort(hsf_ckpt_writer *w);

typedef struct hsf_ckpt_reader {
    unsigned char *data;    /* the whole file */
    size_t size, pos;
    char *path;
} hsf_ckpt_reader;

/* Reads path whole and checks its header, length and checksum.  Returns 0,
 * or -1 with err set to what is wrong: missing, truncated, not a
 * checkpoint, from a machine of another byte order, of a newer or older
 * format, or corrupted. */
int hsf_ckpt_open(hsf_ckpt_reader *r, const char *path, hsf_error *err);

/* The next section, which must have tag: sets *data (inside r) and *size.
 * Returns 0, or -1 with err set. */
int hsf_ckpt_next(hsf_ckpt_reader *r, const char *tag, const unsigned char **data,
                  size_t *size, hsf_error *err);

void hsf_ckpt_close(hsf_ckpt_reader *r);

#endif
