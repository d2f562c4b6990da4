//! The JSON views' fields that name a choice are typed (a [`Color`], a
//! [`RepairKind`](crate::reconstruct::RepairKind), a [`Consequence`], …) and written as the
//! choice's code, a word: these are the `serialize_with` functions that write them.

use serde::Serializer;

#[cfg(feature = "reconstruct")]
use crate::reconstruct::RepairKind;
use crate::scoresheet::Termination;
#[cfg(feature = "sealed")]
use crate::sealed::{Consequence, DrawException, EvidentBasis, VerdictKind};
use crate::types::Color;

/// `white` or `black`.
pub(crate) fn color<S: Serializer>(c: &Color, s: S) -> Result<S::Ok, S::Error> {
    s.serialize_str(c.name())
}

/// `valid`, `ambiguous`, `unreadable` or `illegal`.
#[cfg(feature = "sealed")]
pub(crate) fn verdict<S: Serializer>(v: &VerdictKind, s: S) -> Result<S::Ok, S::Error> {
    s.serialize_str(v.code())
}

/// `continue`, `loss`, `draw` or `refer`.
#[cfg(feature = "sealed")]
pub(crate) fn consequence<S: Serializer>(c: &Consequence, s: S) -> Result<S::Ok, S::Error> {
    s.serialize_str(c.code())
}

/// The exception's code, or `null`.
#[cfg(feature = "sealed")]
pub(crate) fn exception<S: Serializer>(e: &Option<DrawException>, s: S) -> Result<S::Ok, S::Error> {
    match e {
        Some(e) => s.serialize_some(e.code()),
        None => s.serialize_none(),
    }
}

/// `one-edit` or `only-completion`.
#[cfg(feature = "sealed")]
pub(crate) fn basis<S: Serializer>(b: &EvidentBasis, s: S) -> Result<S::Ok, S::Error> {
    s.serialize_str(b.code())
}

/// `slip`, `missing-move`, `extra-move`, `move-order` or `ambiguous-move`.
#[cfg(feature = "reconstruct")]
pub(crate) fn repair_kind<S: Serializer>(k: &RepairKind, s: S) -> Result<S::Ok, S::Error> {
    s.serialize_str(k.code())
}

/// The PGN `Termination` value, or `null`.
pub(crate) fn termination<S: Serializer>(t: &Option<Termination>, s: S) -> Result<S::Ok, S::Error> {
    match t {
        Some(t) => s.serialize_some(t.pgn()),
        None => s.serialize_none(),
    }
}
