/* Rotation of rough particles (spin.h).  The tangential impulse follows
 * from the velocity of the contact point: for particles i and j with
 * contact offsets -a_i n and +a_j n (n the unit vector from j to i), the
 * surfaces slip at g_t, the tangential part of v_i - v_j - (a_i w_i +
 * a_j w_j) x n.  An impulse J along g_t changes g_t by k J, with
 * k = 1/m_i + 1/m_j + a_i^2/I_i + a_j^2/I_j, so J = -(1 + beta) g_t / k
 * leaves -beta g_t; Walton's Coulomb limit caps |J| at mu times the normal
 * impulse.  The energy it takes is (1 - beta^2) |g_t|^2 / (2 k) when the
 * contact sticks, s |g_t| - k s^2 / 2 when it slides with |J| = s
 * (S. Luding et al., Phys. Rev. E 58, 3416 (1998), section II). */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include <hsframe/system.h>

#include "shared/physics.h"
#include "shared/system_private.h"
#include "host/error_private.h"
#include "model/model.h"

int hsf_spin_wanted(const hsf_config *bcfg, const hsf_particle_set *set)
{
    return set->omega != NULL ||
           (hsf_config_double(bcfg, "tangential_restitution") > -1 &&
            hsf_config_double(bcfg, "friction") > 0);
}

int hsf_spin_open(hsf_system *sys, const hsf_config *bcfg, const hsf_particle_set *set,
                  hsf_error *err)
{
    hsf_model *md = sys->model;
    hsf_spin *s = &md->spin;
    s->wall_tangential = hsf_config_double(bcfg, "tangential_restitution");
    s->wall_friction = hsf_config_double(bcfg, "friction");
    if (s->wall_friction >= 1e300)
        s->wall_friction = INFINITY;
    s->wall_rough = s->wall_tangential > -1 && s->wall_friction > 0;
    int rough_rule = 0;
    for (unsigned k = 0; k < md->n_species * md->n_species; k++)
        rough_rule |= md->rule[k].rough;
    s->on = rough_rule || s->wall_rough || set->omega != NULL;
    if (!s->on)
        return 0;
    if (s->wall_rough && !sys->boundary.type.boundary->normal)
        return hsf_error_set(err, "[boundary] tangential_restitution: boundary %s cannot turn "
                             "particles at its walls (it has no normal, plugin ABI 1.5)",
                             sys->boundary.plugin.info->name);
    size_t n = set->n ? set->n : 1;
    if (!(s->omega = calloc(3 * n, sizeof *s->omega)) ||
        !(s->inertia = malloc(n * sizeof *s->inertia)))
        return hsf_error_set(err, "out of memory for the spins of %zu particles", set->n);
    double solid = sys->dim == 2 ? 0.5 : 0.4;
    for (size_t i = 0; i < set->n; i++) {
        const hsf_particle *p = &set->p[i];
        double q = set->inertia ? set->inertia[i] : s->factor ? s->factor[p->species] : 0;
        s->inertia[i] = (q > 0 ? q : solid) * p->mass * p->radius * p->radius;
        if (set->omega)
            memcpy(&s->omega[3 * i], &set->omega[3 * i], 3 * sizeof *s->omega);
    }
    return 0;
}

void hsf_spin_close(hsf_spin *s)
{
    free(s->omega);
    free(s->inertia);
    free(s->factor);
    memset(s, 0, sizeof *s);
}

static void cross(const double a[3], const double b[3], double out[3])
{
    out[0] = a[1] * b[2] - a[2] * b[1];
    out[1] = a[2] * b[0] - a[0] * b[2];
    out[2] = a[0] * b[1] - a[1] * b[0];
}

/* The tangential impulse onto the first body of a contact slipping at g
 * (whose normal part is removed here) with inverse effective mass k, for
 * beta and mu and normal impulse jn; in j, with the energy it takes as
 * the return value. */
static double tangential_impulse(double g[3], const double n[3], double k, double beta,
                                 double mu, double jn, double j[3])
{
    double gn = hsf_dot(g, n);
    for (int a = 0; a < 3; a++)
        g[a] -= gn * n[a];
    double slip = sqrt(hsf_dot(g, g));
    double stick = (1 + beta) * slip / k;       /* |J| of a sticking contact */
    if (!(slip > 0)) {
        j[0] = j[1] = j[2] = 0;
        return 0;
    }
    double size = stick, lost;
    if (mu * jn < stick) {                      /* Coulomb: the surfaces slide */
        size = mu * jn;
        lost = size * slip - 0.5 * k * size * size;
    } else {
        lost = (1 - beta * beta) * slip * slip / (2 * k);
    }
    for (int a = 0; a < 3; a++)
        j[a] = -size * g[a] / slip;
    return lost;
}

double hsf_spin_pair(hsf_system *sys, const hsf_rule *r, uint32_t i, uint32_t j,
                     const double dr[3], double jn)
{
    hsf_model *md = sys->model;
    hsf_spin *s = &md->spin;
    double d = sqrt(hsf_dot(dr, dr)), n[3] = { dr[0] / d, dr[1] / d, dr[2] / d };
    /* The contact point divides the distance as the radii do. */
    double ai = d * md->radius[i] / (md->radius[i] + md->radius[j]), aj = d - ai;
    double *wi = &s->omega[3 * i], *wj = &s->omega[3 * j];
    /* A fixed particle (infinite mass and moment of inertia) neither moves
     * nor turns. */
    double mi = hsf_collision_mass(sys, i), mj = hsf_collision_mass(sys, j);
    double Ii = isinf(mi) ? INFINITY : s->inertia[i], Ij = isinf(mj) ? INFINITY : s->inertia[j];
    double w[3], wxn[3], g[3], J[3], t[3];
    for (int a = 0; a < 3; a++)
        w[a] = ai * wi[a] + aj * wj[a];
    cross(w, n, wxn);
    for (int a = 0; a < 3; a++)
        g[a] = sys->m[i].v[a] - sys->m[j].v[a] - wxn[a];
    double k = 1 / mi + 1 / mj + ai * ai / Ii + aj * aj / Ij;
    double lost = tangential_impulse(g, n, k, r->tangential, r->friction, jn, J);
    cross(n, J, t);
    for (int a = 0; a < 3; a++) {
        sys->m[i].v[a] += J[a] / mi;
        sys->m[j].v[a] -= J[a] / mj;
        wi[a] -= ai * t[a] / Ii;
        wj[a] -= aj * t[a] / Ij;
    }
    return lost;
}

double hsf_spin_wall(hsf_system *sys, uint32_t i, const double n[3], double jn)
{
    hsf_model *md = sys->model;
    hsf_spin *s = &md->spin;
    double a = sys->radius_now ? sys->radius_now(sys, i) : md->radius[i];
    double *w = &s->omega[3 * i], m = sys->b[i].mass, I = s->inertia[i];
    double wxn[3], g[3], J[3], t[3];
    cross(w, n, wxn);
    for (int c = 0; c < 3; c++)
        g[c] = sys->m[i].v[c] - a * wxn[c];
    double lost = tangential_impulse(g, n, 1 / m + a * a / I, s->wall_tangential,
                                     s->wall_friction, jn, J);
    cross(n, J, t);
    for (int c = 0; c < 3; c++) {
        sys->m[i].v[c] += J[c] / m;
        w[c] -= a * t[c] / I;
    }
    return lost;
}

double hsf_spin_energy(const hsf_system *sys)
{
    const hsf_spin *s = sys->model ? &sys->model->spin : NULL;
    if (!s || !s->on)
        return 0;
    double e = 0;
    for (size_t i = 0; i < sys->n; i++) {
        const double *w = &s->omega[3 * i];
        e += 0.5 * s->inertia[i] * hsf_dot(w, w);
    }
    return e;
}

double hsf_system_spin(const hsf_system *sys, size_t i, double omega[3])
{
    const hsf_spin *s = sys->model ? &sys->model->spin : NULL;
    if (!s || !s->on) {
        omega[0] = omega[1] = omega[2] = 0;
        return 0;
    }
    memcpy(omega, &s->omega[3 * i], 3 * sizeof *omega);
    return s->inertia[i];
}

double hsf_system_rotational_energy(const hsf_system *sys)
{
    return hsf_spin_energy(sys);
}
