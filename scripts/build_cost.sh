#!/usr/bin/env bash
# A crate user's build from scratch: the same jobs (check or play every move, convert to PGN,
# serialize with serde) on planilla (benches/build/planilla-user) and on shakmaty and
# pgn-reader (benches/build/peer-user), each `cargo build --release --timings` in an empty
# target directory after its sources are fetched. Prints the wall and CPU seconds (user +
# system, all of cargo's processes) of each, and their ratio; cargo's timing pages (each
# crate's share) stay under the target directories it names.
#
# Usage: scripts/build_cost.sh [TARGET_ROOT]   (default: ${TMPDIR:-/tmp}/planilla-build-cost)
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
out=${1:-${TMPDIR:-/tmp}/planilla-build-cost}
TIMEFORMAT='%R %U %S'

cpu=()
for user in peer-user planilla-user; do
    dir=$root/benches/build/$user
    target=$out/$user
    rm -rf "$target"
    (cd "$dir" && cargo fetch -q)
    times=$( { time (cd "$dir" && CARGO_TARGET_DIR=$target cargo build -q --release --timings >/dev/null 2>&1); } 2>&1 )
    read -r wall usr sys <<<"$times"
    total=$(awk -v u="$usr" -v s="$sys" 'BEGIN { printf "%.1f", u + s }')
    cpu+=("$total")
    printf '%-14s wall %6.1f s   CPU %6.1f s (user %.1f, system %.1f)   timings: %s\n' \
        "$user" "$wall" "$total" "$usr" "$sys" "$target/cargo-timings/cargo-timing.html"
done
awk -v p="${cpu[0]}" -v m="${cpu[1]}" 'BEGIN { printf "planilla-user / peer-user, CPU: %.2f\n", m / p }'
