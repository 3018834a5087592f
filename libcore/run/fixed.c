/* Fixed particles (private to libhsframe): those of the species that
 * [simulation] fixed_species names join those an XYZ fixed column marks;
 * every one must be at rest, and the event engine's model moves the
 * others around them (shared/system_private.h, hsf_collision_mass). */
#include <stdlib.h>
#include <string.h>

#include "host/error_private.h"
#include "run/run_private.h"

/* The species called name (len bytes), or -1. */
static int species_named(const hsf_particle_set *set, const char *name, size_t len)
{
    for (unsigned s = 0; s < set->n_species; s++)
        if (strlen(set->species_name[s]) == len && !memcmp(set->species_name[s], name, len))
            return (int)s;
    return -1;
}

static int mark_species(run_state *rs, const char *names, hsf_error *err)
{
    hsf_particle_set *set = &rs->set;
    for (const char *p = names; *p;) {
        size_t skip = strspn(p, " \t,"), len;
        p += skip;
        if (!*p)
            break;
        len = strcspn(p, " \t,");
        int s = species_named(set, p, len);
        if (s < 0)
            return hsf_error_set(err, "%s: [simulation] fixed_species: no species '%.*s' in %s "
                                 "(an XYZ species column names them)",
                                 hsf_run_key_where(rs, "simulation", "fixed_species"), (int)len,
                                 p, set->path ? set->path : "the particles");
        if (!set->fixed && !(set->fixed = calloc(set->n ? set->n : 1, 1)))
            return hsf_error_set(err, "out of memory");
        for (size_t i = 0; i < set->n; i++)
            if (set->p[i].species == (uint8_t)s)
                set->fixed[i] = 1;
        p += len;
    }
    return 0;
}

int hsf_run_mark_fixed(run_state *rs, hsf_error *err)
{
    const char *names = hsf_config_string(&rs->sim, "fixed_species");
    if (names && *names && mark_species(rs, names, err))
        return -1;
    const hsf_particle_set *set = &rs->set;
    for (size_t i = 0; set->fixed && i < set->n; i++) {
        const double *v = set->p[i].v;
        if (set->fixed[i] && (v[0] != 0 || v[1] != 0 || v[2] != 0))
            return hsf_error_set(err, "%s is fixed: expected velocity 0, found (%g, %g, %g)",
                                 hsf_particle_at(set, i), v[0], v[1], v[2]);
    }
    return 0;
}
