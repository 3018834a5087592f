/* The sections every engine's checkpoint holds (checkpoint_run.h). */
#include <stddef.h>
#include <stdlib.h>
#include <string.h>
#include <zlib.h>

#include "host/state_private.h"
#include "host/error_private.h"
#include "shared/checkpoint_run.h"

/* Which build and which system wrote a checkpoint. */
typedef struct ckpt_head {
    char version[32];       /* PACKAGE_VERSION */
    uint32_t motion_size, body_size, event_size, stats_size;
    uint32_t dim, indexed, search, nlevels;
    uint64_t n, n_out;
} ckpt_head;

/* The run's scalars. */
typedef struct ckpt_scalars {
    double time;
    uint64_t next_seq;
    hsf_stats stats;
    double conserved[6];
    uint64_t audit_k;
    double max_overlap;
    double wall;            /* hsf_ckpt_run */
    uint64_t checkpoints;
} ckpt_scalars;

/* A particle's BODY record: the body as 0.5.0 kept it, with the event
 * engine's fields in its middle (hsf_ckpt_slot), so that checkpoints
 * written before they moved to the engine still read. */
typedef struct ckpt_body {
    double anchor[3];
    uint32_t next, cell;
    uint8_t level, color[3];
    uint32_t event_object;
    hsf_ckpt_event_bits event;
    uint64_t changed_seq;
    double mass;
    uint32_t collisions;
    int32_t image[3];
} ckpt_body;
_Static_assert(sizeof(ckpt_body) == 80 && offsetof(ckpt_body, event_object) == 36 &&
               offsetof(ckpt_body, changed_seq) == 48 && offsetof(ckpt_body, image) == 68,
               "a BODY record is laid out as 0.5.0's body");

static void fill_head(const hsf_system *sys, uint32_t indexed, ckpt_head *h)
{
    memset(h, 0, sizeof *h);
    snprintf(h->version, sizeof h->version, "%s", PACKAGE_VERSION);
    h->motion_size = sizeof(hsf_motion);
    h->body_size = sizeof(ckpt_body);
    h->event_size = sizeof(hsf_event);
    h->stats_size = sizeof(hsf_stats);
    h->dim = (uint32_t)sys->dim;
    h->indexed = indexed;
    h->search = (uint32_t)sys->search;
    h->nlevels = (uint32_t)sys->cells.nlevels;
    h->n = sys->n;
    h->n_out = sys->n_out;
}

uint32_t hsf_checkpoint_particles_crc(const hsf_particle *p, size_t n)
{
    uLong crc = crc32(0, NULL, 0);
    for (size_t i = 0; i < n; i++) {
        crc = crc32(crc, (const Bytef *)p[i].r, sizeof p[i].r);
        crc = crc32(crc, (const Bytef *)p[i].v, sizeof p[i].v);
        crc = crc32(crc, (const Bytef *)&p[i].radius, sizeof p[i].radius);
        crc = crc32(crc, (const Bytef *)&p[i].mass, sizeof p[i].mass);
        crc = crc32(crc, (const Bytef *)p[i].image, sizeof p[i].image);
        crc = crc32(crc, (const Bytef *)p[i].color, sizeof p[i].color);
        crc = crc32(crc, (const Bytef *)&p[i].species, sizeof p[i].species);
    }
    return (uint32_t)crc;
}

int hsf_checkpoint_check_outputs(const hsf_system *sys, hsf_error *err)
{
    for (size_t k = 0; k < sys->n_out; k++) {
        const hsf_output_slot *o = &sys->out[k];
        if (!o->in.type.output->save || !o->in.type.output->restore)
            return hsf_error_set(err, "[%s] (%s, %s): this output cannot be checkpointed: it "
                                 "has no save and restore (plugin ABI 1.3, built for %u.%u); "
                                 "remove the [checkpoint] section or this output",
                                 o->in.cfg.section, o->in.plugin.info->name, o->in.plugin.file,
                                 o->in.plugin.info->abi_major, o->in.plugin.info->abi_minor);
    }
    return 0;
}

static int write_outputs(hsf_ckpt_writer *w, hsf_system *sys, hsf_error *err)
{
    for (size_t k = 0; k < sys->n_out; k++) {
        hsf_output_slot *o = &sys->out[k];
        hsf_state st;
        hsf_state_init_write(&st);
        if (o->in.type.output->save(o->in.state, sys, &st, err)) {
            hsf_state_free(&st);
            return hsf_error_prefix(err, "[%s] (%s): ", o->in.cfg.section,
                                    o->in.plugin.info->name);
        }
        uint64_t lens[3] = { strlen(o->in.cfg.section), strlen(o->in.plugin.info->name), st.size };
        hsf_ckpt_begin_section(w, "OUTP", sizeof lens + lens[0] + lens[1] + sizeof o->next_k +
                                              st.size);
        hsf_ckpt_put(w, lens, sizeof lens);
        hsf_ckpt_put(w, o->in.cfg.section, lens[0]);
        hsf_ckpt_put(w, o->in.plugin.info->name, lens[1]);
        hsf_ckpt_put(w, &o->next_k, sizeof o->next_k);
        hsf_ckpt_put(w, st.data, st.size);
        hsf_state_free(&st);
    }
    return 0;
}

/* The first line where two sorted configurations differ, for the message. */
static int compare_config(const char *saved, size_t saved_len, const char *now, const char *path,
                          hsf_error *err)
{
    if (saved_len == strlen(now) && !memcmp(saved, now, saved_len))
        return 0;
    const char *a = saved, *end = saved + saved_len, *b = now;
    for (;;) {
        const char *ae = memchr(a, '\n', (size_t)(end - a)), *be = strchr(b, '\n');
        size_t al = ae ? (size_t)(ae - a) : 0, bl = be ? (size_t)(be - b) : 0;
        if (ae && be && al == bl && !memcmp(a, b, al)) {
            a = ae + 1;
            b = be + 1;
            continue;
        }
        /* The smaller line is the key present on one side only, or the
         * same key with another value. */
        size_t ka = ae ? (size_t)((const char *)memchr(a, '=', al) - a) : 0;
        size_t kb = be ? (size_t)(strchr(b, '=') - b) : 0;
        if (ae && be && ka == kb && !memcmp(a, b, ka))
            return hsf_error_set(err, "%s: the configuration does not match the checkpoint's: "
                                 "the checkpoint has %.*s, this run %.*s", path, (int)al, a,
                                 (int)bl, b);
        int only_saved = ae && (!be || strncmp(a, b, al < bl ? al : bl) < 0);
        if (only_saved)
            return hsf_error_set(err, "%s: the configuration does not match the checkpoint's: "
                                 "the checkpoint has %.*s, this run does not set it", path,
                                 (int)al, a);
        return hsf_error_set(err, "%s: the configuration does not match the checkpoint's: this "
                             "run has %.*s, the checkpoint does not set it", path, (int)bl, b);
    }
}

static int check_head(const hsf_system *sys, const unsigned char *data, size_t size,
                      const char *path, hsf_error *err)
{
    ckpt_head saved, now;
    fill_head(sys, 0, &now);    /* the build's sizes: the engine's mode is check_system's */
    if (size != sizeof saved)
        return hsf_error_set(err, "%s: checkpoint written by another build of hsframe", path);
    memcpy(&saved, data, sizeof saved);
    saved.version[sizeof saved.version - 1] = '\0';
    if (strcmp(saved.version, now.version) || saved.motion_size != now.motion_size ||
        saved.body_size != now.body_size || saved.event_size != now.event_size ||
        saved.stats_size != now.stats_size)
        return hsf_error_set(err, "%s: checkpoint written by another build of hsframe (%s); "
                             "resume it with the build that wrote it (this is %s)", path,
                             saved.version, now.version);
    return 0;
}

/* The same system as the checkpoint's, once the configuration matched:
 * what could still differ is a plugin that chose otherwise. */
static int check_system(const hsf_system *sys, uint32_t indexed, const unsigned char *data,
                        const char *path, hsf_error *err)
{
    ckpt_head saved, now;
    fill_head(sys, indexed, &now);
    memcpy(&saved, data, sizeof saved);
    if (saved.n != now.n || saved.dim != now.dim || saved.n_out != now.n_out ||
        saved.indexed != now.indexed || saved.search != now.search ||
        saved.nlevels != now.nlevels)
        return hsf_error_set(err, "%s: checkpoint of %llu particles in %uD with %llu outputs "
                             "(queue %sindexed, search %u); this run has %llu in %uD with %llu "
                             "(queue %sindexed, search %u)", path, (unsigned long long)saved.n,
                             saved.dim, (unsigned long long)saved.n_out,
                             saved.indexed ? "" : "not ", saved.search,
                             (unsigned long long)now.n, now.dim, (unsigned long long)now.n_out,
                             now.indexed ? "" : "not ", now.search);
    return 0;
}

static int restore_output(hsf_system *sys, hsf_output_slot *o, const unsigned char *data,
                          size_t size, const char *path, hsf_error *err)
{
    uint64_t lens[3];
    if (size < sizeof lens + sizeof o->next_k)
        return hsf_error_set(err, "%s: checkpoint's record of [%s] is damaged", path,
                             o->in.cfg.section);
    memcpy(lens, data, sizeof lens);
    if (lens[0] + lens[1] + lens[2] != size - sizeof lens - sizeof o->next_k)
        return hsf_error_set(err, "%s: checkpoint's record of [%s] is damaged", path,
                             o->in.cfg.section);
    const char *section = (const char *)data + sizeof lens, *name = section + lens[0];
    if (lens[0] != strlen(o->in.cfg.section) || memcmp(section, o->in.cfg.section, lens[0]) ||
        lens[1] != strlen(o->in.plugin.info->name) ||
        memcmp(name, o->in.plugin.info->name, lens[1]))
        return hsf_error_set(err, "%s: checkpoint has output [%.*s] (%.*s) where this run has "
                             "[%s] (%s)", path, (int)lens[0], section, (int)lens[1], name,
                             o->in.cfg.section, o->in.plugin.info->name);
    memcpy(&o->next_k, name + lens[1], sizeof o->next_k);
    hsf_state st;
    hsf_state_init_read(&st, name + lens[1] + sizeof o->next_k, lens[2]);
    if (o->in.type.output->restore(o->in.state, sys, &st, err))
        return hsf_error_prefix(err, "%s: [%s] (%s): ", path, o->in.cfg.section,
                                o->in.plugin.info->name);
    if (hsf_state_left(&st))
        return hsf_error_set(err, "%s: [%s] (%s) left %zu bytes of its checkpoint record "
                             "unread (saved by another version of the plugin?)", path,
                             o->in.cfg.section, o->in.plugin.info->name, hsf_state_left(&st));
    return 0;
}

static void write_bodies(hsf_ckpt_writer *w, const hsf_system *sys,
                         const hsf_ckpt_slots *slots)
{
    hsf_ckpt_begin_section(w, "BODY", sys->n * sizeof(ckpt_body));
    for (size_t i = 0; i < sys->n; i++) {
        const hsf_body *b = &sys->b[i];
        hsf_ckpt_slot sl = { 0 };
        if (slots)
            slots->get(slots->ctx, i, &sl);
        ckpt_body rec;
        memset(&rec, 0, sizeof rec);
        memcpy(rec.anchor, b->anchor, sizeof rec.anchor);
        rec.next = b->next;
        rec.cell = b->cell;
        rec.level = b->level;
        memcpy(rec.color, b->color, sizeof rec.color);
        rec.event_object = sl.object;
        rec.event = sl.event;
        rec.changed_seq = sl.changed_seq;
        rec.mass = b->mass;
        rec.collisions = b->collisions;
        memcpy(rec.image, b->image, sizeof rec.image);
        hsf_ckpt_put(w, &rec, sizeof rec);
    }
}

void hsf_ckpt_write_run(hsf_ckpt_writer *w, const hsf_system *sys, const hsf_ckpt_run *run,
                        uint32_t indexed, uint64_t seq, const hsf_ckpt_slots *slots)
{
    ckpt_head head;
    fill_head(sys, indexed, &head);
    ckpt_scalars sc = { .time = sys->time, .next_seq = seq, .stats = sys->stats,
                        .audit_k = sys->audit_k, .max_overlap = sys->max_overlap,
                        .wall = run->wall, .checkpoints = run->checkpoints };
    memcpy(sc.conserved, run->conserved, sizeof sc.conserved);
    hsf_ckpt_section(w, "HEAD", &head, sizeof head);
    hsf_ckpt_section(w, "CONF", run->config, strlen(run->config));
    hsf_ckpt_section(w, "PART", &run->particles_crc, sizeof run->particles_crc);
    hsf_ckpt_section(w, "RUN ", &sc, sizeof sc);
    hsf_ckpt_section(w, "STRT", run->start, run->start ? sys->n * 6 * sizeof(double) : 0);
    hsf_ckpt_section(w, "MOTN", sys->m, sys->n * sizeof *sys->m);
    write_bodies(w, sys, slots);
}

int hsf_ckpt_write_outputs(hsf_ckpt_writer *w, hsf_system *sys, hsf_error *err)
{
    if (write_outputs(w, sys, err))
        return -1;
    hsf_ckpt_section(w, "END ", NULL, 0);
    return 0;
}

int hsf_ckpt_read_run(hsf_system *sys, hsf_ckpt_reader *r, hsf_ckpt_run *run,
                      uint32_t indexed, uint64_t *seq, const unsigned char **motion,
                      hsf_error *err)
{
    const unsigned char *d, *head;
    size_t size;
    const char *path = r->path;
    if (hsf_ckpt_next(r, "HEAD", &head, &size, err) || check_head(sys, head, size, path, err) ||
        hsf_ckpt_next(r, "CONF", &d, &size, err) ||
        compare_config((const char *)d, size, run->config, path, err) ||
        check_system(sys, indexed, head, path, err) || hsf_ckpt_next(r, "PART", &d, &size, err))
        return -1;
    uint32_t crc;
    if (size != sizeof crc || (memcpy(&crc, d, sizeof crc), crc != run->particles_crc))
        return hsf_error_set(err, "%s: the initial particles differ from those the checkpoint "
                             "started from (was the particle file changed?)", path);
    ckpt_scalars sc;
    if (hsf_ckpt_next(r, "RUN ", &d, &size, err))
        return -1;
    if (size != sizeof sc)
        return hsf_error_set(err, "%s: checkpoint's RUN section is damaged", path);
    memcpy(&sc, d, sizeof sc);
    sys->time = sc.time;
    *seq = sc.next_seq;
    sys->stats = sc.stats;
    sys->audit_k = sc.audit_k;
    sys->max_overlap = sc.max_overlap;
    memcpy(run->conserved, sc.conserved, sizeof sc.conserved);
    run->wall = sc.wall;
    run->checkpoints = sc.checkpoints;
    size_t want_start = run->start ? sys->n * 6 * sizeof(double) : 0;
    if (hsf_ckpt_next(r, "STRT", &d, &size, err))
        return -1;
    if (size != want_start)
        return hsf_error_set(err, "%s: checkpoint's STRT section is damaged", path);
    if (want_start)
        memcpy(run->start, d, size);
    if (hsf_ckpt_next(r, "MOTN", &d, &size, err))
        return -1;
    if (size != sys->n * sizeof *sys->m)
        return hsf_error_set(err, "%s: checkpoint's MOTN section is damaged", path);
    memcpy(sys->m, d, size);
    *motion = d;
    return 0;
}

int hsf_ckpt_read_bodies(hsf_system *sys, hsf_ckpt_reader *r, const hsf_ckpt_slots *slots,
                         hsf_error *err)
{
    const unsigned char *d;
    size_t size;
    if (hsf_ckpt_next(r, "BODY", &d, &size, err))
        return -1;
    if (size != sys->n * sizeof(ckpt_body))
        return hsf_error_set(err, "%s: checkpoint's BODY section is damaged", r->path);
    for (size_t i = 0; i < sys->n; i++) {
        ckpt_body rec;
        memcpy(&rec, d + i * sizeof rec, sizeof rec);
        hsf_body *b = &sys->b[i];
        memcpy(b->anchor, rec.anchor, sizeof b->anchor);
        b->next = rec.next;
        b->cell = rec.cell;
        b->level = rec.level;
        memcpy(b->color, rec.color, sizeof b->color);
        b->mass = rec.mass;
        b->collisions = rec.collisions;
        memcpy(b->image, rec.image, sizeof b->image);
        if (slots)
            slots->set(slots->ctx, i, &(hsf_ckpt_slot){ .object = rec.event_object,
                                                         .event = rec.event,
                                                         .changed_seq = rec.changed_seq });
    }
    return 0;
}

static int peek(const hsf_system *sys, const char *config, hsf_ckpt_reader *r, size_t *n,
                hsf_motion **m, hsf_body **b, hsf_error *err)
{
    const unsigned char *d, *head;
    size_t size;
    if (hsf_ckpt_next(r, "HEAD", &head, &size, err) || check_head(sys, head, size, r->path, err))
        return -1;
    ckpt_head saved;
    memcpy(&saved, head, sizeof saved);
    *n = (size_t)saved.n;
    if (saved.n == sys->n)
        return 0;
    if (saved.n == 0 || saved.n > UINT32_MAX / 2 || saved.dim != (uint32_t)sys->dim)
        return hsf_error_set(err, "%s: checkpoint of %llu particles in %uD: this run is %dD",
                             r->path, (unsigned long long)saved.n, saved.dim, sys->dim);
    if (hsf_ckpt_next(r, "CONF", &d, &size, err) ||
        compare_config((const char *)d, size, config, r->path, err) ||
        hsf_ckpt_next(r, "PART", &d, &size, err) ||
        hsf_ckpt_next(r, "RUN ", &d, &size, err) || hsf_ckpt_next(r, "STRT", &d, &size, err) ||
        hsf_ckpt_next(r, "MOTN", &d, &size, err))
        return -1;
    if (size != *n * sizeof **m)
        return hsf_error_set(err, "%s: checkpoint's MOTN section is damaged", r->path);
    void *motion = NULL;
    if (posix_memalign(&motion, 64, size))
        return hsf_error_set(err, "out of memory for %zu particles", *n);
    memcpy(motion, d, size);
    *m = motion;
    *b = malloc(*n * sizeof **b);
    hsf_system grown = { .n = *n, .b = *b };
    if (!*b || hsf_ckpt_read_bodies(&grown, r, NULL, err)) {
        if (!*b)
            hsf_error_set(err, "out of memory for %zu particles", *n);
        free(*m), free(*b);
        *m = NULL, *b = NULL;
        return -1;
    }
    return 0;
}

int hsf_ckpt_peek_particles(const hsf_system *sys, const char *path, const char *config,
                            size_t *n, hsf_motion **m, hsf_body **b, hsf_error *err)
{
    *m = NULL, *b = NULL;
    hsf_ckpt_reader r;
    if (hsf_ckpt_open(&r, path, err))
        return -1;
    int rc = peek(sys, config, &r, n, m, b, err);
    hsf_ckpt_close(&r);
    return rc;
}

int hsf_ckpt_read_outputs(hsf_system *sys, hsf_ckpt_reader *r, hsf_error *err)
{
    const unsigned char *d;
    size_t size;
    for (size_t k = 0; k < sys->n_out; k++)
        if (hsf_ckpt_next(r, "OUTP", &d, &size, err) ||
            restore_output(sys, &sys->out[k], d, size, r->path, err))
            return -1;
    return hsf_ckpt_next(r, "END ", &d, &size, err);
}
