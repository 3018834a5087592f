/* libFuzzer target: the checkpoint reader.  Each input is read twice: as
 * it is (the header's checks: magic, format, byte order, length, CRC),
 * and with a header made valid for it, so that the sections behind the
 * CRC are reached too: their frame (tag, length), and the records that
 * outputs read back (hsf_state_get, hsf_atomic_resume's record of a
 * partly written file). */
#include <stdint.h>
#include <zlib.h>

#include <hsframe/io.h>

#include "checkpoint/file.h"
#include "host/state_private.h"
#include "host/error_private.h"
#include "fuzz_file.h"

static void read_sections(hsf_ckpt_reader *r)
{
    hsf_error err;
    while (r->size - r->pos >= 4) {
        char tag[5] = { 0 };
        memcpy(tag, r->data + r->pos, 4);
        const unsigned char *d;
        size_t size;
        if (hsf_ckpt_next(r, tag, &d, &size, &err))
            return;
        /* Read the section as an output's record: a length-prefixed name
         * and a length, then numbers, until it runs out. */
        hsf_state st;
        hsf_state_init_read(&st, d, size);
        hsf_atomic_file *f = hsf_atomic_resume("/nonexistent/fuzz.csv", &st, &err);
        hsf_atomic_abort(f);
        double x;
        while (!hsf_state_get(&st, &x, sizeof x, &err))
            ;
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    hsf_ckpt_reader r;
    hsf_error err;
    const char *path = fuzz_write_file("raw.ckpt", data, size);
    if (!hsf_ckpt_open(&r, path, &err)) {
        read_sections(&r);
        hsf_ckpt_close(&r);
    }
    /* The same bytes behind a valid header. */
    uint8_t *fixed = malloc(HSF_CHECKPOINT_HEADER + size + 1);
    if (!fixed)
        return 0;
    uint32_t format = HSF_CHECKPOINT_FORMAT, order = 0x01020304, zero = 0;
    uint64_t length = size;
    uint32_t crc = (uint32_t)crc32(crc32(0, NULL, 0), data, (uInt)size);
    memcpy(fixed, "HSFCKPT\n", 8);
    memcpy(fixed + 8, &format, 4);
    memcpy(fixed + 12, &order, 4);
    memcpy(fixed + 16, &length, 8);
    memcpy(fixed + 24, &crc, 4);
    memcpy(fixed + 28, &zero, 4);
    memcpy(fixed + HSF_CHECKPOINT_HEADER, data, size);
    path = fuzz_write_file("fixed.ckpt", fixed, HSF_CHECKPOINT_HEADER + size);
    free(fixed);
    if (hsf_ckpt_open(&r, path, &err))
        __builtin_trap();   /* a valid header must be accepted */
    read_sections(&r);
    hsf_ckpt_close(&r);
    return 0;
}
