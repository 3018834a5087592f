#!/bin/sh
# The Python module (python/hsframe, docs/PYTHON.md) under pytest
# (python/tests): the same bits as the program for the same
# configuration, views without copies that outlive the simulation object,
# observers at the right times, exceptions and Ctrl-C between events, GSD
# frames, particles added and removed.  Skipped when the module was not built (no Python headers) or
# when numpy or pytest is missing.
. "${HSF_TEST_SRCDIR:-.}/tests/testlib.sh"
cd "$WORK" || exit 1

py=${HSF_TEST_PYTHON:-python3}
[ "$py" != ":" ] && command -v "$py" >/dev/null 2>&1 ||
    skip_all python "no python3 (configure found none)"
ls "$HSF_TEST_BUILDDIR"/python/hsframe/_core*.so >/dev/null 2>&1 ||
    skip_all python "the Python module was not built (python3-dev)"
"$py" -c 'import numpy, pytest' 2>/dev/null ||
    skip_all python "numpy or pytest missing (python3-numpy, python3-pytest)"

# A sanitizer build's extension needs the sanitizers' runtimes loaded
# first, before the interpreter's own libraries; the interpreter keeps
# memory to its exit, which is not the extension's to answer for.
preload=$(ldd "$HSF_TEST_BUILDDIR"/python/hsframe/.libs/_core*.so 2>/dev/null |
          awk '/lib(asan|ubsan)\.so/ { printf "%s ", $3 }')
if [ -n "$preload" ]; then
    LD_PRELOAD="$preload"
    ASAN_OPTIONS="${ASAN_OPTIONS:-}:detect_leaks=0"
    export LD_PRELOAD ASAN_OPTIONS
fi

# Nothing written into the source tree (read-only in make distcheck).
check "pytest python/tests" env PYTHONPATH="$HSF_TEST_BUILDDIR/python" PYTHONDONTWRITEBYTECODE=1 \
    HSF_TEST_HSFRAME="$HSFRAME" HSF_TEST_CONF="$CONF" \
    HSF_TEST_FIXTURES="$HSF_TEST_BUILDDIR/tests/fixtures/.libs" \
    "$py" -m pytest -q -p no:cacheprovider -o "cache_dir=$WORK/.pytest" \
    --basetemp="$WORK/pytest" "$HSF_TEST_SRCDIR/python/tests"
finish
