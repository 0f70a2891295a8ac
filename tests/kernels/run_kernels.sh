#!/bin/sh
# Runs every example kernel of a directory on the functional model and checks
# its .expect / .expect_mem lines: each kernel must print PASS and exit 0.
# Prints one line per kernel and a final "N passed, N failed" line; the exit
# status is 0 only when every kernel passed (and at least one ran).
# Usage: run_kernels.sh GPUHOST KERNEL_DIR
set -u
if [ $# -ne 2 ]; then
    echo "usage: $0 GPUHOST KERNEL_DIR" >&2
    exit 2
fi
gpuhost=$1 kernels=$2
out=$(mktemp)
trap 'rm -f "$out"' EXIT
passed=0 failed=0
for src in "$kernels"/*.s; do
    [ -e "$src" ] || continue
    name=$(basename "$src" .s)
    "$gpuhost" run "$src" > "$out" 2>&1
    rc=$?
    if [ $rc -eq 0 ] && grep -q '^PASS' "$out"; then
        echo "PASS $name: $(grep '^PASS' "$out" | head -n 1)"
        passed=$((passed + 1))
    else
        verdict=$(grep -E '^(PASS|FAIL|TRAP)' "$out" | head -n 1)
        [ -n "$verdict" ] || verdict=$(tail -n 1 "$out")
        echo "FAIL $name (exit $rc): $verdict"
        # any further output of the run (assembler errors, more details), indented
        grep -v '^board ' "$out" | grep -vxF "$verdict" | head -n 20 | sed 's/^/    /'
        failed=$((failed + 1))
    fi
done
echo "$passed passed, $failed failed"
[ $failed -eq 0 ] && [ $passed -gt 0 ]
