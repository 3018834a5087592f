#!/bin/sh
# libcore's layers point down: a file includes headers of its own folder
# and of the layers below it, never of a layer above or of a sibling.
#
#   main.c                         the command line
#   run/                           one run assembled from the configuration
#   event/  timestep/  ecmc/       the three engines, siblings
#   model/                         pair rules and states, growth, field
#   shared/                        system, cells and lists, outputs, progress
#   io/  checkpoint/               files and records, siblings
#   host/                          errors, configuration, plugin loader
#
# Each line: a folder and the folders it may include from.
. "$HSF_TEST_SRCDIR/tests/testlib.sh"
cd "$HSF_TEST_SRCDIR/libcore" || exit 1

allowed() {
    case $1 in
    host) echo "host" ;;
    io) echo "io host" ;;
    checkpoint) echo "checkpoint host" ;;
    shared) echo "shared io checkpoint host" ;;
    model) echo "model shared io checkpoint host" ;;
    event) echo "event model shared io checkpoint host" ;;
    timestep) echo "timestep shared io checkpoint host" ;;
    ecmc) echo "ecmc shared io checkpoint host" ;;
    run) echo "run event timestep ecmc model shared io checkpoint host" ;;
    .) echo "run event timestep ecmc model shared io checkpoint host" ;;
    *) echo "" ;;
    esac
}

check "every folder of libcore has a place in the layers" sh -c '
    for d in */; do
        case ${d%/} in host|io|checkpoint|shared|model|event|timestep|ecmc|run) ;;
        *) echo "  libcore/${d%/} is in no layer" >&2; exit 1 ;; esac
    done'

bad=0
for f in $(find . -name '*.[ch]' | sort); do
    dir=$(dirname "$f" | sed 's|^\./||')
    ok=$(allowed "$dir")
    for inc in $(sed -n 's/^#include "\([a-z_]*\)\/.*/\1/p' "$f" | sort -u); do
        case " $ok " in
        *" $inc "*) ;;
        *) echo "  libcore/${f#./} includes from $inc/, which is not below $dir/" >&2
           bad=$((bad + 1)) ;;
        esac
    done
done
check "no include points up or across ($bad found)" [ "$bad" -eq 0 ]

# The checker itself: an include from above is seen.
mkdir -p "$WORK/probe/shared"
printf '#include "event/audit.h"\n' > "$WORK/probe/shared/x.c"
found=$(cd "$WORK/probe" && for f in shared/x.c; do
            sed -n 's/^#include "\([a-z_]*\)\/.*/\1/p' "$f"; done)
ok=$(allowed shared)
case " $ok " in *" $found "*) seen=0 ;; *) seen=1 ;; esac
check "an include of event/ from shared/ would be caught" [ "$seen" -eq 1 ]

finish
