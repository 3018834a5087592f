/* Choosing the engine (engine.h). */
#include <string.h>

#include "host/error_private.h"
#include "run/engine.h"

const hsf_engine_ops *hsf_engine_chosen(const hsf_config *sim, hsf_error *err)
{
    static const hsf_engine_ops *const engines[] = { &hsf_event_engine_ops,
                                                     &hsf_timestep_engine_ops,
                                                     &hsf_ecmc_engine_ops };
    const char *name = hsf_config_string(sim, "engine");
    for (size_t k = 0; k < sizeof engines / sizeof engines[0]; k++)
        if (!strcmp(name, engines[k]->name))
            return engines[k];
    hsf_config_error(sim, err, "engine", "expected event, timestep or ecmc, found '%s'", name);
    return NULL;
}
