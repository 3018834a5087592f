/* Reading ahead (private to libhsframe): with an indexed queue that names
 * the events coming next (hsf_event_engine.fetch_ahead), the engine asks
 * the caches for what those events will read, stages apart, so that the
 * misses of a system larger than the caches overlap the events before.
 * Static inline: the loop's next_event (schedule.h) and do_pair
 * (particle_events.h) take them in. */
#ifndef HSF_EVENT_READ_AHEAD_H
#define HSF_EVENT_READ_AHEAD_H

#include <stddef.h>
#include <string.h>

#include <hsframe/prefetch.h>

#include "event/state.h"

/* Reading ahead (fetch_ahead): what events and the stages read of a
 * particle: its body, all 64 bytes of it (one or two lines; particle.h),
 * and its slot in the engine (state.h).  Asking for cell alone once missed
 * the line of level in a quarter of the bodies, and a stage stalled on it;
 * asking from cell on missed the anchor's first line in a quarter of them,
 * and the time to leave the neighbourhood (lists) stalled on it. */
_Static_assert(sizeof(hsf_body) == 64, "fetch_body asks for both ends of a body");
static inline void fetch_body(const hsf_event_engine *e, uint32_t k)
{
    const hsf_body *b = &e->sys->b[k];
    hsf_prefetch(b);
    hsf_prefetch((const char *)(b + 1) - 1);
    hsf_prefetch(&e->slot[k]);
}

/* Reading ahead (fetch_ahead): one cell. */
__attribute__((always_inline)) static inline void fetch_cell(void *ctx, const hsf_cell_level *l,
                                                             uint32_t cell)
{
    (void)ctx;
    hsf_prefetch(hsf_cell_at(l, cell));
}

/* Reading ahead (fetch_ahead): one cell and its slots' anchors, what a
 * list renewal's scan reads of it (hsf_slot_offsets).  At 32000 spheres at
 * 0.45 the scan otherwise waited on these loads for most of its time. */
__attribute__((always_inline)) static inline void fetch_slots(void *ctx, const hsf_cell_level *l,
                                                              uint32_t cell)
{
    (void)ctx;
    hsf_prefetch(hsf_cell_at(l, cell));
    if (l->offsets) {
        const float *first = hsf_slot_offsets(l, cell);
        hsf_prefetch(first);
        hsf_prefetch(first + 3 * hsf_cell_slots(l) - 1);   /* the z row's end */
    }
}

/* Reading ahead: the records of one cell's particles, as far as its slots
 * hold them (a sparse grid's cell holds the first of a chain). */
__attribute__((always_inline)) static inline void fetch_members(void *ctx,
                                                                const hsf_cell_level *l,
                                                                uint32_t cell)
{
    const hsf_system *sys = ctx;
    const uint32_t *c = hsf_cell_at(l, cell);
    uint32_t slots = hsf_cell_slots(l);
    if (!slots && c[0] != HSF_NONE)
        hsf_prefetch(&sys->m[c[0]]);
    for (uint32_t q = 0; q < slots && q < c[0]; q++)
        hsf_prefetch(&sys->m[c[2 + q]]);
}

/* Asks the caches for the start of what particle k's predictions will
 * read: its neighbour list, or the cells around it (around where its own
 * event, a cell crossing, takes it, if own_event). */
static inline void fetch_neighbourhood(const hsf_event_engine *e, uint32_t k, int own_event)
{
    const hsf_system *sys = e->sys;
    const hsf_body *b = &sys->b[k];
    const hsf_event_slot *sl = &e->slot[k];
    if (sys->search == HSF_SEARCH_LISTS) {
        hsf_prefetch(hsf_nb_block(&sys->nb, k));
        hsf_prefetch(hsf_nb_block(&sys->nb, k) + 64);
    } else if (sys->search == HSF_SEARCH_CELLS) {
        int crossing = own_event && sl->kind == HSF_EVENT_CELL && sl->face != HSF_FACE_WINDOW;
        int axis = crossing ? (int)sl->face / 2 : 0;
        int dir = crossing ? (sl->face % 2 ? 1 : -1) : 0;
        if (crossing && e->keep_partner) {
            /* The crossing writes the cell it leaves and the one it
             * enters, and searches the layer beyond. */
            const hsf_cell_level *l = &sys->cells.level[b->level];
            hsf_prefetch_write(hsf_cell_at(l, b->cell));
            hsf_prefetch_write(hsf_cell_at(l, hsf_cell_beyond(l, b->cell, axis, dir)));
            hsf_cells_layer(&sys->cells, sys->b, k, axis, dir, fetch_cell, NULL);
        } else
            hsf_cells_block(&sys->cells, sys->b, k, axis, dir, fetch_cell, NULL);
    }
}

/* Reading ahead (fetch_ahead): the records of the particles on k's list,
 * which the prediction of k gathers.  The list was asked for one stage
 * before.  At 32000 spheres at 0.45 the gathering otherwise waited on
 * these records for a fifth of its time: the prediction of an event's
 * subject starts with them, and the out-of-order core reaches only a few
 * candidates ahead. */
static inline void fetch_listed(const hsf_system *sys, uint32_t k)
{
    const uint32_t *list = hsf_nb_list(&sys->nb, k);
    for (uint32_t q = 0, count = *hsf_nb_count(&sys->nb, k); q < count; q++)
        hsf_prefetch(&sys->m[list[q]]);
}

/* Asks the caches for what the next few events will read, in stages one
 * event apart, each using what the one before brought: the records of the
 * particles whose events the queue names as coming next; then their
 * neighbourhoods (list or cells) and their partners' records; then the
 * partners' neighbourhoods, and for a crossing the records of the
 * particles in the layer of cells it brings near.  In a system larger than the caches each of
 * these is a miss; this way they overlap the events before instead of
 * following each other (2D gas of 10^6 discs: the neighbourhood stage gives
 * 1.3 to 1.5 times the collision rate of the records alone).  Each key is
 * fetched once, when the queue first names it: more requests in flight than
 * the core can track would be dropped.  hsf_prefetch, not
 * __builtin_prefetch: GCC deleted fetch_neighbourhood, which only
 * prefetches (hsframe/prefetch.h). */
static inline void fetch_ahead(hsf_event_engine *e)
{
    hsf_system *sys = e->sys;
    hsf_ahead *ah = &e->ahead;
    uint32_t n = (uint32_t)sys->n;
    for (uint32_t a = 0; a < ah->n_layers; a++) {
        const hsf_event_slot *sl = &e->slot[ah->layers[a]];
        hsf_cells_layer(&sys->cells, sys->b, ah->layers[a], (int)sl->face / 2,
                        sl->face % 2 ? 1 : -1, fetch_members, sys);
    }
    ah->n_layers = 0;
    for (uint32_t a = 0; a < ah->n_partners; a++)
        fetch_neighbourhood(e, ah->partners[a], 0);
    ah->n_partners = 0;
    for (uint32_t a = 0; a < ah->n_fresh; a++) {
        uint32_t k = ah->fresh[a];
        const hsf_event_slot *sl = &e->slot[k];
        if (sys->search == HSF_SEARCH_LISTS) {
            fetch_listed(sys, k);   /* its list was asked for when it was named */
            if (sl->kind == HSF_EVENT_CELL)     /* a renewal scans the grid */
                hsf_cells_block(&sys->cells, sys->b, k, 0, 0, fetch_slots, NULL);
        } else
            fetch_neighbourhood(e, k, 1);
        if (sl->kind == HSF_EVENT_PAIR) {
            uint32_t j = sys->b[k].event_object;
            hsf_prefetch(&sys->m[j]);
            fetch_body(e, j);   /* with the collision's count */
            if (e->queue_prefetch)    /* the collision will set j's event */
                e->queue_prefetch(e->queue_state, j);
            ah->partners[ah->n_partners++] = j;
        } else if (sl->kind == HSF_EVENT_CELL && e->keep_partner &&
                   sl->face != HSF_FACE_WINDOW) {
            /* A crossing reads the particles of the cells it brings near
             * (next stage) and solves the partner it kept again. */
            ah->layers[ah->n_layers++] = k;
            uint32_t j = sys->b[k].event_object;
            if (j != HSF_NONE) {
                hsf_prefetch(&sys->m[j]);
                hsf_prefetch(&e->slot[j].changed_seq);   /* all it reads */
            }
        }
    }
    uint32_t named[HSF_AHEAD];
    uint32_t count = e->queue->index_upcoming(e->queue_state, named, HSF_AHEAD);
    ah->n_fresh = 0;
    for (uint32_t a = 0; a < count; a++) {
        uint32_t k = named[a], known = k >= n;
        for (uint32_t p = 0; p < ah->n_named; p++)
            known |= ah->named[p] == k;
        if (known)
            continue;
        hsf_prefetch(&sys->m[k]);
        fetch_body(e, k);
        if (sys->search == HSF_SEARCH_LISTS)
            fetch_neighbourhood(e, k, 1);
        ah->fresh[ah->n_fresh++] = k;
    }
    memcpy(ah->named, named, sizeof named);
    ah->n_named = count;
}

#endif
