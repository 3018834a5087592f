/* energies: a CSV time series of where the kinetic energy of bonded
 * molecules sits: centre-of-mass translation, rotation and vibration
 * (the kinetic energy of bond stretching), each in total and per degree
 * of freedom, with the potential energy (hsf_system_potential_energy)
 * in total and per bond.  At equilibrium every quadratic degree of
 * freedom holds kT / 2 on average (equipartition): in 2D a diatomic
 * molecule with a spring has five, two of translation, one of rotation,
 * one of vibration and its spring's potential energy.
 *
 * Molecules are the connected components of the bond graph ([bonds]);
 * an unbonded particle is a molecule of one atom, with translation only.
 * With velocities u_k relative to the centre of mass and positions x_k
 * relative to it, the rotational energy is L^2 / (2 I) in 2D (L = sum
 * m x ^ u, I = sum m |x|^2), and L . w / 2 with I w = L (the inertia
 * tensor) in 3D; for a diatomic or linear molecule in 3D, |L|^2 / (2 I)
 * about the perpendicular axis.  Vibration is what remains of the
 * internal kinetic energy.  Degrees of freedom: d per molecule for
 * translation; rotation 1 in 2D, 2 (diatomic) or 3 in 3D; vibration
 * d n - d - rotation for n atoms.  Positions within a molecule are taken
 * through the nearest periodic image.
 *
 * Rough particles also turn about their own centres (hsf_system_spin):
 * then two more columns, spin (sum I |w|^2 / 2, not part of kinetic,
 * which is that of the centres' motion) and spin_per_dof (1 degree of
 * freedom per disc, 3 per sphere). */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include <hsframe/hsframe.h>

typedef struct energies {
    const char *file;       /* owned by the configuration */
    hsf_atomic_file *out;   /* open from begin to end */
    size_t n, n_mol;
    uint32_t *order;        /* n: particles grouped by molecule */
    uint32_t *start;        /* n_mol + 1: molecule m is order[start[m] .. start[m + 1]) */
    double dof_trans, dof_rot, dof_vib;
    size_t n_bonds;
    double len[3];          /* period along periodic axes, 0 along the others */
    hsf_particle_view *p;   /* n, scratch */
} energies;

static const hsf_param energies_params[] = {
    { "file", HSF_PARAM_STRING, NULL, 0, 0, "CSV file to write, relative to the current directory" },
    { NULL, 0, NULL, 0, 0, NULL }
};

static uint32_t find(uint32_t *parent, uint32_t i)
{
    while (parent[i] != i)
        i = parent[i] = parent[parent[i]];
    return i;
}

/* The molecules (components of the bond graph) and their degrees of
 * freedom. */
static int group(energies *e, const hsf_system *sys, hsf_error *err)
{
    size_t n = e->n;
    uint32_t *parent = malloc((n ? n : 1) * sizeof *parent);
    uint32_t *count = calloc(n + 1, sizeof *count);
    e->order = malloc((n ? n : 1) * sizeof *e->order);
    e->start = calloc(n + 2, sizeof *e->start);
    if (!parent || !count || !e->order || !e->start) {
        free(parent);
        free(count);
        return hsf_error_set(err, "out of memory");
    }
    for (size_t i = 0; i < n; i++)
        parent[i] = (uint32_t)i;
    for (size_t b = 0; b < e->n_bonds; b++) {
        uint32_t i, j;
        double len;
        hsf_system_bond(sys, b, &i, &j, &len);
        parent[find(parent, i)] = find(parent, j);
    }
    /* Number the roots, count their atoms, then place each atom. */
    uint32_t *id = count;   /* reused: id of each root, then the fill pointers */
    uint32_t *mol = malloc((n ? n : 1) * sizeof *mol);
    if (!mol) {
        free(parent);
        free(count);
        return hsf_error_set(err, "out of memory");
    }
    for (size_t i = 0; i < n; i++)
        id[i] = UINT32_MAX;
    size_t n_mol = 0;
    for (size_t i = 0; i < n; i++) {
        uint32_t r = find(parent, (uint32_t)i);
        if (id[r] == UINT32_MAX)
            id[r] = (uint32_t)n_mol++;
        mol[i] = id[r];
        e->start[mol[i] + 1]++;
    }
    for (size_t m = 0; m < n_mol; m++)
        e->start[m + 1] += e->start[m];
    for (size_t m = 0; m < n_mol; m++)
        id[m] = e->start[m];
    for (size_t i = 0; i < n; i++)
        e->order[id[mol[i]]++] = (uint32_t)i;
    e->n_mol = n_mol;
    int d = hsf_system_dim(sys);
    for (size_t m = 0; m < n_mol; m++) {
        double size = e->start[m + 1] - e->start[m];
        double rot = size < 2 ? 0 : d == 2 ? 1 : size == 2 ? 2 : 3;
        e->dof_trans += d;
        e->dof_rot += rot;
        e->dof_vib += size < 2 ? 0 : d * size - d - rot;
    }
    free(mol);
    free(parent);
    free(count);
    return 0;
}

static int energies_init(void *state, const hsf_config *cfg, const hsf_system *sys,
                         hsf_error *err)
{
    energies *e = state;
    e->file = hsf_config_string(cfg, "file");
    e->n = hsf_system_count(sys);
    e->n_bonds = hsf_system_bond_count(sys);
    double lo[3], hi[3];
    int periodic[3];
    hsf_system_extent(sys, lo, hi, periodic);
    for (int a = 0; a < 3; a++)
        e->len[a] = periodic[a] ? hi[a] - lo[a] : 0;
    if (!(e->p = malloc((e->n ? e->n : 1) * sizeof *e->p)))
        return hsf_error_set(err, "out of memory");
    return group(e, sys, err) ? -1 : hsf_atomic_check(e->file, err);
}

static void energies_fini(void *state)
{
    energies *e = state;
    hsf_atomic_abort(e->out);
    free(e->order);
    free(e->start);
    free(e->p);
}

/* Whether the particles turn about their centres (system.h). */
static int spinning(const hsf_system *sys)
{
    double w[3];
    return hsf_system_count(sys) > 0 && hsf_system_spin(sys, 0, w) > 0;
}

static int energies_begin(void *state, const hsf_system *sys, hsf_error *err)
{
    energies *e = state;
    if (!(e->out = hsf_atomic_open(e->file, err)))
        return -1;
    fputs("time,kinetic,translation,rotation,vibration,potential,translation_per_dof,"
          "rotation_per_dof,vibration_per_dof,potential_per_bond", hsf_atomic_stream(e->out));
    fputs(spinning(sys) ? ",spin,spin_per_dof\n" : "\n", hsf_atomic_stream(e->out));
    return 0;
}

static void cross(const double a[3], const double b[3], double c[3])
{
    c[0] = a[1] * b[2] - a[2] * b[1];
    c[1] = a[2] * b[0] - a[0] * b[2];
    c[2] = a[0] * b[1] - a[1] * b[0];
}

static double det3(const double m[3][3])
{
    return m[0][0] * (m[1][1] * m[2][2] - m[1][2] * m[2][1]) -
           m[0][1] * (m[1][0] * m[2][2] - m[1][2] * m[2][0]) +
           m[0][2] * (m[1][0] * m[2][1] - m[1][1] * m[2][0]);
}

/* The rotational energy of atoms at x (relative to their centre of mass)
 * moving with u (relative to it). */
static double rotation(int dim, size_t size, const double (*x)[3], const double (*u)[3],
                       const double *mass)
{
    double l[3] = { 0, 0, 0 }, i_perp = 0, t[3][3] = { { 0 } };
    for (size_t k = 0; k < size; k++) {
        double c[3];
        cross(x[k], u[k], c);
        double r2 = x[k][0] * x[k][0] + x[k][1] * x[k][1] + x[k][2] * x[k][2];
        for (int a = 0; a < 3; a++) {
            l[a] += mass[k] * c[a];
            for (int b = 0; b < 3; b++)
                t[a][b] += mass[k] * ((a == b) * r2 - x[k][a] * x[k][b]);
        }
        i_perp += mass[k] * r2;
    }
    if (!(i_perp > 0))
        return 0;
    double l2 = l[0] * l[0] + l[1] * l[1] + l[2] * l[2];
    double det = dim == 3 && size > 2 ? det3(t) : 0;
    if (!(fabs(det) > 1e-12 * i_perp * i_perp * i_perp))
        return l2 / (2 * i_perp);   /* 2D, or a linear molecule in 3D */
    /* w = T^-1 L by Cramer's rule */
    double w[3];
    for (int c = 0; c < 3; c++) {
        double m[3][3];
        memcpy(m, t, sizeof m);
        for (int a = 0; a < 3; a++)
            m[a][c] = l[a];
        w[c] = det3(m) / det;
    }
    return (l[0] * w[0] + l[1] * w[1] + l[2] * w[2]) / 2;
}

static int energies_sample(void *state, const hsf_system *sys, hsf_error *err)
{
    energies *e = state;
    int dim = hsf_system_dim(sys);
    for (size_t i = 0; i < e->n; i++)
        hsf_system_particle(sys, i, &e->p[i]);
    double trans = 0, rot = 0, vib = 0, kin = 0;
    size_t cap = 0;
    double (*x)[3] = NULL, (*u)[3] = NULL, *mass = NULL;
    for (size_t m = 0; m < e->n_mol; m++) {
        const uint32_t *atoms = e->order + e->start[m];
        size_t size = e->start[m + 1] - e->start[m];
        if (size > cap) {
            free(x);
            free(u);
            free(mass);
            cap = size;
            x = malloc(cap * sizeof *x);
            u = malloc(cap * sizeof *u);
            mass = malloc(cap * sizeof *mass);
            if (!x || !u || !mass) {
                free(x);
                free(u);
                free(mass);
                return hsf_error_set(err, "out of memory");
            }
        }
        double total = 0, com[3] = { 0, 0, 0 }, vcom[3] = { 0, 0, 0 };
        const hsf_particle_view *p0 = &e->p[atoms[0]];
        for (size_t k = 0; k < size; k++) {
            const hsf_particle_view *p = &e->p[atoms[k]];
            mass[k] = p->mass;
            total += p->mass;
            for (int a = 0; a < 3; a++) {
                double d = p->r[a] - p0->r[a];
                if (e->len[a] > 0)
                    d -= e->len[a] * nearbyint(d / e->len[a]);
                x[k][a] = d;
                com[a] += p->mass * d;
                vcom[a] += p->mass * p->v[a];
                kin += p->mass * p->v[a] * p->v[a] / 2;
            }
        }
        double internal = 0;
        for (int a = 0; a < 3; a++) {
            com[a] /= total;
            vcom[a] /= total;
            trans += total * vcom[a] * vcom[a] / 2;
        }
        for (size_t k = 0; k < size; k++)
            for (int a = 0; a < 3; a++) {
                x[k][a] -= com[a];
                u[k][a] = e->p[atoms[k]].v[a] - vcom[a];
                internal += mass[k] * u[k][a] * u[k][a] / 2;
            }
        if (size > 1) {
            double r = rotation(dim, size, (const double (*)[3])x, (const double (*)[3])u, mass);
            rot += r;
            vib += internal - r;
        }
    }
    free(x);
    free(u);
    free(mass);
    double pot = hsf_system_potential_energy(sys);
    FILE *out = hsf_atomic_stream(e->out);
    fprintf(out, "%.17g,%.17g,%.17g,%.17g,%.17g,%.17g", hsf_system_time(sys), kin, trans, rot,
            vib, pot);
    double per[4] = { e->dof_trans > 0 ? trans / e->dof_trans : NAN,
                      e->dof_rot > 0 ? rot / e->dof_rot : NAN,
                      e->dof_vib > 0 ? vib / e->dof_vib : NAN,
                      e->n_bonds ? pot / (double)e->n_bonds : NAN };
    for (int k = 0; k < 4; k++)
        if (isnan(per[k]))
            fputc(',', out);
        else
            fprintf(out, ",%.10g", per[k]);
    if (spinning(sys)) {
        double spin = hsf_system_rotational_energy(sys);
        fprintf(out, ",%.17g,%.10g", spin, spin / ((dim == 2 ? 1.0 : 3.0) * (double)e->n));
    }
    fputc('\n', out);
    return 0;
}

static int energies_end(void *state, const hsf_system *sys, hsf_error *err)
{
    (void)sys;
    energies *e = state;
    int rc = hsf_atomic_commit(e->out, err);
    e->out = NULL;
    return rc;
}

/* Checkpoints: only the rows so far (the molecules come from init). */
static int energies_save(void *state, const hsf_system *sys, hsf_state *st, hsf_error *err)
{
    (void)sys;
    return hsf_atomic_save(((energies *)state)->out, st, err);
}

static int energies_restore(void *state, const hsf_system *sys, hsf_state *st, hsf_error *err)
{
    (void)sys;
    energies *e = state;
    return (e->out = hsf_atomic_resume(e->file, st, err)) ? 0 : -1;
}

static const hsf_output_type energies_type = {
    .state_size = sizeof(energies),
    .init = energies_init,
    .fini = energies_fini,
    .begin = energies_begin,
    .sample = energies_sample,
    .end = energies_end,
    .save = energies_save,
    .restore = energies_restore,
};

HSF_PLUGIN(HSF_PLUGIN_OUTPUT, "energies",
           "CSV per interval: kinetic energy of bonded molecules split into translation, "
           "rotation and vibration (total and per degree of freedom), potential energy "
           "(total and per bond)", energies_params, &energies_type)
