/* One plugin instance, the same lifecycle for the six kinds (private to
 * libhsframe): open the plugin a section names and bind the section to the
 * host's and the plugin's parameters; allocate its state; the kind's own
 * init (called by its user, whose arguments differ by kind); close: the
 * kind's fini when init was called, then the state, the section and the
 * plugin released. */
#ifndef HSF_PLUGIN_INSTANCE_H
#define HSF_PLUGIN_INSTANCE_H

#include "host/config_private.h"
#include "host/plugin_loader.h"

/* Loads the plugin named by section's key `plugin` (host[0]'s default when
 * absent: host[0] describes that key) from pp, of the given kind, into
 * *plugin, and binds the section to host's and the plugin's parameters
 * into *cfg.  Returns 0, or -1 with err set naming the section (the
 * caller closes the instance either way). */
int hsf_instance_open(const hsf_config_file *cf, const hsf_plugin_path *pp, const char *section,
                      int kind, const hsf_param *host, hsf_plugin *plugin, hsf_config *cfg,
                      hsf_error *err);

/* The same with the plugin named by spec (a name or a path) instead of the
 * section's key: for a host that resolves the key itself ([queue] plugin =
 * auto).  spec is only read. */
int hsf_instance_open_as(const hsf_config_file *cf, const hsf_plugin_path *pp, const char *section,
                         const char *spec, int kind, const hsf_param *host, hsf_plugin *plugin,
                         hsf_config *cfg, hsf_error *err);

/* The instance's state: the state_size zeroed bytes its vtable asks for
 * (every kind's vtable begins with state_size), at least one.  Owned by
 * the caller, released by hsf_instance_close; NULL when out of memory. */
void *hsf_instance_state(const hsf_plugin *plugin);

/* Calls the kind's fini on state when initialised (its init was called),
 * frees state, unbinds cfg (may be NULL) and unloads the plugin.  Any part
 * may be empty (zeroed): closing a half-opened instance is safe. */
void hsf_instance_close(hsf_plugin *plugin, hsf_config *cfg, void *state, int initialised);

#endif
