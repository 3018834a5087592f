/* hsframe plugin ABI: the descriptor every plugin exports.
 *
 * Versioning policy
 * -----------------
 * HSF_ABI_MAJOR changes when an existing type, struct layout or function
 * signature in include/hsframe/ changes: plugins built against another major
 * version are refused.  HSF_ABI_MINOR grows when something is appended: a new
 * vtable member at the end of a vtable, a new host function, a new event
 * kind.  A plugin built against minor m runs on any host of the same major
 * with minor >= m; a host refuses plugins built for a newer minor than its
 * own.  The host calls a vtable member added in minor m only if the plugin's
 * descriptor says abi_minor >= m and the pointer is not NULL; every optional
 * member documents what the host does without it.
 *
 * Changelog
 *   1.0  first ABI: queue, boundary and output kinds, declared parameters,
 *        host-owned errors, system accessors.
 *   1.1  queues: optional indexed operations (index_init, index_set,
 *        index_remove, index_first, and the hint index_upcoming).
 *        Header only, no ABI change: prefetch.h (hsf_prefetch,
 *        hsf_prefetch_write).
 *        No ABI change: hsf_event.stamp no longer holds a version
 *        (queues never read it).
 *   1.2  queues: the optional hint index_prefetch (the host asks an
 *        indexed queue to fetch a key's record before it sets the key).
 *   1.3  outputs: the optional members save and restore, for checkpoints
 *        (state.h: hsf_state_put, hsf_state_get, hsf_state_left; io.h:
 *        hsf_atomic_save, hsf_atomic_resume).  An output without them
 *        is refused in a run with a [checkpoint] section.  The event
 *        kind HSF_EVENT_AUDIT (queued like any event; never given to
 *        on_event).
 *   1.4  (hsframe 0.3.0) the plugin kind interaction (interaction.h:
 *        stepped pair potentials, restitution, per pair of species); the
 *        event kind HSF_EVENT_STEP for outputs (a pair crossing or
 *        bouncing at a step of its potential, or at a bond's length);
 *        system.h: hsf_system_species_count, hsf_system_species,
 *        hsf_system_species_name, hsf_system_bond_count,
 *        hsf_system_bond, hsf_system_potential_energy.
 *   1.5  (hsframe 0.4.0) the plugin kinds thermostat (thermostat.h:
 *        events of the whole system that exchange energy with a bath,
 *        the run's random numbers) and force (force.h: the forces of the
 *        time-step engine, [force.NAME] sections); the event kinds
 *        HSF_EVENT_THERMOSTAT, HSF_EVENT_RESCALE and HSF_EVENT_SLIDE (never given to
 *        outputs).  Boundaries: hsf_path, the path of a particle as the
 *        host describes it, the optional members first_hit (the first
 *        hit on any path) and normal (for growing particles), next_hit
 *        optional when first_hit is set, and the host functions
 *        hsf_parabola_time, hsf_path_plane_time, hsf_path_sphere_time and
 *        hsf_path_at; the optional members sliding (Lees-Edwards images),
 *        wall_velocity (walls that move) and wall_free_box (where no
 *        wall reaches, so that the host may skip the walls there), and system.h's
 *        hsf_system_shear, hsf_system_flow_velocity and
 *        hsf_system_separation.
 *        Outputs: the optional member written (the files,
 *        for the summary); hsf_event_info's dr (the pair's separation at
 *        the event, for stress tensors).  error.h: hsf_error_new and
 *        hsf_error_free, for programs that drive plugins themselves.
 *        Interactions: hsf_pair_rule's tangential and friction (rough
 *        particles); system.h: hsf_system_spin,
 *        hsf_system_rotational_energy, hsf_system_fixed and
 *        hsf_system_fixed_count.  config.h: hsf_config_path (the file a
 *        key names, relative to the configuration file's directory).
 *   1.6  (hsframe 0.5.0, unreleased) boundary.h: hsf_poly_rises, the
 *        host's solver for the rising crossings of polynomials of degree
 *        up to 4 (the one behind hsf_path_sphere_time), for walls of
 *        other shapes.  sim.h: a run driven by a program (hsf_sim_open,
 *        hsf_sim_run, ..., hsf_sim_close), which the Python module uses;
 *        hsf_sim_add_particle, hsf_sim_remove_particle and
 *        hsf_sim_release_records (engine = event).  output.h: flags and
 *        HSF_OUTPUT_ANY_PARTICLES (an output that lets a program add and
 *        remove particles during its run).
 *
 * Released minors are frozen: hsframe 0.4.0 provided 1.5, 0.3.0 1.4,
 * 0.2.0 1.3 (NEWS; tests/fixtures/abi-1.N holds each one's headers).
 * The host reads a vtable through a copy made when the plugin is loaded,
 * holding only the members of the minor the plugin declares (the others
 * read as NULL), so a plugin built against any released minor loads; a
 * kind introduced in minor m is refused from a plugin declaring less.
 */
#ifndef HSFRAME_PLUGIN_H
#define HSFRAME_PLUGIN_H

#include <stdint.h>

#include <hsframe/config.h>

#ifdef __cplusplus
extern "C" {
#endif

#define HSF_ABI_MAJOR 1
#define HSF_ABI_MINOR 6

/* The name of the one symbol a plugin exports. */
#define HSF_PLUGIN_ENTRY_SYMBOL "hsf_plugin_entry"

/* What a plugin provides; the descriptor's vtable points to the matching
 * type: hsf_queue_type, hsf_boundary_type, hsf_output_type, and since the
 * minor named beside each, hsf_interaction_type, hsf_thermostat_type and
 * hsf_force_type.  Values are stable; new kinds are appended. */
typedef enum hsf_plugin_kind {
    HSF_PLUGIN_QUEUE = 1,
    HSF_PLUGIN_BOUNDARY = 2,
    HSF_PLUGIN_OUTPUT = 3,
    HSF_PLUGIN_INTERACTION = 4,     /* since ABI 1.4 */
    HSF_PLUGIN_THERMOSTAT = 5,      /* since ABI 1.5 */
    HSF_PLUGIN_FORCE = 6            /* since ABI 1.5 */
} hsf_plugin_kind;

/* The constant descriptor returned by a plugin's entry function.  The first
 * two fields never move, so that any host can read the versions of any
 * plugin.  All strings and the vtable are static data owned by the plugin. */
typedef struct hsf_plugin_info {
    uint16_t abi_major;          /* HSF_ABI_MAJOR the plugin was built with */
    uint16_t abi_minor;          /* HSF_ABI_MINOR the plugin was built with */
    uint32_t kind;               /* an hsf_plugin_kind */
    const char *name;            /* must equal the file name without ".so" */
    const char *summary;         /* one line for --list-plugins */
    const hsf_param *params;     /* parameters it reads; ends with {NULL}; may be NULL */
    const void *vtable;          /* const hsf_queue_type / hsf_boundary_type / hsf_output_type /
                                    hsf_interaction_type / hsf_thermostat_type /
                                    hsf_force_type */
} hsf_plugin_info;

/* The entry function's type: returns the plugin's static descriptor. */
typedef const hsf_plugin_info *(*hsf_plugin_entry_fn)(void);

/* Defines the entry point of a plugin.  Use it once per plugin, at file
 * scope, after the vtable and the parameter table:
 *
 *     HSF_PLUGIN(HSF_PLUGIN_BOUNDARY, "stadium", "Bunimovich stadium",
 *                stadium_params, &stadium_type)
 */
#define HSF_PLUGIN(kind_, name_, summary_, params_, vtable_)                  \
    const hsf_plugin_info *hsf_plugin_entry(void);                            \
    const hsf_plugin_info *hsf_plugin_entry(void)                             \
    {                                                                         \
        static const hsf_plugin_info info = {                                 \
            .abi_major = HSF_ABI_MAJOR, .abi_minor = HSF_ABI_MINOR,           \
            .kind = (kind_), .name = (name_), .summary = (summary_),          \
            .params = (params_), .vtable = (vtable_) };                       \
        return &info;                                                         \
    }

#ifdef __cplusplus
}
#endif

#endif
