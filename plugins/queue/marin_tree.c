/* marin_tree: the complete binary tree of M. Marin, D. Risso and P. Cordero
 * (J. Comput. Phys. 109, 306 (1993)), the classic queue of event-driven
 * molecular dynamics.  A tournament: the leaves are the entries (keys or
 * event slots), each internal node holds the earlier of its two children,
 * so the root is the first entry.  Changing one leaf replays the matches on
 * its path to the root, O(log n), and stops as soon as a match gives the
 * same result as before.
 *
 * Layout: n leaves at positions n .. 2n-1, internal nodes 1 .. n-1, node p
 * with children 2p and 2p+1 (valid for any n, each internal node has two
 * children).  An internal node keeps its winner's time, as the unsigned
 * integer of the same order (time_order), and index (16 bytes), so that a
 * match reads the two children side by side, one cache line, instead of
 * two leaves far apart, and compares integers; the seq is read from the
 * leaf only when the times are equal.  A leaf that holds nothing has time
 * +inf and loses every match against a held one (held times are finite).
 *
 * Indexed (ABI 1.1): leaf k is key k, (time, seq) 16 bytes: 32 bytes per
 * key in all.  Push and pop: leaf i is event slot i (32 bytes, the event
 * itself); free slots are on a stack, push takes one and pop frees the
 * winner's, and the slots double when full (the tree is rebuilt then, O(n),
 * amortised O(1) per push). */
#include <math.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <hsframe/hsframe.h>

#define MAX_LEAVES (UINT32_MAX / 2)     /* positions up to 2n - 1 fit in 32 bits */
#define NONE UINT32_MAX

/* An internal node: the winner of its subtree. */
typedef struct node {
    uint64_t order;     /* time_order of the winner's time */
    uint32_t leaf;
    uint32_t unused;
} node;

/* A leaf of the indexed form; an event is laid out the same way (time at
 * offset 0, seq at 8), so both forms share the tournament code. */
typedef struct key_leaf {
    double time;
    uint64_t seq;
} key_leaf;

_Static_assert(offsetof(hsf_event, time) == offsetof(key_leaf, time) &&
               offsetof(hsf_event, seq) == offsetof(key_leaf, seq),
               "events and key leaves must keep time and seq at the same offsets");

/* One tournament over n leaves of stride bytes each. */
typedef struct tour {
    char *leaves;
    size_t stride;
    node *in;           /* in[1 .. n-1]; in[0] unused */
    uint32_t n;
} tour;

typedef struct marin {
    /* push and pop */
    tour t;             /* leaves: ev */
    hsf_event *ev;
    uint32_t *free_slot;    /* stack of free slots */
    uint32_t nfree;
    uint32_t vacant;    /* the slot popped last while its matches wait, or NONE */
    size_t count;
    size_t hint;        /* init's size_hint, for the first push */
    /* indexed */
    tour k;             /* leaves: key_leaf */
} marin;

static inline double leaf_time(const tour *t, uint32_t i)
{
    return *(const double *)(const void *)(t->leaves + (size_t)i * t->stride);
}

static inline uint64_t leaf_seq(const tour *t, uint32_t i)
{
    return *(const uint64_t *)(const void *)(t->leaves + (size_t)i * t->stride + 8);
}

/* A time as an unsigned integer in the same order (-0 as +0, so that the
 * two stay equal): matches are then integer compares and selects, with no
 * branch and a short chain from one level to the next. */
static inline uint64_t time_order(double t)
{
    t += 0.0;
    uint64_t b;
    memcpy(&b, &t, sizeof b);
    return b ^ ((uint64_t)((int64_t)b >> 63) | UINT64_C(0x8000000000000000));
}

/* The time of an order (a time of -0 comes back as +0, equal to it). */
static inline double order_time(uint64_t o)
{
    uint64_t b = o ^ ((o >> 63) ? UINT64_C(0x8000000000000000) : ~UINT64_C(0));
    double t;
    memcpy(&t, &b, sizeof t);
    return t;
}

/* The order of a leaf that holds nothing (time +inf). */
#define ORDER_EMPTY UINT64_C(0xfff0000000000000)
_Static_assert((UINT64_C(0x7ff0000000000000) ^ UINT64_C(0x8000000000000000)) == ORDER_EMPTY,
               "+inf's order");

/* The winner at position p, internal node or leaf. */
static inline node entry(const tour *t, uint32_t p)
{
    if (p < t->n)
        return t->in[p];
    return (node){ .order = time_order(leaf_time(t, p - t->n)), .leaf = p - t->n };
}

static inline int before(const tour *t, node a, node b)
{
    return a.order < b.order ||
           (a.order == b.order && leaf_seq(t, a.leaf) < leaf_seq(t, b.leaf));
}

/* Every match, bottom-up: for a new tree or one whose leaves moved. */
static void build(tour *t)
{
    for (uint32_t p = t->n - 1; p >= 1; p--) {
        node a = entry(t, 2 * p), b = entry(t, 2 * p + 1);
        t->in[p] = before(t, b, a) ? b : a;
    }
}

/* Leaf i has changed: replays its matches towards the root.  Once a match
 * keeps the winner it had and that winner is not leaf i, nothing above
 * changes. */
static void replay(tour *t, uint32_t i)
{
    for (uint32_t p = t->n + i; p > 1; p >>= 1) {
        node a = entry(t, p & ~1u), b = entry(t, p | 1u);
        node w = before(t, b, a) ? b : a;
        uint32_t old = t->in[p >> 1].leaf;
        t->in[p >> 1] = w;
        if (w.leaf == old && old != i)
            break;
    }
}

/* The sibling's winner (so, sl) if it is earlier than the carried one
 * (wo, wl), without a branch.  GCC compiles a plain selection here into a
 * branch, so on x86-64 it is two conditional moves: two cycles a level on
 * the carried winner's chain, against four for the masks
 * (docs/BENCHMARKS.md, The hard-sphere path's search). */
static inline void take_earlier(uint64_t so, uint64_t sl, uint64_t *wo, uint64_t *wl)
{
#if defined(__x86_64__) && defined(__GNUC__)
    uint64_t o = *wo, l = *wl;
    __asm__("cmpq %[o], %[so]\n\t"
            "cmovbq %[so], %[o]\n\t"
            "cmovbq %[sl], %[l]"
            : [o] "+r"(o), [l] "+r"(l)
            : [so] "r"(so), [sl] "r"(sl)
            : "cc");
    *wo = o;
    *wl = l;
#else
    uint64_t take = -(uint64_t)(so < *wo);
    *wo = (so & take) | (*wo & ~take);
    *wl = (sl & take) | (*wl & ~take);
#endif
}

/* Leaf i of the indexed form has changed: replays its matches towards the
 * root, carrying the winner so far, and stops as replay does.  Which side
 * wins a match is a coin toss: a branch on it was mispredicted half the
 * time, so the winner is chosen without one (take_earlier).  Seqs are read only on
 * equal times, which are rare: reading the sibling's at every level was a
 * cache miss per level at 10^6 keys.  The same winners as replay, ties
 * included. */
static void replay_keys(tour *t, uint32_t i)
{
    const key_leaf *kl = (const key_leaf *)(const void *)t->leaves;
    uint32_t n = t->n;
    uint64_t wo = time_order(kl[i].time), wl = i;
    for (uint32_t p = n + i; p > 1; p >>= 1) {
        uint32_t s = p ^ 1;
        uint64_t sl, so;
        if (s >= n) {
            sl = s - n;
            so = time_order(kl[sl].time);
        } else {
            sl = t->in[s].leaf;
            so = t->in[s].order;
        }
        if (__builtin_expect(so == wo, 0)) {    /* by seq; the left child on a full tie */
            uint64_t ss = kl[sl].seq, ws = kl[wl].seq;
            if (ss < ws || (ss == ws && !(s & 1)))
                wl = sl;
        } else {
            take_earlier(so, sl, &wo, &wl);
        }
        uint32_t old = t->in[p >> 1].leaf;
        t->in[p >> 1].order = wo;
        t->in[p >> 1].leaf = (uint32_t)wl;
        if (wl == old && old != i)
            break;
    }
}

static inline node root(const tour *t)
{
    return entry(t, 1);
}

/* Aligned so that the two children of a node (2p, 2p + 1) share a line. */
static node *alloc_nodes(uint32_t n)
{
    void *p;
    if (posix_memalign(&p, 64, ((size_t)n + 1) * sizeof(node)))
        return NULL;
    return p;
}

/* ---- push and pop ------------------------------------------------------ */

/* Makes room for cap slots (cap > the current number): new slots are
 * free and the tree is rebuilt.  On failure nothing changes. */
static int grow(marin *m, uint64_t cap, hsf_error *err)
{
    if (cap > MAX_LEAVES)
        cap = MAX_LEAVES;
    if (cap <= m->t.n)
        return hsf_error_set(err, "marin_tree: more than %u events", (unsigned)MAX_LEAVES);
    uint32_t old = m->t.n, n = (uint32_t)cap;
    node *in = alloc_nodes(n);
    void *ev = NULL;
    uint32_t *fs = NULL;
    if (in && !posix_memalign(&ev, 64, (size_t)n * sizeof(hsf_event)))
        fs = malloc((size_t)n * sizeof *fs);
    if (!fs) {
        free(in);
        free(ev);
        return hsf_error_set(err, "marin_tree: out of memory for %u events", n);
    }
    if (old)
        memcpy(ev, m->ev, (size_t)old * sizeof(hsf_event));
    if (m->nfree)
        memcpy(fs, m->free_slot, (size_t)m->nfree * sizeof *fs);
    free(m->t.in);
    free(m->ev);
    free(m->free_slot);
    m->ev = ev;
    m->free_slot = fs;
    /* Pushed in reverse so that the lowest slot is taken first. */
    for (uint32_t i = n; i-- > old;) {
        m->ev[i] = (hsf_event){ .time = INFINITY, .seq = UINT64_MAX };
        m->free_slot[m->nfree++] = i;
    }
    m->t = (tour){ .leaves = (char *)m->ev, .stride = sizeof(hsf_event), .in = in, .n = n };
    build(&m->t);
    return 0;
}

/* The slots are made by the first push: an indexed queue never needs them. */
static int mt_init(void *q, const hsf_config *cfg, size_t size_hint, hsf_error *err)
{
    (void)cfg;
    (void)err;
    ((marin *)q)->hint = size_hint;
    ((marin *)q)->vacant = NONE;
    return 0;
}

static void mt_fini(void *q)
{
    marin *m = q;
    free(m->t.in);
    free(m->ev);
    free(m->free_slot);
    free(m->k.in);
    free(m->k.leaves);
}

static int mt_push(void *q, const hsf_event *ev, hsf_error *err)
{
    marin *m = q;
    if (!isfinite(ev->time))
        return hsf_error_set(err, "marin_tree: event time %g is not finite", ev->time);
    uint32_t i = m->vacant;
    if (i != NONE) {
        m->vacant = NONE;
    } else {
        if (m->nfree == 0) {
            /* The hint is only a hint: if that much memory is refused, start small. */
            int first = m->t.n == 0;
            if (!(first && m->hint > 1024 && grow(m, m->hint, NULL) == 0) &&
                grow(m, first ? 1024 : 2 * (uint64_t)m->t.n, err))
                return -1;
        }
        i = m->free_slot[--m->nfree];
    }
    m->ev[i] = *ev;
    replay(&m->t, i);
    m->count++;
    return 0;
}

/* A pop leaves its slot vacant with the matches on its path as they were
 * (the root still names it): in the engine a push follows nearly every
 * pop, and refilling the same slot then replays that path once instead of
 * twice.  Anything else that reads the tree settles the slot first. */
static void settle(marin *m)
{
    if (m->vacant == NONE)
        return;
    replay(&m->t, m->vacant);
    m->free_slot[m->nfree++] = m->vacant;
    m->vacant = NONE;
}

static int mt_pop(void *q, hsf_event *out)
{
    marin *m = q;
    if (m->count == 0)
        return 0;
    settle(m);
    uint32_t i = root(&m->t).leaf;
    *out = m->ev[i];
    m->ev[i].time = INFINITY;
    m->ev[i].seq = UINT64_MAX;
    m->vacant = i;
    m->count--;
    return 1;
}

static const hsf_event *mt_peek(void *q)
{
    marin *m = q;
    if (m->count == 0)
        return NULL;
    settle(m);
    return &m->ev[root(&m->t).leaf];
}

static size_t mt_size(const void *q)
{
    return ((const marin *)q)->count;
}

/* ---- indexed ------------------------------------------------------------ */

static int index_init(void *q, uint32_t nkeys, hsf_error *err)
{
    marin *m = q;
    uint32_t n = nkeys ? nkeys : 1;
    if (n > MAX_LEAVES)
        return hsf_error_set(err, "marin_tree: more than %u keys", (unsigned)MAX_LEAVES);
    node *in = alloc_nodes(n);
    void *leaves = NULL;
    if (!in || posix_memalign(&leaves, 64, (size_t)n * sizeof(key_leaf))) {
        free(in);
        return hsf_error_set(err, "marin_tree: out of memory for %u keys", nkeys);
    }
    key_leaf *kl = leaves;
    for (uint32_t k = 0; k < n; k++)
        kl[k] = (key_leaf){ .time = INFINITY, .seq = UINT64_MAX };
    m->k = (tour){ .leaves = leaves, .stride = sizeof(key_leaf), .in = in, .n = n };
    build(&m->k);
    return 0;
}

static int index_set(void *q, uint32_t key, double time, uint64_t seq, hsf_error *err)
{
    marin *m = q;
    if (!isfinite(time))
        return hsf_error_set(err, "marin_tree: event time %g is not finite", time);
    ((key_leaf *)(void *)m->k.leaves)[key] = (key_leaf){ .time = time, .seq = seq };
    replay_keys(&m->k, key);
    return 0;
}

static void index_remove(void *q, uint32_t key)
{
    marin *m = q;
    key_leaf *kl = (key_leaf *)(void *)m->k.leaves + key;
    if (kl->time == INFINITY)
        return;
    *kl = (key_leaf){ .time = INFINITY, .seq = UINT64_MAX };
    replay_keys(&m->k, key);
}

static int index_first(const void *q, uint32_t *key, double *time)
{
    const marin *m = q;
    node r = root(&m->k);
    if (r.order == ORDER_EMPTY)
        return 0;
    *key = r.leaf;
    *time = order_time(r.order);
    return 1;
}

/* The second key lost a match to the first on the first's path: those
 * losers, from the root down (the nodes the last replay touched, in
 * cache), the earliest max of them. */
static uint32_t index_upcoming(const void *q, uint32_t *keys, uint32_t max)
{
    const marin *m = q;
    const tour *t = &m->k;
    node r = root(t);
    if (r.order == ORDER_EMPTY || t->n < 2)
        return 0;
    uint32_t count = 0;
    node best[4];
    if (max > 4)
        max = 4;
    for (uint32_t p = 1; p < t->n;) {
        node a = entry(t, 2 * p), b = entry(t, 2 * p + 1);
        node loser = a.leaf == r.leaf ? b : a;
        p = a.leaf == r.leaf ? 2 * p : 2 * p + 1;
        if (loser.order == ORDER_EMPTY || (count == max && !before(t, loser, best[count - 1])))
            continue;
        /* Insertion into the short sorted list. */
        uint32_t j = count < max ? count++ : max - 1;
        while (j > 0 && before(t, loser, best[j - 1])) {
            best[j] = best[j - 1];
            j--;
        }
        best[j] = loser;
    }
    for (uint32_t j = 0; j < count; j++)
        keys[j] = best[j].leaf;
    return count;
}

/* A set of key replays from its leaf's parent up: fetch that node. */
static void index_prefetch(const void *q, uint32_t key)
{
    const marin *m = q;
    hsf_prefetch(&m->k.in[(m->k.n + key) >> 1]);
}

static const hsf_queue_type marin_tree_type = {
    .state_size = sizeof(marin),
    .init = mt_init,
    .fini = mt_fini,
    .push = mt_push,
    .pop = mt_pop,
    .peek = mt_peek,
    .size = mt_size,
    .index_init = index_init,
    .index_set = index_set,
    .index_remove = index_remove,
    .index_first = index_first,
    .index_upcoming = index_upcoming,
    .index_prefetch = index_prefetch,
};

HSF_PLUGIN(HSF_PLUGIN_QUEUE, "marin_tree",
           "complete binary tree of Marin, Risso and Cordero (a tournament): O(log n); indexed",
           NULL, &marin_tree_type)
