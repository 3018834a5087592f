/* The time-step engine's setup, forces and teardown (step.h). */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "host/error_private.h"
#include "host/plugin_instance.h"
#include "timestep/step.h"

const hsf_param hsf_timestep_params[] = {
    { "engine", HSF_PARAM_STRING, "event", 0, 0,
      "event: event-driven hard particles (exact); timestep: Newton's equations in steps "
      "of dt under [force.NAME] forces, with hard-disc contact at the end of each step; "
      "ecmc: event-chain Monte Carlo of hard discs and spheres in a periodic box ([ecmc])" },
    { "integrator", HSF_PARAM_STRING, "verlet", 0, 0,
      "engine = timestep: euler, symplectic (semi-implicit Euler), verlet (velocity "
      "Verlet) or rk4 (classical Runge-Kutta)" },
    { "dt", HSF_PARAM_DOUBLE, "0", 0, 1e300, "engine = timestep: the time step (required)" },
    { "contact", HSF_PARAM_BOOL, "yes", 0, 0,
      "engine = timestep: unbonded pairs found overlapping and approaching at the end of a "
      "step collide elastically; no: particles pass through each other" },
    { "compare", HSF_PARAM_BOOL, "no", 0, 0,
      "engine = timestep: also run the event-driven engine on the same particles to "
      "end_time (no outputs, no forces allowed) and report its exact collision count" },
    { NULL, 0, NULL, 0, 0, NULL }
};

int hsf_timestep_accelerations(hsf_timestep *st, const hsf_system *sys, const double *r,
                           const double *v, double *acc, double *potential, hsf_error *err)
{
    size_t m = 3 * st->n;
    memset(acc, 0, m * sizeof *acc);
    double u = 0;
    for (size_t k = 0; k < st->n_forces; k++) {
        hsf_force_slot *f = &st->forces[k];
        double before = u;
        if (f->in.type.force->compute(f->in.state, sys, r, v, acc, &u, err))
            return hsf_error_prefix(err, "[%s] (%s) at t = %.17g: ", f->in.cfg.section,
                                    f->in.plugin.info->name, sys->time);
        if (!isfinite(u) && isfinite(before))
            return hsf_error_set(err, "[%s] (%s) at t = %.17g: the potential energy is %g",
                                 f->in.cfg.section, f->in.plugin.info->name, sys->time, u);
    }
    /* Checked for nearly free, as plugins' answers are (README): a force
     * that is not a number stops the run here, not in a later output. */
    for (size_t i = 0; i < st->n; i++)
        for (int a = 0; a < 3; a++) {
            acc[3 * i + a] *= st->inv_mass[i];
            if (!isfinite(acc[3 * i + a]))
                return hsf_error_set(err, "at t = %.17g the force on particle %zu is %g "
                                     "along %c: a force plugin gave a value that is not a "
                                     "number, or the step dt is too long for the forces",
                                     sys->time, i + 1, acc[3 * i + a] / st->inv_mass[i], "xyz"[a]);
        }
    if (st->dim == 2)
        for (size_t i = 0; i < st->n; i++)
            acc[3 * i + 2] = 0;
    *potential = u;
    st->force_calls++;
    return 0;
}

static double *alloc_vectors(size_t n, size_t count)
{
    return calloc(3 * (n ? n : 1) * count, sizeof(double));
}

int hsf_timestep_prepare(hsf_timestep *st, const hsf_config *sim, hsf_system *sys, hsf_error *err)
{
    const char *name = hsf_config_string(sim, "integrator");
    if (!(st->integrator = hsf_integrator_find(name)))
        return hsf_config_error(sim, err, "integrator", "expected one of %s, found '%s'",
                                hsf_integrator_names(), name);
    st->dt = hsf_config_double(sim, "dt");
    if (!(st->dt > 0))
        return hsf_config_error(sim, err, "dt", "engine = timestep needs a time step dt > 0");
    if (sys->end_time / st->dt > 1e15)
        return hsf_config_error(sim, err, "dt", "end_time / dt = %g steps: too many",
                                sys->end_time / st->dt);
    st->contact = hsf_config_bool(sim, "contact");
    st->reference_collisions = st->reference_wall_hits = -1;
    st->n = sys->n;
    st->dim = sys->dim;
    if (!(st->r = alloc_vectors(sys->n, 1)) || !(st->v = alloc_vectors(sys->n, 1)) ||
        !(st->a = alloc_vectors(sys->n, 1)) || !(st->r0 = alloc_vectors(sys->n, 1)) ||
        !(st->scratch = alloc_vectors(sys->n, HSF_INTEGRATOR_SCRATCH + 1)) ||
        !(st->inv_mass = calloc(sys->n ? sys->n : 1, sizeof *st->inv_mass)))
        return hsf_error_set(err, "out of memory for %zu particles", sys->n);
    for (size_t i = 0; i < sys->n; i++) {
        memcpy(st->r + 3 * i, sys->m[i].r, 3 * sizeof *st->r);
        memcpy(st->v + 3 * i, sys->m[i].v, 3 * sizeof *st->v);
        st->inv_mass[i] = 1 / sys->b[i].mass;
    }
    for (size_t k = 0; k < st->n_forces; k++) {
        hsf_force_slot *f = &st->forces[k];
        if (!hsf_instance_state(&f->in))
            return hsf_error_set(err, "out of memory");
        f->in.initialised = 1;
        if (f->in.type.force->init(f->in.state, &f->in.cfg, sys, err))
            return hsf_error_prefix(err, "[%s] (%s): ", f->in.cfg.section,
                                    f->in.plugin.info->name);
    }
    if (hsf_timestep_accelerations(st, sys, st->r, st->v, st->a, &st->potential, err))
        return -1;
    sys->potential = st->potential;
    st->energy0 = hsf_system_kinetic_energy(sys) + st->potential;
    return 0;
}

void hsf_timestep_free(hsf_timestep *st)
{
    for (size_t k = 0; k < st->n_forces; k++) {
        hsf_force_slot *f = &st->forces[k];
        hsf_instance_close(&f->in);
    }
    free(st->forces);
    free(st->r);
    free(st->v);
    free(st->a);
    free(st->r0);
    free(st->scratch);
    free(st->inv_mass);
    hsf_contact_free(&st->grid);
    memset(st, 0, sizeof *st);
}
