/* The events that are not a particle's (specials.h), and a thermostat's
 * change of a velocity. */
#include <math.h>

#include "event/audit.h"
#include "event/predict.h"
#include "event/queue_contents.h"
#include "event/specials.h"
#include "host/error_private.h"
#include "model/model.h"
#include "shared/outputs.h"
#include "shared/physics.h"
#include "shared/shear.h"

/* Time reversal: every particle is brought to now and turned round, and
 * its next event predicted afresh (the events already queued become stale:
 * predict renews each slot's seq, and changed_seq voids those with partners).
 * Exact dynamics would retrace the path; round-off makes it diverge, which
 * is what a user of reverse_at measures. */
int hsf_event_reverse(hsf_event_engine *e, hsf_error *err)
{
    hsf_system *sys = e->sys;
    for (uint32_t i = 0; i < sys->n; i++) {
        hsf_motion *m = &sys->m[i];
        advance(sys, m, sys->time);
        for (int a = 0; a < 3; a++)
            m->v[a] = -m->v[a];
        e->slot[i].changed_seq = e->next_seq;
    }
    for (uint32_t i = 0; i < sys->n; i++)
        if (predict(e, i, NULL, err))
            return -1;
    return 0;
}

int hsf_engine_set_velocity(hsf_event_engine *e, uint32_t i, const double v[3], int as_viewed,
                            hsf_error *err)
{
    hsf_system *sys = e->sys;
    if (sys->fixed && sys->fixed[i])
        return 0;               /* fixed particles keep still (a bath's draw too) */
    hsf_motion *m = &sys->m[i];
    advance(sys, m, sys->time);
    /* As viewed (system.h): a particle with a neighbour list that strayed
     * across a sheared box's gradient faces is seen as its image inside,
     * k periods back, slower along the flow by k times the images' speed;
     * the record keeps its own frame.  (Set on the record as it was, a
     * bath's draw about the stream inside put a stray particle a whole
     * image speed off its stream: conf/shear.ini with lists measured a
     * viscosity from the images' work of 0.96 against 0.72 from the
     * stress.) */
    double k = 0;
    if (__builtin_expect(as_viewed && hsf_shears(sys), 0)) {
        double r[3], w[3];
        memcpy(r, m->r, sizeof r);
        memcpy(w, m->v, sizeof w);
        k = hsf_shear_view(sys, r, w);
    }
    double before = hsf_dot(m->v, m->v);
    for (int a = 0; a < 3; a++)
        m->v[a] = a < sys->dim ? v[a] : 0;
    if (k != 0)
        m->v[sys->shear.flow] += k * sys->shear.speed;
    sys->heat += 0.5 * sys->b[i].mass * (hsf_dot(m->v, m->v) - before);
    e->slot[i].changed_seq = e->next_seq;
    return predict(e, i, NULL, err);
}

/* The thermostat's event, and its next one if before the end. */
int hsf_event_thermostat(hsf_event_engine *e, hsf_error *err)
{
    hsf_system *sys = e->sys;
    hsf_control c = { .sys = sys, .engine = e, .err = err };
    double next = INFINITY;
    const char *name = sys->thermostat.plugin.info->name;
    sys->thermostat_events++;
    if (sys->thermostat.type.thermostat->fire(sys->thermostat.state, &c, &next, err) || c.failed)
        return hsf_error_prefix(err, "[thermostat] (%s): at t = %.17g: ", name, sys->time);
    if (!(next > sys->time))
        return hsf_error_set(err, "[thermostat] (%s): fire at t = %.17g gave its next event "
                             "at %g: expected a later time, or INFINITY for none", name,
                             sys->time, next);
    if (next < sys->end_time)
        return push(e, next, HSF_EVENT_THERMOSTAT, 0, 0, 0, err);
    hsf_event done = { .kind = HSF_EVENT_THERMOSTAT };
    retire(e, &done);
    return 0;
}

/* The compression's rescale (model.h, hsf_growth_rescale): every
 * particle brought to now, the pressure measured and the velocities
 * rescaled, the grid rebuilt when the radii outgrow it, the pair law
 * chosen again (a compression that ended predicts as radii at rest), and
 * everything predicted anew (the growth and the velocities changed).  A jammed
 * packing ends the run; so does a prelude that reached its target. */
int hsf_event_rescale(hsf_event_engine *e, const hsf_event *ev, hsf_error *err)
{
    hsf_system *sys = e->sys;
    if (!e->indexed && ev->seq != sys->model->growth.rescale_seq) {
        sys->stats.stale_events++;      /* superseded by a later request */
        return 0;
    }
    for (uint32_t i = 0; i < sys->n; i++)
        advance(sys, &sys->m[i], sys->time);
    double next;
    hsf_rescale_action action = hsf_growth_rescale(sys, &next);
    hsf_pair_law_choose(e);     /* the growth may have ended: the law follows it */
    if (action == HSF_RESCALE_REGRID) {
        hsf_cells_free(&sys->cells);
        if (hsf_cells_build(&sys->cells, sys->m, sys->b, sys->n, sys->dim, sys->lo, sys->hi,
                            sys->periodic, sys->search != HSF_SEARCH_ALL, 0, 0, err))
            return -1;
        hsf_system_mark_wall_free(sys);
    }
    for (uint32_t i = 0; i < sys->n; i++)
        e->slot[i].changed_seq = e->next_seq;
    for (uint32_t i = 0; i < sys->n; i++)
        if (predict(e, i, NULL, err))
            return -1;
    if (action == HSF_RESCALE_STOP)
        return push(e, sys->time, HSF_EVENT_STOP, 0, 0, 0, err);
    if (next < sys->end_time)
        return push_rescale(e, next, err);
    hsf_event done = { .kind = HSF_EVENT_RESCALE };
    retire(e, &done);
    return 0;
}


/* A slide event, queued only by checkpoints of 0.4.0, whose sheared boxes
 * predicted every particle near the gradient faces again at whole
 * multiples of shear.period (with neighbour lists: renewed their lists).
 * Done once more, it leaves those particles with the searches that run
 * out one by one (HSF_FACE_WINDOW; hsf_neighbours.until), and queues no
 * other. */
int hsf_event_slide(hsf_event_engine *e, hsf_error *err)
{
    hsf_system *sys = e->sys;
    for (uint32_t i = 0; i < sys->n; i++)
        if (hsf_shear_near_faces(sys, i) &&
            ((sys->search == HSF_SEARCH_LISTS &&
              hsf_neighbours_renew(&sys->nb, &sys->cells, sys->m, sys->b, i, err)) ||
             predict(e, i, NULL, err)))
            return -1;
    hsf_event done = { .kind = HSF_EVENT_SLIDE };
    retire(e, &done);
    return 0;
}

/* Samples output k and schedules its next sample if it falls before the end
 * (the final sample at end_time is taken after the loop). */
int hsf_event_sample(hsf_event_engine *e, uint32_t k, hsf_error *err)
{
    hsf_system *sys = e->sys;
    hsf_output_slot *o = &sys->out[k];
    if (hsf_output_sample(sys, o, err))
        return -1;
    double next = (double)++o->next_k * o->interval;
    if (next < sys->end_time)
        return push(e, next, HSF_EVENT_SAMPLE, 0, k, 0, err);
    hsf_event done = { .kind = HSF_EVENT_SAMPLE, .object = k };
    retire(e, &done);
    return 0;
}

/* The overlap audit (audit.h), and with it the check that the queue holds
 * every event it was given; then the next audit, if before the end. */
int hsf_event_audit(hsf_event_engine *e, hsf_error *err)
{
    hsf_system *sys = e->sys;
    if (hsf_audit_check(sys, err) || hsf_queue_check(e, err))
        return -1;
    double next = (double)++sys->audit_k * sys->audit_every;
    if (next < sys->end_time)
        return push(e, next, HSF_EVENT_AUDIT, 0, 0, 0, err);
    hsf_event done = { .kind = HSF_EVENT_AUDIT };
    retire(e, &done);
    return 0;
}
