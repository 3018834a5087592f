/* The model layer (private to libhsframe): whatever is not elastic hard
 * spheres of additive diameters on straight lines: interactions
 * (stepped potentials, inelastic cores, non-additive mixtures), bonds, a
 * uniform field ([field]: parabolas) and growing radii ([compression],
 * random starts).  A run without them has no model (sys->model NULL) and
 * the engine's hard-sphere path, which this layer never touches.
 *
 * With a model, the engine's motion records hold each particle's reach in
 * place of its radius: half of the largest distance at which it interacts
 * with any species, as a multiple of its radius (rules.h, reach), so that
 * the cell grid and the neighbour lists offer every pair that can meet a
 * step; the radii themselves are kept here.  Bonded partners are found
 * through the bonds, not the grid. */
#ifndef HSF_MODEL_H
#define HSF_MODEL_H

#include <stdint.h>

#include <hsframe/event.h>
#include <hsframe/interaction.h>

#include "io/particle.h"
#include "host/config_private.h"
#include "host/plugin_instance.h"
#include "model/pair_states.h"
#include "model/rules.h"
#include "model/spin.h"

typedef struct hsf_system hsf_system;

/* Why the radii stopped growing ([compression]). */
typedef enum hsf_growth_end {
    HSF_GROWTH_RUNNING = 0,
    HSF_GROWTH_PACKING = 1,     /* reached the target packing fraction */
    HSF_GROWTH_PRESSURE = 2,    /* reached the target reduced pressure */
    HSF_GROWTH_JAMMED = 3       /* the reduced pressure passed the jamming threshold */
} hsf_growth_end;

/* Compression (Lubachevsky-Stillinger): every radius is its base radius
 * times a scale s(t) = s0 + rate (t - t0), which grows between rescale
 * events and is set anew at each (rate = gamma s0: growth relative to the
 * current size). */
typedef struct hsf_growth {
    int on;                     /* the radii are growing */
    double s0, t0, rate;
    double gamma;               /* [compression] rate, per unit time */
    double s_cap;               /* the cell grid holds radii up to this scale */
    double s_target;            /* stop at this scale (a packing fraction); INFINITY: none */
    double z_target;            /* stop at this reduced pressure; INFINITY: none */
    double z_jam;               /* jammed past this reduced pressure: the run ends */
    double kT;                  /* velocities rescaled to this temperature at each rescale */
    double phi1;                /* packing fraction at scale 1 */
    uint64_t rescale_every;     /* core collisions between rescales */
    uint64_t since_rescale;
    uint64_t rescale_seq;       /* seq of the rescale event queued (push and pop queues) */
    double last_time, last_virial;  /* at the last rescale */
    double z;                   /* reduced pressure over the last rescale interval */
    double work;                /* done by the growing cores and walls (0 when nothing grew) */
    int end;                    /* an hsf_growth_end */
    int prelude;                /* [init] method = random: the run stops at the target */
} hsf_growth;

/* The scale of the radii at time t. */
static inline double hsf_growth_scale(const hsf_growth *g, double t)
{
    return g->on ? g->s0 + g->rate * (t - g->t0) : g->s0;
}

typedef struct hsf_model {
    /* The plugin and its sections */
    hsf_instance in;                    /* [interaction]; in.type.interaction; not
                                           loaded for the built-in hard spheres */
    hsf_config *pair_cfg;               /* [interaction.A.B] sections */
    size_t n_pair_cfg;

    unsigned n_species;
    hsf_rule *rule;                     /* n_species^2, symmetric */
    double *radius;                     /* n radii at scale 1 (the motion records hold
                                           reaches; compression scales them, growth) */
    double *reach;                      /* per species: the reach as a multiple of the radius */
    hsf_pair_states shells;             /* pairs inside a step */
    double *last_core;                  /* with a TC guard: each particle's last core
                                           collision time (-INFINITY: none); else NULL */

    /* Bonds by particle: partners of i are partner[first[i]] to
     * partner[first[i + 1] - 1], with their lengths. */
    uint32_t *first;                    /* n + 1 */
    uint32_t *partner;
    double *length;

    hsf_growth growth;                  /* s0 = 1 and off without [compression] */
    int batched;                        /* no bonds, shear or fixed particles in a field:
                                           the engine solves pairs in batches, growing
                                           cores too */
    int plain;                          /* batched and nothing growing: the engine keeps
                                           partners across crossings as well */
    int steps;                          /* some rule has steps */

    /* Counters */
    uint64_t core_collisions;           /* = stats.collisions on the model's law (the
                                           hard-sphere path's falling spheres,
                                           hsf_model_only_falls, leave it 0) */
    uint64_t step_events;               /* crossings and bounces at steps and bond lengths */
    double dissipated;                  /* kinetic energy lost at inelastic cores (and, with
                                           spins, at rough contacts) */
    hsf_spin spin;                      /* off unless something is rough (spin.h) */
} hsf_model;

/* The rule of particles i and j. */
static inline const hsf_rule *hsf_model_rule(const hsf_model *md, const uint8_t *species,
                                             uint32_t i, uint32_t j)
{
    return species ? &md->rule[species[i] * md->n_species + species[j]] : md->rule;
}

/* The bond length of i and j, or 0 when they are not bonded. */
static inline double hsf_model_bond(const hsf_model *md, uint32_t i, uint32_t j)
{
    if (!md->first)
        return 0;
    for (uint32_t k = md->first[i]; k < md->first[i + 1]; k++)
        if (md->partner[k] == j)
            return md->length[k];
    return 0;
}

/* The distance at which the hard cores of i and j touch now. */
double hsf_model_contact(const hsf_system *sys, uint32_t i, uint32_t j);

/* ---- setup (model_setup.c) ---- */

/* The host's keys of [interaction] and [interaction.A.B] (the plugin, and
 * the roughness every interaction takes), for --help-config too. */
extern const hsf_param hsf_model_interaction_params[];

/* Reads [interaction] and its pair sections from cf, loading the plugin
 * it names from path, and decides whether the run needs a model: sets
 * sys->model (or leaves it NULL for elastic hard spheres of additive
 * diameters without bonds, field or growth; growing: the particles will
 * grow, by [compression] or an [init] method = random).  Call after hsf_system_take_species_and_bonds and before
 * hsf_system_take_particles (the particle set still holds radii and species).
 * Returns 0, or -1 with err set. */
int hsf_model_open(hsf_system *sys, const hsf_config_file *cf, const hsf_plugin_path *path,
                   const hsf_particle_set *set, int growing, hsf_error *err);

/* 1 when the model does nothing the hard-sphere path does not (elastic
 * hard spheres of additive diameters, no bonds, no field, no growth):
 * the run can drop it. */
int hsf_model_is_plain(const hsf_system *sys);

/* 1 when the model is there for the field alone: elastic hard spheres of
 * additive diameters in a uniform field, without bonds, growth, spins or
 * fixed particles.  The engine predicts them on the hard-sphere path, on
 * parabolas (event/pair_law.h). */
int hsf_model_only_falls(const hsf_system *sys);

/* Whether the run's radii grow ([compression]): sys has a model and its
 * growth is on.  For what is set up; the engine folds it into its pair
 * law when it is prepared (event/pair_law.h). */
int hsf_model_grows(const hsf_system *sys);

/* After hsf_system_take_particles: swaps the radii in the motion records for the
 * reaches (keeping the radii), and checks the bonds (lengths beyond
 * contact, no longer than a third of a periodic side). Returns 0, or -1
 * with err set. */
int hsf_model_set_reaches(hsf_system *sys, hsf_error *err);

/* After the grid is built and the overlaps checked: the shell of every
 * pair within reach and the potential energy at time 0; checks that every
 * bonded pair lies within its length (set gives the file lines for the
 * message).  Returns 0, or -1 with err set. */
int hsf_model_start(hsf_system *sys, const hsf_particle_set *set, hsf_error *err);

/* ---- the events (model_events.c) ---- */

/* The earliest event of particle i (at ri with velocity vi now) with a
 * partner before *best (a time from now): lowers *best and sets *partner
 * when one is found.  The model's counterpart of the engine's hard-sphere
 * search. */
void hsf_model_search(const hsf_system *sys, uint32_t i, const double ri[3],
                      const double vi[3], double now, double *best, uint32_t *partner);

/* The pair event of i and j, both advanced to now: changes their
 * velocities, the pair's shell, the potential energy and the counters,
 * and fills *info for the outputs (kind PAIR for a core collision, STEP
 * otherwise) and *after with the pair's shell after the event
 * (HSF_SHELL_UNKNOWN for a bonded pair or a graze).  told: 1 + the pair's shell as
 * its prediction found it (the table of shells then not read), or 0.
 * Returns the outcome
 * (HSF_OUTCOME_NONE: nothing changed), or -1 with err set (out of memory
 * for the captured pairs). */
#define HSF_SHELL_UNKNOWN UINT32_MAX
int hsf_model_pair_event(hsf_system *sys, uint32_t i, uint32_t j, unsigned told,
                         hsf_event_info *info, unsigned *after, hsf_error *err);

/* The audit of a model: how far any pair within reach lies outside the
 * shell it is held in, relative to the nearer bound (the core overlap of
 * hard spheres), and any bonded pair outside contact and its length. */
void hsf_model_audit(const hsf_system *sys, double *worst, uint32_t *wi, uint32_t *wj);

/* The pairs' potential energy summed afresh from the shells they are
 * held in, independent of the running sum sys->potential that each
 * event's energy change keeps (the energy balance uses this one). */
double hsf_model_pair_energy(const hsf_system *sys);

/* Frees everything of sys->model and sys->model itself. */
void hsf_model_close(hsf_system *sys);

/* ---- compression (model_growth.c) ---- */

/* The parameters of [compression]. */
extern const hsf_param hsf_compression_params[];

/* Reads [compression] (cfg, bound by the caller) into md->growth, for
 * the packing fraction phi1 the particles have at scale 1 and their
 * temperature kT now.  Checks that the rules are hard cores without steps
 * and that there are no bonds and no field.  Returns 0, or -1 with err
 * set. */
int hsf_growth_setup(hsf_system *sys, const hsf_config *cfg, double phi1, double kT,
                     hsf_error *err);

/* Whether the particles can grow: hard cores without steps, no bonds, no
 * field.  Returns 0, or -1 with err set. */
int hsf_growth_check(const hsf_system *sys, hsf_error *err);

/* Starts growth without a [compression] section: to scale s_target at
 * rate gamma from packing fraction phi1, velocities rescaled to kT,
 * jammed past Z = 10^6; prelude:
 * the run ends there ([init] method = random).  The model's rules must be
 * hard cores (run.c checks that there is no interaction for a prelude). */
void hsf_growth_start(hsf_system *sys, double gamma, double s_target, double phi1, double kT,
                      int prelude);

/* What a rescale event decided. */
typedef enum hsf_rescale_action {
    HSF_RESCALE_GO_ON = 0,      /* growth set anew: predict everything again */
    HSF_RESCALE_REGRID = 1,     /* and rebuild the cell grid for s_cap first */
    HSF_RESCALE_STOP = 2        /* jammed, or the prelude reached its target: end the run */
} hsf_rescale_action;

/* The rescale event at sys->time, every particle moved to now: measures
 * the reduced pressure since the last, decides whether growth stops,
 * rescales the velocities to kT (counted as heat), sets the growth anew
 * and, when the grid must grow, sets s_cap and the reaches.  Returns the
 * action, and in *next the time of the next rescale (INFINITY: none
 * before a collision asks for it). */
hsf_rescale_action hsf_growth_rescale(hsf_system *sys, double *next);

/* The packing fraction now (at the current scale). */
double hsf_growth_packing(const hsf_system *sys);

#endif
