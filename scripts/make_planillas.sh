#!/usr/bin/env bash
# Regenerates the transcribed real games of examples/planillas from the lichess games (CC0) in
# tests/data, one preset style each (planilla::write::Style::PRESETS):
#   0 canonical Appendix C, 1 two columns with O-O and e8=D and no x, 2 shorthand without marks,
#   3 the 2005 form with ++ and attached a.p., 4 typeset with ×, d8(D) and e.p.
set -euo pipefail
cd "$(dirname "$0")/.."
out=examples/planillas
pgn=tests/data/lichess_db_1000k.pgn
t() { cargo run --quiet --release --example transcribe -- "$pgn" "$1" "$2" > "$out/$3"; }
t 61 0 lichess_61_canonica.txt
t 18 1 lichess_18_columnas.txt
t 0 2 lichess_00_abreviada.txt
t 23 3 lichess_23_apendice_e.txt
t 24 4 lichess_24_tipografica.txt
