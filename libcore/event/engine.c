/* The event loop.
 *
 * Each particle has exactly one scheduled event: the earliest of its
 * predicted pair collisions and wall hits.  With an indexed queue that
 * event is moved in place when the particle is predicted again; with push
 * and pop the old one stays queued and is dropped when it comes out
 * (particle.event_seq no longer matches).  Invalidation by partners is
 * lazy, as in the algs4 CollisionSystem but cheaper: an event is stale if
 * its partner's velocity changed since the prediction, which the engine
 * tells by sequence numbers: every prediction takes the next seq, and a
 * velocity change notes the last one given (body.changed_seq).  So a
 * prediction reads nothing of its candidates but their motion records (a
 * per-partner version stamp would cost a second cache miss for each
 * candidate of a large system).  A stale event whose subject is still scheduled by it is
 * re-predicted from the current time; this is exact because the subject's
 * own path did not change, and any earlier event with a particle whose path
 * did change was predicted by that particle when it changed.
 *
 * Particles keep their own clocks, so an event touches only its one or two
 * particles, and neighbour lists (neighbours.h) limit a prediction to the
 * particles nearby: no event costs O(N).  With [simulation] cells = no
 * there are no lists and every pair is checked, to validate them. */
#include <math.h>
#include <stddef.h>
#include <string.h>
#include <time.h>

#include <hsframe/prefetch.h>

#include "event/audit.h"
#include "shared/boundary_hit.h"
#include "shared/outputs.h"
#include "host/error_private.h"
#include "shared/physics.h"
#include "shared/progress.h"
#include "shared/shear.h"
#include "event/pair_search.h"
#include "event/queue_contents.h"
#include "event/start_pass.h"
#include "shared/system_private.h"
#include "model/model.h"

static int is_particle_event(uint32_t kind)
{
    return kind == HSF_EVENT_PAIR || kind == HSF_EVENT_WALL || kind == HSF_EVENT_CELL;
}

/* Schedules an event.  A particle has one event at a time: with an indexed
 * queue its key is moved, without one the old event stays queued and is
 * recognised as superseded when it comes out (event_seq).  face: for a
 * cell event, the face it leaves through (axis * 2 + (dir > 0)), kept in
 * the event's stamp. */
static int push(hsf_system *sys, double time, uint32_t kind, uint32_t subject,
                uint32_t object, uint32_t face, hsf_error *err)
{
    uint64_t seq = ++sys->next_seq;
    int failed;
    if (sys->indexed) {
        uint32_t key = subject;
        if (is_particle_event(kind)) {
            hsf_body *b = &sys->b[subject];
            b->event_kind = (uint8_t)kind;
            b->event_object = object;
            b->event_seq = seq;
            b->event_face = face & 7;
        } else {
            key = hsf_special_key(sys, kind, object);
            sys->special_seq[key - sys->n] = seq;     /* for a checkpoint */
        }
        failed = sys->queue->index_set(sys->queue_state, key, time, seq, err);
    } else {
        hsf_event ev = { .time = time, .seq = seq, .subject = subject,
                         .object = object, .kind = kind, .stamp = face };
        failed = sys->queue->push(sys->queue_state, &ev, err);
        if (is_particle_event(kind))
            sys->b[subject].event_seq = seq;
    }
    if (failed)
        return hsf_error_prefix(err, "queue %s: ", sys->queue_plugin.info->name);
    return 0;
}

/* Particle i will have no event: free flight forever. */
static void unschedule(hsf_system *sys, uint32_t i)
{
    if (sys->indexed) {
        sys->queue->index_remove(sys->queue_state, i);
        sys->b[i].event_kind = 0;   /* no key held (hsf_queue_check) */
    } else {
        sys->b[i].event_seq = 0;
    }
}

/* Reading ahead (fetch_ahead): what events and the stages read of a
 * particle's body, the 56 bytes from anchor to changed_seq (one or two
 * lines; particle.h).  Asking for cell and event_object alone once missed
 * the line of level in a quarter of the bodies, and a stage stalled on it;
 * asking from cell on missed the anchor's first line in a quarter of them,
 * and the time to leave the neighbourhood (lists) stalled on it. */
_Static_assert(offsetof(hsf_body, anchor) == 0 &&
               offsetof(hsf_body, changed_seq) + sizeof(uint64_t) == 56,
               "the fields fetch_body asks for are contiguous");
static inline void fetch_body(const hsf_body *b)
{
    hsf_prefetch(b);
    hsf_prefetch((const char *)(&b->changed_seq + 1) - 1);
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
static void fetch_neighbourhood(const hsf_system *sys, uint32_t k, int own_event)
{
    const hsf_body *b = &sys->b[k];
    if (sys->search == HSF_SEARCH_LISTS) {
        hsf_prefetch(hsf_nb_block(&sys->nb, k));
        hsf_prefetch(hsf_nb_block(&sys->nb, k) + 64);
    } else if (sys->search == HSF_SEARCH_CELLS) {
        int crossing = own_event && b->event_kind == HSF_EVENT_CELL;
        int axis = crossing ? (int)b->event_face / 2 : 0;
        int dir = crossing ? (b->event_face % 2 ? 1 : -1) : 0;
        if (crossing && sys->keep_partner) {
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
static void fetch_listed(const hsf_system *sys, uint32_t k)
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
static void fetch_ahead(hsf_system *sys)
{
    hsf_ahead *ah = &sys->ahead;
    uint32_t n = (uint32_t)sys->n;
    for (uint32_t a = 0; a < ah->n_layers; a++) {
        const hsf_body *b = &sys->b[ah->layers[a]];
        hsf_cells_layer(&sys->cells, sys->b, ah->layers[a], (int)b->event_face / 2,
                        b->event_face % 2 ? 1 : -1, fetch_members, sys);
    }
    ah->n_layers = 0;
    for (uint32_t a = 0; a < ah->n_partners; a++)
        fetch_neighbourhood(sys, ah->partners[a], 0);
    ah->n_partners = 0;
    for (uint32_t a = 0; a < ah->n_fresh; a++) {
        uint32_t k = ah->fresh[a];
        const hsf_body *b = &sys->b[k];
        if (sys->search == HSF_SEARCH_LISTS) {
            fetch_listed(sys, k);   /* its list was asked for when it was named */
            if (b->event_kind == HSF_EVENT_CELL)    /* a renewal scans the grid */
                hsf_cells_block(&sys->cells, sys->b, k, 0, 0, fetch_slots, NULL);
        } else
            fetch_neighbourhood(sys, k, 1);
        if (b->event_kind == HSF_EVENT_PAIR) {
            uint32_t j = b->event_object;
            hsf_prefetch(&sys->m[j]);
            fetch_body(&sys->b[j]);
            /* A collision counts itself in both bodies, 12 bytes past
             * changed_seq: on a line of its own in a quarter of them
             * (timed at 10^6 discs: a tenth of the counts went to memory). */
            hsf_prefetch(&b->collisions);
            hsf_prefetch(&sys->b[j].collisions);
            if (sys->queue_prefetch)    /* the collision will set j's event */
                sys->queue_prefetch(sys->queue_state, j);
            ah->partners[ah->n_partners++] = j;
        } else if (b->event_kind == HSF_EVENT_CELL && sys->keep_partner) {
            /* A crossing reads the particles of the cells it brings near
             * (next stage) and solves the partner it kept again. */
            ah->layers[ah->n_layers++] = k;
            if (b->event_object != HSF_NONE) {
                hsf_prefetch(&sys->m[b->event_object]);
                hsf_prefetch(&sys->b[b->event_object].changed_seq);  /* all it reads */
            }
        }
    }
    uint32_t named[HSF_AHEAD];
    uint32_t count = sys->queue->index_upcoming(sys->queue_state, named, HSF_AHEAD);
    ah->n_fresh = 0;
    for (uint32_t a = 0; a < count; a++) {
        uint32_t k = named[a], known = k >= n;
        for (uint32_t p = 0; p < ah->n_named; p++)
            known |= ah->named[p] == k;
        if (known)
            continue;
        hsf_prefetch(&sys->m[k]);
        fetch_body(&sys->b[k]);
        if (sys->search == HSF_SEARCH_LISTS)
            fetch_neighbourhood(sys, k, 1);
        ah->fresh[ah->n_fresh++] = k;
    }
    memcpy(ah->named, named, sizeof named);
    ah->n_named = count;
}

/* The next event: popped, or with an indexed queue read in place (it is
 * moved or removed when it has been handled).  Returns 0 when none is left. */
static int next_event(hsf_system *sys, hsf_event *ev)
{
    if (!sys->indexed)
        return sys->queue->pop(sys->queue_state, ev);
    uint32_t key;
    double time;
    if (!sys->queue->index_first(sys->queue_state, &key, &time))
        return 0;
    uint32_t n = (uint32_t)sys->n;
    if (sys->fetch_ahead)
        fetch_ahead(sys);
    if (key < n) {
        const hsf_body *b = &sys->b[key];
        *ev = (hsf_event){ .time = time, .seq = b->event_seq, .subject = key,
                           .object = b->event_object, .kind = b->event_kind,
                           .stamp = b->event_face };
    } else {
        *ev = (hsf_event){ .time = time };
        ev->kind = hsf_special_kind(sys, key, &ev->object);
    }
    return 1;
}

/* A special event of an indexed queue that will not come again. */
static void retire(hsf_system *sys, const hsf_event *ev)
{
    if (sys->indexed)
        sys->queue->index_remove(sys->queue_state, hsf_special_key(sys, ev->kind, ev->object));
}

/* Without lists: time until a particle moving as m (at its own clock)
 * leaves the box through a periodic face, which one in *axis and *dir. */
static double box_exit_time(const hsf_system *sys, const hsf_motion *m, int *axis, int *dir)
{
    double best = INFINITY;
    for (int a = 0; a < sys->dim; a++) {
        if (!sys->periodic[a] || m->v[a] == 0)
            continue;
        double face = m->v[a] > 0 ? sys->hi[a] : sys->lo[a];
        double dt = fmax(0, (face - m->r[a]) / m->v[a]);
        if (dt < best)
            best = dt, *axis = a, *dir = m->v[a] > 0 ? 1 : -1;
    }
    return best;
}

/* Of the block around a particle's cell just after it crossed face (axis,
 * dir) (hsf_cells_block_list order: x fastest, then y, then z), the layer
 * that was not in the block around the cell it left. */
static int new_layer(const hsf_block_cell *block, int cells, int axis, int dir,
                     hsf_block_cell *out)
{
    int count = 0, far = dir > 0 ? 2 : 0;
    for (int k = 0; k < cells; k++) {
        int digit = axis == 0 ? k % 3 : axis == 1 ? k / 3 % 3 : k / 9;
        if (digit == far)
            out[count++] = block[k];
    }
    return count;
}

/* Notes the kept partner j of a crossing as the batch's first candidate,
 * seen through its nearest image: they are closer than a third of the box
 * (sys->keep_partner), and their distance shrinks until they touch. */
static void note_kept_partner(const hsf_system *sys, uint32_t j, pair_search *s)
{
    hsf_pair_batch *pb = &s->batch;
    double rj[3];
    hsf_position_at(&sys->m[j], s->now, rj);
    for (int a = 0; a < 3; a++) {
        double len = sys->cells.len[a];
        double shift = sys->periodic[a] ? len * nearbyint((s->ri[a] - rj[a]) / len) : 0;
        pb->shift[a][pb->n] = shift;
        s->shifted |= shift != 0;
    }
    pb->j[pb->n++] = j;
}

/* A boundary's next_hit answered something no time can be. */
static __attribute__((noinline, cold)) int bad_hit(const hsf_system *sys, uint32_t i, double t,
                                                   hsf_error *err)
{
    return hsf_error_set(err, "boundary %s: next_hit returned %g for particle %u (0-based) at "
                         "t = %.17g: expected a time >= 0, or INFINITY for never",
                         sys->boundary_plugin.info->name, t, i, sys->time);
}

/* Schedules particle i's next event, predicted from the current time: the
 * earliest of its pair collisions with its neighbours, its wall hit and
 * its leaving its neighbourhood (or cell).
 *
 * With cells on a plain grid (sys->keep_partner) the earliest collision
 * after the cell exit is kept too, as the partner of the cell event: when
 * the particle crosses (cross, not NULL), the cells it had around it still
 * hold no earlier collision than with that partner, so only the layer of
 * cells new to it and the partner are searched (3 cells of 9 in 2D, 9 of 27
 * in 3D).  This is correct while the partner's velocity is unchanged since
 * the prediction (cross->seq); otherwise every cell is searched. */
typedef struct crossing {
    int axis, dir;          /* the face crossed */
    uint32_t partner;       /* the kept partner, HSF_NONE if none */
    uint64_t seq;           /* seq of the prediction that kept it */
} crossing;

/* The cells a crossing particle searches: when the crossing kept its
 * partner (it has not changed since), only the layer the crossing brought
 * into reach, with that partner noted as the first candidate; otherwise
 * the whole block. Sets *cells to the number of cells returned. */
__attribute__((always_inline)) static inline const hsf_block_cell *
crossing_cells(const hsf_system *sys, const crossing *cross, const hsf_block_cell *block,
               int *cells, hsf_block_cell *layer, pair_search *s)
{
    if (!cross || !sys->keep_partner ||
        (cross->partner != HSF_NONE && sys->b[cross->partner].changed_seq >= cross->seq))
        return block;
    *cells = new_layer(block, *cells, cross->axis, cross->dir, layer);
    if (cross->partner != HSF_NONE)
        note_kept_partner(sys, cross->partner, s);
    return layer;
}

static HSF_AVX2_CLONES int predict_model(hsf_system *sys, uint32_t i, const crossing *cross,
                                         hsf_error *err);

/* The first wall a particle on path touches, and when (boundary.h).
 * Walls that move: first_hit knows the time, next_hit does not. */
static inline double path_wall_hit(const hsf_system *sys, const hsf_path *path, int *wall)
{
    return __builtin_expect(sys->walls.on, 0)
               ? sys->boundary->first_hit(sys->boundary_state, path, wall)
               : hsf_boundary_hit(sys->boundary, sys->boundary_state, path, wall);
}

/* Built for AVX2 as well, as predict_model is (HSF_AVX2_CLONES, pair_search.h). */
static HSF_AVX2_CLONES int predict(hsf_system *sys, uint32_t i, const crossing *cross,
                                   hsf_error *err)
{
    if (__builtin_expect(sys->model != NULL, 0))
        return predict_model(sys, i, cross, err);
    const hsf_motion *mi = &sys->m[i];
    double now = sys->time, ri[3];
    hsf_position_at(mi, now, ri);
    /* The exit time is measured from the particle's own clock. */
    int axis = 0, dir = 0, wall_free = 0;
    double t_cell = sys->search == HSF_SEARCH_LISTS
                        ? hsf_neighbourhood_exit_time(mi, sys->b[i].anchor, sys->cells.skin)
                    : sys->search == HSF_SEARCH_CELLS
                        ? hsf_cells_exit_time(&sys->cells, mi, &sys->b[i], &axis, &dir, &wall_free)
                        : box_exit_time(sys, mi, &axis, &dir);
    t_cell -= now - mi->t;
    if (t_cell < 0)
        t_cell = 0;
    /* In a cell no wall reaches, the particle leaves the cell before it
     * can touch a wall: the walls are asked only if a partner is kept
     * beyond the exit (below). */
    int wall = -1;
    double t_wall = wall_free ? INFINITY
                              : hsf_boundary_hit_straight(sys->boundary, sys->boundary_state,
                                                          now, ri, mi->v, mi->radius, &wall);
    if (__builtin_expect(!(t_wall >= 0), 0))    /* NaN fails it too */
        return bad_hit(sys, i, t_wall, err);
    /* A pair collision only matters if it comes before the wall and the
     * exit (the particle is predicted again then), or when a partner is
     * kept, before the wall: that bound lets the search dismiss most pairs
     * cheaply.  Ties: wall, then exit, then pair, a fixed rule. */
    double limit = sys->keep_partner || t_wall < t_cell ? t_wall : t_cell;
    pair_search s;
    s.m = sys->m;
    s.b = sys->b;
    s.mi = mi;
    s.now = now;
    s.best = limit;
    s.partner = HSF_NONE;
    s.shifted = 1;
    s.batch.n = 0;
    memcpy(s.ri, ri, sizeof ri);
    if (sys->search == HSF_SEARCH_LISTS) {
        const uint32_t *list = hsf_nb_list(&sys->nb, i);
        const uint8_t *image = hsf_nb_images(&sys->nb, i);
        uint32_t count = *hsf_nb_count(&sys->nb, i);
        /* The list is at hand: read each neighbour as it comes (the
         * loads are independent already), its image's shift straight from
         * the table (the batch's copy is not read on this path). */
        hsf_pair_batch *pb = &s.batch;
        uint32_t n = 0;     /* in a local: pb->j's stores may alias pb->n */
        for (uint32_t k = 0; k < count; k++) {
            pb->j[n] = list[k];
            gather_seen(&s, n, &sys->m[list[k]], sys->shift[image[k]]);
            if (++n == HSF_PAIR_BATCH) {
                pb->n = n;
                solve_gathered(&s);
                n = pb->n;
            }
        }
        pb->n = n;
    } else if (sys->search == HSF_SEARCH_CELLS) {
        hsf_block_cell block[27];
        int cells = hsf_cells_block_list(&sys->cells, sys->b, i, block, &s.shifted);
        if (cells) {
            hsf_block_cell layer[9];
            const hsf_block_cell *scan = crossing_cells(sys, cross, block, &cells, layer, &s);
            scan_block(sys, i, scan, cells, &s);
        } else if (sys->dim == 2) {
            hsf_cells_scan(&sys->cells, sys->m, sys->b, i, consider_now, &s);
        } else {
            hsf_cells_scan(&sys->cells, sys->m, sys->b, i, consider_pair, &s);
        }
    } else {
        consider_all(sys, i, &s);
    }
    if (sys->search == HSF_SEARCH_LISTS)
        solve_gathered(&s);
    else
        solve_batch(&s);
    /* A partner kept beyond the exit of a cell no wall reaches: the walls
     * bound it as they bound the search elsewhere (the same events). */
    if (wall_free && s.partner != HSF_NONE && !(s.best < t_cell)) {
        t_wall = hsf_boundary_hit_straight(sys->boundary, sys->boundary_state, now, ri, mi->v,
                                           mi->radius, &wall);
        if (__builtin_expect(!(t_wall >= 0), 0))
            return bad_hit(sys, i, t_wall, err);
        if (!(s.best < t_wall))
            s.partner = HSF_NONE;
    }
    if (s.partner != HSF_NONE && s.best < t_cell) {
        /* Without reading ahead, the partner's body is a cache miss when
         * the event is checked; asked for now, it is still in a cache of
         * a system that fits in them. */
        if (!sys->fetch_ahead)
            hsf_prefetch(&sys->b[s.partner].changed_seq);
        return push(sys, now + s.best, HSF_EVENT_PAIR, i, s.partner, 0, err);
    }
    if (t_wall <= t_cell && t_wall < INFINITY)
        return push(sys, now + t_wall, HSF_EVENT_WALL, i, (uint32_t)wall, 0, err);
    if (t_cell < INFINITY)
        return push(sys, now + t_cell, HSF_EVENT_CELL, i, s.partner,
                    (uint32_t)(axis * 2 + (dir > 0)), err);
    /* Free flight forever (a kept partner needs a cell event to come). */
    unschedule(sys, i);
    return 0;
}

/* The model path's search in its batched case (hsf_model.batched: no
 * bonds, nothing sliding, no fixed particles in a field): the hard-sphere
 * path's, in batches against each pair's core or outermost step (pairs
 * within a step's reach at once, the scalar way), or, for growing cores,
 * against the core as it grows (hsf_growing_pair_times), and, when nothing
 * grows (hsf_model.plain), the partner kept across a crossing
 * (sys->keep_partner).  s holds i's motion now and the limit.  The same
 * candidates in the same order as hsf_model_search, solved by the same
 * operations: the same event, but for exact ties of two candidates'
 * times. */
static HSF_AVX2_CLONES void search_plain_model(const hsf_system *sys, uint32_t i,
                                               const crossing *cross, pair_search *s)
{
    const hsf_model *md = sys->model;
    s->sys = sys;
    s->m = sys->m;
    s->b = sys->b;
    s->mi = &sys->m[i];
    s->partner = HSF_NONE;
    s->shifted = 1;
    s->batch.n = 0;
    s->species = sys->species;
    s->rules = sys->species && md->n_species > 1 ? &md->rule[sys->species[i] * md->n_species]
                                                 : NULL;
    s->rule = md->rule;
    s->steps = md->steps;
    s->scalar_best = 0;
    s->n_near = 0;
    s->radius = md->radius;
    s->radius_i = md->radius[i];
    s->scale = md->growth.s0;
    s->field = sys->has_field;
    s->cores = !s->rules && !s->steps;
    s->growing = md->growth.on;
    if (s->growing) {
        /* Cores only (hsf_growth_check): gathered at scale 1, solved as
         * they grow, as model_events.c's consider does. */
        s->scale = 1;
        s->grow_scale = hsf_growth_scale(&md->growth, s->now);
        s->grow_rate = md->growth.rate;
    }
    if (sys->search == HSF_SEARCH_LISTS) {
        const uint32_t *list = hsf_nb_list(&sys->nb, i);
        const uint8_t *image = hsf_nb_images(&sys->nb, i);
        uint32_t count = *hsf_nb_count(&sys->nb, i);
        for (uint32_t k = 0; k < count; k += HSF_PAIR_BATCH) {
            gather_model(s, k, count - k < HSF_PAIR_BATCH ? count : k + HSF_PAIR_BATCH, list,
                         image);
            solve_gathered_as(s, 1);
        }
        return;
    }
    hsf_block_cell block[27];
    int cells = hsf_cells_block_list(&sys->cells, sys->b, i, block, &s->shifted);
    if (cells) {
        hsf_block_cell layer[9];
        const hsf_block_cell *scan = crossing_cells(sys, cross, block, &cells, layer, s);
        scan_block_model(sys, i, scan, cells, s);
    } else {
        s->shifted = 1;
        hsf_cells_scan(&sys->cells, sys->m, sys->b, i, consider_pair_model, s);
    }
    solve_batch_model(s);
}

/* The model path's prediction (model/model.h): as predict, but with the
 * radius the model keeps (the motion record holds the reach), the path a
 * parabola in a field, and the search of the model's pair rules; in the
 * plain case (search_plain_model) a partner is kept across cell
 * crossings, as on the hard-sphere path. */
static __attribute__((noinline)) HSF_AVX2_CLONES int
predict_model(hsf_system *sys, uint32_t i, const crossing *cross, hsf_error *err)
{
    if (sys->fixed && sys->fixed[i]) {
        unschedule(sys, i);     /* a fixed particle has no events of its own */
        return 0;
    }
    const hsf_model *md = sys->model;
    const hsf_motion *mi = &sys->m[i];
    double now = sys->time, ri[3], vi[3];
    hsf_motion_at(sys, mi, now, ri, vi);
    const hsf_growth *g = &md->growth;
    double radius = md->radius[i] * hsf_growth_scale(g, now);
    int wall = -1;
    hsf_path path = { .motion = (sys->has_field ? HSF_PATH_FIELD : 0u) |
                                (g->on ? HSF_PATH_GROWING : 0u),
                      .time = now, .radius = radius,
                      .growth = g->on ? md->radius[i] * g->rate : 0 };
    for (int a = 0; a < 3; a++) {
        path.r[a] = ri[a];
        path.v[a] = vi[a];
        path.a[a] = sys->has_field ? sys->gravity[a] : 0;
    }
    /* Lists never serve a field (run.c): a neighbourhood's exit on a
     * parabola is a quartic.  Periodic axes have no field, so a box exit
     * is on a straight line. */
    int axis = 0, dir = 0, wall_free = 0;
    double t_cell;
    if (sys->search == HSF_SEARCH_LISTS)
        t_cell = hsf_neighbourhood_exit_time(mi, sys->b[i].anchor, sys->cells.skin) - (now - mi->t);
    else if (sys->search == HSF_SEARCH_CELLS && sys->has_field)
        t_cell = hsf_cells_exit_time_field(&sys->cells, ri, vi, sys->gravity, &sys->b[i], &axis,
                                           &dir, &wall_free);
    else if (sys->search == HSF_SEARCH_CELLS)
        t_cell = hsf_cells_exit_time(&sys->cells, mi, &sys->b[i], &axis, &dir, &wall_free) -
                 (now - mi->t);
    else
        t_cell = box_exit_time(sys, mi, &axis, &dir) - (now - mi->t);
    if (t_cell < 0)
        t_cell = 0;
    /* In a cell no wall reaches, the particle leaves the cell before it
     * can touch a wall: its path meets the walls only if a partner is kept
     * beyond the exit (below). */
    double t_wall = wall_free ? INFINITY : path_wall_hit(sys, &path, &wall);
    if (__builtin_expect(!(t_wall >= 0), 0))
        return bad_hit(sys, i, t_wall, err);
    double best = t_wall < t_cell ? t_wall : t_cell;
    uint32_t partner = HSF_NONE;
    if (md->batched && sys->search != HSF_SEARCH_ALL) {
        pair_search s;
        memcpy(s.ri, ri, sizeof ri);
        memcpy(s.vi, vi, sizeof vi);
        s.now = now;
        s.best = sys->keep_partner ? t_wall : best;
        search_plain_model(sys, i, cross, &s);
        /* Growing pairs are resolved in the batch (solve_touching). */
        if (s.partner != HSF_NONE && !s.scalar_best && !s.growing &&
            __builtin_expect(unresolved(&s), 0)) {
            s.best = sys->keep_partner ? t_wall : best;
            s.partner = HSF_NONE;
            hsf_model_search(sys, i, ri, vi, now, &s.best, &s.partner);
        }
        best = s.best;
        partner = s.partner;
        if (partner != HSF_NONE && best < t_cell && !sys->fetch_ahead)
            hsf_prefetch(&sys->b[partner].changed_seq);
    } else {
        hsf_model_search(sys, i, ri, vi, now, &best, &partner);
    }
    /* A partner kept beyond the exit of a cell no wall reaches: the walls
     * bound it as they bound the search elsewhere, so that the same
     * partners are kept and the events are the same to the last bit. */
    if (wall_free && partner != HSF_NONE && !(best < t_cell)) {
        t_wall = path_wall_hit(sys, &path, &wall);
        if (__builtin_expect(!(t_wall >= 0), 0))
            return bad_hit(sys, i, t_wall, err);
        if (!(best < t_wall))
            partner = HSF_NONE;
    }
    /* Only a kept partner comes after the cell exit. */
    if (partner != HSF_NONE && best < t_cell)
        return push(sys, now + best, HSF_EVENT_PAIR, i, partner, 0, err);
    if (t_wall <= t_cell && t_wall < INFINITY)
        return push(sys, now + t_wall, HSF_EVENT_WALL, i, (uint32_t)wall, 0, err);
    if (t_cell < INFINITY)
        return push(sys, now + t_cell, HSF_EVENT_CELL, i, partner,
                    (uint32_t)(axis * 2 + (dir > 0)), err);
    unschedule(sys, i);
    return 0;
}

/* Moves a particle along its path to time t: a straight line, or in a
 * field a parabola (whose velocity changes too). */
static inline void advance(const hsf_system *sys, hsf_motion *m, double t)
{
    if (__builtin_expect(sys->has_field, 0))
        hsf_motion_at(sys, m, t, m->r, m->v);
    else
        hsf_position_at(m, t, m->r);
    m->t = t;
}


/* Queues the compression's rescale event at time t (the one queued
 * before is superseded: moved with an indexed queue, recognised by its
 * seq with push and pop). */
static int push_rescale(hsf_system *sys, double t, hsf_error *err)
{
    if (push(sys, t, HSF_EVENT_RESCALE, 0, 0, 0, err))
        return -1;
    sys->model->growth.rescale_seq = sys->next_seq;
    return 0;
}

/* A pair event under the model layer (model.h), both advanced to now: a
 * core collision (counted as a collision), a step crossed or bounced at,
 * or a graze that changes nothing (only i is predicted again; j's own
 * event stands). */
static __attribute__((noinline)) int do_model_pair(hsf_system *sys, uint32_t i, uint32_t j,
                                                   hsf_error *err)
{
    hsf_event_info info;
    int outcome = hsf_model_pair_event(sys, i, j, &info, err);
    if (outcome < 0)
        return -1;
    if (outcome == HSF_OUTCOME_NONE)
        return predict(sys, i, NULL, err);
    /* A fixed partner is unchanged: the events others have with it stand. */
    sys->b[i].changed_seq = sys->next_seq;
    if (!sys->fixed || !sys->fixed[j])
        sys->b[j].changed_seq = sys->next_seq;
    if (outcome == HSF_OUTCOME_CORE) {
        sys->b[i].collisions++;
        sys->b[j].collisions++;
        sys->stats.collisions++;
    }
    sys->stats.virial += info.virial;
    if (predict(sys, i, NULL, err) || predict(sys, j, NULL, err))
        return -1;
    hsf_growth *g = &sys->model->growth;
    if (outcome == HSF_OUTCOME_CORE && g->on && ++g->since_rescale == g->rescale_every &&
        push_rescale(sys, sys->time, err))
        return -1;
    return sys->event_mask & HSF_EVENT_MASK(info.kind) ? hsf_outputs_notify(sys, &info, err) : 0;
}

static int do_pair(hsf_system *sys, const hsf_event *ev, hsf_error *err)
{
    uint32_t i = ev->subject, j = ev->object;
    /* Both neighbour lists and the partner's motion are needed soon: ask
     * for them now, so that their cache misses overlap. */
    if (sys->search == HSF_SEARCH_LISTS) {
        hsf_prefetch(hsf_nb_block(&sys->nb, i));
        hsf_prefetch(hsf_nb_block(&sys->nb, j));
        hsf_prefetch(hsf_nb_block(&sys->nb, i) + 64);
        hsf_prefetch(hsf_nb_block(&sys->nb, j) + 64);
    }
    hsf_prefetch(&sys->m[j]);
    if (sys->b[j].changed_seq >= ev->seq) {
        sys->stats.stale_events++;
        return predict(sys, i, NULL, err);
    }
    if (sys->search == HSF_SEARCH_CELLS && sys->fetch_blocks) {
        hsf_cells_block(&sys->cells, sys->b, i, 0, 0, fetch_members, sys);
        hsf_cells_block(&sys->cells, sys->b, j, 0, 0, fetch_members, sys);
    }
    hsf_motion *mi = &sys->m[i], *mj = &sys->m[j];
    advance(sys, mi, ev->time);
    advance(sys, mj, ev->time);
    if (__builtin_expect(sys->model != NULL, 0))
        return do_model_pair(sys, i, j, err);
    double dr[3];
    hsf_separation(sys, mi->r, mj->r, dr);
    hsf_event_info info = { .kind = HSF_EVENT_PAIR, .time = ev->time, .i = i, .j = j };
    info.impulse = hsf_pair_collide(dr, mi->v, mj->v, sys->b[i].mass, sys->b[j].mass,
                                    &info.virial);
    sys->b[i].changed_seq = sys->b[j].changed_seq = sys->next_seq;
    sys->b[i].collisions++;
    sys->b[j].collisions++;
    sys->stats.collisions++;
    sys->stats.virial += info.virial;
    /* j's candidates arrive while i is predicted. */
    if (sys->search == HSF_SEARCH_LISTS) {
        const uint32_t *list = hsf_nb_list(&sys->nb, j);
        for (uint32_t k = 0, count = *hsf_nb_count(&sys->nb, j); k < count; k++)
            hsf_prefetch(&sys->m[list[k]]);
    }
    if (predict(sys, i, NULL, err) || predict(sys, j, NULL, err))
        return -1;
    if (!(sys->event_mask & HSF_EVENT_MASK(HSF_EVENT_PAIR)))
        return 0;
    memcpy(info.dr, dr, sizeof dr);
    return hsf_outputs_notify(sys, &info, err);
}

/* A growing particle leaves a wall faster than its surface grows: twice
 * the growth speed along the wall's inward normal, on top of the
 * reflection.  The work of the growth is that impulse, 2 m g, times the
 * speed at which the surface leaves the wall, vn + g (vn the reflected
 * normal speed), taken from the reflection and not from the push, so
 * that a push of any other size shows in the energy balance.  Returns the
 * extra impulse given to the wall. */
static double grow_off_wall(hsf_system *sys, uint32_t i, int wall)
{
    hsf_model *md = sys->model;
    hsf_motion *mi = &sys->m[i];
    double n[3], growth = md->radius[i] * md->growth.rate, mass = sys->b[i].mass;
    sys->boundary->normal(sys->boundary_state, wall, mi->r, n);
    double vn = hsf_dot(mi->v, n);
    for (int a = 0; a < sys->dim; a++)
        mi->v[a] += 2 * growth * n[a];
    md->growth.work += 2 * mass * growth * (vn + growth);
    return 2 * mass * growth;
}

/* A rough wall: the tangential impulse on top of the reflection, which
 * turns the particle (model/spin.h); what it takes is dissipated. */
static void rough_wall(hsf_system *sys, uint32_t i, int wall, double jn)
{
    double n[3];
    sys->boundary->normal(sys->boundary_state, wall, sys->m[i].r, n);
    sys->model->dissipated += hsf_spin_wall(sys, i, n, jn);
}

/* A hit on a wall that may move (boundary.h, wall_velocity): in the
 * wall's frame, the kinetic energy gained counted as the walls' work.
 * Returns collide's impulse. */
static __attribute__((noinline)) double collide_moving(hsf_system *sys, uint32_t i,
                                                       const hsf_event *ev)
{
    hsf_motion *mi = &sys->m[i];
    double u[3] = { 0, 0, 0 }, mass = sys->b[i].mass, k0 = hsf_dot(mi->v, mi->v);
    sys->boundary->wall_velocity(sys->boundary_state, (int)ev->object, ev->time, mi->r, u);
    for (int a = 0; a < 3; a++)
        mi->v[a] -= u[a];
    double impulse = sys->boundary->collide(sys->boundary_state, (int)ev->object, mi->r, mi->v,
                                            mass);
    for (int a = 0; a < 3; a++)
        mi->v[a] += u[a];
    sys->walls.work += 0.5 * mass * (hsf_dot(mi->v, mi->v) - k0);
    return impulse;
}

static int do_wall(hsf_system *sys, const hsf_event *ev, hsf_error *err)
{
    uint32_t i = ev->subject;
    hsf_motion *mi = &sys->m[i];
    advance(sys, mi, ev->time);
    hsf_event_info info = { .kind = HSF_EVENT_WALL, .time = ev->time, .i = i, .j = ev->object };
    /* Moving walls take the model path: the hard-sphere path tests no more
     * than it did (the model's test below is the same). */
    if (__builtin_expect(sys->model != NULL, 0) && sys->walls.on)
        info.impulse = collide_moving(sys, i, ev);
    else
        info.impulse = sys->boundary->collide(sys->boundary_state, (int)ev->object, mi->r, mi->v,
                                              sys->b[i].mass);
    if (!isfinite(mi->v[0]) || !isfinite(mi->v[1]) || !isfinite(mi->v[2]) ||
        (sys->dim == 2 && mi->v[2] != 0) || !isfinite(info.impulse))
        return hsf_error_set(err, "boundary %s: collide with wall %u left particle %u "
                             "(0-based) at t = %.17g with velocity (%g, %g, %g) and impulse %g: "
                             "expected finite numbers%s", sys->boundary_plugin.info->name,
                             ev->object, i, ev->time, mi->v[0], mi->v[1], mi->v[2],
                             info.impulse, sys->dim == 2 ? " and vz = 0 in 2D" : "");
    if (__builtin_expect(sys->model != NULL, 0)) {
        if (sys->model->spin.wall_rough)
            rough_wall(sys, i, (int)ev->object, info.impulse);
        if (sys->model->growth.on)
            info.impulse += grow_off_wall(sys, i, (int)ev->object);
    }
    sys->b[i].changed_seq = sys->next_seq;
    sys->b[i].collisions++;
    sys->stats.wall_hits++;
    sys->stats.wall_impulse += info.impulse;
    if (predict(sys, i, NULL, err))
        return -1;
    return sys->event_mask & HSF_EVENT_MASK(HSF_EVENT_WALL) ? hsf_outputs_notify(sys, &info, err) : 0;
}

/* Whether particle i's cell is on the box's face (axis, dir). */
static int leaves_box(const hsf_system *sys, uint32_t i, int axis, int dir)
{
    const hsf_cell_level *l = &sys->cells.level[sys->b[i].level];
    int32_t x[3];
    hsf_cell_coords(l, sys->b[i].cell, x);
    return dir > 0 ? x[axis] == (int32_t)l->n[axis] - 1 : x[axis] == 0;
}

/* The subject reached the edge of its neighbourhood: a new one around it.
 * Without lists, it reached the face of its cell, or without cells a
 * periodic face of the box, and comes back in on the other side. */
static int do_cell(hsf_system *sys, const hsf_event *ev, hsf_error *err)
{
    uint32_t i = ev->subject;
    int axis = (int)ev->stamp / 2, dir = ev->stamp % 2 ? 1 : -1;
    advance(sys, &sys->m[i], ev->time);
    sys->stats.cell_crossings++;
    if (sys->search == HSF_SEARCH_LISTS) {
        /* A particle that strayed across a sheared box's gradient face
         * comes back as the image it is (shear.h) before it is wrapped. */
        if (__builtin_expect(sys->shear.on, 0) && hsf_shear_come_back(sys, i))
            sys->b[i].changed_seq = sys->next_seq;
        hsf_cells_reanchor(&sys->cells, sys->m, sys->b, i);
        if (hsf_neighbours_renew(&sys->nb, &sys->cells, sys->m, sys->b, i, err))
            return -1;
    } else if (__builtin_expect(sys->shear.on, 0) && axis == sys->shear.gradient &&
               leaves_box(sys, i, axis, dir)) {
        hsf_shear_cross(sys, i, dir);
        sys->b[i].changed_seq = sys->next_seq;  /* its velocity changed */
    } else if (sys->search == HSF_SEARCH_CELLS) {
        hsf_cells_cross(&sys->cells, sys->m, sys->b, i, axis, dir);
        crossing cross = { .axis = axis, .dir = dir, .partner = ev->object, .seq = ev->seq };
        return predict(sys, i, &cross, err);
    } else {
        sys->m[i].r[axis] = dir > 0 ? sys->lo[axis] : sys->hi[axis];
        sys->b[i].image[axis] += dir;
    }
    return predict(sys, i, NULL, err);
}

/* Time reversal: every particle is brought to now and turned round, and
 * its next event predicted afresh (the events already queued become stale:
 * predict renews event_seq, and changed_seq voids those with partners).
 * Exact dynamics would retrace the path; round-off makes it diverge, which
 * is what a user of reverse_at measures. */
static int do_reverse(hsf_system *sys, hsf_error *err)
{
    for (uint32_t i = 0; i < sys->n; i++) {
        hsf_motion *m = &sys->m[i];
        advance(sys, m, sys->time);
        for (int a = 0; a < 3; a++)
            m->v[a] = -m->v[a];
        sys->b[i].changed_seq = sys->next_seq;
    }
    for (uint32_t i = 0; i < sys->n; i++)
        if (predict(sys, i, NULL, err))
            return -1;
    return 0;
}

int hsf_engine_set_velocity(hsf_system *sys, uint32_t i, const double v[3], hsf_error *err)
{
    if (sys->fixed && sys->fixed[i])
        return 0;               /* fixed particles keep still (a bath's draw too) */
    hsf_motion *m = &sys->m[i];
    advance(sys, m, sys->time);
    double before = hsf_dot(m->v, m->v);
    for (int a = 0; a < 3; a++)
        m->v[a] = a < sys->dim ? v[a] : 0;
    sys->heat += 0.5 * sys->b[i].mass * (hsf_dot(m->v, m->v) - before);
    sys->b[i].changed_seq = sys->next_seq;
    return predict(sys, i, NULL, err);
}

/* The thermostat's event, and its next one if before the end. */
static int do_thermostat(hsf_system *sys, hsf_error *err)
{
    hsf_control c = { .sys = sys, .err = err };
    double next = INFINITY;
    const char *name = sys->thermostat_plugin.info->name;
    sys->thermostat_events++;
    if (sys->thermostat->fire(sys->thermostat_state, &c, &next, err) || c.failed)
        return hsf_error_prefix(err, "[thermostat] (%s): at t = %.17g: ", name, sys->time);
    if (!(next > sys->time))
        return hsf_error_set(err, "[thermostat] (%s): fire at t = %.17g gave its next event "
                             "at %g: expected a later time, or INFINITY for none", name,
                             sys->time, next);
    if (next < sys->end_time)
        return push(sys, next, HSF_EVENT_THERMOSTAT, 0, 0, 0, err);
    hsf_event done = { .kind = HSF_EVENT_THERMOSTAT };
    retire(sys, &done);
    return 0;
}

/* The compression's rescale (model.h, hsf_growth_rescale): every
 * particle brought to now, the pressure measured and the velocities
 * rescaled, the grid rebuilt when the radii outgrow it, and everything
 * predicted anew (the growth and the velocities changed).  A jammed
 * packing ends the run; so does a prelude that reached its target. */
static int do_rescale(hsf_system *sys, const hsf_event *ev, hsf_error *err)
{
    if (!sys->indexed && ev->seq != sys->model->growth.rescale_seq) {
        sys->stats.stale_events++;      /* superseded by a later request */
        return 0;
    }
    for (uint32_t i = 0; i < sys->n; i++)
        advance(sys, &sys->m[i], sys->time);
    double next;
    hsf_rescale_action action = hsf_growth_rescale(sys, &next);
    if (action == HSF_RESCALE_REGRID) {
        hsf_cells_free(&sys->cells);
        if (hsf_cells_build(&sys->cells, sys->m, sys->b, sys->n, sys->dim, sys->lo, sys->hi,
                            sys->periodic, sys->search != HSF_SEARCH_ALL, 0, 0, err))
            return -1;
        hsf_system_mark_wall_free(sys);
    }
    for (uint32_t i = 0; i < sys->n; i++)
        sys->b[i].changed_seq = sys->next_seq;
    for (uint32_t i = 0; i < sys->n; i++)
        if (predict(sys, i, NULL, err))
            return -1;
    if (action == HSF_RESCALE_STOP)
        return push(sys, sys->time, HSF_EVENT_STOP, 0, 0, 0, err);
    if (next < sys->end_time)
        return push_rescale(sys, next, err);
    hsf_event done = { .kind = HSF_EVENT_RESCALE };
    retire(sys, &done);
    return 0;
}


/* A sheared box's images have slid by shear.slide since the last slide
 * event: every particle whose search reaches across the gradient faces is
 * predicted again (shared/shear.h), its neighbour list renewed first, and
 * the next slide is queued.  The slide events fall at whole multiples of
 * the period, so that a resumed run queues the same ones. */
static int do_slide(hsf_system *sys, hsf_error *err)
{
    for (uint32_t i = 0; i < sys->n; i++)
        if (hsf_shear_near_faces(sys, i) &&
            ((sys->search == HSF_SEARCH_LISTS &&
              hsf_neighbours_renew(&sys->nb, &sys->cells, sys->m, sys->b, i, err)) ||
             predict(sys, i, NULL, err)))
            return -1;
    double next = (nearbyint(sys->time / sys->shear.period) + 1) * sys->shear.period;
    if (next < sys->end_time)
        return push(sys, next, HSF_EVENT_SLIDE, 0, 0, 0, err);
    hsf_event done = { .kind = HSF_EVENT_SLIDE };
    retire(sys, &done);
    return 0;
}

/* Samples output k and schedules its next sample if it falls before the end
 * (the final sample at end_time is taken after the loop). */
static int do_sample(hsf_system *sys, uint32_t k, hsf_error *err)
{
    hsf_output_slot *o = &sys->out[k];
    if (hsf_output_sample(sys, o, err))
        return -1;
    double next = (double)++o->next_k * o->interval;
    if (next < sys->end_time)
        return push(sys, next, HSF_EVENT_SAMPLE, 0, k, 0, err);
    hsf_event done = { .kind = HSF_EVENT_SAMPLE, .object = k };
    retire(sys, &done);
    return 0;
}

/* The overlap audit (audit.h), and with it the check that the queue holds
 * every event it was given; then the next audit, if before the end. */
static int do_audit(hsf_system *sys, hsf_error *err)
{
    if (hsf_audit_check(sys, err) || hsf_queue_check(sys, err))
        return -1;
    double next = (double)++sys->audit_k * sys->audit_every;
    if (next < sys->end_time)
        return push(sys, next, HSF_EVENT_AUDIT, 0, 0, 0, err);
    hsf_event done = { .kind = HSF_EVENT_AUDIT };
    retire(sys, &done);
    return 0;
}

/* Particle i's first event from the start pass's pick (start_pass.h):
 * what predict(sys, i, NULL, err) would push, by predict's rules, or
 * predict itself for the picks the pass leaves to it. */
static int push_first(hsf_system *sys, uint32_t i, hsf_error *err)
{
    double found;
    uint32_t partner = hsf_start_pass_take(sys, i, &found);
    if (partner == HSF_START_REDO)
        return predict(sys, i, NULL, err);
    hsf_start_limits l;
    hsf_start_limits_of(sys, i, &l);
    if (!(l.t_wall >= 0))
        return predict(sys, i, NULL, err);      /* which says what is wrong */
    double best = l.limit;
    if (partner != HSF_NONE) {
        /* The pass had no limit: a collision after it is none, one
         * within HSF_START_CLOSE of it predict decides. */
        if (found < l.limit * (1 - HSF_START_CLOSE))
            best = found;
        else if (found > l.limit * (1 + HSF_START_CLOSE))
            partner = HSF_NONE;
        else
            return predict(sys, i, NULL, err);
    }
    double now = sys->time;
    if (partner != HSF_NONE && best < l.t_cell)
        return push(sys, now + best, HSF_EVENT_PAIR, i, partner, 0, err);
    if (l.t_wall <= l.t_cell && l.t_wall < INFINITY)
        return push(sys, now + l.t_wall, HSF_EVENT_WALL, i, (uint32_t)l.wall, 0, err);
    if (l.t_cell < INFINITY)
        return push(sys, now + l.t_cell, HSF_EVENT_CELL, i, partner,
                    (uint32_t)(l.axis * 2 + (l.dir > 0)), err);
    unschedule(sys, i);
    return 0;
}

/* Every particle's first event, in the order of the particles (their
 * events' seqs are predict's): from one pass over the pairs where it
 * applies (start_pass.h), else by predict. */
static int predict_all_first(hsf_system *sys, hsf_error *err)
{
    if (!sys->start_pass || hsf_start_pass_run(sys)) {
        for (uint32_t i = 0; i < sys->n; i++)
            if (predict(sys, i, NULL, err))
                return -1;
        return 0;
    }
    for (uint32_t i = 0; i < sys->n; i++)
        if (push_first(sys, i, err)) {
            hsf_start_pass_clear(sys, i + 1);
            return -1;
        }
    return 0;
}

static int schedule_start(hsf_system *sys, hsf_error *err)
{
    /* The stop event goes in first, so that at end_time it pops before
     * anything scheduled later for the same time. */
    if (push(sys, sys->end_time, HSF_EVENT_STOP, 0, 0, 0, err))
        return -1;
    if (sys->reverse_at >= 0 && sys->reverse_at < sys->end_time &&
        push(sys, sys->reverse_at, HSF_EVENT_REVERSE, 0, 0, 0, err))
        return -1;
    sys->audit_k = 1;
    if (sys->audit_every > 0 && sys->audit_every < sys->end_time &&
        push(sys, sys->audit_every, HSF_EVENT_AUDIT, 0, 0, 0, err))
        return -1;
    if (hsf_outputs_begin(sys, err))
        return -1;
    for (size_t k = 0; k < sys->n_out; k++)
        if (sys->out[k].interval > 0 && push(sys, 0, HSF_EVENT_SAMPLE, 0, (uint32_t)k, 0, err))
            return -1;
    if (predict_all_first(sys, err))
        return -1;
    if (sys->model && sys->model->growth.on) {
        hsf_growth *g = &sys->model->growth;
        double first = (g->s_cap - g->s0) / g->rate;
        if (first < sys->end_time && push_rescale(sys, first, err))
            return -1;
    }
    if (sys->shear.on && sys->shear.period < sys->end_time &&
        push(sys, sys->shear.period, HSF_EVENT_SLIDE, 0, 0, 0, err))
        return -1;
    if (sys->thermostat) {
        hsf_control c = { .sys = sys, .err = err };
        double first = sys->thermostat->start(sys->thermostat_state, &c);
        if (c.failed || !(first >= 0))
            return c.failed ? -1 : hsf_error_set(err, "[thermostat] (%s): start gave its first "
                                                 "event at %g: expected a time >= 0, or "
                                                 "INFINITY", sys->thermostat_plugin.info->name,
                                                 first);
        if (first < sys->end_time && push(sys, first, HSF_EVENT_THERMOSTAT, 0, 0, 0, err))
            return -1;
    }
    return 0;
}

double hsf_seconds_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

/* Between events: a stop asked for by a signal or at stop_at (events) or
 * sys->stop_time, and checkpoints that are due.  Returns 0 to go on,
 * HSF_ENGINE_STOPPED or -1. */
static int between_events(hsf_system *sys, uint64_t stop_at, hsf_error *err)
{
    if ((sys->stop && *sys->stop) ||
        (sys->checkpoint && (sys->stats.events >= stop_at || sys->time >= sys->stop_time))) {
        if (!sys->checkpoint)
            return hsf_error_set(err, "interrupted at t = %.17g; no output was written",
                                 sys->time);
        return sys->checkpoint(sys, sys->checkpoint_ctx, 1, err) < 0 ? -1 : HSF_ENGINE_STOPPED;
    }
    /* The clock is read every 256 events: often enough when events are
     * slow (all pairs, 1 ms per 256 events), a fraction of a nanosecond
     * per event when they are fast. */
    if (sys->checkpoint && !(sys->stats.events & 0xff) &&
        hsf_seconds_now() >= sys->checkpoint_due) {
        int rc = sys->checkpoint(sys, sys->checkpoint_ctx, 0, err);
        return rc < 0 ? -1 : rc ? HSF_ENGINE_STOPPED : 0;
    }
    return 0;
}

static __attribute__((noinline, cold)) int out_of_order(const hsf_system *sys,
                                                        const hsf_event *ev, hsf_error *err)
{
    return hsf_error_set(err, "queue %s gave an event for t = %.17g (seq %llu) after the time "
                         "had reached %.17g: events out of order",
                         sys->queue_plugin.info->name, ev->time, (unsigned long long)ev->seq,
                         sys->time);
}

int hsf_engine_run(hsf_system *sys, int resumed, hsf_error *err)
{
    if (!resumed && schedule_start(sys, err))
        return -1;
    sys->loop_began = hsf_seconds_now();
    const uint64_t stop_at = sys->stop_events ? sys->stats.events + sys->stop_events : UINT64_MAX;
    hsf_event ev;
    for (;;) {
        int between = between_events(sys, stop_at, err);
        if (between)
            return between;
        if (!next_event(sys, &ev))
            break;
        if (__builtin_expect(ev.time < sys->time, 0))
            return out_of_order(sys, &ev, err);
        sys->stats.events++;
        sys->time = ev.time;
        int rc = 0;
        switch (ev.kind) {
        case HSF_EVENT_PAIR:
        case HSF_EVENT_WALL:
        case HSF_EVENT_CELL:
            if (!sys->indexed && sys->b[ev.subject].event_seq != ev.seq) {
                sys->stats.stale_events++;      /* superseded by a later prediction */
                continue;
            }
            rc = ev.kind == HSF_EVENT_PAIR   ? do_pair(sys, &ev, err)
                 : ev.kind == HSF_EVENT_WALL ? do_wall(sys, &ev, err)
                                             : do_cell(sys, &ev, err);
            break;
        case HSF_EVENT_SAMPLE:
            rc = do_sample(sys, ev.object, err);
            break;
        case HSF_EVENT_REVERSE:
            retire(sys, &ev);
            rc = do_reverse(sys, err);
            break;
        case HSF_EVENT_AUDIT:
            rc = do_audit(sys, err);
            break;
        case HSF_EVENT_THERMOSTAT:
            rc = do_thermostat(sys, err);
            break;
        case HSF_EVENT_RESCALE:
            rc = do_rescale(sys, &ev, err);
            break;
        case HSF_EVENT_SLIDE:
            rc = do_slide(sys, err);
            break;
        case HSF_EVENT_STOP:
            goto finished;
        }
        if (sys->progress && !(sys->stats.events & 0xffff))
            hsf_progress_tick(sys->progress, sys);
        if (rc)
            return -1;
    }
    return hsf_error_set(err, "queue %s lost events: it ran dry at t = %.17g, before the stop "
                         "event at t = %.17g", sys->queue_plugin.info->name, sys->time,
                         sys->end_time);
finished:
    sys->time = ev.time;    /* end_time, or earlier: a jammed packing */
    if (hsf_queue_check_final(sys, err))
        return -1;
    return hsf_outputs_finish(sys, err);
}
