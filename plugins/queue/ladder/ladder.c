/* ladder: the ladder queue of Tang, Goh and Thng (ACM Trans. Model.
 * Comput. Simul. 15, 175, 2005), O(1) amortised push and pop; the
 * structure is in ladder_core.c.
 *
 * Push and pop: nodes live in one growing array with a free list, so a push
 * allocates only when the array doubles (with the first rung's buckets,
 * which must be as many as the events).
 *
 * Indexed (ABI 1.1): node k is key k, linked in whichever list holds its
 * time and unlinked from it in O(1) when the key moves or goes.  Bottom is
 * kept non-empty while anything is held, so that index_first reads its
 * head without work. */
#include <math.h>
#include <stdlib.h>

#include <hsframe/hsframe.h>

#include "ladder_core.h"

#define MAX_NODES (UINT32_MAX - 1)  /* LD_NIL is never a node */

typedef struct ladder {
    ld_ladder l;
    uint32_t used;      /* nodes ever handed out (push and pop) */
    uint32_t free_head; /* popped nodes, linked by next */
} ladder;

static int lq_init(void *q, const hsf_config *cfg, size_t size_hint, hsf_error *err)
{
    (void)cfg;
    ladder *lq = q;
    ld_init(&lq->l);
    lq->free_head = LD_NIL;
    /* The hint is only a hint: if that much memory is refused, start small. */
    if (size_hint > 1024 && size_hint <= MAX_NODES &&
        ld_reserve(&lq->l, (uint32_t)size_hint, "ladder", NULL) == 0)
        return 0;
    return ld_reserve(&lq->l, 1024, "ladder", err);
}

static void lq_fini(void *q)
{
    ld_free(&((ladder *)q)->l);
}

static int lq_push(void *q, const hsf_event *ev, hsf_error *err)
{
    ladder *lq = q;
    if (!isfinite(ev->time))
        return hsf_error_set(err, "ladder: event time %g is not finite", ev->time);
    uint32_t k = lq->free_head;
    if (k != LD_NIL) {
        lq->free_head = lq->l.node[k].next;
    } else {
        if (lq->used == lq->l.cap) {
            uint64_t cap = 2 * (uint64_t)lq->l.cap;
            if (cap > MAX_NODES)
                cap = MAX_NODES;
            if (cap <= lq->l.cap)
                return hsf_error_set(err, "ladder: more than %u events", (unsigned)MAX_NODES);
            if (ld_reserve(&lq->l, (uint32_t)cap, "ladder", err))
                return -1;      /* nothing changed yet */
        }
        k = lq->used++;
    }
    lq->l.node[k].ev = *ev;
    ld_insert(&lq->l, k);
    return 0;
}

static int lq_pop(void *q, hsf_event *out)
{
    ladder *lq = q;
    uint32_t k = ld_first(&lq->l);
    if (k == LD_NIL)
        return 0;
    ld_unlink(&lq->l, k);
    *out = lq->l.node[k].ev;
    lq->l.node[k].next = lq->free_head;
    lq->free_head = k;
    return 1;
}

static const hsf_event *lq_peek(void *q)
{
    ladder *lq = q;
    uint32_t k = ld_first(&lq->l);
    return k == LD_NIL ? NULL : &lq->l.node[k].ev;
}

static size_t lq_size(const void *q)
{
    return ((const ladder *)q)->l.n;
}

/* ---- indexed (ABI 1.1) ---------------------------------------------------- */

static int lq_index_init(void *q, uint32_t nkeys, hsf_error *err)
{
    ladder *lq = q;
    /* Every node a key can need, now: index_set then never allocates. */
    if (ld_reserve(&lq->l, nkeys ? nkeys : 1, "ladder", err))
        return -1;
    for (uint32_t k = 0; k < nkeys; k++)
        lq->l.node[k].where = LD_NONE;
    lq->l.back_links = 1;
    return 0;
}

static int lq_index_set(void *q, uint32_t key, double time, uint64_t seq, hsf_error *err)
{
    ladder *lq = q;
    if (!isfinite(time))
        return hsf_error_set(err, "ladder: event time %g is not finite", time);
    ld_node *nd = &lq->l.node[key];
    if (nd->where != LD_NONE)
        ld_unlink(&lq->l, key);
    nd->ev.time = time;
    nd->ev.seq = seq;
    ld_insert(&lq->l, key);
    ld_first(&lq->l);   /* Bottom holds the first: index_first is const */
    return 0;
}

static void lq_index_remove(void *q, uint32_t key)
{
    ladder *lq = q;
    if (lq->l.node[key].where == LD_NONE)
        return;
    ld_unlink(&lq->l, key);
    ld_first(&lq->l);
}

static int lq_index_first(const void *q, uint32_t *key, double *time)
{
    const ladder *lq = q;
    if (lq->l.n == 0)
        return 0;
    *key = lq->l.bot;
    *time = lq->l.node[lq->l.bot].ev.time;
    return 1;
}

/* The keys after the first in Bottom, which is sorted. */
static uint32_t lq_index_upcoming(const void *q, uint32_t *keys, uint32_t max)
{
    const ladder *lq = q;
    uint32_t n = 0;
    if (lq->l.n == 0)
        return 0;
    for (uint32_t k = lq->l.node[lq->l.bot].next; k != LD_NIL && n < max;
         k = lq->l.node[k].next)
        keys[n++] = k;
    return n;
}

static void lq_index_prefetch(const void *q, uint32_t key)
{
    hsf_prefetch(&((const ladder *)q)->l.node[key]);
}

static const hsf_queue_type ladder_type = {
    .state_size = sizeof(ladder),
    .init = lq_init,
    .fini = lq_fini,
    .push = lq_push,
    .pop = lq_pop,
    .peek = lq_peek,
    .size = lq_size,
    .index_init = lq_index_init,
    .index_set = lq_index_set,
    .index_remove = lq_index_remove,
    .index_first = lq_index_first,
    .index_upcoming = lq_index_upcoming,
    .index_prefetch = lq_index_prefetch,
};

HSF_PLUGIN(HSF_PLUGIN_QUEUE, "ladder",
           "Tang, Goh and Thng's ladder queue (Top, rungs spawned on demand, sorted Bottom): "
           "O(1) amortised push and pop; indexed, each key a node unlinked in O(1)",
           NULL, &ladder_type)
