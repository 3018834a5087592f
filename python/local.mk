# The Python module hsframe (docs/PYTHON.md): the package python/hsframe/
# and its C extension _core, a libtool module over libhsframe installed
# beside the package's files in the prefix's Python directory.  In the
# build tree the extension is linked into python/hsframe/ as well, so that
# PYTHONPATH=$(builddir)/python imports it.
EXTRA_DIST += python/hsframe/__init__.py python/hsframe/gsd.py python/hsframe/_core.c \
	python/tests/conftest.py python/tests/test_runs.py python/tests/test_views.py \
	python/tests/test_observers.py python/tests/test_gsd.py python/tests/test_examples.py
if HAVE_PYTHON
hsframepyexecdir = $(pyexecdir)/hsframe
hsframepyexec_LTLIBRARIES = python/hsframe/_core.la
python_hsframe__core_la_SOURCES = python/hsframe/_core.c
python_hsframe__core_la_CPPFLAGS = $(AM_CPPFLAGS) $(PYTHON_INCLUDES)
python_hsframe__core_la_LDFLAGS = -module -avoid-version -shared -shrext $(PYTHON_EXT_SUFFIX)
python_hsframe__core_la_LIBADD = libhsframe.la
hsframepythondir = $(pyexecdir)/hsframe
hsframepython_PYTHON = python/hsframe/__init__.py python/hsframe/gsd.py
python_build_tree = python/hsframe/build-tree.stamp
endif

# The build tree's package: the extension linked beside the package's
# files (copied there in a separate build directory).  A stamp, so that a
# built tree is up to date for make -q.
all-local: $(python_build_tree)
clean-local: python-clean
python/hsframe/build-tree.stamp: python/hsframe/_core.la $(srcdir)/python/hsframe/__init__.py \
		$(srcdir)/python/hsframe/gsd.py
	@if test '$(srcdir)' != .; then \
	  for f in __init__.py gsd.py; do cp -f $(srcdir)/python/hsframe/$$f python/hsframe/$$f; done; \
	fi
	$(AM_V_GEN)ln -sf .libs/_core$(PYTHON_EXT_SUFFIX) python/hsframe/_core$(PYTHON_EXT_SUFFIX) && \
	  touch $@
python-clean:
	rm -f python/hsframe/_core$(PYTHON_EXT_SUFFIX) python/hsframe/build-tree.stamp
	rm -rf python/hsframe/__pycache__ python/tests/__pycache__
	if test '$(srcdir)' != .; then rm -f python/hsframe/__init__.py python/hsframe/gsd.py; fi
.PHONY: python-clean
