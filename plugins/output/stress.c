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
 * are outside the system: their impulses are not in the tensor. */
#include <math.h>
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
} stress;

static const hsf_param stress_params[] = {
    { "file", HSF_PARAM_STRING, NULL, 0, 0, "CSV file to write, relative to the current directory" },
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
    int rc = hsf_atomic_commit(s->out, err);
    s->out = NULL;
    return rc;
}

static void stress_fini(void *state)
{
    hsf_atomic_abort(((stress *)state)->out);
}

/* Checkpoints: the rows so far, the previous row's time and the sums. */
static int stress_save(void *state, const hsf_system *sys, hsf_state *st, hsf_error *err)
{
    (void)sys;
    stress *s = state;
    return (hsf_atomic_save(s->out, st, err) ||
            hsf_state_put(st, &s->have_previous, sizeof s->have_previous, err) ||
            hsf_state_put(st, &s->time, sizeof s->time, err) ||
            hsf_state_put(st, s->w, sizeof s->w, err)) ? -1 : 0;
}

static int stress_restore(void *state, const hsf_system *sys, hsf_state *st, hsf_error *err)
{
    (void)sys;
    stress *s = state;
    if (!(s->out = hsf_atomic_resume(s->file, st, err)))
        return -1;
    return (hsf_state_get(st, &s->have_previous, sizeof s->have_previous, err) ||
            hsf_state_get(st, &s->time, sizeof s->time, err) ||
            hsf_state_get(st, s->w, sizeof s->w, err)) ? -1 : 0;
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
