#!/bin/sh
# Installs what gpuhost needs on Debian 12 (only what is missing), then
# configures and builds. Idempotent; quick when nothing changed.
#   scripts/setup.sh [BUILD_DIR [extra cmake args...]]
#   scripts/setup.sh --packages     (install what is missing, build nothing)
# clang and libclang-rt-14-dev (libFuzzer) build build-fuzz (scripts/fuzz.sh,
# the fuzz pass of scripts/test-all.sh --long); python3-jsonschema is for the
# schema tests; libpython3-dev brings the shared libpython cocotb embeds in a
# simulator (gpuhost.cocotb); slurm-wlm and munge are the Slurm the farm tests
# start on loopback (tests/farm). The Python packages of requirements.txt (pinned) go into the
# project's own virtual environment .venv (python3-venv), never system-wide.
set -eu
cd "$(dirname "$0")/.."

packages="build-essential cmake ninja-build pkg-config binutils libelf-dev libcmocka-dev zlib1g-dev libisal-dev libzmq3-dev verilator python3 python3-jsonschema python3-cffi python3-pytest libinih-dev gcc-riscv64-unknown-elf picolibc-riscv64-unknown-elf libusb-1.0-0-dev umockdev libumockdev-dev libunicorn-dev iverilog yosys libmpfr-dev clang libclang-rt-14-dev python3-venv libpython3-dev slurm-wlm munge"
missing=""
for p in $packages; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing="$missing $p"
done
if [ -n "$missing" ]; then
    echo "setup: installing:$missing"
    sudo=""
    [ "$(id -u)" -eq 0 ] || sudo="sudo"
    export DEBIAN_FRONTEND=noninteractive
    $sudo apt-get update -qq
    # shellcheck disable=SC2086
    $sudo apt-get install -y -qq --no-install-recommends $missing
fi

# The project's virtual environment: Debian's python3 (its python3-* packages
# stay visible), requirements.txt installed once per change of that file.
venv=.venv
if [ ! -x "$venv/bin/python3" ]; then
    /usr/bin/python3 -m venv --system-site-packages "$venv"
fi
if ! cmp -s requirements.txt "$venv/requirements.installed"; then
    echo "setup: installing requirements.txt into $venv"
    "$venv/bin/python3" -m pip install --disable-pip-version-check -q -r requirements.txt
    cp requirements.txt "$venv/requirements.installed"
fi

[ "${1:-}" = --packages ] && exit 0
build=${1:-build}
[ $# -gt 0 ] && shift
if [ ! -f "$build/CMakeCache.txt" ]; then
    # Ninja where it is installed: one dependency graph over every target
    # (a build folder made with Make before keeps Make)
    generator=""
    command -v ninja >/dev/null 2>&1 && generator="-G Ninja"
    # shellcheck disable=SC2086
    cmake -S . -B "$build" $generator -DCMAKE_BUILD_TYPE=RelWithDebInfo "$@"
fi
cmake --build "$build" -j "$(nproc)"
