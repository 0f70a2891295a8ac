"""The cocotb test gpuhost.cocotb.bench runs: one kernel on the toplevel, the
settings from the environment (GPUHOST_COCOTB_KERNEL, _STRESS, _FAULT, _STEP,
_MAX_CYCLES, _BD_WRITES), the verdict written as JSON to GPUHOST_COCOTB_RESULT. The test
passes on PASS only."""
import json
import os
from dataclasses import asdict

import cocotb

from gpuhost.cocotb.driver import WATCHDOG_CYCLES, parse_bd_writes, run_kernel


@cocotb.test()
async def kernel(dut):
    env = os.environ
    result = await run_kernel(dut, env["GPUHOST_COCOTB_KERNEL"], stress=env.get("GPUHOST_COCOTB_STRESS"),
                              step=env.get("GPUHOST_COCOTB_STEP") == "1", fault=env.get("GPUHOST_COCOTB_FAULT"),
                              max_cycles=int(env.get("GPUHOST_COCOTB_MAX_CYCLES", WATCHDOG_CYCLES)),
                              bd_writes=parse_bd_writes(env.get("GPUHOST_COCOTB_BD_WRITES")))
    if env.get("GPUHOST_COCOTB_RESULT"):
        with open(env["GPUHOST_COCOTB_RESULT"], "w") as f:
            json.dump(asdict(result), f)
    dut._log.info("gpuhost: %s, %d instructions checked, %d cycles, stress %s", result.verdict, result.checked,
                  result.cycles, result.stress)
    assert result.passed, f"{result.verdict}:\n{result.report}"
