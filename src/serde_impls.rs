//! serde for the core value types (feature `serde`).
//!
//! Each value type is written as the string a chess program writes for it, and read back from
//! it with its `FromStr`: a [`Square`] as `e4`, a [`Color`] as `white`, a [`Role`] as
//! `knight`, a [`Position`] as its FEN, an [`Edition`] as its year, an [`Outcome`] in PGN
//! form (`1-0`). A [`Move`](crate::Move) is a map of its parts, which reads back without a position; a
//! [`SanPlus`] is written as its SAN (`Nf3+`), and is not read back, since only a position
//! turns SAN into a move ([`check_move`](crate::check::check_move) reads it).
//!
//! Reports are written, not read back: a [`GameReport`] as the
//! command line's JSON view of its game ([`write::json`](crate::write::json)), a
//! [`Diagnostic`] as that view's diagnostic, and a sealed move's [`Adjudication`] as the
//! ruling of `planilla sealed --json` ([`write::sealed_json`](crate::write::sealed_json)),
//! their messages in the language of the options they were made with
//! ([`CheckOptions::messages`](crate::check::CheckOptions), Spanish by default); for another
//! language, serialize the view made in it.
//!
//! ```
//! use planilla::{Move, Position, Role, Square};
//! let json = serde_json::to_string(&Square::E4).unwrap();
//! assert_eq!(json, "\"e4\"");
//! assert_eq!(serde_json::from_str::<Square>(&json).unwrap(), Square::E4);
//! let pos = Position::startpos();
//! let json = serde_json::to_string(&pos).unwrap();
//! assert_eq!(json, "\"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\"");
//! assert_eq!(serde_json::from_str::<Position>(&json).unwrap(), pos);
//! let mv = pos.legal_moves_to(Role::Knight, Square::F3)[0];
//! let json = serde_json::to_string(&mv).unwrap();
//! assert_eq!(json, r#"{"normal":{"role":"knight","from":"g1","capture":null,"to":"f3","promotion":null}}"#);
//! assert_eq!(serde_json::from_str::<Move>(&json).unwrap(), mv);
//!
//! // A ruling (the feature `sealed`) is `planilla sealed --json`'s: two knights can go to d2.
//! # #[cfg(feature = "sealed")]
//! # {
//! let envelope: Position = "4k3/8/8/8/8/5N2/8/1N2K3 w - - 0 41".parse().unwrap();
//! let ruling = planilla::sealed::adjudicate_sealed(&envelope, "Cd2", &planilla::Language::SPANISH,
//!     planilla::resolve::Edition::default());
//! let json = serde_json::to_value(&ruling).unwrap();
//! assert_eq!(json["verdict"], "ambiguous");
//! assert_eq!(json["fen"], "4k3/8/8/8/8/5N2/8/1N2K3 w - - 0 41");
//! # }
//! ```

use serde::{Deserialize, Deserializer, Serialize, Serializer};

use crate::check::{Diagnostic, GameReport};
use crate::laws::Edition;
use crate::position::Position;
use crate::san::SanPlus;
use crate::scoresheet::Outcome;
#[cfg(feature = "sealed")]
use crate::sealed::Adjudication;
use crate::types::{Color, Role, Square};

/// `Serialize` as the `Display` string, `Deserialize` by `FromStr`.
macro_rules! as_string {
    ($($t:ty),*) => {$(
        impl Serialize for $t {
            fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
                s.collect_str(self)
            }
        }

        impl<'de> Deserialize<'de> for $t {
            fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
                let s = String::deserialize(d)?;
                s.parse().map_err(serde::de::Error::custom)
            }
        }
    )*};
}

as_string!(Color, Role, Square, Position, Edition, Outcome);

impl Serialize for SanPlus {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

impl Serialize for GameReport {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        crate::write::json(self, self.messages).serialize(s)
    }
}

#[cfg(feature = "sealed")]
impl Serialize for Adjudication {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        crate::write::sealed_json(self, &self.position, self.messages).serialize(s)
    }
}

impl Serialize for Diagnostic {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        crate::write::DiagnosticJson::new(self, self.messages).serialize(s)
    }
}
