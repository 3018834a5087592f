/* Event queue plugins: a priority queue of hsf_event ordered by (time, seq).
 *
 * Write a queue in one file: a state struct, the functions below, a const
 * hsf_queue_type, and HSF_PLUGIN(HSF_PLUGIN_QUEUE, "name", ...).  The host
 * allocates state_size zeroed bytes, calls init, then any sequence of push,
 * pop, peek and size, then fini, and frees the state.  Instances are used
 * from one thread.
 *
 * Contract (checked for hsframe's queues by tests/test_queue_conformance.c,
 * and for any queue plugin by the installed hsframe-queue-check NAME.so):
 *  - pop returns the minimum by hsf_event_before(): smaller time first, equal
 *    times by smaller seq.  Never rely on seq alone or on insertion order.
 *  - push copies the event; it refuses a NaN or infinite time.
 *  - events are opaque except for time and seq; copy all 32 bytes.
 *  - any number of events, from empty to at least 10^7, with times from 0 up
 *    to 1e300 and gaps from 0 up; the engine pushes times that are >= the
 *    last popped time, but a queue must stay correct (if slower) otherwise. */
#ifndef HSFRAME_QUEUE_H
#define HSFRAME_QUEUE_H

#include <stddef.h>
#include <stdint.h>

#include <hsframe/config.h>
#include <hsframe/error.h>
#include <hsframe/event.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct hsf_queue_type {
    /* Bytes of state the host allocates (zeroed) for one instance. */
    size_t state_size;

    /* Prepares the zeroed state q.  cfg is the [queue] section (parameters
     * declared in the plugin's table); size_hint is the expected number of
     * pending events (may be 0).  Returns 0, or -1 with err set; on failure
     * fini is still called. */
    int (*init)(void *q, const hsf_config *cfg, size_t size_hint, hsf_error *err);

    /* Releases everything init and push allocated.  Must accept a state
     * whose init failed part way. */
    void (*fini)(void *q);

    /* Inserts a copy of *ev.  Returns 0, or -1 with err set when the time is
     * not finite or memory is exhausted (the queue is unchanged then). */
    int (*push)(void *q, const hsf_event *ev, hsf_error *err);

    /* Removes the first event into *out and returns 1; returns 0 and leaves
     * *out untouched when the queue is empty. */
    int (*pop)(void *q, hsf_event *out);

    /* The first event without removing it, or NULL when empty.  The pointer
     * is valid until the next push, pop or fini. */
    const hsf_event *(*peek)(void *q);

    /* Number of events held. */
    size_t (*size)(const void *q);

    /* ---- Optional since ABI 1.1: an indexed queue ------------------------
     * Like algs4's IndexMinPQ: at most one entry per key, whose time can be
     * changed in place.  The engine then keys each particle's one event by
     * the particle, changes it when the particle is predicted again and
     * never pushes events that a later prediction would supersede (with
     * push and pop, those wait in the queue to be popped and dropped: about
     * one per collision).  Either all four members are set or none; without
     * them the engine uses push and pop.  One instance is used either
     * through push/pop/peek/size or through these, never both.
     *
     * Order: smaller time first, equal times by smaller seq (the engine's
     * seq is unique per entry), as hsf_event_before.
     *
     * Called once after init, before any other index_ member: prepares keys
     * 0 .. nkeys - 1, none of them held.  Returns 0, or -1 with err set
     * (out of memory). */
    int (*index_init)(void *q, uint32_t nkeys, hsf_error *err);

    /* Holds key at (time, seq): inserts it, or moves it if already held.
     * key < nkeys.  Returns 0, or -1 with err set when time is not finite
     * (the queue is unchanged then). */
    int (*index_set)(void *q, uint32_t key, double time, uint64_t seq, hsf_error *err);

    /* Removes key if held; nothing otherwise. */
    void (*index_remove)(void *q, uint32_t key);

    /* The first key and its time, without removing it: returns 1 and sets
     * *key and *time, or returns 0 (leaving them untouched) when no key is
     * held. */
    int (*index_first)(const void *q, uint32_t *key, double *time);

    /* Optional even when the four above are set (NULL: the host fetches
     * nothing ahead).  Writes up to max keys (max >= 1) that are likely to
     * come first soon after the current first one, as far as the queue
     * knows without work (a heap's top children, say), and returns how
     * many; never the current first, each held, none twice.  Only a hint:
     * with a large system the host reads those keys' particles ahead so
     * that their cache misses overlap the current event.  Any such answer,
     * 0 included, is correct. */
    uint32_t (*index_upcoming)(const void *q, uint32_t *keys, uint32_t max);

    /* ---- Optional since ABI 1.2 ---------------------------------------
     * A hint for indexed queues (NULL: the host asks nothing).  The host
     * calls it for a key it expects to index_set soon (the partner of a
     * collision it has been told is coming, see index_upcoming), a few
     * events ahead: the queue may ask the caches for what that index_set
     * will read (hsf_prefetch from <hsframe/prefetch.h>), so that the
     * cache miss overlaps earlier events instead of stalling the set.  It
     * must not change anything a later call could observe; doing nothing
     * is correct.  key < nkeys, held or not. */
    void (*index_prefetch)(const void *q, uint32_t key);
} hsf_queue_type;

#ifdef __cplusplus
}
#endif

#endif
