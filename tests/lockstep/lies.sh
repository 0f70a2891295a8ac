#!/bin/sh
# Every row of docs/lying-targets.md: gpu-modelsim told to lie in one way,
# gpuhost run against it in lockstep, and the outcome the row promises (its
# exit status and a text of the report); never PASS. Every lie gpu-modelsim
# knows must have a row, and the table must hold at least 40. A row whose
# options start with "selftest" runs `gpuhost selftest` in place of the run,
# "info" `gpuhost info`.
# Usage: lies.sh GPUHOST GPU_MODELSIM DOC KERNEL
set -u
gpuhost=$1 modelsim=$2 doc=$3 kernel=$4
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
pass=0 fail=0
# the rows: "told by|options|exit|text", backquotes dropped
sed -n '/<!-- lies: begin -->/,/<!-- lies: end -->/p' "$doc" | grep '^| [0-9]' |
    awk -F'|' '{ for (i = 2; i <= NF; i++) { gsub(/`/, "", $i); gsub(/^ +| +$/, "", $i) }
                 print $4 "|" $5 "|" $7 "|" $8 }' > "$work/rows"
rows=$(wc -l < "$work/rows")
if [ "$rows" -lt 40 ]; then
    echo "FAIL: $doc holds $rows lies, fewer than 40"
    exit 1
fi
for lie in $("$modelsim" --lie list | awk '{print $1}'); do
    grep -q "^--lie $lie|" "$work/rows" || { fail=$((fail + 1)); echo "FAIL gpu-modelsim's lie $lie has no row in $doc"; }
done
n=0
while IFS='|' read -r told options want text; do
    n=$((n + 1))
    printf '#!/bin/sh\nexec "%s" "$@" %s\n' "$modelsim" "$told" > "$work/server$n"
    chmod +x "$work/server$n"
    case $options in
    selftest*) set -- selftest; options=${options#selftest} ;;
    info*) set -- info; options=${options#info} ;;
    *) set -- run "$kernel" ;;
    esac
    # shellcheck disable=SC2086 # options are words
    out=$("$gpuhost" --board modelsim "$@" --server "$work/server$n" --timeout 2000 $options 2>&1)
    status=$?
    if [ "$status" -eq "$want" ] && printf '%s\n' "$out" | grep -qF -- "$text"; then
        pass=$((pass + 1))
        echo "ok   $n $told: exit $status"
    else
        fail=$((fail + 1))
        echo "FAIL $n $told: exit $status (wanted $want and: $text)"
        printf '%s\n' "$out" | sed 's/^/    /'
    fi
done < "$work/rows"
echo "$pass passed, $fail failed ($rows lies)"
[ "$fail" -eq 0 ]
