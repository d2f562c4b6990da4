//! One written move in one position: the step the walker, the sealed ruling and the
//! reconstruction search share.

use super::CheckOptions;
use crate::notation::Notation;
use crate::position::Position;
use crate::resolve::descriptive::{
    Origins, notation_of, resolve_descriptive, resolve_descriptive_by_origin,
};
use crate::resolve::{Resolution, resolve};
use crate::scoresheet::Token;

/// Resolves a move token in `pos`: its first reading and the resolver's outcome, or `None`
/// for a token that is no move.
///
/// Printed text names descriptive pieces by where they started, as the classical books do
/// (`QKt`, `KtxQB`): pass the game's `origins` for it; a sheet names them by where they stand,
/// as `convert --to descriptive` writes them (`origins: None`).
// Inlined into the walker's per-move path, so that the notation and the resolution are built
// in place: as a call, it cost 2 % of `convert`'s instructions, in copies.
#[inline(always)]
pub(crate) fn resolve_token(
    pos: &Position,
    token: &Token<'_>,
    options: &CheckOptions,
    origins: Option<&Origins>,
) -> Option<(Notation, Resolution)> {
    let language = &options.language;
    let resolve_options = options.resolve_options();
    match token {
        Token::Move(readings) => Some((
            readings.first(),
            resolve(pos, readings, language, resolve_options),
        )),
        Token::Descriptive(d) => {
            let first = notation_of(d, language, pos.turn(), None);
            let r = match origins {
                Some(origins) => {
                    resolve_descriptive_by_origin(pos, d, language, resolve_options, origins)
                }
                None => resolve_descriptive(pos, d, language, resolve_options),
            };
            Some((first, r))
        }
        _ => None,
    }
}
