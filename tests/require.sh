# shellcheck shell=sh
# Shared by the tests (sourced): what a test does when something it needs is
# absent. On a developer's machine an optional dependency (umockdev, Unicorn,
# the riscv toolchain that builds the rv32 image) may be missing: the test is
# skipped (exit 77, CTest reports it as skipped). Where the environment
# variable GPUHOST_REQUIRE names the requirement (words separated by spaces
# or commas), the same absence is a failure (exit 1) with the same reason.
# CI (.ci/run) sets GPUHOST_REQUIRE=usbemu: there the whole USB path (gpu-usbemu,
# umockdev, the rv32 image on Unicorn) must run.
#   gh_required REQUIREMENT            true when GPUHOST_REQUIRE names it
#   gh_unavailable REQUIREMENT REASON  says REASON, then exits 1 or 77
# tests/skipped_test.cmake's add_unavailable_test registers a test that only
# does this, for a test whose program is not built.
gh_required() {
    case " $(printf '%s' "${GPUHOST_REQUIRE:-}" | tr ',\t' '  ') " in
    *" $1 "*) return 0 ;;
    esac
    return 1
}
gh_unavailable() {
    if gh_required "$1"; then
        echo "FAIL: $2 (GPUHOST_REQUIRE=\"$GPUHOST_REQUIRE\": $1 must run here)"
        exit 1
    fi
    echo "SKIP: $2"
    exit 77
}
