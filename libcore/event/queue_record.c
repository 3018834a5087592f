/* The recording queue (queue_record.h). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <zlib.h>

#include <hsframe/io.h>

#include "event/queue_record.h"

/* Operations are encoded into buf and written a buffer at a time; one
 * operation takes at most 1 + 3 * 10 bytes. */
#define BUF_SIZE 65536

struct hsf_queue_record {
    hsf_queue_type type;            /* the forwarding vtable; first member */
    const hsf_queue_type *inner;
    void *state;
    hsf_atomic_file *file;
    uint64_t ops;                   /* operations logged */
    uint64_t last_bits;             /* the previous time's bits: times are deltas */
    uint64_t last_seq;              /* the previous seq: seqs are deltas */
    uint32_t crc;                   /* CRC-32 of the bytes written so far */
    int write_error;
    size_t used;
    unsigned char buf[BUF_SIZE];
};

static void flush(hsf_queue_record *r)
{
    r->crc = (uint32_t)crc32(r->crc, r->buf, (uInt)r->used);
    if (r->used && fwrite(r->buf, 1, r->used, hsf_atomic_stream(r->file)) != r->used)
        r->write_error = 1;
    r->used = 0;
}

static void varint(hsf_queue_record *r, uint64_t v)
{
    while (v >= 0x80) {
        r->buf[r->used++] = (unsigned char)(v | 0x80);
        v >>= 7;
    }
    r->buf[r->used++] = (unsigned char)v;
}

/* A signed difference as an unsigned varint: 0, -1, 1, -2 ... -> 0, 1, 2, 3 ... */
static void zigzag(hsf_queue_record *r, uint64_t now, uint64_t before)
{
    int64_t d = (int64_t)(now - before);
    varint(r, ((uint64_t)d << 1) ^ (uint64_t)(d >> 63));
}

static void op(hsf_queue_record *r, int code)
{
    if (r->used > BUF_SIZE - 32)
        flush(r);
    r->buf[r->used++] = (unsigned char)code;
    r->ops++;
}

static void put_time(hsf_queue_record *r, double t)
{
    uint64_t bits;
    memcpy(&bits, &t, sizeof bits);
    zigzag(r, bits, r->last_bits);
    r->last_bits = bits;
}

static void put_seq(hsf_queue_record *r, uint64_t seq)
{
    zigzag(r, seq, r->last_seq);
    r->last_seq = seq;
}

/* ---- the forwarding vtable --------------------------------------------- */

static int rec_init(void *q, const hsf_config *cfg, size_t size_hint, hsf_error *err)
{
    (void)q, (void)cfg, (void)size_hint, (void)err;
    return 0;
}

static void rec_fini(void *q)
{
    (void)q;
}

static int rec_push(void *q, const hsf_event *ev, hsf_error *err)
{
    hsf_queue_record *r = q;
    if (r->inner->push(r->state, ev, err))
        return -1;
    op(r, HSF_QREC_PUSH);
    put_time(r, ev->time);
    put_seq(r, ev->seq);
    return 0;
}

static int rec_pop(void *q, hsf_event *out)
{
    hsf_queue_record *r = q;
    if (!r->inner->pop(r->state, out)) {
        op(r, HSF_QREC_POP_EMPTY);
        return 0;
    }
    op(r, HSF_QREC_POP);
    put_time(r, out->time);
    put_seq(r, out->seq);
    return 1;
}

static const hsf_event *rec_peek(void *q)
{
    hsf_queue_record *r = q;
    const hsf_event *ev = r->inner->peek(r->state);
    if (!ev) {
        op(r, HSF_QREC_PEEK_EMPTY);
        return NULL;
    }
    op(r, HSF_QREC_PEEK);
    put_time(r, ev->time);
    put_seq(r, ev->seq);
    return ev;
}

static size_t rec_size(const void *q)
{
    const hsf_queue_record *r = q;
    return r->inner->size(r->state);
}

static int rec_index_init(void *q, uint32_t nkeys, hsf_error *err)
{
    (void)q, (void)nkeys, (void)err;
    return 0;   /* done on the inner queue before recording */
}

static int rec_index_set(void *q, uint32_t key, double time, uint64_t seq, hsf_error *err)
{
    hsf_queue_record *r = q;
    if (r->inner->index_set(r->state, key, time, seq, err))
        return -1;
    op(r, HSF_QREC_SET);
    varint(r, key);
    put_time(r, time);
    put_seq(r, seq);
    return 0;
}

static void rec_index_remove(void *q, uint32_t key)
{
    hsf_queue_record *r = q;
    r->inner->index_remove(r->state, key);
    op(r, HSF_QREC_REMOVE);
    varint(r, key);
}

static int rec_index_first(const void *q, uint32_t *key, double *time)
{
    /* Logging writes to the recorder, which the const of the vtable's
     * signature does not cover: the recorder is never in read-only memory. */
    hsf_queue_record *r = (hsf_queue_record *)(uintptr_t)q;
    if (!r->inner->index_first(r->state, key, time)) {
        op(r, HSF_QREC_FIRST_EMPTY);
        return 0;
    }
    op(r, HSF_QREC_FIRST);
    varint(r, *key);
    put_time(r, *time);
    return 1;
}

static uint32_t rec_index_upcoming(const void *q, uint32_t *keys, uint32_t max)
{
    const hsf_queue_record *r = q;
    return r->inner->index_upcoming(r->state, keys, max);
}

static void rec_index_prefetch(const void *q, uint32_t key)
{
    const hsf_queue_record *r = q;
    r->inner->index_prefetch(r->state, key);
}

/* ---- opening and closing ----------------------------------------------- */

static void put_u32(unsigned char *p, uint32_t v)
{
    for (int k = 0; k < 4; k++)
        p[k] = (unsigned char)(v >> (8 * k));
}

hsf_queue_record *hsf_queue_record_open(const char *path, const hsf_queue_type *inner,
                                        void *inner_state, int indexed, uint32_t nkeys,
                                        hsf_error *err)
{
    hsf_queue_record *r = calloc(1, sizeof *r);
    if (!r) {
        hsf_error_set(err, "[queue] record: out of memory");
        return NULL;
    }
    if (!(r->file = hsf_atomic_open(path, err))) {
        free(r);
        return NULL;
    }
    r->inner = inner;
    r->state = inner_state;
    r->type = (hsf_queue_type){
        .state_size = sizeof *r, .init = rec_init, .fini = rec_fini, .push = rec_push,
        .pop = rec_pop, .peek = rec_peek, .size = rec_size };
    if (indexed) {
        r->type.index_init = rec_index_init;
        r->type.index_set = rec_index_set;
        r->type.index_remove = rec_index_remove;
        r->type.index_first = rec_index_first;
        r->type.index_upcoming = inner->index_upcoming ? rec_index_upcoming : NULL;
        r->type.index_prefetch = inner->index_prefetch ? rec_index_prefetch : NULL;
    }
    /* The header: magic, version, mode, two zero bytes, key count. */
    memcpy(r->buf, HSF_QREC_MAGIC, 8);
    r->buf[8] = HSF_QREC_VERSION;
    r->buf[9] = indexed ? 1 : 0;
    put_u32(r->buf + 12, indexed ? nkeys : 0);
    r->used = 16;
    r->crc = (uint32_t)crc32(0, NULL, 0);
    return r;
}

const hsf_queue_type *hsf_queue_record_type(const hsf_queue_record *rec)
{
    return &rec->type;
}

int hsf_queue_record_commit(hsf_queue_record *r, hsf_error *err)
{
    uint64_t ops = r->ops;
    op(r, HSF_QREC_END);
    varint(r, ops);
    flush(r);
    put_u32(r->buf, r->crc);
    r->used = 4;
    if (fwrite(r->buf, 1, 4, hsf_atomic_stream(r->file)) != 4)
        r->write_error = 1;
    int rc;
    if (r->write_error) {
        hsf_atomic_abort(r->file);
        rc = hsf_error_set(err, "[queue] record: write error");
    } else {
        rc = hsf_atomic_commit(r->file, err);
    }
    free(r);
    return rc;
}

void hsf_queue_record_abort(hsf_queue_record *r)
{
    if (!r)
        return;
    hsf_atomic_abort(r->file);
    free(r);
}
