#!/bin/sh
# cmake --install puts a working gpuhost in a prefix: the CLI runs from there,
# and a user's project finds the library with find_package(gpuhost) and with
# pkg-config, and runs a kernel on the model board and in lockstep on modelsim.
# Usage: install.sh BUILD_DIR SOURCE_DIR
set -u
build=$1 src=$2
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
pass=0 fail=0
ok() { pass=$((pass + 1)); echo "ok   $1"; }
bad() { fail=$((fail + 1)); echo "FAIL $1"; }
kernel=$src/tests/kernels/bitmanip.s
cmake --install "$build" --prefix "$work/prefix" > "$work/install.log" 2>&1 \
    && ok "cmake --install" || { bad "cmake --install"; cat "$work/install.log"; }
export LD_LIBRARY_PATH="$work/prefix/lib"
"$work/prefix/bin/gpuhost" run "$kernel" > "$work/out" 2>&1 && grep -q "^PASS" "$work/out" \
    && ok "the installed CLI runs a kernel" || { bad "installed CLI"; cat "$work/out"; }
cmake -S "$src/tests/install/consumer" -B "$work/consumer" -DCMAKE_PREFIX_PATH="$work/prefix" \
    > "$work/consumer.log" 2>&1 && cmake --build "$work/consumer" >> "$work/consumer.log" 2>&1 \
    && ok "find_package(gpuhost) builds a user's program" || { bad "find_package(gpuhost)"; cat "$work/consumer.log"; }
for board in model modelsim; do
    out=$("$work/consumer/consumer" $board "$kernel" 2>&1) && echo "$out" | grep -q "^PASS on $board" \
        && ok "the user's program: $out" || { bad "user's program on $board"; echo "$out"; }
done
PKG_CONFIG_PATH="$work/prefix/lib/pkgconfig" cc -std=c11 -o "$work/pc" "$src/tests/install/consumer/main.c" \
    $(PKG_CONFIG_PATH="$work/prefix/lib/pkgconfig" pkg-config --cflags --libs gpuhost) 2> "$work/pc.log" \
    && "$work/pc" model "$kernel" > /dev/null && ok "pkg-config gpuhost builds it too" \
    || { bad "pkg-config gpuhost"; cat "$work/pc.log"; }
# the installed gpuhost reads its own prefix's descriptors, though the build tree is still here,
# and finds them again when the prefix is moved (relocatable)
sed 's/^name = model/name = installed-model/' "$work/prefix/share/gpuhost/boards/model.ini" \
    > "$work/prefix/share/gpuhost/boards/installed-model.ini"
"$work/prefix/bin/gpuhost" --board installed-model run "$kernel" > "$work/out" 2>&1 && grep -q "^PASS" "$work/out" \
    && ok "the installed CLI reads its prefix's boards (a descriptor added there)" \
    || { bad "installed boards"; cat "$work/out"; }
# the installed documents stand alone: the contract first, and every file they name installed
[ "$(head -1 "$work/prefix/share/doc/gpuhost/port-contract.md")" = "# The DUT port contract" ] \
    && ok "the installed port-contract.md starts with the contract" || bad "port-contract.md's first line"
out=$(sh "$src/tests/install/doc_names.sh" "$work/prefix" 2>&1) && ok "installed documents: $(echo "$out" | tail -1)" \
    || { bad "installed documents name files not installed"; echo "$out"; }
mv "$work/prefix" "$work/moved"
LD_LIBRARY_PATH="$work/moved/lib" "$work/moved/bin/gpuhost" --board installed-model run "$kernel" > "$work/out" 2>&1 &&
    grep -q "^PASS" "$work/out" && ok "a moved prefix finds its boards" || { bad "moved prefix"; cat "$work/out"; }
mkdir -p "$work/mine" && sed 's/^name = model/name = mine/' "$work/moved/share/gpuhost/boards/model.ini" > "$work/mine/m.ini"
LD_LIBRARY_PATH="$work/moved/lib" "$work/moved/bin/gpuhost" run "$kernel" --boards-dir "$work/mine" --board mine \
    > "$work/out" 2>&1 && grep -q "^PASS" "$work/out" && ok "--boards-dir for any command (run)" \
    || { bad "--boards-dir with run"; cat "$work/out"; }
echo "$pass passed, $fail failed"
[ $fail -eq 0 ]
