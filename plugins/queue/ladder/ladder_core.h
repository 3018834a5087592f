/* The ladder plugin's structure (ladder_core.c), shared by its push/pop
 * and indexed forms: nodes named by 32-bit indices, each held in Top (an
 * array), a rung's bucket or Bottom (lists), and, with back_links, unlinked
 * from any of them in O(1).  The caller owns the node storage's contents
 * (the events) and decides which nodes are in use; the ladder links them.
 * Private to the plugin. */
#ifndef HSF_LADDER_CORE_H
#define HSF_LADDER_CORE_H

#include <stddef.h>
#include <stdint.h>

#include <hsframe/error.h>
#include <hsframe/event.h>

#define LD_NIL UINT32_MAX
#define LD_THRES 50             /* the paper's THRES: Bottom and bucket size that spawns */
#define LD_MAX_RUNGS 8          /* the paper's cap on rungs */
#define LD_NONE UINT32_MAX      /* where of a node not held */

typedef struct ld_node {
    hsf_event ev;       /* only time and seq are read */
    uint32_t next;
    uint32_t prev;      /* kept in buckets only when the ladder unlinks (back_links) */
    uint32_t bucket;    /* in a rung: the bucket's index; in Top: the place in top */
    uint32_t where;     /* a rung (0 .. LD_MAX_RUNGS - 1), LD_TOP, LD_BOTTOM or LD_NONE */
} ld_node;

/* A bucket: the head of its list (LD_NIL: empty).  Pushes go in front, so
 * that filing touches the bucket and the new node only. */
typedef uint32_t ld_bucket;

typedef struct ld_rung {
    double start;       /* bucket i holds floor((t - start) * inv) == i, clamped to the rung */
    double inv;         /* 1 / bucket width */
    uint32_t nb;        /* buckets */
    uint32_t cur;       /* buckets before cur are consumed (empty) */
} ld_rung;

typedef struct ld_ladder {
    ld_node *node;      /* node storage, cap nodes (the caller's indices) */
    uint32_t cap;
    ld_bucket *big;     /* the first rung's buckets: big_cap >= cap, >= LD_THRES */
    uint32_t big_cap;
    uint32_t *top;      /* Top: node indices, unsorted, room for cap; every time > top_start */
    int back_links;     /* maintain prev in buckets, for ld_unlink of any node */
    ld_bucket small[(LD_MAX_RUNGS - 1) * LD_THRES];    /* the other rungs' */

    size_t n;           /* nodes held */
    uint32_t ntop;
    double top_start, top_min, top_max;
    ld_rung rung[LD_MAX_RUNGS];
    uint32_t nrungs;
    uint32_t bot, bot_tail; /* Bottom: sorted by (time, seq) */
    uint32_t nbot;
    uint32_t ahead;     /* a node of the next bucket to be taken, or LD_NIL (a hint) */
} ld_ladder;

/* Prepares a zeroed ladder, holding nothing. */
void ld_init(ld_ladder *l);

/* Frees the storage. */
void ld_free(ld_ladder *l);

/* Makes room for nodes 0 .. cap - 1 (their contents kept).  Returns 0, or
 * -1 with err set (what names the queue in the message) and nothing
 * changed that matters when out of memory. */
int ld_reserve(ld_ladder *l, uint32_t cap, const char *what, hsf_error *err);

/* Files node k, whose ev.time (finite) and ev.seq are set and which is
 * not held. */
void ld_insert(ld_ladder *l, uint32_t k);

/* Unlinks node k, which is held.  Any node when back_links is set (before
 * any insertion); otherwise only the first one, as ld_first returns it. */
void ld_unlink(ld_ladder *l, uint32_t k);

/* The first node by (time, seq), or LD_NIL when nothing is held.  Moves
 * events down the ladder until Bottom holds the first one. */
uint32_t ld_first(ld_ladder *l);

#endif
