/* The queue contract (include/hsframe/queue.h), checked for every queue
 * plugin: each NAME.so is found in the directories of HSF_QUEUE_PLUGIN_DIR
 * (colon-separated), loaded by hsframe's loader (host/plugin_loader.h, the
 * vtable copied for the plugin's minor), and driven through that vtable.  Every pop is checked against a reference that is a sorted array
 * (qsort by (time, seq)), not another heap.  A new queue gets the whole
 * suite by being added to queue_names. */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE
#endif
#include <float.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <criterion/criterion.h>
#include <criterion/parameterized.h>

#include <hsframe/plugin.h>
#include <hsframe/queue.h>

#include "host/error_private.h"
#include "host/plugin_loader.h"

/* By value: Criterion runs each test in its own process and copies the
 * parameters, so they cannot hold pointers. */
typedef struct queue_name {
    char s[32];
} queue_name;

static queue_name queue_names[] = { { "binary_heap" }, { "pairing_heap" }, { "calendar" },
                                     { "ladder" }, { "marin_tree" }, { "splay_tree" } };

/* A test run once for every queue in queue_names; the queue's name is
 * qn->s.  No time limit: how long a test takes depends on the machine (a
 * loaded one, valgrind), not on whether the queue is right. */
#define QUEUE_TEST(test)                                                      \
    ParameterizedTestParameters(queue, test)                                  \
    {                                                                         \
        return cr_make_param_array(queue_name, queue_names,                   \
                                   sizeof queue_names / sizeof queue_names[0]); \
    }                                                                         \
    ParameterizedTest(queue_name *qn, queue, test)

/* ---- loading a queue through the public ABI ----------------------------- */

typedef struct queue {
    hsf_plugin pl;          /* loaded as hsframe loads it */
    const hsf_queue_type *t;    /* pl's vtable: members the plugin's minor lacks NULL */
    void *q;
} queue;

static hsf_error err;

/* The queue under test, for messages: Criterion does not show parameters. */
static const char *qname = "?";

/* NAME.so in the first directory of HSF_QUEUE_PLUGIN_DIR that has it. */
static void find_plugin(const char *name, char *path, size_t size)
{
    const char *dirs = getenv("HSF_QUEUE_PLUGIN_DIR");
    cr_assert(dirs && *dirs, "HSF_QUEUE_PLUGIN_DIR is not set: it names the directories "
                             "(colon-separated) that hold the queue plugins NAME.so");
    for (const char *p = dirs;;) {
        size_t len = strcspn(p, ":");
        if (len > 0) {
            snprintf(path, size, "%.*s/%s.so", (int)len, p, name);
            if (access(path, F_OK) == 0)
                return;
        }
        if (!p[len])
            break;
        p += len + 1;
    }
    cr_assert_fail("no %s.so in HSF_QUEUE_PLUGIN_DIR=%s", name, dirs);
}

static queue open_queue_hint(const char *name, size_t size_hint)
{
    char path[4096];
    qname = name;
    find_plugin(name, path, sizeof path);
    queue qu;
    hsf_plugin_path none = { 0 };   /* path names a file: no search */
    hsf_error_clear(&err);
    cr_assert_eq(hsf_plugin_open(&none, path, HSF_PLUGIN_QUEUE, &qu.pl, &err), 0, "%s",
                 hsf_error_message(&err));
    const hsf_plugin_info *info = qu.pl.info;
    cr_assert_str_eq(info->name, name, "%s: calls itself %s", path, info->name);
    cr_assert_not_null(info->summary, "%s: no summary", path);
    qu.t = qu.pl.vtable;
    cr_assert(qu.t->state_size > 0 && qu.t->init && qu.t->fini && qu.t->push && qu.t->pop &&
              qu.t->peek && qu.t->size, "%s: incomplete vtable", name);
    qu.q = calloc(1, qu.t->state_size);
    cr_assert_not_null(qu.q, "%s: no memory for the state", name);
    hsf_error_clear(&err);
    cr_assert_eq(qu.t->init(qu.q, NULL, size_hint, &err), 0, "%s: init: %s", name,
                 hsf_error_message(&err));
    return qu;
}

static queue open_queue(const char *name)
{
    return open_queue_hint(name, 0);
}

static void close_queue(queue *qu)
{
    qu->t->fini(qu->q);
    free(qu->q);
    hsf_plugin_close(&qu->pl);
}

static size_t qsize(const queue *qu)
{
    return qu->t->size(qu->q);
}

/* ---- events ------------------------------------------------------------- */

static uint64_t rng;

static uint64_t next_u64(void)
{
    uint64_t z = (rng += 0x9e3779b97f4a7c15ULL);     /* splitmix64 (Steele et al. 2014) */
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}

/* In (0, 1). */
static double uniform(void)
{
    return ((double)(next_u64() >> 11) + 0.5) * 0x1p-53;
}

static double exponential(void)
{
    return -log(uniform());
}

/* Every byte other than time and seq is derived from seq, with all bits in
 * play, so that any field a queue clobbers shows. */
static hsf_event make_event(double time, uint64_t seq)
{
    uint64_t a = seq * 0xd6e8feb86659fd93ULL, b = ~seq * 0x9e3779b97f4a7c15ULL;
    return (hsf_event){ .time = time, .seq = seq, .subject = (uint32_t)(a >> 32),
                        .object = (uint32_t)a, .kind = (uint32_t)(b >> 32),
                        .stamp = (uint32_t)b };
}

static uint64_t seq;

static int cmp_event(const void *pa, const void *pb)
{
    const hsf_event *a = pa, *b = pb;
    return hsf_event_before(a, b) ? -1 : hsf_event_before(b, a) ? 1 : 0;
}

/* ---- the reference: a sorted array ---------------------------------------
 * Pending events are a sorted run plus a small unsorted buffer of recent
 * pushes; when the buffer grows past the square root of the run, it is
 * qsorted and merged in.  The first event is the least of the run's head and
 * the buffer.  O(sqrt n) per operation, and too simple to be wrong. */

typedef struct reference {
    hsf_event *run, *buf, *tmp;
    size_t head, len, nbuf, cap;
} reference;

static void ref_grow(reference *r, size_t need)
{
    if (need <= r->cap)
        return;
    size_t cap = r->cap ? r->cap : 1024;
    while (cap < need)
        cap *= 2;
    r->run = realloc(r->run, cap * sizeof *r->run);
    r->buf = realloc(r->buf, cap * sizeof *r->buf);
    r->tmp = realloc(r->tmp, cap * sizeof *r->tmp);
    cr_assert(r->run && r->buf && r->tmp);
    r->cap = cap;
}

static size_t ref_size(const reference *r)
{
    return r->len - r->head + r->nbuf;
}

static void ref_push(reference *r, hsf_event ev)
{
    ref_grow(r, ref_size(r) + 1);
    r->buf[r->nbuf++] = ev;
}

static void ref_merge(reference *r)
{
    qsort(r->buf, r->nbuf, sizeof *r->buf, cmp_event);
    size_t i = r->head, j = 0, k = 0;
    while (i < r->len || j < r->nbuf)
        if (j == r->nbuf || (i < r->len && hsf_event_before(&r->run[i], &r->buf[j])))
            r->tmp[k++] = r->run[i++];
        else
            r->tmp[k++] = r->buf[j++];
    hsf_event *t = r->run;
    r->run = r->tmp;
    r->tmp = t;
    r->head = 0;
    r->len = k;
    r->nbuf = 0;
}

static hsf_event ref_pop(reference *r)
{
    cr_assert(ref_size(r) > 0);
    if (r->nbuf > 16 && r->nbuf * r->nbuf > r->len - r->head)
        ref_merge(r);
    size_t best = SIZE_MAX;
    for (size_t i = 0; i < r->nbuf; i++)
        if (best == SIZE_MAX || hsf_event_before(&r->buf[i], &r->buf[best]))
            best = i;
    if (r->head < r->len &&
        (best == SIZE_MAX || hsf_event_before(&r->run[r->head], &r->buf[best])))
        return r->run[r->head++];
    hsf_event ev = r->buf[best];
    r->buf[best] = r->buf[--r->nbuf];
    return ev;
}

static void ref_free(reference *r)
{
    free(r->run);
    free(r->buf);
    free(r->tmp);
}

/* ---- checked operations ------------------------------------------------- */

static void push_ev(queue *qu, reference *r, hsf_event ev)
{
    hsf_error_clear(&err);
    cr_assert_eq(qu->t->push(qu->q, &ev, &err), 0, "%s: push of time %.17g: %s", qname, ev.time,
                 hsf_error_message(&err));
    ref_push(r, ev);
}

static void push_at(queue *qu, reference *r, double time)
{
    push_ev(qu, r, make_event(time, ++seq));
}

/* Pops one event and checks it, byte for byte, against the reference, and
 * against what peek said just before. */
static hsf_event pop_check(queue *qu, reference *r)
{
    const hsf_event *pk = qu->t->peek(qu->q);
    cr_assert_not_null(pk, "%s: peek gave NULL with %zu events pending", qname, ref_size(r));
    hsf_event peeked = *pk, want = ref_pop(r), got;
    memset(&got, 0xa5, sizeof got);
    cr_assert_eq(qu->t->pop(qu->q, &got), 1, "%s: pop failed with %zu events pending", qname,
                 ref_size(r) + 1);
    cr_assert(got.time == want.time && got.seq == want.seq,
              "%s: popped (%.17g, %llu), expected (%.17g, %llu)", qname, got.time,
              (unsigned long long)got.seq, want.time, (unsigned long long)want.seq);
    cr_assert(!memcmp(&got, &want, sizeof got), "%s: event %llu came back with other bytes", qname,
              (unsigned long long)want.seq);
    cr_assert(!memcmp(&peeked, &got, sizeof got), "%s: peek and pop disagree", qname);
    return got;
}

static void check_empty(queue *qu)
{
    hsf_event out = make_event(7, 7), before = out;
    cr_assert_eq(qsize(qu), 0, "%s: size() is %zu when empty", qname, qsize(qu));
    cr_assert_null(qu->t->peek(qu->q), "%s: peek on an empty queue", qname);
    cr_assert_eq(qu->t->pop(qu->q, &out), 0, "%s: pop on an empty queue", qname);
    cr_assert(!memcmp(&out, &before, sizeof out), "%s: pop on an empty queue wrote *out", qname);
}

static void drain(queue *qu, reference *r)
{
    while (ref_size(r) > 0) {
        pop_check(qu, r);
        cr_assert_eq(qsize(qu), ref_size(r), "%s: size() is %zu, expected %zu", qname, qsize(qu),
                     ref_size(r));
    }
    check_empty(qu);
}

/* n pushes of times from gen, randomly interleaved with pops: the share of
 * pops switches between 1/4 and 3/4 in blocks of random length, so the
 * queue grows and shrinks again and again (and resizes, if it does).  Then
 * a drain.  size() is checked after every operation. */
static void interleave(const char *name, size_t n, double (*gen)(void), uint64_t seed)
{
    queue qu = open_queue(name);
    reference r = { 0 };
    rng = seed;
    double p_pop = 0.25;
    size_t block = 0;
    for (size_t pushed = 0; pushed < n;) {
        if (block-- == 0) {
            block = 1 + next_u64() % 20000;
            p_pop = 1 - p_pop;
        }
        if (ref_size(&r) == 0 || uniform() >= p_pop) {
            push_at(&qu, &r, gen());
            pushed++;
        } else {
            pop_check(&qu, &r);
        }
        cr_assert_eq(qsize(&qu), ref_size(&r), "%s: size() is %zu, expected %zu", qname,
                     qsize(&qu), ref_size(&r));
    }
    drain(&qu, &r);
    /* Empty, then used again. */
    for (int i = 0; i < 100; i++)
        push_at(&qu, &r, gen());
    drain(&qu, &r);
    ref_free(&r);
    close_queue(&qu);
}

/* ---- time generators ----------------------------------------------------- */

static double gen_uniform(void)
{
    return 1000 * uniform();
}

static double gen_one_value(void)
{
    return 42.5;
}

static double gen_few_values(void)
{
    static const double v[] = { 0, 0.5, 1, 7, 1e6 };
    return v[next_u64() % 5];
}

static double gen_log_uniform(void)
{
    return pow(10, -9 + 18 * uniform());
}

/* Clumps and deserts: a base that drifts forward by gaps from 0 to 1e12,
 * plus offsets from 0 to 1e12, and now and then a lone event near 1e300. */
static double gap_base;

static double gen_gaps(void)
{
    static const double g[] = { 0, 1e-15, 1e-9, 1e-3, 1, 1e6, 1e12 };
    gap_base += g[next_u64() % 7] * uniform();
    if (next_u64() % 10000 == 0)
        return 5e299 * (1 + uniform());
    return gap_base + g[next_u64() % 7];
}

/* ---- the cases ------------------------------------------------------------ */

QUEUE_TEST(empty)
{
    queue qu = open_queue(qn->s);
    reference r = { 0 };
    check_empty(&qu);
    push_at(&qu, &r, 1);
    cr_assert_eq(qsize(&qu), 1, "%s: size() is %zu, expected 1", qname, qsize(&qu));
    const hsf_event *a = qu.t->peek(qu.q), *b = qu.t->peek(qu.q);
    cr_assert(a && b && !memcmp(a, b, sizeof *a), "%s: peek twice, two answers", qname);
    cr_assert_eq(qsize(&qu), 1, "%s: peek removed something", qname);
    pop_check(&qu, &r);
    check_empty(&qu);
    check_empty(&qu);
    push_at(&qu, &r, 0);
    pop_check(&qu, &r);
    check_empty(&qu);
    ref_free(&r);
    close_queue(&qu);
}

QUEUE_TEST(size_tracks_exactly)
{
    queue qu = open_queue(qn->s);
    reference r = { 0 };
    rng = 5;
    for (size_t i = 1; i <= 3000; i++) {
        push_at(&qu, &r, uniform());
        cr_assert_eq(qsize(&qu), i, "%s: size() is %zu, expected %zu", qname, qsize(&qu), i);
    }
    for (size_t i = 3000; i-- > 1000;) {
        pop_check(&qu, &r);
        cr_assert_eq(qsize(&qu), i, "%s: size() is %zu, expected %zu", qname, qsize(&qu), i);
    }
    for (size_t i = 1001; i <= 5000; i++) {
        push_at(&qu, &r, 2 * uniform());
        cr_assert_eq(qsize(&qu), i, "%s: size() is %zu, expected %zu", qname, qsize(&qu), i);
    }
    drain(&qu, &r);
    ref_free(&r);
    close_queue(&qu);
}

QUEUE_TEST(random_interleaving)
{
    interleave(qn->s, 300000, gen_uniform, 1);
}

QUEUE_TEST(equal_times_one_value)
{
    interleave(qn->s, 100000, gen_one_value, 2);
}

QUEUE_TEST(equal_times_few_values)
{
    interleave(qn->s, 200000, gen_few_values, 3);
}

QUEUE_TEST(equal_times_seq_out_of_order)
{
    /* Equal times pushed with seqs in shuffled order must come out by seq,
     * not by insertion order. */
    queue qu = open_queue(qn->s);
    reference r = { 0 };
    rng = 4;
    enum { N = 5000 };
    static uint64_t perm[N];
    for (size_t i = 0; i < N; i++)
        perm[i] = 1000000 + i;
    for (size_t i = N; i-- > 1;) {
        size_t j = next_u64() % (i + 1);
        uint64_t t = perm[i];
        perm[i] = perm[j];
        perm[j] = t;
    }
    for (size_t i = 0; i < N; i++) {
        push_ev(&qu, &r, make_event(i % 2 ? 3.0 : 3.5, perm[i]));
        if (i % 7 == 6)
            pop_check(&qu, &r);
    }
    drain(&qu, &r);
    ref_free(&r);
    close_queue(&qu);
}

QUEUE_TEST(times_from_1e_9_to_1e9)
{
    interleave(qn->s, 300000, gen_log_uniform, 5);
}

QUEUE_TEST(huge_and_tiny_gaps)
{
    gap_base = 0;
    interleave(qn->s, 300000, gen_gaps, 6);
}

QUEUE_TEST(lone_event_far_away)
{
    /* One event at 1e300 (or 1e9, 1e150) waits behind a busy front: the
     * front must not pay for it. */
    static const double far[] = { 1e300, 1e9, 1e150 };
    for (int f = 0; f < 3; f++) {
        queue qu = open_queue(qn->s);
        reference r = { 0 };
        rng = 7;
        push_at(&qu, &r, far[f]);
        for (int i = 0; i < 10; i++)
            push_at(&qu, &r, exponential());
        for (int step = 0; step < 100000; step++) {
            hsf_event ev = pop_check(&qu, &r);
            push_at(&qu, &r, ev.time + exponential());
        }
        for (int i = 0; i < 10; i++)
            pop_check(&qu, &r);
        /* The far one alone, then the front comes back. */
        cr_assert_eq(qsize(&qu), 1, "%s: size() is %zu, expected 1", qname, qsize(&qu));
        push_at(&qu, &r, 1e6);
        drain(&qu, &r);
        ref_free(&r);
        close_queue(&qu);
    }
}

QUEUE_TEST(hold_model)
{
    /* The classic hold: pop, push at the popped time plus Exp(1). */
    static const size_t sizes[] = { 1000, 30000 };
    for (int s = 0; s < 2; s++) {
        queue qu = open_queue_hint(qn->s, sizes[s]);
        reference r = { 0 };
        rng = 8 + (uint64_t)s;
        for (size_t i = 0; i < sizes[s]; i++)
            push_at(&qu, &r, exponential());
        for (int step = 0; step < 100000; step++) {
            hsf_event ev = pop_check(&qu, &r);
            push_at(&qu, &r, ev.time + exponential());
            cr_assert_eq(qsize(&qu), sizes[s], "%s: size() is %zu during holds", qname, qsize(&qu));
        }
        drain(&qu, &r);
        ref_free(&r);
        close_queue(&qu);
    }
}

QUEUE_TEST(earlier_than_last_popped)
{
    queue qu = open_queue(qn->s);
    reference r = { 0 };
    rng = 9;
    for (int i = 0; i < 20000; i++)
        push_at(&qu, &r, 1000 + 1000 * uniform());
    for (int i = 0; i < 10000; i++)
        pop_check(&qu, &r);
    /* All before what was popped, some far before, some at the very time
     * of the last pop. */
    double last = 0;
    for (int i = 0; i < 10000; i++) {
        if (i % 100 == 0) {
            hsf_event ev = pop_check(&qu, &r);
            last = ev.time;
        }
        double t = i % 3 == 0 ? last : i % 3 == 1 ? 1000 * uniform() : 1e-6 * uniform();
        push_at(&qu, &r, t);
    }
    /* A hold that steps back now and then, by up to half the time. */
    for (int step = 0; step < 50000; step++) {
        hsf_event ev = pop_check(&qu, &r);
        push_at(&qu, &r, step % 10 == 0 ? ev.time * (1 - 0.5 * uniform())
                                        : ev.time + exponential());
    }
    drain(&qu, &r);
    ref_free(&r);
    close_queue(&qu);
}

QUEUE_TEST(rejects_times_that_are_not_finite)
{
    queue qu = open_queue(qn->s);
    reference r = { 0 };
    const double bad[] = { NAN, -NAN, INFINITY, -INFINITY };
    for (int round = 0; round < 2; round++) {
        /* On an empty queue, then on a busy one. */
        for (int k = 0; k < 4; k++) {
            size_t before = qsize(&qu);
            hsf_event ev = make_event(bad[k], ++seq);
            hsf_error_clear(&err);
            cr_assert_eq(qu.t->push(qu.q, &ev, &err), -1, "%s: time %g accepted", qname, bad[k]);
            cr_assert_neq(hsf_error_message(&err)[0], '\0', "%s: a refusal must say why", qname);
            cr_assert_eq(qsize(&qu), before, "%s: a refused push changed the size", qname);
        }
        for (int i = 0; i < 1000; i++)
            push_at(&qu, &r, uniform());
    }
    /* And nothing else changed either. */
    drain(&qu, &r);
    ref_free(&r);
    close_queue(&qu);
}

QUEUE_TEST(all_32_bytes_and_extreme_values)
{
    /* Bit patterns in every field, and times at the edges of the range the
     * contract names (0 to 1e300, subnormals included): -0 and +0 are equal
     * times (ordered by seq) and must come back with their sign. */
    queue qu = open_queue(qn->s);
    reference r = { 0 };
    const double times[] = { 0.0, -0.0, 5e-324, DBL_MIN, 1e-300, 1, 1e300, 9.999e299,
                             0.0, -0.0 };
    const uint64_t seqs[] = { 0, UINT64_MAX, UINT64_MAX - 1, 1ULL << 63, 3 };
    for (int round = 0; round < 3; round++) {
        for (size_t i = 0; i < sizeof times / sizeof times[0]; i++) {
            hsf_event ev = make_event(times[i], seqs[i % 5] - (uint64_t)round * 7 - i * 1000);
            if (i % 3 == 0) {
                ev.subject = ev.object = ev.kind = ev.stamp = UINT32_MAX;
            } else if (i % 3 == 1) {
                ev.subject = ev.object = ev.kind = ev.stamp = 0;
            }
            push_ev(&qu, &r, ev);
        }
        pop_check(&qu, &r);
    }
    drain(&qu, &r);
    ref_free(&r);
    close_queue(&qu);
}

QUEUE_TEST(ten_million_and_back)
{
    /* Grown to 10^7 events and drained, checking the order of every pop,
     * every event's bytes against its seq, and the sum of the seqs (every
     * event out exactly once).  Push i has a time uniform in [i, i + 10^5):
     * out of order among its 10^5 neighbours, which is what the engine
     * never does and the structures must survive, yet not in an order
     * random over all 10^7.  That would cost the pairing heap alone 25 s
     * (each pop then misses the cache along ~25 sibling links), and is
     * covered at 3 10^5 events by the cases above. */
    uint64_t n = 10000000;
    /* The sanitizer pass of CI, which checks memory and not scale, asks
     * for fewer (.ci/run): under AddressSanitizer 10^7 events per queue
     * cost minutes. */
    const char *fewer = getenv("HSF_QUEUE_TEST_EVENTS");
    if (fewer && strtoull(fewer, NULL, 10) > 0)
        n = strtoull(fewer, NULL, 10);
    queue qu = open_queue_hint(qn->s, (size_t)n / 2);   /* a hint, then beyond it */
    rng = 10;
    for (uint64_t i = 1; i <= n; i++) {
        hsf_event ev = make_event((double)i + 1e5 * uniform(), i);
        if (qu.t->push(qu.q, &ev, &err))
            cr_assert_fail("%s: push %llu: %s", qname, (unsigned long long)i,
                           hsf_error_message(&err));
    }
    cr_assert_eq(qsize(&qu), n, "%s: size() is %zu, expected %llu", qname, qsize(&qu),
                 (unsigned long long)n);
    hsf_event prev = { .time = -1 }, ev;
    uint64_t sum = 0;
    for (uint64_t i = 0; i < n; i++) {
        if (qu.t->pop(qu.q, &ev) != 1)
            cr_assert_fail("%s: ran dry after %llu pops", qname, (unsigned long long)i);
        if (!hsf_event_before(&prev, &ev))
            cr_assert_fail("%s: out of order at pop %llu: (%.17g, %llu) after (%.17g, %llu)",
                           qname, (unsigned long long)i, ev.time, (unsigned long long)ev.seq,
                           prev.time, (unsigned long long)prev.seq);
        hsf_event want = make_event(ev.time, ev.seq);
        if (memcmp(&ev, &want, sizeof ev))
            cr_assert_fail("%s: event %llu came back with other bytes", qname,
                           (unsigned long long)ev.seq);
        sum += ev.seq;
        prev = ev;
        if ((i & 0xfffff) == 0)
            cr_assert_eq(qsize(&qu), n - i - 1, "%s: wrong size() while draining", qname);
    }
    cr_assert_eq(sum, n * (n + 1) / 2, "%s: some events came out twice, some never", qname);
    check_empty(&qu);
    close_queue(&qu);
}

/* ---- indexed queues (ABI 1.1) ---------------------------------------------
 * Checked against a reference that holds each key's (time, seq) and finds
 * the first by scanning them all. */

static int has_index(const queue *qu)
{
    return qu->t->index_init != NULL;
}

QUEUE_TEST(index_all_or_none)
{
    queue qu = open_queue(qn->s);
    int set = !!qu.t->index_init + !!qu.t->index_set + !!qu.t->index_remove +
              !!qu.t->index_first;
    cr_assert(set == 0 || set == 4, "%s: %d of the 4 index_ members set", qname, set);
    close_queue(&qu);
}

typedef struct index_ref {
    uint32_t n;
    double *time;
    uint64_t *seq;
    char *held;
} index_ref;

static queue open_indexed(const char *name, uint32_t nkeys, index_ref *r)
{
    queue qu = open_queue(name);
    if (!has_index(&qu)) {
        close_queue(&qu);
        cr_skip_test("%s has no indexed operations", name);
    }
    cr_assert_eq(qu.t->index_init(qu.q, nkeys, &err), 0, "%s: index_init: %s", name,
                 hsf_error_message(&err));
    *r = (index_ref){ .n = nkeys, .time = calloc(nkeys, sizeof(double)),
                      .seq = calloc(nkeys, sizeof(uint64_t)), .held = calloc(nkeys, 1) };
    cr_assert(r->time && r->seq && r->held);
    return qu;
}

static void free_ref(index_ref *r)
{
    free(r->time);
    free(r->seq);
    free(r->held);
}

/* The queue's first key is the reference's, with its time. */
static void check_first(queue *qu, const index_ref *r, size_t step)
{
    uint32_t best = UINT32_MAX;
    for (uint32_t k = 0; k < r->n; k++)
        if (r->held[k] && (best == UINT32_MAX || r->time[k] < r->time[best] ||
                           (r->time[k] == r->time[best] && r->seq[k] < r->seq[best])))
            best = k;
    uint32_t key = UINT32_MAX - 1;
    double time = -7;
    int got = qu->t->index_first(qu->q, &key, &time);
    if (best == UINT32_MAX) {
        if (got || key != UINT32_MAX - 1 || time != -7)
            cr_assert_fail("%s: step %zu: index_first found key %u in an empty queue "
                           "(or wrote its outputs)", qname, step, key);
        return;
    }
    if (!got || key != best || time != r->time[best])
        cr_assert_fail("%s: step %zu: index_first gave key %u at %.17g, expected key %u at "
                       "%.17g (seq %llu)", qname, step, got ? key : UINT32_MAX, time, best,
                       r->time[best], (unsigned long long)r->seq[best]);
}

/* The hint index_upcoming, if the queue has it: at most max keys, each
 * held, not the first, none twice, and nothing written beyond max. */
static void check_upcoming(queue *qu, const index_ref *r, size_t step)
{
    if (!qu->t->index_upcoming)
        return;
    uint32_t keys[4] = { 7, 7, 7, 7 }, first = UINT32_MAX;
    double time;
    int any = qu->t->index_first(qu->q, &first, &time);
    uint32_t max = 1 + (uint32_t)(step % 3);
    uint32_t count = qu->t->index_upcoming(qu->q, keys, max);
    if (count > max || (!any && count) || keys[3] != 7)
        cr_assert_fail("%s: step %zu: index_upcoming gave %u keys (max %u, %s)", qname, step,
                       count, max, any ? "held" : "empty");
    for (uint32_t a = 0; a < count; a++) {
        if (keys[a] >= r->n || !r->held[keys[a]] || keys[a] == first)
            cr_assert_fail("%s: step %zu: index_upcoming named key %u (first %u, held %d)",
                           qname, step, keys[a], first, keys[a] < r->n && r->held[keys[a]]);
        for (uint32_t b = 0; b < a; b++)
            if (keys[b] == keys[a])
                cr_assert_fail("%s: step %zu: index_upcoming named key %u twice", qname, step,
                               keys[a]);
    }
}

static void set_key(queue *qu, index_ref *r, uint32_t key, double time)
{
    uint64_t s = ++seq;
    if (qu->t->index_set(qu->q, key, time, s, &err))
        cr_assert_fail("%s: index_set(%u, %g): %s", qname, key, time, hsf_error_message(&err));
    r->time[key] = time;
    r->seq[key] = s;
    r->held[key] = 1;
}

/* Random sets (insert or move, earlier or later), removals (held or not)
 * and engine-like steps (the first key moved later or removed), with the
 * first checked after each. */
static void index_random(const char *name, uint32_t nkeys, size_t steps, double (*gen)(void),
                         uint64_t seed)
{
    index_ref r;
    queue qu = open_indexed(name, nkeys, &r);
    rng = seed;
    double now = 0;
    for (size_t step = 0; step < steps; step++) {
        uint64_t op = next_u64() % 10;
        uint32_t key = (uint32_t)(next_u64() % nkeys);
        if (op < 4) {
            set_key(&qu, &r, key, gen());
        } else if (op < 6) {
            qu.t->index_remove(qu.q, key);
            r.held[key] = 0;
        } else {
            double time;
            if (qu.t->index_first(qu.q, &key, &time)) {
                now = time;
                if (op < 9)
                    set_key(&qu, &r, key, now + gen());
                else
                    qu.t->index_remove(qu.q, key), r.held[key] = 0;
            }
        }
        /* The hint index_prefetch, held keys or not, must change nothing
         * the checks can see. */
        if (qu.t->index_prefetch)
            qu.t->index_prefetch(qu.q, (uint32_t)(step * 7919 % nkeys));
        check_first(&qu, &r, step);
        check_upcoming(&qu, &r, step);
    }
    free_ref(&r);
    close_queue(&qu);
}

QUEUE_TEST(index_random_uniform)
{
    index_random(qn->s, 300, 200000, gen_uniform, 11);
}

QUEUE_TEST(index_random_ties)
{
    index_random(qn->s, 300, 200000, gen_few_values, 12);
}

/* Times over 18 decades, and clumps with deserts up to 1e300 between
 * them: whatever days or buckets a queue keeps must cope with both. */
QUEUE_TEST(index_random_spread)
{
    index_random(qn->s, 300, 200000, gen_log_uniform, 14);
}

QUEUE_TEST(index_random_gaps)
{
    gap_base = 0;
    index_random(qn->s, 300, 200000, gen_gaps, 15);
}

/* Enough keys that a calendar's days hold several each and its lists are
 * long, each change checked against the reference. */
QUEUE_TEST(index_random_many_keys)
{
    index_random(qn->s, 4000, 150000, gen_uniform, 16);
}

QUEUE_TEST(index_one_key_and_empty)
{
    index_ref r;
    queue qu = open_indexed(qn->s, 1, &r);
    check_first(&qu, &r, 0);
    qu.t->index_remove(qu.q, 0);            /* not held: nothing */
    check_first(&qu, &r, 1);
    set_key(&qu, &r, 0, 5);
    set_key(&qu, &r, 0, 5);                 /* same time, newer seq */
    set_key(&qu, &r, 0, 1);
    check_first(&qu, &r, 2);
    qu.t->index_remove(qu.q, 0);
    r.held[0] = 0;
    check_first(&qu, &r, 3);
    free_ref(&r);
    close_queue(&qu);
}

QUEUE_TEST(index_refuses_non_finite)
{
    index_ref r;
    queue qu = open_indexed(qn->s, 4, &r);
    set_key(&qu, &r, 2, 1.5);
    const double bad[] = { NAN, INFINITY, -INFINITY };
    for (int k = 0; k < 3; k++) {
        hsf_error_clear(&err);
        cr_assert_eq(qu.t->index_set(qu.q, 2, bad[k], ++seq, &err), -1,
                     "%s: index_set accepted %g", qname, bad[k]);
        cr_assert(hsf_error_message(&err)[0], "%s: no message for %g", qname, bad[k]);
        cr_assert_eq(qu.t->index_set(qu.q, 1, bad[k], ++seq, &err), -1,
                     "%s: index_set accepted %g for a new key", qname, bad[k]);
        check_first(&qu, &r, (size_t)k);    /* unchanged */
    }
    free_ref(&r);
    close_queue(&qu);
}

/* The engine's use at scale: 10^5 keys, each moved later when first; the
 * times that come out never go back and every key comes out. */
QUEUE_TEST(index_engine_like_large)
{
    const uint32_t n = 100000;
    index_ref r;
    queue qu = open_indexed(qn->s, n, &r);
    rng = 13;
    for (uint32_t k = 0; k < n; k++)
        set_key(&qu, &r, k, exponential());
    char *seen = calloc(n, 1);
    cr_assert_not_null(seen);
    double prev = 0;
    uint32_t distinct = 0;
    for (size_t step = 0; step < 20 * (size_t)n; step++) {
        uint32_t key;
        double time;
        cr_assert_eq(qu.t->index_first(qu.q, &key, &time), 1, "%s: ran dry", qname);
        if (time < prev || key >= n)
            cr_assert_fail("%s: step %zu: key %u at %.17g after %.17g", qname, step, key, time,
                           prev);
        prev = time;
        distinct += !seen[key];
        seen[key] = 1;
        /* Also move another key, earlier or later, as a collision moves
         * the partner's event. */
        uint32_t other = (uint32_t)(next_u64() % n);
        if (other != key)
            set_key(&qu, &r, other, time + exponential());
        set_key(&qu, &r, key, time + exponential());
    }
    cr_assert_eq(distinct, n, "%s: %u of %u keys ever came first", qname, distinct, n);
    for (uint32_t k = 0; k < n; k++)
        qu.t->index_remove(qu.q, k);
    uint32_t key;
    double time;
    cr_assert_eq(qu.t->index_first(qu.q, &key, &time), 0, "%s: keys left after removing all",
                 qname);
    free(seen);
    free_ref(&r);
    close_queue(&qu);
}
