/* The 4-ary heap of the indexed queues (ABI 1.1): binary_heap's index and
 * the calendar's front.  One entry per key, (time, key) in 16 bytes, each
 * family of four children in one cache line when the array is aligned so;
 * ties in time go to the smaller seq.  A key's seq and its place in the
 * heap live in its queue's own records, wherever they suit it, so the
 * includer says where:
 *
 *     #define IH_OWNER      the type that holds the keys' records
 *     #define IH_SEQ(o, k)  key k's seq (uint64_t), read on equal times
 *     #define IH_POS(o, k)  key k's place in the heap (uint32_t, written)
 *     #include "../index_heap.h"
 *
 * after the owner's definition (which may point to its entries as struct
 * ih_slot before this header completes the type), and gets static functions over an array s of ih_slot holding n entries,
 * compiled into the plugin with its own accessors (a function pointer or a
 * stride read at run time would cost each step of a sift).  Internal to
 * the queue plugins; nothing here is exported. */
#ifndef HSF_INDEX_HEAP_H
#define HSF_INDEX_HEAP_H

#include <stdint.h>

#if !defined(IH_OWNER) || !defined(IH_SEQ) || !defined(IH_POS)
#error "define IH_OWNER, IH_SEQ and IH_POS before including index_heap.h"
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

static inline void ih_place(IH_OWNER *o, ih_slot *s, uint32_t i, ih_slot e)
{
    s[i] = e;
    IH_POS(o, e.key) = i;
}

/* Puts e at place i or above it, moving the parents it passes down. */
static void ih_sift_up(IH_OWNER *o, ih_slot *s, uint32_t i, ih_slot e)
{
    while (i > 0) {
        uint32_t parent = (i - 1) / 4;
        if (!ih_before(o, &e, &s[parent]))
            break;
        ih_place(o, s, i, s[parent]);
        i = parent;
    }
    ih_place(o, s, i, e);
}

/* Puts e at place i or below it in a heap of n entries, moving the
 * earliest child up at each level. */
static void ih_sift_down(IH_OWNER *o, ih_slot *s, uint32_t n, uint32_t i, ih_slot e)
{
    for (;;) {
        uint32_t c = 4 * i + 1;
        if (c >= n)
            break;
        uint32_t end = c + 4 < n ? c + 4 : n, best = c;
        for (uint32_t k = c + 1; k < end; k++)
            if (ih_before(o, &s[k], &s[best]))
                best = k;
        if (!ih_before(o, &s[best], &e))
            break;
        ih_place(o, s, i, s[best]);
        i = best;
    }
    ih_place(o, s, i, e);
}

/* Takes the entry at place i out of a heap of *n: the last entry takes
 * the hole, then finds its place either way. */
static void ih_remove_at(IH_OWNER *o, ih_slot *s, uint32_t *n, uint32_t i)
{
    ih_slot last = s[--*n];
    if (i == *n)
        return;
    if (i > 0 && ih_before(o, &last, &s[(i - 1) / 4]))
        ih_sift_up(o, s, i, last);
    else
        ih_sift_down(o, s, *n, i, last);
}

/* The root's children, up to max of them, into keys: the second key is
 * one of them. */
static inline uint32_t ih_upcoming(const ih_slot *s, uint32_t n, uint32_t *keys, uint32_t max)
{
    uint32_t count = 0;
    for (uint32_t i = 1; i < n && i <= 4 && count < max; i++)
        keys[count++] = s[i].key;
    return count;
}

#endif
