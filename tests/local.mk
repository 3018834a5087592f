# make check: Criterion unit tests (one program per module) and end-to-end
# scripts that run the hsframe program.
CRITERION_TESTS = tests/test_physics tests/test_config tests/test_loader \
	tests/test_particles tests/test_box tests/test_engine tests/test_geometry \
	tests/test_queue_conformance tests/test_measure tests/test_speeds tests/test_state \
	tests/test_rules tests/test_forces tests/test_path tests/test_energy \
	tests/test_vibrating_wall tests/test_poly_rises tests/test_mesh_search \
	tests/test_engine_ballistic tests/test_sim tests/test_falling
check_PROGRAMS += $(CRITERION_TESTS)
TESTS += $(CRITERION_TESTS)
TESTS += tests/test_cli.sh tests/test_billiards.sh tests/test_headers.sh tests/test_scenarios.sh \
	tests/test_pictures.sh tests/test_prefetch.sh tests/test_checkpoint.sh tests/test_guards.sh \
	tests/test_limits.sh tests/test_models.sh tests/test_vacf.sh tests/test_plot.sh \
	tests/test_docs.sh tests/test_summary.sh tests/test_sweep.sh tests/test_sweep_slurm.sh \
	tests/test_sweep_eos.sh tests/test_thermostat.sh tests/test_timestep_gravity.sh \
	tests/test_timestep_springs.sh tests/test_timestep_gas.sh tests/test_energies.sh \
	tests/test_gravity.sh tests/test_compression.sh tests/test_abi.sh tests/test_exports.sh \
	tests/test_layers.sh tests/test_files.sh tests/test_start_pass.sh \
	tests/test_build_tree.sh
TESTS += tests/test_messages.sh tests/test_ecmc.sh tests/test_switches.sh
EXTRA_DIST += tests/test_ecmc.sh tests/test_switches.sh
EXTRA_DIST += tests/test_messages.sh
# The plugin kit from a staged install (make install DESTDIR=).
TESTS += tests/test_kit.sh
EXTRA_DIST += tests/test_kit.sh
TESTS += tests/test_speed_free.sh
EXTRA_DIST += tests/test_speed_free.sh
TESTS += tests/test_stress.sh tests/test_profile.sh tests/test_transport.sh tests/test_shear.sh tests/test_rough.sh tests/test_fixed.sh \
	tests/test_shear_outputs.sh tests/test_mesh.sh
EXTRA_DIST += tests/test_stress.sh tests/test_profile.sh tests/test_transport.sh tests/test_shear.sh tests/test_rough.sh tests/test_fixed.sh \
	tests/test_shear_outputs.sh tests/test_mesh.sh
TESTS += tests/test_queue_record.sh tests/test_vibrate.sh
EXTRA_DIST += tests/test_queue_record.sh tests/test_vibrate.sh
EXTRA_DIST += tests/test_timestep_gravity.sh tests/test_timestep_springs.sh tests/test_timestep_gas.sh \
	tests/test_energies.sh tests/test_cli.sh tests/test_billiards.sh tests/test_headers.sh tests/testlib.sh \
	tests/test_scenarios.sh tests/test_pictures.sh tests/test_prefetch.sh \
	tests/test_checkpoint.sh tests/test_guards.sh tests/test_limits.sh tests/test_vacf.sh \
	tests/test_plot.sh tests/test_docs.sh tests/test_models.sh \
	tests/test_summary.sh tests/test_sweep.sh tests/test_sweep_slurm.sh \
	tests/test_sweep_eos.sh tests/test_thermostat.sh tests/test_gravity.sh tests/test_compression.sh \
	tests/lsan.supp tests/test_abi.sh tests/test_exports.sh tests/test_layers.sh tests/test_files.sh \
	tests/test_start_pass.sh \
	tests/test_build_tree.sh tests/installcheck.sh tests/kinetic.awk
noinst_HEADERS += tests/testlib.h tests/runlib.h

TEST_CPPFLAGS = $(AM_CPPFLAGS) -I$(top_srcdir)/libcore -I$(top_srcdir)/tests $(CRITERION_CFLAGS)
# The tests run plugins, which bind to the copy of the ABI in the test
# program, as they do in hsframe: the program's table of the ABI's
# functions brings them all in from the core (an archive gives a program
# only what it calls), and the dynamic list exports them.
TEST_LDADD = hsframe-libhsframe-abi.$(OBJEXT) libhsframe_core.la $(CRITERION_LIBS) -lm
TEST_EXPORTS = -Wl,--dynamic-list=libhsframe.dynlist

tests_test_physics_SOURCES = tests/test_physics.c
tests_test_physics_CPPFLAGS = $(TEST_CPPFLAGS)
tests_test_physics_LDADD = $(TEST_LDADD)
tests_test_physics_LDFLAGS = $(TEST_EXPORTS)
# The library's floating-point flags (libcore/local.mk), so that the batch
# solver is vectorised here as it is there.
tests_test_physics_CFLAGS = $(AM_CFLAGS) -fno-math-errno -fno-trapping-math
tests_test_config_SOURCES = tests/test_config.c
tests_test_config_CPPFLAGS = $(TEST_CPPFLAGS)
tests_test_config_LDADD = $(TEST_LDADD)
tests_test_config_LDFLAGS = $(TEST_EXPORTS)
tests_test_loader_SOURCES = tests/test_loader.c
tests_test_loader_CPPFLAGS = $(TEST_CPPFLAGS)
tests_test_loader_LDADD = $(TEST_LDADD)
tests_test_loader_LDFLAGS = $(TEST_EXPORTS)
tests_test_particles_SOURCES = tests/test_particles.c
tests_test_particles_CPPFLAGS = $(TEST_CPPFLAGS)
tests_test_particles_LDADD = $(TEST_LDADD)
tests_test_particles_LDFLAGS = $(TEST_EXPORTS)
tests_test_box_SOURCES = tests/test_box.c
tests_test_box_CPPFLAGS = $(TEST_CPPFLAGS)
tests_test_box_LDADD = $(TEST_LDADD)
tests_test_box_LDFLAGS = $(TEST_EXPORTS)
tests_test_engine_SOURCES = tests/test_engine.c
tests_test_engine_CPPFLAGS = $(TEST_CPPFLAGS)
tests_test_engine_LDADD = $(TEST_LDADD)
tests_test_engine_LDFLAGS = $(TEST_EXPORTS)
tests_test_geometry_SOURCES = tests/test_geometry.c
tests_test_geometry_CPPFLAGS = $(TEST_CPPFLAGS)
tests_test_geometry_LDADD = $(TEST_LDADD)
tests_test_geometry_LDFLAGS = $(TEST_EXPORTS)
tests_test_speeds_SOURCES = tests/test_speeds.c
tests_test_speeds_CPPFLAGS = $(TEST_CPPFLAGS)
tests_test_speeds_LDADD = $(TEST_LDADD)
tests_test_speeds_LDFLAGS = $(TEST_EXPORTS)
tests_test_measure_SOURCES = tests/test_measure.c
tests_test_measure_CPPFLAGS = $(TEST_CPPFLAGS)
tests_test_measure_LDADD = $(TEST_LDADD)
tests_test_measure_LDFLAGS = $(TEST_EXPORTS)
tests_test_vibrating_wall_SOURCES = tests/test_vibrating_wall.c \
	plugins/boundary/box/vibrating_wall.c
tests_test_vibrating_wall_CPPFLAGS = $(TEST_CPPFLAGS) -I$(top_srcdir)/plugins/boundary/box
tests_test_vibrating_wall_LDADD = $(TEST_LDADD)
tests_test_vibrating_wall_LDFLAGS = $(TEST_EXPORTS)
tests_test_poly_rises_SOURCES = tests/test_poly_rises.c
tests_test_poly_rises_CPPFLAGS = $(TEST_CPPFLAGS)
tests_test_poly_rises_LDADD = $(TEST_LDADD)
tests_test_poly_rises_LDFLAGS = $(TEST_EXPORTS)
tests_test_mesh_search_SOURCES = tests/test_mesh_search.c \
	plugins/boundary/mesh/mesh_search.c plugins/boundary/mesh/mesh_hit.c \
	plugins/boundary/mesh/mesh_geometry.c plugins/boundary/mesh/stl_read.c
tests_test_mesh_search_CPPFLAGS = $(TEST_CPPFLAGS)
tests_test_mesh_search_LDADD = $(TEST_LDADD)
tests_test_mesh_search_LDFLAGS = $(TEST_EXPORTS)
tests_test_path_SOURCES = tests/test_path.c
tests_test_path_CPPFLAGS = $(TEST_CPPFLAGS)
tests_test_path_LDADD = $(TEST_LDADD)
tests_test_path_LDFLAGS = $(TEST_EXPORTS)
tests_test_forces_SOURCES = tests/test_forces.c
tests_test_forces_CPPFLAGS = $(TEST_CPPFLAGS)
tests_test_forces_LDADD = $(TEST_LDADD)
tests_test_forces_LDFLAGS = $(TEST_EXPORTS)
tests_test_sim_SOURCES = tests/test_sim.c
tests_test_sim_CPPFLAGS = $(TEST_CPPFLAGS)
tests_test_sim_LDADD = $(TEST_LDADD)
tests_test_sim_LDFLAGS = $(TEST_EXPORTS)
tests_test_falling_SOURCES = tests/test_falling.c
tests_test_falling_CPPFLAGS = $(TEST_CPPFLAGS)
tests_test_falling_LDADD = $(TEST_LDADD)
tests_test_falling_LDFLAGS = $(TEST_EXPORTS)

tests_test_engine_ballistic_SOURCES = tests/test_engine_ballistic.c tests/engine_ballistic.c \
	tests/engine_ballistic.h
tests_test_engine_ballistic_CPPFLAGS = $(TEST_CPPFLAGS)
tests_test_engine_ballistic_LDADD = $(TEST_LDADD)
tests_test_engine_ballistic_LDFLAGS = $(TEST_EXPORTS)
tests_test_state_SOURCES = tests/test_state.c
tests_test_state_CPPFLAGS = $(TEST_CPPFLAGS)
tests_test_state_LDADD = $(TEST_LDADD)
tests_test_state_LDFLAGS = $(TEST_EXPORTS)
tests_test_rules_SOURCES = tests/test_rules.c
tests_test_rules_CPPFLAGS = $(TEST_CPPFLAGS)
tests_test_rules_LDADD = $(TEST_LDADD)
tests_test_rules_LDFLAGS = $(TEST_EXPORTS)
tests_test_energy_SOURCES = tests/test_energy.c
tests_test_energy_CPPFLAGS = $(TEST_CPPFLAGS)
tests_test_energy_LDADD = $(TEST_LDADD)
tests_test_energy_LDFLAGS = $(TEST_EXPORTS)
tests_test_queue_conformance_SOURCES = tests/test_queue_conformance.c
tests_test_queue_conformance_CPPFLAGS = $(TEST_CPPFLAGS)
tests_test_queue_conformance_LDADD = $(TEST_LDADD)
tests_test_queue_conformance_LDFLAGS = $(TEST_EXPORTS)

# Reads pixels of a PNG for tests/test_pictures.sh.
if HAVE_CAIRO
check_PROGRAMS += tests/png_pixel
tests_png_pixel_SOURCES = tests/png_pixel.c
tests_png_pixel_CFLAGS = $(AM_CFLAGS) $(CAIRO_CFLAGS)
tests_png_pixel_LDADD = $(CAIRO_LIBS)
endif

# Deliberately broken plugins for the loader tests (-rpath makes libtool
# build shared modules that are never installed).
FIXTURE_LDFLAGS = -module -avoid-version -shared -rpath /nowhere
check_LTLIBRARIES += tests/fixtures/no_entry.la tests/fixtures/wrong_abi.la \
	tests/fixtures/newer_minor.la tests/fixtures/misnamed.la \
	tests/fixtures/incomplete.la tests/fixtures/no_save.la \
	tests/fixtures/good_box.la tests/fixtures/z_periodic.la tests/fixtures/bad_extent.la tests/fixtures/nan_hit.la tests/fixtures/negative_hit.la tests/fixtures/bad_velocity.la tests/fixtures/out_of_order.la tests/fixtures/loses_events.la
tests_fixtures_no_entry_la_SOURCES = tests/fixtures/no_entry.c
tests_fixtures_no_entry_la_LDFLAGS = $(FIXTURE_LDFLAGS)
tests_fixtures_wrong_abi_la_SOURCES = tests/fixtures/wrong_abi.c
tests_fixtures_wrong_abi_la_LDFLAGS = $(FIXTURE_LDFLAGS)
tests_fixtures_newer_minor_la_SOURCES = tests/fixtures/newer_minor.c
tests_fixtures_newer_minor_la_LDFLAGS = $(FIXTURE_LDFLAGS)
tests_fixtures_misnamed_la_SOURCES = tests/fixtures/misnamed.c
tests_fixtures_misnamed_la_LDFLAGS = $(FIXTURE_LDFLAGS)
tests_fixtures_incomplete_la_SOURCES = tests/fixtures/incomplete.c
tests_fixtures_incomplete_la_LDFLAGS = $(FIXTURE_LDFLAGS)
tests_fixtures_no_save_la_SOURCES = tests/fixtures/no_save.c
tests_fixtures_no_save_la_LDFLAGS = $(FIXTURE_LDFLAGS)
# Plugins built against the headers of every released minor (a copy of
# each release's include/ in tests/fixtures/abi-1.N), for tests/test_abi.sh.
RELEASED_MINORS_FIXTURES = tests/fixtures/table_1_3.la tests/fixtures/square_1_3.la \
	tests/fixtures/table_1_4.la tests/fixtures/square_1_4.la \
	tests/fixtures/table_1_5.la tests/fixtures/square_1_5.la tests/fixtures/old_thermostat.la
check_LTLIBRARIES += $(RELEASED_MINORS_FIXTURES)
tests_fixtures_table_1_3_la_SOURCES = tests/fixtures/released_output.c
tests_fixtures_table_1_3_la_CPPFLAGS = -I$(top_srcdir)/tests/fixtures/abi-1.3/include -DNAME='"table_1_3"'
tests_fixtures_table_1_3_la_LDFLAGS = $(FIXTURE_LDFLAGS)
tests_fixtures_square_1_3_la_SOURCES = tests/fixtures/released_boundary.c
tests_fixtures_square_1_3_la_CPPFLAGS = -I$(top_srcdir)/tests/fixtures/abi-1.3/include -DNAME='"square_1_3"'
tests_fixtures_square_1_3_la_LDFLAGS = $(FIXTURE_LDFLAGS)
tests_fixtures_table_1_4_la_SOURCES = tests/fixtures/released_output.c
tests_fixtures_table_1_4_la_CPPFLAGS = -I$(top_srcdir)/tests/fixtures/abi-1.4/include -DNAME='"table_1_4"'
tests_fixtures_table_1_4_la_LDFLAGS = $(FIXTURE_LDFLAGS)
tests_fixtures_square_1_4_la_SOURCES = tests/fixtures/released_boundary.c
tests_fixtures_square_1_4_la_CPPFLAGS = -I$(top_srcdir)/tests/fixtures/abi-1.4/include -DNAME='"square_1_4"'
tests_fixtures_square_1_4_la_LDFLAGS = $(FIXTURE_LDFLAGS)
tests_fixtures_table_1_5_la_SOURCES = tests/fixtures/released_output.c
tests_fixtures_table_1_5_la_CPPFLAGS = -I$(top_srcdir)/tests/fixtures/abi-1.5/include -DNAME='"table_1_5"'
tests_fixtures_table_1_5_la_LDFLAGS = $(FIXTURE_LDFLAGS)
tests_fixtures_square_1_5_la_SOURCES = tests/fixtures/released_boundary.c
tests_fixtures_square_1_5_la_CPPFLAGS = -I$(top_srcdir)/tests/fixtures/abi-1.5/include -DNAME='"square_1_5"'
tests_fixtures_square_1_5_la_LDFLAGS = $(FIXTURE_LDFLAGS)
tests_fixtures_old_thermostat_la_SOURCES = tests/fixtures/old_thermostat.c
tests_fixtures_old_thermostat_la_LDFLAGS = $(FIXTURE_LDFLAGS)
EXTRA_DIST += tests/fixtures/abi-1.3 tests/fixtures/abi-1.4 tests/fixtures/abi-1.5

# Plugins that answer wrongly, one way each (tests/test_guards.sh).
tests_fixtures_good_box_la_SOURCES = tests/fixtures/broken_box.c
tests_fixtures_good_box_la_CPPFLAGS = $(AM_CPPFLAGS) -DBROKEN=0 -DNAME='"good_box"'
tests_fixtures_good_box_la_LDFLAGS = $(FIXTURE_LDFLAGS)
tests_fixtures_z_periodic_la_SOURCES = tests/fixtures/broken_box.c
tests_fixtures_z_periodic_la_CPPFLAGS = $(AM_CPPFLAGS) -DBROKEN=1 -DNAME='"z_periodic"'
tests_fixtures_z_periodic_la_LDFLAGS = $(FIXTURE_LDFLAGS)
tests_fixtures_bad_extent_la_SOURCES = tests/fixtures/broken_box.c
tests_fixtures_bad_extent_la_CPPFLAGS = $(AM_CPPFLAGS) -DBROKEN=2 -DNAME='"bad_extent"'
tests_fixtures_bad_extent_la_LDFLAGS = $(FIXTURE_LDFLAGS)
tests_fixtures_nan_hit_la_SOURCES = tests/fixtures/broken_box.c
tests_fixtures_nan_hit_la_CPPFLAGS = $(AM_CPPFLAGS) -DBROKEN=3 -DNAME='"nan_hit"'
tests_fixtures_nan_hit_la_LDFLAGS = $(FIXTURE_LDFLAGS)
tests_fixtures_negative_hit_la_SOURCES = tests/fixtures/broken_box.c
tests_fixtures_negative_hit_la_CPPFLAGS = $(AM_CPPFLAGS) -DBROKEN=4 -DNAME='"negative_hit"'
tests_fixtures_negative_hit_la_LDFLAGS = $(FIXTURE_LDFLAGS)
tests_fixtures_bad_velocity_la_SOURCES = tests/fixtures/broken_box.c
tests_fixtures_bad_velocity_la_CPPFLAGS = $(AM_CPPFLAGS) -DBROKEN=5 -DNAME='"bad_velocity"'
tests_fixtures_bad_velocity_la_LDFLAGS = $(FIXTURE_LDFLAGS)
tests_fixtures_out_of_order_la_SOURCES = tests/fixtures/broken_queue.c
tests_fixtures_out_of_order_la_CPPFLAGS = $(AM_CPPFLAGS) -DBROKEN=1 -DNAME='"out_of_order"'
tests_fixtures_out_of_order_la_LDFLAGS = $(FIXTURE_LDFLAGS)
tests_fixtures_loses_events_la_SOURCES = tests/fixtures/broken_queue.c
tests_fixtures_loses_events_la_CPPFLAGS = $(AM_CPPFLAGS) -DBROKEN=2 -DNAME='"loses_events"'
tests_fixtures_loses_events_la_LDFLAGS = $(FIXTURE_LDFLAGS)
# Queues wrong on purpose, for hsframe-queue-check (tests/test_queue_check.sh).
check_LTLIBRARIES += tests/fixtures/ignores_seq.la tests/fixtures/lifo_ties.la \
	tests/fixtures/remove_noop.la tests/fixtures/crashes.la tests/fixtures/hangs.la
tests_fixtures_ignores_seq_la_SOURCES = tests/fixtures/wrong_queue.c
tests_fixtures_ignores_seq_la_CPPFLAGS = $(AM_CPPFLAGS) -DBROKEN=1 -DNAME='"ignores_seq"'
tests_fixtures_ignores_seq_la_LDFLAGS = $(FIXTURE_LDFLAGS)
tests_fixtures_lifo_ties_la_SOURCES = tests/fixtures/wrong_queue.c
tests_fixtures_lifo_ties_la_CPPFLAGS = $(AM_CPPFLAGS) -DBROKEN=2 -DNAME='"lifo_ties"'
tests_fixtures_lifo_ties_la_LDFLAGS = $(FIXTURE_LDFLAGS)
tests_fixtures_remove_noop_la_SOURCES = tests/fixtures/wrong_queue.c
tests_fixtures_remove_noop_la_CPPFLAGS = $(AM_CPPFLAGS) -DBROKEN=3 -DNAME='"remove_noop"'
tests_fixtures_remove_noop_la_LDFLAGS = $(FIXTURE_LDFLAGS)
tests_fixtures_crashes_la_SOURCES = tests/fixtures/wrong_queue.c
tests_fixtures_crashes_la_CPPFLAGS = $(AM_CPPFLAGS) -DBROKEN=4 -DNAME='"crashes"'
tests_fixtures_crashes_la_LDFLAGS = $(FIXTURE_LDFLAGS)
tests_fixtures_hangs_la_SOURCES = tests/fixtures/wrong_queue.c
tests_fixtures_hangs_la_CPPFLAGS = $(AM_CPPFLAGS) -DBROKEN=5 -DNAME='"hangs"'
tests_fixtures_hangs_la_LDFLAGS = $(FIXTURE_LDFLAGS)
TESTS += tests/test_queue_check.sh
EXTRA_DIST += tests/test_queue_check.sh
TESTS += tests/test_python.sh
EXTRA_DIST += tests/test_python.sh


# What the tests find: the built plugins, the fixtures, the source tree.
AM_TESTS_ENVIRONMENT = \
	HSF_TEST_BUILDDIR='$(abs_top_builddir)'; export HSF_TEST_BUILDDIR; \
	HSF_TEST_SRCDIR='$(abs_top_srcdir)'; export HSF_TEST_SRCDIR; \
	HSF_QUEUE_PLUGIN_DIR='$(abs_top_builddir)/plugins/queue/.libs'; \
	export HSF_QUEUE_PLUGIN_DIR; \
	HSF_FIXTURE_DIR='$(abs_top_builddir)/tests/fixtures/.libs'; export HSF_FIXTURE_DIR; \
	HSF_TEST_PYTHON='$(PYTHON)'; export HSF_TEST_PYTHON; \
	unset HSFRAME_PLUGIN_PATH;

clean-local: clean-test-output
clean-test-output:
	-rm -rf tests/out

# After make install (make distcheck does it into a fresh prefix): the
# installed program runs with the installed plugins.
installcheck-local:
	$(SHELL) $(top_srcdir)/tests/installcheck.sh '$(abs_top_srcdir)' \
		'$(DESTDIR)$(bindir)' '$(DESTDIR)$(pkglibdir)'
