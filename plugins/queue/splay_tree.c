/* splay_tree: the self-adjusting binary search tree of D. D. Sleator and
 * R. E. Tarjan (J. ACM 32, 652 (1985)), with their top-down splaying;
 * D. W. Jones (Commun. ACM 29, 300 (1986)) found it among the fastest
 * pending-event sets.  Every operation splays the node it reaches to the
 * root: O(log n) amortised, and a run of operations near one place (the
 * front of the queue) costs little.
 *
 * Nodes are ordered by (time, seq, node index): the index makes the order
 * total even if two entries had the same time and seq, so that a node can
 * always be found again by its own key.  Nodes live in one array, named by
 * 32-bit indices; a node is 24 bytes (time, seq, two children).
 *
 * Push and pop: each event sits beside its node in a second array (the
 * splay reads only the nodes, more of them per cache line); free nodes are
 * a list threaded through their left links, and both arrays double when
 * full.  Indexed (ABI 1.1): node k is key k, and a node not held has the
 * left link OUT; a set is a removal and an insertion, and the first key is
 * kept up to date so that index_first, which may not change the tree, is
 * O(1). */
#include <math.h>
#include <stdint.h>
#include <stdlib.h>

#include <hsframe/hsframe.h>

#define NIL UINT32_MAX
#define OUT (UINT32_MAX - 1)    /* left link of a key not held (indexed) */
#define MAX_NODES (UINT32_MAX - 2)

typedef struct sp_node {
    double time;
    uint64_t seq;
    uint32_t left, right;
} sp_node;

typedef struct splay {
    sp_node *nd;
    uint32_t root;
    /* push and pop */
    hsf_event *ev;      /* ev[i] is node i's event */
    uint32_t cap;       /* nodes allocated in both arrays */
    uint32_t used;      /* nodes ever handed out: [used, cap) are fresh */
    uint32_t free_head; /* popped nodes, linked through left */
    size_t count;
    /* indexed */
    uint32_t first;     /* the held key that comes first, NIL if none */
} splay;

/* -1, 0 or 1 as node a comes before, is, or comes after node b. */
static inline int cmp(const sp_node *nd, uint32_t a, uint32_t b)
{
    const sp_node *x = &nd[a], *y = &nd[b];
    if (x->time != y->time)
        return x->time < y->time ? -1 : 1;
    if (x->seq != y->seq)
        return x->seq < y->seq ? -1 : 1;
    return a < b ? -1 : a > b;
}

/* Top-down splay (Sleator and Tarjan, section 4) of the tree at t for the
 * key of node k (which need not be in the tree): returns the new root, the
 * node where the search for k ends.  The nodes passed on the way are hung
 * on a left tree (all before k) and a right tree (all after); hooks point
 * at the link where the next one goes. */
static uint32_t splay_at(sp_node *nd, uint32_t t, uint32_t k)
{
    if (t == NIL)
        return NIL;
    uint32_t lroot = NIL, rroot = NIL;
    uint32_t *lhook = &lroot, *rhook = &rroot;
    for (;;) {
        int c = cmp(nd, k, t);
        if (c < 0) {
            uint32_t y = nd[t].left;
            if (y == NIL)
                break;
            if (cmp(nd, k, y) < 0) {        /* zig-zig: rotate right */
                nd[t].left = nd[y].right;
                nd[y].right = t;
                t = y;
                if (nd[t].left == NIL)
                    break;
            }
            *rhook = t;                     /* link right */
            rhook = &nd[t].left;
            t = nd[t].left;
        } else if (c > 0) {
            uint32_t y = nd[t].right;
            if (y == NIL)
                break;
            if (cmp(nd, k, y) > 0) {        /* zag-zag: rotate left */
                nd[t].right = nd[y].left;
                nd[y].left = t;
                t = y;
                if (nd[t].right == NIL)
                    break;
            }
            *lhook = t;                     /* link left */
            lhook = &nd[t].right;
            t = nd[t].right;
        } else {
            break;
        }
    }
    *lhook = nd[t].left;                    /* assemble */
    *rhook = nd[t].right;
    nd[t].left = lroot;
    nd[t].right = rroot;
    return t;
}

/* The splay for a key before every node: brings the first node to the
 * root, which then has no left child. */
static uint32_t splay_first(sp_node *nd, uint32_t t)
{
    if (t == NIL)
        return NIL;
    uint32_t rroot = NIL, *rhook = &rroot;
    for (;;) {
        uint32_t y = nd[t].left;
        if (y == NIL)
            break;
        nd[t].left = nd[y].right;           /* zig-zig */
        nd[y].right = t;
        t = y;
        if (nd[t].left == NIL)
            break;
        *rhook = t;
        rhook = &nd[t].left;
        t = nd[t].left;
    }
    *rhook = nd[t].right;
    nd[t].right = rroot;
    return t;
}

/* Inserts node k (its time and seq set) into the tree at t; returns the
 * new root, k. */
static uint32_t insert(sp_node *nd, uint32_t t, uint32_t k)
{
    t = splay_at(nd, t, k);
    if (t == NIL) {
        nd[k].left = nd[k].right = NIL;
    } else if (cmp(nd, k, t) < 0) {
        nd[k].left = nd[t].left;
        nd[k].right = t;
        nd[t].left = NIL;
    } else {
        nd[k].right = nd[t].right;
        nd[k].left = t;
        nd[t].right = NIL;
    }
    return k;
}

/* Removes node k, which is in the tree at t; returns the new root. */
static uint32_t erase(sp_node *nd, uint32_t t, uint32_t k)
{
    t = splay_at(nd, t, k);     /* t == k: the order is total */
    if (nd[k].left == NIL)
        return nd[k].right;
    /* The last node before k becomes the root, with no right child. */
    uint32_t l = splay_at(nd, nd[k].left, k);
    nd[l].right = nd[k].right;
    return l;
}

/* ---- push and pop ------------------------------------------------------ */

/* Grows both arrays to want nodes.  On failure nothing changes (a node
 * array already grown is kept, unused beyond cap). */
static int reserve(splay *s, uint64_t want, hsf_error *err)
{
    if (want <= s->cap)
        return 0;
    if (want > MAX_NODES)
        want = MAX_NODES;
    if (want <= s->cap)
        return hsf_error_set(err, "splay_tree: more than %u events", (unsigned)MAX_NODES);
    sp_node *nd = realloc(s->nd, (size_t)want * sizeof *nd);
    if (!nd)
        return hsf_error_set(err, "splay_tree: out of memory for %llu events",
                             (unsigned long long)want);
    s->nd = nd;
    hsf_event *ev = realloc(s->ev, (size_t)want * sizeof *ev);
    if (!ev)
        return hsf_error_set(err, "splay_tree: out of memory for %llu events",
                             (unsigned long long)want);
    s->ev = ev;
    s->cap = (uint32_t)want;
    return 0;
}

static int st_init(void *q, const hsf_config *cfg, size_t size_hint, hsf_error *err)
{
    (void)cfg;
    splay *s = q;
    s->root = s->free_head = s->first = NIL;
    /* The hint is only a hint: if that much memory is refused, start small. */
    if (size_hint > 1024 && reserve(s, size_hint, NULL) == 0)
        return 0;
    return reserve(s, 1024, err);
}

static void st_fini(void *q)
{
    splay *s = q;
    free(s->nd);
    free(s->ev);
}

static int st_push(void *q, const hsf_event *ev, hsf_error *err)
{
    splay *s = q;
    if (!isfinite(ev->time))
        return hsf_error_set(err, "splay_tree: event time %g is not finite", ev->time);
    uint32_t k = s->free_head;
    if (k != NIL) {
        s->free_head = s->nd[k].left;
    } else {
        if (s->used == s->cap && reserve(s, 2 * (uint64_t)s->cap, err))
            return -1;      /* nothing changed yet */
        k = s->used++;
    }
    s->ev[k] = *ev;
    s->nd[k].time = ev->time;
    s->nd[k].seq = ev->seq;
    s->root = insert(s->nd, s->root, k);
    s->count++;
    return 0;
}

static int st_pop(void *q, hsf_event *out)
{
    splay *s = q;
    if (s->root == NIL)
        return 0;
    uint32_t k = splay_first(s->nd, s->root);
    *out = s->ev[k];
    s->root = s->nd[k].right;
    s->nd[k].left = s->free_head;
    s->free_head = k;
    s->count--;
    return 1;
}

/* Splays the first to the root, where the next pop finds it at once. */
static const hsf_event *st_peek(void *q)
{
    splay *s = q;
    if (s->root == NIL)
        return NULL;
    s->root = splay_first(s->nd, s->root);
    return &s->ev[s->root];
}

static size_t st_size(const void *q)
{
    return ((const splay *)q)->count;
}

/* ---- indexed ------------------------------------------------------------ */

static int index_init(void *q, uint32_t nkeys, hsf_error *err)
{
    splay *s = q;
    if (nkeys > MAX_NODES)
        return hsf_error_set(err, "splay_tree: more than %u keys", (unsigned)MAX_NODES);
    /* The push and pop arrays are not used from here on. */
    free(s->nd);
    free(s->ev);
    s->ev = NULL;
    s->cap = s->used = 0;
    s->nd = malloc((size_t)(nkeys ? nkeys : 1) * sizeof *s->nd);
    if (!s->nd)
        return hsf_error_set(err, "splay_tree: out of memory for %u keys", nkeys);
    for (uint32_t k = 0; k < nkeys; k++)
        s->nd[k].left = OUT;
    s->root = s->first = NIL;
    return 0;
}

static void index_remove(void *q, uint32_t key)
{
    splay *s = q;
    sp_node *nd = s->nd;
    if (nd[key].left == OUT)
        return;
    if (key == s->first) {
        /* The first has no left child once at the root; the next one is
         * the first of its right subtree. */
        uint32_t k = splay_first(nd, s->root);
        s->root = splay_first(nd, nd[k].right);
        s->first = s->root;
    } else {
        s->root = erase(nd, s->root, key);
    }
    nd[key].left = OUT;
}

static int index_set(void *q, uint32_t key, double time, uint64_t seq, hsf_error *err)
{
    splay *s = q;
    if (!isfinite(time))
        return hsf_error_set(err, "splay_tree: event time %g is not finite", time);
    index_remove(s, key);
    sp_node *nd = s->nd;
    nd[key].time = time;
    nd[key].seq = seq;
    s->root = insert(nd, s->root, key);
    if (s->first == NIL || cmp(nd, key, s->first) < 0)
        s->first = key;
    return 0;
}

static int index_first(const void *q, uint32_t *key, double *time)
{
    const splay *s = q;
    if (s->first == NIL)
        return 0;
    *key = s->first;
    *time = s->nd[s->first].time;
    return 1;
}

static const hsf_queue_type splay_tree_type = {
    .state_size = sizeof(splay),
    .init = st_init,
    .fini = st_fini,
    .push = st_push,
    .pop = st_pop,
    .peek = st_peek,
    .size = st_size,
    .index_init = index_init,
    .index_set = index_set,
    .index_remove = index_remove,
    .index_first = index_first,
};

HSF_PLUGIN(HSF_PLUGIN_QUEUE, "splay_tree",
           "top-down splay tree of Sleator and Tarjan: O(log n) amortised; indexed",
           NULL, &splay_tree_type)
