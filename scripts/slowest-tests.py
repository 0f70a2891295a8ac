#!/usr/bin/env python3
"""The test budget, kept visible: the slowest tests of one run of the test
command and the time of each pass, from the JUnit files CTest wrote
(ctest --output-junit). Used by scripts/test-all.sh.

    slowest-tests.py [-n COUNT] PASS=JUNIT.xml ...

PASS names the pass (e.g. quick, asan, long); a missing JUnit file (a pass
that never ran) is said, not skipped over silently."""
import argparse
import sys
import xml.etree.ElementTree as ET


def cases(path):
    root = ET.parse(path).getroot()
    suites = [root] if root.tag == "testsuite" else list(root.iter("testsuite"))
    for suite in suites:
        for case in suite.iter("testcase"):
            status = {"run": "passed", "notrun": "not run"}.get(case.get("status", ""), case.get("status", ""))
            if case.find("failure") is not None:
                status = "failed"
            elif case.find("skipped") is not None:
                status = "skipped"
            yield case.get("name"), float(case.get("time") or 0), status, float(suite.get("time") or 0)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("-n", type=int, default=10, help="how many of the slowest to list (default 10)")
    parser.add_argument("passes", nargs="+", metavar="PASS=JUNIT")
    args = parser.parse_args()
    rows, totals = [], []
    for item in args.passes:
        name, sep, path = item.partition("=")
        if not sep:
            parser.error(f"{item}: expected PASS=JUNIT")
        try:
            found = list(cases(path))
        except (OSError, ET.ParseError) as e:
            totals.append(f"{name}: no JUnit ({e})")
            continue
        rows += [(t, name, case, status) for case, t, status, _ in found]
        wall = found[0][3] if found else 0.0
        totals.append(f"{name}: {len(found)} tests, {sum(r[1] for r in found):.0f} s of test time, "
                      f"{wall:.0f} s wall")
    print(f"== the {args.n} slowest tests")
    for t, name, case, status in sorted(rows, reverse=True)[: args.n]:
        print(f"  {t:8.1f} s  {name:6} {case} ({status})")
    for line in totals:
        print(f"  {line}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
