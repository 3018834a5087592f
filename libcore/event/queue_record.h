/* [queue] record = FILE: a queue that forwards every call to the run's
 * queue and logs the calls that change or read its order (push, pop,
 * peek, index_set, index_remove, index_first) with their keys, times and
 * seqs, for hsframe-queue-bench --replay.  Installed only when the key is
 * set, so a run without it pays nothing.  The format is in docs/QUEUES.md
 * ("Recorded workloads").  Private to libhsframe. */
#ifndef HSF_QUEUE_RECORD_H
#define HSF_QUEUE_RECORD_H

#include <stdint.h>

#include <hsframe/error.h>
#include <hsframe/queue.h>

/* The format's constants (docs/QUEUES.md). */
#define HSF_QREC_MAGIC "HSFQREC"   /* 7 bytes and a NUL */
#define HSF_QREC_VERSION 1
enum {
    HSF_QREC_END = 0x00,           /* count of operations before it, CRC-32 */
    HSF_QREC_PUSH = 0x01,          /* time, seq */
    HSF_QREC_POP = 0x02,           /* time, seq of the event popped */
    HSF_QREC_POP_EMPTY = 0x03,
    HSF_QREC_SET = 0x04,           /* key, time, seq */
    HSF_QREC_REMOVE = 0x05,        /* key */
    HSF_QREC_FIRST = 0x06,         /* key, time of the first */
    HSF_QREC_FIRST_EMPTY = 0x07,
    HSF_QREC_PEEK = 0x08,          /* time, seq of the first */
    HSF_QREC_PEEK_EMPTY = 0x09
};

typedef struct hsf_queue_record hsf_queue_record;

/* Starts recording calls to the queue inner (state inner_state, already
 * initialised; with indexed, its index_init already called with nkeys)
 * into a temporary beside path.  Returns the recorder, owned by the
 * caller, or NULL with err set (path not writable, out of memory). */
hsf_queue_record *hsf_queue_record_open(const char *path, const hsf_queue_type *inner,
                                        void *inner_state, int indexed, uint32_t nkeys,
                                        hsf_error *err);

/* The queue to use instead of inner: its state is rec itself.  Its fini
 * does nothing (the caller finishes inner); the hints index_upcoming and
 * index_prefetch are forwarded and not recorded.  Owned by rec. */
const hsf_queue_type *hsf_queue_record_type(const hsf_queue_record *rec);

/* Ends the recording and renames it to its path, then frees rec.
 * Returns 0, or -1 with err set (write error: no file is left). */
int hsf_queue_record_commit(hsf_queue_record *rec, hsf_error *err);

/* Drops the recording (no file) and frees rec; rec may be NULL. */
void hsf_queue_record_abort(hsf_queue_record *rec);

#endif
