# Event queue plugins.
pkglib_LTLIBRARIES += plugins/queue/binary_heap.la
plugins_queue_binary_heap_la_SOURCES = plugins/queue/binary_heap.c
plugins_queue_binary_heap_la_LDFLAGS = $(PLUGIN_LDFLAGS)
plugins_queue_binary_heap_la_LIBADD = libhsframe.la -lm
