/* The host's side of hsf_state (include/hsframe/state.h): a growable
 * buffer while an output saves, a bounded cursor while it restores. */
#ifndef HSF_STATE_PRIVATE_H
#define HSF_STATE_PRIVATE_H

#include <stddef.h>

#include <hsframe/state.h>

struct hsf_state {
    unsigned char *data;    /* saving: owned, cap bytes; restoring: borrowed */
    size_t size;            /* bytes written, or bytes in the record */
    size_t cap;
    size_t pos;             /* restoring: bytes read so far */
};

/* An empty record to save into; release with hsf_state_free. */
void hsf_state_init_write(hsf_state *st);

/* A record of size bytes at data (not copied) to restore from. */
void hsf_state_init_read(hsf_state *st, const void *data, size_t size);

/* Frees what saving allocated. */
void hsf_state_free(hsf_state *st);

#endif
