"""What the cocotb bench checks besides the records: the kernel's .expect lines
on the final state (a wrong one FAILs, naming the value), stepping one
instruction at a time gives the same run as running, and traps agree in
lockstep's words."""
import os
import subprocess

import pytest


@pytest.fixture(autouse=True)
def stand_in_only(request):
    if request.config.getoption("--cocotb-core") != "stand-in":
        pytest.skip("the stand-in core only")


def test_wrong_expect_fails_naming_the_value(bench, source_dir, tmp_path):
    text = (source_dir / "tests/kernels/bitmanip.s").read_text().splitlines()
    at = next(i for i, line in enumerate(text) if line.lstrip().startswith(".expect "))
    fields = text[at].split()
    fields[-1] = hex(int(fields[-1], 0) ^ 1)  # the last lane's value, one bit off
    text[at] = " ".join(fields)
    k = tmp_path / "bitmanip_wrong_expect.s"
    k.write_text("\n".join(text) + "\n")
    r = bench.run_kernel(k, name="wrong-expect")
    assert r["verdict"] == "FAILED", r["report"]
    assert "mismatching value" in r["report"] and "FAIL:" in r["report"], r["report"]
    print(r["report"])


def test_step_runs_as_run(bench, source_dir):
    k = source_dir / "tests/kernels/divergent.s"
    run = bench.run_kernel(k, name="divergent-run")
    step = bench.run_kernel(k, step=True, name="divergent-step")
    assert run["verdict"] == step["verdict"] == "PASS", (run["report"], step["report"])
    assert run["checked"] == step["checked"]


TRAPS = ["memory_range_ldg.s", "misaligned_address_stg.s", "const_out_of_range_ldc.s", "illegal_bsync.s",
         "pc_out_of_range.s", "register_index.s"]


@pytest.mark.parametrize("kernel", TRAPS)
def test_trap_agreement_in_lockstep_words(bench, source_dir, kernel):
    """A kernel that traps (tests/lockstep/traps): the core and the model agree, and the TRAP line is
    the one `gpuhost --board rtl run` prints for it."""
    path = source_dir / "tests/lockstep/traps" / kernel
    r = bench.run_kernel(path, name=f"trap-{kernel}")
    assert r["verdict"] == "TRAPPED", r["report"]
    line = next(l for l in r["report"].splitlines() if l.startswith("TRAP (the target agrees): "))
    gh = subprocess.run([os.environ["GPUHOST_CLI"], "--board", "rtl", "run", str(path), "--server",
                         os.environ["GPUHOST_RTLSIM"]], capture_output=True, text=True, timeout=300)
    assert gh.returncode == 5, gh.stdout + gh.stderr
    assert line in gh.stdout.splitlines(), f"cocotb: {line}\ngpuhost --board rtl:\n{gh.stdout}"
