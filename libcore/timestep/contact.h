/* Hard-disc contact for the time-step engine (private to libhsframe): at
 * the end of a step, every pair found overlapping and approaching collides
 * elastically (the impulse of the event-driven engine, along the line of
 * centres as they are then); and since the steps hide what happened in
 * between, each step also counts the pairs whose straight paths touched
 * during it but that are apart again at its end: collisions missed.
 *
 * Pairs are found through a grid rebuilt at every step, whose cells are at
 * least the largest diameter plus twice the largest displacement of the
 * step: two particles that touched during the step lie in neighbouring
 * cells at its end.  With fewer than 3 cells along an axis every pair is
 * checked. */
#ifndef HSF_CONTACT_H
#define HSF_CONTACT_H

#include <stddef.h>
#include <stdint.h>

#include <hsframe/error.h>

struct hsf_system;

typedef struct hsf_contact_grid {
    uint32_t n[3];          /* cells per axis (1 beyond dim); 0: all pairs */
    double side[3];
    uint32_t *head;         /* first particle of each cell, UINT32_MAX when empty */
    uint32_t *next;         /* n: next particle in the same cell */
    size_t cells_allocated;
    size_t particles_allocated;
} hsf_contact_grid;

typedef struct hsf_contact_stats {
    uint64_t resolved;      /* pairs found overlapping and approaching: collided, late */
    uint64_t missed;        /* pairs whose paths touched in a step, apart at its end */
    double delay_sum;       /* sum over resolved pairs of (end of step - contact time) / dt */
    double max_overlap;     /* largest (sigma - distance) / sigma at the end of a step */
} hsf_contact_stats;

/* One pass over the pairs at the end of a step of length dt.  r and v are
 * the positions (inside the extent) and velocities after the step, shift
 * each particle's displacement during it (3 n each); radii and masses are
 * the system's; bonded pairs (sys->bonds) are skipped.  Updates v of colliding
 * pairs, the system's counters and the outputs subscribed to pair events
 * (at sys->time).  Returns the number of collisions, or -1 with err set
 * (an output failed, out of memory). */
long hsf_contact_step(hsf_contact_grid *g, struct hsf_system *sys, const double *r, double *v,
                      const double *shift, double dt, hsf_contact_stats *cs, hsf_error *err);

/* Frees the grid; g may be zeroed. */
void hsf_contact_free(hsf_contact_grid *g);

#endif
