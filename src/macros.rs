//! The crate's own macros.

/// `with_*` setters for the option structs: each returns the options with one field set, so
/// that `#[non_exhaustive]` options are built as `Options::default().with_x(x)`. Each entry
/// is `doc comments, setter: field: type;`.
macro_rules! with_setters {
    ($( $(#[$doc:meta])* $with:ident: $field:ident: $ty:ty; )*) => {
        $(
            $(#[$doc])*
            #[must_use]
            pub const fn $with(mut self, $field: $ty) -> Self {
                self.$field = $field;
                self
            }
        )*
    };
}

pub(crate) use with_setters;
