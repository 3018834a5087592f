/* The host's sections and keys: what a configuration may say, for binding
 * (assemble.c) and for hsframe --help-config (host/config_help.c). */
#include "event/setup.h"
#include "ecmc/ecmc.h"
#include "io/init.h"
#include "model/model.h"
#include "run/run_private.h"
#include "timestep/step.h"

const hsf_param hsf_run_simulation_params[] = {
    { "dim", HSF_PARAM_INT, "2", 2, 3, "2 for discs, 3 for spheres" },
    { "particles", HSF_PARAM_STRING, "", 0, 0,
      "particle file (algs4 text or extended XYZ), relative to this file's directory; "
      "or give an [init] section" },
    { "fixed_species", HSF_PARAM_STRING, "", 0, 0,
      "species whose particles never move (names of an XYZ species column, separated by "
      "spaces or commas): infinite mass, exact collisions, no events of their own" },
    { "end_time", HSF_PARAM_DOUBLE, NULL, 0, 1e300, "simulated time to run for" },
    { "seed", HSF_PARAM_INT, "1", 0, 4294967295.0,
      "seed for generated initial conditions (unused by particle files)" },
    { "reverse_at", HSF_PARAM_DOUBLE, "-1", -1, 1e300,
      "reverse every velocity at this time (time reversal: with end_time twice it, the "
      "summary says how far the system ends from its start); -1: never" },
    { "cells", HSF_PARAM_BOOL, "yes", 0, 0,
      "use the cell grid and neighbour lists; no: every pair is checked (slow, for "
      "validation)" },
    { "start_pass", HSF_PARAM_BOOL, "yes", 0, 0,
      "find the particles' first events in one pass over the pairs; no: by each "
      "particle's own prediction (the same events, for validation)" },
    { "neighbour_lists", HSF_PARAM_STRING, "auto", 0, 0,
      "yes: neighbour lists (best for dense 3D fluids), no: the cells around a particle, "
      "auto: lists from packing fraction 0.38 in 3D and 0.65 in 2D; in a sheared box, "
      "for elastic spheres in 3D from 0.42 while the flow at the gradient faces is at most "
      "twice their thermal speed, else cells" },
    { "skin", HSF_PARAM_DOUBLE, "0.35", 1e-6, 1e6,
      "how far a particle moves before its neighbour list is renewed, in smallest diameters "
      "(of the particles), times smallest diameter over smallest reach when an interaction "
      "reaches further (a square well of range 1.5: 0.35 / 1.5 diameters)" },
    { "audit_every", HSF_PARAM_DOUBLE, "0", 0, 1e300,
      "simulated time between overlap audits (every pair that can touch, and the queue's "
      "events); 0: only at the end, for the summary's max_overlap" },
    { "audit_tolerance", HSF_PARAM_DOUBLE, "1e-10", 0, 1,
      "overlap, in diameters of the pair, past which an audit stops the run (exit 1)" },
    { NULL, 0, NULL, 0, 0, NULL }
};

const hsf_param hsf_run_boundary_params[] = {
    { "plugin", HSF_PARAM_STRING, "box", 0, 0, "boundary plugin: a name or a .so path" },
    { "start_profile", HSF_PARAM_BOOL, "no", 0, 0,
      "with sliding images (a sheared box): add the streaming velocity at its position to "
      "every particle's at the start" },
    { "tangential_restitution", HSF_PARAM_DOUBLE, "-1", -1, 1,
      "rough walls: coefficient of tangential restitution beta of a particle's surface "
      "at a wall, -1 (smooth) to 1 (perfectly rough); turns the particles" },
    { "friction", HSF_PARAM_DOUBLE, "1e300", 0, 1e300,
      "rough walls: Coulomb's coefficient of friction mu of the walls (Walton's model); "
      "1e300: no cap" },
    { NULL, 0, NULL, 0, 0, NULL }
};

const hsf_param hsf_run_output_params[] = {
    { "plugin", HSF_PARAM_STRING, NULL, 0, 0, "output plugin: a name or a .so path" },
    { "interval", HSF_PARAM_DOUBLE, "0", 0, 1e300,
      "simulated time between samples; 0: only the final state" },
    { NULL, 0, NULL, 0, 0, NULL }
};

const hsf_param hsf_run_thermostat_params[] = {
    { "plugin", HSF_PARAM_STRING, "andersen", 0, 0, "thermostat plugin: a name or a .so path" },
    { NULL, 0, NULL, 0, 0, NULL }
};

const hsf_param hsf_run_field_params[] = {
    { "gravity", HSF_PARAM_VECTOR, NULL, -1e300, 1e300,
      "uniform acceleration, one component per dimension (length/time^2): particles fly on "
      "parabolas; zero along periodic axes" },
    { NULL, 0, NULL, 0, 0, NULL }
};

const hsf_param hsf_run_force_params[] = {
    { "plugin", HSF_PARAM_STRING, NULL, 0, 0, "force plugin: a name or a .so path" },
    { NULL, 0, NULL, 0, 0, NULL }
};

const hsf_param hsf_run_checkpoint_params[] = {
    { "file", HSF_PARAM_STRING, NULL, 0, 0,
      "checkpoint file, relative to the current directory; written atomically, removed "
      "when the run completes" },
    { "every", HSF_PARAM_DOUBLE, "0", 0, 1e300,
      "wall-clock seconds between checkpoints; 0: only when the run stops (SIGTERM, SIGINT, "
      "stop_after, stop_at_time, stop_after_events)" },
    { "stop_after", HSF_PARAM_DOUBLE, "0", 0, 1e300,
      "wall-clock seconds after which the run writes a checkpoint and stops (exit 75), "
      "before a job's time limit; 0: never" },
    { "stop_at_time", HSF_PARAM_DOUBLE, "0", 0, 1e300,
      "simulated time at which the run writes a checkpoint and stops (exit 75), after the "
      "first event, step or chain that reaches it; a run resumed at or past it goes on; "
      "0: never" },
    { "stop_after_events", HSF_PARAM_INT, "0", 0, 1e18,
      "events (time-step engine: steps; ECMC: chains) after which the run writes a "
      "checkpoint and stops "
      "(exit 75), counted afresh by each resumed segment; 0: never" },
    { NULL, 0, NULL, 0, 0, NULL }
};

const hsf_param hsf_run_bonds_params[] = {
    { "file", HSF_PARAM_STRING, NULL, 0, 0,
      "bonds file, relative to this file's directory: one bond per line, 'i j' or "
      "'i j length', particles counted from 0 in the order of the particle file" },
    { "length", HSF_PARAM_DOUBLE, "0", 0, 1e300,
      "the length of bonds whose line gives none (a tether's maximum length, a spring's "
      "rest length), in the units of the particle file" },
    { NULL, 0, NULL, 0, 0, NULL }
};

/* Every section a configuration may have (hsf_config_check_sections). */
const char *const hsf_run_known_sections[] = {
    "simulation", "init", "queue", "boundary", "interaction", "interaction.A.B", "bonds",
    "thermostat", "field", "compression", "checkpoint", "ecmc", "output.NAME", "force.NAME", NULL
};

/* The sections above, for hsframe --help-config (host/config_help.c). */
const hsf_host_section hsf_host_sections[] = {
    { "simulation", "the run: dimension, particles, length, engine, checks",
      { hsf_run_simulation_params, hsf_timestep_params }, NULL },
    { "init", "generated particles instead of a particle file: a lattice or a random fluid",
      { hsf_init_params, NULL }, NULL },
    { "compression", "radii grow while the particles move (Lubachevsky-Stillinger)",
      { hsf_compression_params, NULL }, NULL },
    { "ecmc", "event-chain Monte Carlo (engine = ecmc): chains, their directions, the "
      "pressure's measurement", { hsf_ecmc_params, NULL }, NULL },
    { "checkpoint", "saving the state to stop and resume (--resume)",
      { hsf_run_checkpoint_params, NULL }, NULL },
    { "field", "a uniform external field (gravity)", { hsf_run_field_params, NULL }, NULL },
    { "bonds", "bonds between particles from a file (tethers; springs under engine = timestep)",
      { hsf_run_bonds_params, NULL }, NULL },
    { "thermostat", "a heat bath (event engine)", { hsf_run_thermostat_params, NULL }, "andersen" },
    { "queue", "the event queue (event engine)", { hsf_event_queue_params, NULL }, "calendar" },
    { "boundary", "the walls, periodic or not, and the box size", { hsf_run_boundary_params, NULL },
      "box" },
    { "interaction", "the pair rule (event engine); [interaction.A.B] for species A and B",
      { hsf_model_interaction_params, NULL }, "hard_sphere" },
    { "output.NAME", "one output per section, NAME of your choice", { hsf_run_output_params, NULL },
      "" },
    { "force.NAME", "one force per section (engine = timestep)", { hsf_run_force_params, NULL }, "" },
    { NULL, NULL, { NULL, NULL }, NULL }
};
