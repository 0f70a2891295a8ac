#!/bin/sh
# Board descriptors hold a real path whole: a board whose server is named by
# a path of about 170 characters runs, and `gpuhost boards` shows the whole
# path. The limits that remain are errors naming the file and line: a line
# longer than libinih reads (INI_MAX_LINE - 1 characters, its line end
# included: 199 on Debian) with its length and that limit, never cut; a
# value beyond its field (a CAPS name) with the key, its length and limit.
# Usage: board_paths.sh GPUHOST GPU_MODELSIM KERNEL_DIR
set -u
gpuhost=$1 modelsim=$2 kernels=$3
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
pass=0 fail=0
ok() { pass=$((pass + 1)); echo "ok   $1"; }
bad() { fail=$((fail + 1)); echo "FAIL $1"; }

# a server path of 150..171 characters: "server = PATH" and its LF fit in 199
long=$work
while [ $((${#long} + 13)) -lt 150 ]; do long=$long/a-long-directory-name; done
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

# a line longer than libinih reads (a real server, 230 characters away): the
# file, the line, its length and the limit, before the server is looked at
long=$work
while [ $((${#long} + 13)) -lt 230 ]; do long=$long/a-long-directory-name; done
mkdir -p "$long"
ln -s "$modelsim" "$long/gpu-modelsim"
server=$long/gpu-modelsim
printf '[board]\nname = longpath\ntransport = zmq\nserver = %s\n' "$server" > "$work/boards/longpath.ini"
n=$((9 + ${#server} + 1)) # "server = ", the path, the LF
"$gpuhost" --board longpath run "$kernels/bitmanip.s" > "$work/out.txt" 2>&1; s=$?
[ $s -eq 2 ] && grep -qF "$work/boards/longpath.ini:4: a line of $n characters, more than the 199 libinih reads (INI_MAX_LINE)" \
    "$work/out.txt" && ok "a line of $n characters: exit 2, FILE:LINE, its length and libinih's limit" \
    || { bad "a line of $n characters (exit $s)"; cat "$work/out.txt"; }
"$gpuhost" boards > "$work/out.txt" 2>&1; s=$?
[ $s -eq 1 ] && grep -qF "longpath.ini:4: a line of $n characters, more than the 199 libinih reads" "$work/out.txt" \
    && ok "gpuhost boards: exit 1, the same" \
    || { bad "gpuhost boards with a line too long (exit $s)"; cat "$work/out.txt"; }

# a value beyond its field: the file, line, key, length and limit
printf '[board]\nname = longpath\ntransport = model\n[dut]\ntarget = %s\n' "$(printf '%070d' 0)" \
    > "$work/boards/longpath.ini"
"$gpuhost" boards > "$work/out.txt" 2>&1; s=$?
[ $s -eq 1 ] && grep -qF "longpath.ini:5: target: 70 characters, more than the 63 of a name in CAPS" "$work/out.txt" \
    && ok "a target name beyond CAPS's: exit 1, FILE:LINE, key and limit" \
    || { bad "target beyond CAPS (exit $s)"; cat "$work/out.txt"; }

echo "$pass passed, $fail failed"
[ $fail -eq 0 ]
