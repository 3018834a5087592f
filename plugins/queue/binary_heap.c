/* binary_heap: an implicit binary min-heap in one growing array.
 * O(log n) push and pop, 32 bytes per event, no allocation per push. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include <hsframe/hsframe.h>

typedef struct heap {
    hsf_event *a;
    size_t n, cap;
} heap;

static int heap_reserve(heap *h, size_t cap, hsf_error *err)
{
    if (cap <= h->cap)
        return 0;
    hsf_event *a = realloc(h->a, cap * sizeof *a);
    if (!a)
        return hsf_error_set(err, "binary_heap: out of memory for %zu events", cap);
    h->a = a;
    h->cap = cap;
    return 0;
}

static int heap_init(void *q, const hsf_config *cfg, size_t size_hint, hsf_error *err)
{
    (void)cfg;
    return heap_reserve(q, size_hint > 16 ? size_hint : 16, err);
}

static void heap_fini(void *q)
{
    free(((heap *)q)->a);
}

static int heap_push(void *q, const hsf_event *ev, hsf_error *err)
{
    heap *h = q;
    if (!isfinite(ev->time))
        return hsf_error_set(err, "binary_heap: event time %g is not finite", ev->time);
    if (h->n == h->cap && heap_reserve(h, 2 * h->cap, err))
        return -1;
    /* Sift up: move parents down until ev fits. */
    size_t i = h->n++;
    while (i > 0) {
        size_t parent = (i - 1) / 2;
        if (!hsf_event_before(ev, &h->a[parent]))
            break;
        h->a[i] = h->a[parent];
        i = parent;
    }
    h->a[i] = *ev;
    return 0;
}

static int heap_pop(void *q, hsf_event *out)
{
    heap *h = q;
    if (h->n == 0)
        return 0;
    *out = h->a[0];
    hsf_event last = h->a[--h->n];
    /* Sift the last element down from the root. */
    size_t i = 0, n = h->n;
    for (;;) {
        size_t c = 2 * i + 1;
        if (c >= n)
            break;
        /* The grandchildren, 4 events in two cache lines, are needed next
         * whichever child wins: fetch them while comparing the children
         * (deep levels of a large heap are out of cache). */
        if (4 * i + 6 < n) {
            __builtin_prefetch(&h->a[4 * i + 3]);
            __builtin_prefetch(&h->a[4 * i + 6]);
        }
        if (c + 1 < n && hsf_event_before(&h->a[c + 1], &h->a[c]))
            c++;
        if (!hsf_event_before(&h->a[c], &last))
            break;
        h->a[i] = h->a[c];
        i = c;
    }
    if (n > 0)
        h->a[i] = last;
    return 1;
}

static const hsf_event *heap_peek(void *q)
{
    heap *h = q;
    return h->n ? &h->a[0] : NULL;
}

static size_t heap_size(const void *q)
{
    return ((const heap *)q)->n;
}

static const hsf_queue_type binary_heap_type = {
    .state_size = sizeof(heap),
    .init = heap_init,
    .fini = heap_fini,
    .push = heap_push,
    .pop = heap_pop,
    .peek = heap_peek,
    .size = heap_size,
};

HSF_PLUGIN(HSF_PLUGIN_QUEUE, "binary_heap",
           "implicit binary heap in one array: O(log n), compact, the reference",
           NULL, &binary_heap_type)
