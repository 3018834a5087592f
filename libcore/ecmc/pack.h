/* The chains' copy of the discs in 2D, cell by cell (private to the
 * engine, ecmc.h).
 *
 * A lift reads the positions of the discs in six cells.  Through the
 * core's grid that is a cell's index and then each disc's record, one
 * cache line for each: past the second level cache (some 10^4 discs and
 * more) the chain waits on memory for every candidate.  Here each cell of
 * the core's plain 2D grid keeps its discs' positions, radii and indices
 * side by side (the x of its slots, then y, then the radii and the
 * indices), so that a cell's candidates are one line; a crossing moves a
 * slot to the next cell, which is near.  During chains this copy is the
 * state: sys->m, the bodies' cells and the core's grid are brought up to
 * date from it by hsf_ecmc_pack_sync, before anything else reads them
 * (outputs, audits, checkpoints, the end).
 *
 * The discs of a cell are kept in the order the core's grid keeps them
 * (its slots, then its overflow chain, entered at the chain's head:
 * shared/cells.c), so that a chain meets its candidates, and breaks
 * exact ties, as it would through the grid, and a grid written to a
 * checkpoint and read back gives the same copy. */
#ifndef HSF_ECMC_PACK_H
#define HSF_ECMC_PACK_H

#include <stddef.h>
#include <stdint.h>

#include "shared/system_private.h"

typedef struct hsf_ecmc_pack {
    uint32_t n[2];          /* cells per axis: the core grid's */
    uint32_t grid_slots;    /* the core grid's slots per cell (its order, above) */
    uint32_t cap;           /* slots per cell here; grows when a cell is full */
    size_t stride;          /* bytes per cell: cap x, cap y, cap radii, cap indices */
    unsigned char *data;    /* the cells, 64-byte aligned */
    uint16_t *fill;         /* discs in each cell */
    uint32_t *where;        /* each disc's cell */
    size_t n_cells, n_discs;
    int same_radius;        /* every disc has the same radius */
} hsf_ecmc_pack;

/* Cell c's x of its slots; y, radii and indices follow (below). */
static inline double *hsf_pack_x(const hsf_ecmc_pack *p, uint32_t c)
{
    return (double *)(void *)(p->data + (size_t)c * p->stride);
}

static inline uint32_t *hsf_pack_id(const hsf_ecmc_pack *p, const double *x)
{
    return (uint32_t *)(uintptr_t)(x + 3 * p->cap);
}

/* Whether the grid is the plain 2D one the copy serves: one level, every
 * axis periodic with at least 3 cells (a side is at least a diameter, so
 * that a disc meets another before it leaves its cell only in its own
 * column and the next, in the rows on either side). */
int hsf_ecmc_pack_serves(const hsf_system *sys);

/* Builds the copy from sys (positions, radii, the core's grid, filed by
 * position).  Returns 0, or -1 with err set (out of memory).  p is
 * zeroed or built; a built one is freed first. */
int hsf_ecmc_pack_build(hsf_ecmc_pack *p, const hsf_system *sys, hsf_error *err);

void hsf_ecmc_pack_free(hsf_ecmc_pack *p);

/* Writes the copy back: positions into sys->m, each disc's cell into
 * sys->b, and the core's grid, so that sys is what a chain through it
 * would have left. */
void hsf_ecmc_pack_sync(const hsf_ecmc_pack *p, hsf_system *sys);

/* Takes slot k out of cell c, moving the others as the core's grid does. */
void hsf_ecmc_pack_remove(hsf_ecmc_pack *p, uint32_t c, uint32_t k);

/* Files disc id at (x, y) with its radius in cell c, where the core's
 * grid would; returns its slot.  A full cell makes every cell larger (on
 * a failed allocation the program stops with a message: the chain cannot
 * be cut off in the middle). */
uint32_t hsf_ecmc_pack_insert(hsf_ecmc_pack *p, uint32_t c, double x, double y, double radius,
                              uint32_t id);

/* Disc id's slot in cell c (it must be there). */
static inline uint32_t hsf_ecmc_pack_slot(const hsf_ecmc_pack *p, uint32_t c, uint32_t id)
{
    const uint32_t *ids = hsf_pack_id(p, hsf_pack_x(p, c));
    uint32_t k = 0;
    while (ids[k] != id)
        k++;
    return k;
}

#endif
