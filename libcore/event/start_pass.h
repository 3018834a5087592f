/* The first prediction of every particle, one pass over the pairs
 * (private to libhsframe; start.c, hsf_event_schedule_start).
 *
 * At the start of a run every particle is predicted; predict() finds each
 * pair from both sides, scanning 3^d cells (or its list) per particle and
 * reading each candidate's record twice.  This pass meets each pair once:
 * with cells, a particle against those after it in its own cell and those
 * in the forward half of the neighbouring cells (4 of 8 in 2D, 13 of 26 in
 * 3D); with lists, against the entries after it.  It solves the pair for
 * each particle from that particle's own operands, exactly as predict does
 * (relative_motion, hsf_pair_times: same operations in the same order),
 * once for both when the two computations are provably the same bits
 * (start_pass.c, pair).
 *
 * Predict keeps the first earliest candidate of its scan order, and its
 * bounds dismiss candidates in an order the pass does not follow.  So the
 * pass keeps only the picks it can prove predict makes: a particle whose
 * earliest collision comes within a relative HSF_START_CLOSE of another of
 * its collisions or of its limit (the wall hit, or the exit from its cell
 * or neighbourhood) is left to predict, and so is a particle in a cell on
 * the edge of a non-periodic axis (its search is not the plain block).
 * Then for every particle the event pushed, its time and its seq are
 * predict's, so every trajectory is the same to the bit.  Only for the
 * hard-sphere path (no model) with cells on a plain grid or with neighbour
 * lists; elsewhere schedule_start predicts every particle as before.
 *
 * No memory of its own but a fixed batch: each particle's running pick is
 * kept in two fields of its slot in the engine (state.h) that wait idle
 * until its first event is pushed, seq (the partner) and changed_seq
 * (the bits of the time).  Both are 0 from hsf_event_prepare until then,
 * and hsf_start_pass_take gives them back as 0. */
#ifndef HSF_START_PASS_H
#define HSF_START_PASS_H

#include <stdint.h>

#include "event/state.h"
#include "shared/system_private.h"

/* A pick that predict must make (see above). */
#define HSF_START_REDO (UINT32_MAX - 1)

/* Relative gap below which two times count as too close to order without
 * predict's own scan: far above the rounding of the formula (a few ulps). */
#define HSF_START_CLOSE 0x1p-30

/* What predict computes of particle i before its pair search, at the
 * system's time and in predict's operations: the wall hit (t_wall, wall;
 * t_wall not >= 0 is a boundary's bad answer), the exit from its
 * neighbourhood or cell (t_cell, axis, dir), both as times from now, and
 * the bound a collision must beat (limit), given whether the engine keeps
 * a partner across cell crossings (keep_partner). */
typedef struct hsf_start_limits {
    double t_wall, t_cell, limit;
    int wall, axis, dir;
} hsf_start_limits;

void hsf_start_limits_of(const hsf_system *sys, int keep_partner, uint32_t i,
                         hsf_start_limits *out);

/* Runs the pass at sys->time, before any particle's first event is
 * pushed, into the idle fields of the engine's slots (sys->n of them; see
 * above).  Returns 0, or -1 when it does not apply (search of all pairs, a
 * model, shear, a grid that is not plain) or memory for its batch is
 * short: then the slots are untouched and every particle is left to
 * predict. */
int hsf_start_pass_run(const hsf_system *sys, hsf_event_slot *slot);

/* Particle i's pick from the pass: its partner (HSF_NONE: it meets none;
 * HSF_START_REDO: predict must decide) and in *best the time from now of
 * that collision, whatever i's limit.  Gives the slot's fields back as
 * they were (0): call it once per particle, before pushing its event. */
uint32_t hsf_start_pass_take(hsf_event_slot *slot, uint32_t i, double *best);

/* Gives back the fields of the slots of particles from to n - 1 (a start
 * that failed part way, before taking their picks). */
void hsf_start_pass_clear(hsf_event_slot *slot, uint32_t from, size_t n);

#endif
