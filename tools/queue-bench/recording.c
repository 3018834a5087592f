/* Decoding a queue recording (recording.h). */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <zlib.h>

#include "recording.h"

/* A cursor over the file's bytes. */
typedef struct reader {
    const unsigned char *p;
    size_t at, size;
    const char *path;
    char *msg;
    size_t len;
} reader;

static int bad(reader *r, size_t at, const char *expected, const char *found)
{
    snprintf(r->msg, r->len, "%s: byte %zu: expected %s, found %s", r->path, at, expected,
             found);
    return -1;
}

static int varint(reader *r, uint64_t *v, const char *what)
{
    size_t start = r->at;
    *v = 0;
    for (int shift = 0; shift < 64; shift += 7) {
        if (r->at >= r->size)
            return bad(r, start, what, "the end of the file (truncated)");
        unsigned char b = r->p[r->at++];
        if (shift == 63 && b > 1)
            break;
        *v |= (uint64_t)(b & 0x7f) << shift;
        if (!(b & 0x80))
            return 0;
    }
    return bad(r, start, what, "a varint longer than 64 bits");
}

static int delta(reader *r, uint64_t *value, const char *what)
{
    uint64_t z;
    if (varint(r, &z, what))
        return -1;
    *value += (z >> 1) ^ (uint64_t)-(int64_t)(z & 1);
    return 0;
}

static int load(const char *path, unsigned char **data, size_t *size, char *msg, size_t len)
{
    FILE *f = fopen(path, "rb");
    if (!f) {
        snprintf(msg, len, "%s: cannot read: %s", path, strerror(errno));
        return -1;
    }
    size_t cap = 1 << 16, n = 0;
    unsigned char *buf = malloc(cap);
    for (;;) {
        if (!buf)
            break;
        n += fread(buf + n, 1, cap - n, f);
        if (n < cap)
            break;
        unsigned char *grown = realloc(buf, cap *= 2);
        if (!grown) {
            free(buf);
            buf = NULL;
        }
        buf = grown;
    }
    int failed = ferror(f);
    fclose(f);
    if (!buf || failed) {
        free(buf);
        snprintf(msg, len, "%s: %s", path, buf ? "read error" : "out of memory");
        return -1;
    }
    *data = buf;
    *size = n;
    return 0;
}

int qb_recording_read(const char *path, qb_recording *rec, char *msg, size_t len)
{
    memset(rec, 0, sizeof *rec);
    unsigned char *data;
    reader r = { .path = path, .msg = msg, .len = len };
    if (load(path, &data, &r.size, msg, len))
        return -1;
    r.p = data;
    int rc = -1;
    char found[64];
    if (r.size < 16 || memcmp(data, "HSFQREC", 8)) {
        bad(&r, 0, "a queue recording (16-byte header starting HSFQREC)",
            r.size < 16 ? "a shorter file" : "other bytes");
        goto out;
    }
    if (data[8] != 1) {
        snprintf(found, sizeof found, "version %u", data[8]);
        bad(&r, 8, "version 1", found);
        goto out;
    }
    if (data[9] > 1 || data[10] || data[11]) {
        snprintf(found, sizeof found, "%u %u %u", data[9], data[10], data[11]);
        bad(&r, 9, "mode 0 or 1 and two zero bytes", found);
        goto out;
    }
    rec->indexed = data[9];
    rec->nkeys = (uint32_t)data[12] | (uint32_t)data[13] << 8 | (uint32_t)data[14] << 16 |
                 (uint32_t)data[15] << 24;
    r.at = 16;
    /* At least one byte per operation. */
    size_t cap = 1024;
    if (!(rec->ops = malloc(cap * sizeof *rec->ops))) {
        snprintf(msg, len, "out of memory");
        goto out;
    }
    uint64_t bits = 0, seq = 0;
    size_t held = 0;
    for (;;) {
        size_t at = r.at;
        if (at >= r.size) {
            bad(&r, at, "an operation or the end mark", "the end of the file (truncated)");
            goto out;
        }
        unsigned code = data[r.at++];
        if (code == 0) {
            uint64_t count;
            if (varint(&r, &count, "the count of operations"))
                goto out;
            if (count != rec->n_ops) {
                snprintf(found, sizeof found, "%llu", (unsigned long long)count);
                char expected[64];
                snprintf(expected, sizeof expected, "the count of operations, %zu",
                         rec->n_ops);
                bad(&r, at + 1, expected, found);
                goto out;
            }
            size_t crc_at = r.at;
            if (r.size - crc_at < 4) {
                bad(&r, crc_at, "the 4-byte CRC-32", "the end of the file (truncated)");
                goto out;
            }
            uint32_t want = (uint32_t)crc32(crc32(0, NULL, 0), data, (uInt)crc_at);
            uint32_t got = (uint32_t)data[crc_at] | (uint32_t)data[crc_at + 1] << 8 |
                           (uint32_t)data[crc_at + 2] << 16 | (uint32_t)data[crc_at + 3] << 24;
            if (want != got) {
                char expected[96];
                snprintf(expected, sizeof expected, "CRC-32 0x%08x of bytes 0 to %zu", want,
                         crc_at - 1);
                snprintf(found, sizeof found, "0x%08x (a byte before it is damaged)", got);
                bad(&r, crc_at, expected, found);
                goto out;
            }
            if (crc_at + 4 != r.size) {
                bad(&r, crc_at + 4, "the end of the file after the CRC-32", "more bytes");
                goto out;
            }
            break;
        }
        int indexed_op = code >= QB_OP_SET && code <= QB_OP_FIRST_EMPTY;
        if (code > QB_OP_PEEK_EMPTY || indexed_op != rec->indexed) {
            snprintf(found, sizeof found, "opcode 0x%02x", code);
            bad(&r, at, rec->indexed ? "an indexed opcode (0x04 to 0x07) or 0x00"
                                     : "a push/pop opcode (0x01 to 0x03, 0x08, 0x09) or 0x00",
                found);
            goto out;
        }
        if (rec->n_ops == cap) {
            qb_op *grown = realloc(rec->ops, (cap *= 2) * sizeof *rec->ops);
            if (!grown) {
                snprintf(msg, len, "out of memory");
                goto out;
            }
            rec->ops = grown;
        }
        qb_op *o = &rec->ops[rec->n_ops++];
        memset(o, 0, sizeof *o);
        o->code = (uint8_t)code;
        int has_key = code == QB_OP_SET || code == QB_OP_REMOVE || code == QB_OP_FIRST;
        int has_time = code == QB_OP_PUSH || code == QB_OP_POP || code == QB_OP_SET ||
                       code == QB_OP_FIRST || code == QB_OP_PEEK;
        int has_seq = has_time && code != QB_OP_FIRST;
        if (has_key) {
            uint64_t key;
            if (varint(&r, &key, "a key"))
                goto out;
            if (key >= rec->nkeys) {
                snprintf(found, sizeof found, "key %llu", (unsigned long long)key);
                char expected[64];
                snprintf(expected, sizeof expected, "a key below %u", rec->nkeys);
                bad(&r, at + 1, expected, found);
                goto out;
            }
            o->key = (uint32_t)key;
        }
        if (has_time) {
            size_t t_at = r.at;
            if (delta(&r, &bits, "a time"))
                goto out;
            memcpy(&o->time, &bits, sizeof o->time);
            if (o->time != o->time || o->time - o->time != 0) {
                bad(&r, t_at, "a finite time", "NaN or infinity");
                goto out;
            }
        }
        if (has_seq && delta(&r, &seq, "a seq"))
            goto out;
        o->seq = has_seq ? seq : 0;
        held += code == QB_OP_PUSH;
        held -= code == QB_OP_POP && held;
        if (held > rec->most)
            rec->most = held;
    }
    if (rec->indexed)
        rec->most = rec->nkeys;
    rc = 0;
out:
    free(data);
    if (rc)
        qb_recording_free(rec);
    return rc;
}

void qb_recording_free(qb_recording *rec)
{
    free(rec->ops);
    memset(rec, 0, sizeof *rec);
}
