/* Interaction plugins: what two particles do when they meet (since ABI 1.4).
 *
 * The pair potential is stepped: a hard core, and outside it an energy
 * that is constant between distances at which it steps (a square well, a
 * square shoulder, a staircase approximating a smooth potential).  An
 * interaction plugin describes it as a rule per pair of species,
 * hsf_pair_rule, which the host asks for once per pair of species before
 * the run; the engine then applies the rules itself, in its own event
 * loop, at its own speed.  Particles move on straight lines between
 * events, as for hard spheres.
 *
 * At each step the engine predicts when the pair's distance crosses it.
 * Crossing inward or outward changes the pair's potential energy by the
 * step (inward: step_energy, outward: minus it).  If the kinetic energy of
 * the pair's relative motion along the line of centres, mu vn^2 / 2 (mu the
 * reduced mass, vn the normal relative speed), covers that change, the
 * pair passes, its normal relative speed changed to conserve energy and
 * momentum; otherwise it bounces back elastically, as from a wall.  At the
 * core the pair bounces with the rule's coefficient of restitution.  The
 * engine keeps which step each pair is inside ("captured" pairs) and looks
 * for partners out to the outermost step.
 *
 * Species: an extended XYZ file's species column names them (system.h,
 * hsf_system_species); particles of an algs4 file or of [init] are all of
 * one species.  The rule of species a and b comes from the section
 * [interaction.A.B] (or [interaction.B.A]) when the configuration has one,
 * A and B being the species names, and from [interaction] otherwise; keys
 * a pair section does not set are taken from [interaction].
 *
 * Lifecycle: the host allocates state_size zeroed bytes, calls init with
 * [interaction], then rule for every pair of species a <= b, then fini
 * (at the end of the run), and frees the state. */
#ifndef HSFRAME_INTERACTION_H
#define HSFRAME_INTERACTION_H

#include <stddef.h>

#include <hsframe/config.h>
#include <hsframe/error.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Most steps outside the core of one pair rule. */
#define HSF_MAX_STEPS 8

/* What a pair of species does.  Distances are multiples of the pair's
 * contact distance r_i + r_j (so that one rule serves polydisperse
 * particles); energies are in the units of m v^2 of the particle file. */
typedef struct hsf_pair_rule {
    /* The hard core: the pair bounces at core * (r_i + r_j); 1 for
     * additive diameters, another value for a non-additive mixture; > 0. */
    double core;
    /* Coefficient of normal restitution at the core, 0 < e <= 1: the
     * normal relative velocity after a core collision is -e times the one
     * before; 1 is elastic. */
    double restitution;
    /* Guard against inelastic collapse (the "TC model" of S. Luding and
     * S. McNamara, Granular Matter 1, 113 (1998)): a core collision is
     * elastic when either particle had a core collision less than this
     * time before; 0: never.  Ignored when restitution is 1. */
    double elastic_within;
    /* Steps outside the core, 0 to HSF_MAX_STEPS. */
    unsigned steps;
    /* Where the energy steps, as multiples of r_i + r_j: decreasing
     * (step_at[0] is the outermost), every one > core. */
    double step_at[HSF_MAX_STEPS];
    /* The change of the pair's potential energy on crossing step k inward,
     * finite: negative for a well, positive for a shoulder.  A pair inside
     * steps 0 to k has potential energy step_energy[0] + ... +
     * step_energy[k]; outside them all, 0. */
    double step_energy[HSF_MAX_STEPS];

    /* ---- Since ABI 1.5: rough particles (rotation) ---------------------
     * The host fills these from the section's keys tangential_restitution
     * and friction before it calls rule (-1 and INFINITY when the keys are
     * absent), so a plugin leaves them alone unless it has a contact law
     * of its own; it reads them only from plugins declaring minor 5 or
     * later.  At a core collision the relative velocity of the two surfaces
     * at the contact point, g, has a tangential part g_t; the pair's
     * impulse along g_t makes it -tangential g_t afterwards (the
     * coefficient of tangential restitution beta), unless that impulse
     * exceeds friction times the normal impulse: then the surfaces slide,
     * and the tangential impulse is friction times the normal one (Coulomb
     * friction in the model of O. R. Walton, in Particulate Two-Phase
     * Flow, ed. M. C. Roco, Butterworth-Heinemann (1993), p. 884).  The
     * impulse turns the particles (moments of inertia: system.h,
     * hsf_system_spin).  A collision that elastic_within makes elastic is
     * smooth as well: it dissipates nothing, so resting grains cannot
     * collapse through their tangential losses either. */
    /* beta, -1 <= beta <= 1: -1 smooth (the rule of ABI 1.4: no torque),
     * 0 the tangential slip is stopped, 1 perfectly rough (elastic in the
     * tangential direction). */
    double tangential;
    /* Coulomb's coefficient of friction mu >= 0; INFINITY: no limit (the
     * constant beta of perfectly sticking contacts); 0 is smooth. */
    double friction;
} hsf_pair_rule;

typedef struct hsf_interaction_type {
    /* Bytes of state the host allocates (zeroed) for one instance. */
    size_t state_size;

    /* Reads [interaction] (cfg); dim is 2 or 3.  Returns 0, or -1 with
     * err set (hsf_config_error points at a key).  May be NULL when there
     * is nothing to read. */
    int (*init)(void *s, const hsf_config *cfg, int dim, hsf_error *err);

    /* Releases what init allocated; may be NULL. */
    void (*fini)(void *s);

    /* Fills *out (zeroed by the host, with the members since ABI 1.5 set
     * from the section's keys, above) with the rule of species a and b,
     * a <= b (hsf_system_species numbers; names are in the section name).
     * cfg is the pair's section [interaction.A.B] when the configuration
     * has one (keys it does not set read as in [interaction]), else
     * [interaction] itself: read the parameters from it.  Must not change
     * the state.  Returns 0, or -1 with err set; the host checks the rule
     * (core > 0, 0 < restitution <= 1, steps decreasing and outside the
     * core, energies finite) and names the plugin and the pair when it is
     * not. */
    int (*rule)(const void *s, const hsf_config *cfg, unsigned a, unsigned b,
                hsf_pair_rule *out, hsf_error *err);
} hsf_interaction_type;

#ifdef __cplusplus
}
#endif

#endif
