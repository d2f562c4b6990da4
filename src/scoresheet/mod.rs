//! Scoresheets and PGN files: movetext, headers, several games.
//!
//! [`Lexer`] turns a whole text into [`Token`]s (move numbers in every written form, moves,
//! comments, variations, NAGs, results, PGN tag pairs and the header lines of a Spanish
//! scoresheet). [`games`] and [`read_games`] group them into [`Game`]s, one at a time, with the
//! Seven Tag Roster; [`StreamGames`] does the same from a reader, with one game in memory at a
//! time.
//!
//! Movetext forms read (PGN §8.2 and the lenient extensions of `grammar/notacion.ebnf`):
//! move numbers `1.`, `1 .`, `1...`, `1…`, `1.-` and `9` with no period; a number glued to the
//! previous move (`Ae79.`, seed 003); two-column sheets (one move pair per line, tab or spaces);
//! results `1-0`, `0-1`, `½-½`, `1/2-1/2`, `*` and Spanish words (`tablas`, `abandonan`…);
//! comments `{…}` and `;…`; variations `( … )` nested to any depth; NAGs; the draw offer `(=)`
//! (E13; C.12).
//!
//! ```
//! use planilla::notation::Parser;
//! use planilla::scoresheet::games;
//! // Appendix C (seed 003), the shorthand version of the sample game.
//! let text = "1. e4 e5 2. Cf3 Cf6 3. d4 ed4 4. e5 Ce4 5. Dd4 d5 6. ed6 Cd6 7. Ag5 Cc6 \
//!             8. De3 Ae7 9 Cbd2 0-0 10. 0-0-0 Te8 11. Kb1 (=)";
//! let game = games(text, Parser::spanish()).next().unwrap().unwrap();
//! assert_eq!(game.mainline().count(), 21);
//! ```

mod game;
mod lexer;
mod stream;
mod words;

pub(crate) use game::SpareLists;
pub use game::{DEFAULT_MAX_TOKENS, Game, Games, Layout, SevenTagRoster, Tag, games, read_games};
pub(crate) use lexer::blank_as_written;
pub use lexer::{Lexer, Token, TokenKind};
pub use stream::{Chunk, DEFAULT_MAX_GAME_BYTES, StreamGames, starts_game_headers};
pub use words::{HeaderField, Outcome, ParseOutcomeError, Termination, pgn_value};
