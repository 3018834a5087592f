/* The Andersen thermostat (H. C. Andersen, J. Chem. Phys. 72, 2384
 * (1980)): each particle meets the heat bath at the times of a Poisson
 * process of rate `rate`, and its velocity is then drawn anew from the
 * Maxwell-Boltzmann distribution at the bath's temperature.  For the
 * whole system that is one process of rate N * rate, each event picking
 * a particle at random.  The run samples the canonical ensemble.  In a
 * sheared box the bath moves with the stream: the velocity is drawn about
 * the streaming velocity at the particle's position, so the bath takes
 * away the viscous heating and leaves the shear flow alone. */
#include <math.h>

#include <hsframe/hsframe.h>

typedef struct andersen {
    double kT;              /* the bath's temperature, with k_B = 1 */
    double rate;            /* of the whole system: N times the rate per particle */
} andersen;

static const hsf_param andersen_params[] = {
    { "temperature", HSF_PARAM_DOUBLE, NULL, 0, 1e300,
      "the bath's temperature kT (energy, the units of m v^2; k_B = 1)" },
    { "rate", HSF_PARAM_DOUBLE, "1", 0, 1e300,
      "collisions of each particle with the bath per unit time; 0: none (the run is the "
      "microcanonical one, bit for bit)" },
    { NULL, 0, NULL, 0, 0, NULL }
};

static int andersen_init(void *state, const hsf_config *cfg, const hsf_system *sys,
                         hsf_error *err)
{
    andersen *a = state;
    a->kT = hsf_config_double(cfg, "temperature");
    a->rate = hsf_config_double(cfg, "rate") * (double)hsf_system_count(sys);
    if (!(a->kT > 0))
        return hsf_config_error(cfg, err, "temperature", "expected a temperature > 0, found %g",
                                a->kT);
    return 0;
}

/* The time of the next event after now: exponential waiting times. */
static double next_after(const andersen *a, hsf_control *c, double now)
{
    if (!(a->rate > 0))
        return INFINITY;
    return now - log(hsf_control_uniform(c)) / a->rate;
}

static double andersen_start(void *state, hsf_control *c)
{
    return next_after(state, c, hsf_system_time(hsf_control_system(c)));
}

static int andersen_fire(void *state, hsf_control *c, double *next, hsf_error *err)
{
    (void)err;
    const andersen *a = state;
    const hsf_system *sys = hsf_control_system(c);
    size_t n = hsf_system_count(sys);
    /* u in (0, 1]: ceil(u n) is 1 to n, each as likely. */
    size_t i = (size_t)ceil(hsf_control_uniform(c) * (double)n) - 1;
    hsf_particle_view p;
    hsf_system_particle(sys, i, &p);
    double sigma = sqrt(a->kT / p.mass), v[3] = { 0, 0, 0 };
    for (int k = 0; k < hsf_system_dim(sys); k++)
        v[k] = sigma * hsf_control_normal(c);
    if (hsf_system_shear(sys, NULL, NULL) != 0) {
        double u[3];
        hsf_system_flow_velocity(sys, p.r, u);
        for (int k = 0; k < 3; k++)
            v[k] += u[k];
    }
    hsf_control_set_velocity(c, i, v);
    *next = next_after(a, c, hsf_system_time(sys));
    return 0;
}

static const hsf_thermostat_type andersen_type = {
    .state_size = sizeof(andersen),
    .init = andersen_init,
    .start = andersen_start,
    .fire = andersen_fire,
};

HSF_PLUGIN(HSF_PLUGIN_THERMOSTAT, "andersen",
           "Andersen thermostat: velocities redrawn from Maxwell-Boltzmann at Poisson times",
           andersen_params, &andersen_type)
