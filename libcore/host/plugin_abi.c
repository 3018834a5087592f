/* What each released ABI minor put in each kind's vtable.
 *
 * A plugin's vtable has the members of the minor it was built with and no
 * more: reading a later member would read past the end of its struct.  The
 * loader therefore copies, once, the bytes the plugin's declared minor
 * defines into a zeroed vtable of the host's own size, and the host calls
 * through that copy: a member the plugin's minor lacks reads as NULL
 * everywhere, and no call site compares minors. */
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include <hsframe/boundary.h>
#include <hsframe/force.h>
#include <hsframe/interaction.h>
#include <hsframe/output.h>
#include <hsframe/queue.h>
#include <hsframe/thermostat.h>

#include "host/plugin_loader.h"

/* The size of a kind's vtable up to, not including, a member: the whole
 * vtable of a minor that ends just before it. */
#define BEFORE(type, member) offsetof(type, member)

/* One row per minor in which a kind's vtable grew, oldest first: plugins
 * declaring minor >= since have size bytes of it. */
typedef struct vtable_span {
    int kind;
    unsigned since;
    size_t size;
} vtable_span;

static const vtable_span spans[] = {
    { HSF_PLUGIN_QUEUE, 0, BEFORE(hsf_queue_type, index_init) },
    { HSF_PLUGIN_QUEUE, 1, BEFORE(hsf_queue_type, index_prefetch) },
    { HSF_PLUGIN_QUEUE, 2, sizeof(hsf_queue_type) },
    { HSF_PLUGIN_BOUNDARY, 0, BEFORE(hsf_boundary_type, first_hit) },
    { HSF_PLUGIN_BOUNDARY, 5, sizeof(hsf_boundary_type) },
    { HSF_PLUGIN_OUTPUT, 0, BEFORE(hsf_output_type, save) },
    { HSF_PLUGIN_OUTPUT, 3, BEFORE(hsf_output_type, written) },
    { HSF_PLUGIN_OUTPUT, 5, BEFORE(hsf_output_type, flags) },
    { HSF_PLUGIN_OUTPUT, 6, sizeof(hsf_output_type) },
    { HSF_PLUGIN_INTERACTION, 4, sizeof(hsf_interaction_type) },
    { HSF_PLUGIN_THERMOSTAT, 5, sizeof(hsf_thermostat_type) },
    { HSF_PLUGIN_FORCE, 5, sizeof(hsf_force_type) },
};

unsigned hsf_plugin_kind_since(int kind)
{
    for (size_t k = 0; k < sizeof spans / sizeof spans[0]; k++)
        if (spans[k].kind == kind)
            return spans[k].since;
    return (unsigned)-1;
}

/* Bytes of a kind's vtable that a plugin declaring minor has; 0 when the
 * kind is unknown or came after that minor. */
static size_t span_of(int kind, unsigned minor)
{
    size_t size = 0;
    for (size_t k = 0; k < sizeof spans / sizeof spans[0]; k++)
        if (spans[k].kind == kind && spans[k].since <= minor)
            size = spans[k].size;
    return size;
}

/* The host's size of a kind's vtable (the newest minor's). */
static size_t full_size(int kind)
{
    return span_of(kind, HSF_ABI_MINOR);
}

void *hsf_plugin_vtable_copy(int kind, unsigned minor, const void *vtable)
{
    size_t have = span_of(kind, minor), size = full_size(kind);
    if (!have || !size)
        return NULL;
    void *copy = calloc(1, size);
    if (copy)
        memcpy(copy, vtable, have);
    return copy;
}
