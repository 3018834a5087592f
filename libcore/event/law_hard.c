/* The hard sphere's events (pair_law.h): the elastic bounce of two
 * spheres and what follows it, and a hit on a wall that stands still. */
#include <string.h>

#include <hsframe/prefetch.h>

#include "event/predict.h"
#include "shared/outputs.h"
#include "shared/physics.h"

int hsf_execute_hard(hsf_event_engine *e, uint32_t i, uint32_t j, double t, hsf_error *err)
{
    hsf_system *sys = e->sys;
    hsf_motion *mi = &sys->m[i], *mj = &sys->m[j];
    double dr[3];
    hsf_separation(sys, mi->r, mj->r, dr);
    hsf_event_info info = { .kind = HSF_EVENT_PAIR, .time = t, .i = i, .j = j };
    info.impulse = hsf_pair_collide(dr, mi->v, mj->v, sys->b[i].mass, sys->b[j].mass,
                                    &info.virial);
    e->slot[i].changed_seq = e->slot[j].changed_seq = e->next_seq;
    sys->b[i].collisions++;
    sys->b[j].collisions++;
    sys->stats.collisions++;
    sys->stats.virial += info.virial;
    /* j's candidates arrive while i is predicted. */
    if (sys->search == HSF_SEARCH_LISTS) {
        const uint32_t *list = hsf_nb_list(&sys->nb, j);
        for (uint32_t k = 0, count = *hsf_nb_count(&sys->nb, j); k < count; k++)
            hsf_prefetch(&sys->m[list[k]]);
    }
    if (predict(e, i, NULL, err) || predict(e, j, NULL, err))
        return -1;
    if (!(sys->event_mask & HSF_EVENT_MASK(HSF_EVENT_PAIR)))
        return 0;
    memcpy(info.dr, dr, sizeof dr);
    return hsf_outputs_notify(sys, &info, err);
}

double hsf_wall_hard(hsf_event_engine *e, uint32_t i, const hsf_event *ev)
{
    hsf_system *sys = e->sys;
    hsf_motion *mi = &sys->m[i];
    return sys->boundary.type.boundary->collide(sys->boundary.state, (int)ev->object, mi->r,
                                                mi->v, sys->b[i].mass);
}
