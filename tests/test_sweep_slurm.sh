#!/bin/sh
# hsframe-sweep on Slurm: the test starts a single-node Slurm of its own
# (munged, slurmctld and slurmd as root, everything under a scratch
# directory, ports of its own), submits a sweep's job array and stops the
# daemons again.  A point that stops after a checkpoint is requeued and
# resumed until it completes, ending bit for bit as the same point run
# without stopping; a failing point is reported; the CSV is gathered.
# Skipped (77) without root, slurm-wlm or munge.
. "${HSF_TEST_SRCDIR:-.}/tests/testlib.sh"
cd "$WORK" || exit 1
SWEEP="$HSF_TEST_BUILDDIR/hsframe-sweep"
for p in munged munge slurmctld slurmd sbatch squeue scontrol sinfo; do
    if ! command -v "$p" >/dev/null && [ ! -x "/usr/sbin/$p" ]; then
        skip_all slurm "$p is not installed (Debian packages slurm-wlm and munge)"
    fi
done
[ "$(id -u)" = 0 ] || skip_all slurm "a Slurm of its own needs root"
PATH=$PATH:/usr/sbin

# Stops what was started, by the process ids in the pid files, and waits
# until each has ended before removing their files.
stop_daemons() {
    for f in slurmd.pid slurmctld.pid munged.pid; do
        [ -s "$WORK/$f" ] && kill "$(cat "$WORK/$f")" 2>/dev/null
    done
    for f in slurmd.pid slurmctld.pid munged.pid; do
        [ -s "$WORK/$f" ] || continue
        while kill -0 "$(cat "$WORK/$f")" 2>/dev/null; do
            sleep 0.1
        done
    done
    rm -rf "$WORK"
}
trap stop_daemons EXIT

chmod 755 "$WORK"
mkdir state spool
munged --force --socket="$WORK/munge.sock" --pid-file="$WORK/munged.pid" \
    --log-file="$WORK/munged.log" --seed-file="$WORK/munged.seed" ||
    { cat munged.log; skip_all slurm "munged would not start"; }

# Ports of its own, so that it meets no other Slurm on this machine.
port=$((20000 + $$ % 20000 * 2))
node=$(hostname -s)
# cred_expire: a requeued task may start again this many seconds later
# (120 by default); the schedulers look every second or two.
cat >slurm.conf <<EOF
ClusterName=hsftest
SlurmctldHost=$node
SlurmUser=root
AuthType=auth/munge
CredType=cred/munge
AuthInfo=socket=$WORK/munge.sock,cred_expire=5
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
SelectType=select/cons_tres
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
SchedulerParameters=sched_interval=2,bf_interval=1
StateSaveLocation=$WORK/state
SlurmdSpoolDir=$WORK/spool
SlurmctldPidFile=$WORK/slurmctld.pid
SlurmdPidFile=$WORK/slurmd.pid
SlurmctldLogFile=$WORK/slurmctld.log
SlurmdLogFile=$WORK/slurmd.log
SlurmctldPort=$port
SlurmdPort=$((port + 1))
ReturnToService=2
MpiDefault=none
NodeName=$node CPUs=2 State=UNKNOWN
PartitionName=test Nodes=$node Default=YES MaxTime=INFINITE State=UP
EOF
SLURM_CONF=$WORK/slurm.conf
export SLURM_CONF
slurmctld -f "$SLURM_CONF" && slurmd -f "$SLURM_CONF" ||
    { echo "slurmctld or slurmd would not start"; tail -n 20 slurmctld.log slurmd.log; exit 1; }
# Fails once munged, slurmctld or slurmd has ended (a pid file not written
# yet: one starting).
daemons_alive() {
    for f in slurmd.pid slurmctld.pid munged.pid; do
        [ ! -s "$WORK/$f" ] || kill -0 "$(cat "$WORK/$f")" 2>/dev/null || return 1
    done
}
# The waits below end on a condition (or on a daemon's death), never after
# a fixed time that a slow machine would need more than.
idle=
while daemons_alive; do
    if [ "$(sinfo -h -o %t 2>/dev/null)" = idle ]; then idle=yes; break; fi
    sleep 1
done
check "the node is idle" test -n "$idle"
if [ -z "$idle" ]; then
    tail -n 20 slurmctld.log slurmd.log
    finish
    exit 1
fi

# A run of 2.3 million events that stops itself with a checkpoint every
# 600000 events ([checkpoint] of the base configuration; [slurm]
# stop_after = 0: no wall-clock stop): requeued three times on any machine.
cat >base.ini <<'I'
[simulation]
dim = 2
end_time = 250

[init]
lattice = triangular
cells = 40 20
packing_fraction = 0.5
radius = 0.5
temperature = 1

[boundary]
plugin = periodic

[output.thermo]
plugin = thermo
file = thermo.csv
interval = 10

[checkpoint]
file = point.ckpt
stop_after_events = 600000
I
cat >eos.ini <<'I'
[sweep]
base = base.ini
[vary]
init.packing_fraction = 0.5, 0.95
[average.Z]
file = thermo.csv
column = compressibility
start = 50
[slurm]
stop_after = 0
time = 00:05:00
I

job=$("$SWEEP" slurm --submit eos.ini 2>err)
check "sbatch gave a job id" test -n "$job"
check "the job script" test -s eos/slurm.sh
check "the job script: 2 tasks" contains eos/slurm.sh "#SBATCH --array=0-1"
check "the job script: requeues" contains eos/slurm.sh 'scontrol requeue'
done_=
while daemons_alive; do
    if [ -z "$(squeue -h -j "$job" 2>/dev/null)" ]; then done_=yes; break; fi
    sleep 1
done
check "the array finished" test -n "$done_"
[ -n "$done_" ] || { squeue; scancel "$job"; }

good="init.packing_fraction=0.5"
bad="init.packing_fraction=0.95"
check "the good point was stopped after a checkpoint" contains "eos/slurm-${job}_0.out" \
    "$good: stopped after a checkpoint (75)"
check "the good point then completed" contains "eos/slurm-${job}_0.out" "$good: done"
check "it was requeued (more than one start)" \
    test "$(grep -c "$good:" "eos/slurm-${job}_0.out")" -ge 2
check "the bad point failed" contains "eos/slurm-${job}_1.out" "$bad: failed (exit 2)"

"$SWEEP" collect eos.ini >out 2>err
status=$?
check "collect: exit 1 (a point failed)" test "$status" -eq 1
check "collect: the tally" contains err "2 points: 1 done, 1 failed, 0 not run"
check "collect: the failure and its error" contains err "$bad: failed (exit 2): hsframe: "
check "results: 2 rows" test "$(wc -l <eos/results.csv)" -eq 3
check "results: the good point resumed" \
    test -n "$(awk -F, 'NR == 1 { for (k = 1; k <= NF; k++) if ($k == "resumed_at") c = k }
                        NR == 2 && c { print $(c + 1) }' eos/results.csv)"
check "the checkpoint is gone" test ! -e "eos/$good/point.ckpt"

# The same point without stopping ends bit for bit the same.
mkdir whole && cp "eos/$good/command" whole/
(cd whole && sh command -s checkpoint.stop_after_events=0 >summary.txt 2>/dev/null)
check "uninterrupted: the same table, byte for byte" cmp -s whole/thermo.csv "eos/$good/thermo.csv"
for key in collisions events kinetic_energy; do
    check "uninterrupted: the same $key" test \
        "$(grep "^$key:" whole/summary.txt)" = "$(grep "^$key:" "eos/$good/summary.txt")"
done
finish
