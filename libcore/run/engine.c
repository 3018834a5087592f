/* Choosing the engine (engine.h). */
#include <stdio.h>
#include <string.h>

#include "host/error_private.h"
#include "run/engine.h"

/* The engines: a new one is one line here (and its folder). */
static const hsf_engine_ops *engines[8] = { &hsf_event_engine_ops, &hsf_timestep_engine_ops,
                                            &hsf_ecmc_engine_ops };
static size_t n_engines = 3;

int hsf_engine_add(const hsf_engine_ops *ops)
{
    if (n_engines == sizeof engines / sizeof engines[0])
        return -1;
    engines[n_engines++] = ops;
    return 0;
}

const hsf_engine_ops *hsf_engine_chosen(const hsf_config *sim, hsf_error *err)
{
    const char *name = hsf_config_string(sim, "engine");
    char names[256] = "";
    size_t used = 0;
    for (size_t k = 0; k < n_engines; k++) {
        if (!strcmp(name, engines[k]->name))
            return engines[k];
        used += (size_t)snprintf(names + used, sizeof names - used, "%s%s",
                                 k == 0 ? "" : k + 1 == n_engines ? " or " : ", ",
                                 engines[k]->name);
        if (used >= sizeof names)
            used = sizeof names - 1;
    }
    hsf_config_error(sim, err, "engine", "expected %s, found '%s'", names, name);
    return NULL;
}

const hsf_engine_ops *hsf_engine_at(size_t k)
{
    return k < n_engines ? engines[k] : NULL;
}
