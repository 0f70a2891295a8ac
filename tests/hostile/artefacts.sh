#!/bin/sh
# Artefacts safe to open, inputs refused where they stand, every wait bounded
# (issue 24):
# - coverage merge: the HTML page escapes every string from a record; counts
#   that overflow when summed, negative or malformed counts and truncated
#   records (cut mid-line, or at a line boundary: no end line) are exit 1
#   naming FILE:LINE, and the page named is left as it was;
# - a run stopped by --max-insns (exit 6) says which of --trace, --dump-state
#   and --junit could not be written;
# - .global and .expect_mem at or above 2^48: exit 1 at FILE:LINE;
# - tcp://256.1.1.1:5555 is refused as malformed at once;
# - a client given --endpoint without CURVE is warned that it trusts whoever
#   listens there;
# - boards --resource-spec --servers: a malformed file is exit 1 at
#   FILE:LINE; stale servers are checked at once, within --deadline, each
#   named.
# Usage: artefacts.sh GPUHOST GPU_MODELSIM KERNEL_DIR
set -u
gpuhost=$1 modelsim=$2 kernels=$3
work=$(mktemp -d)
server=""
cleanup() { [ -n "$server" ] && kill $server 2>/dev/null; wait 2>/dev/null; rm -rf "$work"; }
trap cleanup EXIT
checks=0
fail() { echo "FAIL: $*"; exit 1; }
now_ms() { echo $(( $(date +%s%N) / 1000000 )); }

# expect STATUS PATTERN CMD...: CMD exits STATUS within 20 s, its output (stderr, or stdout) matches PATTERN
expect() {
    want=$1 pattern=$2
    shift 2
    timeout 20 "$@" > "$work/out" 2> "$work/err" < /dev/null
    rc=$?
    [ $rc -eq 124 ] && fail "'$*' did not end within 20 s"
    [ $rc -eq "$want" ] || fail "'$*' exit $rc, not $want: $(head -c 400 "$work/err")"
    grep -q -e "$pattern" "$work/err" "$work/out" || fail "'$*': no '$pattern' in: $(head -c 400 "$work/err")"
    checks=$((checks + 1))
}

# coverage records: a real one, then crafted ones
"$gpuhost" run "$kernels/bitmanip.s" -q --coverage "$work/real.cov" > /dev/null || fail "run --coverage"
variant=$(sed -n 's/^variant \([^ ]*\) .*/\1/p' "$work/real.cov" | head -1)
[ -n "$variant" ] || fail "no variant line in a coverage record"
record() { printf 'gpuhost-coverage 1\nboard %s\nimplements %s\n%s' "$1" "$variant" "$2" > "$work/$3"; }
record '<script>alert(1)</script>' "modifier $variant pg \"><img/src=x> 1
variant $variant 3 1 0
" script.cov
echo '<p>precious</p>' > "$work/page.html"
"$gpuhost" coverage merge "$work/real.cov" "$work/script.cov" --html "$work/page.html" > /dev/null ||
    fail "coverage merge of a crafted record"
grep -q "<script\|<img" "$work/page.html" && fail "record text reached the page as markup: $(grep -o '<script[^<]*\|<img[^>]*' "$work/page.html")"
grep -q "&lt;script&gt;" "$work/page.html" && grep -q "&quot;&gt;&lt;img" "$work/page.html" ||
    fail "the crafted record's text is not in the page, escaped"
checks=$((checks + 1))
echo '<p>precious</p>' > "$work/page.html"
record b "variant $variant 9223372036854775808 0 0
" big.cov
expect 1 "big.cov:4: the hit counts summed pass 2^64-1" "$gpuhost" coverage merge "$work/big.cov" "$work/big.cov" \
    --html "$work/page.html"
[ "$(cat "$work/page.html")" = '<p>precious</p>' ] || fail "a refused merge replaced the page"
record b "variant $variant -1 0 0
" negative.cov
expect 1 "negative.cov:4: a count is not a decimal number" "$gpuhost" coverage merge "$work/negative.cov"
record b "variant $variant 18446744073709551616 0 0
" wide.cov
expect 1 "wide.cov:4: a count is not a decimal number" "$gpuhost" coverage merge "$work/wide.cov"
record b "variant $variant 1 2 0
" guarded.cov
expect 1 "guarded.cov:4: more guarded" "$gpuhost" coverage merge "$work/guarded.cov"
head -c $(($(stat -c %s "$work/real.cov") - 5)) "$work/real.cov" > "$work/cut.cov"
expect 1 "cut.cov:[0-9]*: truncated" "$gpuhost" coverage merge "$work/cut.cov"
head -n 2 "$work/real.cov" > "$work/noimpl.cov"
expect 1 "noimpl.cov:2: truncated: no implements line" "$gpuhost" coverage merge "$work/noimpl.cov"
[ "$(tail -n 1 "$work/real.cov")" = end ] || fail "a record does not end with its end line"
head -n -1 "$work/real.cov" > "$work/noend.cov" # cut at a line boundary
expect 1 "noend.cov:[0-9]*: truncated: no end line" "$gpuhost" coverage merge "$work/noend.cov"
{ cat "$work/real.cov"; echo "variant $variant 1 0 0"; } > "$work/after.cov"
expect 1 "after.cov:[0-9]*: a line after the end line" "$gpuhost" coverage merge "$work/after.cov"
record b "variant $variant 1 0 0 junk
" extra.cov
expect 1 "extra.cov:4: expected board" "$gpuhost" coverage merge "$work/extra.cov"

# --max-insns (exit 6) with outputs that cannot be written
if [ -c /dev/full ]; then
    expect 6 "cannot write the trace" "$gpuhost" run "$kernels/bitmanip.s" --max-insns 3 --trace /dev/full
    expect 6 "cannot write the state to /dev/full" "$gpuhost" run "$kernels/bitmanip.s" --max-insns 3 \
        --dump-state /dev/full
    expect 6 "junit /dev/full: write failed" "$gpuhost" run "$kernels/bitmanip.s" --max-insns 3 --junit /dev/full
fi
expect 6 "cannot write the state to $work/no/s.json" "$gpuhost" run "$kernels/bitmanip.s" --max-insns 3 \
    --dump-state "$work/no/s.json"

# global memory ends at 2^48
printf 'NOP ;\nEXIT ;\n.global 0x1000000000000 1\n' > "$work/g.s"
expect 1 "g.s:3:9: error: .global: address 0x1000000000000" "$gpuhost" run "$work/g.s"
printf 'NOP ;\nEXIT ;\n.expect_mem 0xfffffffffffc 1 2\n' > "$work/e.s"
expect 1 "e.s:3:13: error: .expect_mem: address 0xfffffffffffc + 2 words" "$gpuhost" run "$work/e.s"
expect 1 "e.s:3:13: error: .expect_mem" "$gpuhost" asm "$work/e.s" -o "$work/e.bin"

# a malformed address, refused at once
start=$(now_ms)
expect 2 "not an IPv4 address" "$gpuhost" --board modelsim run "$kernels/bitmanip.s" --endpoint tcp://256.1.1.1:5555
[ $(( $(now_ms) - start )) -lt 3000 ] || fail "tcp://256.1.1.1:5555 was not refused at once"

# --endpoint without CURVE: a warning (tcp: anyone could listen there)
"$modelsim" --endpoint 'tcp://127.0.0.1:*' --endpoint-file "$work/tcp.ep" --idle-exit 20 2> "$work/s.err" &
server=$!
i=0
while [ ! -s "$work/tcp.ep" ] && [ $i -lt 100 ]; do sleep 0.1; i=$((i + 1)); done
[ -s "$work/tcp.ep" ] || fail "the tcp server did not start: $(cat "$work/s.err")"
expect 0 "reached without CURVE: gpuhost trusts whatever listens there" \
    "$gpuhost" --board modelsim run "$kernels/bitmanip.s" --endpoint "$(cat "$work/tcp.ep")"

# the servers file: malformed is exit 1 naming the line; stale servers in parallel, within the deadline
printf '# pool\nmodelsim %s\nmodelsim\n' "$(cat "$work/tcp.ep")" > "$work/bad.txt"
expect 1 "bad.txt:3: expected BOARD ENDPOINT" "$gpuhost" boards --resource-spec modelsim=1 --servers "$work/bad.txt"
printf 'nosuch tcp://127.0.0.1:1\n' > "$work/nosuch.txt"
expect 1 "nosuch.txt:1: no board 'nosuch'" "$gpuhost" boards --resource-spec --servers "$work/nosuch.txt"
: > "$work/stale.txt"
for p in 1 2 3 4 5 6 7 8; do echo "modelsim tcp://192.0.2.$p:5555" >> "$work/stale.txt"; done # TEST-NET-1: never answers
echo "modelsim $(cat "$work/tcp.ep")" >> "$work/stale.txt"
start=$(now_ms)
expect 0 "stale.txt:8) did not answer within the 2 s deadline" \
    "$gpuhost" boards --resource-spec modelsim=1 --servers "$work/stale.txt" --deadline 2
ms=$(( $(now_ms) - start ))
[ $ms -lt 8000 ] || fail "8 stale servers took $ms ms with --deadline 2"
grep -q "stale.txt:1)" "$work/err" || fail "the first stale line is not named"
grep -q "stale.txt:9)" "$work/err" && fail "the live server was left out: $(cat "$work/err")"
grep -q '"modelsim": \[{"id": "e_' "$work/out" || fail "the live server is not in the spec: $(cat "$work/out")"
echo "artefacts: $checks checks (8 stale servers: $ms ms): 1 passed, 0 failed"
