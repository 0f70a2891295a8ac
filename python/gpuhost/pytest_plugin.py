"""pytest plugin: every `*.s` kernel with `.expect` lines under the paths
given is a test item, run on a board in lockstep with the model (`model`
alone). Enable with `pytest -p gpuhost.pytest_plugin KERNEL_DIR
[--gpuhost-board NAME] [--gpuhost-boards-dir DIR]`. An item passes on PASS;
anything else fails with gpuhost's report, the verdict and its exit status."""
import pytest

import gpuhost


def pytest_addoption(parser):
    group = parser.getgroup("gpuhost")
    group.addoption("--gpuhost-board", default="model", help="the board kernels run on (default: model)")
    group.addoption("--gpuhost-boards-dir", default=None, help="where board descriptors are")


def is_checked_kernel(file_path):
    """A `*.s` kernel with `.expect` lines: a test item (here, and in gpuhost.cocotb.pytest_plugin)."""
    return file_path.suffix == ".s" and any(line.lstrip().startswith(".expect")
                                            for line in file_path.read_text(errors="replace").splitlines())


def pytest_collect_file(parent, file_path):
    return KernelFile.from_parent(parent, path=file_path) if is_checked_kernel(file_path) else None


class KernelFile(pytest.File):
    """One kernel file, one item of item_class."""

    def collect(self):
        yield self.item_class.from_parent(self, name=self.path.name)


class KernelFailed(Exception):
    pass


class FixturelessItem(pytest.Item):
    """An item that uses no fixtures and says so: other plugins' hooks (labgrid's) read
    fixturenames from every item, as pytest's own test functions have it."""
    fixturenames = ()


class KernelItem(FixturelessItem):
    def runtest(self):
        config = self.config
        board = config.getoption("gpuhost_board")
        with gpuhost.Target(board, boards_dir=config.getoption("gpuhost_boards_dir")) as target:
            result = gpuhost.run(target, gpuhost.Kernel(self.path))
        if not result.passed:
            raise KernelFailed(f"{result.verdict} (exit {result.exit_status}) on {board}:\n{result.report}")

    def repr_failure(self, excinfo):
        if isinstance(excinfo.value, (KernelFailed, gpuhost.GpuhostError)):
            return str(excinfo.value)
        return super().repr_failure(excinfo)

    def reportinfo(self):
        return self.path, 0, f"kernel {self.name}"


KernelFile.item_class = KernelItem
