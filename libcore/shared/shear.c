/* A sheared box: Lees-Edwards images (shear.h). */
#include <math.h>
#include <string.h>

#include "host/error_private.h"
#include "shared/shear.h"
#include "shared/shear_scan.h"

int hsf_shear_setup(hsf_system *sys, hsf_error *err)
{
    hsf_shear *sh = &sys->shear;
    memset(sh, 0, sizeof *sh);
    sh->flow = sh->gradient = -1;
    if (!sys->boundary.type.boundary->sliding)
        return 0;
    int f = -1, g = -1;
    double rate = sys->boundary.type.boundary->sliding(sys->boundary.state, &f, &g);
    const char *name = sys->boundary.plugin.info->name;
    if (f < 0 || f >= sys->dim || g < 0 || g >= sys->dim || f == g ||
        !sys->periodic[f] || !sys->periodic[g])
        return hsf_error_set(err, "boundary %s: sliding gave flow axis %d and gradient axis "
                             "%d: expected two different axes below %d, periodic in its "
                             "extent", name, f, g, sys->dim);
    if (!isfinite(rate) || rate == 0)
        return hsf_error_set(err, "boundary %s: sliding gave the shear rate %g: expected a "
                             "finite number other than 0", name, rate);
    sh->on = 1;
    sh->flow = f;
    sh->gradient = g;
    sh->rate = rate;
    sh->speed = rate * (sys->hi[g] - sys->lo[g]);
    return 0;
}

void hsf_shear_grid_ready(hsf_system *sys)
{
    hsf_shear *sh = &sys->shear;
    if (!sh->on)
        return;
    double slide = INFINITY;
    for (int li = 0; li < sys->cells.nlevels; li++)
        slide = fmin(slide, sys->cells.level[li].side[sh->flow]);
    sh->slide = slide;
    sh->period = slide / fabs(sh->speed);
}

double hsf_shear_offset(const hsf_system *sys, double t)
{
    double len = sys->cells.len[sys->shear.flow];
    double d = fmod(sys->shear.speed * t, len);
    return d < 0 ? d + len : d;
}

void hsf_shear_separation(const hsf_system *sys, double t, const double ri[3],
                          const double rj[3], double dr[3], double dv_image[3])
{
    hsf_shear_separation_at(sys, hsf_shear_offset(sys, t), ri, rj, dr, dv_image);
}

void hsf_shear_scan(const hsf_system *sys, uint32_t i, double now, double window,
                    hsf_shear_visit visit, void *ctx)
{
    hsf_shear_scan_as(sys, i, now, window, visit, NULL, ctx);
}

int hsf_shear_near_faces(const hsf_system *sys, uint32_t i)
{
    const hsf_cells *c = &sys->cells;
    int g = sys->shear.gradient;
    const hsf_cell_level *own = &c->level[sys->b[i].level];
    int32_t x[3];
    hsf_cell_coords(own, sys->b[i].cell, x);
    double reach = (sys->m[i].radius + c->rmax + 2 * c->skin) * (1 + 1e-9);
    return x[g] * own->side[g] - reach < 0 || (x[g] + 1) * own->side[g] + reach > c->len[g];
}

/* Replaces particle i by its image one period down (dir = 1) or up
 * (dir = -1) along the gradient, moved and slowed as the images are. */
static void take_image(hsf_system *sys, uint32_t i, int dir)
{
    hsf_shear *sh = &sys->shear;
    hsf_cells *c = &sys->cells;
    hsf_motion *m = &sys->m[i];
    hsf_body *b = &sys->b[i];
    int f = sh->flow, g = sh->gradient;
    double len_f = c->len[f], lo_f = c->lo[f];
    m->r[g] -= dir * c->len[g];
    b->image[g] += dir;
    m->r[f] -= dir * hsf_shear_offset(sys, sys->time);
    if (m->r[f] < lo_f)
        m->r[f] += len_f, b->image[f]--;
    else if (m->r[f] >= lo_f + len_f)
        m->r[f] -= len_f, b->image[f]++;
    if (m->r[f] >= lo_f + len_f)    /* -1e-17 + len rounds to len */
        m->r[f] = lo_f;
    double before = m->v[f];
    m->v[f] -= dir * sh->speed;
    sh->work += 0.5 * b->mass * (m->v[f] * m->v[f] - before * before);
    sh->momentum += b->mass * (m->v[f] - before);
    sh->crossings++;
}

double hsf_shear_view(const hsf_system *sys, double r[3], double v[3])
{
    const hsf_shear *sh = &sys->shear;
    int f = sh->flow, g = sh->gradient;
    double len = sys->cells.len[g];
    double k = floor((r[g] - sys->cells.lo[g]) / len);
    if (k != 0) {
        r[g] -= k * len;
        r[f] -= k * hsf_shear_offset(sys, sys->time);
        v[f] -= k * sh->speed;
    }
    return k;
}

int hsf_shear_come_back(hsf_system *sys, uint32_t i)
{
    int g = sys->shear.gradient;
    double y = sys->m[i].r[g];
    if (y >= sys->cells.lo[g] && y < sys->cells.lo[g] + sys->cells.len[g])
        return 0;
    take_image(sys, i, y >= sys->cells.lo[g] ? 1 : -1);
    return 1;
}

void hsf_shear_cross(hsf_system *sys, uint32_t i, int dir)
{
    hsf_cells *c = &sys->cells;
    hsf_motion *m = &sys->m[i];
    hsf_body *b = &sys->b[i];
    int f = sys->shear.flow, g = sys->shear.gradient;
    take_image(sys, i, dir);
    const hsf_cell_level *l = &c->level[b->level];
    int32_t x[3];
    hsf_cell_coords(l, b->cell, x);
    x[g] = dir > 0 ? 0 : (int32_t)l->n[g] - 1;
    int32_t xf = hsf_floor_int((m->r[f] - c->lo[f]) / l->side[f]);
    x[f] = xf < 0 ? 0 : xf >= (int32_t)l->n[f] ? (int32_t)l->n[f] - 1 : xf;
    hsf_cells_refile(c, sys->b, i,
                     ((uint32_t)x[2] * l->n[1] + (uint32_t)x[1]) * l->n[0] + (uint32_t)x[0]);
}

/* The anchor's lead (hsf_shear_anchor_lead): its most, as a share of the
 * skin; the weight of the particle's own velocity in its drift, which
 * lasts until its next collision where the flow's lasts the list's life;
 * and the weight of that velocity's speed against the drift's in the
 * lead's length. */
#define ANCHOR_LEAD 0.95
#define OWN_DRIFT 0.2
#define OWN_SPREAD 0.2

void hsf_shear_anchor_lead(const hsf_system *sys, uint32_t i, double ahead[3])
{
    const hsf_motion *m = &sys->m[i];
    double u[3], w[3], c2 = 0, w2 = 0;
    hsf_system_flow_velocity(sys, m->r, u);
    for (int a = 0; a < 3; a++) {
        double c = m->v[a] - u[a];
        w[a] = u[a] + OWN_DRIFT * c;
        c2 += c * c;
        w2 += w[a] * w[a];
    }
    double speed = sqrt(w2) + OWN_SPREAD * sqrt(c2), lead = ANCHOR_LEAD * sys->cells.skin;
    for (int a = 0; a < 3; a++)
        ahead[a] = speed > 0 ? lead * w[a] / speed : 0;
}

void hsf_shear_impose_profile(hsf_system *sys)
{
    for (uint32_t i = 0; i < sys->n; i++) {
        double u[3];
        hsf_system_flow_velocity(sys, sys->m[i].r, u);
        for (int a = 0; a < 3; a++)
            sys->m[i].v[a] += u[a];
    }
}

double hsf_system_shear(const hsf_system *sys, int *flow, int *gradient)
{
    if (flow)
        *flow = sys->shear.on ? sys->shear.flow : -1;
    if (gradient)
        *gradient = sys->shear.on ? sys->shear.gradient : -1;
    return sys->shear.on ? sys->shear.rate : 0;
}

void hsf_system_flow_velocity(const hsf_system *sys, const double r[3], double u[3])
{
    u[0] = u[1] = u[2] = 0;
    const hsf_shear *sh = &sys->shear;
    if (sh->on) {
        double centre = 0.5 * (sys->lo[sh->gradient] + sys->hi[sh->gradient]);
        u[sh->flow] = sh->rate * (r[sh->gradient] - centre);
    }
}

void hsf_system_separation(const hsf_system *sys, const double ri[3], const double rj[3],
                           double dr[3])
{
    double image_v[3];
    if (sys->shear.on)
        hsf_shear_separation(sys, sys->time, ri, rj, dr, image_v);
    else
        hsf_separation(sys, ri, rj, dr);
}
