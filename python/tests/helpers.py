"""What the tests share: the repository, its shipped sheets, and running the command line."""

import subprocess
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]

# Every sheet the repository ships in `examples/`: Spanish algebraic sheets, the Appendix E and
# C sample games, and the descriptive games (one of them a PGN file).
SHEETS = sorted(
    p
    for folder in ("examples/planillas", "examples/descriptive")
    for p in (REPO / folder).iterdir()
    if p.suffix in (".txt", ".pgn")
)


def run(cli: Path, *args: str) -> str:
    """The command line's standard output (exit codes 0 and 1 are both answers)."""
    done = subprocess.run(
        [str(cli), *args], capture_output=True, check=False, cwd=REPO
    )
    assert done.returncode in (0, 1), done.stderr.decode()
    return done.stdout.decode()
