"""The servers' seeded --stress on the cocotb bench's handshakes: a stressed run
PASSes, takes more cycles than an unstressed one, reruns cycle for cycle from
its seed, and another seed gives another run; a handshake defect that hides
without stress is caught by the port checker, named by its rule, with it
(the defects of rtl_stress_mutants, gpu_core_hs_mutant.v)."""
import pytest

KERNEL = "tests/kernels/saxpy.s"
# the seed test's: loads and stores under stress in 6k cycles, not saxpy's 29k (55 s to 25 s under Icarus)
SEED_KERNEL = "tests/kernels/haxpy_fp16.s"


def test_stress_reproducible_by_seed(bench, source_dir, request):
    if request.config.getoption("--cocotb-core") != "stand-in":
        pytest.skip("stand-in core only")
    k = source_dir / SEED_KERNEL
    plain = bench.run_kernel(k, name="plain")
    a = bench.run_kernel(k, stress="7:heavy", name="seed7a")
    b = bench.run_kernel(k, stress="7:heavy", name="seed7b")
    c = bench.run_kernel(k, stress="8:heavy", name="seed8")
    for r in (plain, a, b, c):
        assert r["verdict"] == "PASS", r["report"]
    assert a["stress"] == "7:heavy"
    assert a["cycles"] > plain["cycles"], (a["cycles"], plain["cycles"])
    assert a["cycles"] == b["cycles"], "the same seed must rerun cycle for cycle"
    assert a["cycles"] != c["cycles"], "another seed, another run"
    print(f"{k.name}: {plain['cycles']} cycles unstressed, {a['cycles']} at 7:heavy (twice), {c['cycles']} at 8:heavy")


def test_bad_stress_setting_refused(bench, source_dir, request):
    if request.config.getoption("--cocotb-core") != "stand-in":
        pytest.skip("stand-in core only")
    r = bench.run_kernel(source_dir / KERNEL, stress="7:sideways", name="bad-stress")
    assert r["verdict"] != "PASS"
    assert "neither a profile" in open(r["log"]).read()


MUTANTS = [(1, "mem-hold"), (2, "retire-hold"), (3, "retire-hold")]


@pytest.mark.parametrize("mode,rule", MUTANTS, ids=[f"defect{m}" for m, _ in MUTANTS])
def test_handshake_defect_caught_under_stress(bench, source_dir, request, mode, rule):
    if request.config.getoption("--cocotb-core") != "hs-mutant":
        pytest.skip("the hs-mutant core only")
    k = source_dir / KERNEL
    hidden = bench.run_kernel(k, bd_writes=f"15:0:{mode}", name=f"defect{mode}-plain")
    assert hidden["verdict"] == "PASS", hidden["report"]
    for seed in range(1, 6):
        caught = bench.run_kernel(k, bd_writes=f"15:0:{mode}", stress=f"{seed}:heavy", name=f"defect{mode}-{seed}")
        if caught["verdict"] != "PASS":
            break
    assert caught["verdict"] == "CONTRACT", caught["report"]
    assert rule in caught["report"], caught["report"]
    print(f"defect {mode}: {caught['report']}")
