#!/bin/sh
# What a run's motion adds (sliding images, moving walls, a field, growing
# radii) is decided once, when the event engine is prepared, and folded
# into its pair law (libcore/event/pair_law.h): the switches are read in
# few files, not tested at each call site.  Each of them may be read in
# at most three files of libcore (the one that sets it, its accessor for
# what is set up, saved and reported, and the law that folds it in), and
# the handlers and the prediction ask the law, never whether there is a
# model.
. "$HSF_TEST_SRCDIR/tests/testlib.sh"
SRC="$HSF_TEST_SRCDIR/libcore"

SWITCHES='shear\.on walls\.on has_field growth\.on'
MOST=3

# over DIR: each switch read in more than MOST files of DIR, with the files.
over() {
    for s in $SWITCHES; do
        files=$(grep -rlE "$s" "$1" --include='*.c' --include='*.h' | sort)
        n=$(printf '%s' "$files" | grep -c .)
        [ "$n" -le $MOST ] || echo "  $s is read in $n files (at most $MOST):" $files
    done
}

# none DIR: no switch is read in more than MOST files of DIR.
none() {
    out=$(cd "$1" && over .)
    [ -z "$out" ] || { echo "$out" >&2; return 1; }
}

check "each switch is read in at most $MOST files of libcore" none "$SRC"

# The checker itself: reads of every switch planted in two more files of a
# copy (a switch read in fewer than three files today goes over too).
(cd "$SRC" && find . -name '*.[ch]') | while read -r f; do
    mkdir -p "$WORK/planted/${f%/*}" && cp "$SRC/$f" "$WORK/planted/$f"
done
for f in a b; do
    cat >"$WORK/planted/event/probe_$f.c" <<PROBE
int probe_$f(const hsf_system *sys)
{
    return sys->shear.on + sys->walls.on + sys->has_field + sys->model->growth.on;
}
PROBE
done
(cd "$WORK/planted" && over .) >"$WORK/planted.out"
fails() { ! "$@" 2>/dev/null; }
check "the planted copy fails the check" fails none "$WORK/planted"
for s in 'shear\.on' 'walls\.on' 'has_field' 'growth\.on'; do
    check "a planted read of $s would be caught" contains "$WORK/planted.out" "  $s is read in"
done

# The call sites of a prediction and a collision test no model, nor does
# the hard sphere's law.
check "the handlers and the prediction's call site ask the pair law, not sys->model" sh -c '
    ! grep -nE "sys->model" "$1/event/particle_events.h" "$1/event/predict.h" \
        "$1/event/loop.c" "$1/event/predict.c" "$1/event/law_hard.c" >&2' sh "$SRC"

finish
