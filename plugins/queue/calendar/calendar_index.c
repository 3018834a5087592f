/* calendar, indexed: one event per key, moved in place, in O(1) on average.
 *
 * The structure is G. Paul's queue for event-driven molecular dynamics
 * ("A complexity O(1) priority queue for event driven molecular dynamics
 * simulations", J. Comput. Phys. 221, 615-625, 2007), with lazy lists:
 *  - time from an origin is cut into nb days of width w, a year; the events
 *    of the current day and earlier form the front, a small 4-ary heap by
 *    (time, seq) whose top is what index_first reads;
 *  - each later day of the year keeps its events in an unsorted list, and
 *    events beyond the year wait in the far list (an array: a rebuild
 *    reads it in sequence);
 *  - when the front runs dry, the next day's list is poured into it; when
 *    the year runs out, the calendar is rebuilt: the origin at the earliest
 *    event, a width that puts about PER_DAY events in a day at the front, a
 *    year that reaches past three quarters of the events.
 * A day is floor((t - origin) / w), monotonic in t, so every event of an
 * earlier day is earlier and the front's top is the first event.  A binary
 * heap of a million keys reads several lines per change far below its top;
 * here a change reads the key's record and writes one list entry.
 *
 * A day is 32 bytes, half a cache line: its first six keys in place (days
 * hold two or three live keys and some dropped ones), later ones in a list
 * of entries, whose scattered links cost a cache miss each.  Days are
 * poured in order, so reading them is sequential, and the records of a
 * day's keys are asked for DAYS_AHEAD days before it is poured.
 *
 * Filing a key under a day is put off for PENDING filings: the day's line
 * is asked for at once, and written when it has come.  At scale every day
 * filed is a cache miss, two per collision, which this way overlap the
 * events that follow instead of stalling the one that files.  A day's
 * pending keys are filed before it is looked at.
 *
 * Days and lists are lazy.  Moving a key out of one does not unlink it
 * (that would read the records of its neighbours in a list: more cache
 * misses at scale); it stays and is dropped when its day is poured, or at
 * a rebuild, recognised because the key's record no longer names that
 * day.  A key moved back into the same day is there twice: the first one
 * poured moves it to the front, the second is then dropped.
 *
 * Rebuilds cost O(events + days + entries) and come when the year runs out,
 * when the events held have doubled since the last one (the width was
 * estimated for fewer), when dropped entries pile up, and when the width has
 * turned out badly (a crowded front, or many empty days per operation) after
 * as many operations as there are events: each paid for by the operations
 * since the one before.  No allocation happens outside cal_index_new except
 * when the entries or the far list run out in cal_index_set, which may
 * fail cleanly. */
#include <math.h>
#include <stdlib.h>

#include <hsframe/error.h>
#include <hsframe/prefetch.h>

#include "calendar_index.h"

#define PER_DAY 2.0             /* events per day at the front, aimed at */
#define MIN_FRONT 4             /* events kept in the front when there are more */
#define SAMPLE 512              /* of the events, to estimate the width */
#define NIL UINT32_MAX
/* Where a key is: a day below nb (its list), or one of these. */
#define ABSENT UINT32_MAX
#define FRONT (UINT32_MAX - 1)
#define FAR (UINT32_MAX - 2)
#define TAKEN (UINT32_MAX - 3)  /* collected by a rebuild */
#define MAX_DAYS (1u << 28)
#define PENDING 8               /* filings put off while their day is fetched */
#define DAYS_AHEAD 3            /* pouring reads ahead so many days */
#define DAY_LINES_AHEAD 4       /* and the day array so many lines further */

typedef struct ix_key {
    double time;
    uint64_t seq;
    uint32_t where;     /* ABSENT, FRONT, FAR or the day whose list holds it */
    uint32_t pos;       /* in the front: its place in the heap */
} ix_key;

typedef struct ix_entry {
    uint32_t key;
    uint32_t next;      /* next entry of the list, NIL at its end */
} ix_entry;

#define IN_PLACE 6
typedef struct ix_day {
    uint32_t count;             /* keys filed here, dropped ones included */
    uint32_t more;              /* the list of those beyond the first IN_PLACE */
    uint32_t key[IN_PLACE];
} ix_day;

/* A filing put off: key under day (NIL: none). */
typedef struct ix_pending {
    uint32_t key, day;
} ix_pending;

struct cal_index {
    ix_key *key;
    uint32_t held;      /* keys held */

    struct ih_slot *front;      /* 4-ary heap (index_heap.h), room for every key */
    uint32_t nfront;

    ix_day *day;        /* room for max_days */
    uint32_t nb, cur, max_days;
    uint32_t *far;      /* the far list: keys filed beyond the year */
    uint32_t n_far, far_cap;
    double origin, width, inv_width;

    ix_entry *entry;    /* list entries: a pool with a free list */
    uint32_t entry_cap, entry_used, entry_free;
    uint32_t n_free;    /* entries on the free list */
    uint32_t in_lists;  /* entries in lists, dropped ones included */

    uint32_t *taken;    /* a rebuild's scratch: room for every key */
    double sample[SAMPLE];

    ix_pending pending[PENDING];        /* a ring, oldest at next_pending */
    uint32_t next_pending;

    uint32_t built_held;        /* events held at the last rebuild */
    uint64_t ops, empty_days;   /* since then */
};

/* Asks for key k's record: both ends, since a 24-byte record crosses a
 * cache line in a quarter of the keys, and asking for its start alone
 * then missed the line of `where` (at 10^6 keys, 11% of the checks made
 * as days are poured went to memory). */
static inline void fetch_key(const cal_index *x, uint32_t k)
{
    hsf_prefetch(&x->key[k]);
    hsf_prefetch((const char *)(&x->key[k] + 1) - 1);
}

/* ---- the front ------------------------------------------------------------ */

#define IH_OWNER cal_index
#define IH_SLOTS(x) ((x)->front)
#define IH_COUNT(x) ((x)->nfront)
#define IH_SEQ(x, k) ((x)->key[k].seq)
#define IH_POS(x, k) ((x)->key[k].pos)
#include "../index_heap.h"

static void front_insert(cal_index *x, uint32_t k)
{
    x->key[k].where = FRONT;
    ih_insert(x, (ih_slot){ .time = x->key[k].time, .key = k });
}

static void front_remove(cal_index *x, uint32_t i)
{
    ih_remove_at(x, i);
}

/* ---- days and lists --------------------------------------------------------- */

/* Where an event at time t belongs now. */
static inline uint32_t where_for(const cal_index *x, double t)
{
    double d = (t - x->origin) * x->inv_width;
    if (d < (double)x->cur + 1)
        return FRONT;
    if (!(d < x->nb))
        return FAR;
    return (uint32_t)d;
}

static void list_push(cal_index *x, uint32_t *head, uint32_t k)
{
    uint32_t e = x->entry_free;
    if (e != NIL) {
        x->entry_free = x->entry[e].next;
        x->n_free--;
    }
    else
        e = x->entry_used++;
    x->entry[e] = (ix_entry){ .key = k, .next = *head };
    *head = e;
    x->in_lists++;
}

/* Files key k under day w. */
static void file(cal_index *x, uint32_t k, uint32_t w)
{
    ix_day *d = &x->day[w];
    if (d->count < IN_PLACE)
        d->key[d->count] = k;
    else
        list_push(x, &d->more, k);
    d->count++;
}

/* Files a pending filing if its key is still meant for that day (a key
 * moved since has been filed anew), and clears it. */
static void file_pending(cal_index *x, ix_pending *p)
{
    if (p->day != NIL && x->key[p->key].where == p->day)
        file(x, p->key, p->day);
    p->day = NIL;
}

/* Files key k under day w PENDING filings from now; the oldest pending
 * filing is made in its place. */
static void file_later(cal_index *x, uint32_t k, uint32_t w)
{
    ix_pending *p = &x->pending[x->next_pending];
    file_pending(x, p);
    hsf_prefetch_write(&x->day[w]);
    *p = (ix_pending){ .key = k, .day = w };
    x->next_pending = (x->next_pending + 1) % PENDING;
}

/* Files the pending filings under day d (every one: NIL). */
static void file_pending_for(cal_index *x, uint32_t d)
{
    for (int i = 0; i < PENDING; i++)
        if (d == NIL || x->pending[i].day == d)
            file_pending(x, &x->pending[i]);
}

static void attach(cal_index *x, uint32_t k)
{
    uint32_t w = where_for(x, x->key[k].time);
    if (w == FRONT) {
        front_insert(x, k);
        return;
    }
    x->key[k].where = w;
    if (w == FAR) {
        x->far[x->n_far++] = k;
        x->in_lists++;
        return;
    }
    file_later(x, k, w);
}

static void clear_day(ix_day *d)
{
    d->count = 0;
    d->more = NIL;
}

/* Takes k out of the front; a list entry is left to be dropped later. */
static void detach(cal_index *x, uint32_t k)
{
    if (x->key[k].where == FRONT)
        front_remove(x, x->key[k].pos);
    x->key[k].where = ABSENT;
}

/* Moves day d's events into the front and frees its entries.  The records
 * of its keys in place were asked for days ago (fetch_day_ahead); those of
 * its list are asked for a batch at a time: at scale each is a cache miss,
 * and this way they overlap. */
static void pour(cal_index *x, uint32_t d)
{
    ix_day *day = &x->day[d];
    for (uint32_t q = 0; q < IN_PLACE && q < day->count; q++)
        if (x->key[day->key[q]].where == d)
            front_insert(x, day->key[q]);
    uint32_t e = day->more, first = e, last = NIL;
    clear_day(day);
    while (e != NIL) {
        uint32_t keys[16], n = 0;
        for (; e != NIL && n < 16; e = x->entry[e].next) {
            keys[n] = x->entry[e].key;
            fetch_key(x, keys[n]);
            n++;
            last = e;
        }
        for (uint32_t i = 0; i < n; i++)
            if (x->key[keys[i]].where == d)
                front_insert(x, keys[i]);
        x->in_lists -= n;
        x->n_free += n;
    }
    if (first != NIL) {
        x->entry[last].next = x->entry_free;
        x->entry_free = first;
    }
}

/* ---- rebuilding -------------------------------------------------------------- */

/* Adds key k to taken if it is still filed under tag, and its time to the
 * earliest so far (*tmin), read from the same line: a separate pass over
 * the taken keys' records would be a cache miss per key at scale. */
static void take(cal_index *x, uint32_t k, uint32_t tag, uint32_t *m, double *tmin)
{
    if (x->key[k].where == tag) {
        x->key[k].where = TAKEN;
        x->taken[(*m)++] = k;
        if (x->key[k].time < *tmin)
            *tmin = x->key[k].time;
    }
}

/* Adds the keys that list (starting at entry e) still holds to taken. */
static void collect(cal_index *x, uint32_t e, uint32_t tag, uint32_t *m, double *tmin)
{
    for (; e != NIL; e = x->entry[e].next)
        take(x, x->entry[e].key, tag, m, tmin);
}

static int cmp_double(const void *pa, const void *pb)
{
    double a = *(const double *)pa, b = *(const double *)pb;
    return (a > b) - (a < b);
}

/* Origin, width and number of days for the m events in taken, the
 * earliest at tmin. */
static void plan(cal_index *x, uint32_t m, double tmin)
{
    uint32_t s = m < SAMPLE ? m : SAMPLE;
    for (uint32_t j = 0; j < s; j++)
        x->sample[j] = x->key[x->taken[(uint64_t)j * m / s]].time;
    qsort(x->sample, s, sizeof *x->sample, cmp_double);
    /* Density at the front: the sample's first sixteenth stands for that
     * share of all the events (equal times skipped: they set no width).
     * When every sampled time is equal, the old width stays. */
    double width = x->width;
    uint32_t k = s / 16 ? s / 16 : 1;
    while (k < s && !(x->sample[k] > x->sample[0]))
        k++;
    if (k < s) {
        double w = PER_DAY * (x->sample[k] - x->sample[0]) * s / ((double)k * m);
        if (w > 0 && isfinite(w) && isfinite(1 / w))
            width = w;
    }
    x->width = width;
    x->inv_width = 1 / width;
    x->origin = m ? tmin : 0;
    /* The year reaches the sample's third quartile; fewer days than twice
     * the events, so that the empty ones cost O(1) per event.  (Reaching
     * its fifteenth sixteenth halves the rebuilds, 1.2 % of the
     * instructions at 4000 spheres, but the days cost 10 bytes more a disc
     * at 10^7: docs/BENCHMARKS.md, "Tried and rejected".) */
    double reach = m ? (x->sample[3 * (s - 1) / 4] - tmin) * x->inv_width + 2 : 1;
    double cap = 2.0 * m + 16 < x->max_days ? 2.0 * m + 16 : x->max_days;
    x->nb = reach < cap ? (uint32_t)reach : (uint32_t)cap;
    for (uint32_t d = 0; d < x->nb; d++)
        clear_day(&x->day[d]);
    x->cur = 0;
}

static void rebuild(cal_index *x)
{
    file_pending_for(x, NIL);
    uint32_t m = 0;
    double tmin = INFINITY;
    for (uint32_t i = 0; i < x->nfront; i++) {
        uint32_t k = x->front[i].key;
        x->key[k].where = TAKEN;
        x->taken[m++] = k;
        if (x->front[i].time < tmin)
            tmin = x->front[i].time;
    }
    x->nfront = 0;
    for (uint32_t d = x->cur + 1; d < x->nb; d++) {
        for (uint32_t q = 0; q < IN_PLACE && q < x->day[d].count; q++)
            take(x, x->day[d].key[q], d, &m, &tmin);
        collect(x, x->day[d].more, d, &m, &tmin);
    }
    for (uint32_t i = 0; i < x->n_far; i++) {
        if (i + 16 < x->n_far)
            fetch_key(x, x->far[i + 16]);
        take(x, x->far[i], FAR, &m, &tmin);
    }
    x->n_far = 0;
    x->entry_used = 0;
    x->entry_free = NIL;
    x->n_free = 0;
    x->in_lists = 0;
    plan(x, m, tmin);
    for (uint32_t i = 0; i < m; i++) {
        if (i + 16 < m)
            fetch_key(x, x->taken[i + 16]);
        attach(x, x->taken[i]);
    }
    x->built_held = x->held;
    x->ops = x->empty_days = 0;
}

static int needs_rebuild(const cal_index *x)
{
    if (x->held > 2 * (uint64_t)x->built_held + 64)
        return 1;
    if (x->in_lists > 4 * (uint64_t)x->held + 1024)
        return 1;
    return x->ops > (uint64_t)x->built_held + 64 &&
           (x->nfront > 64 * PER_DAY + 64 || x->empty_days > 8 * x->ops);
}

/* Asks for what pouring the day DAYS_AHEAD days from now will read: the
 * records of its keys in place and its first list entry. */
static inline void fetch_day_ahead(const cal_index *x)
{
    uint32_t d = x->cur + DAYS_AHEAD;
    if (d >= x->nb)
        return;
    /* Days are read in order, but too slowly among the scattered misses
     * for the hardware to stream them: the line DAY_LINES_AHEAD lines on
     * is asked for here. */
    uint32_t later = d + DAY_LINES_AHEAD * (uint32_t)(64 / sizeof(ix_day));
    if (later < x->nb)
        hsf_prefetch(&x->day[later]);
    const ix_day *day = &x->day[d];
    for (uint32_t q = 0; q < IN_PLACE && q < day->count; q++)
        fetch_key(x, day->key[q]);
    if (day->count > IN_PLACE)
        hsf_prefetch(&x->entry[day->more]);
}

/* Keeps the invariant that the front is empty only when nothing is held,
 * so that index_first (const) needs no work; and pours days ahead while the
 * front holds fewer than MIN_FRONT events, so that index_upcoming has some
 * to tell. */
static void settle(cal_index *x)
{
    while (x->nfront < MIN_FRONT && x->held > x->nfront) {
        if (x->cur + 1 >= x->nb) {
            if (x->nfront)
                break;          /* the next year can wait */
            rebuild(x);
        } else {
            file_pending_for(x, ++x->cur);
            fetch_day_ahead(x);
            if (x->day[x->cur].count == 0)
                x->empty_days++;
            else
                pour(x, x->cur);
        }
    }
}

/* ---- the operations ------------------------------------------------------------ */

cal_index *cal_index_new(uint32_t nkeys)
{
    cal_index *x = calloc(1, sizeof *x);
    if (!x)
        return NULL;
    size_t n = nkeys ? nkeys : 1;
    x->max_days = 2 * (uint64_t)n + 16 < MAX_DAYS ? (uint32_t)(2 * n + 16) : MAX_DAYS;
    x->entry_cap = n + 64 < UINT32_MAX - 1 ? (uint32_t)(n + 64) : UINT32_MAX - 1;
    x->key = malloc(n * sizeof *x->key);
    x->front = malloc(n * sizeof *x->front);
    x->day = malloc(x->max_days * sizeof *x->day);
    x->entry = malloc(x->entry_cap * sizeof *x->entry);
    x->taken = malloc(n * sizeof *x->taken);
    /* A rebuild files at most every key anew, so it never needs more. */
    x->far_cap = n + 64 < UINT32_MAX - 1 ? (uint32_t)(n + 64) : UINT32_MAX - 1;
    x->far = malloc(x->far_cap * sizeof *x->far);
    if (!x->key || !x->front || !x->day || !x->entry || !x->taken || !x->far) {
        cal_index_free(x);
        return NULL;
    }
    for (uint32_t k = 0; k < nkeys; k++)
        x->key[k].where = ABSENT;
    x->width = x->inv_width = 1;
    x->nb = 1;
    clear_day(&x->day[0]);
    x->entry_free = NIL;
    for (int i = 0; i < PENDING; i++)
        x->pending[i].day = NIL;
    return x;
}

void cal_index_free(cal_index *x)
{
    if (!x)
        return;
    free(x->key);
    free(x->front);
    free(x->day);
    free(x->entry);
    free(x->taken);
    free(x->far);
    free(x);
}

/* Doubles the array items of *cap items of size bytes each: returns the
 * new array (*cap updated), or NULL with err set when out of memory, the
 * old array then kept as it was. */
static void *grow(void *items, uint32_t *cap, size_t size, const char *what, hsf_error *err)
{
    uint64_t want = 2 * (uint64_t)*cap;
    if (want > UINT32_MAX - 1)
        want = UINT32_MAX - 1;
    void *more = want > *cap ? realloc(items, want * size) : NULL;
    if (!more) {
        hsf_error_set(err, "calendar: out of memory for %llu %s", (unsigned long long)want,
                      what);
        return NULL;
    }
    *cap = (uint32_t)want;
    return more;
}

int cal_index_set(cal_index *x, uint32_t key, double time, uint64_t seq, hsf_error *err)
{
    if (!isfinite(time))
        return hsf_error_set(err, "calendar: event time %g is not finite", time);
    /* Room for what can be filed before the next call: this one's key and
     * every pending filing (settle and cal_index_remove file them too). */
    if ((uint64_t)x->n_free + x->entry_cap - x->entry_used < PENDING + 2) {
        ix_entry *entry = grow(x->entry, &x->entry_cap, sizeof *entry, "list entries", err);
        if (!entry)
            return -1;
        x->entry = entry;
    }
    if (x->n_far == x->far_cap) {
        uint32_t *far = grow(x->far, &x->far_cap, sizeof *far, "far events", err);
        if (!far)
            return -1;
        x->far = far;
    }
    ix_key *r = &x->key[key];
    if (r->where == ABSENT)
        x->held++;
    else
        detach(x, key);
    r->time = time;
    r->seq = seq;
    attach(x, key);
    x->ops++;
    if (needs_rebuild(x))
        rebuild(x);
    settle(x);
    return 0;
}

void cal_index_remove(cal_index *x, uint32_t key)
{
    if (x->key[key].where == ABSENT)
        return;
    detach(x, key);
    x->held--;
    x->ops++;
    settle(x);
}

/* A set of key reads its record first, and at scale that is a cache miss
 * unless asked for ahead. */
void cal_index_prefetch(const cal_index *x, uint32_t key)
{
    fetch_key(x, key);
}

/* The root's children in the front, which settle keeps at MIN_FRONT
 * events or more while there are any. */
uint32_t cal_index_upcoming(const cal_index *x, uint32_t *keys, uint32_t max)
{
    return ih_upcoming(x, keys, max);
}

int cal_index_first(const cal_index *x, uint32_t *key, double *time)
{
    if (!x->nfront)
        return 0;
    *key = x->front[0].key;
    *time = x->front[0].time;
    return 1;
}
