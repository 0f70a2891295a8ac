"""Each fault kind of the stand-in core that a record shows, armed through its
fault registers as gpu-rtlsim --fault arms it, is caught by the cocotb bench
at the instruction it struck, and the DIVERGENCE block is the one `gpuhost
--board rtl run --fault` prints for the same fault, line for line (as
tests/dpi/dpi_faults.sh proves for the DPI testbench)."""
import os
import subprocess

import pytest

FAULTS = [  # kernel, fault, a line the block must hold
    ("faults_rtl.s", "1:1", "R1 lane 0: expected a write of 0x00000100 (256), the target wrote nothing"),
    ("faults_rtl.s", "2:1:4", "R1 lane 0: expected 0x00000100 (256), actual 0x00000110 (272)"),
    ("faults_rtl.s", "3:2", "P1: expected lanes 0xffffffff = 0xffff0000, actual lanes 0x00000000 = 0x00000000"),
    ("faults_rtl.s", "4:1:7", "R8 lane 0: the target wrote 0x00000100 (256), expected no write"),
    ("faults_rtl.s", "5:5", "branch target: expected 0x80, actual 0x90"),
    ("faults_rtl.s", "6:4", "store lane 0: expected address 0x1000, actual 0x1010"),
    ("faults_fp.s", "10:0", "R10 lane 0: expected 0x3f800001 (1.00000012), actual 0x3f800000 (1)"),
    ("faults_fp.s", "13:0", "(2 ulp, beyond the 1 ulp the target declares for MUFU.EX2.F32)"),
]


def block(text):
    """The DIVERGENCE block of a report: its first line and the indented lines after it."""
    out, on = [], False
    for line in text.splitlines():
        if line.startswith("DIVERGENCE"):
            on = True
            out.append(line)
        elif on and line.startswith("  "):
            out.append(line)
        else:
            on = False
    return "\n".join(out)


@pytest.mark.parametrize("kernel,fault,line", FAULTS, ids=[f"{k}-{f}" for k, f, _ in FAULTS])
def test_fault_caught_in_lockstep_words(bench, source_dir, kernel, fault, line):
    path = source_dir / "servers/rtlsim/tests" / kernel
    r = bench.run_kernel(path, fault=fault, name=f"fault-{fault.replace(':', '_')}")
    assert r["verdict"] == "DIVERGED", r["report"]
    ours = block(r["report"])
    assert line in ours, ours
    gh = subprocess.run([os.environ["GPUHOST_CLI"], "--board", "rtl", "run", str(path), "--batch", "1", "--fault",
                         fault, "--server", os.environ["GPUHOST_RTLSIM"]], capture_output=True, text=True,
                        timeout=300)
    assert gh.returncode == 7, gh.stdout + gh.stderr
    assert ours == block(gh.stdout + gh.stderr), f"cocotb:\n{ours}\ngpuhost --board rtl:\n{block(gh.stdout)}"


def test_no_fault_passes(bench, source_dir):
    for kernel in ("faults_rtl.s", "faults_fp.s"):
        r = bench.run_kernel(source_dir / "servers/rtlsim/tests" / kernel, name=f"clean-{kernel}")
        assert r["verdict"] == "PASS", r["report"]
