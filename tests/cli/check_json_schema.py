"""gpuhost's --dump-state and --trace outputs against docs/schema/*.schema.json.

Usage: check_json_schema.py SCHEMA_DIR DOC STATE.json... -- TRACE.jsonl...

Validates every state file and every trace line; checks that the outputs
use every optional part of the schemas (so each part was tried), that DOC
names every field of both schemas, and that corrupted copies of a valid
state and trace record are refused (the schemas are strict enough to fail).
Exit 0 all good, 1 a failure, 77 python3-jsonschema is missing.
"""
import copy
import json
import os
import sys

try:
    import jsonschema
except ImportError:
    print("SKIP: python3's jsonschema is not installed (Debian: python3-jsonschema)")
    sys.exit(77)

failures = 0


def say(ok, what):
    global failures
    print(("ok   " if ok else "FAIL ") + what)
    failures += 0 if ok else 1


def validator(schema_dir, name):
    schema = json.load(open(os.path.join(schema_dir, name)))
    jsonschema.Draft202012Validator.check_schema(schema)
    return schema, jsonschema.Draft202012Validator(schema)


def first_error(v, doc):
    """The most telling error (inside oneOf's branches), or None."""
    err = jsonschema.exceptions.best_match(v.iter_errors(doc))
    return None if err is None else "%s at /%s" % (err.message[:160], "/".join(map(str, err.absolute_path)))


def field_names(schema):
    """Every property name anywhere in the schema."""
    names = set()
    if isinstance(schema, dict):
        names |= set(schema.get("properties", {}))
        for value in schema.values():
            names |= field_names(value)
    elif isinstance(schema, list):
        for value in schema:
            names |= field_names(value)
    return names


def state_mutants(doc):
    """(what, corrupted copy) pairs of a valid single-form state document."""
    def mutant(what, change):
        d = copy.deepcopy(doc)
        change(d, d["warps"][0])
        return what, d
    return [
        mutant("a warp with a field the format does not have", lambda d, w: w.update(lanes=32)),
        mutant("a warp without upred", lambda d, w: w.pop("upred")),
        mutant("254 GPR rows", lambda d, w: w["gpr"].pop()),
        mutant("a GPR row of 31 lanes", lambda d, w: w["gpr"][3].pop()),
        mutant("exited as 1, not a boolean", lambda d, w: w.update(exited=1)),
        mutant("a lane PC beyond 2^64 - 1", lambda d, w: w["lane_pc"].__setitem__(0, 2**64)),
        mutant("a negative predicate mask", lambda d, w: w["pred"].__setitem__(0, -1)),
        mutant("upred with UP7", lambda d, w: w.update(upred=128)),
        mutant("warp 64", lambda d, w: w.update(warp=64)),
        mutant("exited true with active lanes", lambda d, w: w.update(exited=True, active=1)),
        mutant("a top-level field besides warps", lambda d, w: d.update(target=d["warps"])),
        ("the divergence form without the model", {"target": copy.deepcopy(doc)}),
    ]


def trace_mutants(rec):
    """(what, corrupted copy) pairs of a valid trace record with a store."""
    def mutant(what, change):
        r = copy.deepcopy(rec)
        change(r)
        return what, r
    return [
        mutant("a record with a field the format does not have", lambda r: r.update(lanes=32)),
        mutant("a record without upred", lambda r: r.pop("upred")),
        mutant("insn in upper case", lambda r: r.update(insn=r["insn"].upper().replace("0X", "0x", 1))),
        mutant("insn of 31 hex digits", lambda r: r.update(insn=r["insn"][:-1])),
        mutant("source other than model", lambda r: r.update(source="target")),
        mutant("a write to RZ (reg 255)", lambda r: r["gpr"].append({"reg": 255, "mask": 1, "values": [0] * 32})),
        mutant("a GPR write with a field too many",
               lambda r: r["gpr"].append({"reg": 1, "mask": 1, "values": [0] * 32, "lane": 0})),
        mutant("a predicate write to PT (7)", lambda r: r["pred"].append({"pred": 7, "mask": 1, "values": 1})),
        mutant("a store of 12 bytes a lane", lambda r: r["mem"].update(bytes=12)),
        mutant("8 bytes a lane with one data word", lambda r: r["mem"].update(bytes=8)),
        mutant("a store lane 32", lambda r: r["mem"]["stores"][0].update(lane=32)),
        mutant("a trap code 0", lambda r: r.update(trap=0)),
        mutant("a branch without its target", lambda r: r.update(branch={"mask": 1})),
    ]


def main(argv):
    split = argv.index("--")
    schema_dir, doc_path, state_paths, trace_paths = argv[1], argv[2], argv[3:split], argv[split + 1:]
    state_schema, state_v = validator(schema_dir, "state.schema.json")
    trace_schema, trace_v = validator(schema_dir, "trace.schema.json")

    states, forms = [], set()
    for path in state_paths:
        doc = json.load(open(path))
        err = first_error(state_v, doc)
        say(err is None, "%s: valid against state.schema.json%s" % (os.path.basename(path), err and ": " + err or ""))
        states.append(doc)
        forms.add("divergence" if "target" in doc else "warps")
    say(forms == {"warps", "divergence"}, "the state files have both forms (warps; target and model)")

    records, keys, lines = [], set(), 0
    for path in trace_paths:
        for n, line in enumerate(open(path), 1):
            rec = json.loads(line)
            err = first_error(trace_v, rec)
            if err:
                say(False, "%s:%d: %s" % (os.path.basename(path), n, err))
            records.append(rec)
            keys |= set(rec)
            lines += 1
    say(lines > 0 and all(trace_v.is_valid(r) for r in records),
        "%d trace lines of %d files: valid against trace.schema.json" % (lines, len(trace_paths)))
    missing = set(trace_schema["properties"]) - keys
    say(not missing, "the trace lines use every field of the schema%s" % (missing and ": not " + ", ".join(sorted(missing)) or ""))

    doc = open(doc_path).read()
    unnamed = sorted(n for n in field_names(state_schema) | field_names(trace_schema) if "`%s`" % n not in doc)
    say(not unnamed, "%s names every field of both schemas%s" % (os.path.basename(doc_path), unnamed and ": not " + ", ".join(unnamed) or ""))

    plain = next(d for d in states if "warps" in d)
    stored = next(r for r in records if "mem" in r and r["mem"]["bytes"] == 4 and "source" not in r)
    for what, bad in state_mutants(plain):
        say(not state_v.is_valid(bad), "refused: state with " + what)
    for what, bad in trace_mutants(stored):
        say(not trace_v.is_valid(bad), "refused: trace record with " + what)
    say(state_v.is_valid(plain) and trace_v.is_valid(stored), "the documents the corrupted ones came from are valid")
    print("%s" % ("check_json_schema: PASS" if failures == 0 else "check_json_schema: %d failed" % failures))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
