#!/bin/sh
# The board configuration of the core implements every instruction type (and
# every variant of it) of the groups boards/usb.ini declares, less the types
# its `lacks` names (MUFU, left out of the board configuration): the model,
# narrowed to usb.ini's `implements`, lists those types; the core's own
# capability words (rtl-board-caps.ini: `implements = all`) must list each,
# and lack no variant the model does not. Nothing else keeps usb.ini and the
# core's parameters (hdl_stubs/board_core.cmake) in step.
# Usage: rtl_board_implements.sh GPUHOST USB_INI MODEL_INI CAPS_INI
set -u
gpuhost=$1 usb_ini=$2 model_ini=$3 caps_ini=$4
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
groups=$(sed -n 's/^implements *= *//p' "$usb_ini")
[ -n "$groups" ] || { echo "FAIL: $usb_ini: no implements line"; exit 1; }
sed "s/^implements *=.*/implements = $groups/; s/^name *=.*/name = model-as-usb/" "$model_ini" > "$tmp/usb-model.ini"
# the words between "implements:" and "(N instruction types)", one a line;
# then the variants under "lacks:", if any
types() { sed -n '/^implements:/,/instruction types)$/p' "$1" | sed '1d;$d' | tr -s ' ' '\n' | sed '/^$/d' | sort; }
lacks() { sed -n '/^lacks:/,/opcode variants/p' "$1" | sed 's/^lacks://; $d' | tr -s ' ' '\n' | sed '/^$/d' | sort; }
for b in usb-model caps; do
    ini=$tmp/usb-model.ini
    [ $b = caps ] && ini=$caps_ini
    if ! timeout 120 "$gpuhost" --board "$ini" info > "$tmp/$b.info" 2>&1; then
        cat "$tmp/$b.info"; echo "FAIL: gpuhost --board $ini info"; exit 1
    fi
done
# the types usb.ini lacks by name (its groups there are not in `implements`)
sed -n 's/^lacks *= *//p' "$usb_ini" | tr -s ' ' '\n' | sed '/^$/d' | sort > "$tmp/lacked"
types "$tmp/usb-model.info" | comm -23 - "$tmp/lacked" > "$tmp/want"
excluded=$(types "$tmp/usb-model.info" | comm -12 - "$tmp/lacked" | tr '\n' ' ')
types "$tmp/caps.info" > "$tmp/have"
[ -s "$tmp/want" ] || { cat "$tmp/usb-model.info"; echo "FAIL: no instruction types read for usb.ini's groups"; exit 1; }
missing=$(comm -23 "$tmp/want" "$tmp/have" | tr '\n' ' ')
lacks "$tmp/usb-model.info" > "$tmp/model-lacks"
lacks "$tmp/caps.info" > "$tmp/core-lacks"
lacking=$(comm -13 "$tmp/model-lacks" "$tmp/core-lacks" | tr '\n' ' ')
if [ -n "$missing$lacking" ]; then
    [ -z "$missing" ] || echo "FAIL: usb.ini implements ($groups) but the board configuration lacks the types: $missing(not in usb.ini's lacks)"
    [ -z "$lacking" ] || echo "FAIL: the board configuration lacks the variants: $lacking"
    exit 1
fi
echo "PASS: the board configuration implements all $(wc -l < "$tmp/want") instruction types of usb.ini's groups ($groups) but those its lacks names: ${excluded:-none}"
