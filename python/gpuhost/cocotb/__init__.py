"""gpuhost inside a cocotb testbench (docs/cocotb.md): the board's side of the
DUT port contract (docs/port-contract.md) driven from Python for any top that
presents the port, every retired instruction checked by the functional model
through the DPI scoreboard's library (libgpuhost_dpi: the records assembled
by the board sides' own beat assembler, divergences in lockstep's words).

In a cocotb test:

    import gpuhost.cocotb
    result = await gpuhost.cocotb.run_kernel(dut, "kernel.s", stress="7:heavy")
    assert result.passed, result.report

Building the bench (outside the simulator): gpuhost.cocotb.bench. Kernels
as pytest items on a cocotb-driven core: gpuhost.cocotb.pytest_plugin."""

_DRIVER_NAMES = ("run_kernel", "KernelResult", "PortDriver", "PortContractError", "BenchError", "WatchdogError")


def __getattr__(name):
    # the driver imports cocotb's triggers, which only work inside a simulator: loaded when asked for
    if name in _DRIVER_NAMES:
        from . import driver
        return getattr(driver, name)
    raise AttributeError(name)


__all__ = list(_DRIVER_NAMES)
