#!/bin/sh
# libcore's layers point down: a folder includes headers of, and calls
# functions defined in, its own folder and the layers below it, never a
# layer above or a sibling.
#
#   main.c              the command line
#   run/                one run assembled from the configuration, its summary
#   event/  timestep/  ecmc/
#                       the three engines, siblings (timestep/ and ecmc/ use
#                       no model/)
#   model/              pair rules and states, spins, growth, the field; the
#                       particle writers, which read the whole system
#   shared/             system, paths and walls, cells and lists, outputs, progress
#   io/  checkpoint/    particle and bonds files, [init]; the checkpoint
#                       file: siblings
#   host/               errors, configuration, plugin loader, the clock,
#                       atomic files, the checkpoint record (hsf_state)
#
# Includes are read from the sources (quoted includes name the folder).
# Calls are read from the objects the build left (nm): every hsf_ symbol an
# object uses but does not define is looked up among the symbols the
# objects of libcore define, which gives the folder it comes from.  A
# header declares only functions that its own folder defines.
. "$HSF_TEST_SRCDIR/tests/testlib.sh"
SRC="$HSF_TEST_SRCDIR/libcore"
BUILD="$HSF_TEST_BUILDDIR/libcore"
cd "$SRC" || exit 1

# Each line: a folder and the folders it may include from and call into.
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

# --- Includes --------------------------------------------------------------

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

# --- Calls -----------------------------------------------------------------

command -v nm >/dev/null 2>&1 || { skip nm "the calls between layers (no nm)"; finish; exit; }

# object DIR NAME: the object the build made of libcore/DIR/NAME.c, from
# libtool's record (NAME.lo, automake may prefix it with the target's
# name) or, for the program's main.c, the plain object.  Found from the
# sources, so an object left by a file since moved is never read.
object() {
    b="$BUILD/$1"
    for lo in "$b"/*-"$2".lo "$b/$2.lo"; do
        [ -f "$lo" ] || continue
        o=$(sed -n "s/^pic_object='\(.*\)'\$/\1/p" "$lo")
        [ -n "$o" ] && [ "$o" != none ] ||
            o=$(sed -n "s/^non_pic_object='\(.*\)'\$/\1/p" "$lo")
        [ -n "$o" ] && [ "$o" != none ] && [ -f "$b/$o" ] && { echo "$b/$o"; return 0; }
    done
    for o in "$b"/*-"$2".o "$b/$2.o"; do
        [ -f "$o" ] && { echo "$o"; return 0; }
    done
    return 1
}

# Every source's object, one "FOLDER SOURCE OBJECT" a line.
: > "$WORK/objects"
missing=0
for f in $(find . -name '*.c' | sort); do
    dir=$(dirname "$f" | sed 's|^\./||')
    if o=$(object "$dir" "$(basename "$f" .c)"); then
        echo "$dir ${f#./} $o" >> "$WORK/objects"
    else
        echo "  no object for libcore/${f#./} under $BUILD" >&2
        missing=$((missing + 1))
    fi
done
objects_found() { [ "$missing" -eq 0 ] && [ -s "$WORK/objects" ]; }
check "every source of libcore has its object ($(wc -l < "$WORK/objects") found)" objects_found

# symbols LIST: "FOLDER SOURCE def|use SYMBOL" for every hsf_ symbol the
# objects of LIST ("FOLDER SOURCE OBJECT" lines) define or use.
symbols() {
    while read -r dir c o; do
        nm -P "$o" | awk -v d="$dir" -v c="$c" '
            $1 !~ /^hsf_/ { next }
            $2 == "U" { print d, c, "use", $1; next }
            $2 ~ /^[ABCDGIRSTVWi]$/ { print d, c, "def", $1 }'
    done < "$1"
}

# The table above, one "FOLDER ALLOWED..." a line, for awk.
for d in host io checkpoint shared model event timestep ecmc run .; do
    echo "$d $(allowed "$d")"
done > "$WORK/table"

# violations SYMBOLS: every use of a symbol defined by a folder that is
# not below the user's, one line each; "crossings" (a number) is the count
# of uses of another folder's symbols, allowed or not.
violations() {
    awk 'FILENAME == ARGV[1] { for (k = 2; k <= NF; k++) ok[$1, $k] = 1; next }
         $3 == "def" { where[$4] = $1; next }
         $3 == "use" { use[++n] = $1 " " $2 " " $4 }
         END {
             for (k = 1; k <= n; k++) {
                 split(use[k], u, " ")
                 if (!(u[3] in where)) {
                     print "  libcore/" u[2] " uses " u[3] ", which no object of libcore defines"
                     continue
                 }
                 d = where[u[3]]
                 if (d == u[1]) continue
                 crossings++
                 if (!((u[1], d) in ok))
                     print "  libcore/" u[2] " calls " u[3] " of " d "/, which is not below " u[1] "/"
             }
             print crossings + 0 > "/dev/stderr"
         }' "$WORK/table" "$1" 2> "$WORK/crossings" | sort
}

symbols "$WORK/objects" > "$WORK/symbols"
violations "$WORK/symbols" > "$WORK/violations"
n=$(cat "$WORK/crossings")
# Today's calls between folders number in the hundreds: a handful means
# the symbols were not read.
check "the objects show the calls between folders ($n)" [ "$n" -gt 100 ]
cat "$WORK/violations" >&2
bad=$(wc -l < "$WORK/violations")
check "no call points up or across ($bad found)" [ "$bad" -eq 0 ]

# The checker itself: an object planted in FOLDER that calls a function of
# CALLEE-FOLDER is caught, by name, and adds nothing else.
cc=${CC:-cc}
probe() {   # probe FOLDER CALLEE-FOLDER NAME
    callee=$(awk -v d="$2" '$1 == d && $3 == "def" { print $4; exit }' "$WORK/symbols")
    [ -n "$callee" ] || { echo "  no function of $2/ found to call" >&2; return 1; }
    printf 'void %s(void);\nvoid hsf_probe_%s(void) { %s(); }\n' "$callee" "$3" "$callee" \
        > "$WORK/$3.c"
    $cc -c "$WORK/$3.c" -o "$WORK/$3.o" || return 1
    echo "$1 $1/$3.c $WORK/$3.o" > "$WORK/$3.objects"
    { cat "$WORK/symbols"; symbols "$WORK/$3.objects"; } > "$WORK/$3.symbols"
    violations "$WORK/$3.symbols" > "$WORK/$3.found"
    diff "$WORK/violations" "$WORK/$3.found" | sed -n 's/^> //p' > "$WORK/$3.new"
    printf '  libcore/%s/%s.c calls %s of %s/, which is not below %s/\n' \
        "$1" "$3" "$callee" "$2" "$1" > "$WORK/$3.expected"
    cmp -s "$WORK/$3.new" "$WORK/$3.expected" ||
        { echo "  planted: $(cat "$WORK/$3.expected")" >&2
          sed 's/^/  found:/' "$WORK/$3.new" >&2; return 1; }
}
check "a call from shared/ into event/ (up) would be caught" probe shared event up
check "a call from io/ into checkpoint/ (across) would be caught" probe io checkpoint across
check "a call from timestep/ into event/ (across) would be caught" probe timestep event sideways

# --- Declarations ----------------------------------------------------------

# misplaced ROOT: "  HEADER declares SYMBOL, which FOLDER/ defines" for
# every function or data declared in a header under ROOT that another
# folder defines.  A declaration is a line that starts with its type (the
# project's style), is not static, and names a symbol an object defines;
# "declared" (a number) counts those.
awk '$3 == "def" { print $4, $1 }' "$WORK/symbols" | sort -u > "$WORK/defined"
misplaced() {
    (cd "$1" && find . -name '*.h' | sort | xargs grep -HE \
        '^[A-Za-z_][A-Za-z_0-9 *]*[ *]hsf_[a-z_0-9]+ ?[[(]') |
        grep -Ev '^[^:]*:(static|typedef|return)[^A-Za-z_0-9]' |
        sed -E 's|^\./([^:]*):[A-Za-z_][A-Za-z_0-9 *]*[ *](hsf_[a-z_0-9]+).*|\1 \2|' |
        awk 'FILENAME == ARGV[1] { where[$1] = $2; next }
             !($2 in where) { next }
             { declared++; dir = $1; sub(/\/[^\/]*$/, "", dir)
               if (dir == $1) dir = "."
               if (where[$2] != dir)
                   print "  libcore/" $1 " declares " $2 ", which " where[$2] "/ defines" }
             END { print declared + 0 > "/dev/stderr" }' "$WORK/defined" - 2> "$WORK/declared" |
        sort -u
}
misplaced "$SRC" > "$WORK/misplaced"
n=$(cat "$WORK/declared")
check "the headers declare functions that the objects define ($n)" [ "$n" -gt 100 ]
cat "$WORK/misplaced" >&2
bad=$(wc -l < "$WORK/misplaced")
check "every declaration is in a header of the folder that defines it ($bad found)" \
    [ "$bad" -eq 0 ]

# The checker itself: a header of shared/ declaring a function of event/.
callee=$(awk '$1 == "event" && $3 == "def" { print $4; exit }' "$WORK/symbols")
printf '/* x */\nint %s(void *sys, int resumed, void *err);\n' "$callee" \
    > "$WORK/probe/shared/x.h"
check "a declaration in shared/ of a function of event/ would be caught" \
    [ "$(misplaced "$WORK/probe")" = "  libcore/shared/x.h declares $callee, which event/ defines" ]

finish
