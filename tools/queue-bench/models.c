/* The hold and up-down models (models.h). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "models.h"
#include "plugin.h"

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

/* What a run is checked against, and where it failed. */
typedef struct check {
    double last;        /* the last first time taken */
    size_t step;        /* steps done */
    double t0, t1;      /* clock at the start and end of the timed part */
    char *msg;
    size_t len;
} check;

static int fail(check *c, const char *what)
{
    snprintf(c->msg, c->len, "%s at step %zu", what, c->step);
    return -1;
}

/* An operation the plugin refused, with the reason it gave. */
static int refused(check *c, const char *op)
{
    snprintf(c->msg, c->len, "%s refused at step %zu: %s", op, c->step, qb_error_message());
    return -1;
}

/* The first time taken: never before the one taken before it. */
static inline int taken(check *c, double t)
{
    if (t < c->last) {
        snprintf(c->msg, c->len, "time %.17g taken after %.17g, at step %zu", t, c->last,
                 c->step);
        return -1;
    }
    c->last = t;
    return 0;
}

/* ---- push and pop ------------------------------------------------------ */

static int put(const hsf_queue_type *q, void *s, double t, uint64_t *seq, check *c)
{
    hsf_event ev = { .time = t, .seq = ++*seq };
    return q->push(s, &ev, qb_error()) ? refused(c, "push") : 0;
}

static int take(const hsf_queue_type *q, void *s, double *t, check *c)
{
    hsf_event ev;
    if (!q->pop(s, &ev))
        return fail(c, "pop found the queue empty");
    *t = ev.time;
    return taken(c, ev.time);
}

static int hold_pushpop(const hsf_queue_type *q, void *s, const qb_run *r, uint64_t *rng,
                        check *c, size_t *steps)
{
    uint64_t seq = 0;
    for (size_t i = 0; i < r->n; i++)
        if (put(q, s, qb_increment(r->dist, rng), &seq, c))
            return -1;
    c->t0 = now();
    for (c->step = 0; c->step < r->holds; c->step++) {
        double t;
        if (take(q, s, &t, c) || put(q, s, t + qb_increment(r->dist, rng), &seq, c))
            return -1;
    }
    c->t1 = now();
    *steps = r->holds;
    return q->size(s) == r->n ? 0 : fail(c, "wrong number of events held");
}

static int updown_pushpop(const hsf_queue_type *q, void *s, const qb_run *r, uint64_t *rng,
                          check *c, size_t *steps)
{
    uint64_t seq = 0;
    size_t held = 0;
    double t = 0;
    c->t0 = now();
    for (c->step = 0; c->step < r->holds;) {
        for (; held < r->n; c->step++) {
            if (held && take(q, s, &t, c))
                return -1;
            held -= held > 0;
            for (int k = 0; k < 2 && held < r->n; k++, held++)
                if (put(q, s, t + qb_increment(r->dist, rng), &seq, c))
                    return -1;
        }
        for (; held; c->step++) {
            if (take(q, s, &t, c))
                return -1;
            if (--held) {
                if (take(q, s, &t, c) || put(q, s, t + qb_increment(r->dist, rng), &seq, c))
                    return -1;
            }
        }
    }
    c->t1 = now();
    *steps = c->step;
    hsf_event ev;
    return q->size(s) == 0 && !q->pop(s, &ev) ? 0 : fail(c, "events left after the last");
}

/* ---- indexed ----------------------------------------------------------- */

static int set(const hsf_queue_type *q, void *s, uint32_t key, double t, uint64_t *seq,
               check *c)
{
    return q->index_set(s, key, t, ++*seq, qb_error()) ? refused(c, "index_set") : 0;
}

static int first(const hsf_queue_type *q, void *s, uint32_t *key, double *t, check *c)
{
    if (!q->index_first(s, key, t))
        return fail(c, "index_first found no key");
    return taken(c, *t);
}

static int hold_indexed(const hsf_queue_type *q, void *s, const qb_run *r, uint64_t *rng,
                        check *c, size_t *steps)
{
    uint64_t seq = 0;
    for (size_t i = 0; i < r->n; i++)
        if (set(q, s, (uint32_t)i, qb_increment(r->dist, rng), &seq, c))
            return -1;
    c->t0 = now();
    for (c->step = 0; c->step < r->holds; c->step++) {
        uint32_t key;
        double t;
        if (first(q, s, &key, &t, c) || set(q, s, key, t + qb_increment(r->dist, rng), &seq, c))
            return -1;
    }
    c->t1 = now();
    *steps = r->holds;
    /* Every key still held: n of them come out in order. */
    c->last = -INFINITY;
    for (size_t i = 0; i < r->n; i++) {
        uint32_t key;
        double t;
        if (first(q, s, &key, &t, c))
            return -1;
        q->index_remove(s, key);
    }
    uint32_t key;
    double t;
    return q->index_first(s, &key, &t) ? fail(c, "keys left after the n held") : 0;
}

static int updown_indexed(const hsf_queue_type *q, void *s, const qb_run *r, uint64_t *rng,
                          check *c, size_t *steps)
{
    uint64_t seq = 0;
    uint32_t held = 0, key;
    double t = 0;
    c->t0 = now();
    for (c->step = 0; c->step < r->holds;) {
        for (; held < r->n; c->step++) {
            if (held && (first(q, s, &key, &t, c) ||
                         set(q, s, key, t + qb_increment(r->dist, rng), &seq, c)))
                return -1;
            if (set(q, s, held++, t + qb_increment(r->dist, rng), &seq, c))
                return -1;
        }
        for (; held; c->step++) {
            if (first(q, s, &key, &t, c))
                return -1;
            q->index_remove(s, key);
            if (--held && (first(q, s, &key, &t, c) ||
                           set(q, s, key, t + qb_increment(r->dist, rng), &seq, c)))
                return -1;
        }
    }
    c->t1 = now();
    *steps = c->step;
    return q->index_first(s, &key, &t) ? fail(c, "keys left after the last") : 0;
}

double qb_model_run(const hsf_queue_type *q, const qb_run *r, char *msg, size_t len)
{
    if (r->indexed && !q->index_init) {
        snprintf(msg, len, "no indexed form");
        return -1;
    }
    if (r->indexed && r->n > UINT32_MAX) {
        snprintf(msg, len, "expected at most %u keys, found %zu", UINT32_MAX, r->n);
        return -1;
    }
    void *s = calloc(1, q->state_size);
    if (!s) {
        snprintf(msg, len, "out of memory");
        return -1;
    }
    check c = { .last = -INFINITY, .msg = msg, .len = len };
    /* The same increments for every queue, another stream per (model, dist, n). */
    uint64_t rng = 0x9e3779b97f4a7c15ULL ^ ((uint64_t)r->dist << 56) ^
                   ((uint64_t)r->model << 48) ^ (uint64_t)r->n;
    double rate = -1;
    size_t steps = 0;
    if (q->init(s, NULL, r->n, qb_error())) {
        snprintf(msg, len, "init refused: %s", qb_error_message());
    } else if (r->indexed && q->index_init(s, (uint32_t)r->n, qb_error())) {
        snprintf(msg, len, "index_init refused: %s", qb_error_message());
    } else {
        /* The up-down model is timed whole, the hold model after its fill. */
        int bad = r->model == QB_HOLD
                      ? (r->indexed ? hold_indexed : hold_pushpop)(q, s, r, &rng, &c, &steps)
                      : (r->indexed ? updown_indexed : updown_pushpop)(q, s, r, &rng, &c, &steps);
        if (!bad)
            rate = (double)steps / (c.t1 - c.t0);
    }
    q->fini(s);
    free(s);
    return rate;
}
