"""Benches of tests/cocotb (CTest cocotb_*): the core and simulator chosen by
--cocotb-sim and --cocotb-core, built once per build directory (CTest runs
the tests of one bench under a resource lock, so one builds and the others
find it built). Paths from the environment run.sh sets: GPUHOST_SOURCE_DIR,
GPUHOST_HDL_GENERATED, GPUHOST_CLI, GPUHOST_RTLSIM, GPUHOST_COCOTB_BUILD."""
import os
import re
from pathlib import Path

import pytest

from gpuhost.cocotb import bench as bench_module
from gpuhost.cocotb import port

CORES = {  # module, sources beside the stand-in's (the byo core has none of them)
    # the stand-in core (hdl_stubs)
    "stand-in": ("gpu_core", []),
    # the stand-in behind the handshake-defect wrapper of rtl_stress_mutants
    "hs-mutant": ("gpu_core_hs_mutant", ["servers/rtlsim/tests/gpu_core_hs_mutant.v"]),
    # tests/byo_rtl's core, which gpuhost did not write (its wrapper byo_top presents the port)
    "byo": ("byo_top", ["tests/byo_rtl/byo_core.sv"]),
    # the same core declaring nothing lacking (CONTRACT 3, no LACKS): its UNIMPLEMENTED is a divergence
    "byo-undeclared": ("byo_top", ["tests/byo_rtl/byo_core.sv"]),
    # the same core as one written before the variant map (CONTRACT 0): its UNIMPLEMENTED taken at its word
    "byo-contract0": ("byo_top", ["tests/byo_rtl/byo_core.sv"]),
}

CONTRACT0_LACKS = """// a core of an older contract: no CONTRACT word, no variant map
function [31:0] gpuhost_lacks_word(input [7:0] index);
    gpuhost_lacks_word = 32'h0;
endfunction
"""


def byo_lacks(src):
    """What byo_core lacks: the LACKS list of its own project (tests/byo_rtl/CMakeLists.txt)."""
    text = (src / "tests/byo_rtl/CMakeLists.txt").read_text()
    return re.search(r"^set\(byo_lacks ([^)]*)\)", text, re.M).group(1).split()


def stand_in_sources(src, generated):
    hdl = src / "hdl_stubs"
    return sorted(hdl.glob("*.v")) + sorted((hdl / "fp").glob("*.v")) + [Path(generated) / "gpu_legal.v"]


def pytest_addoption(parser):
    parser.addoption("--cocotb-sim", default="icarus")
    parser.addoption("--cocotb-core", default="stand-in", choices=sorted(CORES))


@pytest.fixture(scope="session")
def source_dir():
    return Path(os.environ["GPUHOST_SOURCE_DIR"])


@pytest.fixture(scope="session")
def bench(request, source_dir):
    sim, core = request.config.getoption("--cocotb-sim"), request.config.getoption("--cocotb-core")
    why = bench_module.unavailable(sim)
    if why:
        pytest.skip(why)
    top, extra = CORES[core]
    sources, includes, lacks = [source_dir / f for f in extra], [], []
    build = Path(os.environ["GPUHOST_COCOTB_BUILD"]) / core / sim
    if core == "byo":
        lacks = byo_lacks(source_dir)
    elif core == "byo-undeclared":
        includes = [bench_module.write_lacks(build / "lacks", [])]
    elif core == "byo-contract0":
        (build / "lacks").mkdir(parents=True, exist_ok=True)
        vh = build / "lacks" / "gpuhost_lacks.vh"
        if not vh.exists() or vh.read_text() != CONTRACT0_LACKS:  # unchanged: no rebuild
            vh.write_text(CONTRACT0_LACKS)
        includes = [build / "lacks"]
    if core.startswith("byo"):
        sources.append(port.hdl_file("gpu_legal.v"))
    else:
        sources = stand_in_sources(source_dir, os.environ["GPUHOST_HDL_GENERATED"]) + sources
        includes = [source_dir / "hdl_stubs", source_dir / "hdl_stubs/fp"]
    b = bench_module.Bench(sim, sources, top, build,
                           includes=includes, lacks=lacks)
    b.build()
    return b
