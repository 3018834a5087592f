/* transport: shear viscosity and thermal conductivity in equilibrium by
 * the Einstein-Helfand method (E. Helfand, Phys. Rev. 119, 1 (1960);
 * for hard spheres B. J. Alder, D. M. Gass and T. E. Wainwright, J. Chem.
 * Phys. 53, 3813 (1970)).  The Helfand moments
 *
 *   G_ab = sum_i m_i v_ia r_ib   (a != b)      G_a = sum_i e_i r_ia
 *
 * are followed exactly through the periodic boundaries by their
 * increments: between events, the integral of the kinetic currents
 * sum m v_a v_b and sum e_i v_ia (constant between pair events); at each
 * pair event, the collisional transfer J_a dr_b and de_i dr_a, with J the
 * impulse onto i, de_i the energy it gains and dr = r_i - r_j (event.h).
 * e_i is the kinetic energy plus half the pair energies of the steps the
 * particle sits in.  Then, with V the volume and kT the mean temperature,
 *
 *   eta    = <[G_ab(t + s) - G_ab(t)]^2> / (2 V kT s)
 *   lambda = <[G_a(t + s) - G_a(t)]^2> / (2 V kT^2 s)
 *
 * for large lags s: the slope of the mean squared increment over the
 * second half of the window, averaged over the components, over the time
 * origins of every sample (t >= start).  The run is cut into `blocks`
 * equal parts, each fitted alone: the error is their standard deviation
 * over sqrt(blocks).  Velocities must change only at pair events: a
 * periodic boundary, no field and no thermostat (checked at every sample).
 * In 2D these coefficients do not exist in the strict sense (long-time
 * tails make the slope grow like log s): the file says so. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include <hsframe/hsframe.h>

/* The moments of one sample: 3 shear (xy, xz, yz) and 3 heat (x, y, z). */
#define MOMENTS 6

typedef struct transport {
    const char *file;
    hsf_atomic_file *out;
    int dim;
    size_t n;
    double window, start, volume;
    unsigned blocks;
    /* The currents now and their integrals since time 0. */
    double last;            /* time the integrals reach */
    double shear[3], heat[3];       /* sum m v_a v_b (xy xz yz), sum e_i v_ia */
    double g[MOMENTS];              /* the moments, less their value at time 0 */
    double *u;              /* n: half the pair energies of each particle */
    /* Samples (t >= start): their times, moments and temperatures. */
    size_t count, cap;
    double *times, *moments, *temps;
    double interval;
} transport;

static const hsf_param transport_params[] = {
    { "file", HSF_PARAM_STRING, NULL, 0, 0, "CSV file to write, relative to the current directory" },
    { "window", HSF_PARAM_DOUBLE, "5", 1e-12, 1e300,
      "largest lag of the Helfand moments' mean squared increments (simulated time); the "
      "slope is fitted over its second half" },
    { "start", HSF_PARAM_DOUBLE, "0", 0, 1e300, "samples before this time are left out" },
    { "blocks", HSF_PARAM_INT, "5", 2, 1000, "independent parts of the run, for the errors" },
    { NULL, 0, NULL, 0, 0, NULL }
};

static const int pair_a[3] = { 0, 0, 1 }, pair_b[3] = { 1, 2, 2 };

/* The currents summed afresh from the particles. */
static void currents(const transport *t, const hsf_system *sys, double shear[3], double heat[3])
{
    memset(shear, 0, 3 * sizeof *shear);
    memset(heat, 0, 3 * sizeof *heat);
    for (size_t i = 0; i < t->n; i++) {
        hsf_particle_view p;
        hsf_system_particle(sys, i, &p);
        double e = 0.5 * p.mass * (p.v[0] * p.v[0] + p.v[1] * p.v[1] + p.v[2] * p.v[2]) + t->u[i];
        for (int c = 0; c < 3; c++) {
            shear[c] += p.mass * p.v[pair_a[c]] * p.v[pair_b[c]];
            heat[c] += e * p.v[c];
        }
    }
}

static int transport_init(void *state, const hsf_config *cfg, const hsf_system *sys,
                          hsf_error *err)
{
    transport *t = state;
    t->file = hsf_config_string(cfg, "file");
    t->window = hsf_config_double(cfg, "window");
    t->start = hsf_config_double(cfg, "start");
    t->blocks = (unsigned)hsf_config_int(cfg, "blocks");
    t->dim = hsf_system_dim(sys);
    t->n = hsf_system_count(sys);
    t->volume = hsf_system_volume(sys);
    t->interval = hsf_config_double(cfg, "interval");
    if (!(t->interval > 0))
        return hsf_error_set(err, "interval: expected the time between samples (> 0), found "
                             "%g", t->interval);
    double lo[3], hi[3];
    int periodic[3];
    hsf_system_extent(sys, lo, hi, periodic);
    for (int a = 0; a < t->dim; a++)
        if (!periodic[a])
            return hsf_error_set(err, "the Helfand moments need a periodic boundary: axis %c "
                                 "has walls", "xyz"[a]);
    if (hsf_system_shear(sys, NULL, NULL) != 0)
        return hsf_error_set(err, "the Einstein-Helfand method is for a fluid in equilibrium, "
                             "and this box is sheared: the stress output measures the "
                             "viscosity under shear");
    if (!(t->u = calloc(t->n ? t->n : 1, sizeof *t->u)))
        return hsf_error_set(err, "out of memory");
    return hsf_atomic_check(t->file, err);
}

static int transport_begin(void *state, const hsf_system *sys, hsf_error *err)
{
    transport *t = state;
    if (!(t->out = hsf_atomic_open(t->file, err)))
        return -1;
    currents(t, sys, t->shear, t->heat);
    t->last = hsf_system_time(sys);
    return 0;
}

/* The integrals of the currents up to now. */
static void integrate(transport *t, double now)
{
    double dt = now - t->last;
    for (int c = 0; c < 3; c++) {
        t->g[c] += t->shear[c] * dt;
        t->g[3 + c] += t->heat[c] * dt;
    }
    t->last = now;
}

/* A pair event: the collisional transfer, and the currents of i and j
 * from before (velocities less the impulse) to after. */
static int transport_event(void *state, const hsf_system *sys, const hsf_event_info *ev,
                           hsf_error *err)
{
    (void)err;
    transport *t = state;
    integrate(t, ev->time);
    double d2 = ev->dr[0] * ev->dr[0] + ev->dr[1] * ev->dr[1] + ev->dr[2] * ev->dr[2];
    if (!(d2 > 0))
        return 0;
    double j[3];
    for (int a = 0; a < 3; a++)
        j[a] = ev->virial * ev->dr[a] / d2;
    hsf_particle_view p[2];
    hsf_system_particle(sys, ev->i, &p[0]);
    hsf_system_particle(sys, ev->j, &p[1]);
    uint32_t who[2] = { ev->i, ev->j };
    double before[2][3], k0[2], k1[2];
    for (int s = 0; s < 2; s++) {
        double sign = s ? -1 : 1;
        k0[s] = k1[s] = 0;
        for (int a = 0; a < 3; a++) {
            before[s][a] = p[s].v[a] - sign * j[a] / p[s].mass;
            k0[s] += 0.5 * p[s].mass * before[s][a] * before[s][a];
            k1[s] += 0.5 * p[s].mass * p[s].v[a] * p[s].v[a];
        }
    }
    /* The pair's energy changes by -(dk_i + dk_j), shared half and half:
     * i gains de = (dk_i - dk_j) / 2, j loses as much. */
    double half_du = -0.5 * ((k1[0] - k0[0]) + (k1[1] - k0[1]));
    for (int s = 0; s < 2; s++) {
        double e0 = k0[s] + t->u[who[s]], e1 = k1[s] + t->u[who[s]] + half_du;
        t->u[who[s]] += half_du;
        for (int c = 0; c < 3; c++) {
            t->shear[c] += p[s].mass * (p[s].v[pair_a[c]] * p[s].v[pair_b[c]] -
                                        before[s][pair_a[c]] * before[s][pair_b[c]]);
            t->heat[c] += e1 * p[s].v[c] - e0 * before[s][c];
        }
    }
    double de = 0.5 * ((k1[0] - k0[0]) - (k1[1] - k0[1]));
    for (int c = 0; c < 3; c++) {
        t->g[c] += j[pair_a[c]] * ev->dr[pair_b[c]];
        t->g[3 + c] += de * ev->dr[c];
    }
    return 0;
}

static int transport_sample(void *state, const hsf_system *sys, hsf_error *err)
{
    transport *t = state;
    double now = hsf_system_time(sys);
    integrate(t, now);
    /* The currents followed through the events must be those of the
     * particles: else something changed velocities unseen. */
    double shear[3], heat[3], scale = 0;
    currents(t, sys, shear, heat);
    double k = hsf_system_kinetic_energy(sys);
    scale = 2 * k * sqrt(2 * k / (double)(t->n ? t->n : 1)) + 1e-300;
    for (int c = 0; c < 3; c++)
        if (fabs(shear[c] - t->shear[c]) > 1e-8 * 2 * k || fabs(heat[c] - t->heat[c]) > 1e-8 * scale)
            return hsf_error_set(err, "at t = %.17g the velocities changed other than at pair "
                                 "events (a thermostat, a field or walls): the Helfand "
                                 "moments need a periodic system without them", now);
    memcpy(t->shear, shear, sizeof shear);
    memcpy(t->heat, heat, sizeof heat);
    if (now < t->start)
        return 0;
    if (t->count == t->cap) {
        size_t cap = t->cap ? 2 * t->cap : 1024;
        double *tm = realloc(t->times, cap * sizeof *tm);
        if (tm)
            t->times = tm;
        double *mo = realloc(t->moments, cap * MOMENTS * sizeof *mo);
        if (mo)
            t->moments = mo;
        double *te = realloc(t->temps, cap * sizeof *te);
        if (te)
            t->temps = te;
        if (!tm || !mo || !te)
            return hsf_error_set(err, "out of memory for %zu samples", cap);
        t->cap = cap;
    }
    t->times[t->count] = now;
    memcpy(t->moments + MOMENTS * t->count, t->g, sizeof t->g);
    t->temps[t->count] = 2 * k / (t->dim * (double)t->n);
    t->count++;
    return 0;
}

/* The mean squared increments of the moments from..to (sample indices) at
 * lags 1..lags: msd[l * 2 + 0] shear, [l * 2 + 1] heat. */
static void increments(const transport *t, size_t from, size_t to, size_t lags, double *msd)
{
    int shear = t->dim == 2 ? 1 : 3, heat = t->dim;
    for (size_t l = 1; l <= lags; l++) {
        double s = 0, h = 0;
        size_t origins = 0;
        for (size_t k = from; k + l < to; k++, origins++) {
            const double *a = t->moments + MOMENTS * k, *b = t->moments + MOMENTS * (k + l);
            for (int c = 0; c < shear; c++)
                s += (b[c] - a[c]) * (b[c] - a[c]);
            for (int c = 0; c < heat; c++)
                h += (b[3 + c] - a[3 + c]) * (b[3 + c] - a[3 + c]);
        }
        msd[2 * l] = origins ? s / (double)(origins * shear) : NAN;
        msd[2 * l + 1] = origins ? h / (double)(origins * heat) : NAN;
    }
}

/* Least-squares slope of msd against lag over the second half of the lags. */
static double slope(const double *msd, size_t lags, int which, double interval)
{
    double sx = 0, sy = 0, sxx = 0, sxy = 0, n = 0;
    for (size_t l = lags / 2 > 0 ? lags / 2 : 1; l <= lags; l++) {
        double x = (double)l * interval, y = msd[2 * l + which];
        sx += x;
        sy += y;
        sxx += x * x;
        sxy += x * y;
        n++;
    }
    return n > 1 ? (n * sxy - sx * sy) / (n * sxx - sx * sx) : NAN;
}

static double mean_temperature(const transport *t, size_t from, size_t to)
{
    double s = 0;
    for (size_t k = from; k < to; k++)
        s += t->temps[k];
    return to > from ? s / (double)(to - from) : NAN;
}

static int transport_end(void *state, const hsf_system *sys, hsf_error *err)
{
    (void)sys;
    transport *t = state;
    FILE *out = hsf_atomic_stream(t->out);
    size_t lags = (size_t)floor(t->window / t->interval + 1e-9);
    double *msd = calloc(2 * (lags + 1), sizeof *msd);
    if (!msd)
        return hsf_error_set(err, "out of memory");
    double eta = NAN, lambda = NAN, eta_err = NAN, lambda_err = NAN;
    size_t per_block = t->count / t->blocks;
    if (lags >= 2 && per_block > lags) {
        double es = 0, ess = 0, ls = 0, lss = 0;
        for (unsigned b = 0; b < t->blocks; b++) {
            size_t from = b * per_block;
            double kT = mean_temperature(t, from, from + per_block);
            increments(t, from, from + per_block, lags, msd);
            double e = slope(msd, lags, 0, t->interval) / (2 * t->volume * kT);
            double l = slope(msd, lags, 1, t->interval) / (2 * t->volume * kT * kT);
            es += e, ess += e * e, ls += l, lss += l * l;
        }
        double nb = t->blocks;
        eta_err = sqrt(fmax(0, ess / nb - (es / nb) * (es / nb)) / (nb - 1));
        lambda_err = sqrt(fmax(0, lss / nb - (ls / nb) * (ls / nb)) / (nb - 1));
        double kT = mean_temperature(t, 0, t->count);
        increments(t, 0, t->count, lags, msd);
        eta = slope(msd, lags, 0, t->interval) / (2 * t->volume * kT);
        lambda = slope(msd, lags, 1, t->interval) / (2 * t->volume * kT * kT);
    } else {
        increments(t, 0, t->count, lags, msd);
    }
    fputs("lag,helfand_shear,helfand_heat\n", out);
    for (size_t l = 1; l <= lags; l++)
        fprintf(out, "%.10g,%.10g,%.10g\n", (double)l * t->interval, msd[2 * l], msd[2 * l + 1]);
    fprintf(out, "# viscosity %.6g +- %.2g\n# thermal_conductivity %.6g +- %.2g\n"
            "# temperature %.6g\n# samples %zu\n# fitted_from %.10g\n", eta, eta_err, lambda,
            lambda_err, mean_temperature(t, 0, t->count), t->count,
            (double)(lags / 2 > 0 ? lags / 2 : 1) * t->interval);
    if (t->dim == 2)
        fputs("# 2D: shear viscosity and thermal conductivity do not exist in the strict "
              "sense (long-time tails: the slope grows like the log of the lag); these are "
              "the values at this window\n", out);
    free(msd);
    if (per_block <= lags || lags < 2)
        return hsf_error_set(err, "%zu samples in %u blocks is too few for a window of %zu "
                             "samples: run longer, or shorten window", t->count, t->blocks,
                             lags);
    int rc = hsf_atomic_commit(t->out, err);
    t->out = NULL;
    return rc;
}

static void transport_fini(void *state)
{
    transport *t = state;
    hsf_atomic_abort(t->out);
    free(t->u);
    free(t->times);
    free(t->moments);
    free(t->temps);
}

/* Checkpoints: the currents, the moments, the pair energies, the samples. */
static int transport_save(void *state, const hsf_system *sys, hsf_state *st, hsf_error *err)
{
    (void)sys;
    transport *t = state;
    return (hsf_atomic_save(t->out, st, err) ||
            hsf_state_put(st, &t->last, sizeof t->last, err) ||
            hsf_state_put(st, t->shear, sizeof t->shear, err) ||
            hsf_state_put(st, t->heat, sizeof t->heat, err) ||
            hsf_state_put(st, t->g, sizeof t->g, err) ||
            hsf_state_put(st, t->u, t->n * sizeof *t->u, err) ||
            hsf_state_put(st, &t->count, sizeof t->count, err) ||
            hsf_state_put(st, t->times, t->count * sizeof *t->times, err) ||
            hsf_state_put(st, t->moments, t->count * MOMENTS * sizeof *t->moments, err) ||
            hsf_state_put(st, t->temps, t->count * sizeof *t->temps, err)) ? -1 : 0;
}

static int transport_restore(void *state, const hsf_system *sys, hsf_state *st, hsf_error *err)
{
    (void)sys;
    transport *t = state;
    if (!(t->out = hsf_atomic_resume(t->file, st, err)))
        return -1;
    if (hsf_state_get(st, &t->last, sizeof t->last, err) ||
        hsf_state_get(st, t->shear, sizeof t->shear, err) ||
        hsf_state_get(st, t->heat, sizeof t->heat, err) ||
        hsf_state_get(st, t->g, sizeof t->g, err) ||
        hsf_state_get(st, t->u, t->n * sizeof *t->u, err) ||
        hsf_state_get(st, &t->count, sizeof t->count, err))
        return -1;
    t->cap = t->count ? t->count : 1;
    if (!(t->times = malloc(t->cap * sizeof *t->times)) ||
        !(t->moments = malloc(t->cap * MOMENTS * sizeof *t->moments)) ||
        !(t->temps = malloc(t->cap * sizeof *t->temps)))
        return hsf_error_set(err, "out of memory");
    return (hsf_state_get(st, t->times, t->count * sizeof *t->times, err) ||
            hsf_state_get(st, t->moments, t->count * MOMENTS * sizeof *t->moments, err) ||
            hsf_state_get(st, t->temps, t->count * sizeof *t->temps, err)) ? -1 : 0;
}

static const hsf_output_type transport_type = {
    .state_size = sizeof(transport),
    .event_mask = HSF_EVENT_MASK(HSF_EVENT_PAIR) | HSF_EVENT_MASK(HSF_EVENT_STEP),
    .init = transport_init,
    .fini = transport_fini,
    .begin = transport_begin,
    .sample = transport_sample,
    .on_event = transport_event,
    .end = transport_end,
    .save = transport_save,
    .restore = transport_restore,
};

HSF_PLUGIN(HSF_PLUGIN_OUTPUT, "transport",
           "shear viscosity and thermal conductivity by the Einstein-Helfand method, with "
           "their errors, and the Helfand moments' mean squared increments against lag",
           transport_params, &transport_type)
