#!/bin/sh
# Board descriptors have no fixed-size limits a real path could exceed: a
# board whose server is named by a path of more than 200 characters runs,
# and `gpuhost boards` shows the whole path; the limits that remain (a path
# of PATH_MAX, a description, a CAPS name) are errors naming the file, line,
# key and limit.
# Usage: board_paths.sh GPUHOST GPU_MODELSIM KERNEL_DIR
set -u
gpuhost=$1 modelsim=$2 kernels=$3
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
pass=0 fail=0
ok() { pass=$((pass + 1)); echo "ok   $1"; }
bad() { fail=$((fail + 1)); echo "FAIL $1"; }

long=$work
while [ ${#long} -lt 220 ]; do long=$long/a-rather-long-directory-name-for-a-server; done
mkdir -p "$long" "$work/boards"
ln -s "$modelsim" "$long/gpu-modelsim"
server=$long/gpu-modelsim
cat > "$work/boards/longpath.ini" <<EOI
[board]
name = longpath
description = gpu-modelsim reached by a path of ${#server} characters
transport = zmq
server = $server
[dut]
implements = all
target = functional model
EOI
export GPUHOST_BOARDS_DIR="$work/boards"
"$gpuhost" --board longpath run "$kernels/bitmanip.s" > "$work/out.txt" 2>&1; s=$?
[ $s -eq 0 ] && grep -q "^PASS" "$work/out.txt" && ok "a server path of ${#server} characters runs (PASS)" \
    || { bad "server path of ${#server} characters (exit $s)"; cat "$work/out.txt"; }
"$gpuhost" boards longpath > "$work/out.txt" 2>&1
grep -qF "(server $server)" "$work/out.txt" && ok "gpuhost boards NAME shows the whole path" \
    || { bad "gpuhost boards NAME"; cat "$work/out.txt"; }
"$gpuhost" boards > "$work/out.txt" 2>&1
grep -qF "$server" "$work/out.txt" && ok "gpuhost boards lists the whole path" \
    || { bad "gpuhost boards"; cat "$work/out.txt"; }

# a path longer than PATH_MAX: the file, line, key, length and limit
too=/$(printf '%05000d' 0)
printf '[board]\nname = longpath\ntransport = zmq\nserver = %s\n' "$too" > "$work/boards/longpath.ini"
"$gpuhost" --board longpath run "$kernels/bitmanip.s" > "$work/out.txt" 2>&1; s=$?
[ $s -eq 2 ] && grep -qF "$work/boards/longpath.ini:4: server: 5001 characters, more than the 4095 of a path (PATH_MAX)" \
    "$work/out.txt" && ok "a path beyond PATH_MAX: exit 2, FILE:LINE, key and limit" \
    || { bad "path beyond PATH_MAX (exit $s)"; cat "$work/out.txt"; }
printf '[board]\nname = longpath\ntransport = model\n[dut]\ntarget = %s\n' "$(printf '%070d' 0)" \
    > "$work/boards/longpath.ini"
"$gpuhost" boards > "$work/out.txt" 2>&1; s=$?
[ $s -eq 1 ] && grep -qF "longpath.ini:5: target: 70 characters, more than the 63 of a name in CAPS" "$work/out.txt" \
    && ok "a target name beyond CAPS's: exit 1, FILE:LINE, key and limit" \
    || { bad "target beyond CAPS (exit $s)"; cat "$work/out.txt"; }

echo "$pass passed, $fail failed"
[ $fail -eq 0 ]
