/* A plugin's part of a checkpoint: outputs since ABI 1.3, thermostats
 * since 1.5.
 *
 * When a run has a [checkpoint] section, the host saves the whole engine
 * at intervals and when it is stopped by a signal, and a later
 * `hsframe --resume FILE` continues it so that it ends bit for bit where
 * the uninterrupted run would have ended.  Each output adds what it has
 * accumulated (histograms, sums, positions of earlier samples, how far its
 * files are written) through its save member, and gets it back through
 * restore (output.h); so does a thermostat (thermostat.h).  The record is a plain sequence of bytes, read back
 * in the order it was written, on the same build and the same kind of
 * machine (the host refuses a checkpoint from another build), so that
 * copying a struct of numbers whole is fine.  Pointers are not: save what
 * they point to.  Files that grow during the run are saved with
 * hsf_atomic_save (io.h). */
#ifndef HSFRAME_STATE_H
#define HSFRAME_STATE_H

#include <stddef.h>

#include <hsframe/error.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Opaque, owned by the host: one plugin's record being written or read. */
typedef struct hsf_state hsf_state;

/* Appends size bytes from data to the record (data may be NULL if size is
 * 0).  Returns 0, or -1 with err set (out of memory). */
int hsf_state_put(hsf_state *st, const void *data, size_t size, hsf_error *err);

/* Copies the next size bytes of the record into data.  Returns 0, or -1
 * with err set when fewer than size bytes are left (a record written by
 * another version of the plugin); data is then unchanged. */
int hsf_state_get(hsf_state *st, void *data, size_t size, hsf_error *err);

/* Bytes of the record not yet read (when restoring), for a plugin that
 * wants to check a length it read before allocating for it. */
size_t hsf_state_left(const hsf_state *st);

#ifdef __cplusplus
}
#endif

#endif
