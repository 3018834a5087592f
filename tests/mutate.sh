#!/bin/sh
# Mutation testing of the physics (make mutate; not part of make check).
# Each mutation is a one-line change of the physics that a test should
# catch: it is applied with sed to a scratch copy of the sources, the copy
# is rebuilt, and the tests named for it are run (make check TESTS=...).
# Prints a table of what was caught, and exits 1 when a mutation was
# missed (or could not be applied or built), 2 on bad usage.
#     tests/mutate.sh SRCDIR [WORD...]   (only the mutations whose name has a WORD)
# The target tests must pass on the unmutated copy first: a mutation only
# counts as caught by tests that pass without it.  The checks each
# mutation failed go to stderr.  A mutant whose tests run longer than
# MUTATE_TIMEOUT seconds (1200) counts as caught (it hangs).  MUTATE_JOBS:
# make -j (2); MUTATE_KEEP=1 keeps the scratch copy and its logs.  See
# docs/TESTING.md.
set -u
src=${1:?usage: mutate.sh SRCDIR [WORD...]}
shift
if ! git -C "$src" rev-parse --git-dir >/dev/null 2>&1; then
    echo "mutate.sh: $src is not a git checkout: the scratch copy is made of its files" >&2
    exit 2
fi
words=$(printf '%s\n' "$@")
jobs=${MUTATE_JOBS:-2}
limit=${MUTATE_TIMEOUT:-1200}

# ---- the mutations: name, file, sed expression, tests that must catch it
MUTATIONS='
pressure virial (hard spheres)|libcore/shared/physics.c|s/\*virial = impulse \* dist;/*virial = 0.5 * impulse * dist;/|tests/test_physics tests/test_sweep_eos.sh
pressure virial (model path)|libcore/model/rules.c|s/fx->virial = impulse \* d;/fx->virial = 0.5 * impulse * d;/|tests/test_models.sh tests/test_compression.sh
reduced mass of a hard-sphere collision|libcore/shared/physics.c|s/-2 \* mi \* mj \/ (mi + mj) \* vn/-2 * mi \/ (mi + mj) * vn/|tests/test_physics tests/test_billiards.sh
restitution applied twice in the bounce|libcore/model/rules.c|s/after = growth \* (1 + e) - e \* vn;/after = growth * (1 + e) - e * e * vn;/|tests/test_models.sh tests/test_gravity.sh
restitution squared by the rule|libcore/model/model_events.c|s/return r->restitution;/return r->restitution * r->restitution;/|tests/test_models.sh
dissipation (1 - e) for (1 - e^2)|libcore/model/rules.c|s/\* (1 - e \* e);/* (1 - e);/|tests/test_models.sh tests/test_gravity.sh
step energy with the wrong sign (kinetic)|libcore/model/rules.c|s/double left = vn \* vn - 2 \* enter_energy \/ mu;/double left = vn * vn + 2 * enter_energy \/ mu;/|tests/test_models.sh
step energy with the wrong sign (potential)|libcore/model/rules.c|s/fx->potential = left > 0 ? enter_energy : 0;/fx->potential = left > 0 ? -enter_energy : 0;/|tests/test_models.sh
growth ignored at a core collision|libcore/model/rules.c|s/after = growth \* (1 + e) - e \* vn;/after = growth - e * vn;/|tests/test_energy
growth ignored at a wall|libcore/event/law_model.c|s/mi->v\[a\] += 2 \* growth \* n\[a\];/mi->v[a] += growth * n[a];/|tests/test_compression.sh
heat of the rescaling|libcore/model/model_growth.c|s/sys->heat += k \* (f \* f - 1);/sys->heat += k * (f - 1);/|tests/test_compression.sh
thermostat mass|plugins/thermostat/andersen.c|s/sqrt(a->kT \/ p.mass)/sqrt(a->kT)/|tests/test_thermostat.sh
heat from the bath|libcore/event/specials.c|s/sys->heat += 0.5 \* sys->b\[i\].mass/sys->heat -= 0.5 * sys->b[i].mass/|tests/test_thermostat.sh
parabola root (gravity)|libcore/shared/physics.c|s/: -(v + sq) \/ g;/: -(v - sq) \/ g;/|tests/test_gravity.sh
a candidate's fall left out (gravity)|libcore/event/pair_search.h|s/double rj = mj->r\[a\] + (mj->v\[a\] + half_g\[a\] \* dt) \* dt;/double rj = mj->r[a] + mj->v[a] * dt;/|tests/test_gravity.sh
work of a moving wall|libcore/event/law_model.c|s/sys->walls.work += 0.5 \* mass/sys->walls.work += 0.49 * mass/|tests/test_vibrate.sh
curvature bound of the vibrating wall|plugins/boundary/box/vibrating_wall.c|s/double m = fabs(p->a\[k\]) + w->amplitude/double m = 0.3 * fabs(p->a[k]) + 0.3 * w->amplitude/|tests/test_vibrating_wall
'

scratch=$(mktemp -d /tmp/hsf-mutate-XXXXXX)
if [ "${MUTATE_KEEP:-0}" = 1 ]; then
    echo "mutate: the scratch copy and logs stay in $scratch" >&2
else
    trap 'rm -rf "$scratch"' EXIT
    trap 'exit 130' INT TERM
fi
log="$scratch/log"
mkdir "$log"
tree="$scratch/src"
mkdir "$tree"
echo "mutate: copying $src to $tree and building (make -j$jobs)" >&2
git -C "$src" ls-files -z --cached --others --exclude-standard |
    tar -C "$src" --null --no-recursion -T - -cf - | tar -C "$tree" -xf - || exit 1
cd "$tree" || exit 1
build() { make -j"$jobs" >"$log/$1.build" 2>&1; }
if ! { autoreconf -fi && ./configure; } >"$log/configure" 2>&1 || ! build base ||
    ! make -j"$jobs" check TESTS= >>"$log/base.build" 2>&1; then
    echo "mutate: the unmutated copy does not build (see $log)" >&2
    tail -20 "$log/configure" "$log/base.build" >&2
    exit 1
fi

selected() {
    [ -z "$words" ] && return 0
    printf '%s\n' "$words" | {
        while IFS= read -r w; do
            case "$1" in *"$w"*) exit 0 ;; esac
        done
        exit 1
    }
}

# The tests the selected mutations name, run once unmutated.
all_tests=$(printf '%s\n' "$MUTATIONS" | while IFS='|' read -r name file expr tests; do
    [ -n "$name" ] && selected "$name" && printf '%s\n' $tests
done | sort -u | tr '\n' ' ')
echo "mutate: the target tests unmutated: $all_tests" >&2
make -j"$jobs" check TESTS="$all_tests" >"$log/baseline" 2>&1
baseline_failed=$(sed -n 's/^FAIL: //p; s/^ERROR: //p' "$log/baseline" | tr '\n' ' ')

missed=0
n=0
printf 'commit %s%s, %s, nproc %s, %s\n\n' "$(git -C "$src" rev-parse --short HEAD)" \
    "$(git -C "$src" diff --quiet HEAD 2>/dev/null || echo ' (with uncommitted changes)')" \
    "$(date -u '+%Y-%m-%d %H:%M UTC')" "$(nproc)" \
    "$(sed -n 's/^model name[^:]*: //p' /proc/cpuinfo 2>/dev/null | head -1)"
printf '| mutation | file | tests | result |\n|---|---|---|---|\n'
printf '%s\n' "$MUTATIONS" | {
    while IFS='|' read -r name file expr tests; do
        [ -n "$name" ] && selected "$name" || continue
        n=$((n + 1))
        id="m$n"
        cp "$file" "$log/$id.orig"
        sed -e "$expr" "$log/$id.orig" >"$file"
        result=""
        if cmp -s "$file" "$log/$id.orig"; then
            result="NOT APPLIED (the line is gone)"
        else
            for t in $tests; do
                case " $baseline_failed " in
                    *" $t "*) result="UNTESTED ($t fails unmutated)" ;;
                esac
            done
        fi
        if [ -z "$result" ]; then
            echo "mutate: $name ..." >&2
            if ! build "$id"; then
                result="NO BUILD"
            elif timeout "$limit" make -j"$jobs" check TESTS="$tests" >"$log/$id.check" 2>&1
            then
                result="MISSED"
            elif [ $? -eq 124 ]; then
                result="caught (timeout: ran past $limit s)"
            else
                by=$(sed -n 's/^FAIL: tests\///p; s/^ERROR: tests\///p' "$log/$id.check" |
                     tr '\n' ' ' | sed 's/ $//')
                result="caught (${by:-make check failed})"
                for t in $tests; do
                    sed -n 's/^not ok - /  not ok - /p; s/^\[FAIL\] /  [FAIL] /p' "$t.log" 2>/dev/null
                done | sed "s|^|mutate: $name: |" >&2
            fi
        fi
        case $result in caught*) ;; *) missed=$((missed + 1)) ;; esac
        # Restored with a new time stamp: make rebuilds it.
        cp "$log/$id.orig" "$file"
        touch "$file"
        printf '| %s | %s | %s | %s |\n' "$name" "$file" "$(echo $tests | sed 's|tests/||g')" \
            "$result"
    done
    echo
    echo "$n mutations, $((n - missed)) caught, $missed not caught"
    [ "$missed" -eq 0 ]
}
