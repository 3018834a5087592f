/* The queue contract (include/hsframe/queue.h), checked for every queue
 * plugin through the public ABI: each .so is loaded with the plugin loader
 * and driven only through its vtable, against a reference priority queue
 * written here.  A new queue gets the whole suite by being added to
 * queue_names. */
#include <math.h>

#include <criterion/criterion.h>
#include <criterion/parameterized.h>

#include <hsframe/queue.h>

#include "error_private.h"
#include "plugin_loader.h"

/* By value: Criterion's test workers do not share the parent's pointers. */
typedef struct queue_name {
    char s[32];
} queue_name;

static queue_name queue_names[] = { { "binary_heap" }, { "pairing_heap" }, { "calendar" } };

/* A test run once per queue in queue_names. */
#define QUEUE_TEST(test)                                                      \
    ParameterizedTestParameters(queue, test)                                  \
    {                                                                         \
        return cr_make_param_array(queue_name, queue_names,                   \
                                   sizeof queue_names / sizeof queue_names[0]); \
    }                                                                         \
    ParameterizedTest(queue_name *name, queue, test)

/* ---- the queue under test ---------------------------------------------- */

typedef struct queue {
    hsf_plugin plugin;
    const hsf_queue_type *type;
    void *state;
    hsf_plugin_path path;
} queue;

static hsf_error err;

static queue open_queue(const char *name)
{
    queue q;
    memset(&q, 0, sizeof q);
    hsf_error_clear(&err);
    cr_assert_eq(hsf_plugin_path_init(&q.path, getenv("HSF_QUEUE_PLUGIN_DIR"), &err), 0);
    cr_assert_eq(hsf_plugin_open(&q.path, name, HSF_PLUGIN_QUEUE, &q.plugin, &err), 0, "%s",
                 hsf_error_message(&err));
    q.type = q.plugin.info->vtable;
    q.state = calloc(1, q.type->state_size);
    cr_assert_eq(q.type->init(q.state, NULL, 0, &err), 0, "%s", hsf_error_message(&err));
    return q;
}

static void close_queue(queue *q)
{
    q->type->fini(q->state);
    free(q->state);
    hsf_plugin_close(&q->plugin);
    hsf_plugin_path_free(&q->path);
}

/* Events carry a checksum of their seq in the other fields: all 32 bytes
 * must come back as they went in. */
static hsf_event make_event(double time, uint64_t seq)
{
    return (hsf_event){ .time = time, .seq = seq, .subject = (uint32_t)(seq * 2654435761u),
                        .object = (uint32_t)(seq >> 7) ^ 0xdeadbeefu,
                        .kind = (uint32_t)(seq % 5), .stamp = (uint32_t)~seq };
}

static void check_payload(const hsf_event *ev)
{
    hsf_event want = make_event(ev->time, ev->seq);
    cr_assert(!memcmp(ev, &want, sizeof want), "event %llu came back altered",
              (unsigned long long)ev->seq);
}

/* ---- a reference priority queue (binary heap, written independently) ---- */

typedef struct reference {
    hsf_event *a;
    size_t n, cap;
} reference;

static void ref_push(reference *r, hsf_event ev)
{
    if (r->n == r->cap) {
        r->cap = r->cap ? 2 * r->cap : 1024;
        r->a = realloc(r->a, r->cap * sizeof *r->a);
    }
    size_t i = r->n++;
    for (; i && hsf_event_before(&ev, &r->a[(i - 1) / 2]); i = (i - 1) / 2)
        r->a[i] = r->a[(i - 1) / 2];
    r->a[i] = ev;
}

static hsf_event ref_pop(reference *r)
{
    hsf_event top = r->a[0], last = r->a[--r->n];
    size_t i = 0;
    for (;;) {
        size_t c = 2 * i + 1;
        if (c >= r->n)
            break;
        if (c + 1 < r->n && hsf_event_before(&r->a[c + 1], &r->a[c]))
            c++;
        if (!hsf_event_before(&r->a[c], &last))
            break;
        r->a[i] = r->a[c];
        i = c;
    }
    if (r->n)
        r->a[i] = last;
    return top;
}

/* ---- drivers ----------------------------------------------------------- */

static uint64_t rng_state;

static double uniform(void)
{
    rng_state ^= rng_state << 13;   /* xorshift64 (Marsaglia 2003) */
    rng_state ^= rng_state >> 7;
    rng_state ^= rng_state << 17;
    return ((double)(rng_state >> 11) + 0.5) * 0x1p-53;
}

static uint64_t seq;

static void both_push(queue *q, reference *r, double time)
{
    hsf_event ev = make_event(time, ++seq);
    cr_assert_eq(q->type->push(q->state, &ev, &err), 0, "%s", hsf_error_message(&err));
    ref_push(r, ev);
}

static void both_pop(queue *q, reference *r)
{
    const hsf_event *peek = q->type->peek(q->state);
    cr_assert_not_null(peek);
    hsf_event want = ref_pop(r), peeked = *peek, got;
    cr_assert_eq(q->type->pop(q->state, &got), 1);
    cr_assert(got.time == want.time && got.seq == want.seq,
              "popped (%.17g, %llu), expected (%.17g, %llu)", got.time,
              (unsigned long long)got.seq, want.time, (unsigned long long)want.seq);
    cr_assert(!memcmp(&peeked, &got, sizeof got), "peek and pop disagree");
    check_payload(&got);
}

/* Random interleaving of n pushes (times from gen) and pops, then a drain;
 * every pop is checked against the reference, and size() throughout. */
static void interleave(const char *name, size_t n, double (*gen)(void), double pop_share)
{
    queue q = open_queue(name);
    reference r = { 0 };
    rng_state = 0x9e3779b97f4a7c15ULL;
    for (size_t pushed = 0; pushed < n || r.n;) {
        if (pushed < n && (!r.n || uniform() >= pop_share)) {
            both_push(&q, &r, gen());
            pushed++;
        } else {
            both_pop(&q, &r);
        }
        cr_assert_eq(q.type->size(q.state), r.n);
    }
    hsf_event ev;
    cr_assert_eq(q.type->pop(q.state, &ev), 0, "empty again");
    free(r.a);
    close_queue(&q);
}

static double gen_uniform(void) { return uniform(); }
static double gen_few_values(void) { return floor(uniform() * 3); }  /* ties galore */
static double gen_log_uniform(void) { return pow(10, -9 + 18 * uniform()); }

static double gen_gaps(void)
{
    /* Clumps and deserts: gaps of 0, 1e-15, 1e-9, 1 and 1e8 after a base
     * that drifts forward. */
    static const double gaps[] = { 0, 1e-15, 1e-9, 1, 1e8 };
    static double base = 0;
    base += gaps[(int)(uniform() * 5)];
    return base + gaps[(int)(uniform() * 5)];
}

QUEUE_TEST(random_interleaving)
{
    interleave(name->s, 200000, gen_uniform, 0.45);
}

QUEUE_TEST(equal_times_pop_by_seq)
{
    interleave(name->s, 100000, gen_few_values, 0.3);
}

QUEUE_TEST(times_from_1e_9_to_1e9)
{
    interleave(name->s, 200000, gen_log_uniform, 0.45);
}

QUEUE_TEST(huge_and_tiny_gaps)
{
    interleave(name->s, 100000, gen_gaps, 0.4);
}

QUEUE_TEST(hold_model)
{
    /* The classic hold: pop, push at the popped time plus Exp(1). */
    queue q = open_queue(name->s);
    reference r = { 0 };
    rng_state = 12345;
    for (int i = 0; i < 1000; i++)
        both_push(&q, &r, -log(uniform()));
    for (int step = 0; step < 100000; step++) {
        double t = r.a[0].time;
        both_pop(&q, &r);
        both_push(&q, &r, t - log(uniform()));
    }
    free(r.a);
    close_queue(&q);
}

QUEUE_TEST(earlier_than_last_popped)
{
    queue q = open_queue(name->s);
    reference r = { 0 };
    rng_state = 777;
    for (int i = 0; i < 5000; i++)
        both_push(&q, &r, 1000 + 1000 * uniform());
    for (int i = 0; i < 2500; i++)
        both_pop(&q, &r);
    for (int i = 0; i < 2000; i++)
        both_push(&q, &r, 1000 * uniform());    /* all before what was popped */
    while (r.n)
        both_pop(&q, &r);
    free(r.a);
    close_queue(&q);
}

QUEUE_TEST(empty)
{
    queue q = open_queue(name->s);
    hsf_event ev = make_event(1, 1), out = make_event(7, 7);
    cr_assert_eq(q.type->size(q.state), 0);
    cr_assert_null(q.type->peek(q.state));
    cr_assert_eq(q.type->pop(q.state, &out), 0);
    cr_assert_eq(out.seq, 7, "pop on empty leaves *out alone");
    cr_assert_eq(q.type->push(q.state, &ev, &err), 0);
    cr_assert_eq(q.type->pop(q.state, &out), 1);
    cr_assert_eq(q.type->pop(q.state, &out), 0);
    cr_assert_null(q.type->peek(q.state));
    close_queue(&q);
}

QUEUE_TEST(rejects_times_that_are_not_finite)
{
    queue q = open_queue(name->s);
    hsf_event ok = make_event(1, 1);
    cr_assert_eq(q.type->push(q.state, &ok, &err), 0);
    const double bad[] = { NAN, INFINITY, -INFINITY };
    for (int k = 0; k < 3; k++) {
        hsf_event ev = make_event(bad[k], 2 + (uint64_t)k);
        hsf_error_clear(&err);
        cr_assert_eq(q.type->push(q.state, &ev, &err), -1, "time %g accepted", bad[k]);
        cr_assert_neq(hsf_error_message(&err)[0], '\0', "a refusal says why");
        cr_assert_eq(q.type->size(q.state), 1, "a refused push changes nothing");
    }
    close_queue(&q);
}

QUEUE_TEST(ten_million_and_back)
{
    queue q = open_queue(name->s);
    rng_state = 4242;
    const size_t n = 10000000;
    for (size_t i = 0; i < n; i++) {
        hsf_event ev = make_event(uniform() * 1e6, i + 1);
        cr_assert_eq(q.type->push(q.state, &ev, &err), 0);
    }
    cr_assert_eq(q.type->size(q.state), n);
    hsf_event prev = { .time = -1, .seq = 0 }, ev;
    for (size_t i = 0; i < n; i++) {
        if (!q.type->pop(q.state, &ev))
            cr_assert_fail("ran dry after %zu pops", i);
        if (!hsf_event_before(&prev, &ev))
            cr_assert_fail("out of order at pop %zu", i);
        prev = ev;
    }
    cr_assert_eq(q.type->size(q.state), 0);
    cr_assert_eq(q.type->pop(q.state, &ev), 0);
    close_queue(&q);
}
