/* stress: the pressure (stress) tensor, a CSV row per sample, with its
 * kinetic and collisional parts.  With Boltzmann's constant 1, volume V
 * and the interval dt since the previous row:
 *
 *   K_ab = sum_i m_i v_ia v_ib / V                 (at the sample)
 *   C_ab = sum over pair events in the interval of J_a dr_b / (V dt)
 *   P_ab = K_ab + C_ab,  pressure = trace(P) / d
 *
 * J is the impulse onto i and dr = r_i - r_j at the event (hsf_event_info,
 * ABI 1.5): core collisions, the steps of stepped potentials and bonds at
 * their length, attractive ones included.  The impulses are central, so
 * J_a dr_b = virial dr_a dr_b / |dr|^2 and the tensor is symmetric.  The
 * kinetic part is taken at the sample, as thermo takes its temperature, so
 * that pressure is thermo's pressure (the same rows, to rounding).  Walls
 * are outside the system: their impulses are not in the tensor.
 *
 * In a sheared box (hsf_system_shear) the kinetic part is that of the
 * peculiar velocities, v less the streaming velocity at the particle's
 * position, and the output measures the viscosity: the work of the
 * sliding images balances -P_fg rate V, so
 *
 *   viscosity = -<P_fg> / rate
 *
 * (f the flow axis, g the gradient), averaged over the intervals that
 * begin at or after `start`, each weighted by its length.  Its error is
 * that of `blocks` consecutive blocks of those intervals, as the
 * transport output does: the standard deviation of the block means over
 * sqrt(blocks - 1).  The results follow the table as `# key value` lines. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include <hsframe/hsframe.h>

/* The components, in the order of the columns: the diagonal, then the
 * upper triangle (2D: xx yy xy). */
static const int comp_a[6] = { 0, 1, 2, 0, 0, 1 };
static const int comp_b[6] = { 0, 1, 2, 1, 2, 2 };

typedef struct stress {
    const char *file;       /* owned by the configuration */
    hsf_atomic_file *out;   /* open from begin to end */
    int dim, ncomp;         /* 2D: 3 components, 3D: 6 */
    int have_previous;
    double time;            /* of the previous row */
    double w[6];            /* sum of J_a dr_b since the previous row */
    /* A sheared box (rate != 0): the shear stress of every interval that
     * begins at or after start, as (P_fg, dt) pairs. */
    double rate, start;
    int flow, gradient, fg;     /* fg: the column index c of P_fg */
    unsigned blocks;
    size_t count, cap;
    double *shear;              /* 2 x cap, owned */
} stress;

static const hsf_param stress_params[] = {
    { "file", HSF_PARAM_STRING, NULL, 0, 0, "CSV file to write, relative to the current directory" },
    { "start", HSF_PARAM_DOUBLE, "0", 0, 1e300,
      "sheared box: intervals beginning before this time are left out of the viscosity" },
    { "blocks", HSF_PARAM_INT, "5", 2, 1000,
      "sheared box: consecutive blocks of intervals, for the viscosity's error" },
    { NULL, 0, NULL, 0, 0, NULL }
};

/* Which of the columns' components: 2D leaves out every z. */
static int component(const stress *s, int k)
{
    static const int in2d[3] = { 0, 1, 3 };
    return s->dim == 2 ? in2d[k] : k;
}

static int stress_init(void *state, const hsf_config *cfg, const hsf_system *sys,
                       hsf_error *err)
{
    stress *s = state;
    s->file = hsf_config_string(cfg, "file");
    s->dim = hsf_system_dim(sys);
    s->ncomp = s->dim == 2 ? 3 : 6;
    s->start = hsf_config_double(cfg, "start");
    s->blocks = (unsigned)hsf_config_int(cfg, "blocks");
    s->rate = hsf_system_shear(sys, &s->flow, &s->gradient);
    if (s->rate != 0)
        for (int c = 0; c < 6; c++)
            if ((comp_a[c] == s->flow && comp_b[c] == s->gradient) ||
                (comp_b[c] == s->flow && comp_a[c] == s->gradient))
                s->fg = c;
    return hsf_atomic_check(s->file, err);
}

static int stress_begin(void *state, const hsf_system *sys, hsf_error *err)
{
    (void)sys;
    stress *s = state;
    if (!(s->out = hsf_atomic_open(s->file, err)))
        return -1;
    FILE *out = hsf_atomic_stream(s->out);
    fputs("time,pressure", out);
    static const char *const part[3] = { "P", "K", "C" };
    for (int p = 0; p < 3; p++)
        for (int k = 0; k < s->ncomp; k++) {
            int c = component(s, k);
            fprintf(out, ",%s_%c%c", part[p], "xyz"[comp_a[c]], "xyz"[comp_b[c]]);
        }
    fputc('\n', out);
    return 0;
}

static int stress_event(void *state, const hsf_system *sys, const hsf_event_info *ev,
                        hsf_error *err)
{
    (void)sys;
    (void)err;
    stress *s = state;
    double d2 = ev->dr[0] * ev->dr[0] + ev->dr[1] * ev->dr[1] + ev->dr[2] * ev->dr[2];
    if (!(d2 > 0))
        return 0;
    double f = ev->virial / d2;
    for (int c = 0; c < 6; c++)
        s->w[c] += f * ev->dr[comp_a[c]] * ev->dr[comp_b[c]];
    return 0;
}

/* Keeps an interval's shear stress and length (a sheared box). */
static int keep_shear(stress *s, double pfg, double dt, hsf_error *err)
{
    if (s->count == s->cap) {
        size_t cap = s->cap ? 2 * s->cap : 256;
        double *more = realloc(s->shear, 2 * cap * sizeof *more);
        if (!more)
            return hsf_error_set(err, "out of memory for %zu intervals", cap);
        s->shear = more;
        s->cap = cap;
    }
    s->shear[2 * s->count] = pfg;
    s->shear[2 * s->count + 1] = dt;
    s->count++;
    return 0;
}

/* The length-weighted mean of P_fg over intervals from to to. */
static double mean_shear(const stress *s, size_t from, size_t to)
{
    double sum = 0, time = 0;
    for (size_t k = from; k < to; k++) {
        sum += s->shear[2 * k] * s->shear[2 * k + 1];
        time += s->shear[2 * k + 1];
    }
    return time > 0 ? sum / time : NAN;
}

/* The viscosity's lines after the table: -<P_fg> / rate, its error from
 * the blocks (NAN with fewer intervals than blocks). */
static void write_viscosity(const stress *s, FILE *out)
{
    double pfg = mean_shear(s, 0, s->count), error = NAN;
    size_t per_block = s->count / s->blocks;
    if (per_block > 0) {
        double sum = 0, sum2 = 0, nb = s->blocks;
        for (unsigned b = 0; b < s->blocks; b++) {
            double m = mean_shear(s, b * per_block, (b + 1) * per_block);
            sum += m, sum2 += m * m;
        }
        error = sqrt(fmax(0, sum2 / nb - (sum / nb) * (sum / nb)) / (nb - 1)) / fabs(s->rate);
    }
    double time = 0;
    for (size_t k = 0; k < s->count; k++)
        time += s->shear[2 * k + 1];
    fprintf(out, "# shear_rate %.10g\n# flow %c\n# gradient %c\n# shear_stress %.10g\n"
            "# viscosity %.6g +- %.2g\n# intervals %zu\n# averaged_time %.10g\n",
            s->rate, "xyz"[s->flow], "xyz"[s->gradient], pfg,
            s->count > 0 ? -pfg / s->rate : NAN, error,
            s->count, time);
}

static int stress_sample(void *state, const hsf_system *sys, hsf_error *err)
{
    (void)err;
    stress *s = state;
    FILE *out = hsf_atomic_stream(s->out);
    double now = hsf_system_time(sys), volume = hsf_system_volume(sys);
    double kin[6] = { 0 };
    for (size_t i = 0, n = hsf_system_count(sys); i < n; i++) {
        hsf_particle_view p;
        hsf_system_particle(sys, i, &p);
        if (s->rate != 0) {
            double u[3];
            hsf_system_flow_velocity(sys, p.r, u);
            for (int a = 0; a < 3; a++)
                p.v[a] -= u[a];
        }
        for (int c = 0; c < 6; c++)
            kin[c] += p.mass * p.v[comp_a[c]] * p.v[comp_b[c]];
    }
    double dt = now - s->time;
    fprintf(out, "%.17g", now);
    if (s->have_previous && dt > 0) {
        double total[6], col[6], trace = 0;
        for (int c = 0; c < 6; c++) {
            kin[c] /= volume;
            col[c] = s->w[c] / (volume * dt);
            total[c] = kin[c] + col[c];
        }
        for (int a = 0; a < s->dim; a++)
            trace += total[a];
        fprintf(out, ",%.10g", trace / s->dim);
        const double *parts[3] = { total, kin, col };
        for (int p = 0; p < 3; p++)
            for (int k = 0; k < s->ncomp; k++)
                fprintf(out, ",%.10g", parts[p][component(s, k)]);
        if (s->rate != 0 && s->time >= s->start && keep_shear(s, total[s->fg], dt, err)) {
            fputc('\n', out);
            return -1;
        }
    } else {
        for (int k = 0; k < 3 * s->ncomp + 1; k++)
            fputc(',', out);
    }
    fputc('\n', out);
    s->have_previous = 1;
    s->time = now;
    memset(s->w, 0, sizeof s->w);
    return 0;
}

static int stress_end(void *state, const hsf_system *sys, hsf_error *err)
{
    (void)sys;
    stress *s = state;
    if (s->rate != 0)
        write_viscosity(s, hsf_atomic_stream(s->out));
    int rc = hsf_atomic_commit(s->out, err);
    s->out = NULL;
    return rc;
}

static void stress_fini(void *state)
{
    stress *s = state;
    hsf_atomic_abort(s->out);
    free(s->shear);
}

/* Checkpoints: the rows so far, the previous row's time and the sums;
 * in a sheared box also the intervals' shear stresses. */
static int stress_save(void *state, const hsf_system *sys, hsf_state *st, hsf_error *err)
{
    (void)sys;
    stress *s = state;
    return (hsf_atomic_save(s->out, st, err) ||
            hsf_state_put(st, &s->have_previous, sizeof s->have_previous, err) ||
            hsf_state_put(st, &s->time, sizeof s->time, err) ||
            hsf_state_put(st, s->w, sizeof s->w, err) ||
            (s->rate != 0 &&
             (hsf_state_put(st, &s->count, sizeof s->count, err) ||
              hsf_state_put(st, s->shear, 2 * s->count * sizeof *s->shear, err)))) ? -1 : 0;
}

static int stress_restore(void *state, const hsf_system *sys, hsf_state *st, hsf_error *err)
{
    (void)sys;
    stress *s = state;
    if (!(s->out = hsf_atomic_resume(s->file, st, err)))
        return -1;
    if (hsf_state_get(st, &s->have_previous, sizeof s->have_previous, err) ||
        hsf_state_get(st, &s->time, sizeof s->time, err) ||
        hsf_state_get(st, s->w, sizeof s->w, err))
        return -1;
    if (s->rate == 0)
        return 0;
    size_t count;
    if (hsf_state_get(st, &count, sizeof count, err))
        return -1;
    if (count > hsf_state_left(st) / (2 * sizeof *s->shear))
        return hsf_error_set(err, "stress: the checkpoint holds %zu intervals, only %zu bytes "
                             "left", count, hsf_state_left(st));
    free(s->shear);
    s->shear = NULL;
    s->count = s->cap = 0;
    if (count > 0) {
        if (!(s->shear = malloc(2 * count * sizeof *s->shear)))
            return hsf_error_set(err, "out of memory for %zu intervals", count);
        s->cap = s->count = count;
    }
    return s->count ? hsf_state_get(st, s->shear, 2 * count * sizeof *s->shear, err) : 0;
}

static const hsf_output_type stress_type = {
    .state_size = sizeof(stress),
    .event_mask = HSF_EVENT_MASK(HSF_EVENT_PAIR) | HSF_EVENT_MASK(HSF_EVENT_STEP),
    .init = stress_init,
    .fini = stress_fini,
    .begin = stress_begin,
    .sample = stress_sample,
    .on_event = stress_event,
    .end = stress_end,
    .save = stress_save,
    .restore = stress_restore,
};

HSF_PLUGIN(HSF_PLUGIN_OUTPUT, "stress",
           "CSV per interval: the pressure tensor, every component, total, kinetic and "
           "collisional (pair impulses over the interval), and its trace over d",
           stress_params, &stress_type)
