# libhsframe: the core, in layers that point down (tests/test_layers.sh
# keeps them so, from the includes and from the objects' calls): host/
# (errors, configuration, the plugin loader and the ABI's minors, the
# monotonic clock, atomic files, the checkpoint record), io/ and
# checkpoint/, siblings (particle files, initial conditions, input limits;
# the checkpoint file), shared/ (the system, paths and walls, cells and
# neighbour lists, outputs, progress: what both engines use), model/ (pair
# rules and states, spins, bonds, the field, growing radii, the particle
# writers), event/ and timestep/, siblings (the two engines), run/ (one run
# assembled from the configuration, its checks and summary), and main.c,
# the thin hsframe program.  A folder calls only into itself and the
# folders below it, and a header declares only what its folder defines.
#
# The sources build an uninstalled convenience library, libhsframe_core.la,
# which the program and the tests link whole.  The installed libhsframe is
# the same code exporting only the ABI: the functions include/hsframe
# declares (libhsframe.sym, made from the headers), and the program exports
# the same list to the plugins it loads, which bind to its copy.
noinst_LTLIBRARIES = libhsframe_core.la
libhsframe_core_la_SOURCES = \
	libcore/host/error.c libcore/host/error_private.h \
	libcore/host/clock.c libcore/host/clock.h \
	libcore/host/config.c libcore/host/config_private.h \
	libcore/host/config_help.c libcore/host/config_help.h \
	libcore/host/plugin_loader.c libcore/host/plugin_abi.c libcore/host/plugin_loader.h \
	libcore/host/plugin_instance.c libcore/host/plugin_instance.h \
	libcore/host/random.h \
	libcore/host/atomic_file.c libcore/host/atomic_private.h \
	libcore/host/state.c libcore/host/state_private.h \
	libcore/io/particles_read.c libcore/io/particles_parse.h \
	libcore/io/particles_algs4.c libcore/io/particles_xyz.c \
	libcore/io/init.c libcore/io/init.h libcore/io/bonds.c libcore/io/bonds.h \
	libcore/run/validate.c libcore/run/validate.h \
	libcore/io/input_limits.c libcore/io/input_limits.h \
	libcore/io/particle.h libcore/shared/system.c libcore/shared/system_private.h \
	libcore/shared/physics.c libcore/shared/physics.h libcore/shared/path.c \
	libcore/shared/poly_roots.c \
	libcore/shared/boundary_hit.h libcore/shared/clones.h \
	libcore/shared/wall_failure.c libcore/shared/wall_failure.h \
	libcore/shared/cells.c libcore/shared/cells.h \
	libcore/shared/shear.c libcore/shared/shear.h libcore/shared/shear_scan.h libcore/shared/shear_state.h \
	libcore/shared/neighbours.c libcore/shared/neighbours.h \
	libcore/event/loop.c libcore/event/particle_events.h libcore/event/specials.c \
	libcore/event/specials.h libcore/event/start.c libcore/event/start.h \
	libcore/event/predict.c libcore/event/predict.h libcore/event/schedule.h \
	libcore/event/predict_model.c libcore/event/predict_parts.h \
	libcore/event/pair_law.c libcore/event/pair_law.h libcore/event/law_hard.c \
	libcore/event/law_model.c \
	libcore/event/law_sheared.c \
	libcore/event/read_ahead.h libcore/event/pair_search.h libcore/event/pair_model.h \
	libcore/event/pair_solve.h libcore/event/pair_scan.h libcore/event/gather4.h \
	libcore/event/control.c \
	libcore/event/start_pass.c libcore/event/start_pass.h \
	libcore/event/state.h libcore/event/setup.c libcore/event/setup.h \
	libcore/event/search_choice.c libcore/event/search_choice.h \
	libcore/shared/outputs.c libcore/shared/outputs.h \
	libcore/shared/progress.c libcore/shared/progress.h \
	libcore/event/audit.c libcore/event/audit.h \
	libcore/event/queue_contents.c libcore/event/queue_contents.h \
	libcore/event/queue_record.c libcore/event/queue_record.h \
	libcore/model/model.h libcore/model/model_setup.c libcore/model/model_events.c \
	libcore/model/model_growth.c \
	libcore/model/rules.c libcore/model/rules.h libcore/model/growing_times.h \
	libcore/model/shell_times.h \
	libcore/model/spin.c libcore/model/spin.h libcore/model/particles_write.c \
	libcore/model/pair_states.c libcore/model/pair_states.h \
	libcore/event/checkpoint.c libcore/event/checkpoint.h \
	libcore/checkpoint/file.c libcore/checkpoint/file.h \
	libcore/model/model_state.c libcore/model/model_state.h \
	libcore/shared/checkpoint_run.c libcore/shared/checkpoint_run.h \
	libcore/run/run.c libcore/run/run.h libcore/run/run_private.h libcore/run/params.c \
	libcore/run/assemble.c libcore/run/fixed.c libcore/run/engine.c libcore/run/engine.h \
	libcore/run/engine_event.c libcore/run/engine_timestep.c \
	libcore/run/summary.c libcore/run/summary.h \
	libcore/run/file_uses.c libcore/run/file_uses.h \
	libcore/timestep/step.c libcore/timestep/step.h libcore/timestep/loop.c \
	libcore/timestep/checkpoint.c \
	libcore/timestep/integrate.c libcore/timestep/integrate.h \
	libcore/timestep/contact.c libcore/timestep/contact.h libcore/timestep/walls.c libcore/timestep/walls.h \
	libcore/run/summary_timestep.c \
	libcore/ecmc/ecmc.h libcore/ecmc/chain.c libcore/ecmc/setup.c libcore/ecmc/loop.c \
	libcore/ecmc/checkpoint.c libcore/ecmc/pack.h libcore/ecmc/pack.c \
	libcore/run/engine_ecmc.c libcore/run/sim.c libcore/run/sim_observer.c \
	libcore/run/sim_private.h libcore/run/sim_particles.c libcore/event/resize.c libcore/event/resize.h
libhsframe_core_la_CPPFLAGS = $(AM_CPPFLAGS) -I$(top_srcdir)/libcore $(INIH_CFLAGS) $(ZLIB_CFLAGS) \
	-DHSF_PLUGINDIR='"$(pkglibdir)"'
# Neither flag changes a result (this is not -ffast-math): the library never
# reads errno after libm calls nor traps on floating-point exceptions, and
# without them GCC keeps a branch around every sqrt and division of the
# batched pair solver (physics.h) and cannot vectorise it.
libhsframe_core_la_CFLAGS = $(AM_CFLAGS) -fno-math-errno -fno-trapping-math
libhsframe_core_la_LIBADD = $(INIH_LIBS) $(ZLIB_LIBS) -lm

lib_LTLIBRARIES += libhsframe.la
libhsframe_la_SOURCES =
libhsframe_la_LIBADD = libhsframe_core.la
libhsframe_la_LDFLAGS = -no-undefined -version-info 0:0:0 -export-symbols libhsframe.sym
EXTRA_libhsframe_la_DEPENDENCIES = libhsframe.sym

# The ABI's functions: every function declared in the installed headers,
# except the inline ones; one name a line for libtool, and as a dynamic
# list ({ name; ... };) for the program's linker.
libhsframe.sym: $(hsframeinclude_HEADERS) $(top_srcdir)/libcore/abi-symbols.sh
	$(AM_V_GEN)$(SHELL) $(top_srcdir)/libcore/abi-symbols.sh $(hsframeinclude_HEADERS:%=$(top_srcdir)/%) > $@-t && mv $@-t $@
libhsframe.dynlist: libhsframe.sym
	$(AM_V_GEN){ echo '{'; sed 's/.*/  &;/' libhsframe.sym; echo '};'; } > $@-t && mv $@-t $@
# A table of every function of the ABI, linked into the program so that it
# holds them all for its plugins (an archive gives a program only what it
# calls), and so that a function declared but never defined fails the link.
libhsframe-abi.c: libhsframe.sym
	$(AM_V_GEN){ echo '/* Generated from include/hsframe by libcore/local.mk. */'; \
	  echo '#include <hsframe/hsframe.h>'; \
	  echo 'typedef void (*hsf_abi_function)(void);'; \
	  echo 'extern const hsf_abi_function hsf_abi_functions[];'; \
	  echo 'const hsf_abi_function hsf_abi_functions[] = {'; \
	  sed 's/.*/    (hsf_abi_function)&,/' libhsframe.sym; echo '};'; } > $@-t && mv $@-t $@
CLEANFILES += libhsframe.sym libhsframe.dynlist libhsframe-abi.c
BUILT_SOURCES = libhsframe.sym libhsframe.dynlist libhsframe-abi.c
EXTRA_DIST += libcore/abi-symbols.sh

bin_PROGRAMS += hsframe
hsframe_SOURCES = libcore/main.c
nodist_hsframe_SOURCES = libhsframe-abi.c
hsframe_CPPFLAGS = $(AM_CPPFLAGS) -I$(top_srcdir)/libcore -DHSF_PLUGINDIR='"$(pkglibdir)"'
hsframe_LDADD = libhsframe_core.la
hsframe_LDFLAGS = -Wl,--dynamic-list=libhsframe.dynlist
EXTRA_hsframe_DEPENDENCIES = libhsframe.dynlist
