"""What the cocotb bench checks besides the records: the kernel's .expect lines
on the final state (a wrong one FAILs, naming the value), and stepping one
instruction at a time gives the same run as running."""
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
