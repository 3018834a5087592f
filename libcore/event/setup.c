/* Assembling the event-driven engine (setup.h). */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <hsframe/io.h>

#include "event/search_choice.h"
#include "event/setup.h"
#include "host/error_private.h"
#include "host/plugin_instance.h"
#include "model/model.h"
#include "shared/shear.h"

const hsf_param hsf_event_queue_params[] = {
    { "plugin", HSF_PARAM_STRING, "auto", 0, 0,
      "queue plugin: a name or a .so path; auto: marin_tree below 12000 particles (indexed), "
      "calendar otherwise" },
    { "indexed", HSF_PARAM_STRING, "auto", 0, 0,
      "yes or auto: use the queue's indexed operations when it has them (one event per "
      "particle, moved in place); no: push and pop, superseded events dropped as they "
      "come out" },
    { "record", HSF_PARAM_STRING, "", 0, 0,
      "a file to record the queue's operations in, for hsframe-queue-bench --replay "
      "(docs/QUEUES.md); empty: none" },
    { NULL, 0, NULL, 0, 0, NULL }
};

/* [queue] plugin = auto (the default): the complete binary tree for fewer
 * than AUTO_TREE_BELOW particles indexed, the calendar otherwise.  Its
 * replay of a dozen matches beats the calendar's days on small systems,
 * and the calendar's reading ahead pays on large ones.  The tree's time
 * against the calendar's (farm-bench, in turns): 0.933 and 0.936 at 4000
 * spheres (packing fractions 0.45 and 0.30), 0.96 on 10^4 discs, 0.99 at
 * 10976 spheres, 1.02 and 1.08 at 13500, some 1.2 at 32000 and 0.30;
 * docs/QUEUES.md.  Every queue gives the same trajectory, bit for bit. */
#define AUTO_TREE_BELOW 12000

/* [queue] record: a path that can be written, refused before the run. */
static int check_record(const hsf_config *queue, hsf_error *err)
{
    const char *record = hsf_config_string(queue, "record");
    if (!record[0] || !hsf_atomic_check(record, err))
        return 0;
    char why[512];
    snprintf(why, sizeof why, "%s", hsf_error_message(err));
    return hsf_config_error(queue, err, "record", "%s", why);
}

int hsf_event_bind_queue(const hsf_system *sys, hsf_config_file *cf,
                         const hsf_plugin_path *path, hsf_instance *queue, hsf_error *err)
{
    const char *spec = hsf_config_lookup(cf, "queue", "plugin");
    if (!spec)
        spec = hsf_event_queue_params[0].def;
    if (!strcmp(spec, "auto")) {
        const char *indexed = hsf_config_lookup(cf, "queue", "indexed");
        int pushpop = indexed && !strcmp(indexed, "no");
        spec = !pushpop && sys->n < AUTO_TREE_BELOW ? "marin_tree" : "calendar";
    }
    return hsf_instance_open_as(cf, path, "queue", spec, HSF_PLUGIN_QUEUE,
                                hsf_event_queue_params, queue, err) ||
                   check_record(&queue->cfg, err)
               ? -1
               : 0;
}

/* [queue] indexed: whether the engine keys each particle's event in the
 * queue (when the queue can) or pushes and pops.  Indexed, no superseded
 * event is ever queued, and the queue can name the events coming next, whose
 * particles the engine then reads ahead (read_ahead.h, fetch_ahead), which pays
 * where the particles' records outgrow the caches.  With the calendar it is
 * as fast or faster at every size measured (docs/BENCHMARKS.md), hence
 * auto is indexed whenever the queue can be. */
#define FETCH_AHEAD_FROM 16384

/* A collision's read-ahead of the records in both particles' blocks of
 * cells (particle_events.h, do_pair) pays in 2D from where reading ahead starts
 * (10^5 and 2.5 * 10^5 discs: 0.90 of the time without it; 32000: even),
 * but a 3D block is 27 cells, and there it costs more than it saves until
 * the records are far out of the caches: time with it over time without,
 * at 0.30, 1.20 at 32000 spheres, 1.05 at 62500, 1.04 at 108000, 0.96 at
 * 256000 (docs/BENCHMARKS.md). */
#define FETCH_BLOCKS_3D_FROM 131072

static int choose_indexed(hsf_event_engine *e, hsf_error *err)
{
    hsf_system *sys = e->sys;
    const char *mode = hsf_config_string(&e->queue_instance.cfg, "indexed");
    int can = e->queue->index_init != NULL;
    if (!strcmp(mode, "yes") || !strcmp(mode, "auto"))
        e->indexed = can;
    else if (!strcmp(mode, "no"))
        e->indexed = 0;
    else
        return hsf_config_error(&e->queue_instance.cfg, err, "indexed",
                                "expected yes, no or auto, found '%s'", mode);
    e->fetch_ahead = e->indexed && e->queue->index_upcoming && sys->n >= FETCH_AHEAD_FROM;
    e->queue_prefetch = e->fetch_ahead ? e->queue->index_prefetch : NULL;
    e->fetch_blocks = e->fetch_ahead && (sys->dim == 2 || sys->n >= FETCH_BLOCKS_3D_FROM);
    return 0;
}

/* The unit of the skin: the smallest diameter, the particles' own, scaled
 * down by how far the smallest reach extends past it.  With a model the
 * motion records hold reaches (model.h), which a square well of range 1.5
 * makes 1.5 times the radius, and a list then holds 1.5^3 times the
 * neighbours a hard sphere's does: a skin of 0.35 of the reaches ran the
 * square well of make bench-models with 40 neighbours to a list and 1.37
 * times the instructions of one of 0.35 diameters, and 0.35 diameters
 * took 1.07 times the time of 0.25, near 0.35 / 1.5 = 0.23
 * (docs/BENCHMARKS.md).  Without a model, or with reaches equal to the
 * cores, it is the smallest diameter. */
static double skin_unit(const hsf_system *sys)
{
    const double *radius = sys->model ? sys->model->radius : NULL;
    double core = INFINITY, reach = INFINITY;
    for (size_t i = 0; i < sys->n; i++) {
        core = fmin(core, 2 * (radius ? radius[i] : sys->m[i].radius));
        reach = fmin(reach, 2 * sys->m[i].radius);
    }
    if (!sys->n)
        return 0;
    return reach > core ? core * (core / reach) : core;
}

/* Whether a cell crossing may search only the layer of cells new to the
 * particle and the partner its last prediction kept (predict.c):
 * cells on a plain grid (one level, with slots) of at least 8 cells per
 * axis.  The kept partner is found again through its nearest image, which
 * is the right one: the two were in neighbouring cells, less than 2 sqrt(3)
 * cell sides apart, and are closer since (they approach until they touch),
 * while the box is 8 sides long.  The model path keeps one in its plain
 * case (hsf_model.plain), whose pairs move apart on straight lines too. */
static int keeps_partner(const hsf_event_engine *e)
{
    const hsf_system *sys = e->sys;
    const hsf_cells *c = &sys->cells;
    if (sys->search != HSF_SEARCH_CELLS || c->nlevels != 1 || !hsf_cell_slots(&c->level[0]) ||
        (sys->model && !sys->model->plain))
        return 0;
    for (int a = 0; a < sys->dim; a++)
        if (c->level[0].n[a] < 8)
            return 0;
    return 1;
}

/* The cell grid, neighbour lists, image shifts and the model's shells
 * for the search chosen. */
static int build_search(hsf_event_engine *e, const hsf_config *sim, int growing,
                        const hsf_particle_set *set, hsf_error *err)
{
    hsf_system *sys = e->sys;
    /* The hard-sphere path reads records as aligned halves (gather4.h). */
    if ((uintptr_t)sys->m % 64)
        return hsf_error_set(err, "internal error: motion records at %p, not 64-byte aligned",
                             (void *)sys->m);
    if (hsf_event_choose_search(e, sim, growing, err) ||
        hsf_cells_build(&sys->cells, sys->m, sys->b, sys->n, sys->dim, sys->lo, sys->hi,
                        sys->periodic, sys->search != HSF_SEARCH_ALL,
                        sys->search == HSF_SEARCH_LISTS
                            ? hsf_config_double(sim, "skin") * skin_unit(sys) : 0,
                        sys->search == HSF_SEARCH_LISTS, err))
        return -1;
    hsf_shear_grid_ready(sys);
    hsf_system_mark_wall_free(sys);
    if ((sys->search == HSF_SEARCH_LISTS &&
         hsf_neighbours_build(&sys->nb, &sys->cells, sys->m, sys->b, sys->n,
                              hsf_shears(sys) ? sys : NULL, err)) ||
        hsf_model_start(sys, set, err))
        return -1;
    for (int k = 0; k < 64; k++)
        hsf_image_shift((uint8_t)k, sys->cells.len, sys->shift[k]);
    e->keep_partner = keeps_partner(e);
    hsf_pair_law_choose(e);
    return 0;
}

/* The queue, empty.  Keys: the particles, then the special events
 * (HSF_SPECIAL_KEYS). */
static int open_queue(hsf_event_engine *e, int prelude, hsf_error *err)
{
    hsf_system *sys = e->sys;
    e->queue = e->queue_instance.plugin.vtable;
    if (!(e->queue_state = hsf_instance_state(&e->queue_instance)))
        return hsf_error_set(err, "out of memory");
    e->queue_instance.initialised = 1;
    if (e->queue->init(e->queue_state, &e->queue_instance.cfg, sys->n + 16, err))
        return hsf_error_prefix(err, "[queue] (%s): ", e->queue_instance.plugin.info->name);
    if (choose_indexed(e, err))
        return -1;
    uint32_t nkeys = (uint32_t)(sys->n + HSF_SPECIAL_KEYS(sys));
    if (e->indexed && e->queue->index_init(e->queue_state, nkeys, err))
        return hsf_error_prefix(err, "[queue] (%s): ", e->queue_instance.plugin.info->name);
    const char *record = hsf_config_string(&e->queue_instance.cfg, "record");
    if (record[0] && !prelude) {
        /* The recorder stands between the engine and the queue
         * (hsf_event_finish_record takes it out at the end). */
        if (!(e->record = hsf_queue_record_open(record, e->queue, e->queue_state, e->indexed,
                                                nkeys, err)))
            return -1;
        e->queue = hsf_queue_record_type(e->record);
        e->queue_state = e->record;
        e->queue_prefetch = e->fetch_ahead ? e->queue->index_prefetch : NULL;
    }
    if (!(e->special_seq = calloc(HSF_SPECIAL_KEYS(sys), sizeof *e->special_seq)))
        return hsf_error_set(err, "out of memory");
    return 0;
}

/* Each particle's slot (state.h), 0: no event scheduled, no velocity
 * changed. */
static int make_slots(hsf_event_engine *e, hsf_error *err)
{
    size_t n = e->sys->n ? e->sys->n : 1;
    void *slot = NULL;
    if (posix_memalign(&slot, 64, n * sizeof *e->slot))   /* no slot across two lines */
        return hsf_error_set(err, "out of memory for %zu particles' events", e->sys->n);
    e->slot = memset(slot, 0, n * sizeof *e->slot);
    return 0;
}

hsf_event_engine *hsf_event_prepare(hsf_system *sys, hsf_instance *queue,
                                    const hsf_config *sim, int growing,
                                    const hsf_particle_set *set, int prelude, hsf_error *err)
{
    hsf_event_engine *e = calloc(1, sizeof *e);
    if (!e) {
        hsf_instance_close(queue);
        hsf_error_set(err, "out of memory");
        return NULL;
    }
    e->sys = sys;
    e->met[0] = e->met[1] = HSF_NONE;
    e->queue_instance = *queue;     /* taken over */
    *queue = (hsf_instance){ 0 };
    if (build_search(e, sim, growing, set, err) || open_queue(e, prelude, err) ||
        make_slots(e, err)) {
        hsf_event_free(e);
        return NULL;
    }
    return e;
}

int hsf_event_reprepare(hsf_event_engine *e, const hsf_config *sim,
                        const hsf_particle_set *set, hsf_error *err)
{
    hsf_system *sys = e->sys;
    hsf_instance *q = &e->queue_instance;
    if (q->initialised)
        ((const hsf_queue_type *)q->plugin.vtable)->fini(q->state);
    free(q->state);
    q->state = NULL;
    q->initialised = 0;
    free(e->special_seq);
    free(e->slot);
    e->special_seq = NULL;
    e->slot = NULL;
    memset(&e->ahead, 0, sizeof e->ahead);
    hsf_neighbours_free(&sys->nb);
    hsf_cells_free(&sys->cells);
    return build_search(e, sim, 0, set, err) || open_queue(e, 0, err) || make_slots(e, err)
               ? -1
               : 0;
}

void hsf_event_queue_name(const hsf_event_engine *e, char *buf, size_t size)
{
    snprintf(buf, size, "%s%s", e->queue_instance.plugin.info->name, e->indexed ? " (indexed)" : "");
}

int hsf_event_finish_record(hsf_event_engine *e, int keep, hsf_error *err)
{
    hsf_queue_record *rec = e ? e->record : NULL;
    if (!rec)
        return 0;
    e->record = NULL;
    e->queue = e->queue_instance.plugin.vtable;
    e->queue_state = e->queue_instance.state;
    e->queue_prefetch = e->fetch_ahead ? e->queue->index_prefetch : NULL;
    if (keep)
        return hsf_queue_record_commit(rec, err);
    hsf_queue_record_abort(rec);
    return 0;
}

void hsf_event_free(hsf_event_engine *e)
{
    if (!e)
        return;
    hsf_event_finish_record(e, 0, NULL);
    hsf_instance_close(&e->queue_instance);
    free(e->special_seq);
    free(e->slot);
    free(e);
}
