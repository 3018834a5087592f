/* The table of captured pairs (pair_states.h). */
#include <stdlib.h>

#include <hsframe/prefetch.h>

#include "host/error_private.h"
#include "model/pair_states.h"

static uint64_t pair_key(uint32_t i, uint32_t j)
{
    return hsf_pair_state_key(i, j);
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
    if (key == ps->pending_key)
        return ps->pending_shell;
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

/* Writes the pending set into the table.  Its room was made when it was
 * set: this cannot fail. */
static void settle(hsf_pair_states *ps)
{
    uint64_t key = ps->pending_key;
    if (!key)
        return;
    ps->pending_key = 0;
    if (!ps->pending_shell) {
        if (ps->count) {
            size_t k = find(ps, key);
            if (ps->slot[k].key)
                remove_at(ps, k);
        }
        return;
    }
    size_t k = find(ps, key);
    if (!ps->slot[k].key) {
        ps->slot[k].key = key;
        ps->count++;
    }
    ps->slot[k].shell = ps->pending_shell;
}

/* Reading the table whole settles the pending set first: that changes
 * nothing any reader sees, hence the const of the readers. */
static const hsf_pair_states *settled(const hsf_pair_states *ps)
{
    settle((hsf_pair_states *)ps);
    return ps;
}

int hsf_pair_state_set(hsf_pair_states *ps, uint32_t i, uint32_t j, unsigned shell,
                       hsf_error *err)
{
    uint64_t key = pair_key(i, j);
    settle(ps);
    /* The table grows when the set is made, as if it were written now: the
     * same table, slot for slot. */
    if (shell && 2 * (ps->count + 1) > ps->cap && grow(ps, err))
        return -1;
    ps->pending_key = key;
    ps->pending_shell = shell;
    ps->last_key = key;
    ps->last_shell = shell;
    if (ps->cap)
        hsf_prefetch(&ps->slot[home(ps, key)]);
    return 0;
}

void hsf_pair_state_each(const hsf_pair_states *ps,
                         void (*visit)(void *ctx, uint32_t i, uint32_t j, unsigned shell),
                         void *ctx)
{
    ps = settled(ps);
    for (size_t k = 0; k < ps->cap; k++)
        if (ps->slot[k].key) {
            uint64_t key = ps->slot[k].key - 1;
            visit(ctx, (uint32_t)(key >> 32), (uint32_t)key, ps->slot[k].shell);
        }
}

size_t hsf_pair_states_count(const hsf_pair_states *ps)
{
    return settled(ps)->count;
}

void hsf_pair_states_free(hsf_pair_states *ps)
{
    free(ps->slot);
    *ps = (hsf_pair_states){ 0 };
}
