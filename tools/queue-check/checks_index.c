/* The checks of the indexed form (ABI 1.1): against a reference that holds
 * each key's (time, seq) and finds the first by scanning them all. */
#include <math.h>
#include <stdlib.h>

#include "qcheck.h"

typedef struct index_ref {
    uint32_t n;
    double *time;
    uint64_t *seq;
    char *held;
} index_ref;

static qc_queue open_indexed(uint32_t nkeys, index_ref *r)
{
    qc_queue qu = qc_open_indexed(nkeys);
    *r = (index_ref){ .n = nkeys, .time = calloc(nkeys, sizeof(double)),
                      .seq = calloc(nkeys, sizeof(uint64_t)), .held = calloc(nkeys, 1) };
    if (!r->time || !r->seq || !r->held)
        qc_fail("the checker ran out of memory for %u keys", nkeys);
    return qu;
}

static void free_ref(index_ref *r)
{
    free(r->time);
    free(r->seq);
    free(r->held);
}

static uint32_t ref_first(const index_ref *r)
{
    uint32_t best = UINT32_MAX;
    for (uint32_t k = 0; k < r->n; k++)
        if (r->held[k] && (best == UINT32_MAX || r->time[k] < r->time[best] ||
                           (r->time[k] == r->time[best] && r->seq[k] < r->seq[best])))
            best = k;
    return best;
}

/* The queue's first key is the reference's, with its time. */
static void check_first(qc_queue *qu, const index_ref *r)
{
    uint32_t best = ref_first(r), key = UINT32_MAX - 1;
    double time = -7;
    int got = qu->t->index_first(qu->q, &key, &time);
    if (best == UINT32_MAX) {
        if (got || key != UINT32_MAX - 1 || time != -7)
            qc_fail("index_first at step %zu: expected 0 (no key held), outputs untouched, "
                    "found %d, key %u at %.17g", qc_step, got, key, time);
        return;
    }
    if (!got || key != best || time != r->time[best])
        qc_fail("index_first at step %zu: expected key %u at %.17g (seq %llu), found %s%u at "
                "%.17g", qc_step, best, r->time[best], (unsigned long long)r->seq[best],
                got ? "key " : "none: ", got ? key : 0, got ? time : 0);
}

/* The hint index_upcoming, if the queue has it: at most max keys, each
 * held, not the first, none twice, and nothing written beyond max. */
static void check_upcoming(qc_queue *qu, const index_ref *r)
{
    if (!qu->t->index_upcoming)
        return;
    uint32_t keys[4] = { 7, 7, 7, 7 }, first = UINT32_MAX;
    double time;
    int any = qu->t->index_first(qu->q, &first, &time);
    uint32_t max = 1 + (uint32_t)(qc_step % 3);
    uint32_t count = qu->t->index_upcoming(qu->q, keys, max);
    if (count > max || (!any && count) || keys[3] != 7)
        qc_fail("index_upcoming at step %zu: expected at most %u keys%s, found %u%s", qc_step,
                any ? max : 0, any ? "" : " (empty queue)", count,
                keys[3] != 7 ? " and a write beyond max" : "");
    for (uint32_t a = 0; a < count; a++) {
        if (keys[a] >= r->n || !r->held[keys[a]])
            qc_fail("index_upcoming at step %zu: expected held keys, found key %u, not held",
                    qc_step, keys[a]);
        if (keys[a] == first)
            qc_fail("index_upcoming at step %zu: expected keys other than the first, found the "
                    "first, key %u", qc_step, keys[a]);
        for (uint32_t b = 0; b < a; b++)
            if (keys[b] == keys[a])
                qc_fail("index_upcoming at step %zu: expected each key once, found key %u twice",
                        qc_step, keys[a]);
    }
}

static void set_key(qc_queue *qu, index_ref *r, uint32_t key, double time)
{
    uint64_t s = qc_next_seq();
    qc_step++;
    qc_err_clear();
    if (qu->t->index_set(qu->q, key, time, s, qc_err()))
        qc_fail("index_set at step %zu of key %u at %.17g: expected 0, found -1: %s", qc_step,
                key, time, hsf_error_message(qc_err()));
    r->time[key] = time;
    r->seq[key] = s;
    r->held[key] = 1;
}

static void remove_key(qc_queue *qu, index_ref *r, uint32_t key)
{
    qc_step++;
    qu->t->index_remove(qu->q, key);
    r->held[key] = 0;
}

/* Random sets (insert, or move earlier or later), removals (held or not)
 * and engine-like steps (the first key moved later or removed), with the
 * first and the hint checked after each. */
static void index_random(uint32_t nkeys, size_t steps, double (*gen)(void), uint64_t seed)
{
    index_ref r;
    qc_queue qu = open_indexed(nkeys, &r);
    qc_seed(seed);
    for (size_t step = 0; step < steps; step++) {
        uint64_t op = qc_u64() % 10;
        uint32_t key = (uint32_t)(qc_u64() % nkeys);
        if (op < 4) {
            set_key(&qu, &r, key, gen());
        } else if (op < 6) {
            remove_key(&qu, &r, key);
        } else {
            double time;
            if (qu.t->index_first(qu.q, &key, &time)) {
                if (op < 9)
                    set_key(&qu, &r, key, time + gen());
                else
                    remove_key(&qu, &r, key);
            }
        }
        /* The hint index_prefetch, held keys or not, must change nothing
         * the checks can see. */
        if (qu.t->index_prefetch)
            qu.t->index_prefetch(qu.q, (uint32_t)(step * 7919 % nkeys));
        check_first(&qu, &r);
        check_upcoming(&qu, &r);
    }
    free_ref(&r);
    qc_close(&qu);
}

static void check_index_members(void)
{
    if (qc_pl->info->abi_minor < 1)
        qc_skip("built for ABI 1.0, before the indexed form");
    int set = !!qc_pl->t.index_init + !!qc_pl->t.index_set + !!qc_pl->t.index_remove +
              !!qc_pl->t.index_first;
    if (set != 0 && set != 4)
        qc_fail("index_init, index_set, index_remove, index_first: expected all 4 or none set, "
                "found %d", set);
    if (!set && (qc_pl->t.index_upcoming || qc_pl->t.index_prefetch))
        qc_fail("index_upcoming, index_prefetch: expected NULL without the 4 index_ members, "
                "found set");
    if (!set)
        qc_skip("no indexed form (the 4 index_ members are NULL)");
}

static void check_index_uniform(void)
{
    index_random(300, qc_size(200000, 20000), qc_gen_uniform, 11);
}

static void check_index_ties(void)
{
    index_random(300, qc_size(200000, 20000), qc_gen_few_values, 12);
}

static void check_index_spread(void)
{
    index_random(300, qc_size(200000, 20000), qc_gen_log_uniform, 14);
}

static void check_index_gaps(void)
{
    qc_gen_gaps_reset();
    index_random(300, qc_size(200000, 20000), qc_gen_gaps, 15);
}

static void check_index_many_keys(void)
{
    index_random(4000, qc_size(150000, 5000), qc_gen_uniform, 16);
}

static void check_index_one_key(void)
{
    index_ref r;
    qc_queue qu = open_indexed(1, &r);
    check_first(&qu, &r);
    remove_key(&qu, &r, 0);                 /* not held: nothing */
    check_first(&qu, &r);
    set_key(&qu, &r, 0, 5);
    set_key(&qu, &r, 0, 5);                 /* same time, newer seq */
    check_first(&qu, &r);
    set_key(&qu, &r, 0, 1);                 /* earlier */
    check_first(&qu, &r);
    set_key(&qu, &r, 0, 3);                 /* later */
    check_first(&qu, &r);
    remove_key(&qu, &r, 0);
    check_first(&qu, &r);
    check_upcoming(&qu, &r);
    free_ref(&r);
    qc_close(&qu);
}

static void check_index_non_finite(void)
{
    index_ref r;
    qc_queue qu = open_indexed(4, &r);
    set_key(&qu, &r, 2, 1.5);
    const double bad[] = { NAN, INFINITY, -INFINITY };
    for (int k = 0; k < 3; k++)
        for (uint32_t key = 1; key <= 2; key++) {       /* a new key, a held one */
            qc_step++;
            qc_err_clear();
            int got = qu.t->index_set(qu.q, key, bad[k], qc_next_seq(), qc_err());
            if (got != -1)
                qc_fail("index_set at step %zu of %s key %u at %g: expected -1 (refused), "
                        "found %d", qc_step, key == 2 ? "held" : "new", key, bad[k], got);
            if (!hsf_error_message(qc_err())[0])
                qc_fail("index_set at step %zu at %g: expected a message saying why, found none",
                        qc_step, bad[k]);
            check_first(&qu, &r);                       /* unchanged */
        }
    remove_key(&qu, &r, 2);
    check_first(&qu, &r);
    free_ref(&r);
    qc_close(&qu);
}

/* Drains the keys in index_first order (index_first, index_remove), as
 * the engine saves a checkpoint, and sets them again into dst in that
 * order; the reference is unchanged but for the seqs, which stay. */
static void index_save_restore(qc_queue *src, qc_queue *dst, index_ref *r)
{
    size_t held = 0;
    for (uint32_t k = 0; k < r->n; k++)
        held += r->held[k];
    uint32_t *key = malloc((held + 1) * sizeof *key);
    if (!key)
        qc_fail("the checker ran out of memory for %zu keys", held);
    for (size_t k = 0; k < held; k++) {
        check_first(src, r);
        double time;
        src->t->index_first(src->q, &key[k], &time);
        remove_key(src, r, key[k]);
    }
    check_first(src, r);
    for (size_t k = 0; k < held; k++) {
        qc_step++;
        qc_err_clear();
        if (dst->t->index_set(dst->q, key[k], r->time[key[k]], r->seq[key[k]], qc_err()))
            qc_fail("index_set at step %zu of key %u at %.17g: expected 0, found -1: %s",
                    qc_step, key[k], r->time[key[k]], hsf_error_message(qc_err()));
        r->held[key[k]] = 1;
    }
    free(key);
    check_first(dst, r);
}

static void index_hold(qc_queue *qu, index_ref *r, size_t steps)
{
    for (size_t step = 0; step < steps; step++) {
        uint32_t key;
        double time;
        if (!qu->t->index_first(qu->q, &key, &time))
            qc_fail("index_first at step %zu: expected a key, found none", qc_step);
        uint32_t other = (uint32_t)(qc_u64() % r->n);
        if (other != key)
            set_key(qu, r, other, time + qc_exponential());
        set_key(qu, r, key, time + qc_exponential());
        check_first(qu, r);
    }
}

/* Save and restore of an indexed queue as the engine does it: the same
 * instance, then a fresh one; the firsts that follow are the reference's. */
static void check_index_checkpoint(void)
{
    const uint32_t n = 500;
    index_ref r;
    qc_queue qu = open_indexed(n, &r);
    qc_seed(18);
    for (uint32_t k = 0; k < n; k++)
        set_key(&qu, &r, k, qc_exponential());
    index_hold(&qu, &r, qc_size(20000, 2000));
    index_save_restore(&qu, &qu, &r);
    index_hold(&qu, &r, qc_size(20000, 2000));
    qc_queue fresh = qc_open_indexed(n);
    index_save_restore(&qu, &fresh, &r);
    qc_close(&qu);
    index_hold(&fresh, &r, qc_size(20000, 2000));
    free_ref(&r);
    qc_close(&fresh);
}

/* The engine's use at scale: 10^5 keys (10^4 with --quick), each moved
 * later when first, and another moved too; the times that come out never
 * go back, every key comes first, and removing all leaves none. */
static void check_index_engine(void)
{
    const uint32_t n = (uint32_t)qc_size(100000, 10000);
    index_ref r;
    qc_queue qu = open_indexed(n, &r);
    qc_seed(13);
    for (uint32_t k = 0; k < n; k++)
        set_key(&qu, &r, k, qc_exponential());
    char *seen = calloc(n, 1);
    if (!seen)
        qc_fail("the checker ran out of memory for %u keys", n);
    double prev = 0;
    uint32_t distinct = 0;
    for (size_t step = 0; step < 20 * (size_t)n; step++) {
        uint32_t key;
        double time;
        if (!qu.t->index_first(qu.q, &key, &time))
            qc_fail("index_first at step %zu: expected a key, found none", qc_step);
        if (key >= n || time < prev)
            qc_fail("index_first at step %zu: expected a key < %u at a time >= %.17g, found key "
                    "%u at %.17g", qc_step, n, prev, key, time);
        if (time != r.time[key] || !r.held[key])
            qc_fail("index_first at step %zu: expected key %u's time %.17g, found %.17g%s",
                    qc_step, key, r.time[key], time, r.held[key] ? "" : " (not held)");
        prev = time;
        distinct += !seen[key];
        seen[key] = 1;
        uint32_t other = (uint32_t)(qc_u64() % n);
        if (other != key)
            set_key(&qu, &r, other, time + qc_exponential());
        set_key(&qu, &r, key, time + qc_exponential());
    }
    if (distinct != n)
        qc_fail("index_first: expected each of the %u keys first at least once, found %u", n,
                distinct);
    for (uint32_t k = 0; k < n; k++)
        remove_key(&qu, &r, k);
    check_first(&qu, &r);
    free(seen);
    free_ref(&r);
    qc_close(&qu);
}

const qc_check_def qc_index_checks[] = {
    { "index_members", check_index_members, "the indexed form: index_init, index_set, "
                                            "index_remove, index_first all set or all NULL "
                                            "(the index_ checks below skip without them)" },
    { "index_uniform", check_index_uniform, "300 keys: random index_set (insert, move earlier or "
                                            "later), index_remove (held or not), the first moved "
                                            "later or removed; index_first against the "
                                            "reference after each; index_upcoming: at most max "
                                            "keys, each held, never the first, none twice; "
                                            "index_prefetch changes nothing" },
    { "index_ties", check_index_ties, "as index_uniform, times among 5 values: ties by seq" },
    { "index_spread", check_index_spread, "as index_uniform, times from 1e-9 to 1e9" },
    { "index_gaps", check_index_gaps, "as index_uniform, gaps from 0 to 1e12 and times near "
                                      "1e300" },
    { "index_many_keys", check_index_many_keys, "as index_uniform with 4000 keys" },
    { "index_one_key", check_index_one_key, "one key: removed when not held, set twice at one "
                                            "time, moved earlier and later, removed" },
    { "index_non_finite", check_index_non_finite, "index_set at NaN, inf, -inf, of a new key and "
                                                  "a held one: -1 with a message, nothing "
                                                  "changed" },
    { "index_checkpoint", check_index_checkpoint, "keys drained by index_first and index_remove "
                                                  "and set again in that order, into the same "
                                                  "instance and a fresh one: the firsts that "
                                                  "follow are unchanged" },
    { "index_engine", check_index_engine, "10^5 keys (10^4 with --quick), the first and one "
                                          "other moved later at each step, 20 steps per key: "
                                          "times never go back, every key comes first, "
                                          "removing all leaves none" },
    { NULL, NULL, NULL }
};
