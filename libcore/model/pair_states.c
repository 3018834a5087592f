/* The table of captured pairs (pair_states.h). */
#include <stdlib.h>

#include "host/error_private.h"
#include "model/pair_states.h"

static uint64_t pair_key(uint32_t i, uint32_t j)
{
    return i < j ? ((uint64_t)i << 32 | j) + 1 : ((uint64_t)j << 32 | i) + 1;
}

/* Fibonacci hashing: the high bits of key times 2^64 / golden ratio. */
static size_t home(const hsf_pair_states *ps, uint64_t key)
{
    return (size_t)((key * 0x9E3779B97F4A7C15ull) >> 32) & (ps->cap - 1);
}

/* The slot holding key, or the empty slot where it would go. */
static size_t find(const hsf_pair_states *ps, uint64_t key)
{
    size_t k = home(ps, key);
    while (ps->slot[k].key && ps->slot[k].key != key)
        k = (k + 1) & (ps->cap - 1);
    return k;
}

unsigned hsf_pair_state_get(const hsf_pair_states *ps, uint32_t i, uint32_t j)
{
    uint64_t key = pair_key(i, j);
    if (key == ps->last_key)
        return ps->last_shell;
    if (!ps->count)
        return 0;
    size_t k = find(ps, key);
    return ps->slot[k].key ? ps->slot[k].shell : 0;
}

static int grow(hsf_pair_states *ps, hsf_error *err)
{
    size_t cap = ps->cap ? 2 * ps->cap : 1024;
    hsf_pair_states bigger = { .slot = calloc(cap, sizeof *bigger.slot), .cap = cap,
                               .count = ps->count };
    if (!bigger.slot)
        return hsf_error_set(err, "out of memory for %zu captured pairs", ps->count);
    for (size_t k = 0; k < ps->cap; k++)
        if (ps->slot[k].key)
            bigger.slot[find(&bigger, ps->slot[k].key)] = ps->slot[k];
    hsf_pair_states_free(ps);
    *ps = bigger;
    return 0;
}

/* Empties slot k, moving back the entries after it that would no longer
 * be found (deletion without tombstones). */
static void remove_at(hsf_pair_states *ps, size_t k)
{
    size_t mask = ps->cap - 1, next = (k + 1) & mask;
    while (ps->slot[next].key) {
        size_t h = home(ps, ps->slot[next].key);
        /* next may move to k if its home is not within (k, next]. */
        if (((next - h) & mask) >= ((next - k) & mask)) {
            ps->slot[k] = ps->slot[next];
            k = next;
        }
        next = (next + 1) & mask;
    }
    ps->slot[k].key = 0;
    ps->count--;
}

int hsf_pair_state_set(hsf_pair_states *ps, uint32_t i, uint32_t j, unsigned shell,
                       hsf_error *err)
{
    uint64_t key = pair_key(i, j);
    if (!shell) {
        if (ps->count) {
            size_t k = find(ps, key);
            if (ps->slot[k].key)
                remove_at(ps, k);
        }
        ps->last_key = key;
        ps->last_shell = 0;
        return 0;
    }
    if (2 * (ps->count + 1) > ps->cap && grow(ps, err))
        return -1;
    size_t k = find(ps, key);
    if (!ps->slot[k].key) {
        ps->slot[k].key = key;
        ps->count++;
    }
    ps->slot[k].shell = shell;
    ps->last_key = key;
    ps->last_shell = shell;
    return 0;
}

void hsf_pair_state_each(const hsf_pair_states *ps,
                         void (*visit)(void *ctx, uint32_t i, uint32_t j, unsigned shell),
                         void *ctx)
{
    for (size_t k = 0; k < ps->cap; k++)
        if (ps->slot[k].key) {
            uint64_t key = ps->slot[k].key - 1;
            visit(ctx, (uint32_t)(key >> 32), (uint32_t)key, ps->slot[k].shell);
        }
}

void hsf_pair_states_free(hsf_pair_states *ps)
{
    free(ps->slot);
    *ps = (hsf_pair_states){ 0 };
}
