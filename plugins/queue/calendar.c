/* calendar: Brown's calendar queue (R. Brown, "Calendar queues: a fast O(1)
 * priority queue implementation for the simulation event set problem",
 * Communications of the ACM 31(10), 1988).
 *
 * Time is cut into "days" of a fixed width; day k lives in bucket
 * k mod nbuckets, a list sorted by (time, seq).  A pop walks the days from
 * the current one and takes the first event that belongs to the day being
 * looked at.  With about one event per day and the width matched to the
 * spacing of the events at the front, push and pop cost O(1) on average.
 *
 * Choices, and why:
 *  - The day of an event is computed by one function everywhere (push,
 *    pop, resize), so rounding can never file an event in one day and look
 *    for it in another.  Days are doubles, not integers, so times up to
 *    1e300 need no special case.
 *  - Buckets double when the size exceeds twice their number and halve
 *    below half of it (Brown's thresholds, hysteresis included); the width
 *    is re-estimated at every resize from the 25 events at the front,
 *    ignoring gaps above twice the mean (Brown's rule), so clustered and
 *    spread-out times both get sensible days.  If every sampled gap is 0
 *    the width is kept.
 *  - A walk that goes round a whole year without finding an event (a lone
 *    event far in the future, or a bad width) stops and searches the bucket
 *    heads directly for the minimum: a pop never costs more than one year.
 *  - Brown re-estimates the width only when the size doubles or halves; when
 *    times spread over many decades the width goes stale between those
 *    points, so a long walk or a long insertion (over 32 steps) also asks
 *    for a new width, granted once a year's worth of operations has passed
 *    since the last resize: the O(n) rebuild stays O(1) amortised.
 *  - Each bucket keeps its tail, so the engine's pushes (in time order, and
 *    in seq order among equal times) append in O(1): a burst of events at
 *    one time costs no quadratic insertion.
 *  - An event earlier than the last one popped (allowed, if unusual) moves
 *    the walk back to its day.
 *  - Nodes come from one growing array with a free list: no malloc per
 *    push. */
#include <math.h>
#include <stdint.h>
#include <stdlib.h>

#include <hsframe/hsframe.h>

#define NIL UINT32_MAX
#define SAMPLE 25

typedef struct node {
    hsf_event ev;
    uint32_t next;
} node;

typedef struct calendar {
    node *pool;
    uint32_t cap, used, free_list;
    uint32_t *bucket;       /* heads, NIL when empty */
    uint32_t *tail;         /* last node of each bucket */
    uint32_t nbuckets;      /* a power of two */
    double width;           /* of a day */
    double day;             /* the day the walk is at */
    size_t n;
    int resizing;           /* no resize while sampling for one */
    int stale_width;        /* a walk or an insertion took too long */
    size_t ops;             /* pushes and pops since the last resize */
} calendar;

#define LONG_WALK 32

static double day_of(const calendar *c, double t)
{
    return floor(t / c->width);
}

static uint32_t bucket_of(const calendar *c, double day)
{
    double m = fmod(day, (double)c->nbuckets);
    if (m < 0)
        m += c->nbuckets;
    return (uint32_t)m & (c->nbuckets - 1);
}

/* Inserts node k into its bucket, keeping the bucket sorted. */
static void file_node(calendar *c, uint32_t k)
{
    uint32_t b = bucket_of(c, day_of(c, c->pool[k].ev.time));
    c->pool[k].next = NIL;
    if (c->bucket[b] == NIL) {
        c->bucket[b] = c->tail[b] = k;
        return;
    }
    if (!hsf_event_before(&c->pool[k].ev, &c->pool[c->tail[b]].ev)) {
        c->pool[c->tail[b]].next = k;       /* the usual case: append */
        c->tail[b] = k;
        return;
    }
    uint32_t *link = &c->bucket[b], steps = 0;
    while (hsf_event_before(&c->pool[*link].ev, &c->pool[k].ev)) {
        link = &c->pool[*link].next;
        steps++;
    }
    c->pool[k].next = *link;
    *link = k;
    if (steps > LONG_WALK)
        c->stale_width = 1;
}

static int cq_resize(calendar *c, uint32_t nbuckets, hsf_error *err);

static int cal_init(void *q, const hsf_config *cfg, size_t size_hint, hsf_error *err)
{
    (void)cfg, (void)size_hint;
    calendar *c = q;
    c->free_list = NIL;
    c->width = 1;
    c->pool = malloc(1024 * sizeof *c->pool);
    c->bucket = c->tail = NULL;
    if (!c->pool)
        return hsf_error_set(err, "calendar: out of memory");
    c->cap = 1024;
    return cq_resize(c, 2, err);
}

static void cal_fini(void *q)
{
    calendar *c = q;
    free(c->pool);
    free(c->bucket);
    free(c->tail);
}

/* The first event of the queue, found by walking the days; also moves the
 * walk there.  Returns NIL when empty. */
static uint32_t find_first(calendar *c)
{
    if (!c->n)
        return NIL;
    for (uint32_t step = 0; step < c->nbuckets; step++) {
        uint32_t b = bucket_of(c, c->day);
        uint32_t k = c->bucket[b];
        if (k != NIL && day_of(c, c->pool[k].ev.time) <= c->day)
            return k;
        double next = c->day + 1;
        if (next == c->day)
            break;      /* days beyond 2^53: fall back to the direct search */
        c->day = next;
        if (step == LONG_WALK)
            c->stale_width = 1;
    }
    c->stale_width = 1;
    /* A whole year without an event: search the bucket heads directly. */
    uint32_t best = NIL;
    for (uint32_t b = 0; b < c->nbuckets; b++) {
        uint32_t k = c->bucket[b];
        if (k != NIL && (best == NIL || hsf_event_before(&c->pool[k].ev, &c->pool[best].ev)))
            best = k;
    }
    c->day = day_of(c, c->pool[best].ev.time);
    return best;
}

/* Removes and returns the first event's node (not yet freed). */
static uint32_t take_first(calendar *c)
{
    uint32_t k = find_first(c);
    if (k == NIL)
        return NIL;
    uint32_t b = bucket_of(c, c->day);
    c->bucket[b] = c->pool[k].next;
    if (c->bucket[b] == NIL)
        c->tail[b] = NIL;
    c->n--;
    return k;
}

static void release(calendar *c, uint32_t k)
{
    c->pool[k].next = c->free_list;
    c->free_list = k;
}

/* Brown's width: three times the mean gap between the first events,
 * after dropping gaps above twice the first mean. */
static double estimate_width(calendar *c)
{
    size_t m = c->n < SAMPLE ? c->n : SAMPLE;
    if (m < 2)
        return c->width;
    uint32_t taken[SAMPLE];
    for (size_t i = 0; i < m; i++)
        taken[i] = take_first(c);
    double span = c->pool[taken[m - 1]].ev.time - c->pool[taken[0]].ev.time;
    double mean = span / (double)(m - 1), sum = 0;
    size_t count = 0;
    for (size_t i = 1; i < m; i++) {
        double gap = c->pool[taken[i]].ev.time - c->pool[taken[i - 1]].ev.time;
        if (gap <= 2 * mean) {
            sum += gap;
            count++;
        }
    }
    for (size_t i = 0; i < m; i++) {
        file_node(c, taken[i]);
        c->n++;
    }
    double w = count && sum > 0 ? 3 * sum / (double)count : 0;
    return w > 0 && isfinite(w) ? w : c->width;
}

static int cq_resize(calendar *c, uint32_t nbuckets, hsf_error *err)
{
    uint32_t *fresh = malloc(nbuckets * sizeof *fresh);
    uint32_t *tails = malloc(nbuckets * sizeof *tails);
    if (!fresh || !tails) {
        free(fresh);
        free(tails);
        return hsf_error_set(err, "calendar: out of memory for %u buckets", nbuckets);
    }
    c->resizing = 1;
    double width = c->bucket ? estimate_width(c) : c->width;
    /* Unhook every node, then file them again under the new days. */
    uint32_t all = NIL;
    for (uint32_t b = 0; c->bucket && b < c->nbuckets; b++)
        for (uint32_t k = c->bucket[b], next; k != NIL; k = next) {
            next = c->pool[k].next;
            c->pool[k].next = all;
            all = k;
        }
    free(c->bucket);
    free(c->tail);
    c->bucket = fresh;
    c->tail = tails;
    c->nbuckets = nbuckets;
    c->width = width;
    for (uint32_t b = 0; b < nbuckets; b++)
        fresh[b] = tails[b] = NIL;
    double first = INFINITY;
    for (uint32_t k = all, next; k != NIL; k = next) {
        next = c->pool[k].next;
        file_node(c, k);
        first = fmin(first, c->pool[k].ev.time);
    }
    c->day = isfinite(first) ? day_of(c, first) : 0;
    c->resizing = 0;
    c->stale_width = 0;
    c->ops = 0;
    return 0;
}

static int cal_push(void *q, const hsf_event *ev, hsf_error *err)
{
    calendar *c = q;
    if (!isfinite(ev->time))
        return hsf_error_set(err, "calendar: event time %g is not finite", ev->time);
    uint32_t k = c->free_list;
    if (k != NIL) {
        c->free_list = c->pool[k].next;
    } else {
        if (c->used == c->cap) {
            if (c->cap == NIL)
                return hsf_error_set(err, "calendar: more than %u events", NIL - 1);
            uint64_t cap = 2 * (uint64_t)c->cap;
            node *pool = realloc(c->pool, (cap > NIL ? NIL : cap) * sizeof *pool);
            if (!pool)
                return hsf_error_set(err, "calendar: out of memory for %llu events",
                                     (unsigned long long)cap);
            c->pool = pool;
            c->cap = cap > NIL ? NIL : (uint32_t)cap;
        }
        k = c->used++;
    }
    c->pool[k].ev = *ev;
    file_node(c, k);
    double day = day_of(c, ev->time);
    if (c->n == 0 || day < c->day)
        c->day = day;       /* earlier than the walk: go back to it */
    c->n++;
    c->ops++;
    /* A failed resize is harmless: the old calendar stays as it was. */
    if (c->resizing)
        return 0;
    if (c->n > 2 * (size_t)c->nbuckets && c->nbuckets < (1u << 30))
        cq_resize(c, 2 * c->nbuckets, NULL);
    else if (c->stale_width && c->ops >= c->nbuckets)
        cq_resize(c, c->nbuckets, NULL);
    return 0;
}

static int cal_pop(void *q, hsf_event *out)
{
    calendar *c = q;
    uint32_t k = take_first(c);
    if (k == NIL)
        return 0;
    *out = c->pool[k].ev;
    release(c, k);
    c->ops++;
    if (c->resizing)
        return 1;
    if (c->nbuckets > 2 && c->n < c->nbuckets / 2)
        cq_resize(c, c->nbuckets / 2, NULL);
    else if (c->stale_width && c->ops >= c->nbuckets)
        cq_resize(c, c->nbuckets, NULL);
    return 1;
}

static const hsf_event *cal_peek(void *q)
{
    calendar *c = q;
    uint32_t k = find_first(c);
    return k == NIL ? NULL : &c->pool[k].ev;
}

static size_t cal_size(const void *q)
{
    return ((const calendar *)q)->n;
}

static const hsf_queue_type calendar_type = {
    .state_size = sizeof(calendar),
    .init = cal_init,
    .fini = cal_fini,
    .push = cal_push,
    .pop = cal_pop,
    .peek = cal_peek,
    .size = cal_size,
};

HSF_PLUGIN(HSF_PLUGIN_QUEUE, "calendar",
           "Brown's calendar queue: O(1) average push and pop, self-tuning day width",
           NULL, &calendar_type)
