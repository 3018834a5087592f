/* Force plugins (since ABI 1.5): the forces of the time-step engine.
 *
 * With [simulation] engine = timestep, particles are moved by integrating
 * Newton's equations in steps of dt; each [force.NAME] section of the
 * configuration creates one instance of a force plugin, and the engine sums
 * what every instance gives.  A force is conservative when it derives from
 * a potential energy, which it then reports, so that the total energy
 * (kinetic plus potential) can be checked; a force without a potential
 * (friction, a drive) reports 0.
 *
 * Units are those of the input: lengths of the particle file, times of
 * end_time, masses of the particle file; a force is a mass times a length
 * over a time squared, an energy a mass times a squared speed.  Vectors are
 * stored as 3 doubles per particle, particle i at [3 i], [3 i + 1],
 * [3 i + 2]; in 2D the z components are 0 and must be left 0.
 *
 * Lifecycle: the host allocates state_size zeroed bytes, calls init once
 * (with the system at time 0: particles, masses, bonds, boundary), then
 * compute any number of times (several times per step for a multi-stage
 * integrator such as Runge-Kutta 4, at positions that need not be the
 * system's), then fini, and frees the state.  The event-driven engine
 * loads no force: a [force.NAME] section with engine = event is refused.
 * A checkpoint of the time-step engine saves no force state: on resume
 * the state is init's again, so a force whose result depends on state it
 * changes in compute does not resume bit for bit. */
#ifndef HSFRAME_FORCE_H
#define HSFRAME_FORCE_H

#include <stddef.h>

#include <hsframe/config.h>
#include <hsframe/error.h>
#include <hsframe/system.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct hsf_force_type {
    /* Bytes of state the host allocates (zeroed) for one instance. */
    size_t state_size;

    /* Reads the [force.NAME] section and whatever it needs of the system
     * (masses through hsf_system_particle, bonds through hsf_system_bond,
     * the extent and its periodic axes through hsf_system_extent), which
     * stays constant through the run.  Returns 0, or -1 with err set (use
     * hsf_config_error for a key); fini is called either way. */
    int (*init)(void *f, const hsf_config *cfg, const hsf_system *sys, hsf_error *err);

    /* Releases what init allocated; may be NULL if nothing was. */
    void (*fini)(void *f);

    /* Adds to force[3 i + a] the force this instance exerts on each
     * particle i when the particles are at r and move with v (arrays of
     * 3 hsf_system_count(sys) doubles, owned by the host, valid during the
     * call only; r may differ from the system's positions, and along a
     * periodic axis may lie up to a step's travel outside the extent: take
     * separations through the nearest image).  Adds the instance's
     * potential energy at r to *potential (0 for a force without one).
     * Must not keep pointers to the arrays; must not change anything but
     * force, *potential and its own state.  Returns 0, or -1 with err set
     * (the run stops, exit 1), for instance when two particles of a
     * singular potential coincide. */
    int (*compute)(void *f, const hsf_system *sys, const double *r, const double *v,
                   double *force, double *potential, hsf_error *err);
} hsf_force_type;

#ifdef __cplusplus
}
#endif

#endif
