/* skewheap: a skew heap (D. D. Sleator and R. E. Tarjan, "Self-adjusting
 * heaps", SIAM J. Comput. 15, 52 (1986)), an event queue plugin built out
 * of tree against an installed hsframe.  Push and pop in O(log n)
 * amortised; push and pop only (no indexed form).
 *
 * A skew heap is a binary tree in heap order with no balance information:
 * two heaps merge along their right paths, and every node on the merged
 * path swaps its children, which keeps right paths short on average.  Push
 * merges a one-node heap into the root, pop merges the root's two
 * children.  The merge here is a loop, not a recursion: a right path can be
 * long for a while (after pushes in increasing time, say), and a loop
 * needs no stack for it.
 *
 * Nodes live in one array that doubles when full, named by 32-bit indices
 * (they survive realloc); popped nodes go to a free list. */
#include <math.h>
#include <stdint.h>
#include <stdlib.h>

#include <hsframe/hsframe.h>

#define NIL UINT32_MAX
#define MAX_NODES (UINT32_MAX - 1)

typedef struct sk_node {
    hsf_event ev;
    uint32_t left, right;   /* children, NIL if none; right is the free list's link */
} sk_node;

typedef struct skew {
    sk_node *node;
    uint32_t cap;           /* nodes allocated */
    uint32_t used;          /* nodes ever handed out: node[used..cap) are fresh */
    uint32_t free_head;     /* popped nodes, linked by right */
    uint32_t root;
    size_t n;
} skew;

static int sk_reserve(skew *h, uint64_t want, hsf_error *err)
{
    if (want <= h->cap)
        return 0;
    if (want > MAX_NODES)
        want = MAX_NODES;
    if (want <= h->cap)
        return hsf_error_set(err, "skewheap: more than %u events", (unsigned)MAX_NODES);
    sk_node *node = realloc(h->node, (size_t)want * sizeof *node);
    if (!node)
        return hsf_error_set(err, "skewheap: out of memory for %llu events",
                             (unsigned long long)want);
    h->node = node;
    h->cap = (uint32_t)want;
    return 0;
}

static int sk_init(void *q, const hsf_config *cfg, size_t size_hint, hsf_error *err)
{
    (void)cfg;
    skew *h = q;
    h->free_head = h->root = NIL;
    /* The hint is only a hint: if that much memory is refused, start small. */
    if (size_hint > 1024 && sk_reserve(h, size_hint, NULL) == 0)
        return 0;
    return sk_reserve(h, 1024, err);
}

static void sk_fini(void *q)
{
    free(((skew *)q)->node);
}

/* The top-down merge: at each node a of the merged right path (the
 * earlier of the two roots), the old left child becomes the right one,
 * and the merge of the old right child with the other heap goes left. */
static uint32_t sk_merge(sk_node *nd, uint32_t a, uint32_t b)
{
    if (a == NIL)
        return b;
    if (b == NIL)
        return a;
    if (hsf_event_before(&nd[b].ev, &nd[a].ev)) {
        uint32_t t = a;
        a = b;
        b = t;
    }
    uint32_t root = a;
    for (;;) {
        uint32_t r = nd[a].right;
        nd[a].right = nd[a].left;
        if (r == NIL) {
            nd[a].left = b;
            return root;
        }
        if (hsf_event_before(&nd[b].ev, &nd[r].ev)) {
            uint32_t t = r;
            r = b;
            b = t;
        }
        nd[a].left = r;
        a = r;
    }
}

static int sk_push(void *q, const hsf_event *ev, hsf_error *err)
{
    skew *h = q;
    if (!isfinite(ev->time))
        return hsf_error_set(err, "skewheap: expected a finite event time, found %g", ev->time);
    uint32_t i = h->free_head;
    if (i != NIL) {
        h->free_head = h->node[i].right;
    } else {
        if (h->used == h->cap && sk_reserve(h, 2 * (uint64_t)h->cap, err))
            return -1;
        i = h->used++;
    }
    h->node[i] = (sk_node){ .ev = *ev, .left = NIL, .right = NIL };
    h->root = sk_merge(h->node, h->root, i);
    h->n++;
    return 0;
}

static int sk_pop(void *q, hsf_event *out)
{
    skew *h = q;
    uint32_t r = h->root;
    if (r == NIL)
        return 0;
    *out = h->node[r].ev;
    h->root = sk_merge(h->node, h->node[r].left, h->node[r].right);
    h->node[r].right = h->free_head;
    h->free_head = r;
    h->n--;
    return 1;
}

static const hsf_event *sk_peek(void *q)
{
    skew *h = q;
    return h->root == NIL ? NULL : &h->node[h->root].ev;
}

static size_t sk_size(const void *q)
{
    return ((const skew *)q)->n;
}

static const hsf_queue_type skew_type = {
    .state_size = sizeof(skew),
    .init = sk_init,
    .fini = sk_fini,
    .push = sk_push,
    .pop = sk_pop,
    .peek = sk_peek,
    .size = sk_size,
};

HSF_PLUGIN(HSF_PLUGIN_QUEUE, "skewheap",
           "skew heap (Sleator and Tarjan 1986): O(log n) amortised push and pop, no balance data",
           NULL, &skew_type)
