/* Writers for the particle formats hsframe reads back: algs4 text and
 * extended XYZ.  %.17g makes every double round-trip exactly.  They read
 * the whole system through its accessors, spins included (spin.c), so
 * they stand in the model layer, above the system, not in io/. */
#include <errno.h>
#include <math.h>
#include <string.h>

#include <hsframe/io.h>

int hsf_write_algs4(FILE *out, const hsf_system *sys, hsf_error *err)
{
    if (hsf_system_dim(sys) != 2)
        return hsf_error_set(err, "the algs4 format is 2D only: use format = xyz");
    if (hsf_system_bond_count(sys))
        return hsf_error_set(err, "the algs4 format cannot hold bonds: use format = xyz");
    size_t n = hsf_system_count(sys);
    fprintf(out, "%zu\n", n);
    for (size_t i = 0; i < n; i++) {
        hsf_particle_view p;
        hsf_system_particle(sys, i, &p);
        fprintf(out, "%.17g %.17g %.17g %.17g %.17g %.17g %u %u %u\n", p.r[0], p.r[1],
                p.v[0], p.v[1], p.radius, p.mass, p.color[0], p.color[1], p.color[2]);
    }
    return ferror(out) ? hsf_error_set(err, "write error: %s", strerror(errno)) : 0;
}

/* Without species names from the input: the species letter of particle
 * class (radius, mass), A, B, ... in order of first appearance; classes
 * beyond Z share "X". */
typedef struct species_table {
    double radius[26], mass[26];
    int n;
} species_table;

static char species_of(species_table *t, double radius, double mass)
{
    for (int k = 0; k < t->n; k++)
        if (t->radius[k] == radius && t->mass[k] == mass)
            return (char)('A' + k);
    if (t->n == 26)
        return 'X';
    t->radius[t->n] = radius;
    t->mass[t->n] = mass;
    return (char)('A' + t->n++);
}

/* The bonds, at the end of the comment line: bonds="i j length, ...",
 * which hsframe reads back with the particles. */
static void write_bonds(FILE *out, const hsf_system *sys)
{
    size_t n = hsf_system_bond_count(sys);
    if (!n)
        return;
    fputs(" bonds=\"", out);
    for (size_t k = 0; k < n; k++) {
        uint32_t i, j;
        double length;
        hsf_system_bond(sys, k, &i, &j, &length);
        fprintf(out, "%s%u %u %.17g", k ? ", " : "", i, j, length);
    }
    fputc('"', out);
}

int hsf_write_xyz(FILE *out, const hsf_system *sys, hsf_error *err)
{
    size_t n = hsf_system_count(sys);
    double lo[3], hi[3];
    int periodic[3];
    hsf_system_extent(sys, lo, hi, periodic);
    int dim = hsf_system_dim(sys);
    if (dim == 2)
        lo[2] = hi[2] = 0;
    /* Periodic systems add the image counters, so that unwrapped positions
     * (for diffusion) are pos + image * box side. */
    int images = periodic[0] || periodic[1] || periodic[2];
    /* Rough particles: their angular velocities and moments of inertia
     * (as multiples of m r^2), which the reader takes back. */
    double w[3];
    int spins = n > 0 && hsf_system_spin(sys, 0, w) > 0;
    int fixed = hsf_system_fixed_count(sys) > 0;
    fprintf(out, "%zu\nLattice=\"%.17g 0 0 0 %.17g 0 0 0 %.17g\" Origin=\"%.17g %.17g %.17g\" "
            "Properties=species:S:1:pos:R:3:velo:R:3:radius:R:1:mass:R:1:color:R:3%s%s%s "
            "Time=%.17g pbc=\"%c %c %c\"",
            n, hi[0] - lo[0], hi[1] - lo[1], hi[2] - lo[2], lo[0], lo[1], lo[2],
            images ? ":image:I:3" : "", spins ? ":omega:R:3:inertia:R:1" : "",
            fixed ? ":fixed:I:1" : "",
            hsf_system_time(sys), periodic[0] ? 'T' : 'F',
            periodic[1] ? 'T' : 'F', dim == 3 && periodic[2] ? 'T' : 'F');
    write_bonds(out, sys);
    fputc('\n', out);
    species_table species = { .n = 0 };
    int named = hsf_system_species_name(sys, 0) != NULL;
    for (size_t i = 0; i < n; i++) {
        hsf_particle_view p;
        hsf_system_particle(sys, i, &p);
        char letter[2] = { 0, 0 };
        const char *name = named ? hsf_system_species_name(sys, hsf_system_species(sys, i))
                                 : (letter[0] = species_of(&species, p.radius, p.mass), letter);
        fprintf(out, "%s %.17g %.17g %.17g %.17g %.17g %.17g %.17g %.17g %.9g %.9g %.9g",
                name, p.r[0], p.r[1], p.r[2], p.v[0],
                p.v[1], p.v[2], p.radius, p.mass, p.color[0] / 255.0, p.color[1] / 255.0,
                p.color[2] / 255.0);
        if (images)
            for (int a = 0; a < 3; a++) {
                double side = hi[a] - lo[a];
                fprintf(out, " %.0f", side > 0 ? nearbyint((p.unwrapped[a] - p.r[a]) / side) : 0.0);
            }
        if (spins) {
            double inertia = hsf_system_spin(sys, i, w);
            fprintf(out, " %.17g %.17g %.17g %.17g", w[0], w[1], w[2],
                    inertia / (p.mass * p.radius * p.radius));
        }
        if (fixed)
            fprintf(out, " %d", hsf_system_fixed(sys, i));
        fputc('\n', out);
    }
    return ferror(out) ? hsf_error_set(err, "write error: %s", strerror(errno)) : 0;
}
