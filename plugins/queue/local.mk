# Event queue plugins.
pkglib_LTLIBRARIES += plugins/queue/binary_heap.la plugins/queue/pairing_heap.la \
	plugins/queue/calendar.la plugins/queue/ladder.la plugins/queue/marin_tree.la \
	plugins/queue/splay_tree.la
plugins_queue_binary_heap_la_SOURCES = plugins/queue/binary_heap.c plugins/queue/index_heap.h
plugins_queue_binary_heap_la_LDFLAGS = $(PLUGIN_LDFLAGS)
plugins_queue_binary_heap_la_LIBADD = -lm
plugins_queue_pairing_heap_la_SOURCES = plugins/queue/pairing_heap.c
plugins_queue_pairing_heap_la_LDFLAGS = $(PLUGIN_LDFLAGS)
plugins_queue_pairing_heap_la_LIBADD = -lm
plugins_queue_calendar_la_SOURCES = plugins/queue/calendar/calendar.c \
	plugins/queue/calendar/calendar_index.c plugins/queue/calendar/calendar_index.h \
	plugins/queue/index_heap.h
plugins_queue_calendar_la_LDFLAGS = $(PLUGIN_LDFLAGS)
plugins_queue_calendar_la_LIBADD = -lm
plugins_queue_ladder_la_SOURCES = plugins/queue/ladder/ladder.c \
	plugins/queue/ladder/ladder_core.c plugins/queue/ladder/ladder_core.h
plugins_queue_ladder_la_LDFLAGS = $(PLUGIN_LDFLAGS)
plugins_queue_ladder_la_LIBADD = -lm
plugins_queue_marin_tree_la_SOURCES = plugins/queue/marin_tree.c
plugins_queue_marin_tree_la_LDFLAGS = $(PLUGIN_LDFLAGS)
plugins_queue_marin_tree_la_LIBADD = -lm
plugins_queue_splay_tree_la_SOURCES = plugins/queue/splay_tree.c
plugins_queue_splay_tree_la_LDFLAGS = $(PLUGIN_LDFLAGS)
plugins_queue_splay_tree_la_LIBADD = -lm
