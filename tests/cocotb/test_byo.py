"""tests/byo_rtl's core, which gpuhost did not write, in a cocotb bench from an
installed prefix (run.sh installs one), handled as `gpuhost run` handles it:
the kernels it implements PASS; a kernel using what its capability words
declare lacking (LACKS: a variant, a modifier value) is refused before
anything runs, naming it; the same core declaring nothing (contract 3) that
answers UNIMPLEMENTED while running diverges; and as a core of an older
contract (CONTRACT 0), which could not declare it, is taken at its word."""
import pytest

PASSING = ["nop_exit.s", "guarded_exit.s", "divergent_bra.s", "s2r_mov.s"]


def core(request):
    return request.config.getoption("--cocotb-core")


def run(bench, source_dir, kernel, name=None):
    return bench.run_kernel(source_dir / "tests/byo_rtl/kernels" / kernel, name=name or kernel)


@pytest.mark.parametrize("kernel", PASSING)
def test_byo_kernel_passes(bench, source_dir, request, kernel):
    r = run(bench, source_dir, kernel)
    assert r["verdict"] == "PASS", r["report"]
    print(f"{core(request)} {kernel}: PASS, {r['checked']} instructions, {r['cycles']} cycles, {r['seconds']:.2f} s")


@pytest.mark.parametrize("kernel,words", [
    ("mov_reg.s", "the DUT implements MOV but not its variant MOV_R (it says so in its capabilities), at pc 0x0: MOV R1, R2 ;"),
    ("lop3_pand.s", "not with that modifier value: it lacks LOP3_RIR.PAND (it says so in its capabilities)"),
])
def test_declared_lacking_refused_before_running(bench, source_dir, request, kernel, words):
    if core(request) != "byo":
        pytest.skip("the core declaring what it lacks (LACKS)")
    r = run(bench, source_dir, kernel)
    assert r["verdict"] == "UNSUPPORTED" and r["checked"] == 0, r["report"]
    assert words in r["report"], r["report"]
    print(r["report"])


def test_undeclared_unimplemented(bench, source_dir, request):
    if core(request) == "byo":
        pytest.skip("a core declaring nothing lacking, or of an older contract")
    r = run(bench, source_dir, "mov_reg.s", name="mov_reg-at-runtime")
    if core(request) == "byo-undeclared":
        assert r["verdict"] == "DIVERGED", r["report"]
        assert r["report"].startswith("DIVERGENCE at instruction 0 (warp 0, pc 0x0): MOV R1, R2 ;"), r["report"]
    else:
        assert r["verdict"] == "UNSUPPORTED", r["report"]
        assert ("the target said while running that it does not implement instruction 0 (warp 0, pc 0x0): "
                "MOV R1, R2 ; (variant MOV_R)") in r["report"], r["report"]
    print(r["report"])
