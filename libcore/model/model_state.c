/* The model layer's part of a checkpoint (model_state.h). */
#include <string.h>

#include "model/model_state.h"
#include "host/error_private.h"
#include "model/model.h"

typedef struct model_scalars {
    double potential, dissipated;
    uint64_t core_collisions, step_events;
    hsf_growth growth;
    uint64_t captured;      /* (i, j, shell) triples of uint32 that follow */
    uint64_t has_last_core; /* then n doubles */
} model_scalars;

static void put_pair(void *ctx, uint32_t i, uint32_t j, unsigned shell)
{
    uint32_t t[3] = { i, j, shell };
    hsf_ckpt_put(ctx, t, sizeof t);
}

void hsf_ckpt_write_model(hsf_ckpt_writer *w, const hsf_system *sys)
{
    const hsf_model *md = sys->model;
    model_scalars sc = { .potential = sys->potential, .dissipated = md->dissipated,
                         .core_collisions = md->core_collisions,
                         .step_events = md->step_events, .captured = hsf_pair_states_count(&md->shells),
                         .growth = md->growth,
                         .has_last_core = md->last_core != NULL };
    size_t last = md->last_core ? sys->n * sizeof(double) : 0;
    size_t spins = md->spin.on ? 3 * sys->n * sizeof(double) : 0;
    hsf_ckpt_begin_section(w, "MODL",
                           sizeof sc + sc.captured * 3 * sizeof(uint32_t) + last + spins);
    hsf_ckpt_put(w, &sc, sizeof sc);
    hsf_pair_state_each(&md->shells, put_pair, w);
    if (last)
        hsf_ckpt_put(w, md->last_core, last);
    if (spins)
        hsf_ckpt_put(w, md->spin.omega, spins);
}

int hsf_ckpt_read_model(hsf_system *sys, const unsigned char *data, size_t size,
                        const char *path, hsf_error *err)
{
    hsf_model *md = sys->model;
    model_scalars sc;
    if (size < sizeof sc)
        return hsf_error_set(err, "%s: checkpoint's MODL section is damaged", path);
    memcpy(&sc, data, sizeof sc);
    size_t last = md->last_core ? sys->n * sizeof(double) : 0;
    size_t spins = md->spin.on ? 3 * sys->n * sizeof(double) : 0;
    if (sc.has_last_core != (md->last_core != NULL) || sc.captured > (size - sizeof sc) / 12 ||
        size != sizeof sc + sc.captured * 12 + last + spins)
        return hsf_error_set(err, "%s: checkpoint's MODL section is damaged", path);
    /* The shells found at the start are replaced by the saved ones. */
    hsf_pair_states_free(&md->shells);
    const unsigned char *p = data + sizeof sc;
    for (uint64_t k = 0; k < sc.captured; k++, p += 12) {
        uint32_t t[3];
        memcpy(t, p, sizeof t);
        const hsf_rule *r = t[0] < sys->n && t[1] < sys->n
                                ? hsf_model_rule(md, sys->species, t[0], t[1]) : NULL;
        if (!r || t[0] >= t[1] || t[2] == 0 || t[2] > r->steps)
            return hsf_error_set(err, "%s: checkpoint's MODL section is damaged", path);
        if (hsf_pair_state_set(&md->shells, t[0], t[1], t[2], err))
            return -1;
    }
    if (last)
        memcpy(md->last_core, p, last);
    if (spins)
        memcpy(md->spin.omega, p + last, spins);
    sys->potential = sc.potential;
    md->dissipated = sc.dissipated;
    md->core_collisions = sc.core_collisions;
    md->step_events = sc.step_events;
    md->growth = sc.growth;     /* the motion records hold its reaches */
    return 0;
}
