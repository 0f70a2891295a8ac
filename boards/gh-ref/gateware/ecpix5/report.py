"""nextpnr's report (--report report.json): utilisation and clocks, checked.

Prints each resource the design uses (used / available, percent) and each
clock domain's achieved frequency against its target, then judges: every
clock met, and LUT sites (TRELLIS_COMB: LUT4, carry and LUT RAM), DSPs
(MULT18X18D) and block RAMs (DP16KD) each at most MAX_USE percent, so a
team's fixes still fit. Returns the exit status: 0 when all hold.
"""
import json
import sys
from pathlib import Path

LIMITED = {"TRELLIS_COMB": "LUT sites", "MULT18X18D": "DSPs", "DP16KD": "block RAMs"}


def check(report_path, max_use, bitstream, domains=None):
    """DOMAINS: {part of a clock net's name: the domain it is}, for the printout."""
    try:
        rep = json.loads(Path(report_path).read_text())
    except (OSError, ValueError) as e:
        print(f"FAIL: {report_path}: {e}")
        return 1
    failures = []
    print("utilisation:")
    for name, u in sorted(rep.get("utilization", {}).items()):
        used, avail = u["used"], u["available"]
        if used == 0 and name not in LIMITED:
            continue
        pct = 100.0 * used / avail if avail else 0.0
        note = f"  ({LIMITED[name]}, at most {max_use:g}%)" if name in LIMITED else ""
        print(f"  {name:<14} {used:>7} / {avail:<7} {pct:5.1f}%{note}")
        if name in LIMITED and pct > max_use:
            failures.append(f"{LIMITED[name]} ({name}) at {pct:.1f}%, more than {max_use:g}%")
    print("clocks:")
    fmax = rep.get("fmax", {})
    if not fmax:
        failures.append("the report names no clock")
    for clock, f in sorted(fmax.items()):
        achieved, target = f["achieved"], f["constraint"]
        met = achieved >= target
        name = next((d for part, d in (domains or {}).items() if part in clock), "")
        print(f"  {name:<28} {achieved:8.2f} MHz achieved, target {target:6.2f} MHz: {'met' if met else 'MISSED'}"
              f"  ({clock})")
        if not met:
            failures.append(f"clock {clock} reaches {achieved:.2f} MHz, target {target:.2f} MHz")
    for path in rep.get("critical_paths", []):
        steps = path.get("path", [])
        if not steps:
            continue
        delay = sum(step.get("delay", 0.0) for step in steps)
        logic = sum(1 for step in steps if step.get("type") == "logic")
        start = steps[0].get("from", {}).get("cell", "?")
        end = steps[-1].get("to", {}).get("cell", "?")
        print(f"  critical path {path.get('from', '?')} -> {path.get('to', '?')}: {delay:.2f} ns, "
              f"{logic} logic cells, from {start} to {end}")
    if not Path(bitstream).exists():
        failures.append(f"no bitstream at {bitstream}")
    for f in failures:
        print(f"FAIL: {f}")
    if failures:
        return 1
    print(f"PASS: {bitstream}: every clock met, LUT sites, DSPs and block RAMs within {max_use:g}%")
    return 0


if __name__ == "__main__":
    sys.exit(check(sys.argv[1], float(sys.argv[2]) if len(sys.argv) > 2 else 90.0,
                   sys.argv[3] if len(sys.argv) > 3 else "/nonexistent"))
