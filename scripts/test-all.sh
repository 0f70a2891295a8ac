#!/bin/sh
# The whole test suite: set up, build twice (warnings as errors; ASan+UBSan),
# and run every test through CTest in both builds.
set -eu
cd "$(dirname "$0")/.."
sh scripts/setup.sh build
sh scripts/setup.sh build-asan -DGPUHOST_SANITIZE=ON -DCMAKE_BUILD_TYPE=Debug
status=0
echo "== tests (RelWithDebInfo, -Werror)"
ctest --test-dir build --output-on-failure -j "$(nproc)" || status=1
echo "== tests (ASan + UBSan)"
UBSAN_OPTIONS=print_stacktrace=1 \
    ctest --test-dir build-asan --output-on-failure -j "$(nproc)" -LE "bench|long" || status=1
exit $status
