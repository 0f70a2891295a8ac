#!/bin/sh
# Runs a fuzz target on its committed corpus, the same way whether it was
# built with the deterministic driver (gcc, CI) or with libFuzzer (clang,
# -DGPUHOST_FUZZ=ON): a fresh work directory comes first, so libFuzzer
# writes the inputs it finds there and never into the repository.
#   run.sh TARGET CORPUS_DIR ARTIFACT_DIR [libFuzzer flags...]
set -eu
target=$1 corpus=$2 artifacts=$3
shift 3
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir -p "$artifacts"
"$target" -artifact_prefix="$artifacts/" -timeout=20 -rss_limit_mb=2048 "$@" "$work" "$corpus"
