/* Read access to the system for outputs: everything at the current time. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "shared/physics.h"
#include "shared/shear.h"
#include "shared/system_private.h"

int hsf_system_dim(const hsf_system *sys)
{
    return sys->dim;
}

size_t hsf_system_count(const hsf_system *sys)
{
    return sys->n;
}

double hsf_system_time(const hsf_system *sys)
{
    return sys->time;
}

double hsf_system_end_time(const hsf_system *sys)
{
    return sys->end_time;
}

void hsf_system_particle(const hsf_system *sys, size_t i, hsf_particle_view *out)
{
    const hsf_motion *m = &sys->m[i];
    const hsf_body *b = &sys->b[i];
    hsf_motion_at(sys, m, sys->time, out->r, out->v);
    double k = 0;   /* periods beyond a sheared box's gradient faces */
    if (__builtin_expect(hsf_shears(sys), 0))
        k = hsf_shear_view(sys, out->r, out->v);
    for (int a = 0; a < 3; a++) {
        double len = sys->cells.len[a];
        out->unwrapped[a] = out->r[a] + b->image[a] * len;
        if (k != 0 && a == sys->shear.gradient)
            out->unwrapped[a] += k * len;
        /* The engine lets a particle stray out of a periodic box by up to
         * the skin (without lists, by any amount) before it wraps it. */
        if (sys->periodic[a] && (out->r[a] < sys->lo[a] || out->r[a] >= sys->hi[a])) {
            out->r[a] -= len * floor((out->r[a] - sys->lo[a]) / len);
            if (out->r[a] >= sys->hi[a])
                out->r[a] = sys->lo[a];
        }
    }
    out->radius = sys->radius_now ? sys->radius_now(sys, (uint32_t)i) : m->radius;
    out->mass = b->mass;
    memcpy(out->color, b->color, sizeof out->color);
    out->collisions = b->collisions;
}

void hsf_system_stats(const hsf_system *sys, hsf_stats *out)
{
    *out = sys->stats;
}

double hsf_system_kinetic_energy(const hsf_system *sys)
{
    double sum = 0;
    for (size_t i = 0; i < sys->n; i++) {
        const double *v = sys->m[i].v;
        double now[3];
        if (hsf_in_field(sys)) {   /* the velocity now, not at the particle's clock */
            double r[3];
            hsf_motion_at(sys, &sys->m[i], sys->time, r, now);
            v = now;
        }
        sum += sys->b[i].mass * (v[0] * v[0] + v[1] * v[1] + v[2] * v[2]);
    }
    return sum / 2;
}

double hsf_system_wall_area(const hsf_system *sys)
{
    const hsf_boundary_type *b = sys->boundary.type.boundary;
    return b->wall_area ? b->wall_area(sys->boundary.state) : 0;
}

double hsf_system_volume(const hsf_system *sys)
{
    return sys->boundary.type.boundary->volume(sys->boundary.state);
}

void hsf_system_extent(const hsf_system *sys, double lo[3], double hi[3], int periodic[3])
{
    memcpy(lo, sys->lo, sizeof sys->lo);
    memcpy(hi, sys->hi, sizeof sys->hi);
    memcpy(periodic, sys->periodic, sizeof sys->periodic);
}

/* The bodies are written over the particle records they come from (a body
 * is smaller than a record, so body i never reaches record i + 1): at no
 * time are both held in full, which keeps the peak memory of a million
 * particles 72 MB lower. */
_Static_assert(sizeof(hsf_body) <= sizeof(hsf_particle), "bodies overlay particle records");

int hsf_system_take_particles(hsf_system *sys, hsf_particle_set *set, hsf_error *err)
{
    size_t n = set->n ? set->n : 1;
    void *m = NULL;
    if (posix_memalign(&m, 64, n * sizeof *sys->m))
        return hsf_error_set(err, "out of memory for %zu particles", set->n);
    sys->m = m;
    sys->n = set->n;
    unsigned char *bytes = (unsigned char *)set->p;
    for (size_t i = 0; i < set->n; i++) {
        hsf_particle p;
        memcpy(&p, bytes + i * sizeof p, sizeof p);
        hsf_motion *mi = &sys->m[i];
        memcpy(mi->r, p.r, sizeof mi->r);
        memcpy(mi->v, p.v, sizeof mi->v);
        mi->t = 0;
        mi->radius = p.radius;
        hsf_body b = { .mass = p.mass, .next = HSF_NONE };
        memcpy(b.image, p.image, sizeof b.image);
        memcpy(b.color, p.color, sizeof b.color);
        memcpy(bytes + i * sizeof b, &b, sizeof b);
    }
    hsf_body *bodies = realloc(bytes, n * sizeof *bodies);
    sys->b = bodies ? bodies : (hsf_body *)(void *)bytes;
    set->p = NULL;
    return 0;
}

unsigned hsf_system_species_count(const hsf_system *sys)
{
    return sys->n_species ? sys->n_species : 1;
}

unsigned hsf_system_species(const hsf_system *sys, size_t i)
{
    return sys->species ? sys->species[i] : 0;
}

const char *hsf_system_species_name(const hsf_system *sys, unsigned s)
{
    return sys->species_name && s < sys->n_species ? sys->species_name[s] : NULL;
}

size_t hsf_system_bond_count(const hsf_system *sys)
{
    return sys->n_bonds;
}

void hsf_system_bond(const hsf_system *sys, size_t k, uint32_t *i, uint32_t *j, double *length)
{
    *i = sys->bonds[k].i;
    *j = sys->bonds[k].j;
    *length = sys->bonds[k].length;
}

/* The pairs' energy is kept current by the engine; the field's, -m g.r
 * summed (height above the origin), is summed here. */
int hsf_system_fixed(const hsf_system *sys, size_t i)
{
    return sys->fixed ? sys->fixed[i] : 0;
}

size_t hsf_system_fixed_count(const hsf_system *sys)
{
    return sys->n_fixed;
}

double hsf_system_potential_energy(const hsf_system *sys)
{
    return hsf_system_add_field_energy(sys, sys->potential);
}

double hsf_system_add_field_energy(const hsf_system *sys, double u)
{
    for (size_t i = 0; hsf_in_field(sys) && i < sys->n; i++) {
        double r[3];
        hsf_motion_at(sys, &sys->m[i], sys->time, r, NULL);
        u -= sys->b[i].mass * hsf_dot(sys->gravity, r);
    }
    return u;
}

int hsf_system_take_species_and_bonds(hsf_system *sys, hsf_particle_set *set, hsf_bond *bonds,
                           size_t n_bonds, hsf_error *err)
{
    sys->bonds = bonds;
    sys->n_bonds = n_bonds;
    sys->n_species = set->n_species ? set->n_species : 1;
    sys->species_name = set->species_name;
    set->species_name = NULL;
    set->n_species = 0;
    sys->fixed = set->fixed;
    set->fixed = NULL;
    sys->n_fixed = 0;
    for (size_t i = 0; sys->fixed && i < set->n; i++)
        sys->n_fixed += sys->fixed[i];
    if (!sys->n_fixed) {
        free(sys->fixed);
        sys->fixed = NULL;
    }
    if (sys->n_species < 2)
        return 0;
    if (!(sys->species = malloc(set->n ? set->n : 1)))
        return hsf_error_set(err, "out of memory");
    for (size_t i = 0; i < set->n; i++)
        sys->species[i] = set->p[i].species;
    return 0;
}

void hsf_system_mark_wall_free(hsf_system *sys)
{
    if ((sys->search != HSF_SEARCH_CELLS && sys->search != HSF_SEARCH_LISTS) ||
        !sys->boundary.type.boundary->wall_free_box)
        return;
    double lo[3], hi[3];
    sys->boundary.type.boundary->wall_free_box(sys->boundary.state, lo, hi);
    hsf_cells_mark_wall_free(&sys->cells, lo, hi);
}

double hsf_system_packing_fraction(const hsf_system *sys)
{
    double filled = 0;
    for (size_t i = 0; i < sys->n; i++) {
        double r = sys->m[i].radius;
        filled += sys->dim == 2 ? M_PI * r * r : 4 * M_PI / 3 * r * r * r;
    }
    return filled / sys->boundary.type.boundary->volume(sys->boundary.state);
}

void hsf_system_release(hsf_system *sys)
{
    free(sys->species);
    if (sys->species_name)
        for (unsigned k = 0; k < sys->n_species; k++)
            free(sys->species_name[k]);
    free(sys->species_name);
    free(sys->bonds);
    free(sys->fixed);
    sys->fixed = NULL;
    sys->species = NULL;
    sys->species_name = NULL;
    sys->bonds = NULL;
    free(sys->m);
    free(sys->b);
    sys->m = NULL;
    sys->b = NULL;
}
