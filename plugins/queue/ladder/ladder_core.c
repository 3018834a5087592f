/* The ladder queue of W. T. Tang, R. S. M. Goh and I. L.-J. Thng ("Ladder
 * Queue: an O(1) priority queue structure for large-scale discrete event
 * simulation", ACM Trans. Model. Comput. Simul. 15, 175-204, 2005).
 *
 * Three tiers, each event in exactly one of them:
 *  - Top, an unsorted list of the events later than top_start (the latest
 *    time of the previous epoch): pushes far ahead cost O(1);
 *  - the ladder, rungs of buckets, each bucket an unsorted list.  When
 *    Bottom and the rungs run dry, Top is poured into a first rung of NTop
 *    buckets spanning its events; a bucket with more than THRES events,
 *    when its turn comes, spawns a rung of THRES buckets one level down,
 *    spanning that bucket's events;
 *  - Bottom, a short sorted list from which pops are taken: a bucket of at
 *    most THRES events is sorted into it when Bottom is empty.
 * A push lands in the first rung, from the top, whose current bucket is not
 * later than its time, or in Bottom by insertion; Bottom growing past THRES
 * (pushes earlier than every rung's current bucket) becomes a new rung.
 * Each event is moved down a bounded number of rungs on average, so push
 * and pop cost O(1) amortised (the paper, section 4).
 *
 * Departures from the paper, for robustness:
 *  - A spawned rung spans its bucket's events (least to greatest time)
 *    rather than the bucket's nominal width: clumps of a few distinct times
 *    split at once.  A bucket whose events all have one time is sorted into
 *    Bottom whatever its size (no rung could split it), and so is any
 *    bucket once LD_MAX_RUNGS rungs exist: equal times never spawn rungs.
 *  - Bucket of time t in a rung: floor((t - start) * inv), clamped to the
 *    rung's buckets.  The function is monotonic in t (correctly rounded
 *    subtraction and product are), which is all correctness rests on: an
 *    event is filed in rung r only if its bucket there is not before the
 *    current one, and every event deeper down (lower rungs, Bottom) is in a
 *    bucket of rung r before the current one, hence earlier.  Widths that
 *    round badly or overflow cost speed, never order.
 *  - Events equal to top_start go to the rungs (clamped into the last
 *    bucket), not to Top: seqs may come in any order among equal times.
 *  - Bottom is doubly linked and insertion walks from its tail: the latest
 *    position is the usual one.
 *
 * For memory, which is what a ladder waits on once it outgrows the caches:
 *  - Top is an array of node indices, so that pouring it reads ahead (the
 *    nodes asked for 16 places before they are filed) instead of chasing
 *    links, one cache miss after another;
 *  - a push files its node in front of its bucket: it writes the bucket's
 *    head and the new node, and reads no other node (prev links, which
 *    cost a read of the old head, are kept only for the indexed form);
 *  - taking a bucket asks for the first nodes of the next two.
 * Events of equal times pushed in seq order come out of a bucket in
 * reverse order; the sort (a natural merge sort of the list) reverses such
 * runs and is linear on them. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include <hsframe/prefetch.h>

#include "ladder_core.h"

#define LD_TOP (LD_MAX_RUNGS + 1u)
#define LD_BOTTOM (LD_MAX_RUNGS + 2u)

static ld_bucket *buckets(ld_ladder *l, uint32_t r)
{
    return r == 0 ? l->big : l->small + (size_t)(r - 1) * LD_THRES;
}

static void reset(ld_ladder *l)
{
    l->bot = l->bot_tail = LD_NIL;
    l->ntop = l->nbot = l->nrungs = 0;
    l->top_start = -INFINITY;   /* the first push goes to Top */
    l->ahead = LD_NIL;
}

void ld_init(ld_ladder *l)
{
    reset(l);
}

void ld_free(ld_ladder *l)
{
    free(l->node);
    free(l->big);
    free(l->top);
    l->node = NULL;
    l->big = NULL;
    l->top = NULL;
}

int ld_reserve(ld_ladder *l, uint32_t cap, const char *what, hsf_error *err)
{
    if (cap <= l->cap)
        return 0;
    /* The first rung's buckets first: they must never be fewer than the
     * nodes, and a larger bucket array alone does no harm. */
    uint32_t bcap = cap > LD_THRES ? cap : LD_THRES;
    if (bcap > l->big_cap) {
        ld_bucket *big = realloc(l->big, (size_t)bcap * sizeof *big);
        if (!big)
            return hsf_error_set(err, "%s: out of memory for %u buckets", what, bcap);
        l->big = big;
        l->big_cap = bcap;
    }
    uint32_t *top = realloc(l->top, (size_t)cap * sizeof *top);
    if (!top)
        return hsf_error_set(err, "%s: out of memory for %u events", what, cap);
    l->top = top;
    ld_node *node = realloc(l->node, (size_t)cap * sizeof *node);
    if (!node)
        return hsf_error_set(err, "%s: out of memory for %u events", what, cap);
    l->node = node;
    l->cap = cap;
    return 0;
}

static int before(const ld_ladder *l, uint32_t a, uint32_t b)
{
    return hsf_event_before(&l->node[a].ev, &l->node[b].ev);
}

/* Bucket of time t in rung r: monotonic in t (see the top of the file). */
static uint32_t bucket_of(const ld_rung *r, double t)
{
    double x = (t - r->start) * r->inv;
    if (!(x > 0))       /* before the start, or 0 * inf at the start itself */
        return 0;
    if (x >= r->nb)
        return r->nb - 1;
    return (uint32_t)x;
}

/* Files k in front of bucket i of rung r. */
static void bucket_push(ld_ladder *l, uint32_t r, uint32_t i, uint32_t k)
{
    ld_bucket *b = &buckets(l, r)[i];
    ld_node *nd = &l->node[k];
    nd->where = r;
    nd->bucket = i;
    nd->next = *b;
    nd->prev = LD_NIL;
    if (l->back_links && *b != LD_NIL)
        l->node[*b].prev = k;
    *b = k;
}

/* Inserts k into Bottom, walking from the tail. */
static void bottom_insert(ld_ladder *l, uint32_t k)
{
    ld_node *nd = l->node;
    uint32_t p = l->bot_tail;
    while (p != LD_NIL && before(l, k, p))
        p = nd[p].prev;
    nd[k].where = LD_BOTTOM;
    nd[k].prev = p;
    nd[k].next = p == LD_NIL ? l->bot : nd[p].next;
    if (p == LD_NIL)
        l->bot = k;
    else
        nd[p].next = k;
    if (nd[k].next == LD_NIL)
        l->bot_tail = k;
    else
        nd[nd[k].next].prev = k;
    l->nbot++;
}

/* ---- sorting a list into Bottom ------------------------------------------ */

static uint32_t merge(const ld_ladder *l, uint32_t a, uint32_t b)
{
    uint32_t head = LD_NIL, *link = &head;
    while (a != LD_NIL && b != LD_NIL) {
        if (before(l, b, a)) {
            *link = b;
            link = &l->node[b].next;
            b = *link;
        } else {
            *link = a;
            link = &l->node[a].next;
            a = *link;
        }
    }
    *link = a != LD_NIL ? a : b;
    return head;
}

/* Cuts the longest run in order, or in strictly reverse order (reversed),
 * off the front of the list at *head; returns it. */
static uint32_t cut_run(const ld_ladder *l, uint32_t *head)
{
    ld_node *nd = l->node;
    uint32_t run = *head, end = run, next = nd[run].next;
    if (next != LD_NIL && before(l, next, run)) {
        /* Reversed: buckets are filled in front, so that is how equal
         * times pushed in seq order come. */
        nd[run].next = LD_NIL;
        while (next != LD_NIL && before(l, next, run)) {
            uint32_t after = nd[next].next;
            nd[next].next = run;
            run = next;
            next = after;
        }
        *head = next;
        return run;
    }
    while (nd[end].next != LD_NIL && !before(l, nd[end].next, end))
        end = nd[end].next;
    *head = nd[end].next;
    nd[end].next = LD_NIL;
    return run;
}

/* Sorts the list at head (linked by next, LD_NIL-terminated): a natural
 * merge sort, with runs merged as the bits of a binary counter, so it
 * needs no memory and is linear on a list in order or in reverse order. */
static uint32_t sort_list(const ld_ladder *l, uint32_t head)
{
    uint32_t slot[64];
    int used = 0;
    while (head != LD_NIL) {
        uint32_t run = cut_run(l, &head);
        int i = 0;
        for (; i < used && slot[i] != LD_NIL; i++) {
            run = merge(l, slot[i], run);
            slot[i] = LD_NIL;
        }
        if (i == used)
            used++;
        slot[i] = run;
    }
    uint32_t out = LD_NIL;
    for (int i = 0; i < used; i++)
        if (slot[i] != LD_NIL)
            out = merge(l, slot[i], out);
    return out;
}

/* Bottom (empty) becomes the list at head, sorted. */
static void sort_into_bottom(ld_ladder *l, uint32_t head)
{
    head = sort_list(l, head);
    uint32_t prev = LD_NIL, n = 0;
    for (uint32_t k = head; k != LD_NIL; k = l->node[k].next) {
        l->node[k].where = LD_BOTTOM;
        l->node[k].prev = prev;
        prev = k;
        n++;
    }
    l->bot = head;
    l->bot_tail = prev;
    l->nbot = n;
}

/* ---- rungs --------------------------------------------------------------- */

/* Adds rung number nrungs, of nb empty buckets spanning [tmin, tmax]
 * (tmin < tmax), and returns it. */
static ld_rung *new_rung(ld_ladder *l, uint32_t nb, double tmin, double tmax)
{
    ld_rung *rg = &l->rung[l->nrungs];
    rg->start = tmin;
    rg->inv = nb / (tmax - tmin);  /* may be inf for a tiny span: bucket_of copes */
    rg->nb = nb;
    rg->cur = 0;
    ld_bucket *b = buckets(l, l->nrungs);
    for (uint32_t i = 0; i < nb; i++)
        b[i] = LD_NIL;
    l->nrungs++;
    return rg;
}

/* A new rung of nb buckets spanning [tmin, tmax] (tmin < tmax), with the
 * list at head filed in it. */
static void spawn(ld_ladder *l, uint32_t head, uint32_t nb, double tmin, double tmax)
{
    ld_rung *rg = new_rung(l, nb, tmin, tmax);
    uint32_t r = l->nrungs - 1;
    while (head != LD_NIL) {
        uint32_t next = l->node[head].next;
        bucket_push(l, r, bucket_of(rg, l->node[head].ev.time), head);
        head = next;
    }
}

/* Bottom, too long, becomes a rung below the others, if it can be split. */
static void bottom_to_rung(ld_ladder *l)
{
    double tmin = l->node[l->bot].ev.time, tmax = l->node[l->bot_tail].ev.time;
    if (l->nrungs == LD_MAX_RUNGS || !(tmin < tmax))
        return;
    uint32_t head = l->bot;
    l->bot = l->bot_tail = LD_NIL;
    l->nbot = 0;
    spawn(l, head, LD_THRES, tmin, tmax);
}

void ld_insert(ld_ladder *l, uint32_t k)
{
    ld_node *nd = &l->node[k];
    double t = nd->ev.time;
    l->n++;
    if (t > l->top_start) {
        if (l->ntop == 0)
            l->top_min = l->top_max = t;
        else if (t < l->top_min)
            l->top_min = t;
        else if (t > l->top_max)
            l->top_max = t;
        nd->where = LD_TOP;
        nd->bucket = l->ntop;
        l->top[l->ntop++] = k;
        return;
    }
    for (uint32_t r = 0; r < l->nrungs; r++) {
        uint32_t i = bucket_of(&l->rung[r], t);
        if (i >= l->rung[r].cur) {
            bucket_push(l, r, i, k);
            return;
        }
    }
    bottom_insert(l, k);
    if (l->nbot > LD_THRES)
        bottom_to_rung(l);
}

void ld_unlink(ld_ladder *l, uint32_t k)
{
    ld_node *nd = &l->node[k];
    uint32_t *head, *tail = NULL;
    if (nd->where == LD_TOP) {
        /* The last one takes its place; top_min and top_max may now be
         * loose, which is harmless. */
        uint32_t last = l->top[--l->ntop];
        l->top[nd->bucket] = last;
        l->node[last].bucket = nd->bucket;
        nd->where = LD_NONE;
        if (--l->n == 0)
            reset(l);
        return;
    }
    if (nd->where == LD_BOTTOM) {
        head = &l->bot;
        tail = &l->bot_tail;
        l->nbot--;
    } else {
        head = &buckets(l, nd->where)[nd->bucket];
    }
    if (nd->prev == LD_NIL)
        *head = nd->next;
    else
        l->node[nd->prev].next = nd->next;
    if (nd->next != LD_NIL)
        l->node[nd->next].prev = nd->prev;
    else if (tail)
        *tail = nd->prev;
    nd->where = LD_NONE;
    if (--l->n == 0)
        reset(l);
}

/* Top, poured into a first rung (or, when small or all of one time,
 * sorted into Bottom).  The ladder and Bottom are empty. */
static void pour_top(ld_ladder *l)
{
    uint32_t n = l->ntop, *top = l->top;
    ld_node *nd = l->node;
    l->ntop = 0;
    l->top_start = l->top_max;
    if (n <= LD_THRES || !(l->top_min < l->top_max)) {
        for (uint32_t j = 0; j < n; j++)
            nd[top[j]].next = j + 1 < n ? top[j + 1] : LD_NIL;
        sort_into_bottom(l, top[0]);
        return;
    }
    ld_rung *rg = new_rung(l, n, l->top_min, l->top_max);
    /* The nodes are scattered: ask for them ahead, so that the misses
     * overlap. */
    for (uint32_t j = 0; j < n; j++) {
        if (j + 16 < n)
            hsf_prefetch(&nd[top[j + 16]]);
        uint32_t k = top[j];
        bucket_push(l, 0, bucket_of(rg, nd[k].ev.time), k);
    }
}

/* Asks for the node after l->ahead.  Taking a bucket walks its list, a
 * cache miss per node at scale, each waiting for the one before; walking
 * the next bucket's list one node per call while Bottom lasts has its
 * nodes in the caches when its turn comes.  Only a hint: the node may have
 * moved since, so any index below cap will do. */
static void step_ahead(ld_ladder *l)
{
    uint32_t k = l->ahead;
    if (k >= l->cap)
        return;
    k = l->node[k].next;
    l->ahead = k;
    if (k < l->cap)
        hsf_prefetch(&l->node[k]);
}

uint32_t ld_first(ld_ladder *l)
{
    if (l->nbot)
        step_ahead(l);
    while (l->nbot == 0) {
        if (l->n == 0)
            return LD_NIL;
        if (l->nrungs == 0) {
            pour_top(l);
            continue;
        }
        uint32_t r = l->nrungs - 1;
        ld_rung *rg = &l->rung[r];
        ld_bucket *b = buckets(l, r);
        uint32_t i = rg->cur;
        while (i < rg->nb && b[i] == LD_NIL)
            i++;
        if (i == rg->nb) {
            l->nrungs--;        /* consumed */
            continue;
        }
        rg->cur = i + 1;
        uint32_t head = b[i], count = 0;
        b[i] = LD_NIL;
        /* The buckets that come next: their first nodes, the list of the
         * first of them (step_ahead), and the buckets further on. */
        l->ahead = LD_NIL;
        for (uint32_t j = i + 3 < rg->nb ? i + 3 : rg->nb; j-- > i + 1;)
            if (b[j] != LD_NIL) {
                hsf_prefetch(&l->node[b[j]]);
                l->ahead = b[j];
            }
        if (i + 32 < rg->nb)
            hsf_prefetch(&b[i + 32]);
        double tmin = INFINITY, tmax = -INFINITY;
        for (uint32_t k = head; k != LD_NIL; k = l->node[k].next) {
            double t = l->node[k].ev.time;
            tmin = t < tmin ? t : tmin;
            tmax = t > tmax ? t : tmax;
            count++;
        }
        if (count > LD_THRES && l->nrungs < LD_MAX_RUNGS && tmin < tmax)
            spawn(l, head, LD_THRES, tmin, tmax);
        else
            sort_into_bottom(l, head);
    }
    return l->bot;
}
