# Boundary plugins.
pkglib_LTLIBRARIES += plugins/boundary/box.la plugins/boundary/periodic.la \
	plugins/boundary/circle.la plugins/boundary/sheared.la
plugins_boundary_box_la_SOURCES = plugins/boundary/box/box.c \
	plugins/boundary/box/vibrating_wall.c plugins/boundary/box/vibrating_wall.h
plugins_boundary_box_la_LDFLAGS = $(PLUGIN_LDFLAGS)
plugins_boundary_box_la_LIBADD = -lm
plugins_boundary_periodic_la_SOURCES = plugins/boundary/periodic.c
plugins_boundary_periodic_la_LDFLAGS = $(PLUGIN_LDFLAGS)
plugins_boundary_periodic_la_LIBADD = -lm
plugins_boundary_circle_la_SOURCES = plugins/boundary/circle.c
plugins_boundary_circle_la_LDFLAGS = $(PLUGIN_LDFLAGS)
plugins_boundary_circle_la_LIBADD = -lm
plugins_boundary_sheared_la_SOURCES = plugins/boundary/sheared.c
plugins_boundary_sheared_la_LDFLAGS = $(PLUGIN_LDFLAGS)
plugins_boundary_sheared_la_LIBADD = -lm
pkglib_LTLIBRARIES += plugins/boundary/mesh.la
plugins_boundary_mesh_la_SOURCES = plugins/boundary/mesh/mesh.c \
	plugins/boundary/mesh/stl_read.c plugins/boundary/mesh/stl_read.h \
	plugins/boundary/mesh/mesh_geometry.c plugins/boundary/mesh/mesh_geometry.h \
	plugins/boundary/mesh/mesh_search.c plugins/boundary/mesh/mesh_search.h \
	plugins/boundary/mesh/mesh_hit.c plugins/boundary/mesh/mesh_hit.h \
	plugins/boundary/mesh/mesh_check.c plugins/boundary/mesh/mesh_check.h
plugins_boundary_mesh_la_LDFLAGS = $(PLUGIN_LDFLAGS)
plugins_boundary_mesh_la_LIBADD = -lm
