"""An emulated board from Python, opened as the CLI opens it: libgpuhost
starts gpu-usbemu (the board's descriptor names it) and reaches the board
through its libusb backend. The process needs umockdev's preload library
(LD_PRELOAD=libumockdev-preload.so.0): the CTest test python_usbemu sets it
in the environment. Skipped where gpu-usbemu is not built; where
GPUHOST_REQUIRE names usbemu (tests/require.sh) that is a failure."""
import ctypes
import os
from pathlib import Path

import pytest

import gpuhost

KERNELS = Path(os.environ["GPUHOST_KERNELS"])
_libc = ctypes.CDLL(None)
_libc.getenv.restype = ctypes.c_char_p


def _getenv(name):
    """The process's environment now (os.environ is python's copy from its start)."""
    return _libc.getenv(name.encode())


def _unavailable(reason):
    if "usbemu" in os.environ.get("GPUHOST_REQUIRE", "").replace(",", " ").split():
        pytest.fail(f"{reason} (GPUHOST_REQUIRE names usbemu: it must run here)")
    pytest.skip(reason)


@pytest.fixture
def emulated():
    program = gpuhost.ffi.string(gpuhost.lib.gh_board_program(b"gpu-usbemu")).decode()
    if not os.access(program, os.X_OK):
        _unavailable(f"gpu-usbemu is not built ({program}: umockdev-1.0 missing at configure time)")
    if "libumockdev-preload" not in os.environ.get("LD_PRELOAD", ""):
        _unavailable("LD_PRELOAD lacks libumockdev-preload.so.0 (the CTest test python_usbemu sets it)")


def test_usbemu_runs_a_kernel_to_pass(emulated):
    kernel = KERNELS / "bitmanip.s"
    assert gpuhost.Kernel(kernel).expectations > 0  # a PASS is its .expect lines holding
    with gpuhost.Target("usbemu") as t:
        assert "gpu-usbemu" in t.name
        assert _getenv("UMOCKDEV_DIR"), "the emulator's testbed while the target is open"
        result = gpuhost.run(t, kernel)
    assert result.passed, result.report
    assert result.exit_status == 0 and result.instructions > 0 and result.state_checks > 0
    assert _getenv("UMOCKDEV_DIR") is None  # restored once the target closed


def test_usbemu_stress_is_refused_for_its_model_dut(emulated):
    with pytest.raises(gpuhost.GpuhostError, match="option --stress: board usbemu"):
        gpuhost.Target("usbemu", stress="7:heavy")
