#!/usr/bin/env python3
"""Writes tests/data/perft.txt: one position a line, `FEN ;D1 n ;D2 n ...`.

The facts (FEN and node counts) come from the published perft suites: Martin Sedlak's
collection, the "perftsuite" positions and the chessprogramming.org tables as gathered in
pychess's perftsuite.epd/perftsuite2.epd and shakmaty's tricky.perft. Only the facts are kept;
the source files are not copied. Usage: scripts/perft_facts.py SUITE_DIR > tests/data/perft.txt
"""
import sys, os

CLASSIC = [
    ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
     [20, 400, 8902, 197281, 4865609, 119060324]),
    ("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
     [48, 2039, 97862, 4085603, 193690690]),
    ("8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
     [14, 191, 2812, 43238, 674624, 11030083]),
    ("r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
     [6, 264, 9467, 422333, 15833292]),
    ("rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
     [44, 1486, 62379, 2103487, 89941194]),
    ("r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
     [46, 2079, 89890, 3894594, 164075551]),
]

def key(fen):
    return " ".join(fen.split()[:4])

def main(d):
    out = {}
    order = []
    def add(fen, counts, src):
        fen = " ".join(fen.split())
        if len(fen.split()) == 4:
            fen += " 0 1"
        k = key(fen)
        if k not in out:
            out[k] = (fen, {}, src)
            order.append(k)
        out[k][1].update(counts)
    for fen, counts in CLASSIC:
        add(fen, {i + 1: n for i, n in enumerate(counts)}, "classic")
    for name in ("perftsuite.epd", "perftsuite2.epd"):
        for line in open(os.path.join(d, name)):
            line = line.strip()
            if not line or line.startswith("#"):
                continue
            parts = line.split(";")
            counts = {}
            for p in parts[1:]:
                p = p.strip()
                if p.startswith("D"):
                    dd, n = p[1:].split()
                    counts[int(dd)] = int(n)
            add(parts[0], counts, name)
    fen = None
    for line in open(os.path.join(d, "tricky.perft")):
        line = line.strip()
        if line.startswith("epd "):
            fen = line[4:]
            add(fen, {}, "tricky.perft")
        elif line.startswith("perft ") and fen:
            _, dd, n = line.split()
            add(fen, {int(dd): int(n)}, "tricky.perft")
    print("# Perft facts: FEN ;D<depth> <leaf nodes> ... One position a line.")
    print("# Gathered from the published perft results (chessprogramming.org; the perftsuite")
    print("# collections; Martin Sedlak's tricky positions) by scripts/perft_facts.py.")
    for k in order:
        fen, counts, src = out[k]
        print(fen + "".join(f" ;D{dd} {counts[dd]}" for dd in sorted(counts)))

main(sys.argv[1])
