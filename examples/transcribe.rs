//! Transcribes games of a PGN file (English SAN) into Spanish scoresheets, in one of the
//! styles players use (see `planilla::write::Style::PRESETS`).
//!
//! ```sh
//! cargo run --example transcribe -- tests/data/lichess_db_1000k.pgn <game index> <style 0-4>
//! ```
//!
//! Prints the sheet: Spanish header lines (`Evento:`, `Fecha:`, `Blancas:`, `Negras:`), the
//! moves, and the result. `scripts/make_planillas.sh` makes the sheets of `examples/planillas`.

use std::process::ExitCode;

use planilla::check::{CheckOptions, check_text};
use planilla::notation::Language;
use planilla::scoresheet::Outcome;
use planilla::write::Style;
use planilla::{Move, Position};

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [path, index, style] = &args[..] else {
        eprintln!("usage: transcribe <file.pgn> <game index> <style 0-4>");
        return ExitCode::from(2);
    };
    let (Ok(index), Ok(style)) = (index.parse::<usize>(), style.parse::<usize>()) else {
        eprintln!("transcribe: the game index and style are numbers");
        return ExitCode::from(2);
    };
    let Some(style) = Style::PRESETS.get(style) else {
        eprintln!("transcribe: styles are 0 to {}", Style::PRESETS.len() - 1);
        return ExitCode::from(2);
    };
    let text = match std::fs::read_to_string(path) {
        Ok(t) => t,
        Err(e) => {
            eprintln!("transcribe: {path}: {e}");
            return ExitCode::from(2);
        }
    };
    let english = CheckOptions::default().with_language(Language::ENGLISH);
    let Some(game) = check_text(&text, &english).nth(index) else {
        eprintln!("transcribe: {path} has no game {index}");
        return ExitCode::from(2);
    };
    let r = &game.roster;
    println!("Evento: {}", r.event);
    println!("Lugar: {}", r.site);
    println!("Fecha: {}", r.date.replace('.', "/"));
    println!("Blancas: {}", r.white);
    println!("Negras: {}", r.black);
    println!();
    let moves: Vec<Move> = game.moves.iter().map(|m| m.mv).collect();
    print!("{}", style.write_moves(Position::startpos(), &moves));
    let result = match game.result() {
        Outcome::Draw => "½-½".to_owned(),
        other => other.to_string(),
    };
    println!("{result}");
    ExitCode::SUCCESS
}
