/* The 4-ary heap of the indexed queues (ABI 1.1): binary_heap's index and
 * the calendar's front.  One entry per key, (time, key) in 16 bytes, each
 * family of four children in one cache line when the array is aligned so;
 * ties in time go to the smaller seq.  A key's seq and its place in the
 * heap live in its queue's own records, wherever they suit it, so the
 * includer says where:
 *
 *     #define IH_OWNER       the type that holds the heap and the keys' records
 *     #define IH_SLOTS(o)    the heap: an array of ih_slot, room for every key
 *     #define IH_COUNT(o)    the entries held (uint32_t, the first of IH_SLOTS)
 *     #define IH_SEQ(o, k)   key k's seq (uint64_t), read on equal times
 *     #define IH_POS(o, k)   key k's place in the heap (uint32_t, written)
 *     #include "../index_heap.h"
 *
 * after the owner's definition (which may point to its entries as struct
 * ih_slot before this header completes the type), and gets static
 * functions compiled into the plugin with its own accessors (a function
 * pointer or a stride read at run time would cost each step of a sift).  Internal to
 * the queue plugins; nothing here is exported. */
#ifndef HSF_INDEX_HEAP_H
#define HSF_INDEX_HEAP_H

#include <stdint.h>

#if !defined(IH_OWNER) || !defined(IH_SLOTS) || !defined(IH_COUNT) || !defined(IH_SEQ) || \
    !defined(IH_POS)
#error "define IH_OWNER, IH_SLOTS, IH_COUNT, IH_SEQ and IH_POS before including index_heap.h"
#endif

/* An entry: the key's time, copied so that the heap reads only itself. */
typedef struct ih_slot {
    double time;
    uint32_t key;
    uint32_t unused;
} ih_slot;

static inline int ih_before(const IH_OWNER *o, const ih_slot *a, const ih_slot *b)
{
    return a->time < b->time || (a->time == b->time && IH_SEQ(o, a->key) < IH_SEQ(o, b->key));
}

static inline void ih_place(IH_OWNER *o, uint32_t i, ih_slot e)
{
    IH_SLOTS(o)[i] = e;
    IH_POS(o, e.key) = i;
}

/* Puts e at place i or above it, moving the parents it passes down. */
static void ih_sift_up(IH_OWNER *o, uint32_t i, ih_slot e)
{
    while (i > 0) {
        uint32_t parent = (i - 1) / 4;
        if (!ih_before(o, &e, &IH_SLOTS(o)[parent]))
            break;
        ih_place(o, i, IH_SLOTS(o)[parent]);
        i = parent;
    }
    ih_place(o, i, e);
}

/* Puts e at place i or below it, moving the earliest child up at each
 * level. */
static void ih_sift_down(IH_OWNER *o, uint32_t i, ih_slot e)
{
    uint32_t n = IH_COUNT(o);
    for (;;) {
        uint32_t c = 4 * i + 1;
        if (c >= n)
            break;
        uint32_t end = c + 4 < n ? c + 4 : n, best = c;
        for (uint32_t k = c + 1; k < end; k++)
            if (ih_before(o, &IH_SLOTS(o)[k], &IH_SLOTS(o)[best]))
                best = k;
        if (!ih_before(o, &IH_SLOTS(o)[best], &e))
            break;
        ih_place(o, i, IH_SLOTS(o)[best]);
        i = best;
    }
    ih_place(o, i, e);
}

/* Adds e (its key not held). */
static inline void ih_insert(IH_OWNER *o, ih_slot e)
{
    ih_sift_up(o, IH_COUNT(o)++, e);
}

/* Takes the entry at place i out: the last entry takes the hole, then
 * finds its place either way. */
static void ih_remove_at(IH_OWNER *o, uint32_t i)
{
    ih_slot last = IH_SLOTS(o)[--IH_COUNT(o)];
    if (i == IH_COUNT(o))
        return;
    if (i > 0 && ih_before(o, &last, &IH_SLOTS(o)[(i - 1) / 4]))
        ih_sift_up(o, i, last);
    else
        ih_sift_down(o, i, last);
}

/* The root's children, up to max of them, into keys: the second key is
 * one of them. */
static inline uint32_t ih_upcoming(const IH_OWNER *o, uint32_t *keys, uint32_t max)
{
    uint32_t count = 0;
    for (uint32_t i = 1; i < IH_COUNT(o) && i <= 4 && count < max; i++)
        keys[count++] = IH_SLOTS(o)[i].key;
    return count;
}

#endif
