//! Check the sheets of standard input, write each game as PGN, then its report as JSON: the
//! jobs of `peer-user`, on planilla. Built, not run, by `scripts/build_cost.sh`.

use std::io::Write;

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let mut out = std::io::stdout().lock();
    let options = planilla::CheckOptions::default();
    for game in planilla::check_reader(std::io::stdin().lock(), &options) {
        let report = game?.report;
        let pgn = planilla::write_pgn(
            &report,
            planilla::PgnComments::Diagnostics,
            planilla::MessageLanguage::Spanish,
        );
        writeln!(out, "{pgn}")?;
        writeln!(out, "{}", serde_json::to_string(&report)?)?;
    }
    Ok(())
}
