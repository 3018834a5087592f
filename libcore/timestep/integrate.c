/* The integrators (integrate.h).  With x the positions, v the velocities
 * and a(x, v) the accelerations:
 *   euler      x' = x + v dt,           v' = v + a(x, v) dt
 *   symplectic v' = v + a(x, v) dt,     x' = x + v' dt   (semi-implicit Euler)
 *   verlet     v+ = v + a dt / 2, x' = x + v+ dt, v' = v+ + a(x', v+) dt / 2
 *   rk4        the classical fourth-order Runge-Kutta on (x, v)
 * Euler's energy error grows steadily; the symplectic Euler and velocity
 * Verlet keep it bounded for conservative forces (Hairer, Lubich and
 * Wanner, Geometric Numerical Integration, 2006); RK4 is more accurate per
 * step but not symplectic (its energy drifts slowly). */
#include <string.h>

#include "timestep/integrate.h"
#include "timestep/step.h"

static int euler(hsf_timestep *st, hsf_system *sys, double dt, hsf_error *err)
{
    size_t m = 3 * st->n;
    for (size_t k = 0; k < m; k++) {
        st->r[k] += st->v[k] * dt;
        st->v[k] += st->a[k] * dt;
    }
    if (hsf_timestep_bounce(st, sys, dt, dt, err))
        return -1;
    return hsf_timestep_accelerations(st, sys, st->r, st->v, st->a, &st->potential, err);
}

static int symplectic(hsf_timestep *st, hsf_system *sys, double dt, hsf_error *err)
{
    size_t m = 3 * st->n;
    for (size_t k = 0; k < m; k++) {
        st->v[k] += st->a[k] * dt;
        st->r[k] += st->v[k] * dt;
    }
    if (hsf_timestep_bounce(st, sys, dt, dt, err))
        return -1;
    return hsf_timestep_accelerations(st, sys, st->r, st->v, st->a, &st->potential, err);
}

static int verlet(hsf_timestep *st, hsf_system *sys, double dt, hsf_error *err)
{
    size_t m = 3 * st->n;
    for (size_t k = 0; k < m; k++) {
        st->v[k] += st->a[k] * dt / 2;
        st->r[k] += st->v[k] * dt;
    }
    if (hsf_timestep_bounce(st, sys, dt, dt / 2, err) ||
        hsf_timestep_accelerations(st, sys, st->r, st->v, st->a, &st->potential, err))
        return -1;
    for (size_t k = 0; k < m; k++)
        st->v[k] += st->a[k] * dt / 2;
    return 0;
}

/* Stage s of RK4 from y0 = (r, v) along the slopes (vs, as) scaled by h:
 * rt = r + h vs, vt = v + h as, then at = a(rt, vt). */
static int rk4_stage(hsf_timestep *st, const hsf_system *sys, const double *vs, const double *as,
                     double h, double *rt, double *vt, double *at, hsf_error *err)
{
    size_t m = 3 * st->n;
    for (size_t k = 0; k < m; k++) {
        rt[k] = st->r[k] + h * vs[k];
        vt[k] = st->v[k] + h * as[k];
    }
    double unused = 0;
    return hsf_timestep_accelerations(st, sys, rt, vt, at, &unused, err);
}

static int rk4(hsf_timestep *st, hsf_system *sys, double dt, hsf_error *err)
{
    size_t m = 3 * st->n;
    double *rt = st->scratch, *vt = rt + m, *at = vt + m, *sum_v = at + m, *sum_a = sum_v + m;
    /* k1 = (v, a); each stage reads the previous one's slopes (vt, at)
     * element by element before overwriting them, so they may alias. */
    memcpy(sum_v, st->v, m * sizeof *sum_v);
    memcpy(sum_a, st->a, m * sizeof *sum_a);
    static const double h[3] = { 0.5, 0.5, 1 }, w[3] = { 2, 2, 1 };
    const double *vs = st->v, *as = st->a;
    for (int s = 0; s < 3; s++) {
        if (rk4_stage(st, sys, vs, as, h[s] * dt, rt, vt, at, err))
            return -1;
        for (size_t k = 0; k < m; k++) {
            sum_v[k] += w[s] * vt[k];
            sum_a[k] += w[s] * at[k];
        }
        vs = vt;
        as = at;
    }
    for (size_t k = 0; k < m; k++) {
        st->r[k] += dt / 6 * sum_v[k];
        st->v[k] += dt / 6 * sum_a[k];
    }
    if (hsf_timestep_bounce(st, sys, dt, dt, err))
        return -1;
    return hsf_timestep_accelerations(st, sys, st->r, st->v, st->a, &st->potential, err);
}

static const hsf_integrator integrators[] = {
    { "euler", "explicit Euler, first order (energy grows)", 1, euler },
    { "symplectic", "semi-implicit (symplectic) Euler, first order, energy bounded", 1,
      symplectic },
    { "verlet", "velocity Verlet, second order, symplectic", 2, verlet },
    { "rk4", "classical Runge-Kutta, fourth order", 4, rk4 },
};

const hsf_integrator *hsf_integrator_find(const char *name)
{
    for (size_t k = 0; k < sizeof integrators / sizeof *integrators; k++)
        if (!strcmp(integrators[k].name, name))
            return &integrators[k];
    return NULL;
}

const char *hsf_integrator_names(void)
{
    return "euler, symplectic, verlet, rk4";
}
