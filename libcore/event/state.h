/* The event-driven engine's own state (private to libhsframe): its queue
 * and how it uses it, the sequence numbers that tell stale events, the
 * reading ahead.  The system (shared/system_private.h) holds what every
 * engine shares; this holds what only the event engine uses, and reaches
 * the system through sys.  Made by hsf_event_prepare (setup.h) once the
 * particles are in the system, from the [queue] plugin the run bound
 * before (hsf_event_bind_queue); freed by hsf_event_free. */
#ifndef HSF_EVENT_STATE_H
#define HSF_EVENT_STATE_H

#include <stdint.h>

#include <hsframe/queue.h>

#include "event/pair_law.h"
#include "event/queue_record.h"
#include "host/config_private.h"
#include "host/plugin_instance.h"
#include "host/plugin_loader.h"
#include "shared/system_private.h"

/* What the engine reads ahead for the events the queue says come next
 * (read_ahead.h, fetch_ahead): the keys it named last, those of them it named
 * for the first time, and their partners. */
#define HSF_AHEAD 4
typedef struct hsf_ahead {
    uint32_t named[HSF_AHEAD], n_named;
    uint32_t fresh[HSF_AHEAD], n_fresh;
    uint32_t partners[HSF_AHEAD], n_partners;
    uint32_t layers[HSF_AHEAD], n_layers;   /* crossings whose new cells were asked for */
} hsf_ahead;

/* Each particle's part of the engine: its one scheduled event (with an
 * indexed queue, which holds only its time and seq, the rest is here but
 * for its object) and when its velocity last changed.  The engine's array
 * of them (slot) is the engine's alone: another engine's particles have
 * none. */
typedef struct hsf_event_slot {
    uint64_t seq : 56;      /* the event's seq (2^56 predictions: centuries at 10^7 per
                               second); 0 without an indexed queue: none scheduled */
    uint64_t kind : 5;      /* its kind; 0 with an indexed queue: no key held */
    uint64_t face : 3;      /* the face a cell event leaves through (axis * 2 + (dir > 0)),
                               or HSF_FACE_WINDOW; for a collision 1 + the pair's shell
                               when its prediction told it, else 0 (predict_model.c,
                               find_model) */
    uint64_t changed_seq;   /* the engine's last seq given when the particle's velocity
                               last changed: an event predicted with it as partner is
                               stale unless its seq is above this (schedule.h) */
} hsf_event_slot;
/* A cell event's face when the particle crosses no face: a sheared box's
 * search near the gradient faces saw the sliding images as far as they
 * slide in shear.period, and that time is up: the particle is predicted
 * again where it is (particle_events.h, do_cell). */
#define HSF_FACE_WINDOW 6u

/* The event's object (partner, wall, or a crossing's kept partner) is the
 * body's event_object (io/particle.h): it fills the body's padding. */

typedef struct hsf_event_engine {
    hsf_system *sys;        /* the system it moves (the run's; not owned) */

    /* The queue the loop uses: the [queue] plugin's, or the recorder
     * standing before it ([queue] record). */
    const hsf_queue_type *queue;
    void *queue_state;
    int indexed;            /* the queue is used through its index_ members */
    int fetch_ahead;        /* and its index_upcoming hint is used */
    int fetch_blocks;       /* with fetch_ahead and cells: a collision asks for the records
                               of both particles' blocks (setup.c, FETCH_BLOCKS_3D_FROM) */
    int keep_partner;       /* cells on a plain grid: a cell event keeps the earliest
                               collision after it (predict.c) */
    hsf_pair_law law;       /* how events are predicted and executed (pair_law.h) */
    void (*queue_prefetch)(const void *q, uint32_t key);   /* with fetch_ahead: the
                               queue's index_prefetch hint, or NULL */
    uint64_t next_seq;      /* the last seq given to a prediction */
    hsf_event_slot *slot;   /* sys->n records, 0 until the first events are scheduled;
                               made by hsf_event_prepare, freed by hsf_event_free */
    uint64_t *special_seq;  /* with an indexed queue, the seq of each special key's event
                               (key - n), which a checkpoint writes with its time */
    hsf_ahead ahead;
    int start_pass;         /* [simulation] start_pass (start_pass.h) */
    /* While the two predictions after a step event of the model path run
     * (law_model.c): the pair, and its shell after the event, which those
     * predictions take for the pair on the step instead of asking the
     * table (pair_model.h, solve_wells).  HSF_NONE at other times. */
    uint32_t met[2];
    unsigned met_shell;

    /* [queue]: the plugin, its section, its state, and the recorder. */
    hsf_instance queue_instance;   /* the plugin, its section, its state (recorded or not) */
    hsf_queue_record *record;   /* [queue] record, or NULL */
} hsf_event_engine;

/* With an indexed queue, the key of an event that is not a particle's:
 * the particles are keys 0 to n - 1, then come the stop, the reversal,
 * each output's samples, the audit, the thermostat and the compression's
 * rescale and the sheared box's slide (HSF_SPECIAL_KEYS of them). */
#define HSF_SPECIAL_KEYS(sys) ((sys)->n_out + 6)
static inline uint32_t hsf_special_key(const hsf_system *sys, uint32_t kind, uint32_t object)
{
    uint32_t n = (uint32_t)sys->n, after = n + 2 + (uint32_t)sys->n_out;
    return kind == HSF_EVENT_STOP         ? n
           : kind == HSF_EVENT_REVERSE    ? n + 1
           : kind == HSF_EVENT_AUDIT      ? after
           : kind == HSF_EVENT_THERMOSTAT ? after + 1
           : kind == HSF_EVENT_RESCALE    ? after + 2
           : kind == HSF_EVENT_SLIDE      ? after + 3
                                          : n + 2 + object;
}

/* The kind and object of special key key (>= n). */
static inline uint32_t hsf_special_kind(const hsf_system *sys, uint32_t key, uint32_t *object)
{
    uint32_t n = (uint32_t)sys->n, after = n + 2 + (uint32_t)sys->n_out;
    *object = key >= n + 2 ? key - n - 2 : 0;
    return key == n           ? HSF_EVENT_STOP
           : key == n + 1     ? HSF_EVENT_REVERSE
           : key == after     ? HSF_EVENT_AUDIT
           : key == after + 1 ? HSF_EVENT_THERMOSTAT
           : key == after + 2 ? HSF_EVENT_RESCALE
           : key == after + 3 ? HSF_EVENT_SLIDE
                              : HSF_EVENT_SAMPLE;
}

/* Runs the event loop from time 0 to end_time: schedules every particle's
 * first event and the outputs' samples, processes events, takes the final
 * samples and calls the outputs' end.  resumed: the state was restored from
 * a checkpoint (hsf_checkpoint_read), with its events queued and the
 * outputs restored: the loop goes on from there.  Returns 0,
 * HSF_ENGINE_STOPPED (sys->checkpoint wrote a checkpoint and asked to
 * stop), or -1 with err set when a plugin fails while running. */
int hsf_engine_run(hsf_event_engine *e, int resumed, hsf_error *err);

/* Gives particle i velocity v at the current time: moves it to now,
 * counts the change of kinetic energy in sys->heat and predicts its
 * events anew.  as_viewed: v is the velocity of the particle's view
 * (system.h, hsf_system_particle: a particle strayed across a sheared
 * box's gradient faces is seen as its image inside), else of its record.
 * Returns 0, or -1 with err set (a plugin failed). */
int hsf_engine_set_velocity(hsf_event_engine *e, uint32_t i, const double v[3], int as_viewed,
                            hsf_error *err);

#endif
