#!/bin/sh
# gpuhost's --dump-state and --trace outputs against their JSON Schemas
# (docs/schema, docs/json-outputs.md): plain runs on the model (branches,
# stores), a run that uses uniform registers and predicates and traps, and a
# lockstep divergence on gpu-modelsim (the target/model state, the model's
# trace record), and on rtl under stress where it is built (the target's
# stress object), and a run whose instructions the host emulated on a core
# lacking them (the emulated object); check_json_schema.py validates them and
# proves the schemas refuse corrupted copies. Exit 77 when python3's
# jsonschema is missing.
# Usage: json_schema.sh GPUHOST KERNEL_DIR SCHEMA_DIR DOC GPU_MODELSIM
set -u
gpuhost=$1 kernels=$2 schemas=$3 doc=$4 modelsim=$5
here=$(dirname "$0")
python3 -c "import jsonschema" 2>/dev/null ||
    { echo "SKIP: python3's jsonschema is not installed (Debian: python3-jsonschema)"; exit 77; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
fail=0
# run NAME EXPECTED_EXIT ARGS...: one gpuhost run writing NAME.json and NAME.jsonl
run() {
    name=$1 want=$2
    shift 2
    "$gpuhost" "$@" --dump-state "$work/$name.json" --trace "$work/$name.jsonl" -q > "$work/$name.out" 2>&1
    got=$?
    if [ $got -eq "$want" ] && [ -s "$work/$name.json" ] && [ -s "$work/$name.jsonl" ]; then
        echo "ok   $name: exit $got, state and trace written"
    else
        echo "FAIL $name: exit $got (wanted $want)"; cat "$work/$name.out"; fail=1
    fi
}
printf 'S2R R0, SR_LANEID ;\nVOTEU.EQ UR4, UP1, PT ;\nS2UR UR5, SR_NTID_X ;\n.init R2 0x1002\nLDG R1, [R[2:3]] ;\nEXIT ;\n' \
    > "$work/uniform_trap.s"
run bitmanip 0 run "$kernels/bitmanip.s"
run divergent 0 run "$kernels/divergent.s"
run saxpy 0 run "$kernels/saxpy.s"
run uniform_trap 5 run "$work/uniform_trap.s"
# fault 6 (a store to the wrong address) makes the target diverge from the model
run divergence 7 --board modelsim run "$kernels/saxpy.s" --fault 6:5
# under stress (where gpu-rtlsim is built): the target's state says with which setting
if "$gpuhost" --board rtl info > /dev/null 2>&1; then
    run stressed 0 --board rtl run "$kernels/saxpy.s" --stress 7:light
    run stressed_divergence 7 --board rtl run "$kernels/saxpy.s" --fault 6:5 --stress 7:heavy,mem-max=2
    grep -q '"stress":{"setting":"7:light","seed":7,"profile":"light"}' "$work/stressed.json" &&
        grep -q '^{"target":{"warps":\[.*\],"stress":{.*"profile":"custom"}},"model":{"warps":\[' \
            "$work/stressed_divergence.json" ||
        { echo "FAIL stressed: no stress object where docs/json-outputs.md puts it"; fail=1; }
else
    echo "note: gpu-rtlsim not built here: the stress object is not checked"
fi
# the host emulated what the target lacks, with no lacks bound: EMULATED (exit 12), said in the state
printf '#!/bin/sh\nexec "%s" "$@" --lack IADD,LDG_R\n' "$modelsim" > "$work/partial"
chmod +x "$work/partial"
run emulated 12 --board modelsim run "$kernels/saxpy.s" --server "$work/partial" --emulate-unimplemented
grep -q '"emulated":{"instructions":[1-9][0-9]*,"of":[0-9]*,"within_lacks":false,"variants":{.*"LDG_R":[1-9]' \
    "$work/emulated.json" || { echo "FAIL emulated: no emulated object where docs/json-outputs.md puts it"; fail=1; }
python3 "$here/check_json_schema.py" "$schemas" "$doc" "$work"/*.json -- "$work"/*.jsonl || fail=1
exit $fail
