/* Since ABI 1.6: a run driven by a program instead of by the hsframe
 * command (the Python module, docs/PYTHON.md, is built on it).
 *
 * A simulation is opened from a configuration exactly as `hsframe -c
 * FILE -s SECTION.KEY=VALUE ...` assembles a run (the same checks, the
 * same messages with file:line, the same plugins), then advanced in as
 * many pieces as the caller likes: up to a simulated time, by a number of
 * events (time steps for engine = timestep, chains for engine = ecmc), or
 * to [simulation] end_time.  Between two pieces the state is that between
 * two events, as a checkpoint sees it: a run cut into pieces ends with the
 * same bits as one run of the program, and a piece stops through the
 * machinery of [checkpoint] stop_at_time and stop_after_events.
 *
 * Not thread-safe: one thread at a time per simulation.  Every function
 * that can fail returns -1 (or NULL) with err set to hsframe's message. */
#ifndef HSFRAME_SIM_H
#define HSFRAME_SIM_H

#include <signal.h>
#include <stddef.h>
#include <stdint.h>

#include <hsframe/error.h>
#include <hsframe/event.h>
#include <hsframe/system.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Opaque, owned by the caller once opened (hsf_sim_close frees it). */
typedef struct hsf_sim hsf_sim;

/* An observer: fn is called with the simulation every interval of
 * simulated time (t = 0, interval, 2 interval, ... and at the end), as an
 * output of the run ([output.NAME] plugins' order and timing: after the
 * outputs of the configuration, at the exact time of the sample, every
 * particle's position computed at that time by hsf_system_particle);
 * on_event after every processed event whose kind is in event_mask
 * (HSF_EVENT_MASK(HSF_EVENT_PAIR) | ..., event.h), as an output's
 * on_event.  Either may be NULL; interval 0: fn only at the end.  Each
 * returns 0, or -1 with err set (the run then stops with that error, as
 * when an output plugin fails).  ctx is the caller's, never freed. */
typedef struct hsf_sim_observer {
    double interval;        /* simulated time between calls of fn, >= 0 */
    int (*fn)(hsf_sim *sim, void *ctx, hsf_error *err);
    void *ctx;
    uint32_t event_mask;    /* event kinds for on_event; 0 for none */
    int (*on_event)(hsf_sim *sim, void *ctx, const hsf_event_info *ev, hsf_error *err);
} hsf_sim_observer;

/* What a simulation is opened from.  Zero every member you do not set. */
typedef struct hsf_sim_options {
    /* The configuration: a file (config_path), or its text (config_text,
     * INI as a file holds it; config_path then names it in messages and
     * relative paths are taken from the current directory). */
    const char *config_path;
    const char *config_text;
    const char *const *overrides;   /* "SECTION.KEY=VALUE", as hsframe -s */
    size_t n_overrides;
    const char *plugin_dirs;        /* colon-separated, searched first; may be NULL */
    const char *resume;             /* a checkpoint of this configuration to go on
                                       from (hsf_sim_checkpoint, hsframe's
                                       [checkpoint]), or NULL */
    const hsf_sim_observer *observers;  /* copied; n_observers of them */
    size_t n_observers;
} hsf_sim_options;

/* Assembles the run (configuration, plugins, particles, checks) and
 * schedules its start: the outputs' begin and first samples are taken,
 * the engine's first predictions made; or, with resume, reads the
 * checkpoint.  Strings are copied.  Returns the simulation, or NULL with
 * err set (a bad configuration or input, as hsframe's exit status 2). */
hsf_sim *hsf_sim_open(const hsf_sim_options *opt, hsf_error *err);

/* What hsf_sim_run returns besides -1 (failure, err set: the simulation
 * can then only be closed). */
enum {
    HSF_SIM_ENDED = 0,          /* end_time reached: outputs complete, files committed */
    HSF_SIM_PAUSED = 1,         /* until or events reached; run again to go on */
    HSF_SIM_INTERRUPTED = 2     /* *stop became non-zero: stopped between two events,
                                   the state intact; run again to go on */
};

/* Advances until the simulated time reaches until (the first event at or
 * past it is processed; INFINITY: no limit), or for events events (steps,
 * chains; 0: no limit), or to end_time, whichever comes first; a
 * non-zero *stop (a signal handler's flag; stop may be NULL) stops it
 * between two events.  After HSF_SIM_ENDED it returns HSF_SIM_ENDED at
 * once.  The checkpoints a [checkpoint] every asks for are written as
 * hsframe writes them; its stop_at_time, stop_after_events and stop_after
 * are the caller's to ask for here. */
int hsf_sim_run(hsf_sim *sim, double until, uint64_t events,
                const volatile sig_atomic_t *stop, hsf_error *err);

/* The system, for the read accessors of system.h (time, counters,
 * particles at the current time, box).  Owned by sim, valid until
 * hsf_sim_close. */
const hsf_system *hsf_sim_system(const hsf_sim *sim);

/* 1 once the run reached end_time (HSF_SIM_ENDED), else 0. */
int hsf_sim_ended(const hsf_sim *sim);

/* The summary now, as `hsframe --summary json` prints it at the end (the
 * same keys; before the end, the counters and rates so far): one JSON
 * object, malloc'ed (the caller frees it).  NULL with err set when out of
 * memory. */
char *hsf_sim_summary_json(hsf_sim *sim, hsf_error *err);

/* Writes a checkpoint of the state now to path, atomically, as
 * [checkpoint] file does (the configuration's record included, so that
 * only a simulation opened from the same configuration resumes from it:
 * hsf_sim_options resume, or hsframe --resume).  Returns 0 or -1. */
int hsf_sim_checkpoint(hsf_sim *sim, const char *path, hsf_error *err);

/* The particle records in place, for views without copies.  The records
 * are arrays of structures: particle i's position is the 3 doubles at
 * (char *)r + i * motion_stride, its velocity at v, its radius at radius,
 * all three with motion_stride; its mass at (char *)mass + i *
 * body_stride.  species: n bytes, or NULL when every particle is of
 * species 0.  The pointers stay valid until hsf_sim_close (the records
 * move only when a particle is added or removed, and the old ones are
 * kept until hsf_sim_release_records); what they point at changes as the
 * run goes on. */
typedef struct hsf_sim_records {
    size_t n;
    int dim;                /* r and v have 3 components; those past dim are 0 */
    const double *r, *v, *radius, *mass;
    size_t motion_stride, body_stride;     /* bytes */
    const uint8_t *species;
} hsf_sim_records;

/* Fills *out.  With now non-zero, first brings every particle's record to
 * the current time (position and, in a field, velocity), so that the
 * records read as the system now; moving a record to now changes the last
 * bits of the trajectory that follows, as a thermostat's or a
 * compression's rescale does.  With now 0 the records are as the engine
 * keeps them: particle i's position at its own last event.  Returns 0, or
 * -1 with err set: only the event engine keeps its particles in these
 * records (engine = timestep and ecmc refuse). */
int hsf_sim_get_records(hsf_sim *sim, int now, hsf_sim_records *out, hsf_error *err);

/* Gives particle i (0-based) velocity v (length/time; components past the
 * dimension are ignored) at the current time, predicting its events anew
 * and counting the change of kinetic energy as heat, as a thermostat does
 * (thermostat.h, hsf_control_set_velocity).  A fixed particle keeps
 * still.  Returns 0, or -1 with err set (i out of range, an engine other
 * than event, a plugin failed). */
int hsf_sim_set_velocity(hsf_sim *sim, size_t i, const double v[3], hsf_error *err);

/* Since ABI 1.6: particles added and removed between two events
 * (engine = event only).  The change is made at the current time: every
 * particle is brought to now, the particle arrays are grown or shrunk
 * and the engine's state is built anew as at a start at this time (the
 * cell grid and neighbour lists, the queue with every particle's next
 * event predicted afresh; the stop, sample, audit and other events keep
 * their times).  The trajectory that follows is that of a run started
 * now from these particles, not bit for bit the one without the change.
 * The summary's energy and momentum balance counts the particle's
 * kinetic energy and momentum as brought in (add) or taken out (remove),
 * so that its drift stays that of the dynamics.
 *
 * Refused, with err set and the simulation unchanged and usable, where
 * the run keeps per-particle or per-pair state the change would leave
 * wrong: a model of interactions (interaction plugins, bonds, spins, a
 * [field], a [compression]), fixed particles, a sheared box or moving
 * walls, a [thermostat], reverse_at, an [output.NAME] plugin other than
 * thermo, snapshot, xyz, events and profile, which read the system afresh
 * at every sample (the others, msd, vacf, rdf, ..., size arrays by n when
 * they begin; observers, hsf_sim_observer, are fine), a [queue] record,
 * a [checkpoint] section with several species; and after the run has
 * ended or failed, or while it runs (from an observer).  A checkpoint
 * written after a change (hsf_sim_checkpoint, [checkpoint]) holds the
 * particles as they are, and a simulation opened from the same
 * configuration resumes from it (hsf_sim_options resume, hsframe
 * --resume) with these particles; with several species hsf_sim_checkpoint
 * refuses after a change (a checkpoint does not hold the species).  A
 * failure past the checks (out of memory, a queue plugin failing while
 * the engine is built anew) leaves the simulation failed: it can only be
 * closed.
 *
 * The records move: pointers hsf_sim_get_records gave before the change
 * stay valid and read the records as they were just before it (the old
 * arrays are kept) until hsf_sim_release_records or hsf_sim_close. */

/* Adds a particle at position r (length) with velocity v (length/time),
 * radius (length, > 0) and mass (> 0), of species (0 to the number of
 * species - 1; only 0 when the input named none), colour (70, 130, 180):
 * it becomes particle n (0-based; the others keep their indices), its
 * clock the current time.  Components of r and v past the dimension are
 * ignored.  r must be inside the boundary (its check, as for the start;
 * on a periodic axis lo <= r < hi) and the particle must not overlap any
 * other (the relative tolerance of the start's check, 1e-12 of the sum
 * of the radii).  Returns 0 and sets *index (may be NULL) to n, or -1
 * with err set. */
int hsf_sim_add_particle(hsf_sim *sim, const double r[3], const double v[3], double radius,
                         double mass, unsigned species, size_t *index, hsf_error *err);

/* Removes particle i (0-based): the particles after it move down by one
 * (their order kept, as numpy.delete), so particle i + 1 becomes i.
 * Refused for the last particle left (a run has at least one).  Returns
 * 0, or -1 with err set. */
int hsf_sim_remove_particle(hsf_sim *sim, size_t i, hsf_error *err);

/* Frees the record arrays an add or a remove replaced (kept for the
 * pointers given before it); call once no such pointer is used.  The
 * current records are untouched. */
void hsf_sim_release_records(hsf_sim *sim);

/* Calls fn for every plugin a run would find (hsframe --list-plugins):
 * plugin_dirs (colon-separated, may be NULL) first, then
 * $HSFRAME_PLUGIN_PATH and the installed plugin directory; the first of
 * each name, in path order then by name.  name, kind ("queue",
 * "boundary", "output", "interaction", "thermostat", "force"), summary
 * and file are valid during the call only.  Returns the number found, or
 * -1 with err set (out of memory). */
long hsf_sim_plugins(const char *plugin_dirs,
                     void (*fn)(void *ctx, const char *name, const char *kind,
                                const char *summary, const char *file),
                     void *ctx, hsf_error *err);

/* Frees everything.  A run that did not end leaves no half-written output
 * file (as an interrupted hsframe); its checkpoints stay.  NULL is
 * accepted. */
void hsf_sim_close(hsf_sim *sim);

#ifdef __cplusplus
}
#endif

#endif
