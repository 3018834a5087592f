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
python_build_tree = python-build-tree
endif

# The build tree's package: the sources of a separate build directory
# copied beside the extension.
all-local: $(python_build_tree)
clean-local: python-clean
python-build-tree: python/hsframe/_core.la
	@if test '$(srcdir)' != .; then \
	  for f in __init__.py gsd.py; do cp -f $(srcdir)/python/hsframe/$$f python/hsframe/$$f; done; \
	fi
	$(AM_V_GEN)ln -sf .libs/_core$(PYTHON_EXT_SUFFIX) python/hsframe/_core$(PYTHON_EXT_SUFFIX)
python-clean:
	rm -f python/hsframe/_core$(PYTHON_EXT_SUFFIX)
	rm -rf python/hsframe/__pycache__ python/tests/__pycache__
	if test '$(srcdir)' != .; then rm -f python/hsframe/__init__.py python/hsframe/gsd.py; fi
.PHONY: python-build-tree python-clean
