/* Events: what the engine schedules in an event queue. */
#ifndef HSFRAME_EVENT_H
#define HSFRAME_EVENT_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Kinds of event.  Values are stable; new kinds are appended. */
typedef enum hsf_event_kind {
    HSF_EVENT_PAIR = 1,     /* two particles touch: subject, object */
    HSF_EVENT_WALL = 2,     /* subject hits wall number object of the boundary */
    HSF_EVENT_CELL = 3,     /* subject leaves its neighbourhood: its neighbour list is renewed */
    HSF_EVENT_SAMPLE = 4,   /* output number object takes a sample */
    HSF_EVENT_STOP = 5,     /* the run ends */
    HSF_EVENT_REVERSE = 6,  /* every velocity is reversed ([simulation] reverse_at) */
    HSF_EVENT_AUDIT = 7,    /* the overlap audit ([simulation] audit_every; since ABI 1.3) */
    HSF_EVENT_STEP = 8,     /* for outputs only (queued as PAIR): subject and object cross or
                               bounce at a step of their stepped potential or at their bond's
                               length (interaction.h; since ABI 1.4) */
    HSF_EVENT_THERMOSTAT = 9,   /* the thermostat's event (thermostat.h; since ABI 1.5; never
                                   given to on_event) */
    HSF_EVENT_RESCALE = 10,     /* a rescale of the compression ([compression]; since ABI 1.5;
                                   never given to on_event) */
    HSF_EVENT_SLIDE = 11        /* a sheared box's images have slid by a cell: the particles
                                   near its gradient faces are predicted again (boundary.h,
                                   sliding; since ABI 1.5; queued only by hsframe 0.4.0,
                                   whose checkpoints hold it; never given to on_event) */
} hsf_event_kind;

/* One scheduled event, 32 bytes, copied by value into and out of queues.
 *
 * A queue must order events by time, then by seq, and must not interpret
 * any other field: the engine gives every event a unique, increasing seq, so
 * (time, seq) is a total order and every correct queue pops the same events
 * in the same order.  That is what makes a trajectory independent of the
 * queue plugin, bit for bit. */
typedef struct hsf_event {
    double time;        /* simulated time of the event; finite */
    uint64_t seq;       /* unique insertion number: tie breaker */
    uint32_t subject;   /* engine data: usually a particle index */
    uint32_t object;    /* engine data: partner, wall or output index */
    uint32_t kind;      /* engine data: an hsf_event_kind */
    uint32_t stamp;     /* engine data (a cell event: the face it leaves through) */
} hsf_event;

/* 1 if a comes before b in the (time, seq) order, else 0. */
static inline int hsf_event_before(const hsf_event *a, const hsf_event *b)
{
    return a->time < b->time || (a->time == b->time && a->seq < b->seq);
}

/* What an output's on_event callback is told about a processed collision.
 * PAIR is a collision of two hard cores (elastic or not); STEP an event at
 * a step of a stepped potential or at a bond's length, which outputs that
 * count collisions (the mean free path) do not want. */
typedef struct hsf_event_info {
    uint32_t kind;      /* HSF_EVENT_PAIR, HSF_EVENT_WALL or HSF_EVENT_STEP */
    double time;        /* simulated time */
    uint32_t i;         /* first particle (0-based) */
    uint32_t j;         /* partner particle for PAIR and STEP, wall number for WALL */
    double impulse;     /* magnitude of the momentum exchanged (mass*length/time) */
    double virial;      /* PAIR, STEP: impulse vector onto i . (r_i - r_j) at the event, for
                           the pressure (negative when the pair is pulled together) */
    /* Since ABI 1.5 (read it only when the plugin declares 1.5 or later;
     * the host always fills it):
     * PAIR, STEP: r_i - r_j at the event, through the periodic image the
     * pair met at (length); 0 for WALL.  The impulses are central, so the
     * impulse vector onto i is virial * dr / |dr|^2, and a pair's share of
     * the stress tensor is virial * dr_a dr_b / |dr|^2 (the stress
     * output). */
    double dr[3];
} hsf_event_info;

/* Bit for kind k in an output's event subscription mask. */
#define HSF_EVENT_MASK(k) (1u << (k))

#ifdef __cplusplus
}
#endif

#endif
