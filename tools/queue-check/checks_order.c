/* The checks of push, pop, peek and size: every pop against the sorted
 * reference (reference.c), byte for byte. */
#include <float.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "qcheck.h"

static void check_empty(void)
{
    qc_queue qu = qc_open(0);
    qc_ref r = { 0 };
    qc_check_empty(&qu);
    qc_push_at(&qu, &r, 1);
    qc_check_size(&qu, 1);
    const hsf_event *a = qu.t->peek(qu.q);
    hsf_event first = a ? *a : qc_event(-1, 0);
    const hsf_event *b = qu.t->peek(qu.q);
    if (!a || !b || memcmp(&first, b, sizeof first))
        qc_fail("peek at step %zu, twice: expected the same event, found two answers", qc_step);
    qc_check_size(&qu, 1);
    qc_pop(&qu, &r);
    qc_check_empty(&qu);
    qc_check_empty(&qu);
    qc_push_at(&qu, &r, 0);
    qc_pop(&qu, &r);
    qc_check_empty(&qu);
    qc_ref_free(&r);
    qc_close(&qu);
}

static void check_size(void)
{
    qc_queue qu = qc_open(0);
    qc_ref r = { 0 };
    qc_seed(5);
    for (size_t i = 1; i <= 3000; i++) {
        qc_push_at(&qu, &r, qc_uniform());
        qc_check_size(&qu, i);
    }
    for (size_t i = 3000; i-- > 1000;) {
        qc_pop(&qu, &r);
        qc_check_size(&qu, i);
    }
    for (size_t i = 1001; i <= 5000; i++) {
        qc_push_at(&qu, &r, 2 * qc_uniform());
        qc_check_size(&qu, i);
    }
    qc_drain(&qu, &r);
    qc_ref_free(&r);
    qc_close(&qu);
}

/* n pushes of times from gen, randomly interleaved with pops: the share of
 * pops switches between 1/4 and 3/4 in blocks of random length, so the
 * queue grows and shrinks again and again (and resizes, if it does).  Then
 * a drain, and the empty queue used again. */
static void interleave(size_t n, double (*gen)(void), uint64_t seed)
{
    qc_queue qu = qc_open(0);
    qc_ref r = { 0 };
    qc_seed(seed);
    double p_pop = 0.25;
    size_t block = 0;
    for (size_t pushed = 0; pushed < n;) {
        if (block-- == 0) {
            block = 1 + qc_u64() % 20000;
            p_pop = 1 - p_pop;
        }
        if (qc_ref_size(&r) == 0 || qc_uniform() >= p_pop) {
            qc_push_at(&qu, &r, gen());
            pushed++;
        } else {
            qc_pop(&qu, &r);
        }
        qc_check_size(&qu, qc_ref_size(&r));
    }
    qc_drain(&qu, &r);
    for (int i = 0; i < 100; i++)
        qc_push_at(&qu, &r, gen());
    qc_drain(&qu, &r);
    qc_ref_free(&r);
    qc_close(&qu);
}

static void check_random(void)
{
    interleave(qc_size(300000, 20000), qc_gen_uniform, 1);
}

static void check_one_time(void)
{
    interleave(qc_size(100000, 10000), qc_gen_one_value, 2);
}

static void check_few_times(void)
{
    interleave(qc_size(200000, 20000), qc_gen_few_values, 3);
}

static void check_spread(void)
{
    interleave(qc_size(300000, 20000), qc_gen_log_uniform, 5);
}

static void check_gaps(void)
{
    qc_gen_gaps_reset();
    interleave(qc_size(300000, 20000), qc_gen_gaps, 6);
}

/* Equal times pushed with seqs in shuffled order must come out by seq,
 * not by insertion order. */
static void check_ties_by_seq(void)
{
    qc_queue qu = qc_open(0);
    qc_ref r = { 0 };
    qc_seed(4);
    enum { N = 5000 };
    static uint64_t perm[N];
    for (size_t i = 0; i < N; i++)
        perm[i] = 1000000 + i;
    for (size_t i = N; i-- > 1;) {
        size_t j = qc_u64() % (i + 1);
        uint64_t t = perm[i];
        perm[i] = perm[j];
        perm[j] = t;
    }
    for (size_t i = 0; i < N; i++) {
        qc_push(&qu, &r, qc_event(i % 2 ? 3.0 : 3.5, perm[i]));
        if (i % 7 == 6)
            qc_pop(&qu, &r);
    }
    qc_drain(&qu, &r);
    qc_ref_free(&r);
    qc_close(&qu);
}

/* Bit patterns in every field, and times at the edges of the range of the
 * contract (0 to 1e300, subnormals included): -0 and +0 are equal times
 * (ordered by seq) and must come back with their sign. */
static void check_extremes(void)
{
    qc_queue qu = qc_open(0);
    qc_ref r = { 0 };
    const double times[] = { 0.0, -0.0, 5e-324, DBL_MIN, 1e-300, 1, 1e300, 9.999e299,
                             0.0, -0.0 };
    const uint64_t seqs[] = { 0, UINT64_MAX, UINT64_MAX - 1, 1ULL << 63, 3 };
    for (int round = 0; round < 3; round++) {
        for (size_t i = 0; i < sizeof times / sizeof times[0]; i++) {
            hsf_event ev = qc_event(times[i], seqs[i % 5] - (uint64_t)round * 7 - i * 1000);
            if (i % 3 == 0)
                ev.subject = ev.object = ev.kind = ev.stamp = UINT32_MAX;
            else if (i % 3 == 1)
                ev.subject = ev.object = ev.kind = ev.stamp = 0;
            qc_push(&qu, &r, ev);
        }
        qc_pop(&qu, &r);
    }
    qc_drain(&qu, &r);
    qc_ref_free(&r);
    qc_close(&qu);
}

/* One event at 1e300 (or 1e9, 1e150) waits behind a busy front. */
static void check_far_event(void)
{
    static const double far[] = { 1e300, 1e9, 1e150 };
    for (int f = 0; f < 3; f++) {
        qc_queue qu = qc_open(0);
        qc_ref r = { 0 };
        qc_seed(7);
        qc_push_at(&qu, &r, far[f]);
        for (int i = 0; i < 10; i++)
            qc_push_at(&qu, &r, qc_exponential());
        for (size_t step = 0; step < qc_size(100000, 10000); step++) {
            hsf_event ev = qc_pop(&qu, &r);
            qc_push_at(&qu, &r, ev.time + qc_exponential());
        }
        for (int i = 0; i < 10; i++)
            qc_pop(&qu, &r);
        qc_check_size(&qu, 1);
        qc_push_at(&qu, &r, 1e6);
        qc_drain(&qu, &r);
        qc_ref_free(&r);
        qc_close(&qu);
    }
}

/* The classic hold: pop, push at the popped time plus Exp(1). */
static void check_hold(void)
{
    const size_t sizes[] = { 1000, qc_size(30000, 5000) };
    for (int s = 0; s < 2; s++) {
        qc_queue qu = qc_open(sizes[s]);
        qc_ref r = { 0 };
        qc_seed(8 + (uint64_t)s);
        for (size_t i = 0; i < sizes[s]; i++)
            qc_push_at(&qu, &r, qc_exponential());
        for (size_t step = 0; step < qc_size(100000, 10000); step++) {
            hsf_event ev = qc_pop(&qu, &r);
            qc_push_at(&qu, &r, ev.time + qc_exponential());
            qc_check_size(&qu, sizes[s]);
        }
        qc_drain(&qu, &r);
        qc_ref_free(&r);
        qc_close(&qu);
    }
}

/* Pushes earlier than the last pop: the engine never makes them, yet a
 * queue must stay correct. */
static void check_earlier_pushes(void)
{
    qc_queue qu = qc_open(0);
    qc_ref r = { 0 };
    qc_seed(9);
    size_t n = qc_size(20000, 4000);
    for (size_t i = 0; i < n; i++)
        qc_push_at(&qu, &r, 1000 + 1000 * qc_uniform());
    for (size_t i = 0; i < n / 2; i++)
        qc_pop(&qu, &r);
    /* All before what was popped, some far before, some at the very time
     * of the last pop. */
    double last = 0;
    for (size_t i = 0; i < n / 2; i++) {
        if (i % 100 == 0)
            last = qc_pop(&qu, &r).time;
        double t = i % 3 == 0 ? last : i % 3 == 1 ? 1000 * qc_uniform() : 1e-6 * qc_uniform();
        qc_push_at(&qu, &r, t);
    }
    /* A hold that steps back now and then, by up to half the time. */
    for (size_t step = 0; step < qc_size(50000, 5000); step++) {
        hsf_event ev = qc_pop(&qu, &r);
        qc_push_at(&qu, &r, step % 10 == 0 ? ev.time * (1 - 0.5 * qc_uniform())
                                           : ev.time + qc_exponential());
    }
    qc_drain(&qu, &r);
    qc_ref_free(&r);
    qc_close(&qu);
}

static void check_non_finite(void)
{
    qc_queue qu = qc_open(0);
    qc_ref r = { 0 };
    const double bad[] = { NAN, -NAN, INFINITY, -INFINITY };
    for (int round = 0; round < 2; round++) {
        /* On an empty queue, then on a busy one. */
        for (int k = 0; k < 4; k++) {
            qc_step++;
            size_t before = qu.t->size(qu.q);
            hsf_event ev = qc_event(bad[k], qc_next_seq());
            qc_err_clear();
            int got = qu.t->push(qu.q, &ev, qc_err());
            if (got != -1)
                qc_fail("push at step %zu of time %g: expected -1 (refused), found %d", qc_step,
                        bad[k], got);
            if (!hsf_error_message(qc_err())[0])
                qc_fail("push at step %zu of time %g: expected a message saying why, found "
                        "none", qc_step, bad[k]);
            qc_check_size(&qu, before);
        }
        for (int i = 0; i < 1000; i++)
            qc_push_at(&qu, &r, qc_uniform());
    }
    /* And nothing else changed either. */
    qc_drain(&qu, &r);
    qc_ref_free(&r);
    qc_close(&qu);
}

/* Drains qu into an array in pop order (each pop checked), as the engine
 * saves a checkpoint or audits the queue, and returns how many. */
static size_t save(qc_queue *qu, qc_ref *r, hsf_event **out)
{
    size_t n = qc_ref_size(r);
    hsf_event *ev = malloc((n + 1) * sizeof *ev);
    if (!ev)
        qc_fail("the checker ran out of memory for %zu events", n);
    for (size_t k = 0; k < n; k++)
        ev[k] = qc_pop(qu, r);
    qc_check_empty(qu);
    *out = ev;
    return n;
}

static void restore(qc_queue *qu, qc_ref *r, const hsf_event *ev, size_t n)
{
    for (size_t k = 0; k < n; k++)
        qc_push(qu, r, ev[k]);
    qc_check_size(qu, n);
}

static void hold_steps(qc_queue *qu, qc_ref *r, size_t steps)
{
    for (size_t step = 0; step < steps; step++) {
        hsf_event ev = qc_pop(qu, r);
        qc_push_at(qu, r, ev.time + qc_exponential());
    }
}

/* Save and restore as the engine does it: drained into an array and put
 * back in pop order, into the same instance (a checkpoint written, an
 * audit) and into a fresh one (a run resumed); the pops that follow are
 * those of the reference. */
static void check_checkpoint(void)
{
    size_t n = qc_size(30000, 3000), steps = qc_size(50000, 5000);
    qc_queue qu = qc_open(n);
    qc_ref r = { 0 };
    qc_seed(17);
    for (size_t i = 0; i < n; i++)
        qc_push_at(&qu, &r, qc_exponential());
    hold_steps(&qu, &r, steps);
    hsf_event *ev;
    size_t count = save(&qu, &r, &ev);
    restore(&qu, &r, ev, count);
    free(ev);
    hold_steps(&qu, &r, steps);
    count = save(&qu, &r, &ev);
    qc_close(&qu);
    qc_queue fresh = qc_open(count);
    restore(&fresh, &r, ev, count);
    free(ev);
    hold_steps(&fresh, &r, steps);
    qc_drain(&fresh, &r);
    qc_ref_free(&r);
    qc_close(&fresh);
}

/* Grown to 10^7 events (10^5 with --quick) and drained, checking the order
 * of every pop, every event's bytes, and the sum of the seqs (every event
 * out exactly once).  Push i has a time uniform in [i, i + 10^5): out of
 * order among its neighbours, not over all of them. */
static void check_growth(void)
{
    const uint64_t n = qc_size(10000000, 100000);
    qc_queue qu = qc_open((size_t)n / 2);   /* a hint, then beyond it */
    qc_seed(10);
    for (uint64_t i = 1; i <= n; i++) {
        hsf_event ev = qc_event((double)i + 1e5 * qc_uniform(), i);
        qc_err_clear();
        if (qu.t->push(qu.q, &ev, qc_err()))
            qc_fail("push at step %llu: expected 0, found -1: %s", (unsigned long long)i,
                    hsf_error_message(qc_err()));
    }
    qc_step = n;
    qc_check_size(&qu, n);
    hsf_event prev = { .time = -1 }, ev;
    uint64_t sum = 0;
    for (uint64_t i = 0; i < n; i++) {
        qc_step = n + i + 1;
        if (qu.t->pop(qu.q, &ev) != 1)
            qc_fail("pop at step %zu: expected 1 (%llu pending), found 0", qc_step,
                    (unsigned long long)(n - i));
        if (!hsf_event_before(&prev, &ev))
            qc_fail("pop at step %zu: expected an event after (%.17g, seq %llu), found "
                    "(%.17g, seq %llu)", qc_step, prev.time, (unsigned long long)prev.seq,
                    ev.time, (unsigned long long)ev.seq);
        hsf_event want = qc_event(ev.time, ev.seq);
        if (memcmp(&ev, &want, sizeof ev))
            qc_fail("pop at step %zu: expected the 32 bytes pushed for seq %llu, found others",
                    qc_step, (unsigned long long)ev.seq);
        sum += ev.seq;
        prev = ev;
        if ((i & 0xffff) == 0)
            qc_check_size(&qu, n - i - 1);
    }
    if (sum != n * (n + 1) / 2)
        qc_fail("pop: expected each of the %llu events once (sum of seqs %llu), found sum %llu",
                (unsigned long long)n, (unsigned long long)(n * (n + 1) / 2),
                (unsigned long long)sum);
    qc_check_empty(&qu);
    qc_close(&qu);
}

const qc_check_def qc_order_checks[] = {
    { "empty", check_empty, "an empty queue: size 0, peek NULL, pop 0 leaving *out untouched; "
                            "one event in and out; peek twice gives the same and removes nothing" },
    { "size", check_size, "size() after every push and pop, up to 3000, down to 1000, up to 5000" },
    { "random", check_random, "random times, pushes interleaved with pops in phases of growth "
                              "and shrinking; every pop against the sorted reference, all 32 "
                              "bytes; emptied and used again" },
    { "one_time", check_one_time, "as random, all events at one time: pops in seq order" },
    { "few_times", check_few_times, "as random, times among 0, 0.5, 1, 7 and 1e6: many ties" },
    { "ties_by_seq", check_ties_by_seq, "equal times pushed with seqs in shuffled order come out "
                                        "by seq, not in the order pushed" },
    { "spread", check_spread, "as random, times from 1e-9 to 1e9 (uniform in the exponent)" },
    { "gaps", check_gaps, "as random, clumps with gaps from 0 to 1e12 and lone events near 1e300" },
    { "extremes", check_extremes, "times 0, -0 (same time, its sign kept), subnormal, 1e-300, "
                                  "1e300; all-zero and all-one bytes; seqs up to 2^64-1" },
    { "far_event", check_far_event, "one event at 1e300 (1e9, 1e150) behind a busy front, "
                                    "then alone, then with a new front" },
    { "hold", check_hold, "the hold model (pop, push at its time + Exp(1)) at 1000 and 30000 "
                          "events, with size() constant" },
    { "earlier_pushes", check_earlier_pushes, "pushes before the last popped time, down to 0, "
                                              "and at that very time" },
    { "non_finite", check_non_finite, "push of NaN, -NaN, inf, -inf returns -1 with a message "
                                      "and changes nothing, empty or not" },
    { "checkpoint", check_checkpoint, "drained into an array and pushed back in pop order, into "
                                      "the same instance and into a fresh one, as the engine "
                                      "saves and resumes: the pops that follow are unchanged" },
    { "growth", check_growth, "10^7 events (10^5 with --quick) pushed and drained: order, bytes, "
                              "every event once, size()" },
    { NULL, NULL, NULL }
};
