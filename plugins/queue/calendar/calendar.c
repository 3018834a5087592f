/* calendar: Brown's calendar queue (R. Brown, "Calendar queues: a fast O(1)
 * priority queue implementation for the simulation event set problem",
 * Communications of the ACM 31(10):1220-1227, 1988), made robust.
 *
 * Time is cut into days of width w, counted from an origin; day d is kept
 * in bucket d mod nb (nb a power of two), a list sorted by (time, seq);
 * nb days make a year.  A pop walks the days from the current one and takes
 * the head of the first bucket whose head lies in the day being looked at.
 * With a few events per day, push and pop cost O(1) on average.
 *
 * As in the paper:
 *  - nb doubles when the size exceeds 2 nb and halves when it falls below
 *    nb/2; between the two thresholds at least nb/2 operations separate two
 *    resizes, so their O(n) cost is O(1) amortised and they cannot run away;
 *  - at each resize w is re-estimated from the (up to) 25 events nearest the
 *    front: the mean separation, then the mean of the separations no larger
 *    than twice it (a large gap says nothing about the density), times 3;
 *  - a walk that goes round a whole year without finding an event falls back
 *    to a direct search for the least of the bucket heads.
 *
 * Departures from the paper, each for a case where the original degrades:
 *  - Far future in a heap.  Buckets keep the days of the next 4 years only;
 *    later events wait in a binary heap (time and node index) and move into
 *    their bucket when the walk comes within 4 years of them.  In Brown's
 *    queue every event sits in the buckets: when times spread over decades
 *    (days beyond 2^53 collapse onto a few buckets) or a whole number of
 *    years apart, insertions walk long lists, O(n) each and O(n^2) in all;
 *    here such events cost O(log n).  When the buckets are empty the heap's
 *    top is the first event and the walk jumps to its day: a lone event far
 *    in the future costs one jump, not a scan of every bucket per pop.
 *  - Occupancy bitmap.  One bit per bucket, with levels above it (a bit per
 *    non-zero word below), so the walk skips any stretch of empty days in
 *    O(log_64 nb) instead of visiting them one by one.  Brown's walk pays
 *    for every empty day: after a cluster followed by a long gap, after a
 *    push earlier than the walk (the walk goes back to it, then must come
 *    forward again), or when the front is sparse.  The full-year scan and
 *    the direct search visit occupied buckets only.
 *  - Width from two samples.  w is 3 times the smaller of Brown's front
 *    separation and the median separation around 512 events sampled across
 *    the whole queue: when the front is sparse and the bulk dense (a queue
 *    filled ahead of its front), Brown's estimate alone crowds hundreds of
 *    events into each bucket.  Too small a width costs little (empty days
 *    are skipped, far events wait in the heap), too large a one costs a walk
 *    through the crowd at every insertion.  The front sample takes distinct
 *    times, so that ties set no width; when neither sample gives a
 *    separation (all times equal) the old width is kept.
 *  - Runs of equal times.  In a bucket, the first and last events of a run
 *    of equal times point at each other: an insertion hops over a run in
 *    one step and joins it at its end (the engine's seq only grows), so a
 *    bucket holding a few clusters of ties costs O(clusters), not O(events).
 *    Each bucket keeps its last node and that node's time, so the usual push
 *    (the latest time of its day) appends after reading one cache line.
 *  - Self-tuning between resizes.  Work beyond a small allowance per
 *    operation (occupied buckets visited, runs hopped, heap jumps and
 *    migrations) is added up; when the excess exceeds twice the size of the
 *    structure, the calendar is rebuilt with a fresh width.  The rebuild is
 *    paid for by the excess, so no pattern of times makes rebuilds dominate.
 *  - Rebuilds copy the events into a new array in bucket order, sorted
 *    within each bucket, and link them in array order: the walk then reads
 *    memory in sequence, which is what keeps pops fast when the queue is far
 *    larger than the caches.  The price is a second node array during a
 *    rebuild (peak memory about twice the node array).
 *  - Days are counted from an origin (the front at the last rebuild, or the
 *    first push into an empty queue) in 64-bit integers clamped to +-2^62,
 *    so times near 1e9 with tiny gaps keep their resolution and times up to
 *    1e300 need no special case.  One monotonic function maps a time to its
 *    day everywhere, so an event can never be filed in one day and looked
 *    for in another.
 *  - Nodes live in one growing array, named by 32-bit indices, with a free
 *    list: no allocation per push.
 *
 * Correctness rests on invariants that every operation keeps: each event in
 * a bucket has day >= the walk's day and < the horizon; each event in the
 * heap has day >= the horizon; each bucket is sorted by (time, seq).  A
 * bucket's head is then the first event of its day, and the first occupied
 * day is the first event of the queue.  A push earlier than the walk moves
 * the walk back to it; the horizon does not move back, so the buckets may
 * then hold more than 4 years, which the walk's day check and the direct
 * search handle.
 *
 * The indexed operations (ABI 1.1) use a calendar of their own, Paul's queue
 * with lazy day lists: calendar_index.c.
 *
 * Caveats: seqs pushed out of order among equal times are placed by a walk
 * along their run, O(run) each (the engine never does this); each event costs
 * 40 bytes of node plus 8 to 32 of bucket, so at 10^6 events the calendar
 * outgrows a 32 MB cache where the binary heap (32 bytes each) still fits. */
#include <math.h>
#include <float.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <hsframe/hsframe.h>

#include "calendar_index.h"

#define NIL UINT32_MAX
#define FREE_MARK (UINT32_MAX - 1)  /* run field of a node on the free list */
#define MAX_NODES (UINT32_MAX - 2)
#define MIN_BUCKETS 2u
#define MAX_BUCKETS (1u << 30)
#define SAMPLE 25                   /* Brown's sample of the front */
#define QSAMPLE 512                 /* systematic sample of the whole queue */
#define QSPAN 4                     /* sample intervals per separation estimate */
#define DAY_LIMIT 0x1p62            /* days are clamped to +-2^62 */
#define ALLOWANCE 8                 /* work per operation that is not excess */
#define YEARS 4                     /* years ahead kept in buckets */
#define MAX_LEVELS 6                /* of the occupancy bitmap: 64^5 >= MAX_BUCKETS */

/* The fields a walk reads come first, so that they share a cache line. */
typedef struct cq_node {
    uint32_t next;      /* next node in the bucket, or on the free list */
    uint32_t run;       /* first node of a run of equal times: its last node;
                           last node of a run: its first (a run of one: itself);
                           other nodes in buckets or the heap: NIL;
                           free nodes: FREE_MARK */
    hsf_event ev;
} cq_node;

/* 16 bytes, so never across two cache lines: the one line a push reads
 * when it appends, which is the usual case. */
typedef struct cq_bucket {
    uint32_t head;      /* first node, NIL when empty */
    uint32_t tail;      /* last node */
    double tail_time;   /* its time: an append needs no look at the node */
} cq_bucket;

typedef struct cq_far {
    double time;        /* copy of the node's time: keeps the heap local */
    uint32_t node;
} cq_far;

typedef struct calendar {
    cq_node *node;
    uint32_t cap, used, free_head;

    cq_bucket *bucket;  /* nb of them, and a spare used while rebuilding */
    uint32_t nb;        /* number of buckets, a power of two */
    uint64_t *bits;     /* which buckets are not empty: a bitmap, and levels
                           above it with one bit per non-zero word below */
    uint32_t level_at[MAX_LEVELS];  /* where each level starts in bits */
    int levels;
    double origin;      /* day 0 starts here */
    double width;       /* of a day */
    double inv_width;
    int64_t day;        /* where the walk is */
    int64_t horizon;    /* first day kept in the far heap */
    size_t n;           /* events held */
    size_t in_buckets;  /* of which in buckets */

    cq_far *far;        /* binary heap of the events at or beyond the horizon */
    size_t nfar, far_cap;

    uint64_t work;      /* work of the current operation */
    uint64_t excess;    /* work beyond ALLOWANCE per operation, since the last rebuild */
    uint64_t hold_off;  /* operations to wait before retrying a failed rebuild */

    cal_index *index;   /* the indexed operations' own calendar (calendar_index.c) */
} calendar;

/* ---- days ---------------------------------------------------------------- */

/* The day of time t for a given origin and width: floor((t - origin) / w),
 * clamped.  Monotonic in t (a subtraction and a multiplication by a positive
 * constant are monotonic under rounding), which is all correctness needs. */
static int64_t day_at(double origin, double inv_width, double t)
{
    double x = (t - origin) * inv_width;
    if (!(x < DAY_LIMIT))
        return (int64_t)DAY_LIMIT;
    if (x <= -DAY_LIMIT)
        return -(int64_t)DAY_LIMIT;
    int64_t d = (int64_t)x;             /* truncates toward zero */
    return d - ((double)d > x);         /* floor for negative x */
}

static int64_t cq_day(const calendar *c, double t)
{
    return day_at(c->origin, c->inv_width, t);
}

static uint32_t bucket_of(const calendar *c, int64_t day)
{
    return (uint32_t)((uint64_t)day & (c->nb - 1));  /* day mod nb, also for day < 0 */
}

/* The span of days kept in buckets: YEARS years. */
static int64_t span(const calendar *c)
{
    return (int64_t)YEARS * c->nb;
}

/* ---- which buckets are occupied ----------------------------------------
 * A bitmap over the buckets, with levels above it (bit i of level l+1 says
 * whether word i of level l is non-zero), so that the next occupied bucket
 * is found in O(levels) whatever the number of empty days in between.  Brown
 * walks the empty days one by one, which costs a lot when the events are
 * sparse at the front, after an early push has sent the walk back, or when
 * one cluster is followed by a long gap. */

/* Words of bitmap for nb buckets, and where each level starts. */
static size_t bitmap_layout(uint32_t nb, uint32_t level_at[MAX_LEVELS], int *levels)
{
    size_t total = 0, bits = nb;
    int l = 0;
    do {
        size_t words = (bits + 63) / 64;
        level_at[l++] = (uint32_t)total;
        total += words;
        bits = words;
    } while (bits > 1);
    *levels = l;
    return total;
}

static void bitmap_set(calendar *c, uint32_t b)
{
    for (int l = 0; l < c->levels; l++, b >>= 6) {
        uint64_t *w = &c->bits[c->level_at[l] + (b >> 6)], was = *w;
        *w = was | (UINT64_C(1) << (b & 63));
        if (was)
            break;      /* the levels above know already */
    }
}

static void bitmap_clear(calendar *c, uint32_t b)
{
    for (int l = 0; l < c->levels; l++, b >>= 6) {
        uint64_t *w = &c->bits[c->level_at[l] + (b >> 6)];
        *w &= ~(UINT64_C(1) << (b & 63));
        if (*w)
            break;
    }
}

/* The first occupied bucket at or after b (no wrap-around), or NIL. */
static uint32_t bitmap_next(const calendar *c, uint32_t b)
{
    uint64_t pos = b;
    int l = 0;
    for (;;) {
        if (l == c->levels)
            return NIL;
        uint64_t i = pos >> 6;
        uint64_t words = l + 1 < c->levels ? c->level_at[l + 1] - c->level_at[l] : 1;
        if (i >= words)
            return NIL;
        uint64_t w = c->bits[c->level_at[l] + i] & (~UINT64_C(0) << (pos & 63));
        if (w) {
            pos = (i << 6) | (uint64_t)__builtin_ctzll(w);
            break;
        }
        pos = i + 1;    /* the next word, as a bit of the level above */
        l++;
    }
    while (l-- > 0)     /* down again, taking the first bit each time */
        pos = (pos << 6) | (uint64_t)__builtin_ctzll(c->bits[c->level_at[l] + pos]);
    return (uint32_t)pos;
}

/* The first occupied bucket after b, or NIL. */
static uint32_t bitmap_after(const calendar *c, uint32_t b)
{
    return b + 1 < c->nb ? bitmap_next(c, b + 1) : NIL;
}

/* ---- buckets: sorted lists made of runs of equal times -------------------
 * A run's first and last nodes point at each other, so an insertion hops
 * over a whole run in one step, and joins a run at either end in O(1). */

/* Files node k (day d) into its bucket; returns the number of runs hopped. */
static uint64_t bucket_insert(calendar *c, uint32_t k, int64_t d)
{
    cq_node *nd = c->node;
    uint32_t b = bucket_of(c, d);
    cq_bucket *bk = &c->bucket[b];
    double t = nd[k].ev.time;
    uint64_t s = nd[k].ev.seq;
    c->in_buckets++;
    if (bk->head == NIL) {
        nd[k].next = NIL;
        nd[k].run = k;
        bk->head = bk->tail = k;
        bk->tail_time = t;
        bitmap_set(c, b);
        return 0;
    }
    /* The usual case: after everything in the bucket. */
    uint32_t tail = bk->tail;
    if (t > bk->tail_time) {
        nd[tail].next = k;
        nd[k].next = NIL;
        nd[k].run = k;
        bk->tail = k;
        bk->tail_time = t;
        return 0;
    }
    if (t == bk->tail_time && s > nd[tail].ev.seq) {
        uint32_t first = nd[tail].run;
        if (first != tail)
            nd[tail].run = NIL;
        nd[first].run = k;
        nd[k].run = first;
        nd[tail].next = k;
        nd[k].next = NIL;
        bk->tail = k;
        return 0;
    }
    /* Hop over the runs that come before, then place k. */
    uint64_t hops = 0;
    uint32_t prev = NIL;        /* last node of the run before r */
    uint32_t r = bk->head;
    while (t > nd[r].ev.time) {
        prev = nd[r].run;
        r = nd[prev].next;      /* not NIL: t <= the tail's time */
        hops++;
    }
    if (t < nd[r].ev.time) {    /* a run of its own, before r */
        nd[k].run = k;
        nd[k].next = r;
        if (prev == NIL)
            bk->head = k;
        else
            nd[prev].next = k;
        return hops;
    }
    uint32_t end = nd[r].run;
    if (s < nd[r].ev.seq) {     /* the new first of r's run */
        nd[k].run = end;
        nd[end].run = k;
        if (end != r)
            nd[r].run = NIL;
        nd[k].next = r;
        if (prev == NIL)
            bk->head = k;
        else
            nd[prev].next = k;
        return hops;
    }
    /* Inside r's run, by seq: at its end unless seqs come out of order.
     * Such a walk is not counted: no width can shorten a run of ties. */
    uint32_t p = s > nd[end].ev.seq ? end : r;
    while (p != end && nd[nd[p].next].ev.seq < s)
        p = nd[p].next;
    nd[k].next = nd[p].next;
    nd[p].next = k;
    if (p == end) {             /* the new last of r's run */
        nd[r].run = k;
        nd[k].run = r;
        if (end != r)
            nd[end].run = NIL;
        if (bk->tail == end)
            bk->tail = k;
    } else {
        nd[k].run = NIL;
    }
    return hops;
}

/* Unlinks the first node of bucket b and returns it. */
static uint32_t bucket_take_head(calendar *c, uint32_t b)
{
    cq_node *nd = c->node;
    cq_bucket *bk = &c->bucket[b];
    uint32_t h = bk->head, nx = nd[h].next;
    if (nx == NIL) {
        bk->head = bk->tail = NIL;
        bitmap_clear(c, b);
    } else {
        uint32_t end = nd[h].run;
        if (end != h) {         /* nx is next in h's run: it becomes first */
            nd[nx].run = end;
            nd[end].run = nx;
        }
        bk->head = nx;
    }
    c->in_buckets--;
    return h;
}

/* ---- the far heap --------------------------------------------------------- */

static int far_before(const calendar *c, cq_far a, cq_far b)
{
    return a.time < b.time ||
           (a.time == b.time && c->node[a.node].ev.seq < c->node[b.node].ev.seq);
}

static void far_sift_down(calendar *c, size_t i)
{
    cq_far x = c->far[i];
    size_t n = c->nfar;
    for (;;) {
        size_t ch = 2 * i + 1;
        if (ch >= n)
            break;
        if (ch + 1 < n && far_before(c, c->far[ch + 1], c->far[ch]))
            ch++;
        if (!far_before(c, c->far[ch], x))
            break;
        c->far[i] = c->far[ch];
        i = ch;
    }
    c->far[i] = x;
}

/* Capacity must be there already. */
static void far_push(calendar *c, uint32_t k)
{
    cq_far x = { .time = c->node[k].ev.time, .node = k };
    size_t i = c->nfar++;
    while (i > 0 && far_before(c, x, c->far[(i - 1) / 2])) {
        c->far[i] = c->far[(i - 1) / 2];
        i = (i - 1) / 2;
    }
    c->far[i] = x;
}

static uint32_t far_pop(calendar *c)
{
    uint32_t k = c->far[0].node;
    if (--c->nfar > 0) {
        c->far[0] = c->far[c->nfar];
        far_sift_down(c, 0);
    }
    return k;
}

static int far_reserve(calendar *c, size_t want, hsf_error *err)
{
    if (want <= c->far_cap)
        return 0;
    cq_far *far = realloc(c->far, want * sizeof *far);
    if (!far)
        return hsf_error_set(err, "calendar: out of memory for %zu far events", want);
    c->far = far;
    c->far_cap = want;
    return 0;
}

/* Moves the heap's events that now lie before the horizon into buckets. */
static void migrate(calendar *c)
{
    while (c->nfar > 0) {
        int64_t d = cq_day(c, c->far[0].time);
        if (d >= c->horizon)
            break;
        c->work += 2 + bucket_insert(c, far_pop(c), d);
    }
}

/* ---- rebuild: new bucket count, new width ------------------------------- */

static void rebuild_failed(calendar *c)
{
    c->excess = 0;
    c->hold_off = c->n + c->nb + 64;    /* retry later, not on every operation */
}

static int node_cmp(const void *pa, const void *pb)
{
    const hsf_event *a = &((const cq_node *)pa)->ev, *b = &((const cq_node *)pb)->ev;
    return hsf_event_before(a, b) ? -1 : hsf_event_before(b, a);
}

/* Sorts m nodes in place by (time, seq): a bucket's few, or a run of ties. */
static void sort_nodes(cq_node *a, size_t m)
{
    if (m > 16) {
        qsort(a, m, sizeof *a, node_cmp);
        return;
    }
    for (size_t i = 1; i < m; i++) {
        cq_node x = a[i];
        size_t j = i;
        for (; j > 0 && hsf_event_before(&x.ev, &a[j - 1].ev); j--)
            a[j] = a[j - 1];
        a[j] = x;
    }
}

static int cmp_double(const void *pa, const void *pb)
{
    double a = *(const double *)pa, b = *(const double *)pb;
    return (a > b) - (a < b);
}

/* The parameters of a rebuild, and where it puts an event: its bucket, or
 * slot nb for the far heap (the walk starts at day 0). */
typedef struct layout {
    double origin, inv_width;
    uint32_t nb;
} layout;

static uint32_t slot_of(const layout *lay, double t)
{
    int64_t d = day_at(lay->origin, lay->inv_width, t);
    return d < (int64_t)YEARS * lay->nb ? (uint32_t)((uint64_t)d & (lay->nb - 1)) : lay->nb;
}

/* The width of a day, three times a typical separation of events, taken as
 * the smaller of two estimates (a width too small costs little: empty days
 * are skipped through the bitmap and late events wait in the heap; a width
 * too large crowds buckets, and every insertion walks the crowd):
 *  - Brown's: the mean separation of the (up to) 25 smallest distinct times,
 *    after dropping separations above twice the mean: the density where
 *    pops happen;
 *  - the median, over a systematic sample of 512 events, of the separation
 *    around each: the density where a typical event lies, and so where
 *    insertions land.  Brown's estimate alone is fooled when the front is
 *    sparse and the bulk is dense (a queue filled ahead of its front): the
 *    buckets then hold hundreds of events each.
 * Sets origin to the smallest time.  Keeps the old width when neither
 * estimate is usable (all times equal, or separations beyond the range of
 * doubles). */
static void estimate(const calendar *c, layout *lay, double *width)
{
    const cq_node *nd = c->node;
    double s[SAMPLE], q[QSAMPLE];
    int m = 0, nq = 0;
    size_t live = 0;
    for (uint32_t i = 0; i < c->used; i++) {
        if (nd[i].run == FREE_MARK)
            continue;
        double t = nd[i].ev.time;
        if (nq < QSAMPLE && live++ == (size_t)nq * c->n / QSAMPLE)
            q[nq++] = t;
        if (m == SAMPLE && t >= s[SAMPLE - 1])
            continue;       /* most events stop here */
        int j = m;
        while (j > 0 && s[j - 1] > t)
            j--;
        if (j > 0 && s[j - 1] == t)
            continue;
        if (m < SAMPLE)
            m++;
        memmove(&s[j + 1], &s[j], (size_t)(m - 1 - j) * sizeof *s);
        s[j] = t;
    }
    lay->origin = m > 0 ? s[0] : c->origin;

    double gap = INFINITY;
    if (m >= 2) {
        double mean = (s[m - 1] - s[0]) / (m - 1), sum = 0;
        int count = 0;
        for (int i = 1; i < m; i++) {
            double g = s[i] - s[i - 1];
            if (g <= 2 * mean) {
                sum += g;
                count++;
            }
        }
        if (count && sum > 0)
            gap = sum / count;
    }
    if (nq > 2 * QSPAN) {
        /* Separation around sample k: the span of QSPAN sample intervals,
         * each standing for n / nq events. */
        qsort(q, (size_t)nq, sizeof *q, cmp_double);
        int ng = nq - QSPAN;
        for (int k = 0; k < ng; k++)
            q[k] = (q[k + QSPAN] - q[k]) / QSPAN * nq / (double)c->n;
        qsort(q, (size_t)ng, sizeof *q, cmp_double);
        double median = q[ng / 2];
        if (median > 0 && median < gap)
            gap = median;
    }
    double w = 3 * gap;
    *width = w >= DBL_MIN && w <= DBL_MAX ? w : c->width;
    lay->inv_width = 1 / *width;
}

/* Rebuilds the calendar with nb buckets and a fresh width.  Returns -1 if
 * memory is refused, leaving the queue as it was.
 *
 * The nodes are not relinked where they lie: they are copied into a new
 * array in bucket order (a counting sort on the bucket), each bucket's
 * events contiguous, then sorted and linked in array order.  Bucket order
 * is day order within a year, so the walk then reads memory nearly in
 * sequence: that is what keeps pops fast when the queue is far larger than
 * the caches.  Reading the old array in order and writing to independent
 * places is also much faster than relinking lists scattered over memory.
 * The price is a second node array while the copy is made. */
static int rebuild(calendar *c, uint32_t nb)
{
    layout lay = { .nb = nb };
    double width;
    estimate(c, &lay, &width);

    /* Allocate everything before changing anything.  The spare bucket,
     * slot nb, counts the far events. */
    uint32_t level_at[MAX_LEVELS];
    int levels;
    size_t words = bitmap_layout(nb, level_at, &levels);
    cq_bucket *bucket = calloc((size_t)nb + 1, sizeof *bucket);
    uint64_t *bits = calloc(words, sizeof *bits);
    cq_node *old = c->node, *nd = NULL;
    if (bucket && bits) {
        for (uint32_t i = 0; i < c->used; i++)
            if (old[i].run != FREE_MARK)
                bucket[slot_of(&lay, old[i].ev.time)].head++;
        size_t cap = c->n + c->n / 8 + 1024;
        if (cap > MAX_NODES)
            cap = MAX_NODES;
        nd = malloc(cap * sizeof *nd);
        if (nd && far_reserve(c, bucket[nb].head + bucket[nb].head / 4, NULL) == 0) {
            c->cap = (uint32_t)cap;
        } else {
            free(nd);
            nd = NULL;
        }
    }
    if (!nd) {
        free(bucket);
        free(bits);
        return -1;
    }

    /* Commit. */
    free(c->bucket);
    free(c->bits);
    c->bucket = bucket;
    c->bits = bits;
    c->nb = nb;
    memcpy(c->level_at, level_at, sizeof level_at);
    c->levels = levels;
    c->origin = lay.origin;
    c->width = width;
    c->inv_width = lay.inv_width;
    c->day = 0;
    c->horizon = span(c);
    c->in_buckets = 0;
    c->nfar = 0;

    /* Slot b gets [tail, head) of the new array: tail is the cursor, head
     * the end.  Then copy every live event to its slot. */
    uint32_t end = 0;
    for (uint32_t b = 0; b <= nb; b++) {
        bucket[b].tail = end;
        end += bucket[b].head;
        bucket[b].head = end;
    }
    for (uint32_t i = 0; i < c->used; i++)
        if (old[i].run != FREE_MARK)
            nd[bucket[slot_of(&lay, old[i].ev.time)].tail++].ev = old[i].ev;
    free(old);
    c->node = nd;
    c->used = end;
    c->free_head = NIL;

    /* Sort each bucket, link it in array order and mark its runs. */
    uint32_t start = 0;
    for (uint32_t b = 0; b < nb; b++) {
        uint32_t stop = bucket[b].head;
        if (start == stop) {
            bucket[b].head = bucket[b].tail = NIL;
            continue;
        }
        sort_nodes(nd + start, stop - start);
        for (uint32_t i = start; i < stop;) {
            uint32_t r = i;     /* a run of equal times: [r, i) */
            do {
                nd[i].next = i + 1 < stop ? i + 1 : NIL;
                nd[i].run = NIL;
                i++;
            } while (i < stop && nd[i].ev.time == nd[r].ev.time);
            nd[r].run = i - 1;
            nd[i - 1].run = r;
        }
        bucket[b].head = start;
        bucket[b].tail = stop - 1;
        bucket[b].tail_time = nd[stop - 1].ev.time;
        bitmap_set(c, b);
        c->in_buckets += stop - start;
        start = stop;
    }

    /* The rest wait in the far heap. */
    for (uint32_t i = start; i < end; i++) {
        nd[i].run = NIL;
        c->far[c->nfar++] = (cq_far){ .time = nd[i].ev.time, .node = i };
    }
    for (size_t i = c->nfar / 2; i-- > 0;)
        far_sift_down(c, i);
    size_t keep = 2 * (c->nfar > 64 ? c->nfar : 64);
    if (c->far_cap > 2 * keep) {    /* give memory back after a drain */
        cq_far *smaller = realloc(c->far, keep * sizeof *smaller);
        if (smaller) {
            c->far = smaller;
            c->far_cap = keep;
        }
    }
    c->excess = 0;
    return 0;
}

/* Books the current operation's work and resizes or rebuilds if due. */
static void settle(calendar *c)
{
    uint64_t w = c->excess + c->work;
    c->excess = w > ALLOWANCE ? w - ALLOWANCE : 0;
    c->work = 0;
    if (c->hold_off) {
        c->hold_off--;
        return;
    }
    uint32_t nb = c->nb;
    if (c->n > 2 * (size_t)nb && nb < MAX_BUCKETS)
        nb *= 2;
    else if (c->n < nb / 2 && nb > MIN_BUCKETS)
        nb /= 2;
    else if (c->excess <= 2 * ((uint64_t)c->used + nb) + 64)
        return;
    if (rebuild(c, nb))
        rebuild_failed(c);
}

/* ---- the queue ------------------------------------------------------------ */

/* The first event's node; leaves the walk at its day (its bucket's head).
 * NIL when empty. */
static uint32_t find_first(calendar *c)
{
    if (c->n == 0)
        return NIL;
    if (c->in_buckets == 0) {
        /* The buckets are empty: the heap's top is the first event.  Jump. */
        c->day = cq_day(c, c->far[0].time);
        c->horizon = c->day + span(c);
        c->work += ALLOWANCE;
        migrate(c);
    }
    /* Walk a year from today, visiting only occupied buckets: the one at
     * distance dist holds day + dist, and maybe days whole years later
     * (sorted after it). */
    uint32_t b0 = bucket_of(c, c->day);
    uint64_t dist = 0;
    while (dist < c->nb) {
        uint32_t pos = (uint32_t)((b0 + dist) & (c->nb - 1));
        uint32_t b = bitmap_next(c, pos);
        c->work++;
        if (b == NIL) {
            dist += c->nb - pos;        /* on from bucket 0 */
            continue;
        }
        dist += b - pos;
        if (dist >= c->nb)
            break;
        uint32_t k = c->bucket[b].head;
        if (cq_day(c, c->node[k].ev.time) == c->day + (int64_t)dist) {
            c->day += (int64_t)dist;
            if (c->day + span(c) > c->horizon) {
                /* The horizon moves on: events waiting for the new days go
                 * into buckets, all of them after k. */
                c->horizon = c->day + span(c);
                migrate(c);
            }
            return k;
        }
        dist++;
    }
    /* A whole year and nothing in it: the first event is a year or more
     * ahead.  Brown's direct search, the least of the bucket heads (over the
     * occupied buckets only). */
    uint32_t best = NIL;
    for (uint32_t b = bitmap_next(c, 0); b != NIL; b = bitmap_after(c, b)) {
        uint32_t k = c->bucket[b].head;
        if (best == NIL || hsf_event_before(&c->node[k].ev, &c->node[best].ev))
            best = k;
        c->work++;
    }
    c->day = cq_day(c, c->node[best].ev.time);
    if (c->day + span(c) > c->horizon) {
        c->horizon = c->day + span(c);
        migrate(c);
    }
    return best;
}

static int cal_init(void *q, const hsf_config *cfg, size_t size_hint, hsf_error *err)
{
    (void)cfg;
    calendar *c = q;
    c->free_head = NIL;
    c->width = c->inv_width = 1;
    c->nb = MIN_BUCKETS;
    c->horizon = span(c);
    /* The hint is only a hint: if that much memory is refused, start small. */
    size_t cap = size_hint > 1024 && size_hint <= MAX_NODES ? size_hint : 1024;
    c->node = malloc(cap * sizeof *c->node);
    if (!c->node && cap > 1024)
        c->node = malloc((cap = 1024) * sizeof *c->node);
    c->bucket = malloc((MIN_BUCKETS + 1) * sizeof *c->bucket);
    size_t words = bitmap_layout(MIN_BUCKETS, c->level_at, &c->levels);
    c->bits = calloc(words, sizeof *c->bits);
    if (!c->node || !c->bucket || !c->bits || far_reserve(c, 64, NULL))
        return hsf_error_set(err, "calendar: out of memory");
    c->cap = (uint32_t)cap;
    for (uint32_t b = 0; b < MIN_BUCKETS; b++)
        c->bucket[b].head = c->bucket[b].tail = NIL;
    return 0;
}

static void cal_fini(void *q)
{
    calendar *c = q;
    free(c->node);
    free(c->bucket);
    free(c->bits);
    free(c->far);
    cal_index_free(c->index);
}

static int cal_push(void *q, const hsf_event *ev, hsf_error *err)
{
    calendar *c = q;
    if (!isfinite(ev->time))
        return hsf_error_set(err, "calendar: event time %g is not finite", ev->time);
    /* Every allocation first, so that a failure changes nothing. */
    if (c->free_head == NIL && c->used == c->cap) {
        uint64_t cap = 2 * (uint64_t)c->cap;
        if (cap > MAX_NODES)
            cap = MAX_NODES;
        if (cap <= c->cap)
            return hsf_error_set(err, "calendar: more than %u events", (unsigned)MAX_NODES);
        cq_node *node = realloc(c->node, (size_t)cap * sizeof *node);
        if (!node)
            return hsf_error_set(err, "calendar: out of memory for %llu events",
                                 (unsigned long long)cap);
        c->node = node;
        c->cap = (uint32_t)cap;
    }
    if (c->n == 0) {
        /* An empty calendar restarts at this event: no walk over the
         * days in between, and full resolution around it. */
        c->origin = ev->time;
        c->day = 0;
        c->horizon = span(c);
    }
    int64_t d = cq_day(c, ev->time);
    if (d >= c->horizon && c->nfar == c->far_cap &&
        far_reserve(c, 2 * c->far_cap, err))
        return -1;

    uint32_t k = c->free_head;
    if (k != NIL)
        c->free_head = c->node[k].next;
    else
        k = c->used++;
    c->node[k].ev = *ev;
    if (d < c->horizon) {
        c->work += bucket_insert(c, k, d);
        if (d < c->day)
            c->day = d;     /* earlier than the walk (allowed): go back */
    } else {
        c->node[k].run = NIL;
        far_push(c, k);
    }
    c->n++;
    settle(c);
    return 0;
}

static int cal_pop(void *q, hsf_event *out)
{
    calendar *c = q;
    uint32_t k = find_first(c);
    if (k == NIL)
        return 0;
    uint32_t b = bucket_of(c, c->day);
    bucket_take_head(c, b);
    /* Fetch the node the next pop will most likely want (the new head here,
     * or the head of the next occupied bucket) while the caller works: with
     * a queue larger than the caches, that miss is most of a pop's cost. */
    uint32_t next = c->bucket[b].head;
    if (next == NIL) {
        uint32_t b2 = bitmap_after(c, b);
        if (b2 != NIL)
            next = c->bucket[b2].head;
    }
    if (next != NIL)
        hsf_prefetch(&c->node[next]);
    *out = c->node[k].ev;
    c->node[k].run = FREE_MARK;
    c->node[k].next = c->free_head;
    c->free_head = k;
    c->n--;
    settle(c);
    return 1;
}

static const hsf_event *cal_peek(void *q)
{
    calendar *c = q;
    uint32_t k = find_first(c);     /* its work is booked by the next push or pop */
    return k == NIL ? NULL : &c->node[k].ev;
}

static size_t cal_size(const void *q)
{
    return ((const calendar *)q)->n;
}

/* ---- indexed (ABI 1.1): calendar_index.c ---------------------------------- */

static int cal_index_init(void *q, uint32_t nkeys, hsf_error *err)
{
    calendar *c = q;
    c->index = cal_index_new(nkeys);
    return c->index ? 0 : hsf_error_set(err, "calendar: out of memory for %u keys", nkeys);
}

static int cal_index_set_(void *q, uint32_t key, double time, uint64_t seq, hsf_error *err)
{
    return cal_index_set(((calendar *)q)->index, key, time, seq, err);
}

static void cal_index_remove_(void *q, uint32_t key)
{
    cal_index_remove(((calendar *)q)->index, key);
}

static int cal_index_first_(const void *q, uint32_t *key, double *time)
{
    return cal_index_first(((const calendar *)q)->index, key, time);
}

static void cal_index_prefetch_(const void *q, uint32_t key)
{
    cal_index_prefetch(((const calendar *)q)->index, key);
}

static uint32_t cal_index_upcoming_(const void *q, uint32_t *keys, uint32_t max)
{
    return cal_index_upcoming(((const calendar *)q)->index, keys, max);
}

static const hsf_queue_type calendar_type = {
    .state_size = sizeof(calendar),
    .init = cal_init,
    .fini = cal_fini,
    .push = cal_push,
    .pop = cal_pop,
    .peek = cal_peek,
    .size = cal_size,
    .index_init = cal_index_init,
    .index_set = cal_index_set_,
    .index_remove = cal_index_remove_,
    .index_first = cal_index_first_,
    .index_upcoming = cal_index_upcoming_,
    .index_prefetch = cal_index_prefetch_,
};

HSF_PLUGIN(HSF_PLUGIN_QUEUE, "calendar",
           "Brown's calendar queue with a far-future heap: O(1) average push and pop, "
           "self-tuning day width; indexed, Paul's queue with lazy day lists",
           NULL, &calendar_type)
