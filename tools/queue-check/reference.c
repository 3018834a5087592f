/* The reference the queue is checked against: a sorted array.  Pending
 * events are a sorted run plus a small unsorted buffer of recent pushes;
 * when the buffer grows past the square root of the run, it is qsorted by
 * (time, seq) and merged in.  The first event is the least of the run's
 * head and the buffer: O(sqrt n) per operation, and too simple to be
 * wrong. */
#include <stdlib.h>

#include "qcheck.h"

static int cmp_event(const void *pa, const void *pb)
{
    const hsf_event *a = pa, *b = pb;
    return hsf_event_before(a, b) ? -1 : hsf_event_before(b, a) ? 1 : 0;
}

static void grow(qc_ref *r, size_t need)
{
    if (need <= r->cap)
        return;
    size_t cap = r->cap ? r->cap : 1024;
    while (cap < need)
        cap *= 2;
    hsf_event *run = realloc(r->run, cap * sizeof *run);
    if (run)
        r->run = run;
    hsf_event *buf = realloc(r->buf, cap * sizeof *buf);
    if (buf)
        r->buf = buf;
    hsf_event *tmp = realloc(r->tmp, cap * sizeof *tmp);
    if (tmp)
        r->tmp = tmp;
    if (!run || !buf || !tmp)
        qc_fail("the checker ran out of memory for %zu events", need);
    r->cap = cap;
}

size_t qc_ref_size(const qc_ref *r)
{
    return r->len - r->head + r->nbuf;
}

void qc_ref_push(qc_ref *r, hsf_event ev)
{
    grow(r, qc_ref_size(r) + 1);
    r->buf[r->nbuf++] = ev;
}

static void merge(qc_ref *r)
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

/* The caller checks that the reference is not empty. */
hsf_event qc_ref_pop(qc_ref *r)
{
    if (r->nbuf > 16 && r->nbuf * r->nbuf > r->len - r->head)
        merge(r);
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

void qc_ref_free(qc_ref *r)
{
    free(r->run);
    free(r->buf);
    free(r->tmp);
    *r = (qc_ref){ 0 };
}
