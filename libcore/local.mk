# libhsframe: the core, by part: host/ (errors, configuration, plugin
# loader: what plugins talk to), io/ (particle files and initial
# conditions, their checks, atomic output files), engine/ (the system, the
# event loop and what it searches with), model/ (interactions other than
# elastic hard spheres, and bonds), checkpoint/ (saving and resuming
# runs), run/ (one whole run, assembled from the others); and main.c, the
# thin hsframe program.
lib_LTLIBRARIES += libhsframe.la
libhsframe_la_SOURCES = \
	libcore/host/error.c libcore/host/error_private.h \
	libcore/host/config.c libcore/host/config_private.h \
	libcore/host/plugin_loader.c libcore/host/plugin_loader.h libcore/host/random.h \
	libcore/io/particles_read.c libcore/io/particles_parse.h \
	libcore/io/particles_algs4.c libcore/io/particles_xyz.c \
	libcore/io/particles_write.c libcore/io/atomic_file.c libcore/io/atomic_private.h \
	libcore/io/init.c libcore/io/init.h libcore/io/bonds.c libcore/io/bonds.h \
	libcore/io/validate.c libcore/io/validate.h \
	libcore/io/input_limits.c libcore/io/input_limits.h \
	libcore/engine/particle.h libcore/engine/system.c libcore/engine/system_private.h \
	libcore/engine/physics.c libcore/engine/physics.h \
	libcore/engine/cells.c libcore/engine/cells.h \
	libcore/engine/neighbours.c libcore/engine/neighbours.h \
	libcore/engine/engine.c libcore/engine/control.c \
	libcore/engine/outputs.c libcore/engine/outputs.h \
	libcore/engine/progress.c libcore/engine/progress.h \
	libcore/engine/audit.c libcore/engine/audit.h \
	libcore/engine/queue_contents.c libcore/engine/queue_contents.h \
	libcore/model/model.h libcore/model/model_setup.c libcore/model/model_events.c \
	libcore/model/model_growth.c \
	libcore/model/rules.c libcore/model/rules.h \
	libcore/model/pair_states.c libcore/model/pair_states.h \
	libcore/checkpoint/checkpoint.c libcore/checkpoint/checkpoint.h \
	libcore/checkpoint/file.c libcore/checkpoint/file.h \
	libcore/checkpoint/state.c libcore/checkpoint/state_private.h \
	libcore/checkpoint/model_state.c libcore/checkpoint/model_state.h \
	libcore/run/run.c libcore/run/run.h libcore/run/summary.c libcore/run/summary.h \
	libcore/run/file_uses.c libcore/run/file_uses.h \
	libcore/step/step.c libcore/step/step.h libcore/step/loop.c \
	libcore/step/integrate.c libcore/step/integrate.h \
	libcore/step/contact.c libcore/step/contact.h libcore/step/walls.c libcore/step/walls.h \
	libcore/step/summary_step.c
libhsframe_la_CPPFLAGS = $(AM_CPPFLAGS) -I$(top_srcdir)/libcore $(INIH_CFLAGS) $(ZLIB_CFLAGS) \
	-DHSF_PLUGINDIR='"$(pkglibdir)"'
# Neither flag changes a result (this is not -ffast-math): the library never
# reads errno after libm calls nor traps on floating-point exceptions, and
# without them GCC keeps a branch around every sqrt and division of the
# batched pair solver (physics.h) and cannot vectorise it.
libhsframe_la_CFLAGS = $(AM_CFLAGS) -fno-math-errno -fno-trapping-math
libhsframe_la_LIBADD = $(INIH_LIBS) $(ZLIB_LIBS) -lm
libhsframe_la_LDFLAGS = -no-undefined -version-info 0:0:0 -export-symbols-regex '^hsf_'

bin_PROGRAMS += hsframe
hsframe_SOURCES = libcore/main.c
hsframe_CPPFLAGS = $(AM_CPPFLAGS) -I$(top_srcdir)/libcore -DHSF_PLUGINDIR='"$(pkglibdir)"'
hsframe_LDADD = libhsframe.la
