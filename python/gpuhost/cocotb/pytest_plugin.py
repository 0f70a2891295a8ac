"""pytest plugin: every `*.s` kernel with `.expect` lines under the paths given
is a test item, run on a core in a cocotb bench (gpuhost.cocotb.bench), every
retired instruction checked by the model. Enable with

    pytest -p gpuhost.cocotb.pytest_plugin KERNEL_DIR --gpuhost-cocotb-sim icarus \\
        --gpuhost-cocotb-top my_core --gpuhost-cocotb-source my_core.sv [--gpuhost-cocotb-include DIR]...

The bench is built once per session, at the first item. An item passes on
PASS; anything else fails with the verdict and the scoreboard's report (the
DIVERGENCE block, the port rule broken, ...)."""
import pytest

from ..pytest_plugin import FixturelessItem, KernelFile, is_checked_kernel
from . import bench as bench_module


def pytest_addoption(parser):
    group = parser.getgroup("gpuhost-cocotb")
    group.addoption("--gpuhost-cocotb-sim", default="icarus", help="icarus or verilator (default: icarus)")
    group.addoption("--gpuhost-cocotb-top", default=None, help="the core's module (it presents the DUT port)")
    group.addoption("--gpuhost-cocotb-source", action="append", default=[], help="a source of the core (repeat)")
    group.addoption("--gpuhost-cocotb-include", action="append", default=[], help="an include directory (repeat)")
    group.addoption("--gpuhost-cocotb-param", action="append", default=[], help="NAME=VALUE, the core's (repeat)")
    group.addoption("--gpuhost-cocotb-build", default="cocotb_build", help="the build directory")
    group.addoption("--gpuhost-cocotb-stress", default=None, help="the servers' --stress SEED[:PROFILE]")
    group.addoption("--gpuhost-cocotb-step", action="store_true", help="one step pulse per instruction")


def pytest_collect_file(parent, file_path):
    return CocotbKernelFile.from_parent(parent, path=file_path) if is_checked_kernel(file_path) else None


class KernelFailed(Exception):
    pass


_BENCH_KEY = pytest.StashKey()


def _bench(config):
    """The session's bench, built at its first use."""
    if _BENCH_KEY not in config.stash:
        sim = config.getoption("gpuhost_cocotb_sim")
        why = bench_module.unavailable(sim)
        if why:
            config.stash[_BENCH_KEY] = why
        else:
            top = config.getoption("gpuhost_cocotb_top")
            if not top or not config.getoption("gpuhost_cocotb_source"):
                raise pytest.UsageError("--gpuhost-cocotb-top and --gpuhost-cocotb-source name the core")
            params = dict(p.split("=", 1) for p in config.getoption("gpuhost_cocotb_param"))
            b = bench_module.Bench(sim, config.getoption("gpuhost_cocotb_source"), top,
                                   f"{config.getoption('gpuhost_cocotb_build')}/{sim}",
                                   includes=config.getoption("gpuhost_cocotb_include"), parameters=params)
            b.build()
            config.stash[_BENCH_KEY] = b
    return config.stash[_BENCH_KEY]


class KernelItem(FixturelessItem):
    def runtest(self):
        b = _bench(self.config)
        if isinstance(b, str):
            pytest.skip(b)
        r = b.run_kernel(self.path, stress=self.config.getoption("gpuhost_cocotb_stress"),
                         step=self.config.getoption("gpuhost_cocotb_step"))
        self.user_properties.append(("seconds", round(r["seconds"], 2)))
        print(f"{self.name}: {r['verdict']}, {r['checked']} instructions checked, {r['cycles']} cycles, "
              f"{r['seconds']:.2f} s on {b.sim}, stress {r['stress']}")
        if r["verdict"] != "PASS":
            raise KernelFailed(f"{r['verdict']} on {b.top} ({b.sim}):\n{r['report']}\n(simulator log: {r['log']})")

    def repr_failure(self, excinfo):
        if isinstance(excinfo.value, KernelFailed):
            return str(excinfo.value)
        return super().repr_failure(excinfo)

    def reportinfo(self):
        return self.path, 0, f"kernel {self.name}"


class CocotbKernelFile(KernelFile):
    item_class = KernelItem
