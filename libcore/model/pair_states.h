/* Which step of its potential each pair is inside (private to
 * libhsframe): the "captured" pairs of a stepped potential.  A hash table
 * of the pairs i < j whose shell is not 0, open addressing with linear
 * probing, at most half full. */
#ifndef HSF_PAIR_STATES_H
#define HSF_PAIR_STATES_H

#include <stddef.h>
#include <stdint.h>

#include <hsframe/error.h>

/* A slot: the pair and its shell side by side, one read per probe. */
typedef struct hsf_pair_slot {
    uint64_t key;           /* (i << 32 | j) + 1, 0 for an empty slot */
    uint32_t shell;
} hsf_pair_slot;

typedef struct hsf_pair_states {
    hsf_pair_slot *slot;
    size_t cap;             /* a power of two, or 0 */
    size_t count;
    /* The pair set last and its shell (0: forgotten): the two predictions
     * after a step event ask for it at once, the pair still on the step
     * by round-off, and find it here without a probe. */
    uint64_t last_key;
    unsigned last_shell;
} hsf_pair_states;

/* The shell of pair (i, j) in either order, 0 when not held. */
unsigned hsf_pair_state_get(const hsf_pair_states *ps, uint32_t i, uint32_t j);

/* Sets the shell of pair (i, j); 0 forgets it.  Returns 0, or -1 with err
 * set (out of memory). */
int hsf_pair_state_set(hsf_pair_states *ps, uint32_t i, uint32_t j, unsigned shell,
                       hsf_error *err);

/* Calls visit for every pair held (i < j), in the table's order. */
void hsf_pair_state_each(const hsf_pair_states *ps,
                         void (*visit)(void *ctx, uint32_t i, uint32_t j, unsigned shell),
                         void *ctx);

void hsf_pair_states_free(hsf_pair_states *ps);

#endif
