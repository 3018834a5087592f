/* pairing_heap: a two-pass pairing heap (Fredman, Sedgewick, Sleator and
 * Tarjan, Algorithmica 1, 1986).  O(1) push, O(log n) amortised pop.
 * Nodes live in one growing array and are addressed by index; freed nodes
 * go to a free list, so a push allocates only when the array grows. */
#include <math.h>
#include <stdint.h>
#include <stdlib.h>

#include <hsframe/hsframe.h>

#define NIL UINT32_MAX

typedef struct node {
    hsf_event ev;
    uint32_t child;     /* first child */
    uint32_t sibling;   /* next sibling; next free node when on the free list */
} node;

typedef struct pairing {
    node *pool;
    uint32_t cap, used;     /* nodes allocated, nodes ever handed out */
    uint32_t free_list;
    uint32_t root;
    size_t n;
} pairing;

static int pool_grow(pairing *h, hsf_error *err)
{
    uint64_t cap = h->cap ? 2 * (uint64_t)h->cap : 1024;
    if (cap > NIL)
        cap = NIL;
    if (cap <= h->cap)
        return hsf_error_set(err, "pairing_heap: more than %u events", NIL - 1);
    node *pool = realloc(h->pool, cap * sizeof *pool);
    if (!pool)
        return hsf_error_set(err, "pairing_heap: out of memory for %llu events",
                             (unsigned long long)cap);
    h->pool = pool;
    h->cap = (uint32_t)cap;
    return 0;
}

static int ph_init(void *q, const hsf_config *cfg, size_t size_hint, hsf_error *err)
{
    (void)cfg, (void)size_hint;
    pairing *h = q;
    h->root = h->free_list = NIL;
    return pool_grow(h, err);
}

static void ph_fini(void *q)
{
    free(((pairing *)q)->pool);
}

/* Links two roots: the later becomes the first child of the earlier. */
static uint32_t meld(node *pool, uint32_t a, uint32_t b)
{
    if (a == NIL)
        return b;
    if (b == NIL)
        return a;
    if (hsf_event_before(&pool[b].ev, &pool[a].ev)) {
        uint32_t t = a;
        a = b;
        b = t;
    }
    pool[b].sibling = pool[a].child;
    pool[a].child = b;
    pool[a].sibling = NIL;
    return a;
}

static int ph_push(void *q, const hsf_event *ev, hsf_error *err)
{
    pairing *h = q;
    if (!isfinite(ev->time))
        return hsf_error_set(err, "pairing_heap: event time %g is not finite", ev->time);
    uint32_t k = h->free_list;
    if (k != NIL) {
        h->free_list = h->pool[k].sibling;
    } else {
        if (h->used == h->cap && pool_grow(h, err))
            return -1;
        k = h->used++;
    }
    h->pool[k] = (node){ .ev = *ev, .child = NIL, .sibling = NIL };
    h->root = meld(h->pool, h->root, k);
    h->n++;
    return 0;
}

/* The two passes over the root's children: meld pairs left to right
 * (stacking the results), then fold the stack from the right. */
static uint32_t merge_children(node *pool, uint32_t first)
{
    uint32_t stack = NIL;
    while (first != NIL) {
        uint32_t a = first, b = pool[a].sibling;
        if (b == NIL) {
            pool[a].sibling = stack;
            stack = a;
            break;
        }
        first = pool[b].sibling;
        uint32_t m = meld(pool, a, b);
        pool[m].sibling = stack;
        stack = m;
    }
    uint32_t root = NIL;
    while (stack != NIL) {
        uint32_t next = pool[stack].sibling;
        root = meld(pool, root, stack);
        stack = next;
    }
    return root;
}

static int ph_pop(void *q, hsf_event *out)
{
    pairing *h = q;
    if (h->root == NIL)
        return 0;
    uint32_t r = h->root;
    *out = h->pool[r].ev;
    h->root = merge_children(h->pool, h->pool[r].child);
    h->pool[r].sibling = h->free_list;
    h->free_list = r;
    h->n--;
    return 1;
}

static const hsf_event *ph_peek(void *q)
{
    pairing *h = q;
    return h->root == NIL ? NULL : &h->pool[h->root].ev;
}

static size_t ph_size(const void *q)
{
    return ((const pairing *)q)->n;
}

static const hsf_queue_type pairing_heap_type = {
    .state_size = sizeof(pairing),
    .init = ph_init,
    .fini = ph_fini,
    .push = ph_push,
    .pop = ph_pop,
    .peek = ph_peek,
    .size = ph_size,
};

HSF_PLUGIN(HSF_PLUGIN_QUEUE, "pairing_heap",
           "two-pass pairing heap, nodes from a pool: O(1) push, O(log n) amortised pop",
           NULL, &pairing_heap_type)
