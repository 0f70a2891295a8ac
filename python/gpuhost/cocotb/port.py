"""What the cocotb side knows of the DUT port contract, read from the files the
RTL kit installs (share/gpuhost/hdl, share/gpuhost/rtl) rather than retyped:
the contract's constants from gpu_port.vh (generated from fw/port.h), the
checker's violation kinds from gpu_port_checker.v, and the wrapper template
the RTL servers are built from (gpuhost_rtl_top.sv.in)."""
import os
import re
from pathlib import Path


def _paths():
    try:
        from .. import _paths
        return _paths
    except ImportError:
        return None


def hdl_dirs():
    """Directories holding gpu_port.vh, gpu_contract.vh, gpu_isa.vh ... and gpu_port_checker.v."""
    if os.environ.get("GPUHOST_HDL_DIRS"):
        return [Path(d) for d in os.environ["GPUHOST_HDL_DIRS"].split(os.pathsep)]
    p = _paths()
    return [Path(d) for d in getattr(p, "HDL_DIRS", [])]


def hdl_file(name):
    for d in hdl_dirs():
        if (d / name).exists():
            return d / name
    raise FileNotFoundError(f"{name} is in none of the RTL kit's directories ({', '.join(map(str, hdl_dirs()))}): "
                            "install gpuhost with its RTL kit (cmake --install), or set GPUHOST_HDL_DIRS")


def top_template():
    p = _paths()
    path = Path(os.environ.get("GPUHOST_RTL_TOP_TEMPLATE", getattr(p, "RTL_TOP_TEMPLATE", "")))
    if not path.is_file():
        raise FileNotFoundError(f"the RTL servers' wrapper template gpuhost_rtl_top.sv.in is not at '{path}'")
    return path


_LOCALPARAM = re.compile(r"localparam\s+(?:integer|\[\d+:0\])\s+([A-Z_0-9]+)\s*=\s*(?:\d+'d)?(\d+)\s*;")


def constants():
    """Every localparam of gpu_port.vh: BEAT_END, BD_CAP, CAPW_FEATURES, FEAT_FAULTS, FREG_KIND ..."""
    return {m.group(1): int(m.group(2)) for m in _LOCALPARAM.finditer(hdl_file("gpu_port.vh").read_text())}


def checker_kinds():
    """{bit: (name, rules, who, what)} of the checker's `kinds` output, from its V_* lines."""
    text = hdl_file("gpu_port_checker.v").read_text()
    rules = {m.group(1): (int(m.group(2)), m.group(4), "board" if m.group(3) == "B" else "DUT", m.group(5))
             for m in re.finditer(r"(V_[A-Z_]+) *= *([0-9]+)[,;] *// ([BD]) (T[0-9]+(?: T[0-9]+)*): (.*)", text)}
    names = dict(re.findall(r"(V_[A-Z_]+|default): *kind_name = \"([^\"]*)\"", text))
    out = {}
    for ident, (bit, rule, who, what) in rules.items():
        out[bit] = (names.get(ident, names.get("default", ident)), rule, who, what)
    return out
