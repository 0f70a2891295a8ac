#!/bin/sh
# The scoreboard from an installed prefix: cmake --install puts the SV
# package, the header and libgpuhost_dpi (finding libgpuhost beside it) in
# the prefix, the package is the one dpi_tb was built with, the header
# compiles alone, and dpi_tb passes a kernel with the prefix's libraries
# loaded instead of the build tree's.
# Usage: dpi_install.sh BUILD_DIR DPI_TB SOURCE_PACKAGE KERNEL
set -u
build=$1 tb=$2 package=$3 kernel=$4
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
pass=0 fail=0
ok() { pass=$((pass + 1)); echo "ok   $1"; }
bad() { fail=$((fail + 1)); echo "FAIL $1"; }
if cmake --install "$build" --prefix "$work/p" > "$work/install.log" 2>&1; then ok "cmake --install"; else
    bad "cmake --install"; cat "$work/install.log"; echo "$pass passed, $fail failed"; exit 1; fi
lib=$(ls -d "$work"/p/lib*/ | head -1)
cmp -s "$work/p/share/gpuhost/dpi/gpuhost_scoreboard.sv" "$package" && ok "share/gpuhost/dpi/gpuhost_scoreboard.sv" ||
    bad "share/gpuhost/dpi/gpuhost_scoreboard.sv missing or not the package dpi_tb was built with"
printf '#include "gpuhost/scoreboard.h"\nint main(void) { return gh_sb_open(0) != 0; }\n' > "$work/use.c"
if cc -std=c11 -Wall -Werror -I"$work/p/include" "$work/use.c" -L"$lib" -lgpuhost_dpi -Wl,-rpath,"$lib" -o "$work/use" 2> "$work/cc.log" &&
    "$work/use" > "$work/use.log" 2>&1 && grep -q "gpuhost scoreboard: no kernel path" "$work/use.log"; then
    ok "a C program over include/gpuhost/scoreboard.h and -lgpuhost_dpi (libgpuhost found through its RUNPATH)"
else
    bad "a C program over the installed header and library"
    cat "$work/cc.log" "$work/use.log" 2> /dev/null
fi
if LD_LIBRARY_PATH=$lib ldd "$tb" | grep -q "libgpuhost_dpi.so.* => $lib" &&
    out=$(LD_LIBRARY_PATH=$lib "$tb" "+kernel=$kernel" 2>&1) && echo "$out" | grep -q "^PASS: scoreboard clean"; then
    ok "dpi_tb over the prefix's libgpuhost_dpi: $(basename "$kernel") passes"
else
    bad "dpi_tb over the prefix's libgpuhost_dpi"
    LD_LIBRARY_PATH=$lib ldd "$tb"
    echo "${out:-}" | sed 's/^/    /'
fi
echo "$pass passed, $fail failed"
[ $fail -eq 0 ]
