/* The time-step engine ([simulation] engine = timestep): Newton's
 * equations integrated in steps of dt under the forces of [force.NAME]
 * plugins, with hard-disc contact resolved at the end of each step
 * (private to libhsframe).
 *
 * It works on the same hsf_system as the event-driven engine and leaves
 * it as outputs expect: after every step each particle's clock is the
 * system's time (m[i].t = sys->time), positions lie inside the extent
 * (periodic images counted in b[i].image), sys->potential is the forces'
 * potential energy and the counters (collisions, wall hits, impulses,
 * virial) are those of the contacts and walls of the steps so far. */
#ifndef HSF_TIMESTEP_STEP_H
#define HSF_TIMESTEP_STEP_H

#include <stdint.h>
#include <stdio.h>

#include <hsframe/force.h>

#include "shared/system_private.h"
#include "timestep/contact.h"
#include "timestep/integrate.h"

/* [simulation] keys of this engine (bound with the host's own). */
extern const hsf_param hsf_timestep_params[];

/* One [force.NAME] instance. */
typedef struct hsf_force_slot {
    hsf_instance in;        /* the plugin, its state and [force.NAME]; in.type.force */
} hsf_force_slot;

typedef struct hsf_timestep {
    const hsf_integrator *integrator;
    double dt;              /* the step */
    uint64_t steps;         /* taken so far */
    uint64_t force_calls;   /* evaluations of all the forces */
    size_t n;
    int dim;
    double *r, *v, *a;      /* 3 n each: positions, velocities, accelerations at r, v */
    double *r0;             /* 3 n: positions at the start of the step */
    double *inv_mass;       /* n */
    double *scratch;        /* 3 n * (HSF_INTEGRATOR_SCRATCH + 1): the integrator's, then
                               the displacements of hsf_timestep_bounce */
    hsf_force_slot *forces;
    size_t n_forces;
    int contact;            /* hard-disc contact between unbonded particles */
    hsf_contact_grid grid;
    hsf_contact_stats cs;   /* what contact detection saw */
    double potential;       /* at r */
    double energy0;         /* kinetic plus potential at time 0 */
    double reference_collisions;    /* the event engine's count ([simulation] compare), or < 0 */
    double reference_wall_hits;
    double wall;            /* seconds the loop ran */
} hsf_timestep;

/* Reads the engine's keys, allocates its arrays and initialises the force
 * instances already opened into st->forces (each plugin loaded and its
 * section bound by the caller).  sys is complete (particles, bonds,
 * boundary).  Returns 0, or -1 with err set. */
int hsf_timestep_prepare(hsf_timestep *st, const hsf_config *sim, hsf_system *sys, hsf_error *err);

/* Runs from time 0, or (resumed) from the step a checkpoint restored, to
 * end_time: the outputs' begin (not when resumed), samples, end.  Between
 * steps it writes checkpoints through sys->checkpoint as the event engine
 * does (system_private.h).  Returns 0, HSF_ENGINE_STOPPED after a
 * checkpoint that asked to stop, or -1 with err set when a plugin fails
 * or the run is interrupted without [checkpoint]. */
int hsf_timestep_run(hsf_timestep *st, hsf_system *sys, int resumed, hsf_error *err);

/* Writes the state between two steps to path, atomically, with the run's
 * record (shared/checkpoint_run.h), calling every output's save; reads it
 * back into an engine prepared from the same configuration, resuming bit
 * for bit.  Force plugins keep no state a checkpoint would need: their
 * forces are functions of positions and velocities (force.h).  Return 0,
 * or -1 with err set. */
struct hsf_ckpt_run;
int hsf_timestep_checkpoint_write(const hsf_timestep *st, hsf_system *sys, const char *path,
                                  const struct hsf_ckpt_run *run, hsf_error *err);
int hsf_timestep_checkpoint_read(hsf_timestep *st, hsf_system *sys, const char *path,
                                 struct hsf_ckpt_run *run, hsf_error *err);

/* Frees everything, the force instances included; st may be zeroed. */
void hsf_timestep_free(hsf_timestep *st);

/* The sum of every force's acceleration at (r, v) into acc (3 n) and of
 * their potentials into *potential.  Returns 0, or -1 with err set. */
int hsf_timestep_accelerations(hsf_timestep *st, const hsf_system *sys, const double *r,
                           const double *v, double *acc, double *potential, hsf_error *err);

/* What happens to the particles between their drift and the forces at
 * the end of a step of length h, called by every integrator once the
 * positions st->r are final and before the accelerations there: walls
 * (their straight paths from st->r0) and periodic images, applied to the
 * velocities st->v the integrator then holds, which include the
 * accelerations st->a at the start for a time kicked (see
 * hsf_timestep_walls).  For velocity Verlet and the symplectic Euler those
 * are the velocities of the drift, so that the drift with its bounces is
 * the exact flow of free particles in the boundary.  Leaves each
 * particle's displacement (before wrapping) in the last scratch array,
 * for contact.  Returns 0, or -1 with err set. */
int hsf_timestep_bounce(hsf_timestep *st, hsf_system *sys, double h, double kicked, hsf_error *err);

#endif
