/* Thermostat plugins: events of the whole system that exchange energy
 * with a heat bath (since ABI 1.5).
 *
 * A thermostat schedules its own events in the engine's queue, like a
 * collision: the host asks for the time of the first one (start), and at
 * that time calls fire, which changes velocities through the control
 * handle and returns the time of the next one.  Between events the
 * system runs at constant energy, so a thermostat costs nothing but its
 * events; a run without a [thermostat] section, or whose thermostat
 * schedules no event, is the microcanonical run, bit for bit.
 *
 * Random numbers come from the run's generator (hsf_control_uniform,
 * hsf_control_normal), seeded by [simulation] seed and saved in
 * checkpoints: the same seed gives the same run, resumed or not.
 *
 * Lifecycle: the host allocates state_size zeroed bytes, calls init with
 * the [thermostat] section, then start (or restore, when resuming from a
 * checkpoint), fire at each of its events, save at each checkpoint, and
 * fini at the end; then frees the state. */
#ifndef HSFRAME_THERMOSTAT_H
#define HSFRAME_THERMOSTAT_H

#include <stddef.h>

#include <hsframe/config.h>
#include <hsframe/error.h>
#include <hsframe/state.h>
#include <hsframe/system.h>

#ifdef __cplusplus
extern "C" {
#endif

/* What a thermostat may do to the system during start and fire.  Opaque,
 * owned by the host. */
typedef struct hsf_control hsf_control;

/* The system, at the time of the event (read it with system.h). */
const hsf_system *hsf_control_system(const hsf_control *c);

/* Gives particle i (0-based) velocity v (3 components, vz = 0 in 2D;
 * the units of the particle file) from now on, the velocity of its view
 * (system.h, hsf_system_particle: in a sheared box a particle that strayed
 * across the gradient faces is seen, and set, as its image inside).  The
 * host moves the particle to the current time, predicts its events anew
 * and counts the change of kinetic energy as heat from the bath. */
void hsf_control_set_velocity(hsf_control *c, size_t i, const double v[3]);

/* The next number of the run's generator: uniform in (0, 1]. */
double hsf_control_uniform(hsf_control *c);

/* A standard normal deviate from the run's generator. */
double hsf_control_normal(hsf_control *c);

typedef struct hsf_thermostat_type {
    /* Bytes of state the host allocates (zeroed) for one instance. */
    size_t state_size;

    /* Reads [thermostat]; sys is complete at time 0.  Returns 0, or -1
     * with err set (hsf_config_error points at a key). */
    int (*init)(void *t, const hsf_config *cfg, const hsf_system *sys, hsf_error *err);

    /* Releases what init allocated; may be NULL. */
    void (*fini)(void *t);

    /* The time of the first event, >= 0 (the units of end_time), or
     * INFINITY for none.  May draw random numbers. */
    double (*start)(void *t, hsf_control *c);

    /* The event at hsf_system_time: changes velocities through c and
     * sets *next to the time of the next event (after now, or INFINITY
     * for none).  Returns 0, or -1 with err set (the run stops, exit 1). */
    int (*fire)(void *t, hsf_control *c, double *next, hsf_error *err);

    /* Checkpoints, as for outputs (output.h): what the thermostat keeps
     * from one event to the next, into st and back, in the same order.
     * Both may be NULL when it keeps nothing (the generator is the
     * host's and is saved by it).  Return 0, or -1 with err set. */
    int (*save)(void *t, const hsf_system *sys, hsf_state *st, hsf_error *err);
    int (*restore)(void *t, const hsf_system *sys, hsf_state *st, hsf_error *err);
} hsf_thermostat_type;

#ifdef __cplusplus
}
#endif

#endif
