"""gpuhost from Python: boards, targets, runs with their verdict and report,
the functional model one step at a time with records as Python objects, and
coverage. A thin layer over libgpuhost.so through cffi's ABI mode: the C
declarations are read from _cdef.h, generated from the installed headers
(python/gen_cdef.py), never retyped here.

libgpuhost.so is looked for at $GPUHOST_LIB, then where the package was
installed from (_paths.py), then by the system's loader."""
import os
from pathlib import Path

from cffi import FFI

from .record import Record

__all__ = ["GpuhostError", "Board", "boards", "Kernel", "Target", "RunResult", "run", "Model", "Record",
           "coverage_merge", "VERDICTS"]

_here = Path(__file__).resolve().parent
ffi = FFI()
ffi.cdef((_here / "_cdef.h").read_text())
ffi.cdef("""
    FILE *fopen(const char *path, const char *mode);
    FILE *open_memstream(char **ptr, size_t *size);
    int fclose(FILE *f);
    void free(void *p);
""")
_libc = ffi.dlopen(None)


def _library_path():
    if os.environ.get("GPUHOST_LIB"):
        return os.environ["GPUHOST_LIB"]
    try:
        from ._paths import LIBRARY
        if Path(LIBRARY).exists():
            return LIBRARY
    except ImportError:
        pass
    return "libgpuhost.so.0"


lib = ffi.dlopen(_library_path())

# gpuhost run's exit status for each verdict (README, "Exit status")
VERDICTS = {"PASS": 0, "FAIL": 4, "TRAP": 5, "LIMIT": 6, "DIVERGENCE": 7, "TARGET ERROR": 8,
            "UNSUPPORTED": 9, "FINISHED": 10, "DUT FAILURE": 11, "EMULATED": 12}


class GpuhostError(Exception):
    """A libgpuhost call failed: code is the GH_ERR_* value, the text says why."""

    def __init__(self, code, text):
        super().__init__(text)
        self.code = code


def _text(cdata):
    return ffi.string(cdata).decode(errors="replace")


class _Captured:
    """A FILE* whose contents become a str (open_memstream)."""

    def __enter__(self):
        self._ptr, self._size = ffi.new("char **"), ffi.new("size_t *")
        self.file = _libc.open_memstream(self._ptr, self._size)
        if self.file == ffi.NULL:
            raise MemoryError("open_memstream")
        return self

    def __exit__(self, *exc):
        _libc.fclose(self.file)
        self.text = ffi.string(self._ptr[0], self._size[0]).decode(errors="replace") if self._ptr[0] else ""
        _libc.free(self._ptr[0])


class _Output:
    """An output file the caller named, put in place only by commit() (isa/outfile.h): until then, and
    whenever the call fails, the file named keeps what it had."""

    def __init__(self, path):
        self.path, self._o, err = path, ffi.new("isa_outfile *"), ffi.new("char[1024]")
        if lib.isa_outfile_open(self._o, str(path).encode(), err, len(err)) != 0:
            raise GpuhostError(lib.GH_ERR_IO, f"cannot write {path}: {_text(err)}")
        self.file = self._o.f

    def commit(self):
        err = ffi.new("char[1024]")
        self.file = ffi.NULL
        if lib.isa_outfile_commit(self._o, err, len(err)) != 0:
            raise GpuhostError(lib.GH_ERR_IO, _text(err))

    def abort(self):
        if self.file != ffi.NULL:
            self.file = ffi.NULL
            lib.isa_outfile_abort(self._o)


class Board:
    """A board descriptor (boards/*.ini): name, description, transport."""

    def __init__(self, cdata, owner):
        self._c, self._owner = cdata, owner
        self.name = _text(cdata.name)
        self.description = _text(cdata.description)
        self.transport = _text(lib.gh_transport_name(cdata.transport))
        self.file = _text(cdata.file)

    def __repr__(self):
        return f"Board({self.name!r}, {self.transport})"


class _BoardList:
    def __init__(self, directory):
        lst, count, err = ffi.new("gh_board **"), ffi.new("size_t *"), ffi.new("char[1024]")
        where = lib.gh_boards_dir(directory.encode() if directory else ffi.NULL)
        if lib.gh_boards_load(where, lst, count, err, len(err)) != 0:
            raise GpuhostError(lib.GH_ERR_INPUT, _text(err))
        self._c = ffi.gc(lst[0], lib.gh_boards_free)
        self.boards = [Board(self._c + i, self) for i in range(count[0])]


def boards(directory=None):
    """Every board descriptor (the build's or installed boards/, $GPUHOST_BOARDS_DIR, or directory)."""
    return _BoardList(directory).boards


def _board(name, directory=None):
    for b in boards(directory):
        if b.name == name:
            return b
    raise GpuhostError(lib.GH_ERR_USAGE, f"no board '{name}' (gpuhost boards lists them)")


class Kernel:
    """A kernel read from a .s (assembled) or an ELF kernel.bin."""

    def __init__(self, path):
        self.path = str(path)
        out = ffi.new("isa_kernel **")
        with _Captured() as diag:
            rc = lib.gh_load_kernel(self.path.encode(), out, diag.file)
        if rc != 0:
            raise GpuhostError(lib.GH_ERR_INPUT, diag.text.strip() or f"{self.path}: cannot load")
        self._c = ffi.gc(out[0], lambda k: lib.isa_kernel_destroy(ffi.new("isa_kernel **", k)))

    @property
    def warps(self):
        return self._c.warps

    @property
    def expectations(self):
        return self._c.expect_reg_count + self._c.expect_mem_count


class Target:
    """An open board target (with a server or emulator it started, for zmq boards and emulated usb
    boards); close() or use `with`. An emulated board (usbemu) needs umockdev's preload library in
    this process: LD_PRELOAD=libumockdev-preload.so.0 in python's environment."""

    def __init__(self, board, endpoint=None, server=None, fault=None, timeout_ms=0, boards_dir=None,
                 fault_usb=None, stress=None):
        self.board = board if isinstance(board, Board) else _board(board, boards_dir)
        opts = ffi.new("gh_target_opts *")
        self._strings = []  # kept alive while the options are in use

        def text(s):
            c = ffi.new("char[]", s.encode()) if s else ffi.NULL
            self._strings.append(c)
            return c
        opts.endpoint, opts.server, opts.fault = text(endpoint), text(server), text(fault)
        opts.fault_usb, opts.stress = text(fault_usb), text(stress)
        opts.timeout_ms = timeout_ms
        out, err = ffi.new("gh_target **"), ffi.new("char[768]")
        rc = lib.gh_target_open(self.board._c, opts, out, err, len(err))
        if rc != 0:
            raise GpuhostError(rc, _text(err))
        self._c = out[0]

    @property
    def name(self):
        return _text(lib.gh_target_caps(self._c).name)

    def implements(self, optype):
        return bool(lib.gh_target_implements(self._c, optype))

    def close(self):
        if getattr(self, "_c", None):
            lib.gh_target_close(ffi.new("gh_target **", self._c))
            self._c = None

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()

    def __del__(self):
        self.close()


class RunResult:
    """What gh_run says: the verdict (a name in VERDICTS), its exit status, counts and the report."""

    def __init__(self, c):
        self.verdict = _text(lib.gh_verdict_name(c.verdict))
        self.exit_status = VERDICTS.get(self.verdict, 8)
        self.instructions = c.instructions
        self.state_checks = c.state_checks
        self.divergence_at = c.divergence_at if self.verdict == "DIVERGENCE" else None
        self.emulated = c.emulated
        self.report = _text(c.report)

    @property
    def passed(self):
        return self.verdict == "PASS"

    def __repr__(self):
        return f"RunResult({self.verdict}, {self.instructions} instructions)"


def run(target, kernel, lockstep=None, max_insns=0, check_every=0, trace=None, coverage=None,
        emulate_unimplemented=False):
    """Runs kernel on target: in lockstep with the model on every board but `model` (unless lockstep is
    given). trace and coverage are paths to write, as `gpuhost run --trace/--coverage`."""
    if not isinstance(kernel, Kernel):
        kernel = Kernel(kernel)
    opts = ffi.new("gh_run_opts *")
    opts.lockstep = (target.board.transport != "model") if lockstep is None else lockstep
    opts.max_insns, opts.check_every = max_insns, check_every
    opts.emulate_unimplemented = emulate_unimplemented
    outputs = []
    try:
        for name, path in (("trace", trace), ("coverage", coverage)):
            if path:
                outputs.append(_Output(path))
                setattr(opts, name, outputs[-1].file)
        res = ffi.new("gh_run_result *")
        lib.gh_run(target._c, kernel._c, opts, res)
        for out in outputs: # as gpuhost run: the run's outputs whatever its verdict
            out.commit()
        return RunResult(res)
    finally:
        for out in outputs:
            out.abort()


class Model:
    """The functional model one warp-instruction at a time (gpuhost/model.h). check() compares a record
    produced elsewhere with the model's next one, exactly as lockstep does."""

    RETIRED, DONE, TRAPPED = 0, 1, 2

    def __init__(self, kernel):
        if not isinstance(kernel, Kernel):
            kernel = Kernel(kernel)
        self.kernel = kernel
        out, err = ffi.new("gh_model **"), ffi.new("char[512]")
        rc = lib.gh_model_open(kernel._c, out, err, len(err))
        if rc != 0:
            raise GpuhostError(rc, _text(err))
        self._c = ffi.gc(out[0], lambda m: lib.gh_model_close(ffi.new("gh_model **", m)))
        self._rec = ffi.new("gh_record *")

    @property
    def warps(self):
        return lib.gh_model_warps(self._c)

    def step(self):
        """(status, Record): status RETIRED, TRAPPED (the trap record) or DONE (record None)."""
        status = lib.gh_model_step(self._c, self._rec)
        return status, (None if status == self.DONE else Record.from_c(self._rec))

    def records(self):
        """Every record to the end (a trap record last, if the kernel traps)."""
        while True:
            status, rec = self.step()
            if rec is not None:
                yield rec
            if status != self.RETIRED:
                return

    @property
    def trap_message(self):
        return _text(lib.gh_model_trap_message(self._c))

    def read_reg(self, warp, kind, index=0):
        values = ffi.new("uint32_t[32]")
        self._check(lib.gh_model_read_reg(self._c, warp, kind, index, values), "read_reg")
        return list(values)

    def write_reg(self, warp, kind, index, values, lane_mask=0xffffffff):
        self._check(lib.gh_model_write_reg(self._c, warp, kind, index, lane_mask,
                                           ffi.new("uint32_t[32]", list(values))), "write_reg")

    def read_mem(self, addr, length):
        buf = ffi.new("uint8_t[]", length)
        self._check(lib.gh_model_read_mem(self._c, addr, buf, length), "read_mem")
        return bytes(ffi.buffer(buf, length))

    def write_mem(self, addr, data):
        self._check(lib.gh_model_write_mem(self._c, addr, ffi.from_buffer(data), len(data)), "write_mem")

    def check(self, record):
        """(True, "") when record is the model's next one; (False, report) with lockstep's words if not."""
        report = ffi.new("char[16384]")
        verdict = lib.gh_model_check(self._c, record.to_c(ffi), report, len(report))
        if verdict < 0:
            raise GpuhostError(verdict, "gh_model_check")
        return verdict == lib.GH_CHECK_MATCH, _text(report)

    def check_done(self):
        """(True, "") when the model has finished too."""
        report = ffi.new("char[16384]")
        return lib.gh_model_check_done(self._c, report, len(report)) == lib.GH_CHECK_MATCH, _text(report)

    @staticmethod
    def _check(rc, what):
        if rc != 0:
            raise GpuhostError(rc, f"{what}: {_text(lib.gh_strerror(rc))}")


def coverage_merge(paths, html=None):
    """Sums coverage records (gpuhost run --coverage): the text table; html, a path, gets the page."""
    keep = [ffi.new("char[]", str(p).encode()) for p in paths]
    array = ffi.new("char *[]", keep)
    err = ffi.new("char[1024]")
    page = _Output(html) if html else None
    try:
        with _Captured() as text:
            rc = lib.gh_coverage_merge(array, len(keep), text.file, page.file if page else ffi.NULL, err,
                                       len(err))
        if rc != 0:
            raise GpuhostError(rc, _text(err))
        if page:
            page.commit()
    finally:
        if page:
            page.abort()
    return text.text
