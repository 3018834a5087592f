#!/bin/sh
# hsframe-sweep: runs hsframe over a state space described by a sweep file
# (INI: the base configuration, the keys to vary, the seeds), each point in
# its own directory, on GNU parallel (here or over ssh), one after the
# other, or as a Slurm job array; then gathers one CSV.  The build inlines
# the two awk programs (sweep/plan.awk, sweep/collect.awk) at the @...@
# lines below.
set -u

usage() {
    cat <<'EOF'
Usage: hsframe-sweep [run] [-j N] [--engine parallel|serial] [--sshloginfile FILE] SWEEP
       hsframe-sweep slurm [--submit] SWEEP
       hsframe-sweep collect SWEEP
       hsframe-sweep list SWEEP
       hsframe-sweep point [--checkpoint SECONDS] DIRECTORY

Runs hsframe at every point of the sweep described by the INI file SWEEP
(the base configuration, the keys to vary, the seeds), each point in its
own directory, and gathers the results in one CSV.  Points that completed
before are skipped.

  run        run the points not done yet, then collect (the default)
    -j N                 at most N runs at a time (GNU parallel's --jobs;
                         default: one per core)
    --engine E           parallel (GNU parallel, the default when installed)
                         or serial (one after the other)
    --sshloginfile FILE  GNU parallel runs the points on the machines listed
                         in FILE (the sweep directory on a file system they
                         share, hsframe and hsframe-sweep at the same paths)
  slurm      write DIR/slurm.sh, a Slurm job array with one task per point
             not done yet, each stopping after a checkpoint ([slurm]
             stop_after) and requeued until its run completes
    --submit             also submit it with sbatch
  collect    write the CSV from what the points left
  list       print each point's directory and state
  point      run one point (what the engines call): DIRECTORY/command,
             keeping stdout in summary.txt, stderr in stderr.txt and the
             exit status in status
    --checkpoint SECONDS  with a checkpoint (point.ckpt) that stops the run
                         after SECONDS of wall clock (0: only on SIGTERM);
                         with or without it, a point.ckpt left by a run
                         that stopped is resumed

The program run is $HSFRAME, else the hsframe beside this command, else
hsframe from PATH.  Exit status: 0 every point done, 1 a point failed or
did not run, 2 bad usage or sweep file, 75 (point) stopped after a
checkpoint.
EOF
}

die() {
    echo "hsframe-sweep: $*" >&2
    exit 2
}

# The absolute form of a path.
absolute() {
    case $1 in
    /*) printf '%s\n' "$1" ;;
    *) printf '%s/%s\n' "$(pwd)" "$1" ;;
    esac
}

# A single-quoted word for sh.
shq() {
    printf "'%s'" "$(printf '%s' "$1" | sed "s/'/'\\\\''/g")"
}

self=$(absolute "$0")
hsframe=${HSFRAME:-}
if [ -z "$hsframe" ]; then
    if [ -x "$(dirname "$self")/hsframe" ]; then
        hsframe=$(dirname "$self")/hsframe
    else
        hsframe=$(command -v hsframe) || die "hsframe not found: set HSFRAME or add it to PATH"
    fi
fi
hsframe=$(absolute "$hsframe")

plan_program=$(cat <<'END_OF_AWK'
@plan.awk@
END_OF_AWK
)
collect_program=$(cat <<'END_OF_AWK'
@collect.awk@
END_OF_AWK
)

# One field of the plan: plan_value KEY.
plan_value() {
    awk -F '\t' -v k="$1" '$1 == k { print $2; exit }' "$plan"
}

# Reads the sweep file $sweep, writes its plan to DIRECTORY/plan, creates
# every point's directory with its command file, and sets top (the sweep
# directory, absolute, with a trailing slash) and plan.
prepare() {
    [ -f "$sweep" ] && [ -r "$sweep" ] || die "$sweep: cannot read the sweep file"
    sweep_dir=$(cd "$(dirname "$sweep")" && pwd) || die "$sweep: cannot enter its directory"
    stem=$(basename "$sweep" .ini)
    tmp=$(mktemp "${TMPDIR:-/tmp}/hsframe-sweep-XXXXXX") || die "cannot create a temporary file"
    if ! awk -v file="$sweep" -v dir="$sweep_dir/" -v stem="$stem" "$plan_program" \
            "$sweep" >"$tmp"; then
        rm -f "$tmp"
        exit 2
    fi
    directory=$(awk -F '\t' '$1 == "directory" { print $2; exit }' "$tmp")
    mkdir -p "$directory" || { rm -f "$tmp"; die "$directory: cannot create the directory"; }
    top=$(cd "$directory" && pwd)/
    plan=${top}plan
    mv "$tmp" "$plan" || die "$plan: cannot write"
    base=$(plan_value base)
    [ -r "$base" ] || die "$sweep: base configuration $base: cannot read"
    results=$(plan_value results)
    # The directories, then their command files.
    awk -F '\t' '$1 == "point" { print $2 }' "$plan" | while IFS= read -r name; do
        mkdir -p "$top$name" || exit 1
    done || die "$top: cannot create the points' directories"
    awk -F '\t' -v top="$top" -v hsframe="$(shq "$hsframe")" -v base="$(shq "$base")" \
            -v sweep="$(absolute "$sweep")" '
        $1 == "point" {
            f = top $2 "/command"
            print "#!/bin/sh" > f
            print "# A point of the sweep " sweep " (hsframe-sweep); run it alone:" > f
            print "# cd to this directory, then sh command" > f
            print "exec " hsframe " -c " base ($4 == "" ? "" : " " $4) " \"$@\"" > f
            if (close(f)) { print "hsframe-sweep: " f ": cannot write" > "/dev/stderr"; exit 2 }
        }' "$plan" || exit 2
}

# Prints the absolute directories of the points not done (status 0) yet.
pending() {
    awk -F '\t' '$1 == "point" { print $2 }' "$plan" | while IFS= read -r name; do
        if [ "$(cat "$top$name/status" 2>/dev/null)" != 0 ]; then
            printf '%s\n' "$top$name"
        fi
    done
}

# checked LIST: hsframe --check on the first point listed in the file LIST
# and, if hsframe refuses it, on the others and then on those done before,
# until one passes.  Dies (nothing run) when every one is refused, as by a
# misspelt key, with the first one's message; a point refused for its own
# values fails when run, as it would have.
checked() {
    err=${top}check.err
    rm -f "$err"
    if { cat "$1"; awk -F '\t' -v top="$top" '$1 == "point" { print top $2 }' "$plan"; } | {
        while IFS= read -r point; do
            if (cd "$point" && sh ./command --check -q) >/dev/null 2>"$err.tmp"; then
                exit 0
            fi
            [ -f "$err" ] || mv "$err.tmp" "$err"
        done
        [ ! -f "$err" ]
    }; then
        rm -f "$err" "$err.tmp"
        return 0
    fi
    why=$(cat "$err")
    rm -f "$err" "$err.tmp"
    die "hsframe refuses the configuration of every point, so none was run;" \
        "$(basename "$(head -n 1 "$1")"): $why"
}

collect() {
    out=$results.tmp
    awk -v top="$top" "$collect_program" "$plan" >"$out"
    status=$?
    mv "$out" "$results" || die "$results: cannot write"
    echo "hsframe-sweep: results in $results" >&2
    return $status
}

# point [--checkpoint SECONDS] DIRECTORY
run_point() {
    checkpoint=
    if [ "${1:-}" = --checkpoint ]; then
        [ $# -ge 2 ] || die "point: --checkpoint needs a number of seconds"
        checkpoint=$2
        shift 2
    fi
    [ $# -eq 1 ] || die "point: expected one directory"
    cd "$1" || exit 2
    [ -f command ] || die "$1: no command file (not a point of a sweep)"
    rm -f status
    set --
    if [ -n "$checkpoint" ]; then
        set -- -s checkpoint.file=point.ckpt -s "checkpoint.stop_after=$checkpoint"
    fi
    # A run stopped after a checkpoint goes on from it, whatever the engine.
    if [ -f point.ckpt ]; then
        [ -n "$checkpoint" ] || set -- -s checkpoint.file=point.ckpt
        set -- "$@" --resume point.ckpt
    fi
    sh ./command "$@" >summary.txt.tmp 2>stderr.txt
    code=$?
    mv summary.txt.tmp summary.txt
    echo "$code" >status.tmp && mv status.tmp status
    case $code in
    0) state="done" ;;
    75) state="stopped after a checkpoint (75)" ;;
    *) state="failed (exit $code)" ;;
    esac
    echo "hsframe-sweep: $(basename "$(pwd)"): $state" >&2
    exit "$code"
}

# run [-j N] [--engine E] [--sshloginfile FILE] SWEEP
run_sweep() {
    jobs= engine= sshloginfile=
    while [ $# -gt 1 ]; do
        case $1 in
        -j) jobs=$2; shift 2 ;;
        -j*) jobs=${1#-j}; shift ;;
        --engine) engine=$2; shift 2 ;;
        --sshloginfile) sshloginfile=$2; shift 2 ;;
        *) break ;;
        esac
    done
    [ $# -eq 1 ] || die "run: expected options, then one sweep file (try --help)"
    case $jobs in
    '' | *[!0-9]* | 0) [ -z "$jobs" ] || die "-j: expected a number of runs >= 1, found '$jobs'" ;;
    esac
    sweep=$1
    if [ -z "$engine" ]; then
        if command -v parallel >/dev/null; then engine=parallel; else engine=serial; fi
    fi
    case $engine in
    parallel) command -v parallel >/dev/null || die "--engine parallel: GNU parallel is not installed" ;;
    serial) [ -z "$sshloginfile" ] || die "--sshloginfile needs --engine parallel" ;;
    *) die "--engine: expected parallel or serial, found '$engine'" ;;
    esac
    prepare
    list=${top}pending
    pending >"$list"
    total=$(awk -F '\t' '$1 == "point"' "$plan" | wc -l)
    todo=$(wc -l <"$list")
    [ "$todo" -eq 0 ] || checked "$list"
    echo "hsframe-sweep: $total points in $top: $((total - todo)) done before, $todo to run" \
         "($engine)" >&2
    if [ "$todo" -gt 0 ]; then
        if [ "$engine" = parallel ]; then
            # A failed point does not stop the others (parallel's default);
            # collect reports it.
            parallel -q ${jobs:+--jobs "$jobs"} ${sshloginfile:+--sshloginfile "$sshloginfile"} \
                "$self" point {} :::: "$list"
        else
            while IFS= read -r point; do
                ("$self" point "$point")
            done <"$list"
        fi
    fi
    rm -f "$list"
    collect
}

# slurm [--submit] SWEEP
slurm_script() {
    submit=
    if [ "${1:-}" = --submit ]; then
        submit=yes
        shift
    fi
    [ $# -eq 1 ] || die "slurm: expected [--submit] and one sweep file"
    sweep=$1
    prepare
    script=${top}slurm.sh
    list=$(pending)
    if [ -z "$list" ]; then
        echo "hsframe-sweep: every point of $top is done" >&2
        collect
        return
    fi
    printf '%s\n' "$list" >"${top}pending"
    checked "${top}pending"
    rm -f "${top}pending"
    n=$(printf '%s\n' "$list" | wc -l)
    stop_after=$(awk -F '\t' '$1 == "slurm" && $2 == "stop_after" { print $3 }' "$plan")
    {
        echo "#!/bin/sh"
        echo "# A Slurm job array written by hsframe-sweep for $(absolute "$sweep"):"
        echo "# one task per point not done yet.  Each runs with a checkpoint that"
        echo "# stops it after $stop_after s of wall clock (0: only at SIGTERM, which"
        echo "# Slurm sends at the time limit), requeues itself while the run says it"
        echo "# stopped (exit 75) and resumes from the checkpoint when it starts again."
        echo "# Submit: sbatch $script; then: hsframe-sweep collect $(absolute "$sweep")"
        echo "#SBATCH --job-name=hsframe-sweep-$stem"
        echo "#SBATCH --array=0-$((n - 1))"
        echo "#SBATCH --requeue"
        echo "#SBATCH --open-mode=append"
        echo "#SBATCH --output=${top}slurm-%A_%a.out"
        awk -F '\t' '$1 == "slurm" && $2 == "time" { print "#SBATCH --time=" $3 }
                     $1 == "slurm" && $2 == "option" { print "#SBATCH " $3 }' "$plan"
        echo "point=\$(sed -n \"\$((SLURM_ARRAY_TASK_ID + 1))p\" <<'END_OF_POINTS'"
        printf '%s\n' "$list"
        echo "END_OF_POINTS"
        echo ")"
        echo "$(shq "$self") point --checkpoint $stop_after \"\$point\""
        echo "status=\$?"
        echo "if [ \"\$status\" -eq 75 ]; then"
        echo "    scontrol requeue \"\${SLURM_ARRAY_JOB_ID}_\${SLURM_ARRAY_TASK_ID}\""
        echo "fi"
        echo "exit \"\$status\""
    } >"$script.tmp" && mv "$script.tmp" "$script" || die "$script: cannot write"
    echo "hsframe-sweep: $n of $(awk -F '\t' '$1 == "point"' "$plan" | wc -l) points in" \
         "$script" >&2
    if [ -n "$submit" ]; then
        sbatch --parsable "$script" || exit 1
    else
        echo "hsframe-sweep: submit with: sbatch $script" >&2
    fi
}

list_points() {
    [ $# -eq 1 ] || die "list: expected one sweep file"
    sweep=$1
    prepare
    awk -F '\t' '$1 == "point" { print $2 }' "$plan" | while IFS= read -r name; do
        code=$(cat "$top$name/status" 2>/dev/null)
        case $code in
        '') state="not run" ;;
        0) state="done" ;;
        75) state="stopped after a checkpoint" ;;
        *) state="failed (exit $code)" ;;
        esac
        printf '%s%s\t%s\n' "$top" "$name" "$state"
    done
}

case ${1:-} in
-h | --help) usage; exit 0 ;;
'') usage >&2; exit 2 ;;
run) shift; run_sweep "$@" ;;
slurm) shift; slurm_script "$@" ;;
collect) shift; [ $# -eq 1 ] || die "collect: expected one sweep file"; sweep=$1; prepare; collect ;;
list) shift; list_points "$@" ;;
point) shift; run_point "$@" ;;
*) run_sweep "$@" ;;
esac
