# Shared by the fault-detection tests (sourced): runs a kernel on a lockstep
# board with an optional injected fault and checks the exit status and that
# every expected text appears in the report. Counts into $pass and $fail.
#   check_fault GPUHOST BOARD KERNEL BATCH NAME FAULT WANT TEXT...
check_fault() {
    cf_gpuhost=$1 cf_board=$2 cf_kernel=$3 cf_batch=$4 cf_name=$5 cf_fault=$6 cf_want=$7
    shift 7
    if [ -n "$cf_fault" ]; then
        cf_out=$("$cf_gpuhost" --board "$cf_board" run "$cf_kernel" --batch "$cf_batch" --fault "$cf_fault" 2>&1)
    else
        cf_out=$("$cf_gpuhost" --board "$cf_board" run "$cf_kernel" --batch "$cf_batch" 2>&1)
    fi
    cf_status=$?
    cf_ok=1
    [ $cf_status -eq "$cf_want" ] || cf_ok=0
    for cf_text in "$@"; do
        echo "$cf_out" | grep -qF -- "$cf_text" || { cf_ok=0; echo "  missing: $cf_text"; }
    done
    if [ $cf_ok -eq 1 ]; then
        pass=$((pass + 1))
        echo "ok   $cf_name (batch $cf_batch)"
    else
        fail=$((fail + 1))
        echo "FAIL $cf_name (batch $cf_batch, exit $cf_status, wanted $cf_want)"
        echo "$cf_out" | sed 's/^/    /'
    fi
}
