#!/bin/sh
# Writes what a build of the command line prints for every shipped sheet and data file, in the
# modes people use, so that a change meant to keep every output can be checked byte for byte:
#
#   scripts/outputs.sh BIN DIR      # BIN: a `planilla` binary; DIR: a new folder
#   diff -r DIR_BEFORE DIR_AFTER    # nothing printed: the outputs are the same
#
# For each input and mode, DIR holds the standard output, the standard error and the exit
# code. The inputs: every sheet of examples/, the real game files of tests/data (English PGN,
# read with --lang en), the printed texts of tests/data/print (in their own letters), the games
# of tests/data/lichess_db_1000k.pgn written as Spanish sheets by BIN itself, blank input and
# headers-only input; two sheets reconciled, a sheet against its record, sealed moves. Paths
# are given relative to the repository (or to DIR for the inputs made here), so that two
# folders compare.
set -u
usage="usage: scripts/outputs.sh BIN DIR"
bin=$(realpath "${1:?$usage}")
mkdir -p "${2:?$usage}/in"
out=$(realpath "$2")
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root" || exit 2

# run NAME ARGS...: BIN ARGS, its outputs saved under NAME.
run() {
    r_name=$1
    shift
    "$bin" "$@" >"$out/$r_name.out" 2>"$out/$r_name.err" </dev/null
    echo $? >"$out/$r_name.code"
}

# modes NAME FILE [OPTIONS...]: the modes, on one input.
modes() {
    m_name=$1
    m_file=$2
    shift 2
    run "$m_name.check" check "$@" "$m_file"
    run "$m_name.check-json" check --json "$@" "$m_file"
    run "$m_name.check-en" check --messages en "$@" "$m_file"
    run "$m_name.reconstruct" check --reconstruct "$@" "$m_file"
    run "$m_name.reconstruct-json" check --reconstruct --json "$@" "$m_file"
    run "$m_name.convert" convert "$@" "$m_file"
    run "$m_name.convert-es" convert --to es --diagnostics "$@" "$m_file"
    run "$m_name.convert-json" convert --to json --diagnostics "$@" "$m_file"
    run "$m_name.convert-figurine" convert --to figurine --diagnostics "$@" "$m_file"
    run "$m_name.convert-reconstruct" convert --reconstruct "$@" "$m_file"
}

for f in examples/*/*.txt examples/*/*.pgn; do
    modes "examples.$(basename "$(dirname "$f")").$(basename "$f")" "$f"
done
for f in twic-01-232games.pgn lichess_db_2013-01_500.pgn lichess_db_1000k.pgn benchmark.pgn; do
    modes "data.$f" "tests/data/$f" --lang en
done
for f in tests/data/print/*.txt; do
    # The letters are the file name's first word (en-…, ca-…).
    modes "print.$(basename "$f")" "$f" --lang "$(basename "$f" | sed 's/-.*//')"
done
# The inputs made here are read from DIR, by a path relative to it.
"$bin" convert --to es --lang en tests/data/lichess_db_1000k.pgn >"$out/in/spanish-sheets.txt" 2>/dev/null
printf '' >"$out/in/blank.txt"
printf '[Event "Liga"]\n[White "Ana"]\n[Black "Luis"]\n\n' >"$out/in/headers.txt"
cd "$out" || exit 2
for f in spanish-sheets blank headers; do
    modes "$f" "in/$f.txt"
done
cd "$root" || exit 2
run compare compare examples/danadas/lichess_61_danada.txt examples/danadas/lichess_61_registro.pgn
run compare-json compare --json examples/danadas/lichess_61_danada.txt examples/danadas/lichess_61_registro.pgn
run reconcile reconcile examples/hcs/047_0.txt examples/hcs/047_1.txt
run reconcile-json reconcile --json examples/hcs/047_0.txt examples/hcs/047_1.txt
run sealed sealed --game examples/planillas/fide2018_apendice_c.txt --ply 12
run sealed-move sealed --game examples/planillas/fide2018_apendice_c.txt --ply 12 Cg5
run sealed-json sealed --json --game examples/planillas/fide2018_apendice_c.txt --ply 12 Cg5
run descriptive convert --to descriptive examples/planillas/fide2018_apendice_c.txt
run descriptive-en convert --to descriptive --lang en tests/data/twic-01-232games.pgn
echo "$(find "$out" -type f | wc -l) files in $out"
