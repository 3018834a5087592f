/* The engine's keys and setup, the pressure's blocks and the overlap
 * audit (ecmc.h). */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "ecmc/ecmc.h"
#include "host/error_private.h"

const hsf_param hsf_ecmc_params[] = {
    { "chain_length", HSF_PARAM_DOUBLE, "0", 0, 1e300,
      "displacement of one chain, summed over its particles (a length); 0: 0.618 (the "
      "golden ratio's inverse) times the box side along x, no multiple of the box's period" },
    { "directions", HSF_PARAM_STRING, "cycle", 0, 0,
      "cycle: chains move along +x, +y (, +z) in turn; random: each chain's axis drawn "
      "at random" },
    { "measure_from", HSF_PARAM_DOUBLE, "0", 0, 1e300,
      "displacement per particle (the clock) from which chains count for the summary's "
      "pressure: the equilibration before it is left out" },
    { "chains", HSF_PARAM_INT, "0", 0, 9.0e15,
      "end the run after this many chains, or at end_time if that comes first (end_time "
      "far beyond: by chains alone); 0: at end_time" },
    { "stop_after_chains", HSF_PARAM_INT, "0", 0, 9.0e15,
      "with [checkpoint]: write the checkpoint and stop (exit 75) after this many chains "
      "of this process, for resuming in pieces of known work; 0: never" },
    { NULL, 0, NULL, 0, 0, NULL }
};

int hsf_ecmc_prepare(hsf_ecmc *e, const hsf_config *cfg, hsf_system *sys, hsf_error *err)
{
    hsf_ecmc_free(e);   /* a copy from an earlier prepare, if any */
    memset(e, 0, sizeof *e);
    const char *dirs = hsf_config_string(cfg, "directions");
    if (!strcmp(dirs, "random"))
        e->random_axes = 1;
    else if (strcmp(dirs, "cycle"))
        return hsf_config_error(cfg, err, "directions", "expected cycle or random, found '%s'",
                                dirs);
    e->chain_length = hsf_config_double(cfg, "chain_length");
    /* A chain of one box side would carry a lone particle round to where
     * it began: with two discs that never meet, nothing would move. */
    if (e->chain_length == 0)
        e->chain_length = (sqrt(5.0) - 1) / 2 * (sys->hi[0] - sys->lo[0]);
    e->measure_from = hsf_config_double(cfg, "measure_from");
    e->check_contacts = sys->audit_every > 0;
    e->stop_after_chains = (uint64_t)hsf_config_int(cfg, "stop_after_chains");
    e->max_chains = (uint64_t)hsf_config_int(cfg, "chains");
    if (!sys->n)
        return hsf_error_set(err, "engine = ecmc needs at least one particle");
    double k = 0;
    for (size_t i = 0; i < sys->n; i++)
        for (int a = 0; a < 3; a++)
            k += 0.5 * sys->b[i].mass * sys->m[i].v[a] * sys->m[i].v[a];
    e->kT = 2 * k / (sys->dim * (double)sys->n);
    /* The grid again, particles filed by position (no skin, no anchors):
     * a chain moves one particle at a time along an axis and crosses its
     * cells' faces. */
    hsf_cells_free(&sys->cells);
    if (hsf_cells_build(&sys->cells, sys->m, sys->b, sys->n, sys->dim, sys->lo, sys->hi,
                        sys->periodic, 1, 0, 0, err))
        return -1;
    for (size_t i = 0; i < sys->n; i++)
        sys->m[i].t = sys->time;
    if (hsf_ecmc_pack_serves(sys) && hsf_ecmc_pack_build(&e->pack, sys, err))
        return -1;
    e->s.n = sys->n;
    e->s.active = HSF_NONE;
    e->s.random = sys->random ^ 0x5ec3c0ffee5eedULL;
    e->blocks.size = 1;
    return 0;
}

void hsf_ecmc_free(hsf_ecmc *e)
{
    hsf_ecmc_pack_free(&e->pack);
}

void hsf_ecmc_sync(hsf_ecmc *e, hsf_system *sys)
{
    if (e->pack.data)
        hsf_ecmc_pack_sync(&e->pack, sys);
}

void hsf_ecmc_blocks_add(hsf_ecmc_blocks *b, double excess, double length)
{
    b->excess[b->count] += excess;
    b->length[b->count] += length;
    if (++b->filled < b->size)
        return;
    b->filled = 0;
    if (++b->count < HSF_ECMC_BLOCKS)
        return;
    /* Full: neighbours merge, and blocks are twice as long from now on. */
    for (uint32_t k = 0; k < HSF_ECMC_BLOCKS / 2; k++) {
        b->excess[k] = b->excess[2 * k] + b->excess[2 * k + 1];
        b->length[k] = b->length[2 * k] + b->length[2 * k + 1];
    }
    for (uint32_t k = HSF_ECMC_BLOCKS / 2; k < HSF_ECMC_BLOCKS; k++)
        b->excess[k] = b->length[k] = 0;
    b->count = HSF_ECMC_BLOCKS / 2;
    b->size *= 2;
}

double hsf_ecmc_compressibility(const hsf_ecmc *e, double *error, uint32_t *blocks)
{
    const hsf_ecmc_blocks *b = &e->blocks;
    double z = e->s.measured_length > 0 ? 1 + e->s.measured_excess / e->s.measured_length : NAN;
    *blocks = b->count;
    *error = NAN;
    if (b->count < 8)
        return z;
    double mean = 0, sq = 0;
    for (uint32_t k = 0; k < b->count; k++)
        mean += b->excess[k] / b->length[k];
    mean /= b->count;
    for (uint32_t k = 0; k < b->count; k++) {
        double d = b->excess[k] / b->length[k] - mean;
        sq += d * d;
    }
    *error = sqrt(sq / (b->count - 1) / b->count);
    return z;
}

/* The audit's pass over the neighbours of one particle. */
typedef struct audit_ctx {
    const hsf_system *sys;
    uint32_t i, worst_j;
    double worst;
} audit_ctx;

static void audit_pair(void *ctx, uint32_t j, const double shift[3], const double corner[3],
                       const float *offset)
{
    (void)corner;
    (void)offset;
    audit_ctx *a = ctx;
    const hsf_motion *p = &a->sys->m[a->i], *q = &a->sys->m[j];
    double d2 = 0;
    for (int k = 0; k < a->sys->dim; k++) {
        double d = q->r[k] + shift[k] - p->r[k];
        d2 += d * d;
    }
    double sigma = p->radius + q->radius, overlap = (sigma - sqrt(d2)) / sigma;
    if (overlap > a->worst) {
        a->worst = overlap;
        a->worst_j = j;
    }
}

int hsf_ecmc_audit(const hsf_system *sys, double tolerance, double *worst, hsf_error *err)
{
    for (uint32_t i = 0; i < sys->n; i++) {
        audit_ctx a = { .sys = sys, .i = i, .worst = 0, .worst_j = HSF_NONE };
        hsf_cells_scan(&sys->cells, sys->m, sys->b, i, audit_pair, &a);
        if (a.worst > *worst)
            *worst = a.worst;
        if (a.worst > tolerance)
            return hsf_error_set(err, "audit at displacement per particle %.17g: particles %u "
                                 "and %u overlap by %.3e of their contact distance (tolerance "
                                 "%g)", sys->time, i, a.worst_j, a.worst, tolerance);
    }
    return 0;
}
