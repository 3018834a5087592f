# hsframe-queue-bench: the queue plugins timed on the hold and up-down
# models and on recordings of runs (docs/QUEUES.md, "Workloads").  It loads
# plugins with hsframe's own loader (libcore/host), so it is linked as
# hsframe is: the core library, and the ABI's functions offered to the
# plugins it loads.
bin_PROGRAMS += hsframe-queue-bench
hsframe_queue_bench_SOURCES = tools/queue-bench/main.c \
	tools/queue-bench/plugin.c tools/queue-bench/plugin.h \
	tools/queue-bench/increments.c tools/queue-bench/increments.h \
	tools/queue-bench/models.c tools/queue-bench/models.h \
	tools/queue-bench/recording.c tools/queue-bench/recording.h \
	tools/queue-bench/replay.c tools/queue-bench/replay.h
nodist_hsframe_queue_bench_SOURCES = libhsframe-abi.c
hsframe_queue_bench_CPPFLAGS = $(AM_CPPFLAGS) -I$(top_srcdir)/libcore $(ZLIB_CFLAGS) \
	-DHSF_PLUGINDIR='"$(pkglibdir)"'
hsframe_queue_bench_LDADD = libhsframe_core.la $(ZLIB_LIBS) -ldl -lm
hsframe_queue_bench_LDFLAGS = -Wl,--dynamic-list=libhsframe.dynlist
EXTRA_hsframe_queue_bench_DEPENDENCIES = libhsframe.dynlist
# The installed plugin directory is compiled in (the default of
# --plugin-path, and the help): configuring again (another prefix)
# recompiles what reads it.
tools/queue-bench/hsframe_queue_bench-plugin.$(OBJEXT) \
	tools/queue-bench/hsframe_queue_bench-main.$(OBJEXT): config.status
