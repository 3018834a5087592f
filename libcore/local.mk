# libhsframe: the core (configuration, plugin loader, particle I/O, engine)
# and the thin hsframe program.
lib_LTLIBRARIES += libhsframe.la
libhsframe_la_SOURCES = \
	libcore/error.c libcore/error_private.h \
	libcore/config.c libcore/config_private.h \
	libcore/plugin_loader.c libcore/plugin_loader.h \
	libcore/particle.h \
	libcore/particles_read.c libcore/particles_parse.h \
	libcore/particles_algs4.c libcore/particles_xyz.c \
	libcore/particles_write.c libcore/atomic_file.c libcore/atomic_private.h \
	libcore/physics.c libcore/physics.h \
	libcore/cells.c libcore/cells.h \
	libcore/neighbours.c libcore/neighbours.h \
	libcore/init.c libcore/init.h \
	libcore/system.c libcore/system_private.h \
	libcore/validate.c libcore/validate.h libcore/input_limits.c libcore/input_limits.h \
	libcore/engine.c libcore/progress.c libcore/progress.h \
	libcore/audit.c libcore/audit.h libcore/queue_contents.c libcore/queue_contents.h \
	libcore/run.c libcore/run.h \
	libcore/checkpoint/checkpoint.c libcore/checkpoint/checkpoint.h \
	libcore/checkpoint/file.c libcore/checkpoint/file.h \
	libcore/checkpoint/state.c libcore/checkpoint/state_private.h
libhsframe_la_CPPFLAGS = $(AM_CPPFLAGS) $(INIH_CFLAGS) $(ZLIB_CFLAGS) \
	-DHSF_BUILDDIR='"$(abs_top_builddir)"' -DHSF_PLUGINDIR='"$(pkglibdir)"'
# Neither flag changes a result (this is not -ffast-math): the library never
# reads errno after libm calls nor traps on floating-point exceptions, and
# without them GCC keeps a branch around every sqrt and division of the
# batched pair solver (physics.h) and cannot vectorise it.
libhsframe_la_CFLAGS = $(AM_CFLAGS) -fno-math-errno -fno-trapping-math
libhsframe_la_LIBADD = $(INIH_LIBS) $(ZLIB_LIBS) -lm
libhsframe_la_LDFLAGS = -no-undefined -version-info 0:0:0 -export-symbols-regex '^hsf_'

bin_PROGRAMS += hsframe
hsframe_SOURCES = libcore/main.c
hsframe_CPPFLAGS = $(AM_CPPFLAGS) -DHSF_PLUGINDIR='"$(pkglibdir)"'
hsframe_LDADD = libhsframe.la
