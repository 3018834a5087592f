/* pairing_heap: a two-pass pairing heap (M. L. Fredman, R. Sedgewick,
 * D. D. Sleator and R. E. Tarjan, "The pairing heap: a new form of
 * self-adjusting heap", Algorithmica 1, 1986).  O(1) push, O(log n)
 * amortised pop.
 *
 * Each node keeps its first child and its next sibling: without decrease-key
 * no parent or back link is needed.  Nodes live in one growing array and are
 * named by 32-bit indices (half the size of pointers, and they survive the
 * array moving on realloc); a popped node goes to a free list, so a push
 * allocates only when the array has to grow, doubling. */
#include <math.h>
#include <stdint.h>
#include <stdlib.h>

#include <hsframe/hsframe.h>

#define NIL UINT32_MAX
#define MAX_NODES (UINT32_MAX - 1)  /* indices 0 .. MAX_NODES-1; NIL is never one */

typedef struct ph_node {
    hsf_event ev;
    uint32_t child;     /* first child, NIL if none */
    uint32_t next;      /* next sibling; next free node while on the free list */
} ph_node;

typedef struct pheap {
    ph_node *node;
    uint32_t cap;       /* nodes allocated */
    uint32_t used;      /* nodes ever handed out: node[used..cap) are fresh */
    uint32_t free_head; /* free list of popped nodes */
    uint32_t root;
    size_t n;
} pheap;

static int ph_reserve(pheap *h, uint64_t want, hsf_error *err)
{
    if (want <= h->cap)
        return 0;
    if (want > MAX_NODES)
        want = MAX_NODES;
    if (want <= h->cap)
        return hsf_error_set(err, "pairing_heap: more than %u events", (unsigned)MAX_NODES);
    ph_node *node = realloc(h->node, (size_t)want * sizeof *node);
    if (!node)
        return hsf_error_set(err, "pairing_heap: out of memory for %llu events",
                             (unsigned long long)want);
    h->node = node;
    h->cap = (uint32_t)want;
    return 0;
}

static int ph_init(void *q, const hsf_config *cfg, size_t size_hint, hsf_error *err)
{
    (void)cfg;
    pheap *h = q;
    h->free_head = h->root = NIL;
    /* The hint is only a hint: if that much memory is refused, start small. */
    if (size_hint > 1024 && ph_reserve(h, size_hint, NULL) == 0)
        return 0;
    return ph_reserve(h, 1024, err);
}

static void ph_fini(void *q)
{
    free(((pheap *)q)->node);
}

/* Links two roots (either may be NIL): the later one becomes the first child
 * of the earlier, which is returned with its sibling link undefined. */
static uint32_t ph_link(ph_node *nd, uint32_t a, uint32_t b)
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
    nd[b].next = nd[a].child;
    nd[a].child = b;
    return a;
}

static int ph_push(void *q, const hsf_event *ev, hsf_error *err)
{
    pheap *h = q;
    if (!isfinite(ev->time))
        return hsf_error_set(err, "pairing_heap: event time %g is not finite", ev->time);
    uint32_t k = h->free_head;
    if (k != NIL) {
        h->free_head = h->node[k].next;
    } else {
        if (h->used == h->cap && ph_reserve(h, 2 * (uint64_t)h->cap, err))
            return -1;  /* nothing changed yet */
        k = h->used++;
    }
    h->node[k].ev = *ev;
    h->node[k].child = NIL;
    h->root = ph_link(h->node, h->root, k);
    h->n++;
    return 0;
}

/* Merges the sibling list starting at first into one tree: the two passes.
 * Pass one links neighbours left to right and stacks the winners (the stack
 * threads through the sibling links, so it needs no memory); pass two pops
 * the stack, i.e. goes right to left, linking each winner into the result.
 * That order is what gives the O(log n) amortised bound. */
static uint32_t ph_merge_siblings(ph_node *nd, uint32_t first)
{
    uint32_t stack = NIL;
    while (first != NIL) {
        uint32_t a = first, b = nd[a].next;
        first = b == NIL ? NIL : nd[b].next;
        uint32_t w = ph_link(nd, a, b);
        nd[w].next = stack;
        stack = w;
    }
    uint32_t root = NIL;
    while (stack != NIL) {
        uint32_t below = nd[stack].next;
        root = ph_link(nd, stack, root);
        stack = below;
    }
    return root;
}

static int ph_pop(void *q, hsf_event *out)
{
    pheap *h = q;
    uint32_t r = h->root;
    if (r == NIL)
        return 0;
    *out = h->node[r].ev;
    h->root = ph_merge_siblings(h->node, h->node[r].child);
    h->node[r].next = h->free_head;
    h->free_head = r;
    h->n--;
    return 1;
}

static const hsf_event *ph_peek(void *q)
{
    pheap *h = q;
    return h->root == NIL ? NULL : &h->node[h->root].ev;
}

static size_t ph_size(const void *q)
{
    return ((const pheap *)q)->n;
}

static const hsf_queue_type pairing_heap_type = {
    .state_size = sizeof(pheap),
    .init = ph_init,
    .fini = ph_fini,
    .push = ph_push,
    .pop = ph_pop,
    .peek = ph_peek,
    .size = ph_size,
};

HSF_PLUGIN(HSF_PLUGIN_QUEUE, "pairing_heap",
           "two-pass pairing heap, nodes in one pooled array: O(1) push, O(log n) amortised pop",
           NULL, &pairing_heap_type)
