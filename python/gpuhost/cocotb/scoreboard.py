"""libgpuhost_dpi (gpuhost/scoreboard.h) through cffi's ABI mode: the kernel,
its DUT-side memory, record assembly and the model's check, and the RTL
servers' seeded stress. The declarations are read from _cdef_scoreboard.h,
generated from the installed header (python/gen_cdef.py), never retyped."""
import os
from pathlib import Path

from cffi import FFI

_here = Path(__file__).resolve().parent.parent
ffi = FFI()
ffi.cdef((_here / "_cdef_scoreboard.h").read_text())


def _library_path():
    if os.environ.get("GPUHOST_DPI_LIB"):
        return os.environ["GPUHOST_DPI_LIB"]
    try:
        from .._paths import DPI_LIBRARY
        if Path(DPI_LIBRARY).exists():
            return DPI_LIBRARY
    except ImportError:
        pass
    return "libgpuhost_dpi.so.0"


lib = ffi.dlopen(_library_path())

# GH_SB_STATUSES of gpuhost/scoreboard.h, by name
STATUS = {ffi.string(lib.gh_sb_status_name(v)).decode(): v for v in range(8)
          if ffi.string(lib.gh_sb_status_name(v)) != b"?"}


def _words(value, count):
    return [(value >> (32 * i)) & 0xFFFFFFFF for i in range(count)]


class Scoreboard:
    """One kernel's scoreboard: what to load into the DUT, its memory, and the check of every beat."""

    def __init__(self, kernel_path):
        self._c = lib.gh_sb_open(str(kernel_path).encode())
        if self._c == ffi.NULL:
            raise FileNotFoundError(f"{kernel_path}: the scoreboard cannot load the kernel (printed above)")
        self._insn = ffi.new("uint32_t[4]")
        self._row = ffi.new("uint32_t[32]")

    def close(self):
        if self._c != ffi.NULL:
            lib.gh_sb_close(self._c)
            self._c = ffi.NULL

    def code(self):
        word = ffi.new("uint32_t[4]")
        out = []
        for i in range(lib.gh_sb_code_count(self._c)):
            lib.gh_sb_code_word(self._c, i, word)
            out.append(word[0] | word[1] << 32 | word[2] << 64 | word[3] << 96)
        return out

    @property
    def warps(self):
        return lib.gh_sb_warps(self._c)

    @property
    def entry(self):
        return lib.gh_sb_entry(self._c)

    def init_writes(self):
        """The initial registers as backdoor writes (space, warp, index, lane, value)."""
        v = [ffi.new("int *") for _ in range(4)] + [ffi.new("unsigned *")]
        out = []
        for i in range(lib.gh_sb_init_count(self._c)):
            lib.gh_sb_init_write(self._c, i, *v)
            out.append(tuple(p[0] for p in v))
        return out

    def cap_word(self, index, word):
        return lib.gh_sb_cap_word(self._c, index, word)

    def supported(self):
        """OK, or UNSUPPORTED (the reason printed and in report) when the capability words given say the DUT
        cannot run an instruction of the kernel."""
        return lib.gh_sb_supported(self._c)

    def mem(self, we, space, bank, addr, wdata):
        """(err, rdata) for one memory-port request."""
        rdata = ffi.new("unsigned *")
        err = lib.gh_sb_mem(self._c, we, space, bank, addr, wdata, rdata)
        return err, rdata[0]

    def beat(self, kind, warp, pc, insn, mask_a, mask_b, index, lane, data, status, row):
        self._insn[0:4] = _words(insn, 4)
        if row is not None:
            self._row[0:32] = _words(row, 32)
        return lib.gh_sb_beat(self._c, kind, warp, pc, self._insn, mask_a, mask_b, index, lane, data, status,
                              self._row)

    def done(self):
        return lib.gh_sb_done(self._c)

    @property
    def report(self):
        return ffi.string(lib.gh_sb_report(self._c)).decode(errors="replace")

    @property
    def checked(self):
        return lib.gh_sb_checked(self._c)


class Stress:
    """The RTL servers' seeded --stress setting (SEED[:PROFILE[,KNOB=N...]]) and its draws; None: no stress."""

    def __init__(self, setting):
        self._c = ffi.NULL
        if setting:
            self._c = lib.gh_sb_stress_open(str(setting).encode())
            if self._c == ffi.NULL:
                raise ValueError(f"stress '{setting}': not a setting (the reason printed above)")

    def close(self):
        if self._c != ffi.NULL:
            lib.gh_sb_stress_close(self._c)
            self._c = ffi.NULL

    @property
    def active(self):
        return self._c != ffi.NULL

    def ready(self):
        return lib.gh_sb_stress_ready(self._c)

    def mem_wait(self):
        return lib.gh_sb_stress_mem_wait(self._c)

    def gap(self):
        return lib.gh_sb_stress_gap(self._c)

    def step_width(self):
        return lib.gh_sb_stress_step_width(self._c)

    def __str__(self):
        return ffi.string(lib.gh_sb_stress_text(self._c)).decode()
