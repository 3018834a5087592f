/* Which step of its potential each pair is inside (private to
 * libhsframe): the "captured" pairs of a stepped potential.  A hash table
 * of the pairs i < j whose shell is not 0, open addressing with linear
 * probing, at most half full.
 *
 * The table outgrows the caches of a system that fits them (1 MB for the
 * square well of make bench-models, 4000 spheres), and each set missed
 * them.  So a set is written at the next one (or when the table is read
 * whole), its slot asked for now: the miss overlaps the events between. */
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
    /* The set not yet written (key 0: none); get finds it here. */
    uint64_t pending_key;
    unsigned pending_shell;
} hsf_pair_states;

/* The table's key of pair (i, j), in either order. */
static inline uint64_t hsf_pair_state_key(uint32_t i, uint32_t j)
{
    return i < j ? ((uint64_t)i << 32 | j) + 1 : ((uint64_t)j << 32 | i) + 1;
}

/* The shell of pair (i, j) in either order, 0 when not held. */
unsigned hsf_pair_state_get(const hsf_pair_states *ps, uint32_t i, uint32_t j);

/* Tells the table that pair (i, j) is in shell, as it holds it: the
 * next get of the pair finds it without a probe (a pair bounced at a
 * step is still on it by round-off, and its two predictions ask). */
static inline void hsf_pair_state_known(hsf_pair_states *ps, uint32_t i, uint32_t j,
                                        unsigned shell)
{
    ps->last_key = hsf_pair_state_key(i, j);
    ps->last_shell = shell;
}

/* Sets the shell of pair (i, j); 0 forgets it.  Returns 0, or -1 with err
 * set (out of memory; the table is as before). */
int hsf_pair_state_set(hsf_pair_states *ps, uint32_t i, uint32_t j, unsigned shell,
                       hsf_error *err);

/* Calls visit for every pair held (i < j), in the table's order. */
void hsf_pair_state_each(const hsf_pair_states *ps,
                         void (*visit)(void *ctx, uint32_t i, uint32_t j, unsigned shell),
                         void *ctx);

/* How many pairs are held. */
size_t hsf_pair_states_count(const hsf_pair_states *ps);

void hsf_pair_states_free(hsf_pair_states *ps);

#endif
