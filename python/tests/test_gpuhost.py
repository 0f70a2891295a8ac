"""gpuhost from Python, against the library built or installed (run by
python/tests/run.sh). KERNELS is the source tree's tests/kernels; GPUHOST
the gpuhost CLI, for what Python must say exactly as it does."""
import json
import os
import subprocess
from pathlib import Path

import pytest

import gpuhost

KERNELS = Path(os.environ["GPUHOST_KERNELS"])
GPUHOST = os.environ["GPUHOST_CLI"]


def test_boards_are_listed():
    names = [b.name for b in gpuhost.boards()]
    assert "model" in names and "modelsim" in names


def test_a_bad_kernel_names_file_and_line(tmp_path):
    bad = tmp_path / "bad.s"
    bad.write_text("MOV R1, 0x1 ;\nNOSUCH R2 ;\n")
    with pytest.raises(gpuhost.GpuhostError) as e:
        gpuhost.Kernel(bad)
    assert "bad.s:2:" in str(e.value)


@pytest.mark.parametrize("board", ["model", "modelsim"])
def test_run_passes(board):
    with gpuhost.Target(board) as t:
        result = gpuhost.run(t, KERNELS / "bitmanip.s")
    assert result.passed, result.report
    assert result.exit_status == 0 and result.instructions > 0


def test_an_unknown_board_is_an_error():
    with pytest.raises(gpuhost.GpuhostError, match="no board 'nosuch'"):
        gpuhost.Target("nosuch")


def test_model_records_check_against_a_second_model():
    dut, board = gpuhost.Model(KERNELS / "divergent.s"), gpuhost.Model(KERNELS / "divergent.s")
    n = 0
    for rec in dut.records():
        ok, report = board.check(rec)
        assert ok, report
        n += 1
    assert n > 10
    assert board.check_done() == (True, "")


def test_a_flipped_bit_is_a_divergence_at_that_instruction():
    dut, board = gpuhost.Model(KERNELS / "divergent.s"), gpuhost.Model(KERNELS / "divergent.s")
    for rec in dut.records():
        if rec.gpr and rec.seq >= 5:
            reg, mask, values = rec.gpr[0]
            lane = (mask & -mask).bit_length() - 1
            values[lane] ^= 1 << 3
            ok, report = board.check(rec)
            assert not ok
            assert report.startswith(f"DIVERGENCE at instruction {rec.seq} (warp {rec.warp}, ")
            assert f"R{reg} lane {lane}: expected" in report
            return
        assert board.check(rec)[0]
    pytest.fail("no GPR write to plant the fault in")


def test_state_reads_and_writes():
    m = gpuhost.Model(KERNELS / "bitmanip.s")
    m.write_reg(0, 0, 7, range(100, 132))  # WIRE_REG_GPR R7
    assert m.read_reg(0, 0, 7) == list(range(100, 132))
    m.write_mem(0x2000, b"\x01\x02\x03\x04")
    assert m.read_mem(0x2000, 4) == b"\x01\x02\x03\x04"
    with pytest.raises(gpuhost.GpuhostError):
        m.read_reg(0, 0, 255)


def test_a_record_survives_c_and_json(tmp_path):
    trace = tmp_path / "t.jsonl"
    with gpuhost.Target("model") as t:
        assert gpuhost.run(t, KERNELS / "divergent.s", trace=trace).passed
    from_trace = [gpuhost.Record.from_json(line) for line in trace.read_text().splitlines()]
    from_model = list(gpuhost.Model(KERNELS / "divergent.s").records())
    assert from_trace == from_model


def test_a_planted_fault_is_reported_as_lockstep_reports_it(tmp_path):
    """gpuhost lockstep against a faulty DUT, then its target records
    (--trace) through Model.check: the same divergence, word for word."""
    trace = tmp_path / "t.jsonl"
    out = subprocess.run([GPUHOST, "--board", "modelsim", "run", str(KERNELS / "divergent.s"),
                          "--fault", "2:12:3", "--trace", str(trace)], capture_output=True, text=True)
    assert out.returncode == 7, out.stdout + out.stderr
    board = gpuhost.Model(KERNELS / "divergent.s")
    for line in trace.read_text().splitlines():
        if json.loads(line).get("source"):
            continue  # the model's record gpuhost adds after the divergence
        ok, report = board.check(gpuhost.Record.from_json(line))
        if not ok:
            break
    assert not ok
    assert report.startswith("DIVERGENCE at instruction ")
    assert report in out.stdout, f"Python said:\n{report}\ngpuhost said:\n{out.stdout}"


def test_coverage_merge(tmp_path):
    paths = []
    for i, kernel in enumerate(["bitmanip.s", "divergent.s"]):
        paths.append(tmp_path / f"c{i}.cov")
        with gpuhost.Target("model") as t:
            assert gpuhost.run(t, KERNELS / kernel, coverage=paths[-1]).passed
    text = gpuhost.coverage_merge(paths, html=tmp_path / "c.html")
    assert "model" in text and "<html" in (tmp_path / "c.html").read_text().lower()
    (tmp_path / "bad.cov").write_text("not a record\n")
    with pytest.raises(gpuhost.GpuhostError, match="bad.cov:1"):
        gpuhost.coverage_merge([tmp_path / "bad.cov"])


def test_a_failing_call_keeps_the_output_file(tmp_path):
    """As the CLI: a call that fails leaves the file named as it was, never emptied."""
    (tmp_path / "bad.cov").write_text("not a record\n")
    page = tmp_path / "c.html"
    page.write_text("the page before\n")
    with pytest.raises(gpuhost.GpuhostError, match="bad.cov:1"):
        gpuhost.coverage_merge([tmp_path / "bad.cov"], html=page)
    assert page.read_text() == "the page before\n"
    trace = tmp_path / "t.jsonl"
    trace.write_text("the trace before\n")
    with gpuhost.Target("model") as t:
        with pytest.raises(gpuhost.GpuhostError, match="cannot write"):
            gpuhost.run(t, KERNELS / "bitmanip.s", trace=trace, coverage=tmp_path / "no" / "such" / "c.cov")
    assert trace.read_text() == "the trace before\n"


def test_the_plugin_collects_kernels_with_expectations(tmp_path):
    (tmp_path / "good.s").write_text("S2R R1, SR_LANEID ;\nEXIT ;\n.expect R1 " +
                                     " ".join(hex(i) for i in range(32)) + "\n")
    (tmp_path / "wrong.s").write_text("MOV R1, 0x5 ;\nEXIT ;\n.expect R1 0x6\n")
    (tmp_path / "none.s").write_text("EXIT ;\n")
    out = subprocess.run(["python3" if not os.environ.get("GPUHOST_PYTHON") else os.environ["GPUHOST_PYTHON"],
                          "-m", "pytest", "-q", "-p", "gpuhost.pytest_plugin", "-p", "no:cacheprovider",
                          str(tmp_path)], capture_output=True, text=True)
    assert "1 failed, 1 passed" in out.stdout, out.stdout + out.stderr
    assert "FAIL (exit 4) on model" in out.stdout
