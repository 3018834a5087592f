/* The event engine's search (search_choice.h). */
#include <math.h>
#include <string.h>

#include "event/search_choice.h"
#include "host/error_private.h"
#include "model/model.h"
#include "shared/shear.h"

/* Elastic smooth hard spheres of one reach in a sheared box, which the
 * hard sphere's bounce serves (event/law_sheared.c): a sheared box keeps
 * a model (for its search through the sliding images) even for them. */
static int sheared_elastic(const hsf_system *sys)
{
    const hsf_model *md = sys->model;
    if (!md)
        return 1;
    if (sys->n_fixed || md->spin.on || md->last_core || !hsf_model_is_plain(sys))
        return 0;
    for (unsigned a = 0; a < md->n_species; a++)
        if (md->reach[a] != 1)
            return 0;
    return 1;
}

/* The flow's speed at a sheared box's gradient faces over the particles'
 * thermal speed along one axis, sqrt(kT / m), from their velocities
 * about the flow or, when the flow's profile is not in them yet (it is
 * imposed after the engine is prepared), about rest: the smaller kT of
 * the two.  How fast the flow carries a particle out of a neighbourhood
 * fixed in the box against how fast its own motion does. */
static double flow_over_thermal(const hsf_system *sys)
{
    double about_flow = 0, about_rest = 0, mass = 0;
    for (size_t i = 0; i < sys->n; i++) {
        double u[3];
        hsf_system_flow_velocity(sys, sys->m[i].r, u);
        for (int a = 0; a < sys->dim; a++) {
            double v = sys->m[i].v[a], c = v - u[a];
            about_flow += sys->b[i].mass * c * c;
            about_rest += sys->b[i].mass * v * v;
        }
        mass += sys->b[i].mass;
    }
    if (!(mass > 0))
        return INFINITY;
    double thermal = sqrt(fmin(about_flow, about_rest) / (sys->dim * mass));
    int g = sys->shear.gradient;
    double face = fabs(sys->shear.rate) * 0.5 * (sys->hi[g] - sys->lo[g]);
    return thermal > 0 ? face / thermal : INFINITY;
}

/* Neighbour lists pay for their upkeep only where the cells around a
 * particle hold many candidates that are not neighbours: in dense fluids.
 * Measured (collisions per second, lists / cells, docs/BENCHMARKS.md): 3D,
 * 32000 spheres, skin 0.35: 1.01 at packing fraction 0.38, 1.07 at 0.40
 * (skin 0.25: 0.65 at 0.30, 0.85 at 0.36, 1.01 at 0.40, 1.2 to 1.4 at
 * 0.45); 2D, 10^4 discs, skin 0.25: 0.78 at 0.6, 1.19 at 0.7.
 * In a sheared box the flow carries the particles out of neighbourhoods
 * fixed in the box, so lists pay from denser fluids, only for elastic
 * hard spheres (sheared_elastic) in 3D and only while the flow at the
 * gradient faces is at most twice as fast as the particles move about it
 * (flow_over_thermal): lists / cells at packing fraction 0.42, rate 0.1,
 * the flow's profile from the start, kT = 1: 1.26 for 4000 spheres (the
 * flow at the faces 0.85 times the thermal speed), 1.00 for 32000 (1.7
 * times; 1.12 at 0.44); at 0.45, 0.92 for 256000 (3.4 times).  A sheared
 * granular gas is cooler than its flow and keeps to cells (0.86 to 0.99
 * at 0.42 to 0.47, 32000 spheres, restitution 0.9), as 2D does (10^4
 * discs: 0.96 at 0.70, 1.05 at 0.72). */
int hsf_event_choose_search(hsf_event_engine *e, const hsf_config *sim, int growing,
                            hsf_error *err)
{
    hsf_system *sys = e->sys;
    const char *lists = hsf_config_string(sim, "neighbour_lists");
    int moving = hsf_in_field(sys) || growing;
    e->start_pass = hsf_config_bool(sim, "start_pass");
    if (hsf_shears(sys) && !hsf_config_bool(sim, "cells"))
        return hsf_config_error(sim, err, "cells", "boundary %s has sliding images "
                                "(Lees-Edwards), which the event engine with cells follows: "
                                "cells = no cannot be used with it",
                                sys->boundary.plugin.info->name);
    if (moving && !strcmp(lists, "yes"))
        return hsf_config_error(sim, err, "neighbour_lists", "neighbour lists cannot "
                                "follow particles on parabolas ([field]) or growing ones "
                                "([compression]): use no or auto");
    if (hsf_shears(sys) && hsf_config_bool(sim, "cells") && !strcmp(lists, "auto") &&
        !moving && sys->dim == 3 && sheared_elastic(sys)) {
        /* Through the sliding images (shear.h). */
        int dense = hsf_system_packing_fraction(sys) >= 0.42;
        sys->search = dense && flow_over_thermal(sys) <= 2 ? HSF_SEARCH_LISTS : HSF_SEARCH_CELLS;
    } else if (hsf_shears(sys) && hsf_config_bool(sim, "cells") && !strcmp(lists, "yes")) {
        sys->search = HSF_SEARCH_LISTS;     /* through the sliding images (shear.h) */
    } else if ((moving || hsf_shears(sys)) && hsf_config_bool(sim, "cells")) {
        sys->search = HSF_SEARCH_CELLS;
    } else if (!hsf_config_bool(sim, "cells")) {
        sys->search = HSF_SEARCH_ALL;
    } else if (!strcmp(lists, "yes")) {
        sys->search = HSF_SEARCH_LISTS;
    } else if (!strcmp(lists, "no")) {
        sys->search = HSF_SEARCH_CELLS;
    } else if (!strcmp(lists, "auto")) {
        double threshold = sys->dim == 3 ? 0.38 : 0.65;
        sys->search = hsf_system_packing_fraction(sys) >= threshold ? HSF_SEARCH_LISTS : HSF_SEARCH_CELLS;
    } else {
        return hsf_config_error(sim, err, "neighbour_lists", "expected yes, no or auto, "
                                "found '%s'", lists);
    }
    return 0;
}
