/* A sheared box: Lees-Edwards images (boundary.h, sliding), private to
 * libhsframe.
 *
 * The image of the box one period up along the gradient axis g is
 * displaced along the flow axis f by the offset rate * L_g * t (modulo
 * L_f) and moves rate * L_g faster along f (Lees and Edwards, J. Phys. C
 * 5, 1921 (1972)).  Everything that looks through a periodic face along g
 * goes through here: the separation of two particles, a cell search, a
 * particle crossing a gradient face.
 *
 * The images slide under the cell grid, so a search across the gradient
 * faces also reaches the cells the images will slide past in the next
 * shear.period.  With cells, such a search runs out a period after it
 * (a cell event through no face, HSF_FACE_WINDOW): its particle is
 * predicted again then, unless an event of its own came first; with
 * neighbour lists, each list renewed near them runs out a period after
 * its renewal (hsf_neighbours.until), and is renewed then if its
 * particle has not left its neighbourhood before.  Pair events are exact
 * across these: no time step. */
#ifndef HSF_SHEAR_H
#define HSF_SHEAR_H

#include <math.h>
#include <stdint.h>

#include "shared/system_private.h"

/* Reads the boundary's sliding images into sys->shear (after the extent
 * is known): checks the axes are periodic and different and the rate a
 * number other than 0.  Returns 0 (hsf_shears 0 for a boundary without
 * them), or -1 with err set. */
int hsf_shear_setup(hsf_system *sys, hsf_error *err);

/* Whether the box is sheared (sliding images).  For what is set up,
 * saved and reported; the engine folds it into its pair law when it is
 * prepared (event/pair_law.h). */
static inline int hsf_shears(const hsf_system *sys)
{
    return sys->shear.on;
}

/* After the cell grid is built: the slide a search across the gradient
 * faces covers (the narrowest cell side along the flow axis) and the
 * period the images take to slide by it. */
void hsf_shear_grid_ready(hsf_system *sys);

/* The images' offset along the flow axis at time t, in [0, L_f). */
double hsf_shear_offset(const hsf_system *sys, double t);

/* The separation r_i - r_j at time t through the nearest sliding image of
 * j, and in dv_image the velocity that image moves faster than j (along
 * the flow axis: a multiple of rate * L_g). */
void hsf_shear_separation(const hsf_system *sys, double t, const double ri[3],
                          const double rj[3], double dr[3], double dv_image[3]);

/* hsf_shear_separation with the images' offset at that time given
 * (hsf_shear_offset), for a caller that measures many pairs at one time. */
static inline void hsf_shear_separation_at(const hsf_system *sys, double offset,
                                           const double ri[3], const double rj[3],
                                           double dr[3], double dv_image[3])
{
    const hsf_shear *sh = &sys->shear;
    int f = sh->flow, g = sh->gradient;
    for (int a = 0; a < 3; a++) {
        dr[a] = ri[a] - rj[a];
        dv_image[a] = 0;
    }
    /* The image across the gradient faces first: it decides the offset
     * along the flow, which then takes the nearest image along it. */
    double k = nearbyint(dr[g] / sys->cells.len[g]);
    if (k != 0) {
        dr[g] -= k * sys->cells.len[g];
        dr[f] -= k * offset;
        dv_image[f] = k * sh->speed;
    }
    for (int a = 0; a < 3; a++)
        if (a != g && sys->periodic[a])
            dr[a] -= sys->cells.len[a] * nearbyint(dr[a] / sys->cells.len[a]);
}

/* Visits, as hsf_cells_scan does, every particle j != i in a cell within
 * reach of i's, through the images it is seen through from time now until
 * window's slide of the images later (0: now only): visit(ctx, j, shift,
 * vshift) with the shift to add to j's position now and the velocity to
 * add to j's for that image. */
typedef void (*hsf_shear_visit)(void *ctx, uint32_t j, const double shift[3],
                                const double vshift[3]);
void hsf_shear_scan(const hsf_system *sys, uint32_t i, double now, double window,
                    hsf_shear_visit visit, void *ctx);

/* 1 if a search of particle i's reaches across the gradient faces: the
 * particles whose searches (with cells) run out a period after them. */
int hsf_shear_near_faces(const hsf_system *sys, uint32_t i);

/* The same for a run with neighbour lists, from the list: whether it was
 * renewed near the gradient faces (its sliding images run out), which
 * its particle's search then is until the next renewal. */
static inline int hsf_shear_list_near_faces(const hsf_system *sys, uint32_t i)
{
    return hsf_nb_near(&sys->nb, i);
}

/* Particle i (brought to now) leaves its cell through the gradient face
 * dir (+1 up, -1 down) of the box: it comes in on the other side, moved
 * by the offset and with its flow velocity changed by -dir * rate * L_g,
 * and is filed under its new cell.  The change of kinetic energy is added
 * to shear.work. */
void hsf_shear_cross(hsf_system *sys, uint32_t i, int dir);

/* With neighbour lists a particle may stray out of the box by its skin
 * before it is re-anchored: if particle i (brought to now) is beyond a
 * gradient face, replaces it by the image of it that is inside, as
 * hsf_shear_cross does (without filing it: the re-anchoring does), and
 * returns 1; else returns 0. */
int hsf_shear_come_back(hsf_system *sys, uint32_t i);

/* Where to anchor particle i's neighbourhood when it is renewed, from
 * where it is (hsf_cells_reanchor_ahead): ahead along its drift
 * w = u + c / 5, u the streaming velocity at it and c its velocity about
 * u, by 0.95 skin |w| / (|w| + |c| / 5) (a length; ahead[3] is written
 * whole).  The flow carries the particle the whole life of its list, its
 * own motion only until its next collision: the flow then takes the
 * particle through its neighbourhood rather than out of it from the
 * centre, and its own motion part of the way.  Anchored where the
 * particle is, a neighbourhood in a flow faster than the particles' own
 * motion is left sooner than at rest. */
void hsf_shear_anchor_lead(const hsf_system *sys, uint32_t i, double ahead[3]);

/* For a view of a particle at r moving at v (system.h): if r is beyond a
 * gradient face (a particle with a neighbour list strays by its skin),
 * replaces both by the image inside the box and returns how many periods
 * it was beyond (+1 above, -1 below); else returns 0. */
double hsf_shear_view(const hsf_system *sys, double r[3], double v[3]);

/* Adds the streaming velocity at its position to every particle's
 * velocity ([boundary] start_profile). */
void hsf_shear_impose_profile(hsf_system *sys);

#endif
