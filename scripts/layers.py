#!/usr/bin/env python3
"""The project's layering, checked from its includes.

Top-level folders, bottom to top (a folder may include only folders below it):
  isa, cosim (model, common), fw (wire, core), hdl_stubs, boards, servers,
  host, python, tests
Reads every quoted #include and Verilog `include of the tracked sources,
resolves it to the repository file whose path ends with the included path
(the including file's own folder first), and prints the graph of top-level
folders with a count of includes per edge. Fails (exit 1) when a folder
includes one above it, which is also what makes two folders include each
other impossible.

  scripts/layers.py [--verbose]     (run from anywhere inside the checkout)
"""
import collections
import os
import re
import subprocess
import sys

LAYERS = ["isa", "cosim", "fw", "hdl_stubs", "boards", "servers", "host", "python", "tests"]
SOURCE = re.compile(r"\.(c|h|cpp|hpp|v|sv|vh|svh|S|in)$")
INCLUDE = re.compile(r'^\s*[#`]\s*include\s+"([^"]+)"', re.M)


def tracked_files(root):
    out = subprocess.check_output(["git", "-C", root, "ls-files"], text=True)
    return [f for f in out.split("\n") if f]


def resolve(including, included, by_name):
    """The repository file an include names, or None (a system or generated header)."""
    relative = os.path.normpath(os.path.join(os.path.dirname(including), included))
    if relative in by_name.get(os.path.basename(included), []):
        return relative
    candidates = [c for c in by_name.get(os.path.basename(included), [])
                  if c == included or c.endswith("/" + included)]
    if not candidates:
        return None
    here = os.path.dirname(including)
    near = [c for c in candidates if os.path.dirname(c) == here]
    if near:
        return near[0]
    own = [c for c in candidates if c.split("/")[0] == including.split("/")[0]]
    return (own or sorted(candidates))[0]


def main():
    verbose = "--verbose" in sys.argv[1:]
    try:
        root = subprocess.check_output(["git", "rev-parse", "--show-toplevel"], text=True,
                                       stderr=subprocess.DEVNULL).strip()
    except (OSError, subprocess.CalledProcessError):
        print("SKIP: not a git checkout (the tracked files are what is checked)")
        return 77
    files = tracked_files(root)
    by_name = collections.defaultdict(list)
    for f in files:
        by_name[os.path.basename(f)].append(f)
    edges = collections.defaultdict(list)
    for f in files:
        top = f.split("/")[0]
        if top not in LAYERS or top == "tests" or not SOURCE.search(f):
            continue
        with open(os.path.join(root, f), errors="replace") as src:
            text = src.read()
        for included in INCLUDE.findall(text):
            target = resolve(f, included, by_name)
            if target and target.split("/")[0] != top and target.split("/")[0] in LAYERS:
                edges[(top, target.split("/")[0])].append(f"{f} -> {target}")
    wrong = 0
    for (a, b), uses in sorted(edges.items(), key=lambda e: (LAYERS.index(e[0][0]), LAYERS.index(e[0][1]))):
        upward = LAYERS.index(b) > LAYERS.index(a)
        wrong += upward
        print(f"{a} -> {b}: {len(uses)} include(s){'  UPWARD: not allowed' if upward else ''}")
        for use in uses if (verbose or upward) else []:
            print(f"    {use}")
    if wrong:
        print(f"layers: {wrong} edge(s) point up the stack ({' < '.join(LAYERS)})")
        return 1
    print(f"layers: every include points down the stack ({' < '.join(LAYERS)})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
