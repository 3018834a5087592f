# hsframe-queue-check: the queue contract, checked on any queue plugin
# (docs/QUEUES.md, "The kit for third-party queues").  It loads plugins with
# hsframe's own loader (libcore/host), so it is linked as hsframe is: the
# core library, and the ABI's functions offered to the plugins it loads.
bin_PROGRAMS += tools/queue-check/hsframe-queue-check
tools_queue_check_hsframe_queue_check_SOURCES = tools/queue-check/main.c \
	tools/queue-check/plugin.c tools/queue-check/report.c tools/queue-check/host_error.c \
	tools/queue-check/events.c tools/queue-check/reference.c tools/queue-check/ops.c \
	tools/queue-check/checks_order.c tools/queue-check/checks_index.c \
	tools/queue-check/qcheck.h
nodist_tools_queue_check_hsframe_queue_check_SOURCES = libhsframe-abi.c
tools_queue_check_hsframe_queue_check_CPPFLAGS = $(AM_CPPFLAGS) -I$(top_srcdir)/libcore \
	-DHSF_PLUGINDIR='"$(pkglibdir)"'
tools_queue_check_hsframe_queue_check_LDADD = libhsframe_core.la -ldl -lm
tools_queue_check_hsframe_queue_check_LDFLAGS = -Wl,--dynamic-list=libhsframe.dynlist
EXTRA_tools_queue_check_hsframe_queue_check_DEPENDENCIES = libhsframe.dynlist
dist_man_MANS += tools/queue-check/hsframe-queue-check.1
# The installed plugin directory is compiled in: configuring again
# (another prefix) recompiles what reads it.
tools/queue-check/hsframe_queue_check-plugin.$(OBJEXT) \
	tools/queue-check/hsframe_queue_check-main.$(OBJEXT): config.status
