/* Neighbour lists (private to libhsframe).
 *
 * Every particle owns a neighbourhood: a sphere (disc in 2D) of radius
 * radius + skin around its anchor, which it does not leave; when it would,
 * it is re-anchored where it is (in a sheared box ahead of it along its
 * drift, within the skin: shear.h, hsf_shear_anchor_lead) and its list
 * renewed (an HSF_EVENT_CELL event).  Two particles can touch only if their neighbourhoods overlap,
 * and they overlap only if each is in the other's list: the engine looks
 * for collisions only among list members, about 3 in 2D and 12 in 3D at
 * moderate densities instead of the contents of 3^d cells, and a particle
 * crosses no cell faces between renewals.  The idea is the "bounding
 * sphere" near-neighbour list of A. Donev, S. Torquato and F. H.
 * Stillinger, J. Comput. Phys. 202, 737 (2005); M. Isobe, Int. J. Mod. Phys.
 * C 10, 1281 (1999) gives the same for cells.
 *
 * Lists are symmetric at all times: a renewal removes the particle from its
 * old neighbours' lists and adds it to its new ones'.  Each entry carries
 * the periodic image of the neighbour as seen from the owner, fixed while
 * both anchors stay (cells.c keeps the skin small enough for one image).
 * In a sheared box the images across the gradient faces slide: the engine
 * sees list members through the nearest image then (shear.h), and a list
 * renewed near those faces holds the images that slide within reach for
 * one slide period (shear.h): it is renewed when the period is out
 * (hsf_neighbours.until) if its particle has not left its neighbourhood
 * before. */
#ifndef HSF_NEIGHBOURS_H
#define HSF_NEIGHBOURS_H

#include <math.h>
#include <stddef.h>
#include <stdint.h>

#include <hsframe/error.h>

#include "shared/cells.h"
#include "io/particle.h"

/* Particle i's list is one block of stride bytes, aligned to 64: its
 * count (uint32), then cap image codes (uint8, 2 bits per axis, see
 * hsf_image_shift), then cap neighbour indices (uint32).  One block per
 * particle, read whole by every prediction: one or two cache lines. */
typedef struct hsf_neighbours {
    size_t n;               /* particles */
    size_t stride;          /* bytes per block, a multiple of 64 */
    uint32_t cap;           /* entries per block, a multiple of 4; grows when one fills */
    unsigned char *blocks;
    const struct hsf_system *sheared;   /* a sheared box's system (shear.h), else NULL:
                                           searches go through its sliding images */
    uint32_t *mark;         /* a renewal's scratch, one per particle: where each old
                               neighbour was in the list, under the renewal's tag */
    uint32_t renewals;      /* counts renewals, for the tag */
    double *until;          /* a sheared box's lists, one per particle: the time its
                               list holds the sliding images for (its renewal near the
                               gradient faces plus shear.period; INFINITY away from
                               them), else NULL */
    uint64_t *near;         /* with until, a bit per particle: its until is finite.  Every
                               prediction in a sheared box asks; these n / 8 bytes stay
                               cached where until (8 n) would miss (hsf_nb_set_until) */
} hsf_neighbours;

static inline unsigned char *hsf_nb_block(const hsf_neighbours *nb, uint32_t i)
{
    return nb->blocks + (size_t)i * nb->stride;
}

/* Particle i's count, image codes and neighbours. */
static inline uint32_t *hsf_nb_count(const hsf_neighbours *nb, uint32_t i)
{
    return (uint32_t *)(void *)hsf_nb_block(nb, i);
}

static inline uint8_t *hsf_nb_images(const hsf_neighbours *nb, uint32_t i)
{
    return hsf_nb_block(nb, i) + sizeof(uint32_t);
}

static inline uint32_t *hsf_nb_list(const hsf_neighbours *nb, uint32_t i)
{
    return (uint32_t *)(void *)(hsf_nb_block(nb, i) + sizeof(uint32_t) + nb->cap);
}

/* Whether particle i's list holds sliding images until a finite time
 * (nb->until[i]; a sheared box's lists only). */
static inline int hsf_nb_near(const hsf_neighbours *nb, uint32_t i)
{
    return (int)(nb->near[i / 64] >> (i % 64) & 1);
}

/* Sets nb->until[i] to t (time units; INFINITY away from the gradient
 * faces) and its bit in nb->near. */
static inline void hsf_nb_set_until(hsf_neighbours *nb, uint32_t i, double t)
{
    uint64_t bit = (uint64_t)1 << (i % 64);
    nb->until[i] = t;
    nb->near[i / 64] = t != INFINITY ? nb->near[i / 64] | bit : nb->near[i / 64] & ~bit;
}

/* Builds every list from the anchors filed in cells.  sheared: the system
 * of a sheared box (shear.h), whose lists then hold every particle whose
 * neighbourhood a sliding image brings within reach in the slide period
 * from now (its slide along the flow taken off their distance; until
 * notes when that is out), else NULL.  Returns 0, or -1 with err set (out
 * of memory). */
int hsf_neighbours_build(hsf_neighbours *nb, const hsf_cells *cells, const hsf_motion *m,
                         const hsf_body *b, size_t n, const struct hsf_system *sheared,
                         hsf_error *err);
void hsf_neighbours_free(hsf_neighbours *nb);

/* Renews particle i's list after its anchor moved (hsf_cells_reanchor):
 * leaves its old neighbours' lists, joins its new ones'.  Returns 0, or -1
 * with err set (out of memory). */
int hsf_neighbours_renew(hsf_neighbours *nb, const hsf_cells *cells, const hsf_motion *m,
                         const hsf_body *b, uint32_t i, hsf_error *err);

/* Replaces every list by a copy of blocks, n blocks of stride bytes as
 * saved from an hsf_neighbours of the same particles (a checkpoint).
 * Returns 0, or -1 with err set (out of memory, or a stride no list
 * could have). */
int hsf_neighbours_restore(hsf_neighbours *nb, size_t stride, const void *blocks,
                           hsf_error *err);

/* Time until a particle moving as m (at its own clock) leaves its
 * neighbourhood around anchor; INFINITY at rest. */
double hsf_neighbourhood_exit_time(const hsf_motion *m, const double anchor[3], double skin);

/* The shift to add to a neighbour's position for image code k. */
static inline void hsf_image_shift(uint8_t k, const double len[3], double shift[3])
{
    for (int a = 0; a < 3; a++, k >>= 2)
        shift[a] = (k & 1) ? len[a] : (k & 2) ? -len[a] : 0.0;
}

#endif
