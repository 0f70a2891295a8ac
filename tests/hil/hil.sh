#!/bin/sh
# HIL CI from an installed prefix: install gpuhost, build the consumer project
# (tests/hil), make the pool's resource spec, run every kernel on it with
# ctest -j3 and check the JUnit: every kernel listed with its board, the
# planted divergence failed once and was not retried, the flaky link passed
# on its retry, the unplugged board cost its one test only; then merge the
# coverage records: the random streams (on rtl and on an emulated board) hit
# 100% of the variants their board implements.
# Usage: hil.sh BUILD_DIR SOURCE_DIR [GENERATED_COUNT]
set -u
build=$1 src=$2 count=${3:-100}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
pass=0 fail=0
ok() { pass=$((pass + 1)); echo "ok   $1"; }
bad() { fail=$((fail + 1)); echo "FAIL $1"; }
cmake --install "$build" --prefix "$work/prefix" > "$work/log" 2>&1 || { cat "$work/log"; echo "0 passed, 1 failed"; exit 1; }
gpuhost=$work/prefix/bin/gpuhost
export LD_LIBRARY_PATH="$work/prefix/lib"
mkdir "$work/gen" "$work/gen_usbemu"
seed=1
while [ $seed -le "$count" ]; do
    "$gpuhost" --board rtl gen --seed $seed --count 200 -o "$work/gen/random_$seed.s" || bad "gen seed $seed"
    seed=$((seed + 1))
done
usbemu_count=20   # the emulated board runs the rv32 image: fewer, longer kernels
seed=1
while [ $seed -le $usbemu_count ]; do
    "$gpuhost" --board usbemu gen --seed $seed --count 500 -o "$work/gen_usbemu/random_$seed.s" || bad "gen usbemu seed $seed"
    seed=$((seed + 1))
done
cmake -S "$src/tests/hil" -B "$work/hil" -DCMAKE_PREFIX_PATH="$work/prefix" -DHIL_KERNELS="$src/tests/kernels" \
    -DHIL_GENERATED="$work/gen" -DHIL_GENERATED_USBEMU="$work/gen_usbemu" > "$work/log" 2>&1 && ok "the consumer project configures from the installed prefix" \
    || { bad "consumer configure"; cat "$work/log"; }
"$gpuhost" boards --resource-spec usbemu=2 rtl=1 modelsim=1 -o "$work/pool.json" \
    && ok "gpuhost boards --resource-spec: $(tr -d ' \n' < "$work/pool.json" | cut -c1-120)" || bad "resource spec"
ctest --test-dir "$work/hil" -j3 --resource-spec-file "$work/pool.json" --output-junit "$work/junit.xml" \
    > "$work/ctest.log" 2>&1
tail -4 "$work/ctest.log"
examples=$(ls "$src"/tests/kernels/*.s | wc -l)
python3 - "$work/junit.xml" "$examples" "$count" "$usbemu_count" <<'EOS' && ok "the JUnit: every kernel with its board; one planted divergence, not retried; flaky passed on retry; unplugged cost one test" || bad "JUnit"
import sys, xml.etree.ElementTree as ET
root = ET.parse(sys.argv[1]).getroot()
cases = {c.get("name"): c for c in root.iter("testcase")}
examples, generated, generated_usbemu = int(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4])
def failed(c): return c.find("failure") is not None or c.get("status") == "fail"
names = list(cases)
assert sum(n.startswith("examples/usbemu/") for n in names) == examples, names
assert sum(n.startswith("random/rtl/") for n in names) == generated
assert sum(n.startswith("random/usbemu/") for n in names) == generated_usbemu
assert len(names) == examples + generated + generated_usbemu + 3, len(names)
bad = sorted(n for n, c in cases.items() if failed(c))
assert bad == ["planted/modelsim/bitmanip", "unplugged/usbemu/divergent"], bad
out = lambda n: "".join(cases[n].itertext())
assert "DIVERGENCE at instruction 1" in out("planted/modelsim/bitmanip") and "RETRY" not in out("planted/modelsim/bitmanip")
assert "RETRY 1 of 2" in out("flaky/usbemu/bitmanip") and "PASS: lockstep clean" in out("flaky/usbemu/bitmanip")
assert "RETRY 1 of 1" in out("unplugged/usbemu/divergent")
EOS
"$gpuhost" coverage merge "$work"/hil/coverage/*.cov -o "$work/coverage.txt" --html "$work/coverage.html" \
    && ok "gpuhost coverage merge: $(grep '^board' "$work/coverage.txt" | tr '\n' ';')" || bad "coverage merge"
# the random streams reach every variant the boards they ran on implement
# (control flow, memory and special registers included); the page shows it
python3 - "$work/coverage.txt" "$work/coverage.html" <<'EOS' && ok "the random streams hit every variant their boards implement: $(grep '^board' "$work/coverage.txt" | tr '\n' ';')" || bad "coverage"
import sys, re
text, page = open(sys.argv[1]).read(), open(sys.argv[2]).read()
for board in ("rtl", "usbemu"):
    section = text.split(f"board {board}:")[1].split("\nboard ")[0]
    hit, implemented = map(int, re.match(r" (\d+) of (\d+) implemented variants hit", section).groups())
    never = section.split("\n  never hit:")[1].split("\n")[0].split()
    assert implemented > 0 and hit == implemented and not never, (board, hit, implemented, never)
    assert f"<h2>board {board}: {hit} of {implemented} implemented variants hit (100.0%)</h2>" in page, board
EOS
echo "$pass passed, $fail failed"
[ $fail -eq 0 ]
