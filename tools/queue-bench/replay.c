/* Replaying a recording (replay.h). */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "plugin.h"
#include "replay.h"

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

static const char *const op_names[] = { "end", "push", "pop", "pop", "index_set",
                                        "index_remove", "index_first", "index_first",
                                        "peek", "peek" };

/* Operations 0 .. n - 1; returns the index of the first that differs from
 * the recording (its finding in *found, *got), n when all agree, or
 * n + 1 + k when operation k was refused. */
static size_t run_ops(const hsf_queue_type *q, void *s, const qb_op *ops, size_t n,
                      qb_op *found, int *got)
{
    for (size_t k = 0; k < n; k++) {
        const qb_op *o = &ops[k];
        hsf_event ev;
        const hsf_event *p;
        switch (o->code) {
        case QB_OP_PUSH:
            /* Engine data that no queue may read: the seq's low bits. */
            ev = (hsf_event){ .time = o->time, .seq = o->seq, .subject = (uint32_t)o->seq,
                              .object = (uint32_t)(o->seq >> 32), .kind = 1 };
            if (q->push(s, &ev, qb_error()))
                return n + 1 + k;
            break;
        case QB_OP_POP:
        case QB_OP_POP_EMPTY:
            *got = q->pop(s, &ev);
            if (*got != (o->code == QB_OP_POP) ||
                (*got && (ev.time != o->time || ev.seq != o->seq ||
                          ev.subject != (uint32_t)ev.seq))) {
                *found = (qb_op){ .time = ev.time, .seq = ev.seq };
                return k;
            }
            break;
        case QB_OP_PEEK:
        case QB_OP_PEEK_EMPTY:
            p = q->peek(s);
            *got = p != NULL;
            if (*got != (o->code == QB_OP_PEEK) ||
                (p && (p->time != o->time || p->seq != o->seq))) {
                if (p)
                    *found = (qb_op){ .time = p->time, .seq = p->seq };
                return k;
            }
            break;
        case QB_OP_SET:
            if (q->index_set(s, o->key, o->time, o->seq, qb_error()))
                return n + 1 + k;
            break;
        case QB_OP_REMOVE:
            q->index_remove(s, o->key);
            break;
        default: {   /* QB_OP_FIRST, QB_OP_FIRST_EMPTY */
            uint32_t key = 0;
            double time = 0;
            *got = q->index_first(s, &key, &time);
            if (*got != (o->code == QB_OP_FIRST) ||
                (*got && (key != o->key || time != o->time))) {
                *found = (qb_op){ .time = time, .key = key };
                return k;
            }
        }
        }
    }
    return n;
}

static void describe(char *buf, size_t len, int indexed, int has, const qb_op *o)
{
    if (!has)
        snprintf(buf, len, "empty");
    else if (indexed)
        snprintf(buf, len, "key %u at t = %.17g", o->key, o->time);
    else
        snprintf(buf, len, "t = %.17g seq %llu", o->time, (unsigned long long)o->seq);
}

double qb_replay(const hsf_queue_type *q, const qb_recording *rec, char *msg, size_t len)
{
    if (rec->indexed && !q->index_init) {
        snprintf(msg, len, "no indexed form");
        return -2;
    }
    void *s = calloc(1, q->state_size);
    if (!s) {
        snprintf(msg, len, "out of memory");
        return -2;
    }
    double rate = -2;
    if (q->init(s, NULL, rec->most, qb_error())) {
        snprintf(msg, len, "init refused: %s", qb_error_message());
    } else if (rec->indexed && q->index_init(s, rec->nkeys, qb_error())) {
        snprintf(msg, len, "index_init refused: %s", qb_error_message());
    } else {
        qb_op found = { 0 };
        int got = 0;
        double t0 = now();
        size_t k = run_ops(q, s, rec->ops, rec->n_ops, &found, &got);
        double t1 = now();
        if (k == rec->n_ops) {
            rate = (double)rec->n_ops / (t1 - t0);
        } else if (k > rec->n_ops) {
            k -= rec->n_ops + 1;
            snprintf(msg, len, "operation %zu (%s) refused: %s", k, op_names[rec->ops[k].code],
                     qb_error_message());
        } else {
            const qb_op *o = &rec->ops[k];
            int has = o->code == QB_OP_POP || o->code == QB_OP_PEEK || o->code == QB_OP_FIRST;
            char want[96], saw[96];
            describe(want, sizeof want, rec->indexed, has, o);
            describe(saw, sizeof saw, rec->indexed, got, &found);
            snprintf(msg, len, "operation %zu (%s): expected %s, found %s", k,
                     op_names[o->code], want, saw);
            rate = -1;
        }
    }
    q->fini(s);
    free(s);
    return rate;
}
