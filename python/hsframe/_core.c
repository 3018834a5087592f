/* hsframe._core: the CPython binding of the run API (include/hsframe/sim.h).
 * The Python package (__init__.py) builds the user's API on it; this file
 * only crosses the language boundary: a Sim holds one hsf_sim, Records
 * exports its particle records as read-only buffers (numpy views over them
 * keep the Sim alive), errors become hsframe.Error, SIGINT stops a run
 * between two events, observers call back into Python with the GIL. */
#define PY_SSIZE_T_CLEAN
#include <Python.h>

#include <math.h>
#include <signal.h>
#include <stddef.h>
#include <string.h>

#include <hsframe/hsframe.h>

static PyObject *Error;     /* hsframe.Error, a RuntimeError */

typedef struct SimObject SimObject;

/* One observer: the callable (no arguments; the package passes the
 * simulation itself) and the Sim whose run it stops when it raises. */
typedef struct observer {
    SimObject *owner;       /* borrowed: the Sim holds the observers */
    PyObject *callable;     /* every interval, or NULL */
    PyObject *on_event;     /* called with a tuple per event, or NULL */
} observer;

struct SimObject {
    PyObject_HEAD
    hsf_sim *sim;           /* NULL before open and after a failed open */
    hsf_error *err;
    observer *obs;
    size_t n_obs;
    volatile sig_atomic_t stop;     /* set by SIGINT or by an observer that raised */
    int running;
    int closed;             /* close() was called: nothing more but reading old views */
    Py_ssize_t views;       /* Records alive: they hold the memory until they go */
    PyObject *exc_type, *exc_value, *exc_tb;    /* an observer's exception, kept */
};

/* Records: a read-only buffer over one array of the Sim's records. */
typedef struct {
    PyObject_HEAD
    SimObject *owner;       /* a reference: the records live as long as this */
    const void *data;
    Py_ssize_t len;
} RecordsObject;

static PyTypeObject SimType, RecordsType;

static PyObject *raise_error(SimObject *self)
{
    PyErr_SetString(Error, hsf_error_message(self->err));
    return NULL;
}

static int need_open(SimObject *self)
{
    if (self->sim && !self->closed)
        return 0;
    PyErr_SetString(Error, "the simulation is closed");
    return -1;
}

/* ---- one run at a time in the process -----------------------------------
 * The core keeps some state per process (the outputs' kept temporaries
 * of atomic files): simulations run, open, checkpoint and close one at a
 * time, whichever thread asks.  A thread waits for the lock without the
 * GIL; an observer (the thread holding it) may checkpoint or close
 * another simulation, not run or open one. */

static PyThread_type_lock core_lock;
static unsigned long core_owner;    /* the thread holding core_lock, 0: none */

/* Takes the lock: 1 taken, 0 held by this thread already (an observer's
 * call), -1 with an exception when this thread holds it and may_nest is 0. */
static int core_enter(int may_nest)
{
    unsigned long me = PyThread_get_thread_ident();
    if (core_owner == me) {
        if (may_nest)
            return 0;
        PyErr_SetString(Error, "a simulation is running in this thread: an observer cannot "
                        "open or run one");
        return -1;
    }
    if (!PyThread_acquire_lock(core_lock, NOWAIT_LOCK)) {
        Py_BEGIN_ALLOW_THREADS
        PyThread_acquire_lock(core_lock, WAIT_LOCK);
        Py_END_ALLOW_THREADS
    }
    core_owner = me;
    return 1;
}

static void core_leave(int taken)
{
    if (taken == 1) {
        core_owner = 0;
        PyThread_release_lock(core_lock);
    }
}

/* ---- SIGINT: a run between two events stops; Python's handler returns after */

static volatile sig_atomic_t *volatile sigint_target;
static volatile sig_atomic_t sigint_seen;

static void on_sigint(int sig)
{
    (void)sig;
    sigint_seen = 1;
    if (sigint_target)
        *sigint_target = 1;
}

/* ---- observers ----------------------------------------------------------- */

static void keep_exception(SimObject *self)
{
    if (self->exc_type) {
        PyErr_Clear();      /* the first exception is the one raised */
        return;
    }
    PyErr_Fetch(&self->exc_type, &self->exc_value, &self->exc_tb);
}

/* An observer's sample: the callable called with the GIL; an exception
 * stops the run after this sample (between the next two events), the
 * simulation intact, and is raised by run. */
static int call_observer(hsf_sim *sim, void *ctx, hsf_error *err)
{
    (void)err;
    observer *o = ctx;
    SimObject *self = o->owner;
    PyGILState_STATE g = PyGILState_Ensure();
    if (!self->sim)
        self->sim = sim;    /* the samples at t = 0, inside hsf_sim_open */
    PyObject *r = PyObject_CallNoArgs(o->callable);
    if (!r) {
        keep_exception(self);
        self->stop = 1;
    }
    Py_XDECREF(r);
    PyGILState_Release(g);
    return 0;
}

/* An observer's event: on_event called with (kind, time, i, j, impulse,
 * virial, dr_x, dr_y, dr_z), the GIL taken; an exception stops the run
 * after this event. */
static int call_on_event(hsf_sim *sim, void *ctx, const hsf_event_info *ev, hsf_error *err)
{
    (void)sim, (void)err;
    observer *o = ctx;
    SimObject *self = o->owner;
    PyGILState_STATE g = PyGILState_Ensure();
    PyObject *r = PyObject_CallFunction(o->on_event, "(IdIIdd(ddd))", (unsigned)ev->kind,
                                        ev->time, (unsigned)ev->i, (unsigned)ev->j, ev->impulse,
                                        ev->virial, ev->dr[0], ev->dr[1], ev->dr[2]);
    if (!r) {
        keep_exception(self);
        self->stop = 1;
    }
    Py_XDECREF(r);
    PyGILState_Release(g);
    return 0;
}

/* Raises the observer's exception if one was kept; returns 1 if so. */
static int raise_kept(SimObject *self)
{
    if (!self->exc_type)
        return 0;
    PyErr_Restore(self->exc_type, self->exc_value, self->exc_tb);
    self->exc_type = self->exc_value = self->exc_tb = NULL;
    return 1;
}

/* ---- Sim ----------------------------------------------------------------- */

static PyObject *Sim_new(PyTypeObject *type, PyObject *args, PyObject *kw)
{
    (void)args, (void)kw;
    SimObject *self = (SimObject *)type->tp_alloc(type, 0);
    if (!self)
        return NULL;
    if (!(self->err = hsf_error_new())) {
        Py_DECREF(self);
        return PyErr_NoMemory();
    }
    return (PyObject *)self;
}

static void Sim_close_now(SimObject *self)
{
    if (self->sim) {
        hsf_sim *s = self->sim;
        self->sim = NULL;
        int taken = core_enter(1);
        Py_BEGIN_ALLOW_THREADS
        hsf_sim_close(s);
        Py_END_ALLOW_THREADS
        core_leave(taken);
    }
}

static int Sim_traverse(SimObject *self, visitproc visit, void *arg)
{
    for (size_t k = 0; k < self->n_obs; k++) {
        Py_VISIT(self->obs[k].callable);
        Py_VISIT(self->obs[k].on_event);
    }
    Py_VISIT(self->exc_type);
    Py_VISIT(self->exc_value);
    Py_VISIT(self->exc_tb);
    return 0;
}

static int Sim_clear(SimObject *self)
{
    for (size_t k = 0; k < self->n_obs; k++) {
        Py_CLEAR(self->obs[k].callable);
        Py_CLEAR(self->obs[k].on_event);
    }
    Py_CLEAR(self->exc_type);
    Py_CLEAR(self->exc_value);
    Py_CLEAR(self->exc_tb);
    return 0;
}

static void Sim_dealloc(SimObject *self)
{
    PyObject_GC_UnTrack(self);
    Sim_close_now(self);
    Sim_clear(self);
    PyMem_Free(self->obs);
    hsf_error_free(self->err);
    Py_TYPE(self)->tp_free((PyObject *)self);
}

/* A list of str into a C array (borrowed UTF-8, valid while list lives). */
static const char **strings(PyObject *list, size_t *n)
{
    *n = 0;
    if (!list || list == Py_None)
        return PyMem_Calloc(1, sizeof(char *));
    PyObject *seq = PySequence_Fast(list, "expected a list of strings");
    if (!seq)
        return NULL;
    Py_ssize_t len = PySequence_Fast_GET_SIZE(seq);
    const char **out = PyMem_Calloc((size_t)len + 1, sizeof *out);
    for (Py_ssize_t k = 0; out && k < len; k++)
        if (!(out[k] = PyUnicode_AsUTF8(PySequence_Fast_GET_ITEM(seq, k)))) {
            PyMem_Free(out);
            out = NULL;
        }
    *n = (size_t)len;
    Py_DECREF(seq);    /* the items are the list's: the caller keeps it */
    return out;
}

/* open(config_path, config_text, overrides, plugin_dirs, resume, observers):
 * observers a list of (interval, callable or None, event mask,
 * on_event or None). */
static PyObject *Sim_open(SimObject *self, PyObject *args, PyObject *kw)
{
    static char *names[] = { "config_path", "config_text", "overrides", "plugin_dirs",
                             "resume", "observers", NULL };
    const char *path = NULL, *text = NULL, *dirs = NULL, *resume = NULL;
    PyObject *overrides = NULL, *observers = NULL;
    if (!PyArg_ParseTupleAndKeywords(args, kw, "|zzOzzO", names, &path, &text, &overrides,
                                     &dirs, &resume, &observers))
        return NULL;
    if (self->sim || self->n_obs) {
        PyErr_SetString(Error, "the simulation is open already");
        return NULL;
    }
    size_t n_over;
    const char **over = strings(overrides, &n_over);
    if (!over)
        return NULL;
    Py_ssize_t n_obs = observers && observers != Py_None ? PySequence_Length(observers) : 0;
    hsf_sim_observer *spec = n_obs >= 0 ? PyMem_Calloc((size_t)n_obs + 1, sizeof *spec) : NULL;
    self->obs = spec ? PyMem_Calloc((size_t)n_obs + 1, sizeof *self->obs) : NULL;
    if (!spec || !self->obs) {
        PyMem_Free(over);
        PyMem_Free(spec);
        return PyErr_Occurred() ? NULL : PyErr_NoMemory();
    }
    for (Py_ssize_t k = 0; k < n_obs; k++) {
        PyObject *item = PySequence_GetItem(observers, k);
        double interval;
        PyObject *fn, *on_event;
        unsigned int mask;
        int ok = item && PyArg_ParseTuple(item, "dOIO", &interval, &fn, &mask, &on_event);
        Py_XDECREF(item);
        if (!ok) {
            PyMem_Free(over);
            PyMem_Free(spec);
            return NULL;
        }
        fn = fn == Py_None ? NULL : fn;
        on_event = on_event == Py_None ? NULL : on_event;
        Py_XINCREF(fn);
        Py_XINCREF(on_event);
        self->obs[k] = (observer){ self, fn, on_event };
        self->n_obs = (size_t)k + 1;
        spec[k] = (hsf_sim_observer){ .interval = interval, .fn = fn ? call_observer : NULL,
                                      .ctx = &self->obs[k], .event_mask = mask,
                                      .on_event = on_event ? call_on_event : NULL };
    }
    hsf_sim_options opt = { .config_path = path, .config_text = text, .overrides = over,
                            .n_overrides = n_over, .plugin_dirs = dirs, .resume = resume,
                            .observers = spec, .n_observers = (size_t)n_obs };
    hsf_sim *sim;
    self->stop = 0;
    int taken = core_enter(0);
    if (taken < 0) {
        PyMem_Free(over);
        PyMem_Free(spec);
        return NULL;
    }
    self->running = 1;
    Py_BEGIN_ALLOW_THREADS
    sim = hsf_sim_open(&opt, self->err);
    Py_END_ALLOW_THREADS
    self->running = 0;
    core_leave(taken);
    self->sim = sim;
    PyMem_Free(over);
    PyMem_Free(spec);
    if (!sim) {
        Py_CLEAR(self->exc_type);
        Py_CLEAR(self->exc_value);
        Py_CLEAR(self->exc_tb);
        return raise_error(self);
    }
    if (raise_kept(self))
        return NULL;
    Py_RETURN_NONE;
}

/* run(until, events, catch_sigint): 0 ended, 1 paused; raises the
 * observer's exception, KeyboardInterrupt, or Error. */
static PyObject *Sim_run(SimObject *self, PyObject *args, PyObject *kw)
{
    static char *names[] = { "until", "events", "catch_sigint", NULL };
    double until = INFINITY;
    unsigned long long events = 0;
    int catch_sigint = 0;
    if (!PyArg_ParseTupleAndKeywords(args, kw, "|dKp", names, &until, &events, &catch_sigint))
        return NULL;
    if (need_open(self))
        return NULL;
    if (self->running) {
        PyErr_SetString(Error, "the simulation is running: an observer cannot run it");
        return NULL;
    }
    int taken = core_enter(0);
    if (taken < 0)
        return NULL;
    self->stop = 0;
    struct sigaction sa, old;
    if (catch_sigint) {
        memset(&sa, 0, sizeof sa);
        sa.sa_handler = on_sigint;
        sigemptyset(&sa.sa_mask);
        sigint_seen = 0;
        sigint_target = &self->stop;
        sigaction(SIGINT, &sa, &old);
    }
    int rc;
    hsf_sim *sim = self->sim;
    Py_INCREF(self);
    self->running = 1;
    Py_BEGIN_ALLOW_THREADS
    rc = hsf_sim_run(sim, until, (uint64_t)events, &self->stop, self->err);
    Py_END_ALLOW_THREADS
    self->running = 0;
    core_leave(taken);
    int interrupted = 0;
    if (catch_sigint) {
        sigaction(SIGINT, &old, NULL);
        sigint_target = NULL;
        interrupted = sigint_seen;
    }
    PyObject *result = NULL;
    if (raise_kept(self))
        ;
    else if (rc < 0)
        raise_error(self);
    else if (rc == HSF_SIM_INTERRUPTED && interrupted)
        PyErr_SetNone(PyExc_KeyboardInterrupt);
    else
        result = PyLong_FromLong(rc == HSF_SIM_ENDED ? 0 : 1);
    Py_DECREF(self);
    return result;
}

/* Closes now, or, while views of the records are alive, marks it closed
 * and leaves the freeing to the last of them (Records_dealloc): a view
 * never reads freed memory. */
static PyObject *Sim_close(SimObject *self, PyObject *unused)
{
    (void)unused;
    if (self->running) {
        PyErr_SetString(Error, "the simulation is running: an observer cannot close it");
        return NULL;
    }
    self->closed = 1;
    if (!self->views)
        Sim_close_now(self);
    Py_RETURN_NONE;
}

static PyObject *Sim_summary_json(SimObject *self, PyObject *unused)
{
    (void)unused;
    if (need_open(self))
        return NULL;
    char *json = hsf_sim_summary_json(self->sim, self->err);
    if (!json)
        return raise_error(self);
    PyObject *s = PyUnicode_FromString(json);
    free(json);
    return s;
}

static PyObject *Sim_checkpoint(SimObject *self, PyObject *args)
{
    const char *path;
    if (!PyArg_ParseTuple(args, "s", &path) || need_open(self))
        return NULL;
    int taken = core_enter(1);
    int rc = hsf_sim_checkpoint(self->sim, path, self->err);
    core_leave(taken);
    if (rc)
        return raise_error(self);
    Py_RETURN_NONE;
}

/* state(): (time, end_time, n, dim, ended, counters dict). */
static PyObject *Sim_state(SimObject *self, PyObject *unused)
{
    (void)unused;
    if (need_open(self))
        return NULL;
    const hsf_system *sys = hsf_sim_system(self->sim);
    hsf_stats st;
    hsf_system_stats(sys, &st);
    return Py_BuildValue("ddniN", hsf_system_time(sys), hsf_system_end_time(sys),
                         (Py_ssize_t)hsf_system_count(sys), hsf_system_dim(sys),
                         PyBool_FromLong(hsf_sim_ended(self->sim)));
}

static PyObject *Sim_counters(SimObject *self, PyObject *unused)
{
    (void)unused;
    if (need_open(self))
        return NULL;
    hsf_stats st;
    hsf_system_stats(hsf_sim_system(self->sim), &st);
    return Py_BuildValue("{sKsKsKsKsKsdsd}", "events", (unsigned long long)st.events,
                         "collisions", (unsigned long long)st.collisions, "wall_hits",
                         (unsigned long long)st.wall_hits, "stale_events",
                         (unsigned long long)st.stale_events, "cell_crossings",
                         (unsigned long long)st.cell_crossings, "wall_impulse",
                         st.wall_impulse, "virial", st.virial);
}

/* box(): (lo, hi, periodic) as tuples of 3. */
static PyObject *Sim_box(SimObject *self, PyObject *unused)
{
    (void)unused;
    if (need_open(self))
        return NULL;
    double lo[3], hi[3];
    int per[3];
    hsf_system_extent(hsf_sim_system(self->sim), lo, hi, per);
    return Py_BuildValue("(ddd)(ddd)(NNN)", lo[0], lo[1], lo[2], hi[0], hi[1], hi[2],
                         PyBool_FromLong(per[0]), PyBool_FromLong(per[1]),
                         PyBool_FromLong(per[2]));
}

static PyObject *records_object(SimObject *self, const void *data, Py_ssize_t len)
{
    RecordsObject *r = PyObject_New(RecordsObject, &RecordsType);
    if (!r)
        return NULL;
    Py_INCREF(self);
    self->views++;
    r->owner = self;
    r->data = data;
    r->len = len;
    return (PyObject *)r;
}

/* records(now): a dict with the buffers and their layout (sim.h,
 * hsf_sim_records): motion (n * motion_stride bytes: r at 0, v at v_offset,
 * radius at radius_offset), body (n * body_stride: mass at mass_offset),
 * species (n bytes) or None. */
static PyObject *Sim_records(SimObject *self, PyObject *args)
{
    int now = 0;
    if (!PyArg_ParseTuple(args, "|p", &now) || need_open(self))
        return NULL;
    hsf_sim_records r;
    if (hsf_sim_get_records(self->sim, now, &r, self->err))
        return raise_error(self);
    if (!r.n)
        return Py_BuildValue("{sn}", "n", (Py_ssize_t)0);
    const char *m0 = (const char *)r.r;
    PyObject *motion = records_object(self, r.r, (Py_ssize_t)(r.n * r.motion_stride));
    PyObject *body = motion ? records_object(self, r.mass, (Py_ssize_t)((r.n - 1) * r.body_stride + sizeof(double))) : NULL;
    PyObject *species = Py_None;
    Py_INCREF(Py_None);
    if (body && r.species) {
        Py_DECREF(Py_None);
        species = records_object(self, r.species, (Py_ssize_t)r.n);
    }
    if (!motion || !body || !species) {
        Py_XDECREF(motion);
        Py_XDECREF(body);
        Py_XDECREF(species);
        return NULL;
    }
    return Py_BuildValue("{snsisNsNsNsnsnsnsnsn}", "n", (Py_ssize_t)r.n, "dim", r.dim,
                         "motion", motion, "body", body, "species", species, "motion_stride",
                         (Py_ssize_t)r.motion_stride, "body_stride", (Py_ssize_t)r.body_stride,
                         "v_offset", (Py_ssize_t)((const char *)r.v - m0), "radius_offset",
                         (Py_ssize_t)((const char *)r.radius - m0), "mass_offset",
                         (Py_ssize_t)0);
}

/* particles(): bytes of n * 3 positions, n * 3 velocities, n * 3
 * unwrapped positions, 2 * n radii and masses (doubles), n species
 * (bytes) at the current time, computed as an output computes them
 * (hsf_system_particle), nothing moved. */
static PyObject *Sim_particles(SimObject *self, PyObject *unused)
{
    (void)unused;
    if (need_open(self))
        return NULL;
    const hsf_system *sys = hsf_sim_system(self->sim);
    size_t n = hsf_system_count(sys);
    PyObject *r = PyBytes_FromStringAndSize(NULL, (Py_ssize_t)(n * 3 * sizeof(double)));
    PyObject *v = PyBytes_FromStringAndSize(NULL, (Py_ssize_t)(n * 3 * sizeof(double)));
    PyObject *u = PyBytes_FromStringAndSize(NULL, (Py_ssize_t)(n * 3 * sizeof(double)));
    PyObject *rm = PyBytes_FromStringAndSize(NULL, (Py_ssize_t)(n * 2 * sizeof(double)));
    PyObject *sp = PyBytes_FromStringAndSize(NULL, (Py_ssize_t)n);
    if (!r || !v || !u || !rm || !sp) {
        Py_XDECREF(r);
        Py_XDECREF(v);
        Py_XDECREF(u);
        Py_XDECREF(rm);
        Py_XDECREF(sp);
        return NULL;
    }
    double *pr = (double *)PyBytes_AS_STRING(r), *pv = (double *)PyBytes_AS_STRING(v),
           *pu = (double *)PyBytes_AS_STRING(u), *prm = (double *)PyBytes_AS_STRING(rm);
    unsigned char *psp = (unsigned char *)PyBytes_AS_STRING(sp);
    for (size_t i = 0; i < n; i++) {
        hsf_particle_view p;
        hsf_system_particle(sys, i, &p);
        memcpy(pr + 3 * i, p.r, sizeof p.r);
        memcpy(pv + 3 * i, p.v, sizeof p.v);
        memcpy(pu + 3 * i, p.unwrapped, sizeof p.unwrapped);
        prm[i] = p.radius;
        prm[n + i] = p.mass;
        psp[i] = (unsigned char)hsf_system_species(sys, i);
    }
    return Py_BuildValue("NNNNN", r, v, u, rm, sp);
}

/* spins(): bytes of n * 3 angular velocities (radians per unit time;
 * only z in 2D) and n moments of inertia (doubles), or None without
 * rotation (hsf_system_spin). */
static PyObject *Sim_spins(SimObject *self, PyObject *unused)
{
    (void)unused;
    if (need_open(self))
        return NULL;
    const hsf_system *sys = hsf_sim_system(self->sim);
    size_t n = hsf_system_count(sys);
    PyObject *w = PyBytes_FromStringAndSize(NULL, (Py_ssize_t)(n * 3 * sizeof(double)));
    PyObject *in = PyBytes_FromStringAndSize(NULL, (Py_ssize_t)(n * sizeof(double)));
    if (!w || !in) {
        Py_XDECREF(w);
        Py_XDECREF(in);
        return NULL;
    }
    double *pw = (double *)PyBytes_AS_STRING(w), *pin = (double *)PyBytes_AS_STRING(in);
    int any = 0;
    for (size_t i = 0; i < n; i++)
        any |= (pin[i] = hsf_system_spin(sys, i, pw + 3 * i)) > 0;
    if (!any) {
        Py_DECREF(w);
        Py_DECREF(in);
        Py_RETURN_NONE;
    }
    return Py_BuildValue("NN", w, in);
}

/* species_names(): the names of the species as the input gave them, or
 * None when it named none. */
static PyObject *Sim_species_names(SimObject *self, PyObject *unused)
{
    (void)unused;
    if (need_open(self))
        return NULL;
    const hsf_system *sys = hsf_sim_system(self->sim);
    unsigned ns = hsf_system_species_count(sys);
    if (!hsf_system_species_name(sys, 0))
        Py_RETURN_NONE;
    PyObject *list = PyList_New(ns);
    for (unsigned k = 0; list && k < ns; k++) {
        PyObject *s = PyUnicode_FromString(hsf_system_species_name(sys, k));
        if (!s) {
            Py_CLEAR(list);
            break;
        }
        PyList_SET_ITEM(list, k, s);
    }
    return list;
}

/* set_velocities(buffer of n * 3 doubles, C order). */
static PyObject *Sim_set_velocities(SimObject *self, PyObject *args)
{
    Py_buffer b;
    if (!PyArg_ParseTuple(args, "y*", &b))
        return NULL;
    PyObject *result = NULL;
    if (need_open(self))
        goto out;
    size_t n = hsf_system_count(hsf_sim_system(self->sim));
    if ((size_t)b.len != n * 3 * sizeof(double)) {
        PyErr_Format(PyExc_ValueError, "expected %zu velocities of 3 components (float64), "
                     "found %zd bytes", n, b.len);
        goto out;
    }
    const double *v = b.buf;
    for (size_t i = 0; i < n; i++)
        if (hsf_sim_set_velocity(self->sim, i, v + 3 * i, self->err)) {
            raise_error(self);
            goto out;
        }
    result = Py_None;
    Py_INCREF(result);
out:
    PyBuffer_Release(&b);
    return result;
}

/* The record arrays an add or a remove replaced are kept while views
 * may read them (sim.h): freed at the next change with none alive. */
static void release_old_records(SimObject *self)
{
    if (!self->views)
        hsf_sim_release_records(self->sim);
}

/* add_particle((x, y, z), (vx, vy, vz), radius, mass, species) -> index. */
static PyObject *Sim_add_particle(SimObject *self, PyObject *args)
{
    double r[3], v[3], radius, mass;
    unsigned int species;
    if (!PyArg_ParseTuple(args, "(ddd)(ddd)ddI", &r[0], &r[1], &r[2], &v[0], &v[1], &v[2],
                          &radius, &mass, &species) ||
        need_open(self))
        return NULL;
    release_old_records(self);
    size_t index;
    int rc = hsf_sim_add_particle(self->sim, r, v, radius, mass, species, &index, self->err);
    release_old_records(self);
    if (rc)
        return raise_error(self);
    return PyLong_FromSize_t(index);
}

/* remove_particle(i). */
static PyObject *Sim_remove_particle(SimObject *self, PyObject *args)
{
    Py_ssize_t i;
    if (!PyArg_ParseTuple(args, "n", &i) || need_open(self))
        return NULL;
    if (i < 0) {
        PyErr_Format(Error, "remove_particle: particle %zd: expected an index >= 0", i);
        return NULL;
    }
    release_old_records(self);
    int rc = hsf_sim_remove_particle(self->sim, (size_t)i, self->err);
    release_old_records(self);
    if (rc)
        return raise_error(self);
    Py_RETURN_NONE;
}

static PyObject *Sim_is_open(SimObject *self, void *closure)
{
    (void)closure;
    return PyBool_FromLong(self->sim != NULL && !self->closed);
}

static PyMethodDef Sim_methods[] = {
    { "open", (PyCFunction)(void (*)(void))Sim_open, METH_VARARGS | METH_KEYWORDS,
      "open(config_path, config_text, overrides, plugin_dirs, resume, observers)" },
    { "run", (PyCFunction)(void (*)(void))Sim_run, METH_VARARGS | METH_KEYWORDS,
      "run(until=inf, events=0, catch_sigint=False) -> 0 ended, 1 paused" },
    { "close", (PyCFunction)Sim_close, METH_NOARGS, "frees the simulation" },
    { "summary_json", (PyCFunction)Sim_summary_json, METH_NOARGS, "the summary as JSON" },
    { "checkpoint", (PyCFunction)Sim_checkpoint, METH_VARARGS, "checkpoint(path)" },
    { "state", (PyCFunction)Sim_state, METH_NOARGS, "(time, end_time, n, dim, ended)" },
    { "counters", (PyCFunction)Sim_counters, METH_NOARGS, "the counters as a dict" },
    { "box", (PyCFunction)Sim_box, METH_NOARGS, "(lo, hi, periodic)" },
    { "add_particle", (PyCFunction)Sim_add_particle, METH_VARARGS,
      "add_particle(r, v, radius, mass, species) -> index" },
    { "remove_particle", (PyCFunction)Sim_remove_particle, METH_VARARGS, "remove_particle(i)" },
    { "records", (PyCFunction)Sim_records, METH_VARARGS, "records(now) -> layout dict" },
    { "particles", (PyCFunction)Sim_particles, METH_NOARGS,
      "(positions, velocities, unwrapped) now as bytes of n*3 float64" },
    { "species_names", (PyCFunction)Sim_species_names, METH_NOARGS, "names or None" },
    { "spins", (PyCFunction)Sim_spins, METH_NOARGS, "(omega, inertia) bytes or None" },
    { "set_velocities", (PyCFunction)Sim_set_velocities, METH_VARARGS,
      "set_velocities(bytes-like of n*3 float64)" },
    { NULL, NULL, 0, NULL }
};

static PyGetSetDef Sim_getset[] = {
    { "is_open", (getter)Sim_is_open, NULL, "True until closed", NULL },
    { NULL, NULL, NULL, NULL, NULL }
};

static PyTypeObject SimType = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "hsframe._core.Sim",
    .tp_basicsize = sizeof(SimObject),
    .tp_flags = Py_TPFLAGS_DEFAULT | Py_TPFLAGS_HAVE_GC,
    .tp_doc = "one hsf_sim (include/hsframe/sim.h)",
    .tp_new = Sim_new,
    .tp_dealloc = (destructor)Sim_dealloc,
    .tp_traverse = (traverseproc)Sim_traverse,
    .tp_clear = (inquiry)Sim_clear,
    .tp_methods = Sim_methods,
    .tp_getset = Sim_getset,
};

/* ---- Records ------------------------------------------------------------- */

static int Records_getbuffer(RecordsObject *self, Py_buffer *view, int flags)
{
    if (flags & PyBUF_WRITABLE) {
        PyErr_SetString(PyExc_BufferError, "hsframe's records are read-only: change them "
                        "through the Simulation's methods");
        view->obj = NULL;
        return -1;
    }
    return PyBuffer_FillInfo(view, (PyObject *)self, (void *)self->data, self->len, 1, flags);
}

static void Records_dealloc(RecordsObject *self)
{
    SimObject *owner = self->owner;
    if (owner && !--owner->views && owner->closed)
        Sim_close_now(owner);
    Py_XDECREF(self->owner);
    PyObject_Free(self);
}

static PyBufferProcs Records_as_buffer = { .bf_getbuffer = (getbufferproc)Records_getbuffer };

static PyTypeObject RecordsType = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "hsframe._core.Records",
    .tp_basicsize = sizeof(RecordsObject),
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = "read-only bytes of a simulation's particle records; keeps it alive",
    .tp_dealloc = (destructor)Records_dealloc,
    .tp_as_buffer = &Records_as_buffer,
};

/* ---- module -------------------------------------------------------------- */

static void add_plugin(void *ctx, const char *name, const char *kind, const char *summary,
                       const char *file)
{
    PyObject *list = ctx;
    if (PyErr_Occurred())
        return;
    PyObject *d = Py_BuildValue("{ssssssss}", "name", name, "kind", kind, "summary", summary,
                                "file", file);
    if (d) {
        PyList_Append(list, d);
        Py_DECREF(d);
    }
}

static PyObject *plugins(PyObject *mod, PyObject *args)
{
    (void)mod;
    const char *dirs = NULL;
    if (!PyArg_ParseTuple(args, "|z", &dirs))
        return NULL;
    hsf_error *err = hsf_error_new();
    PyObject *list = PyList_New(0);
    if (!err || !list) {
        hsf_error_free(err);
        Py_XDECREF(list);
        return PyErr_NoMemory();
    }
    if (hsf_sim_plugins(dirs, add_plugin, list, err) < 0 && !PyErr_Occurred())
        PyErr_SetString(Error, hsf_error_message(err));
    hsf_error_free(err);
    if (PyErr_Occurred()) {
        Py_DECREF(list);
        return NULL;
    }
    return list;
}

static PyMethodDef module_methods[] = {
    { "plugins", plugins, METH_VARARGS, "plugins(plugin_dirs=None) -> list of dicts" },
    { NULL, NULL, 0, NULL }
};

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT, "hsframe._core", "hsframe's C core (include/hsframe/sim.h)", -1,
    module_methods, NULL, NULL, NULL, NULL
};

PyMODINIT_FUNC PyInit__core(void);
PyMODINIT_FUNC PyInit__core(void)
{
    if (PyType_Ready(&SimType) < 0 || PyType_Ready(&RecordsType) < 0)
        return NULL;
    if (!core_lock && !(core_lock = PyThread_allocate_lock()))
        return PyErr_NoMemory();
    PyObject *m = PyModule_Create(&module);
    if (!m)
        return NULL;
    Error = PyErr_NewExceptionWithDoc("hsframe.Error", "an error of hsframe, with its message "
                                      "(file:line where it has one)", PyExc_RuntimeError, NULL);
    if (!Error || PyModule_AddObjectRef(m, "Error", Error) < 0 ||
        PyModule_AddObjectRef(m, "Sim", (PyObject *)&SimType) < 0 ||
        PyModule_AddIntConstant(m, "abi_minor", HSF_ABI_MINOR) < 0) {
        Py_DECREF(m);
        return NULL;
    }
    return m;
}
