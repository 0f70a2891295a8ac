#!/bin/sh
# Usage: expect_isagen_error.sh ISAGEN BASE.isa BAD.isa
# Passes when isagen rejects BAD.isa (exit 1) with the message its
# "// expect: REGEX" line names, located at BAD.isa:LINE.
isagen=$1 base=$2 bad=$3
expect=$(sed -n 's|^// expect: ||p' "$bad")
out=$("$isagen" -o /dev/null "$base" "$bad" 2>&1)
status=$?
echo "$out"
[ "$status" -eq 1 ] || { echo "FAIL: isagen exited $status, expected 1"; exit 1; }
echo "$out" | grep -E "$(basename "$bad"):[0-9]+: error: .*$expect" >/dev/null ||
    { echo "FAIL: no error matching '$expect' at $(basename "$bad"):LINE"; exit 1; }
echo "PASS: $expect"
