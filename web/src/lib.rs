//! The desk's WebAssembly: [`answer`] is `planilla serve`'s JSON API
//! ([`planilla_app::api`]) without a server. The page of `planilla serve` and of
//! `planilla serve --export` calls it in the browser, and the npm package `planilla-wasm`
//! (the build's folder, with its `index.js`) wraps it for JavaScript as `check`, `convert`,
//! `sealed`, `reconcile` and `compare`.
//!
//! `scripts/build_web.sh` builds it with `wasm-bindgen --target web` into
//! `cli/src/serve/assets/planilla/`, where the server embeds it; CI rebuilds it and fails if
//! the checked-in build differs.
//!
//! ```
//! let a = planilla_web::answer("check", r#"{"text": "1.e4 e5 2.Re3"}"#);
//! assert_eq!(a.status(), 200);
//! assert!(a.body().contains("\"valid\":false"));
//! ```

#![forbid(unsafe_code)]
#![deny(missing_docs)]

use planilla_app::api;
use wasm_bindgen::prelude::wasm_bindgen;

/// An answer of the API: the HTTP status the server would give, the content type and the body.
#[wasm_bindgen]
pub struct Answer {
    status: u16,
    content_type: &'static str,
    body: String,
}

#[wasm_bindgen]
impl Answer {
    /// 200, or 400 (a body that is not the route's JSON) or 404 (an unknown route), whose body
    /// is `{"error": "…"}`.
    #[wasm_bindgen(getter)]
    pub fn status(&self) -> u16 {
        self.status
    }

    /// `application/json`, or `application/x-chess-pgn; charset=utf-8` for `convert`.
    #[wasm_bindgen(getter, js_name = contentType)]
    pub fn content_type(&self) -> String {
        self.content_type.to_owned()
    }

    /// The body: the JSON (or PGN) the server would answer.
    #[wasm_bindgen(getter)]
    pub fn body(&self) -> String {
        self.body.clone()
    }
}

/// Answers `body` (a JSON object, as posted to `/api/ROUTE`) for `route` (`check`, `convert`,
/// `reconcile`, `compare` or `sealed`), as `planilla serve` does. Never throws.
#[wasm_bindgen]
pub fn answer(route: &str, body: &str) -> Answer {
    let found = api::answer_named(route, body.as_bytes());
    Answer {
        status: found.status,
        content_type: found.content_type,
        // The API writes UTF-8 (its strings come from Rust strings).
        body: String::from_utf8_lossy(&found.body).into_owned(),
    }
}

/// The version of the crate that built this module: `0.1.0`.
#[wasm_bindgen]
pub fn version() -> String {
    env!("CARGO_PKG_VERSION").to_owned()
}
