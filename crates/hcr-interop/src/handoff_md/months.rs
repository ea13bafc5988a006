//! Month names, as dates write them: read by the date reader of a line (`Stand: 24. Juli
//! 2026`), a heading's state before a month and a year (`✅ FAIT (Janvier 2025)`) and a
//! label's date over the steps (`**Date:** Jun 3`).

/// Months no English word spells (a day before them makes a date).
pub(crate) const NATIVE: [&str; 27] = [
    "januar",
    "jänner",
    "februar",
    "märz",
    "mai",
    "juni",
    "juli",
    "oktober",
    "dezember",
    "januari",
    "februari",
    "maart",
    "mei",
    "augustus",
    "ledna",
    "února",
    "března",
    "dubna",
    "května",
    "června",
    "července",
    "srpna",
    "září",
    "října",
    "listopadu",
    "prosince",
    "juillet",
];

/// Months that are English words or abbreviations: a day before them makes a date only
/// with a year after (`12. June data …` ends a sentence).
pub(crate) const SHARED: [&str; 23] = [
    "april",
    "august",
    "september",
    "november",
    "december",
    "january",
    "february",
    "march",
    "may",
    "june",
    "july",
    "october",
    "jan",
    "feb",
    "mär",
    "apr",
    "aug",
    "sep",
    "sept",
    "okt",
    "oct",
    "nov",
    "dez",
];

/// Months in the Romance languages, as written in a date (`Janvier 2025`, `marzo de 2026`).
const ROMANCE: [&str; 46] = [
    "janvier",
    "février",
    "fevrier",
    "mars",
    "avril",
    "juin",
    "juillet",
    "août",
    "aout",
    "septembre",
    "octobre",
    "novembre",
    "décembre",
    "decembre",
    "enero",
    "febrero",
    "marzo",
    "abril",
    "mayo",
    "junio",
    "julio",
    "agosto",
    "septiembre",
    "setiembre",
    "octubre",
    "noviembre",
    "diciembre",
    "janeiro",
    "fevereiro",
    "março",
    "maio",
    "junho",
    "julho",
    "setembro",
    "outubro",
    "novembro",
    "dezembro",
    "gennaio",
    "febbraio",
    "aprile",
    "maggio",
    "giugno",
    "luglio",
    "settembre",
    "ottobre",
    "dicembre",
];

/// Whether a word is a month's name (any case): `Janvier`, `März`, `Sept`, `dezembro`.
pub(crate) fn month_name(word: &str) -> bool {
    let word = word.to_lowercase();
    [&NATIVE[..], &SHARED[..], &ROMANCE[..]]
        .iter()
        .any(|names| names.contains(&word.as_str()))
        // (Abbreviations a day before reads as no month: `12. mar …` may be a word.)
        || matches!(word.as_str(), "mar" | "jun" | "jul" | "dec" | "oct")
}
