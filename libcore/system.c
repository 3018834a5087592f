/* Read access to the system for outputs: everything at the current time. */
#include <math.h>
#include <string.h>

#include "system_private.h"

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
    const hsf_particle *p = &sys->p[i];
    hsf_position_at(p, sys->time, out->r);
    for (int a = 0; a < 3; a++) {
        double len = sys->cells.len[a];
        out->unwrapped[a] = out->r[a] + p->image[a] * len;
        /* The engine lets a particle stray out of a periodic box by up to
         * the skin (without lists, by any amount) before it wraps it. */
        if (sys->periodic[a] && (out->r[a] < sys->lo[a] || out->r[a] >= sys->hi[a])) {
            out->r[a] -= len * floor((out->r[a] - sys->lo[a]) / len);
            if (out->r[a] >= sys->hi[a])
                out->r[a] = sys->lo[a];
        }
    }
    memcpy(out->v, p->v, sizeof out->v);
    out->radius = p->radius;
    out->mass = p->mass;
    memcpy(out->color, p->color, sizeof out->color);
    out->collisions = p->version;
}

void hsf_system_stats(const hsf_system *sys, hsf_stats *out)
{
    *out = sys->stats;
}

double hsf_system_kinetic_energy(const hsf_system *sys)
{
    double sum = 0;
    for (size_t i = 0; i < sys->n; i++) {
        const double *v = sys->p[i].v;
        sum += sys->p[i].mass * (v[0] * v[0] + v[1] * v[1] + v[2] * v[2]);
    }
    return sum / 2;
}

double hsf_system_wall_area(const hsf_system *sys)
{
    const hsf_boundary_type *b = sys->boundary;
    return b->wall_area ? b->wall_area(sys->boundary_state) : 0;
}

double hsf_system_volume(const hsf_system *sys)
{
    return sys->boundary->volume(sys->boundary_state);
}

void hsf_system_extent(const hsf_system *sys, double lo[3], double hi[3], int periodic[3])
{
    memcpy(lo, sys->lo, sizeof sys->lo);
    memcpy(hi, sys->hi, sizeof sys->hi);
    memcpy(periodic, sys->periodic, sizeof sys->periodic);
}
