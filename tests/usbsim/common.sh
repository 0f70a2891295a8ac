# Shared by the usbsim tests (sourced): the gh-ref gateware simulated whole
# (gpu-usbemu --firmware gateware). usbsim_check exits 77 (skipped) where
# gpu-usbemu is not built, umockdev cannot run here, or this gpu-usbemu has no
# simulated gateware (Verilator, or pythondata-cpu-vexriscv in .venv, missing
# at build time); where GPUHOST_REQUIRE names usbsim (CI) it exits 1 with the
# reason instead. Needs $usbemu.
. "$(dirname "$0")/../require.sh"
usbsim_check() {
    if [ ! -x "$usbemu" ]; then
        gh_unavailable usbsim "gpu-usbemu is not built ($usbemu: install libumockdev-dev umockdev and reconfigure)"
    fi
    if ! out=$(timeout 60 "$usbemu" --firmware gateware --boards 0 -- true 2>&1); then
        gh_unavailable usbsim "gpu-usbemu cannot run the simulated gateware: $out"
    fi
}
