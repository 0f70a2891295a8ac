#!/bin/sh
# A regression over a real Slurm, from an installed prefix: a cluster of
# NODES slurmd on loopback (slurm-cluster.sh), SEEDS random streams on board
# BOARD as an array (gpuhost-slurm submit), one seed with a planted fault;
# then the same seeds under plain CTest on this machine. Checked: the one
# planted seed is the one failure, reported with a rerun command that
# reproduces it; both nodes ran tasks; the JUnit lists every seed; the merged
# coverage equals the CTest run's; a shard that never ran is reported.
# Prints both wall times.
# Usage: slurm.sh BUILD_DIR SOURCE_DIR [SEEDS [BOARD]]
set -u
build=$1 src=$2 seeds=${3:-200} board=${4:-rtl}
planted=37 fault=2:3:4 # kind 2 at instruction 3: a wrong destination value
work=$(mktemp -d)
cleanup() { sh "$src/tests/farm/slurm-cluster.sh" stop "$work/slurm"; rm -rf "$work"; }
trap cleanup EXIT
trap 'exit 1' INT TERM
pass=0 fail=0
ok() { pass=$((pass + 1)); echo "ok   $1"; }
bad() { fail=$((fail + 1)); echo "FAIL $1"; }
missing() {
    # under CI the farm must run: a missing piece is a failure, not a skip
    if [ "${CI:-}" = true ]; then echo "FAIL: $1 (CI=true: the farm tests must run)"; exit 1; fi
    echo "SKIP: $1"; exit 77
}

cmake --install "$build" --prefix "$work/prefix" > "$work/log" 2>&1 || { cat "$work/log"; echo "0 passed, 1 failed"; exit 1; }
gpuhost=$work/prefix/bin/gpuhost slurm_tool=$work/prefix/bin/gpuhost-slurm
export LD_LIBRARY_PATH="$work/prefix/lib"
sh "$src/tests/farm/slurm-cluster.sh" start "$work/slurm" 2 2> "$work/cluster.log"
case $? in
    0) ok "a Slurm cluster on loopback: $(tail -1 "$work/cluster.log" | cut -d';' -f1)" ;;
    77) missing "$(cat "$work/cluster.log")" ;;
    *) cat "$work/cluster.log"; echo "0 passed, 1 failed"; exit 1 ;;
esac
export SLURM_CONF="$work/slurm/slurm.conf"

# bad input is refused before anything is submitted
out=$(python3 "$slurm_tool" submit --out "$work/bad" --board "$board" --seeds 1-5 --fault 9=$fault 2>&1)
[ $? -eq 2 ] && echo "$out" | grep -q "seed 9 is not among --seeds" && ok "a fault on a seed not run is refused: $out" \
    || bad "refusal: $out"

t0=$(date +%s.%N)
python3 "$slurm_tool" submit --out "$work/regress" --board "$board" --seeds "1-$seeds" --count 100 --tasks 4 --wait-timeout 600 \
    --fault "$planted=$fault" > "$work/submit.log" 2>&1
rc=$?
slurm_seconds=$(echo "$(date +%s.%N) - $t0" | bc)
cat "$work/submit.log"
[ $rc -eq 1 ] && ok "the regression exits 1 (one failure)" || bad "the regression exited $rc, not 1"
summary=$work/regress/summary.txt
grep -q "^$seeds runs on board $board: $((seeds - 1)) passed, 1 failed, 0 errors" "$summary" \
    && ok "every seed ran; one failed" || bad "summary: $(head -1 "$summary" 2>/dev/null)"
grep -q "nodes: n1 ([0-9]*), n2 ([0-9]*)" "$summary" && ok "both nodes ran shards: $(grep -o 'nodes: [^;]*' "$summary")" \
    || bad "nodes: $(grep -o 'nodes: [^;]*' "$summary")"
grep -q "^FAILURE seed-$planted on n[12] (exit 7): DIVERGENCE" "$summary" \
    && ok "the planted seed is the failure, a divergence: $(grep '^FAILURE' "$summary")" || bad "failure line"
rerun=$(sed -n "s/^  rerun: //p" "$summary")
mkdir "$work/rerun"
(cd "$work/rerun" && sh -c "$rerun" > out.txt 2>&1)
rc=$?
[ $rc -eq 7 ] && grep -q "DIVERGENCE at instruction" "$work/rerun/out.txt" \
    && ok "its rerun command reproduces it on one machine (exit 7): $rerun" || bad "rerun exited $rc: $rerun"
python3 - "$work/regress/junit.xml" "$seeds" "$planted" <<'EOS' && ok "the JUnit: $seeds test cases, seed-$planted the one failure, each with its node and rerun" || bad "JUnit"
import sys, xml.etree.ElementTree as ET
cases = list(ET.parse(sys.argv[1]).getroot().iter("testcase"))
assert len(cases) == int(sys.argv[2]), len(cases)
failed = [c.get("name") for c in cases if c.find("failure") is not None or c.find("error") is not None]
assert failed == [f"seed-{sys.argv[3]}"], failed
for c in cases:
    props = {p.get("name"): p.get("value") for p in c.iter("property")}
    assert props["node"] in ("n1", "n2") and "gen --seed" in props["rerun"], props
EOS

# the same seeds under plain CTest on this machine, two at a time
mkdir "$work/ctest" "$work/ctest/coverage"
seed=1
while [ $seed -le "$seeds" ]; do
    planted_fault=""
    [ $seed -eq $planted ] && planted_fault="--fault $fault"
    k=$work/ctest/seed-$seed.s
    echo "add_test(seed-$seed /bin/sh -c \"$gpuhost --board $board gen --seed $seed --count 100 -o $k && $gpuhost --board $board run $k --retries 1 --coverage $work/ctest/coverage/seed-$seed.cov $planted_fault\")"
    seed=$((seed + 1))
done > "$work/ctest/CTestTestfile.cmake"
t0=$(date +%s.%N)
ctest --test-dir "$work/ctest" -j2 > "$work/ctest.log" 2>&1
ctest_seconds=$(echo "$(date +%s.%N) - $t0" | bc)
grep -q "99% tests passed, 1 tests failed out of $seeds\|1 tests failed out of $seeds" "$work/ctest.log" \
    && grep -q "seed-$planted " "$work/ctest.log" && ok "plain CTest: the same one failure" \
    || bad "plain CTest: $(grep 'tests failed' "$work/ctest.log")"
"$gpuhost" coverage merge "$work"/ctest/coverage/*.cov -o "$work/ctest/coverage.txt" > /dev/null 2>&1
cmp -s "$work/ctest/coverage.txt" "$work/regress/coverage.txt" \
    && ok "the merged coverage equals the one-machine run's: $(grep '^board' "$work/regress/coverage.txt")" \
    || { bad "coverage differs"; diff "$work/ctest/coverage.txt" "$work/regress/coverage.txt" | head; }

# a shard that never ran (a node lost) is an error naming its task, not a pass
rm "$work/regress/results/seed-2.json"
python3 "$slurm_tool" merge "$work/regress" > "$work/merge.log" 2>&1
rc=$?
[ $rc -eq 1 ] && grep -q "^ERROR seed-2 .*no result: array task 1 did not reach it" "$work/merge.log" \
    && ok "a run with no result is an error naming its array task" || bad "missing result (exit $rc)"

printf 'wall time, %s seeds on %s: Slurm array (2 nodes of 1 CPU, 4 tasks, with submission and merge) %.1f s; plain CTest -j2 %.1f s\n' \
    "$seeds" "$board" "$slurm_seconds" "$ctest_seconds"
echo "$pass passed, $fail failed"
[ $fail -eq 0 ]
