/* The operations push, pop, peek and size, each checked against the
 * reference; a failure names the operation, the step (operations since the
 * check began), what was expected and what was found. */
#include <math.h>
#include <string.h>

#include "qcheck.h"

size_t qc_step;

void qc_push(qc_queue *qu, qc_ref *r, hsf_event ev)
{
    qc_step++;
    qc_err_clear();
    if (qu->t->push(qu->q, &ev, qc_err()))
        qc_fail("push at step %zu of (%.17g, seq %llu): expected 0, found -1: %s", qc_step,
                ev.time, (unsigned long long)ev.seq, hsf_error_message(qc_err()));
    qc_ref_push(r, ev);
}

void qc_push_at(qc_queue *qu, qc_ref *r, double time)
{
    qc_push(qu, r, qc_event(time, qc_next_seq()));
}

/* Pops one event and checks it, byte for byte, against the reference, and
 * against what peek said just before. */
hsf_event qc_pop(qc_queue *qu, qc_ref *r)
{
    qc_step++;
    const hsf_event *pk = qu->t->peek(qu->q);
    if (!pk)
        qc_fail("peek at step %zu: expected an event (%zu pending), found NULL", qc_step,
                qc_ref_size(r));
    hsf_event peeked = *pk, want = qc_ref_pop(r), got;
    memset(&got, 0xa5, sizeof got);
    if (qu->t->pop(qu->q, &got) != 1)
        qc_fail("pop at step %zu: expected 1 (%zu pending), found 0", qc_step,
                qc_ref_size(r) + 1);
    if (got.time != want.time || got.seq != want.seq ||
        signbit(got.time) != signbit(want.time))
        qc_fail("pop at step %zu: expected (%.17g, seq %llu), found (%.17g, seq %llu)", qc_step,
                want.time, (unsigned long long)want.seq, got.time, (unsigned long long)got.seq);
    if (memcmp(&got, &want, sizeof got))
        qc_fail("pop at step %zu: expected the 32 bytes pushed for seq %llu, found others "
                "(subject %u object %u kind %u stamp %u instead of %u %u %u %u)", qc_step,
                (unsigned long long)want.seq, got.subject, got.object, got.kind, got.stamp,
                want.subject, want.object, want.kind, want.stamp);
    if (memcmp(&peeked, &got, sizeof got))
        qc_fail("peek at step %zu: expected the event pop gave (%.17g, seq %llu), found "
                "(%.17g, seq %llu)", qc_step, got.time, (unsigned long long)got.seq,
                peeked.time, (unsigned long long)peeked.seq);
    return got;
}

void qc_check_size(qc_queue *qu, size_t want)
{
    size_t got = qu->t->size(qu->q);
    if (got != want)
        qc_fail("size at step %zu: expected %zu, found %zu", qc_step, want, got);
}

void qc_check_empty(qc_queue *qu)
{
    qc_step++;
    hsf_event out = qc_event(7, 7), before = out;
    qc_check_size(qu, 0);
    const hsf_event *pk = qu->t->peek(qu->q);
    if (pk)
        qc_fail("peek at step %zu on an empty queue: expected NULL, found (%.17g, seq %llu)",
                qc_step, pk->time, (unsigned long long)pk->seq);
    int got = qu->t->pop(qu->q, &out);
    if (got != 0)
        qc_fail("pop at step %zu on an empty queue: expected 0, found %d", qc_step, got);
    if (memcmp(&out, &before, sizeof out))
        qc_fail("pop at step %zu on an empty queue: expected *out untouched, found it written",
                qc_step);
}

void qc_drain(qc_queue *qu, qc_ref *r)
{
    while (qc_ref_size(r) > 0) {
        qc_pop(qu, r);
        qc_check_size(qu, qc_ref_size(r));
    }
    qc_check_empty(qu);
}
