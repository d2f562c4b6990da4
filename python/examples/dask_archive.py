"""Converts a folder of scoresheets to PGN on a Dask cluster: an archive's batch job.

Each sheet (a `.txt` or `.pgn` file) is one task: a worker reads it, checks every game with
planilla, writes `OUT/<the sheet's path>.pgn` (what `planilla convert` writes for it), and
sends back only a line of counts. Nothing but file names and counts crosses the network, so
the job runs as it is on a real cluster, given paths every worker can reach (a shared file
system, or any fsspec URL such as `s3://archive/1970/`).

    python dask_archive.py SHEETS/ OUT/                       # a LocalCluster, 2 workers
    python dask_archive.py SHEETS/ OUT/ --workers 8
    python dask_archive.py s3://archive/sheets s3://archive/pgn --scheduler tcp://host:8786

Every worker needs `planilla` (build one wheel, `pip wheel ./python`, and install it on each
worker), `dask[distributed]`, and the fsspec driver of its URLs (`s3fs` for `s3://`). Each
sheet `a/b.txt` becomes `OUT/a/b.txt.pgn`.
The settings are the command line's: `--lang`, `--edition`, `--lenient`, `--notation`,
`--messages`. A sheet is read as UTF-8, else in `--fallback-encoding` (`cp1252`, which old
Windows editors wrote; `latin-1`; `none` for no fallback). It prints one line per sheet
(`path<TAB>games<TAB>valid<TAB>encoding`) and the totals, and exits with 1 when a game has an
error, as `planilla convert` does, or when a sheet decodes in no encoding (its line then says
why, and it has no PGN).
"""

from __future__ import annotations

import argparse
import contextlib
import posixpath
import sys

import dask.bag as db
import fsspec
from dask.distributed import Client, LocalCluster

import planilla

SUFFIXES = (".txt", ".pgn")


def sheets(folder: str) -> list[str]:
    """Every sheet under `folder`, as paths relative to it, in a stable order."""
    fs, root = fsspec.core.url_to_fs(folder)
    found = fs.find(root)
    return sorted(
        posixpath.relpath(path, root) for path in found if path.endswith(SUFFIXES)
    )


def convert_sheet(
    relative: str, source: str, target: str, settings: dict, encodings: tuple
) -> tuple:
    """Converts one sheet: reads `source/relative`, writes `target/relative.pgn`, and returns
    `(relative, games, valid games, encoding)`. This is the function a worker runs, and the one
    a Spark UDF would wrap."""
    with fsspec.open(posixpath.join(source, relative), "rb") as f:
        data = f.read()
    # The first encoding the sheet decodes in; a sheet that decodes in none is a line of the
    # report, not a failed task.
    failure = None
    for encoding in encodings:
        try:
            reports = planilla.check(data, encoding=encoding, **settings)
            break
        except UnicodeDecodeError as e:
            failure = e
    else:
        return relative, 0, 0, f"undecodable: {failure}"
    # `planilla convert` writes each game's PGN followed by a newline.
    pgn = "".join(report.to_pgn() + "\n" for report in reports)
    out = posixpath.join(target, relative + ".pgn")
    with fsspec.open(out, "wt", encoding="utf-8", auto_mkdir=True) as f:
        f.write(pgn)
    return relative, len(reports), sum(report.valid for report in reports), encoding


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("source", help="the folder of sheets (a path or an fsspec URL)")
    parser.add_argument("target", help="the folder the PGN files are written to")
    parser.add_argument(
        "--scheduler", help="a running cluster's scheduler address (default: a LocalCluster)"
    )
    parser.add_argument("--workers", type=int, default=2, help="LocalCluster workers")
    parser.add_argument("--lang", default="es")
    parser.add_argument("--edition", type=int, default=2023)
    parser.add_argument("--lenient", action="store_true")
    parser.add_argument("--notation", default="auto")
    parser.add_argument("--messages", default="es")
    parser.add_argument(
        "--fallback-encoding",
        default="cp1252",
        help="the encoding of a sheet that is not UTF-8 (none: no fallback)",
    )
    args = parser.parse_args(argv)
    settings = {
        "lang": args.lang,
        "edition": args.edition,
        "lenient": args.lenient,
        "notation": args.notation,
        "messages": args.messages,
    }
    encodings = ("utf-8",)
    if args.fallback_encoding.lower() != "none":
        encodings += (args.fallback_encoding,)
    # A bad setting or encoding fails here, once, not on every worker.
    for encoding in encodings:
        planilla.check(b"", encoding=encoding, **settings)

    names = sheets(args.source)
    with contextlib.ExitStack() as stack:
        if args.scheduler:
            client = stack.enter_context(Client(args.scheduler))
        else:
            cluster = stack.enter_context(
                LocalCluster(
                    n_workers=args.workers,
                    threads_per_worker=1,
                    processes=True,
                    dashboard_address=None,
                )
            )
            client = stack.enter_context(Client(cluster))
        bag = db.from_sequence(names, partition_size=16)
        results = bag.map(
            convert_sheet, args.source, args.target, settings, encodings
        ).compute()
    games = valid = undecodable = 0
    for relative, n, ok, encoding in results:
        print(f"{relative}\t{n}\t{ok}\t{encoding}")
        games += n
        valid += ok
        undecodable += encoding.startswith("undecodable")
    print(
        f"{len(results)} sheets, {games} games, {valid} valid, {undecodable} undecodable",
        file=sys.stderr,
    )
    return 0 if games == valid and not undecodable else 1


if __name__ == "__main__":
    sys.exit(main())
