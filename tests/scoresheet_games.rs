//! The sample games of the seeds, and every movetext form of issue 3, read as scoresheets.

use planilla::notation::{Body, CaseMode, Language, Notation, Parser, SuffixKind, Target};
use planilla::scoresheet::{
    Game, HeaderField, Lexer, Outcome, Token, TokenKind, games, read_games,
};
use planilla::{CastlingSide, Color, File, Role, Square};

/// Appendix E (2005), seed 000: "Muestra de partida".
const E2005_000: &str = "1.d4 Cf6 2.c4 e6 3.Cc3 Ab4 4.Ad2 0-0 5.e4 d5 6.exd5 exd5 7.cxd5 Axc3 \
8.Axc3 Cxd5 9.Cf3 b6 10.Db3 Cxc3 11.bxc3 c5 12.Ae2 cxd4 13.Cxd4 Te8 14.0-0 Cd7 15.a4 Cc5 \
16.Db4 Ab7";

/// Appendix E (2005), seed 001: "Ejemplo de partida", typos (`5.Dxd5`, `10.0-0`) included.
const E2005_001: &str = "1.e4 e5 2.Cf3 Cf6 3.d4 exd4 4.e5 Ce4 5.Dxd5 d5 6.exd6 a.p. Cxd6 \
7.Ag5 Cc6 8.De3+ Ae7 9.Cbd2 0-0 10.0-0 Te8 11.Rb1(=)";

/// Appendix C (2018/2023), seed 003: the sample game, with the glued `Ae79.` and the full stop.
const C2023_003: &str = "1. e4 e5 2. Cf3 Cf6 3. d4 exd4 4. e5 Ce4 5. Dxd4 d5 6. exd6 a.p. Cxd6 \
7. Ag5 Cc6 8. De3+ Ae79. Cbd2 0-0 10. 0-0-0 Te8 11. Rb1 (=).";

/// Appendix C (2018/2023), seed 003: the shorthand version of the same game.
const C2023_003_SHORT: &str = "1. e4 e5 2. Cf3 Cf6 3. d4 ed4 4. e5 Ce4 5. Dd4 d5 6. ed6 Cd6 \
7. Ag5 Cc6 8. De3 Ae7 9 Cbd2 0-0 10. 0-0-0 Te8 11. Kb1 (=)";

fn one_game(text: &str) -> Game<'_> {
    let mut it = games(text, Parser::spanish());
    let g = it.next().expect("a game").expect("no syntax error");
    assert!(it.next().is_none(), "one game only");
    g
}

fn mainline(text: &str) -> Vec<Notation> {
    one_game(text).mainline().map(|r| *r.first()).collect()
}

fn numbers(game: &Game) -> Vec<u32> {
    game.movetext
        .iter()
        .filter_map(|t| match &t.kind {
            TokenKind::MoveNumber { number, .. } => Some(*number),
            _ => None,
        })
        .collect()
}

fn target(n: &Notation) -> Option<Square> {
    match n.body() {
        Body::Normal(m) => m.target_square(),
        Body::Castle(_) => None,
    }
}

#[test]
fn appendix_e_2005_sample_game_seed_000() {
    let game = one_game(E2005_000);
    let moves: Vec<Notation> = game.mainline().map(|r| *r.first()).collect();
    assert_eq!(moves.len(), 32);
    assert_eq!(numbers(&game), (1..=16).collect::<Vec<_>>());
    // 4...0-0 and 14.0-0 are castling; 10.Db3 a queen move; 11.bxc3 a pawn capture.
    assert!(matches!(moves[7].body(), Body::Castle(c) if c.side == CastlingSide::KingSide));
    assert!(matches!(moves[26].body(), Body::Castle(_)));
    assert_eq!(moves[18].role(), Some(Role::Queen));
    let Body::Normal(m) = moves[20].body() else {
        panic!()
    };
    assert_eq!((m.from_file, m.is_capture()), (Some(File::B), true));
    // Canonical Spanish writes every move back as the Appendix printed it.
    let written: Vec<String> = moves.iter().map(|n| n.to_string()).collect();
    let printed: Vec<&str> = E2005_000
        .split_whitespace()
        .map(|w| w.rsplit('.').next().unwrap())
        .collect();
    assert_eq!(written, printed);
}

#[test]
fn appendix_e_2005_sample_game_seed_001_with_its_typos() {
    let game = one_game(E2005_001);
    let moves: Vec<Notation> = game.mainline().map(|r| *r.first()).collect();
    assert_eq!(moves.len(), 21);
    // 6.exd6 a.p.: en passant after a space.
    let ep = moves[10].en_passant().expect("a.p.");
    assert_eq!(&E2005_001[ep.span.range()], "a.p.");
    // 8.De3+ gives check; 11.Rb1(=) is a king move with a draw offer.
    assert_eq!(moves[14].suffix().map(|s| s.kind), Some(SuffixKind::Check));
    let last = moves[20];
    assert_eq!(last.role(), Some(Role::King));
    assert_eq!(&E2005_001[last.draw_offer().unwrap().range()], "(=)");
    // The typo 5.Dxd5 parses (the resolver flags it): a queen capture on d5.
    assert_eq!(target(&moves[8]), Some(Square::D5));
    assert_eq!(moves[8].role(), Some(Role::Queen));
}

#[test]
fn appendix_c_2023_sample_game_seed_003_with_glued_number() {
    let game = one_game(C2023_003);
    let moves: Vec<Notation> = game.mainline().map(|r| *r.first()).collect();
    assert_eq!(moves.len(), 21);
    assert_eq!(numbers(&game), (1..=11).collect::<Vec<_>>());
    // "Ae79." is the move Ae7 followed by the move number 9.
    let ae7 = game
        .movetext
        .iter()
        .position(|t| matches!(t, Token { kind: TokenKind::Move(r), .. } if r.first().to_string() == "Ae7"))
        .unwrap();
    assert!(matches!(
        game.movetext[ae7 + 1].kind,
        TokenKind::MoveNumber { number: 9, .. }
    ));
    assert_eq!(&C2023_003[game.movetext[ae7].span().range()], "Ae7");
    // 10. 0-0-0 is long castling.
    assert!(matches!(moves[18].body(), Body::Castle(c) if c.side == CastlingSide::QueenSide));
}

#[test]
fn appendix_c_2023_shorthand_reads_as_the_same_moves() {
    let full = mainline(C2023_003);
    let short = mainline(C2023_003_SHORT);
    assert_eq!(full.len(), short.len());
    for (f, s) in full.iter().zip(&short) {
        assert_eq!(f.role(), s.role(), "{f} / {s}");
        assert_eq!(target(f), target(s), "{f} / {s}");
    }
    // ed4: a pawn from e takes on d4, no capture mark (C.9: the x is optional).
    let Body::Normal(m) = short[5].body() else {
        panic!()
    };
    assert_eq!((m.from_file, m.is_capture()), (Some(File::E), false));
    assert_eq!(m.target, Target::Square(Square::D4));
    // 11. Kb1: the English letter K, read as the king on a Spanish sheet.
    let kb1 = short[20];
    assert_eq!(kb1.role(), Some(Role::King));
    let Body::Normal(m) = kb1.body() else {
        panic!()
    };
    assert_eq!(m.piece.unwrap().letter, 'K');
    assert!(kb1.draw_offer().is_some());
    // "9 Cbd2": a move number with no period.
    let game = one_game(C2023_003_SHORT);
    assert_eq!(numbers(&game), (1..=11).collect::<Vec<_>>());
}

fn tokens(text: &str) -> Vec<Token<'_>> {
    Lexer::new(text, Parser::spanish())
        .collect::<Result<_, _>>()
        .unwrap()
}

#[test]
fn move_number_forms() {
    for text in ["1. e4", "1 . e4", "1.-e4", "1.- e4", "1 e4", "1.e4"] {
        let t = tokens(text);
        assert!(
            matches!(
                t[0].kind,
                TokenKind::MoveNumber {
                    number: 1,
                    side: Color::White,
                    ..
                }
            ),
            "{text}: {t:?}"
        );
        assert!(
            matches!(&t[1], Token { kind: TokenKind::Move(r), .. } if r.first().to_string() == "e4"),
            "{text}"
        );
        assert_eq!(t.len(), 2, "{text}");
    }
    for text in ["1... e5", "1…e5", "1 … e5", "12... Cf6"] {
        let t = tokens(text);
        assert!(
            matches!(
                t[0].kind,
                TokenKind::MoveNumber {
                    side: Color::Black,
                    ..
                }
            ),
            "{text}: {t:?}"
        );
        assert_eq!(t.len(), 2, "{text}");
    }
    // The span of "1…" covers the ellipsis in the original text.
    let t = tokens("1…e5");
    assert_eq!(t[0].span().range(), 0..4);
    assert_eq!(t[1].span().range(), 4..6);
}

#[test]
fn two_column_sheet() {
    let sheet = "1\te4\te5\n2\tCf3\tCc6\n3\tAb5\ta6\n4  Axc6   dxc6\n5  0-0    f6\n";
    let game = one_game(sheet);
    assert_eq!(numbers(&game), vec![1, 2, 3, 4, 5]);
    let moves: Vec<String> = game.mainline().map(|r| r.first().to_string()).collect();
    assert_eq!(
        moves,
        [
            "e4", "e5", "Cf3", "Cc6", "Ab5", "a6", "Axc6", "dxc6", "0-0", "f6"
        ]
    );
}

#[test]
fn results_in_signs_and_spanish_words() {
    for (text, outcome) in [
        ("1-0", Outcome::WhiteWins),
        ("0-1", Outcome::BlackWins),
        ("1/2-1/2", Outcome::Draw),
        ("½-½", Outcome::Draw),
        ("*", Outcome::Unknown),
        ("tablas", Outcome::Draw),
        ("Tablas por acuerdo", Outcome::Draw),
        ("abandonan", Outcome::SideToMoveResigns),
        ("abandonan las negras", Outcome::WhiteWins),
        ("Las blancas abandonan", Outcome::BlackWins),
        ("ganan las negras", Outcome::BlackWins),
    ] {
        let text = format!("1. e4 e5 {text}");
        let game = one_game(&text);
        assert_eq!(game.outcome(), Some(outcome), "{text}");
        let Token {
            kind: TokenKind::Outcome { .. },
            span,
        } = game.movetext.last().unwrap()
        else {
            panic!()
        };
        assert_eq!(span.start, 9, "{text}");
        assert_eq!(span.end as usize, text.len(), "{text}");
    }
}

#[test]
fn comments_variations_nags() {
    let text =
        "1. e4 {el mejor} e5 ; clásica\n2. Cf3 $1 (2. f4 exf4 (2... d5) 3. Cf3) Cc6!? 3. Ab5 ?? *";
    let t = tokens(text);
    let kinds: Vec<&str> = t
        .iter()
        .map(|t| match &t.kind {
            TokenKind::MoveNumber { .. } => "N",
            TokenKind::Move(_) => "M",
            TokenKind::Comment { .. } => "C",
            TokenKind::Nag { .. } => "$",
            TokenKind::VariationStart => "(",
            TokenKind::VariationEnd => ")",
            TokenKind::Outcome { .. } => "R",
            _ => "?",
        })
        .collect();
    assert_eq!(kinds.concat(), "NMCMCNM$(NMM(NM)NM)MNM$R");
    assert!(
        matches!(&t[2], Token { kind: TokenKind::Comment { text, .. }, .. } if text == "el mejor")
    );
    assert!(
        matches!(&t[4], Token { kind: TokenKind::Comment { text, .. }, .. } if text == " clásica")
    );
    assert!(matches!(t[7].kind, TokenKind::Nag { nag: 1, .. }));
    // "Cc6!?" keeps its glyph on the move; the standalone "??" is NAG 4.
    let Token {
        kind: TokenKind::Move(r),
        ..
    } = &t[19]
    else {
        panic!()
    };
    assert_eq!(r.first().annotation().unwrap().kind.nag(), 5);
    assert!(matches!(t[22].kind, TokenKind::Nag { nag: 4, .. }));
    // Only the main line counts in the game's main line.
    let game = one_game(text);
    let main: Vec<String> = game.mainline().map(|r| r.first().to_string()).collect();
    assert_eq!(main, ["e4", "e5", "Cf3", "Cc6!?", "Ab5"]);
}

#[test]
fn pgn_tags_and_spanish_headers_map_to_the_seven_tag_roster() {
    let text = "[Event \"Abierto de Mérida\"]\n[Site \"Mérida\"]\n[Annotator \"A. \\\"B\\\" C\"]\n\n1. e4 1-0\n\n\
Torneo: Cerrado\nLugar : Sevilla\nFecha: 02/11/2025\nRonda: 3\nBlancas: Pérez, Ana\n\
Negras: Gómez, Luis\nResultado: abandonan las blancas\n\n1. d4 Cf6\n";
    let all: Vec<Game> = games(text, Parser::spanish())
        .collect::<Result<_, _>>()
        .unwrap();
    assert_eq!(all.len(), 2);
    let r = all[0].roster();
    assert_eq!(r.event, "Abierto de Mérida");
    assert_eq!(r.site, "Mérida");
    assert_eq!(r.white, "?");
    assert_eq!(r.result, "1-0");
    assert_eq!(all[0].tag("Annotator"), Some("A. \"B\" C"));
    let r = all[1].roster();
    assert_eq!(
        [
            &r.event, &r.site, &r.date, &r.round, &r.white, &r.black, &r.result
        ],
        [
            "Cerrado",
            "Sevilla",
            "2025.11.02",
            "3",
            "Pérez, Ana",
            "Gómez, Luis",
            "0-1"
        ]
    );
    assert_eq!(all[1].tags[0].spanish, Some(HeaderField::Event));
    let span = all[1].tags[4].span;
    assert_eq!(&text[span.range()], "Blancas: Pérez, Ana");
}

#[test]
fn two_headers_on_one_line_are_two_tags() {
    // A sheet's printed heading: White and Black on one line, the event and the round on
    // another, the date and the result after a semicolon.
    let text = "Torneo: Abierto de Sitges   Ronda: 3\nBlancas: Pérez, Ana    Negras: López, Luis\n\
                Fecha: 7/3/2024; Resultado: 1-0\n\n1.e4 e5 2.Cf3 1-0\n";
    let all: Vec<Game> = games(text, Parser::spanish())
        .collect::<Result<_, _>>()
        .unwrap();
    assert_eq!(all.len(), 1);
    let r = all[0].roster();
    assert_eq!(
        [
            &r.event, &r.site, &r.date, &r.round, &r.white, &r.black, &r.result
        ],
        [
            "Abierto de Sitges",
            "?",
            "2024.03.07",
            "3",
            "Pérez, Ana",
            "López, Luis",
            "1-0"
        ]
    );
    // A value may hold a header's word, but not followed by its colon.
    let text = "Torneo: Copa Blancas y Negras\n\n1.e4 e5\n";
    let all: Vec<Game> = games(text, Parser::spanish())
        .collect::<Result<_, _>>()
        .unwrap();
    assert_eq!(all[0].roster().event, "Copa Blancas y Negras");
    assert_eq!(all[0].roster().white, "?");
}

#[test]
fn several_games_streamed() {
    let text = "1. e4 e5 1-0\n1. d4 d5 0-1\n1. c4 c5 ½-½\n1. Cf3";
    let all: Vec<Game> = games(text, Parser::spanish())
        .collect::<Result<_, _>>()
        .unwrap();
    assert_eq!(all.len(), 4);
    let outcomes: Vec<Option<Outcome>> = all.iter().map(Game::outcome).collect();
    assert_eq!(
        outcomes,
        [
            Some(Outcome::WhiteWins),
            Some(Outcome::BlackWins),
            Some(Outcome::Draw),
            None
        ]
    );
}

#[test]
fn an_error_skips_to_the_next_game() {
    let text = "[White \"a\"]\n1. e4 Nf9 2. d4 1-0\n[White \"b\"]\n1. d4 *";
    let results: Vec<_> = read_games(text.as_bytes(), Parser::spanish()).collect();
    assert_eq!(results.len(), 2);
    // The word that does not read stays in its game, with its error.
    let err = results[0]
        .as_ref()
        .unwrap()
        .movetext
        .iter()
        .find_map(|t| match &t.kind {
            TokenKind::Word { error, .. } => Some(*error),
            _ => None,
        })
        .unwrap();
    assert_eq!(&text[err.span.range()], "9");
    let g = results[1].as_ref().unwrap();
    assert_eq!(g.tag("White"), Some("b"));
}

/// English SAN to Spanish letters: K→R, Q→D, R→T, B→A, N→C, O-O→0-0 (the brief's mapping).
fn to_spanish(san: &str) -> String {
    if san.starts_with("O-O") {
        return san.replace('O', "0");
    }
    san.chars()
        .map(|c| match c {
            'K' => 'R',
            'Q' => 'D',
            'R' => 'T',
            'B' => 'A',
            'N' => 'C',
            c => c,
        })
        .collect::<String>()
        .replace('=', "")
}

#[test]
fn lichess_games_in_english_and_translated_to_spanish() {
    let pgn = std::fs::read(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/data/lichess_db_1000k.pgn"
    ))
    .unwrap();
    let english = Parser::new(Language::ENGLISH, CaseMode::Strict);
    let games_en: Vec<Game> = read_games(&pgn, english).collect::<Result<_, _>>().unwrap();
    assert_eq!(games_en.len(), 438);
    let mut checked = 0;
    for g in &games_en {
        assert!(g.tag("White").is_some());
        let sans: Vec<String> = g
            .mainline()
            .map(|r| r.first().written(Language::ENGLISH).to_string())
            .collect();
        // Every move written back in English letters is the move as lichess wrote it, modulo
        // the castling glyph and the promotion sign kept as read.
        let spanish: Vec<String> = sans.iter().map(|s| to_spanish(s)).collect();
        if spanish.is_empty() {
            continue;
        }
        let text = spanish.join(" ");
        let back: Vec<String> = one_game(&text)
            .mainline()
            .map(|r| r.first().to_string())
            .collect();
        assert_eq!(back, spanish);
        checked += sans.len();
    }
    assert!(checked > 25_000, "{checked}");
    // Promotions and castling occur and survive the trip.
    assert!(
        games_en
            .iter()
            .flat_map(|g| g.mainline())
            .any(|r| matches!(r.first().body(),
        Body::Normal(m) if m.promotion.is_some()))
    );
}

#[test]
fn streamed_games_match_the_whole_file_reading() {
    use planilla::scoresheet::StreamGames;
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/data/lichess_db_1000k.pgn"
    );
    let whole = std::fs::read(path).unwrap();
    let english = Parser::new(Language::ENGLISH, CaseMode::Strict);
    let all: Vec<Game> = read_games(&whole, english)
        .collect::<Result<_, _>>()
        .unwrap();
    let file = std::io::BufReader::new(std::fs::File::open(path).unwrap());
    let streamed: Vec<Game<'static>> = StreamGames::new(file, english)
        .collect::<Result<_, _>>()
        .unwrap();
    assert_eq!(streamed.len(), 438);
    for (a, b) in all.iter().zip(&streamed) {
        assert_eq!(a.tags, b.tags);
        assert_eq!(a.movetext, b.movetext);
    }
    // Errors carry stream offsets too.
    let text = "1. e4 e5 1-0\n\n[White \"x\"]\n1. Xf3 *\n";
    let results: Vec<_> = StreamGames::new(text.as_bytes(), Parser::spanish()).collect();
    let err = results
        .iter()
        .flat_map(|r| r.as_ref().unwrap().movetext.iter())
        .find_map(|t| match &t.kind {
            TokenKind::Word { error, .. } => Some(*error),
            _ => None,
        })
        .unwrap();
    assert_eq!(&text[err.span.range()], "X");
}

#[test]
fn the_result_stands_with_a_termination_word_after_it() {
    for (end, outcome, result) in [
        ("1-0 abandono", Outcome::WhiteWins, "1-0"),
        ("0-1 (tiempo)", Outcome::BlackWins, "0-1"),
        ("1/2-1/2 tablas por acuerdo", Outcome::Draw, "1/2-1/2"),
        ("1-0 blah", Outcome::WhiteWins, "1-0"),
    ] {
        let text = format!("1. e4 e5 2. Cf3 Cc6 {end}");
        let game = one_game(&text);
        // The termination word or the text is the game's, after its result.
        assert!(
            matches!(game.movetext[6], Token { kind: TokenKind::Outcome { outcome: o, .. }, .. } if o == outcome),
            "{end}: {:?}",
            game.movetext
        );
        assert_eq!(game.outcome(), Some(outcome), "{end}");
        assert_eq!(game.roster().result, result, "{end}");
        let report = planilla::check::check_text(&text, &Default::default())
            .next()
            .unwrap();
        assert_eq!(report.recorded_result, Some(outcome), "{end}");
        assert_eq!(report.roster.result, result, "{end}");
    }
}

#[test]
fn two_forfeits_in_a_row_are_two_games() {
    // Games of headers and a result only, as `planilla convert --to es` writes the forfeits
    // of a lichess file (games 236 and 237 of tests/data/lichess_db_1000k.pgn). A repeated
    // field begins the next game: before, the second game's headers were added to the first,
    // and one game vanished.
    let text = "Evento: Rated Blitz game\nBlancas: Ana\nNegras: Luis\n\nResultado: 0-1\n\n\
                Evento: Rated Blitz game\nBlancas: Eva\nNegras: Juan\n\nResultado: 1-0\n";
    let games: Vec<_> = games(text, Parser::spanish())
        .collect::<Result<_, _>>()
        .unwrap();
    assert_eq!(games.len(), 2);
    assert_eq!(games[0].tag("White"), Some("Ana"));
    assert_eq!(games[0].tag("Result"), Some("0-1"));
    assert_eq!(games[1].tag("White"), Some("Eva"));
    assert_eq!(games[1].tag("Result"), Some("1-0"));
}
