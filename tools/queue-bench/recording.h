/* Reading a queue recording ([queue] record = FILE; the format is in
 * docs/QUEUES.md, "Recorded workloads", and its writer is
 * libcore/event/queue_record.c). */
#ifndef QB_RECORDING_H
#define QB_RECORDING_H

#include <stddef.h>
#include <stdint.h>

enum {
    QB_OP_PUSH = 0x01, QB_OP_POP = 0x02, QB_OP_POP_EMPTY = 0x03, QB_OP_SET = 0x04,
    QB_OP_REMOVE = 0x05, QB_OP_FIRST = 0x06, QB_OP_FIRST_EMPTY = 0x07, QB_OP_PEEK = 0x08,
    QB_OP_PEEK_EMPTY = 0x09
};

/* One operation, decoded; what it gave when recorded for pop, first, peek. */
typedef struct qb_op {
    double time;
    uint64_t seq;       /* push, pop, set, peek */
    uint32_t key;       /* set, remove, first */
    uint8_t code;       /* QB_OP_* */
} qb_op;

typedef struct qb_recording {
    int indexed;        /* mode: 1 indexed, 0 push/pop */
    uint32_t nkeys;     /* indexed: the keys given to index_init */
    size_t most;        /* the most events held at once */
    qb_op *ops;         /* owned */
    size_t n_ops;
} qb_recording;

/* Reads and decodes path.  Returns 0, or -1 with msg (size len) saying
 * "path: byte OFFSET: expected ..., found ..." for a damaged or truncated
 * file. */
int qb_recording_read(const char *path, qb_recording *rec, char *msg, size_t len);

void qb_recording_free(qb_recording *rec);

#endif
