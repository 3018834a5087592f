/* The lifecycle of a plugin instance, one for every kind (plugin_instance.h). */
#include <stdlib.h>
#include <string.h>

#include <hsframe/boundary.h>
#include <hsframe/force.h>
#include <hsframe/interaction.h>
#include <hsframe/output.h>
#include <hsframe/queue.h>
#include <hsframe/thermostat.h>

#include "host/error_private.h"
#include "host/plugin_instance.h"

int hsf_instance_open(const hsf_config_file *cf, const hsf_plugin_path *pp, const char *section,
                      int kind, const hsf_param *host, hsf_instance *in, hsf_error *err)
{
    const char *spec = hsf_config_lookup(cf, section, "plugin");
    if (!spec)
        spec = host[0].def;
    if (!spec)
        return hsf_config_missing(cf, section, "plugin", host[0].help, err);
    return hsf_instance_open_as(cf, pp, section, spec, kind, host, in, err);
}

int hsf_instance_open_as(const hsf_config_file *cf, const hsf_plugin_path *pp, const char *section,
                         const char *spec, int kind, const hsf_param *host, hsf_instance *in,
                         hsf_error *err)
{
    if (hsf_plugin_open_named(pp, cf, section, spec, kind, &in->plugin, err))
        return -1;
    in->type.any = in->plugin.vtable;
    return hsf_config_bind(cf, section, host, in->plugin.info->params, &in->cfg, err);
}

void *hsf_instance_state(hsf_instance *in)
{
    size_t size = *(const size_t *)in->plugin.vtable;
    return in->state = calloc(1, size ? size : 1);
}

/* The kind's fini, NULL when it has none. */
static void (*fini_of(const hsf_plugin *plugin))(void *)
{
    const void *vt = plugin->vtable;
    switch (plugin->info->kind) {
    case HSF_PLUGIN_QUEUE: return ((const hsf_queue_type *)vt)->fini;
    case HSF_PLUGIN_BOUNDARY: return ((const hsf_boundary_type *)vt)->fini;
    case HSF_PLUGIN_OUTPUT: return ((const hsf_output_type *)vt)->fini;
    case HSF_PLUGIN_INTERACTION: return ((const hsf_interaction_type *)vt)->fini;
    case HSF_PLUGIN_THERMOSTAT: return ((const hsf_thermostat_type *)vt)->fini;
    case HSF_PLUGIN_FORCE: return ((const hsf_force_type *)vt)->fini;
    }
    return NULL;
}

void hsf_instance_close(hsf_instance *in)
{
    if (in->initialised && in->plugin.info) {
        void (*fini)(void *) = fini_of(&in->plugin);
        if (fini)
            fini(in->state);
    }
    free(in->state);
    hsf_config_unbind(&in->cfg);
    if (in->plugin.info)
        hsf_plugin_close(&in->plugin);
    memset(in, 0, sizeof *in);
}
