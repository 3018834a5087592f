/* Checkpoints of the event-driven engine (checkpoint.h): its sections
 * between those every engine writes (shared/checkpoint_run.h). */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "host/error_private.h"
#include "event/queue_contents.h"
#include "event/checkpoint.h"
#include "checkpoint/file.h"
#include "model/model_state.h"
#include "host/state_private.h"
#include "model/model.h"
#include "shared/shear.h"

/* ---- Writing ------------------------------------------------------------ */

static void write_cells(hsf_ckpt_writer *w, const hsf_cells *c)
{
    uint64_t size = 0;
    for (int li = 0; li < c->nlevels; li++) {
        const hsf_cell_level *l = &c->level[li];
        size_t cells = (size_t)l->n[0] * l->n[1] * l->n[2];
        size += cells * l->stride * sizeof(uint32_t);
        if (l->offsets)
            size += hsf_cell_offset_bytes(l, cells);
    }
    hsf_ckpt_begin_section(w, "CELL", size);
    for (int li = 0; li < c->nlevels; li++) {
        const hsf_cell_level *l = &c->level[li];
        size_t cells = (size_t)l->n[0] * l->n[1] * l->n[2];
        hsf_ckpt_put(w, l->cells, cells * l->stride * sizeof(uint32_t));
        if (l->offsets)
            hsf_ckpt_put(w, l->offsets, hsf_cell_offset_bytes(l, cells));
    }
}

/* The thermostat's part: the run's generator, the heat and the count,
 * then what the plugin saves. */
typedef struct thermostat_scalars {
    uint64_t random, events;
    double heat;
} thermostat_scalars;

static int write_thermostat(hsf_ckpt_writer *w, hsf_system *sys, hsf_error *err)
{
    hsf_state st;
    hsf_state_init_write(&st);
    const hsf_thermostat_type *type = sys->thermostat.type.thermostat;
    if (type->save && type->save(sys->thermostat.state, sys, &st, err)) {
        hsf_state_free(&st);
        return hsf_error_prefix(err, "[thermostat] (%s): ", sys->thermostat.plugin.info->name);
    }
    thermostat_scalars sc = { .random = sys->random, .events = sys->thermostat_events,
                              .heat = sys->heat };
    hsf_ckpt_begin_section(w, "THRM", sizeof sc + st.size);
    hsf_ckpt_put(w, &sc, sizeof sc);
    hsf_ckpt_put(w, st.data, st.size);
    hsf_state_free(&st);
    return 0;
}

static int read_thermostat(hsf_system *sys, const unsigned char *data, size_t size,
                           const char *path, hsf_error *err)
{
    thermostat_scalars sc;
    const char *name = sys->thermostat.plugin.info->name;
    if (size < sizeof sc)
        return hsf_error_set(err, "%s: checkpoint's THRM section is damaged", path);
    memcpy(&sc, data, sizeof sc);
    sys->random = sc.random;
    sys->thermostat_events = sc.events;
    sys->heat = sc.heat;
    hsf_state st;
    hsf_state_init_read(&st, data + sizeof sc, size - sizeof sc);
    const hsf_thermostat_type *type = sys->thermostat.type.thermostat;
    if (type->restore && type->restore(sys->thermostat.state, sys, &st, err))
        return hsf_error_prefix(err, "%s: [thermostat] (%s): ", path, name);
    if (hsf_state_left(&st))
        return hsf_error_set(err, "%s: [thermostat] (%s) left %zu bytes of its checkpoint record "
                             "unread (saved by another version of the plugin?)", path, name,
                             hsf_state_left(&st));
    return 0;
}

/* A sheared box's part (SHER, only in sheared runs): what its images gave,
 * then with neighbour lists when each list runs out (hsf_neighbours.until).
 * The offset is a function of the time; with cells when each search near
 * the faces runs out is its particle's queued event (HSF_FACE_WINDOW). */
typedef struct shear_scalars {
    double work, momentum;
    uint64_t crossings;
} shear_scalars;

static void write_shear(hsf_ckpt_writer *w, const hsf_system *sys)
{
    shear_scalars sc = { .work = sys->shear.work, .momentum = sys->shear.momentum,
                         .crossings = sys->shear.crossings };
    size_t until = sys->nb.until ? sys->nb.n * sizeof *sys->nb.until : 0;
    hsf_ckpt_begin_section(w, "SHER", sizeof sc + until);
    hsf_ckpt_put(w, &sc, sizeof sc);
    if (until)
        hsf_ckpt_put(w, sys->nb.until, until);
}

static int read_shear(hsf_system *sys, const unsigned char *data, size_t size,
                      const char *path, hsf_error *err)
{
    shear_scalars sc;
    size_t until = sys->nb.until ? sys->nb.n * sizeof *sys->nb.until : 0;
    /* Saved before the lists ran out one by one (0.4.0): those near the
     * gradient faces hold their sliding images until the next slide
     * event, queued with them, which renews them before a period is out. */
    if (size == sizeof sc && until) {
        for (uint32_t i = 0; i < sys->nb.n; i++)
            hsf_nb_set_until(&sys->nb, i, hsf_shear_near_faces(sys, i)
                                              ? sys->time + sys->shear.period : INFINITY);
        until = 0;
    }
    if (size != sizeof sc + until)
        return hsf_error_set(err, "%s: checkpoint's SHER section is damaged", path);
    memcpy(&sc, data, sizeof sc);
    sys->shear.work = sc.work;
    sys->shear.momentum = sc.momentum;
    sys->shear.crossings = sc.crossings;
    if (until) {
        memcpy(sys->nb.until, data + sizeof sc, until);
        for (uint32_t i = 0; i < sys->nb.n; i++)
            hsf_nb_set_until(&sys->nb, i, sys->nb.until[i]);
    }
    return 0;
}

/* The engine's slots (state.h) in the BODY records (shared/checkpoint_run.h). */
static void get_slot(const void *ctx, size_t i, hsf_ckpt_slot *out)
{
    const hsf_event_engine *e = ctx;
    const hsf_event_slot *sl = &e->slot[i];
    *out = (hsf_ckpt_slot){ .object = e->sys->b[i].event_object, .changed_seq = sl->changed_seq,
                            .event = { .seq = sl->seq, .kind = sl->kind, .face = sl->face } };
}

static void set_slot(void *ctx, size_t i, const hsf_ckpt_slot *in)
{
    hsf_event_engine *e = ctx;
    hsf_event_slot *sl = &e->slot[i];
    e->sys->b[i].event_object = in->object;
    sl->changed_seq = in->changed_seq;
    sl->seq = in->event.seq;
    sl->kind = in->event.kind;
    sl->face = in->event.face;
}

int hsf_checkpoint_write(hsf_event_engine *e, const char *path, const hsf_ckpt_run *run,
                         hsf_error *err)
{
    hsf_system *sys = e->sys;
    hsf_event *ev = malloc((hsf_queue_capacity(e) + 1) * sizeof *ev);
    if (!ev)
        return hsf_error_set(err, "out of memory for a checkpoint of the queue");
    size_t count = hsf_queue_drain(e, ev);
    if (hsf_queue_refill(e, ev, count, err)) {
        free(ev);
        return -1;
    }
    hsf_ckpt_writer w;
    if (hsf_ckpt_create(&w, path, err)) {
        free(ev);
        return hsf_error_prefix(err, "checkpoint: ");
    }
    hsf_ckpt_write_run(&w, sys, run, (uint32_t)e->indexed, e->next_seq,
                       &(hsf_ckpt_slots){ .ctx = e, .get = get_slot });
    write_cells(&w, &sys->cells);
    hsf_ckpt_begin_section(&w, "NBRS", sizeof(uint64_t) + sys->nb.n * sys->nb.stride);
    uint64_t stride = sys->nb.stride;
    hsf_ckpt_put(&w, &stride, sizeof stride);
    hsf_ckpt_put(&w, sys->nb.blocks, sys->nb.n * sys->nb.stride);
    hsf_ckpt_section(&w, "QUEU", ev, count * sizeof *ev);
    free(ev);
    if (sys->model)
        hsf_ckpt_write_model(&w, sys);
    if (hsf_shears(sys))
        write_shear(&w, sys);
    if (hsf_walls_move(sys))  /* the moving walls' work (WALL); their motion is the time's */
        hsf_ckpt_section(&w, "WALL", &sys->walls.work, sizeof sys->walls.work);
    if ((sys->thermostat.type.thermostat && write_thermostat(&w, sys, err)) ||
        hsf_ckpt_write_outputs(&w, sys, err)) {
        hsf_ckpt_abort(&w);
        return -1;
    }
    return hsf_ckpt_commit(&w, err) ? hsf_error_prefix(err, "checkpoint %s: ", path) : 0;
}

/* ---- Reading ------------------------------------------------------------ */




static int restore_cells(hsf_cells *c, const unsigned char *data, size_t size, const char *path,
                         hsf_error *err)
{
    size_t pos = 0;
    for (int li = 0; li < c->nlevels; li++) {
        hsf_cell_level *l = &c->level[li];
        size_t cells = (size_t)l->n[0] * l->n[1] * l->n[2];
        size_t words = cells * l->stride * sizeof(uint32_t);
        size_t offsets = l->offsets ? hsf_cell_offset_bytes(l, cells) : 0;
        if (size - pos < words + offsets)
            return hsf_error_set(err, "%s: checkpoint's cell grid does not match this run's",
                                 path);
        memcpy(l->cells, data + pos, words);
        if (offsets)    /* no anchors: no array */
            memcpy(l->offsets, data + pos + words, offsets);
        pos += words + offsets;
    }
    if (pos != size)
        return hsf_error_set(err, "%s: checkpoint's cell grid does not match this run's", path);
    return 0;
}


static int read_sections(hsf_event_engine *e, hsf_ckpt_reader *r, hsf_ckpt_run *run,
                         hsf_error *err)
{
    hsf_system *sys = e->sys;
    const unsigned char *d, *motion;
    size_t size;
    const char *path = r->path;
    if (hsf_ckpt_read_run(sys, r, run, (uint32_t)e->indexed, &e->next_seq, &motion, err))
        return -1;
    /* A compression builds its grid again as the radii grow: the saved
     * reaches give the grid of the checkpoint, whose slots then come from
     * CELL.  (The build files and wraps the particles: the saved records
     * are taken again after it.) */
    if (sys->model && sys->model->growth.gamma > 0) {
        hsf_cells_free(&sys->cells);
        if (hsf_cells_build(&sys->cells, sys->m, sys->b, sys->n, sys->dim, sys->lo, sys->hi,
                            sys->periodic, sys->search != HSF_SEARCH_ALL, 0, 0, err))
            return -1;
        hsf_system_mark_wall_free(sys);
        memcpy(sys->m, motion, sys->n * sizeof *sys->m);
    }
    hsf_ckpt_slots slots = { .ctx = e, .set = set_slot };
    if (hsf_ckpt_read_bodies(sys, r, &slots, err) || hsf_ckpt_next(r, "CELL", &d, &size, err) ||
        restore_cells(&sys->cells, d, size, path, err) ||
        hsf_ckpt_next(r, "NBRS", &d, &size, err))
        return -1;
    uint64_t stride;
    if (size < sizeof stride || (memcpy(&stride, d, sizeof stride),
                                 size - sizeof stride != sys->nb.n * stride))
        return hsf_error_set(err, "%s: checkpoint's NBRS section is damaged", path);
    if (sys->nb.n && hsf_neighbours_restore(&sys->nb, (size_t)stride, d + sizeof stride, err))
        return -1;
    if (hsf_ckpt_next(r, "QUEU", &d, &size, err))
        return -1;
    size_t count = size / sizeof(hsf_event);
    uint32_t n = (uint32_t)sys->n, keys = (uint32_t)(n + HSF_SPECIAL_KEYS(sys));
    if (size % sizeof(hsf_event) || (e->indexed && count > keys))
        return hsf_error_set(err, "%s: checkpoint's QUEU section is damaged", path);
    hsf_event *ev = malloc(size ? size : 1);
    if (!ev)
        return hsf_error_set(err, "out of memory");
    memcpy(ev, d, size);
    for (size_t k = 0; k < count; k++)
        if (e->indexed ? ev[k].subject >= keys
                       : ev[k].subject >= n && ev[k].kind != HSF_EVENT_SAMPLE) {
            free(ev);
            return hsf_error_set(err, "%s: checkpoint's QUEU section is damaged", path);
        }
    for (size_t k = 0; e->indexed && k < count; k++)
        if (ev[k].subject >= n)
            e->special_seq[ev[k].subject - n] = ev[k].seq;
    int rc = hsf_queue_refill(e, ev, count, err);
    free(ev);
    if (rc)
        return -1;
    if (sys->model && (hsf_ckpt_next(r, "MODL", &d, &size, err) ||
                       hsf_ckpt_read_model(sys, d, size, path, err)))
        return -1;
    if (hsf_shears(sys) && (hsf_ckpt_next(r, "SHER", &d, &size, err) ||
                          read_shear(sys, d, size, path, err)))
        return -1;
    if (hsf_walls_move(sys)) {
        if (hsf_ckpt_next(r, "WALL", &d, &size, err))
            return -1;
        if (size != sizeof sys->walls.work)
            return hsf_error_set(err, "%s: checkpoint's WALL section is damaged", path);
        memcpy(&sys->walls.work, d, size);
    }
    if (sys->thermostat.type.thermostat && (hsf_ckpt_next(r, "THRM", &d, &size, err) ||
                            read_thermostat(sys, d, size, path, err)))
        return -1;
    return hsf_ckpt_read_outputs(sys, r, err);
}

int hsf_checkpoint_read(hsf_event_engine *e, const char *path, hsf_ckpt_run *run,
                        hsf_error *err)
{
    hsf_ckpt_reader r;
    if (hsf_ckpt_open(&r, path, err))
        return -1;
    int rc = read_sections(e, &r, run, err);
    hsf_ckpt_close(&r);
    /* The motion restored (a compression may have ended): the pair law
     * chosen for it, as at a rescale. */
    if (!rc)
        hsf_pair_law_choose(e);
    return rc;
}
