"""tests/byo_rtl's core, which gpuhost did not write, in a cocotb bench from an
installed prefix (run.sh installs one): the kernels it implements PASS, and
one it does not is taken at its word (its END of status 2: UNSUPPORTED,
naming the instruction and its variant), as lockstep takes it."""
import pytest

PASSING = ["nop_exit.s", "guarded_exit.s", "divergent_bra.s", "s2r_mov.s"]


@pytest.fixture(autouse=True)
def byo_only(request):
    if request.config.getoption("--cocotb-core") != "byo":
        pytest.skip("the byo core only")


@pytest.mark.parametrize("kernel", PASSING)
def test_byo_kernel_passes(bench, source_dir, kernel):
    r = bench.run_kernel(source_dir / "tests/byo_rtl/kernels" / kernel, name=kernel)
    assert r["verdict"] == "PASS", r["report"]
    print(f"{kernel}: PASS, {r['checked']} instructions, {r['cycles']} cycles, {r['seconds']:.2f} s")


def test_byo_unimplemented_taken_at_its_word(bench, source_dir):
    r = bench.run_kernel(source_dir / "tests/byo_rtl/kernels/mov_reg.s", name="mov_reg")
    assert r["verdict"] == "UNSUPPORTED", r["report"]
    assert "does not implement instruction" in r["report"] and "(variant MOV_R)" in r["report"], r["report"]
    print(r["report"])
