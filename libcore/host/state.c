/* An output's checkpoint record: bytes appended while saving, read back in
 * order while restoring (include/hsframe/state.h). */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "host/state_private.h"

void hsf_state_init_write(hsf_state *st)
{
    memset(st, 0, sizeof *st);
}

void hsf_state_init_read(hsf_state *st, const void *data, size_t size)
{
    memset(st, 0, sizeof *st);
    st->data = (unsigned char *)(size_t)data;
    st->size = size;
}

void hsf_state_free(hsf_state *st)
{
    if (st->cap)
        free(st->data);
    memset(st, 0, sizeof *st);
}

int hsf_state_put(hsf_state *st, const void *data, size_t size, hsf_error *err)
{
    if (size > st->cap - st->size) {
        size_t cap = st->cap ? st->cap : 256;
        while (cap - st->size < size) {
            if (cap > SIZE_MAX / 2)
                return hsf_error_set(err, "checkpoint record too large");
            cap *= 2;
        }
        unsigned char *grown = realloc(st->data, cap);
        if (!grown)
            return hsf_error_set(err, "out of memory for a checkpoint record of %zu bytes", cap);
        st->data = grown;
        st->cap = cap;
    }
    if (size)
        memcpy(st->data + st->size, data, size);
    st->size += size;
    return 0;
}

int hsf_state_get(hsf_state *st, void *data, size_t size, hsf_error *err)
{
    if (size > st->size - st->pos)
        return hsf_error_set(err, "its checkpoint record ends after %zu bytes, %zu more "
                             "expected (saved by another version of the plugin?)",
                             st->size, size - (st->size - st->pos));
    if (size)
        memcpy(data, st->data + st->pos, size);
    st->pos += size;
    return 0;
}

size_t hsf_state_left(const hsf_state *st)
{
    return st->size - st->pos;
}
