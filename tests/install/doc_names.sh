#!/bin/sh
# The installed documents stand alone (issue 41): every file they name is in
# the prefix. A name is a path (with a '/': found under the documents'
# directory, the prefix, include/, share/gpuhost/, share/gpuhost/rtl/ or
# share/gpuhost/hdl/; P/... is the prefix itself) or a file name (found
# anywhere in the prefix). The names a reader writes (my_wrapper.sv, k.s,
# ...) are listed below as what they are.
# Usage: doc_names.sh PREFIX; prints each name not found, exit 1 if any.
set -u
prefix=$1
docs=$prefix/share/doc/gpuhost
own="my_wrapper.sv core.sv rtl/my_wrapper.sv rtl/core.sv top.sv identity.c file.ini mycore-sim.ini k.s FILE.ini
     kernel.s mycore.ini div.fst"                             # the reader's own files
built="gpuhost_lacks.vh gpuhost_rtl_top.sv rtl_identity.c"  # what gpuhost_add_rtl_server writes in the reader's build
missing=0 names=0
for doc in "$docs"/*.md; do
    for name in $(grep -oE '[A-Za-z0-9_./<>-]+\.(md|c|h|cpp|v|vh|sv|svh|s|cmake|ini|txt|pc|py|sh|fst)\b' "$doc" |
                  sed 's/^[.]\{0,1\}\///' | sort -u); do
        names=$((names + 1))
        case " $own $built " in *" $name "*) continue ;; esac
        case $name in
        *"<"*|*">"*|obj_dir/*|build/*) continue ;;             # a placeholder of the reader's
        P/*) [ -e "$prefix/${name#P/}" ] && continue ;;
        */*) for base in "$docs" "$prefix" "$prefix/include" "$prefix/share/gpuhost" "$prefix/share/gpuhost/rtl" \
                         "$prefix/share/gpuhost/hdl"; do
                 [ -e "$base/$name" ] && continue 2
             done ;;
        *) [ -n "$(find "$prefix" -name "$name" -print -quit)" ] && continue ;;
        esac
        echo "$(basename "$doc") names $name, which is not installed"
        missing=$((missing + 1))
    done
done
echo "$names names in the installed documents, $missing not installed"
[ $missing -eq 0 ]
