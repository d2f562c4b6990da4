#!/usr/bin/env bash
# Writes the seed corpus of the cargo-fuzz targets into fuzz/corpus/<target>/ (ignored by git).
# The first byte of an input says how to read the rest (fuzz/fuzz_targets/common.rs): 0 is
# Spanish, strict case, 2005 rules; octal 020 lenient; octal 100 the 2023 rules.
#   scoresheet, check  every sheet of examples/planillas, Spanish, strict and lenient (2023
#                      rules for `check`);
#   notation, resolve  every move written on those sheets, one a file (first byte: Spanish);
#   fen                every FEN of tests/data/perft.txt;
#   decode             the moves of each of those sheets as cells (`|` between cells), one
#                      candidate each, and the same with a second candidate, the move before.
# Usage: scripts/fuzz_seeds.sh   (then: cd fuzz && RUSTC_BOOTSTRAP=1 cargo fuzz run <target>)
set -euo pipefail
cd "$(dirname "$0")/.."
corpus=fuzz/corpus
mkdir -p "$corpus"/{notation,scoresheet,fen,resolve,check,decode}

# seed DIR HEAD-BYTE-OCTAL: standard input, after the head byte, into DIR under its checksum.
seed() {
  local tmp name
  tmp=$(mktemp)
  { printf "\\$2"; cat; } > "$tmp"
  name=$(sha1sum < "$tmp" | cut -c1-16)
  mv "$tmp" "$1/$name"
}

for sheet in examples/planillas/*.txt; do
  seed "$corpus/scoresheet" 000 < "$sheet"
  seed "$corpus/scoresheet" 020 < "$sheet"
  seed "$corpus/check" 100 < "$sheet"
  seed "$corpus/check" 120 < "$sheet"
  # The movetext's words that are not move numbers or results.
  grep -v -e '^;' -e ':' "$sheet" | tr -s ' \t' '\n\n' \
    | sed -e 's/^[0-9]*\.*//' | grep -v -e '^$' -e '^[0-9/½*-]*$' | sort -u \
    | while IFS= read -r word; do
        printf '%s' "$word" | seed "$corpus/notation" 000
        printf '%s' "$word" | seed "$corpus/resolve" 000
      done
  # The moves in the sheet's order, one a cell (decode's line, fuzz/fuzz_targets/decode.rs).
  moves=$(grep -v -e '^;' -e ':' "$sheet" | tr -s ' \t' '\n\n' \
    | sed -e 's/^[0-9]*\.*//' | grep -v -e '^$' -e '^[0-9/½*-]*$' || true)
  printf '%s' "$moves" | paste -sd'|' | tr -d '\n' | seed "$corpus/decode" 000
  printf '%s\n' "$moves" | awk '{ printf "%s%s", (NR > 1 ? "|" : ""), (NR > 1 ? $0 ":0.7," prev ":0.3" : $0); prev = $0 }' \
    | seed "$corpus/decode" 000
done
grep -v '^#' tests/data/perft.txt | cut -d';' -f1 | sed 's/ *$//' | while IFS= read -r fen; do
  printf '%s' "$fen" | seed "$corpus/fen" 000
done
for target in notation scoresheet fen resolve check decode; do
  echo "$target: $(ls "$corpus/$target" | wc -l) seeds"
done
