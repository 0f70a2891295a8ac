#!/bin/sh
# The Python package from an installed prefix: cmake --install to a
# temporary prefix, then Debian's pytest on python/tests with the package
# found there (PYTHONPATH), as a user without root has it.
# Usage: run.sh PYTHON BUILD_DIR SOURCE_DIR GPUHOST [PYTEST_ARGS...]
# (default: python/tests)
set -u
py=$1 build=$2 src=$3 cli=$4
shift 4
if ! "$py" -c "import cffi, pytest" 2> /dev/null; then
    echo "SKIP: $py lacks cffi or pytest (Debian: python3-cffi python3-pytest; scripts/setup.sh)"
    exit 77
fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
if ! cmake --install "$build" --prefix "$work/prefix" > "$work/install.log" 2>&1; then
    cat "$work/install.log"
    exit 1
fi
cd "$work" || exit 1 # not beside build/python's own copy of the package
export PYTHONPATH="$work/prefix/lib/python3/dist-packages" GPUHOST_KERNELS="$src/tests/kernels" \
    GPUHOST_CLI="$cli" GPUHOST_PYTHON="$py"
"$py" -c "import gpuhost, sys; sys.exit(0 if gpuhost._library_path().startswith('$work/prefix/') else 1)" \
    || { echo "FAIL: the installed package does not load the installed libgpuhost"; exit 1; }
[ $# -gt 0 ] || set -- "$src/python/tests"
"$py" -m pytest -q -p no:cacheprovider "$@"
