#!/bin/sh
# Whole-process timings of `planilla convert` beside two peers on the same games:
# - a pgn-reader + shakmaty converter (examples/peer_convert.rs), on the games in English PGN;
# - pgn-extract (Debian package pgn-extract), on the same English PGN, when installed.
# planilla reads the games as Spanish scoresheets (the same games, written by
# `planilla convert --to es`). Each run gives wall time and peak RSS from `/usr/bin/time -v`.
#
# Usage: scripts/bench_cli.sh [MB]
#   MB  the size of the English file, made by repeating the 433 lichess games of
#       tests/data/lichess_db_1000k.pgn (default 20).
# The files go to ${TMPDIR:-/tmp}/planilla-bench and are kept for the next run.
set -eu
mb=${1:-20}
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
time_v=/usr/bin/time
[ -x "$time_v" ] || { echo "needs GNU time at /usr/bin/time (Debian package time)" >&2; exit 2; }

cargo build -q --release -p planilla-cli
cargo build -q --release --example peer_convert
planilla=$root/target/release/planilla
peer=$root/target/release/examples/peer_convert

dir=${TMPDIR:-/tmp}/planilla-bench
mkdir -p "$dir"
en=$dir/games-${mb}MB.pgn
es=$dir/games-${mb}MB.txt
if [ ! -s "$en" ] || [ ! -s "$es" ]; then
    # The games once, checked: every game must read, or the comparison is void.
    "$planilla" convert --lang en tests/data/lichess_db_1000k.pgn > "$dir/once.pgn"
    "$planilla" convert --lang en --to es tests/data/lichess_db_1000k.pgn > "$dir/once.txt"
    bytes=$((mb * 1024 * 1024))
    : > "$en"
    : > "$es"
    while [ "$(wc -c < "$en")" -lt "$bytes" ]; do
        cat "$dir/once.pgn" >> "$en"
        cat "$dir/once.txt" >> "$es"
    done
fi

# One run: the name, then the command; prints wall seconds, peak RSS in MB, and the exit code.
run() {
    name=$1
    shift
    log=$dir/time.log
    out=$dir/out-$(echo "$name" | tr -c 'a-z0-9\n' '-')
    status=0
    "$time_v" -v -o "$log" "$@" > "$out" 2> "$out.err" || status=$?
    wall=$(sed -n 's/.*Elapsed (wall clock) time (h:mm:ss or m:ss): //p' "$log")
    rss=$(sed -n 's/.*Maximum resident set size (kbytes): //p' "$log")
    # The SAN moves written, in order, against the first run's: the same games must come out.
    sum=$(grep -v '^\[' "$out" | tr ' ' '\n' | grep -E '^[KQRBNa-hO][^.]*$' | md5sum | cut -c1-12)
    [ -n "${first_sum:-}" ] || first_sum=$sum
    same=$([ "$sum" = "$first_sum" ] && echo "same SAN" || echo "OTHER SAN")
    printf '%-30s %9s wall %7.1f MB peak RSS  exit %s  %s\n' "$name" "$wall" \
        "$(echo "$rss / 1024" | bc -l)" "$status" "$same"
}

printf 'English PGN %s (%s bytes), Spanish sheets %s (%s bytes), %s cores\n' \
    "$en" "$(wc -c < "$en")" "$es" "$(wc -c < "$es")" "$(nproc)"
run "planilla convert, all cores" "$planilla" convert "$es"
run "planilla convert, one thread" env RAYON_NUM_THREADS=1 "$planilla" convert "$es"
run "pgn-reader + shakmaty" "$peer" "$en"
# Debian installs pgn-extract in /usr/games, often outside PATH.
pgn_extract=$(command -v pgn-extract || { [ -x /usr/games/pgn-extract ] && echo /usr/games/pgn-extract; } || true)
if [ -n "$pgn_extract" ]; then
    run "pgn-extract" "$pgn_extract" -s -Wsan "$en"
else
    echo "pgn-extract                    not installed (Debian: apt-get install pgn-extract)"
fi
