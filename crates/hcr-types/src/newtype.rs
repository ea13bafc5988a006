//! The impls the newtypes share, written once.

/// The common impls of a newtype, each named by the trait it implements:
/// `newtype!(Type { text: field, check: constructor }: Display, Serialize, ...)`.
///
/// - `Display`, `Serialize`: the text (`field`) as it was written.
/// - `Debug`: the text as a string literal (a type that shows itself otherwise writes its own).
/// - `Deref`, `AsRef`: the text as `str`.
/// - `Deserialize`: a string, through `check` (a function from the string to
///   `Result<Self, impl Display>`), so that nothing unchecked is ever held.
/// - `FromStr`, `TryFromStr`, `TryFromString`: `check` of the text, failing with [`Error`].
/// - `PartialOrd`: from `Ord`, so that the two agree.
///
/// [`Error`]: crate::Error
macro_rules! newtype {
    ($ty:ident { $(text: $field:tt)? $(, check: $check:expr)? $(,)? }: $($impl:ident),+ $(,)?) => {
        newtype!(@each $ty [$($field)?] [$($check)?] $($impl)+);
    };
    (@each $ty:ident $field:tt $check:tt $($impl:ident)+) => {
        $( newtype!(@$impl $ty $field $check); )+
    };
    (@Display $ty:ident [$field:tt] [$($check:expr)?]) => {
        impl ::std::fmt::Display for $ty {
            fn fmt(&self, f: &mut ::std::fmt::Formatter<'_>) -> ::std::fmt::Result {
                f.write_str(&self.$field)
            }
        }
    };
    (@Debug $ty:ident [$field:tt] [$($check:expr)?]) => {
        impl ::std::fmt::Debug for $ty {
            fn fmt(&self, f: &mut ::std::fmt::Formatter<'_>) -> ::std::fmt::Result {
                ::std::fmt::Debug::fmt(&self.$field, f)
            }
        }
    };
    (@Deref $ty:ident [$field:tt] [$($check:expr)?]) => {
        impl ::std::ops::Deref for $ty {
            type Target = str;
            fn deref(&self) -> &str {
                &self.$field
            }
        }
    };
    (@AsRef $ty:ident [$field:tt] [$($check:expr)?]) => {
        impl AsRef<str> for $ty {
            fn as_ref(&self) -> &str {
                &self.$field
            }
        }
    };
    (@Serialize $ty:ident [$field:tt] [$($check:expr)?]) => {
        impl ::serde::Serialize for $ty {
            fn serialize<S: ::serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
                serializer.serialize_str(&self.$field)
            }
        }
    };
    (@Deserialize $ty:ident [$($field:tt)?] [$check:expr]) => {
        impl<'de> ::serde::Deserialize<'de> for $ty {
            fn deserialize<D: ::serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
                let text = <String as ::serde::Deserialize>::deserialize(deserializer)?;
                ($check)(text).map_err(::serde::de::Error::custom)
            }
        }
    };
    (@FromStr $ty:ident [$($field:tt)?] [$check:expr]) => {
        impl ::std::str::FromStr for $ty {
            type Err = $crate::Error;
            fn from_str(text: &str) -> Result<Self, $crate::Error> {
                ($check)(text)
            }
        }
    };
    (@TryFromStr $ty:ident [$($field:tt)?] [$check:expr]) => {
        impl TryFrom<&str> for $ty {
            type Error = $crate::Error;
            fn try_from(text: &str) -> Result<Self, $crate::Error> {
                ($check)(text)
            }
        }
    };
    (@TryFromString $ty:ident [$($field:tt)?] [$check:expr]) => {
        impl TryFrom<String> for $ty {
            type Error = $crate::Error;
            fn try_from(text: String) -> Result<Self, $crate::Error> {
                ($check)(text)
            }
        }
    };
    (@PartialOrd $ty:ident [$($field:tt)?] [$($check:expr)?]) => {
        impl PartialOrd for $ty {
            fn partial_cmp(&self, other: &Self) -> Option<::std::cmp::Ordering> {
                Some(self.cmp(other))
            }
        }
    };
}
