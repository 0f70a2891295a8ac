#!/bin/sh
# A real Slurm on this machine, on loopback, for the farm tests: munged,
# slurmctld and NODES slurmd (one CPU each, so the nodes together use no
# more processors than the machine has), all under DIR and nothing outside
# it: no systemd, no cgroups, no /etc. Debian's slurm-wlm runs several
# slurmd on one host (slurmd -N NAME, a port each).
#   slurm-cluster.sh start DIR [NODES]   then: SLURM_CONF=DIR/slurm.conf sbatch ...
#   slurm-cluster.sh stop DIR
# Exit 77 when Slurm or munge is missing or this is not root (munged and
# slurmd run as root here; /dev/null is not writable by other users).
set -u
action=$1 dir=$2 nodes=${3:-2}
say() { echo "slurm-cluster: $*" >&2; }

# Whether PID runs: not gone and not a zombie (PID 1 here reaps late, so
# kill -0 would call a zombie alive).
running() {
    [ -r "/proc/$1/stat" ] || return 1
    state=$(sed 's/.*) //' "/proc/$1/stat" | cut -d' ' -f1)
    [ "$state" != Z ] && [ "$state" != X ]
}

stop() {
    [ -d "$dir" ] || return 0
    SLURM_CONF=$dir/slurm.conf scancel --quiet --full --user=root 2> /dev/null || true
    for pidfile in "$dir"/run/slurmd-*.pid "$dir"/run/slurmctld.pid "$dir"/run/munged.pid; do
        [ -f "$pidfile" ] || continue
        pid=$(cat "$pidfile")
        kill "$pid" 2> /dev/null || continue
        tries=0
        while running "$pid" && [ $tries -lt 50 ]; do sleep 0.1; tries=$((tries + 1)); done
        running "$pid" && kill -9 "$pid" 2> /dev/null
    done
    return 0
}

free_port() {
    python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'
}

# Wait up to $1 tenths of a second for the command that follows to succeed.
wait_for() {
    limit=$1 tries=0
    shift
    until "$@" > /dev/null 2>&1; do
        tries=$((tries + 1))
        [ $tries -ge "$limit" ] && return 1
        sleep 0.1
    done
}

start() {
    for tool in munged slurmctld slurmd sbatch scontrol; do
        command -v $tool > /dev/null 2>&1 || PATH=$PATH:/usr/sbin command -v $tool > /dev/null 2>&1 \
            || { say "SKIP: $tool not found (Debian: slurm-wlm munge; scripts/setup.sh)"; return 77; }
    done
    [ "$(id -u)" -eq 0 ] || { say "SKIP: munged and slurmd need root here"; return 77; }
    PATH=$PATH:/usr/sbin
    mkdir -p "$dir/run" "$dir/log" "$dir/state" "$dir/spool" || return 1
    dir=$(cd "$dir" && pwd) # slurmctld chdirs to / when it daemonizes: absolute paths only

    # munge, with a key of its own
    head -c 1024 /dev/urandom > "$dir/run/munge.key" && chmod 400 "$dir/run/munge.key"
    munged --force --key-file="$dir/run/munge.key" --socket="$dir/run/munge.socket" \
        --pid-file="$dir/run/munged.pid" --log-file="$dir/log/munged.log" --seed-file="$dir/run/munge.seed" \
        || { say "munged did not start: $(tail -3 "$dir/log/munged.log" 2>/dev/null)"; return 1; }

    host=$(hostname -s)
    ctld_port=$(free_port)
    loopback=""
    # keep Slurm's listening sockets on loopback where the host name resolves there
    case "$(getent hosts "$host" | cut -d' ' -f1)" in
        127.*) loopback="CommunicationParameters=NoInAddrAny,NoCtldInAddrAny" ;;
    esac
    cat > "$dir/slurm.conf" <<EOF
ClusterName=gpuhost-farm-test
SlurmctldHost=$host(127.0.0.1)
SlurmctldPort=$ctld_port
SlurmUser=root
SlurmdUser=root
AuthType=auth/munge
AuthInfo=socket=$dir/run/munge.socket
$loopback
StateSaveLocation=$dir/state
SlurmdSpoolDir=$dir/spool/%n
SlurmctldPidFile=$dir/run/slurmctld.pid
SlurmdPidFile=$dir/run/slurmd-%n.pid
SlurmctldLogFile=$dir/log/slurmctld.log
SlurmdLogFile=$dir/log/slurmd-%n.log
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
SelectType=select/cons_tres
SelectTypeParameters=CR_Core
SchedulerParameters=batch_sched_delay=0
MpiDefault=none
MailProg=/bin/true
ReturnToService=2
EOF
    names=""
    i=1
    while [ $i -le "$nodes" ]; do
        echo "NodeName=n$i NodeHostname=$host NodeAddr=127.0.0.1 Port=$(free_port) CPUs=1 Sockets=1 CoresPerSocket=1 ThreadsPerCore=1 State=UNKNOWN" >> "$dir/slurm.conf"
        names="$names${names:+,}n$i"
        i=$((i + 1))
    done
    echo "PartitionName=farm Nodes=$names Default=YES MaxTime=INFINITE State=UP" >> "$dir/slurm.conf"
    export SLURM_CONF="$dir/slurm.conf"

    slurmctld -i || { say "slurmctld did not start: $(tail -5 "$dir/log/slurmctld.log" 2>/dev/null)"; return 1; }
    # a slurmd started before slurmctld answers waits out a registration retry
    wait_for 100 scontrol ping || { say "slurmctld does not answer: $(tail -5 "$dir/log/slurmctld.log")"; return 1; }
    i=1
    while [ $i -le "$nodes" ]; do
        slurmd -N n$i || { say "slurmd n$i did not start: $(tail -5 "$dir/log/slurmd-n$i.log" 2>/dev/null)"; return 1; }
        i=$((i + 1))
    done
    idle() { [ "$(sinfo -h -o %t | sort -u)" = idle ]; }
    wait_for 300 idle || { say "nodes not idle within 30 s: $(sinfo -h -N -o '%N %t %E')"; return 1; }
    say "up: $nodes nodes ($names), slurmctld on 127.0.0.1:$ctld_port; SLURM_CONF=$dir/slurm.conf"
}

case $action in
    start) start || { rc=$?; stop; exit $rc; } ;;
    stop) stop ;;
    *) say "usage: slurm-cluster.sh start|stop DIR [NODES]"; exit 2 ;;
esac
