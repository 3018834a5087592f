/* The simulated system: what every engine shares (private to libhsframe);
 * an engine keeps its own state apart (the event engine's: event/state.h). */
#ifndef HSF_SYSTEM_PRIVATE_H
#define HSF_SYSTEM_PRIVATE_H

#include <math.h>
#include <signal.h>

#include <hsframe/boundary.h>
#include <hsframe/output.h>
#include <hsframe/queue.h>
#include <hsframe/system.h>
#include <hsframe/thermostat.h>

#include "shared/cells.h"
#include "shared/shear_state.h"
#include "io/bonds.h"
#include "shared/neighbours.h"
#include "host/config_private.h"
#include "io/particle.h"
#include "host/plugin_instance.h"

/* One [output.NAME] instance. */
typedef struct hsf_output_slot {
    hsf_instance in;        /* the plugin, its state and [output.NAME]; in.type.output */
    double interval;        /* 0: only the final sample */
    uint64_t next_k;        /* next sample at next_k * interval */
} hsf_output_slot;

/* How a prediction finds the particles that may collide with one. */
typedef enum hsf_search {
    HSF_SEARCH_ALL = 0,     /* every other particle (validation) */
    HSF_SEARCH_CELLS = 1,   /* the 3^d cells around its own; renewed at cell faces */
    HSF_SEARCH_LISTS = 2    /* its neighbour list; renewed on leaving its neighbourhood */
} hsf_search;

struct hsf_system {
    int dim;
    size_t n;
    hsf_motion *m;          /* n records, aligned to 64 bytes (hsf_system_take_particles) */
    hsf_body *b;            /* n records */
    double time;            /* current simulated time */
    double end_time;

    /* boundary */
    hsf_instance boundary;  /* [boundary]; boundary.type.boundary */
    double lo[3], hi[3];
    int periodic[3];
    hsf_cells cells;
    hsf_neighbours nb;      /* built for HSF_SEARCH_LISTS */
    double shift[64][3];    /* image shift of each image code (hsf_image_shift) */
    int search;             /* how a prediction finds candidates: hsf_search (the event
                               engine chooses it; the model's search and the audit read it) */

    /* outputs */
    hsf_output_slot *out;
    size_t n_out;
    uint32_t event_mask;    /* union of the outputs' subscriptions */

    double reverse_at;      /* time at which every velocity is reversed; < 0: never */
    double audit_every;     /* simulated time between overlap audits; 0: only at the end */
    double audit_tolerance; /* overlap (in diameters) past which an audit stops the run */
    uint64_t audit_k;       /* the next audit is at audit_k * audit_every */
    double max_overlap;     /* largest overlap any audit found, in diameters */

    /* Species, bonds and the potential energy (system.h, ABI 1.4) */
    uint8_t *species;       /* n species, or NULL when all are species 0 */
    char **species_name;    /* n_species names, or NULL when the input named none */
    unsigned n_species;     /* at least 1 */
    hsf_bond *bonds;        /* n_bonds, i < j, sorted by (i, j); NULL when none */
    size_t n_bonds;
    double potential;       /* potential energy now, kept current by the engine */
    struct hsf_model *model;    /* interactions other than elastic hard spheres, and bonds
                                   (model/model.h); NULL for the hard-sphere path */
    /* The radius of particle i now, set by the model layer, whose radii
     * grow with time and are kept there; NULL: the motion record's. */
    double (*radius_now)(const hsf_system *sys, uint32_t i);

    /* The thermostat ([thermostat], thermostat.h) */
    hsf_instance thermostat;        /* plugin.info NULL without one; thermostat.type.thermostat */
    uint64_t random;        /* the run's generator (host/random.h), seeded by [simulation] seed */
    uint64_t thermostat_events;
    double heat;            /* kinetic energy the thermostat gave the system */

    /* A uniform field ([field] gravity): particles fly on parabolas.  Runs
     * with a field keep a model (model/model.h); elastic hard spheres in
     * one are predicted on the hard-sphere path (event/pair_law.h). */
    int has_field;
    double gravity[3];      /* acceleration, 0 beyond dim */

    hsf_stats stats;
    const volatile sig_atomic_t *stop;  /* set asynchronously to end the run early */
    /* The monotonic clock (hsf_seconds_now) when the run began to be set
     * up (run.c) and when the event loop began, the queue filled
     * (event/loop.c): the summary's startup_seconds.  0 when not taken. */
    double setup_began, loop_began;

    /* Checkpoints ([checkpoint]): when set, the engine calls checkpoint
     * between events when asked to stop (final = 1: the run then ends
     * with HSF_ENGINE_STOPPED) and, every 256 events, once the monotonic
     * clock has reached checkpoint_due (final = 0; it returns 1 when the
     * run must stop now, having written the checkpoint).  Returns 0 or 1,
     * or -1 with err set. */
    int (*checkpoint)(hsf_system *sys, void *ctx, int final, hsf_error *err);
    void *checkpoint_ctx;
    double checkpoint_due;  /* seconds of CLOCK_MONOTONIC */
    /* Stops that do not depend on the machine's speed ([checkpoint]
     * stop_at_time, stop_after_events): the engine calls checkpoint with
     * final = 1 between events (steps) once sys->time >= stop_time, or
     * once it has handled stop_events events (steps) in this process.
     * INFINITY and 0 when not asked for. */
    double stop_time;
    uint64_t stop_events;
    struct hsf_progress *progress;      /* the progress line, or NULL */

    /* Sliding images (shared/shear.h; hsf_shears tells whether there are
     * any).  Last, so that
     * the members the event loop reads keep their places. */
    hsf_shear shear;

    /* Walls that move (boundary.h, wall_velocity; hsf_walls_move tells
     * whether any does).  After the shear state, for the same reason. */
    struct hsf_moving_walls {
        int on;             /* the boundary said a wall of it moves */
        double work;        /* kinetic energy the moving walls gave the particles */
    } walls;

    /* Fixed particles: fixed[i] is 1 for a particle that never moves
     * (infinite mass, no events of its own, no field); NULL when none is. */
    uint8_t *fixed;
    size_t n_fixed;
};

/* Whether the run has a field (a particle's path is a parabola, the
 * model's path; hsf_motion_at follows it) and whether its walls move.
 * For what is set up, saved and reported; the engine folds them into its
 * pair law when it is prepared (event/pair_law.h). */
static inline int hsf_in_field(const hsf_system *sys)
{
    return sys->has_field;
}

static inline int hsf_walls_move(const hsf_system *sys)
{
    return sys->walls.on;
}

/* Position of a particle moving as m at time t, without changing it. */
static inline void hsf_position_at(const hsf_motion *m, double t, double r[3])
{
    double dt = t - m->t;
    for (int a = 0; a < 3; a++)
        r[a] = m->r[a] + m->v[a] * dt;
}

/* Position and velocity now (time t) of a particle moving as m, in the
 * field if there is one (free flight on a parabola), without changing m.
 * v may be NULL. */
static inline void hsf_motion_at(const hsf_system *sys, const hsf_motion *m, double t, double r[3],
                                 double v[3])
{
    double dt = t - m->t;
    if (!sys->has_field || (sys->fixed && sys->fixed[m - sys->m])) {
        for (int a = 0; a < 3; a++) {
            r[a] = m->r[a] + m->v[a] * dt;
            if (v)
                v[a] = m->v[a];
        }
        return;
    }
    for (int a = 0; a < 3; a++) {
        r[a] = m->r[a] + (m->v[a] + 0.5 * sys->gravity[a] * dt) * dt;
        if (v)
            v[a] = m->v[a] + sys->gravity[a] * dt;
    }
}

/* The mass of particle i in a collision: INFINITY for a fixed particle,
 * which nothing moves. */
static inline double hsf_collision_mass(const hsf_system *sys, uint32_t i)
{
    return sys->fixed && sys->fixed[i] ? INFINITY : sys->b[i].mass;
}

/* Two fixed particles never meet: they may overlap (a wall of discs). */
static inline int hsf_both_fixed(const hsf_system *sys, uint32_t i, uint32_t j)
{
    return sys->fixed && sys->fixed[i] && sys->fixed[j];
}

/* Takes the particles of set into the engine's records (clocks at 0); the
 * set's records become the bodies, and set->p is left NULL.  Returns 0, or
 * -1 with err set (out of memory; set unchanged). */
int hsf_system_take_particles(hsf_system *sys, hsf_particle_set *set, hsf_error *err);

/* Takes the species names of set (and each particle's species, when
 * there are several) and the bonds (read with hsf_read_bonds: the system
 * owns them now).  Call before hsf_system_take_particles, which overlays the
 * particle records.  Returns 0, or -1 with err set (out of memory). */
int hsf_system_take_species_and_bonds(hsf_system *sys, hsf_particle_set *set, hsf_bond *bonds,
                           size_t n_bonds, hsf_error *err);

/* Frees the engine's records. */
void hsf_system_release(hsf_system *sys);

/* After every build of the cell grid: marks the cells no wall reaches
 * (hsf_cells_mark_wall_free), where the boundary says where no wall is
 * (boundary.h, wall_free_box) and the search uses cells or lists;
 * predictions skip the walls there (with lists only where there are none
 * at all, hsf_cells.no_walls).  The grid's radii are the largest until its
 * next build (growing radii are capped until the grid is built again). */
void hsf_system_mark_wall_free(hsf_system *sys);

/* The fraction of the boundary's volume the particles' discs or spheres
 * fill (their radii as the motion records hold them). */
double hsf_system_packing_fraction(const hsf_system *sys);

/* The separation r_i - r_j of two particles at the same time, through the
 * nearest periodic image. */
static inline void hsf_separation(const hsf_system *sys, const double ri[3],
                                  const double rj[3], double dr[3])
{
    for (int a = 0; a < 3; a++) {
        dr[a] = ri[a] - rj[a];
        if (sys->periodic[a])
            dr[a] -= sys->cells.len[a] * nearbyint(dr[a] / sys->cells.len[a]);
    }
}

/* What an engine's loop (hsf_engine_run, event/state.h; hsf_timestep_run,
 * timestep/step.h) returns when it stopped after writing a checkpoint. */
#define HSF_ENGINE_STOPPED 1

/* What a thermostat is handed to change the system (thermostat.h). */
struct hsf_control {
    hsf_system *sys;
    struct hsf_event_engine *engine;    /* whose events the changes predict anew */
    hsf_error *err;
    int failed;             /* a change failed: err says why */
};

/* u plus the energy of the particles in the field, -m g.r summed (0
 * without a field). */
double hsf_system_add_field_energy(const hsf_system *sys, double u);

#endif
