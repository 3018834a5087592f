/* One plugin instance, the same lifecycle for the six kinds (private to
 * libhsframe): open the plugin a section names and bind the section to the
 * host's and the plugin's parameters; allocate its state; the kind's own
 * init (called by its user, whose arguments differ by kind); close: the
 * kind's fini when init was called, then the state, the section and the
 * plugin released. */
#ifndef HSF_PLUGIN_INSTANCE_H
#define HSF_PLUGIN_INSTANCE_H

#include <hsframe/boundary.h>
#include <hsframe/force.h>
#include <hsframe/interaction.h>
#include <hsframe/output.h>
#include <hsframe/queue.h>
#include <hsframe/thermostat.h>

#include "host/config_private.h"
#include "host/plugin_loader.h"

/* One plugin instance, the record every kind's user keeps (the outputs'
 * slots, the forces', the interaction's, the boundary's, the queue's and
 * the thermostat's).  Zeroed: no instance (plugin.info NULL), safe to
 * close. */
typedef struct hsf_instance {
    hsf_plugin plugin;          /* the plugin loaded */
    union {                     /* plugin.vtable, as its kind's vtable */
        const void *any;
        const hsf_queue_type *queue;
        const hsf_boundary_type *boundary;
        const hsf_output_type *output;
        const hsf_interaction_type *interaction;
        const hsf_thermostat_type *thermostat;
        const hsf_force_type *force;
    } type;
    void *state;                /* the state_size zeroed bytes (hsf_instance_state), owned */
    hsf_config cfg;             /* the plugin's section, bound */
    int initialised;            /* the kind's init was called, so fini must be */
} hsf_instance;

/* Loads the plugin named by section's key `plugin` (host[0]'s default when
 * absent: host[0] describes that key) from pp, of the given kind, into
 * in->plugin (in->type set), and binds the section to host's and the
 * plugin's parameters into in->cfg.  Returns 0, or -1 with err set naming
 * the section (the caller closes the instance either way). */
int hsf_instance_open(const hsf_config_file *cf, const hsf_plugin_path *pp, const char *section,
                      int kind, const hsf_param *host, hsf_instance *in, hsf_error *err);

/* The same with the plugin named by spec (a name or a path) instead of the
 * section's key: for a host that resolves the key itself ([queue] plugin =
 * auto).  spec is only read. */
int hsf_instance_open_as(const hsf_config_file *cf, const hsf_plugin_path *pp, const char *section,
                         const char *spec, int kind, const hsf_param *host, hsf_instance *in,
                         hsf_error *err);

/* Allocates the instance's state into in->state: the state_size zeroed
 * bytes its vtable asks for (every kind's vtable begins with state_size),
 * at least one, released by hsf_instance_close.  Returns in->state, NULL
 * when out of memory. */
void *hsf_instance_state(hsf_instance *in);

/* Calls the kind's fini on the state when initialised, frees the state,
 * unbinds the section and unloads the plugin, leaving *in zeroed.  Any
 * part may be empty (zeroed): closing a half-opened instance is safe. */
void hsf_instance_close(hsf_instance *in);

#endif
