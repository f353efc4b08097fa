//! The words of contree, in French and English, below every front end: the languages, the
//! catalogue of texts ([`T`], where a missing translation does not compile), the folding of a
//! text to plain ASCII or to what a screen reader reads best, the words of the rules (cards,
//! suits, seats, calls, contracts, scores) and signed figures with their uncertainty, each
//! written once. It names the rules alone: each domain's own sentences are `impl Words` blocks
//! beside the types they describe (the game's refusals in `game`, the expert's reasons in
//! `bots::expert`, the store's errors in `store`, the table's in `session`).

use serde::{Deserialize, Serialize};

mod catalogue;
mod fold;
mod rules;

pub use catalogue::T;
pub use fold::{ascii, spoken};
use fold::{fold_of, folded_texts};

/// A language of the table.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Lang {
    /// Français.
    Fr,
    /// English.
    #[default]
    En,
}

impl Lang {
    /// Both languages.
    pub const ALL: [Lang; 2] = [Lang::Fr, Lang::En];

    /// The language named by a locale value such as `fr_FR.UTF-8` (French for `fr*`).
    pub fn from_locale(value: &str) -> Lang {
        if value.to_ascii_lowercase().starts_with("fr") { Lang::Fr } else { Lang::En }
    }

    /// The language of the environment: the first of `LC_ALL`, `LC_MESSAGES`, `LANG` that is set.
    pub fn from_env() -> Lang {
        ["LC_ALL", "LC_MESSAGES", "LANG"]
            .iter()
            .filter_map(|k| std::env::var(k).ok())
            .find(|v| !v.is_empty())
            .map_or(Lang::En, |v| Lang::from_locale(&v))
    }

    /// The language's own name.
    pub const fn name(self) -> &'static str {
        match self {
            Lang::Fr => "Français",
            Lang::En => "English",
        }
    }
}

/// How suits are drawn.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum SuitStyle {
    /// ♠ ♥ ♦ ♣.
    #[default]
    Glyphs,
    /// Letters (S H D C in English, P C K T in French), for terminals without the glyphs.
    Letters,
}

/// Whether the locale of the environment can show UTF-8 (checked in `LC_ALL`, `LC_CTYPE`, `LANG`).
pub fn locale_is_utf8() -> bool {
    ["LC_ALL", "LC_CTYPE", "LANG"]
        .iter()
        .filter_map(|k| std::env::var(k).ok())
        .find(|v| !v.is_empty())
        .is_none_or(|v| {
            let v = v.to_ascii_lowercase();
            v.contains("utf-8") || v.contains("utf8")
        })
}

/// Seconds since the Unix epoch as a civil date and time in `tz`: (month 1-12, day, hour,
/// minute).
pub fn local_time(secs: u64, tz: &jiff::tz::TimeZone) -> Option<(u8, u8, u8, u8)> {
    let t = jiff::Timestamp::from_second(i64::try_from(secs).ok()?).ok()?;
    let d = tz.to_datetime(t);
    Some((d.month() as u8, d.day() as u8, d.hour() as u8, d.minute() as u8))
}

/// `text` with its first letter in capitals, as a sentence starts.
pub fn capital(text: &str) -> String {
    let mut chars = text.chars();
    match chars.next() {
        Some(first) => first.to_uppercase().chain(chars).collect(),
        None => String::new(),
    }
}

/// A clause made a sentence of its own, to stand beside others on one line: its first letter a
/// capital when its first word is a word (a file's name, `settings.json`, stays as it is
/// written), and a full stop at its end unless it ends with one already (`.`, `!`, `?`, `…`).
pub fn sentence(clause: &str) -> String {
    let first_word = clause.split_whitespace().next().unwrap_or_default();
    let a_word = first_word.chars().all(|c| c.is_alphabetic() || c == '\'' || c == '’');
    let mut chars = clause.chars();
    let mut said: String = match chars.next() {
        Some(first) if a_word => first.to_uppercase().chain(chars).collect(),
        Some(_) => clause.to_string(),
        None => return String::new(),
    };
    if !said.ends_with(['.', '!', '?', '…']) {
        said.push('.');
    }
    said
}

/// A figure rounded as contree writes every figure: to the nearest whole number, halves away
/// from zero (92.5 is 93, −92.5 is −93), so that a figure reads the same on every screen; a
/// figure that rounds to nothing is 0, never −0, and one that is not finite is 0.
pub fn rounded(x: f64) -> i64 {
    let r = x.round();
    if r.is_finite() && r != 0.0 { r as i64 } else { 0 }
}

/// A whole number with its sign, the minus a true minus: "+25", "−60", "0".
pub fn signed(n: i64) -> String {
    match n {
        0 => "0".into(),
        n if n < 0 => format!("−{}", n.unsigned_abs()),
        n => format!("+{n}"),
    }
}

/// A whole number, its minus a true minus: "25", "−60", "0".
pub fn unsigned(n: i64) -> String {
    if n < 0 { format!("−{}", n.unsigned_abs()) } else { n.to_string() }
}

/// A standard error as every figure writes it: rounded, never below zero; `None` when there is
/// none to tell (over fewer than two worlds' worth, it is infinite).
fn error(se: Option<f64>) -> Option<i64> {
    se.filter(|se| se.is_finite()).map(|se| rounded(se).max(0))
}

/// A figure already written, with its standard error when it has a finite one: "70 ± 6", else
/// "70": the short form, for the lists and columns of figures (the help's glossary reads ± as
/// "give or take"). A sentence says it in words, [`Words::give_or_take`].
pub fn give_or_take(figure: impl std::fmt::Display, se: Option<f64>) -> String {
    match error(se) {
        Some(se) => format!("{figure} ± {se}"),
        None => figure.to_string(),
    }
}

/// A mean with its sign and its standard error: "+33 ± 9", "−12 ± 3", "0 ± 4".
pub fn signed_figure(mean: f64, se: Option<f64>) -> String {
    give_or_take(signed(rounded(mean)), se)
}

/// A mean, signed only when below zero, with its standard error: "92 ± 35", "−4 ± 2".
pub fn figure(mean: f64, se: Option<f64>) -> String {
    give_or_take(unsigned(rounded(mean)), se)
}

/// `text` cut into lines of at most `width` columns, at spaces where it can be (a word wider
/// than a line has one of its own), never before a mark French spaces from its word (« près ;
/// puis », « vues : ») nor after an opening «, which go with their word: the lines a screen
/// wraps a sentence in.
pub fn wrapped(text: &str, width: usize) -> Vec<String> {
    let width = width.max(1);
    let mut words: Vec<String> = Vec::new();
    for word in text.split(' ') {
        match words.last_mut() {
            Some(last) if matches!(word, ":" | ";" | "!" | "?" | "»") || last == "«" => {
                last.push(' ');
                last.push_str(word);
            }
            _ => words.push(word.to_string()),
        }
    }
    let mut lines: Vec<String> = Vec::new();
    let mut line = String::new();
    for word in words {
        let fits = line.chars().count() + 1 + word.chars().count() <= width;
        if line.is_empty() || !fits {
            if !line.is_empty() {
                lines.push(std::mem::take(&mut line));
            }
            line = word;
        } else {
            line.push(' ');
            line.push_str(&word);
        }
    }
    if !line.is_empty() {
        lines.push(line);
    }
    lines
}

/// How texts are written: the language, the suit style, whether in ASCII alone, and whether to be
/// read aloud. Every text the table shows is written here, so that in ASCII (`--ascii`, a locale
/// that is not UTF-8) each is folded to ASCII at this one place, in either language, and in the
/// line mode each is worded for a screen reader ([`spoken`]): cards and suits by their names.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Words {
    /// The language.
    pub lang: Lang,
    /// Glyphs or letters.
    pub suits: SuitStyle,
    /// Plain ASCII only: letters without accents, signs by their stand-ins, suits as letters.
    pub ascii: bool,
    /// For a screen reader: cards and suits in words ("jack of spades"), no sign but plain
    /// punctuation.
    pub spoken: bool,
}

/// A sign the table draws besides its words.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Sign {
    /// The marker of the line or seat in focus: ▶.
    Marker,
    /// Before a value that can be moved back: ◀.
    Back,
    /// Quotes around what a seat says: « and ».
    Open,
    /// The closing quote.
    Close,
    /// What goes on, or was left out: ….
    Ellipsis,
    /// Before what happens on the table: —.
    Dash,
    /// What follows, who wins: →.
    Arrow,
    /// A running total: Σ.
    Sum,
    /// The bid value chosen: ›.
    Chosen,
    /// The expert's advice: •.
    Advised,
    /// The expert chose the same: ✓.
    Same,
    /// What was taken back: ↶.
    TakenBack,
    /// Between the columns of a table: │.
    Bar,
    /// A card of the trump suit: ★.
    Trump,
    /// A card seen from its back: ▮.
    CardBack,
    /// A star won in the course: ★.
    StarWon,
    /// A star still to win: ☆.
    StarToWin,
}

impl Words {
    /// A text.
    pub fn t(self, t: T) -> &'static str {
        match fold_of(self) {
            0 => t.get(self.lang),
            fold => {
                let i = usize::from(self.lang == Lang::Fr);
                folded_texts(fold).get(t as usize).map_or("", |both| both[i].as_str())
            }
        }
    }

    /// `text` in plain ASCII, or spoken, as these words write.
    pub(crate) fn fold(self, text: &str) -> std::borrow::Cow<'_, str> {
        match (self.spoken, self.ascii) {
            (false, false) => text.into(),
            (false, true) => ascii(text).into(),
            (true, false) => spoken(text, self.lang).into(),
            (true, true) => ascii(&spoken(text, self.lang)).into(),
        }
    }

    /// A text from elsewhere (a player's name or tagline, a message already worded, the rules)
    /// as the table writes it: in plain ASCII when it writes ASCII only.
    pub fn text(self, text: &str) -> std::borrow::Cow<'_, str> {
        self.fold(text)
    }

    /// A text made here, as the table writes it.
    pub(crate) fn out(self, text: String) -> String {
        match self.fold(&text) {
            std::borrow::Cow::Borrowed(_) => text,
            std::borrow::Cow::Owned(folded) => folded,
        }
    }

    /// The English or the French, as the language is.
    pub const fn pick(self, en: &'static str, fr: &'static str) -> &'static str {
        match self.lang {
            Lang::En => en,
            Lang::Fr => fr,
        }
    }

    /// A sign, or its ASCII stand-in.
    pub const fn sign(self, sign: Sign) -> &'static str {
        let (glyph, plain) = match sign {
            Sign::Marker => ("▶", ">"),
            Sign::Back => ("◀", "<"),
            Sign::Open => ("«", "<"),
            Sign::Close => ("»", ">"),
            Sign::Ellipsis => ("…", "..."),
            Sign::Dash => ("—", "-"),
            Sign::Arrow => ("→", "->"),
            Sign::Sum => ("Σ", "total"),
            Sign::Chosen => ("›", ">"),
            Sign::Advised => ("•", "*"),
            Sign::Same => ("✓", "v"),
            Sign::TakenBack => ("↶", "<"),
            Sign::Bar => ("│", "|"),
            Sign::Trump => ("★", "*"),
            Sign::CardBack => ("▮", "#"),
            Sign::StarWon => ("★", "*"),
            Sign::StarToWin => ("☆", "."),
        };
        if self.ascii || self.spoken { plain } else { glyph }
    }

    /// Whether `n` of a thing takes the plural: in English all but one, in French two and more.
    pub const fn plural(self, n: u64) -> bool {
        match self.lang {
            Lang::En => n != 1,
            Lang::Fr => n > 1,
        }
    }

    /// A colon as the language writes it: "Score: 80", "Score : 80".
    pub const fn colon(self) -> &'static str {
        match self.lang {
            Lang::En => ": ",
            Lang::Fr => " : ",
        }
    }

    /// A semicolon between two clauses, spaced as the language spaces it: "; ", " ; ".
    pub const fn semicolon(self) -> &'static str {
        match self.lang {
            Lang::En => "; ",
            Lang::Fr => " ; ",
        }
    }

    /// The exclamation mark after a word: "Contre!", and in French with a space, "Contre !".
    pub const fn exclaim(self) -> &'static str {
        match self.lang {
            Lang::En => "!",
            Lang::Fr => " !",
        }
    }
}

/// Figures with their units, as a sentence says them. A figure of the score is in points (the
/// points of the deal's score, contre and surcontre included); a figure of the cards taken is in
/// card points, always named so; an average has its standard error in words.
impl Words {
    /// A figure of a sentence, already written with its unit, and its standard error in words
    /// when it has a finite one: "+90 points for us, give or take 45", "+90 points pour nous, à
    /// 45 près"; the figure alone when it has none. The words of [`give_or_take`], rounded the
    /// same way.
    pub fn give_or_take(self, said: impl std::fmt::Display, se: Option<f64>) -> String {
        match (error(se), self.lang) {
            (Some(se), Lang::En) => format!("{said}, give or take {se}"),
            (Some(se), Lang::Fr) => format!("{said}, à {se} près"),
            (None, _) => said.to_string(),
        }
    }

    /// Points of the deal's score: "12 points", "1 point", "−5 points".
    pub fn points(self, n: i64) -> String {
        let s = if self.plural(n.unsigned_abs()) { "s" } else { "" };
        format!("{} point{s}", unsigned(n))
    }

    /// Points of the deal's score with their sign, a difference: "+10 points", "−60 points".
    pub fn signed_points(self, n: i64) -> String {
        let s = if self.plural(n.unsigned_abs()) { "s" } else { "" };
        format!("{} point{s}", signed(n))
    }

    /// What the deal's score gives the seat's side less what it gives the other, with its sign:
    /// "+90 points for us", "−12 points pour nous".
    pub fn points_for_us(self, n: i64) -> String {
        match self.lang {
            Lang::En => format!("{} for us", self.signed_points(n)),
            Lang::Fr => format!("{} pour nous", self.signed_points(n)),
        }
    }

    /// The points of the cards taken in tricks: "99 card points", "99 points de plis".
    pub fn card_points(self, n: u16) -> String {
        match (self.lang, self.plural(n.into())) {
            (Lang::En, true) => format!("{n} card points"),
            (Lang::En, false) => format!("{n} card point"),
            (Lang::Fr, true) => format!("{n} points de plis"),
            (Lang::Fr, false) => format!("{n} point de pli"),
        }
    }

    /// What clear mistakes cost in all, in points of the score: "23 points, give or take 7", or
    /// "0 points" when they cost nothing.
    pub fn mistakes_cost(self, cost: f64, se: f64) -> String {
        match rounded(cost) {
            n if n > 0 => self.give_or_take(self.points(n), Some(se)),
            _ => self.points(0),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::*;

    #[test]
    fn dates_are_local() {
        let utc = jiff::tz::TimeZone::UTC;
        assert_eq!(local_time(0, &utc), Some((1, 1, 0, 0)));
        assert_eq!(local_time(1_795_960_800, &utc), Some((11, 29, 14, 0)));
        assert_eq!(local_time(951_782_400, &utc), Some((2, 29, 0, 0)));
        let paris = jiff::tz::TimeZone::fixed(jiff::tz::offset(1));
        assert_eq!(local_time(1_795_960_800, &paris), Some((11, 29, 15, 0)));
    }

    #[test]
    fn spoken_texts_name_their_signs_and_cards() {
        use crate::rules::Card;
        assert_eq!(spoken("320 + 2 × 90 = 500", Lang::En), "320 + 2 times 90 = 500");
        assert_eq!(spoken("−12 en moyenne — 133 → 130", Lang::Fr), "-12 en moyenne, 133 à 130");
        assert_eq!(spoken("−12 ± 3 on average", Lang::En), "-12 plus or minus 3 on average");
        assert_eq!(ascii("−12 ± 3"), "-12 +/- 3");
        assert_eq!(spoken("Hint: J♠ — pulls trumps", Lang::En), "Hint: J spades, pulls trumps");
        let en = Words { lang: Lang::En, suits: SuitStyle::Glyphs, ascii: false, spoken: true };
        let fr = Words { lang: Lang::Fr, ..en };
        let ace = Card::new(Suit::Hearts, Rank::Ace);
        assert_eq!(en.card(ace), "ace of hearts");
        assert_eq!(fr.the_card(ace), "l'as de cœur");
        assert_eq!(fr.the_card(Card::new(Suit::Clubs, Rank::Queen)), "la dame de trèfle");
        assert_eq!(Words { ascii: true, ..fr }.the_card(ace), "l'as de coeur");
        let tierce = Declaration::Sequence { top: Card::new(Suit::Hearts, Rank::Queen), len: 3 };
        assert_eq!(en.declaration(tierce), "Tierce to the queen of hearts");
        assert_eq!(fr.declaration(tierce), "Tierce à la dame de cœur");
        use crate::game::{Action, GameError};
        let refused = GameError::Play(crate::rules::PlayError::MustFollow { suit: Suit::Spades });
        assert_eq!(
            en.refusal(
                Action::Play(ace),
                &refused,
                CardSet::single(Card::new(Suit::Spades, Rank::Seven))
            ),
            "ace of hearts: you must follow spades: seven of spades"
        );
        // Every text of the table, spoken, keeps no glyph a reader would spell out.
        for w in [en, fr] {
            for &t in T::ALL {
                let said = w.t(t);
                assert!(!said.contains(['♠', '♥', '♦', '♣', '×', '→', '—', '…', '★']), "{said}");
            }
        }
    }

    #[test]
    fn figures_are_rounded_one_way_and_never_read_minus_nought() {
        assert_eq!(rounded(92.5), 93);
        assert_eq!(rounded(-92.5), -93);
        assert_eq!(rounded(-0.4), 0);
        assert_eq!(rounded(f64::NAN), 0);
        assert_eq!(signed(0), "0");
        assert_eq!(signed_figure(-0.4, Some(-0.0)), "0 ± 0");
        assert_eq!(signed_figure(33.4, Some(8.6)), "+33 ± 9");
        assert_eq!(signed_figure(-11.6, Some(3.2)), "−12 ± 3");
        assert_eq!(figure(92.5, Some(35.2)), "93 ± 35");
        assert_eq!(figure(70.0, Some(f64::INFINITY)), "70");
        assert_eq!(figure(-4.0, None), "−4");
        assert_eq!(give_or_take(70, Some(6.0)), "70 ± 6");
    }

    #[test]
    fn a_sentence_wraps_at_its_spaces_and_keeps_french_marks_with_their_words() {
        assert_eq!(wrapped("à 12 près ; puis 100", 11), ["à 12 près ;", "puis 100"]);
        assert_eq!(wrapped("à 12 près ; puis 100", 10), ["à 12", "près ;", "puis 100"]);
        assert_eq!(wrapped("one two three", 7), ["one two", "three"]);
        assert_eq!(wrapped("unbreakable x", 4), ["unbreakable", "x"]);
        assert_eq!(wrapped("", 5), Vec::<String>::new());
    }

    #[test]
    fn a_sentence_says_each_figure_with_its_unit_and_its_error_in_words() {
        let en = Words { lang: Lang::En, suits: SuitStyle::Glyphs, ascii: false, spoken: false };
        let fr = Words { lang: Lang::Fr, ..en };
        assert_eq!(
            en.give_or_take(en.points_for_us(90), Some(44.6)),
            "+90 points for us, give or take 45"
        );
        assert_eq!(
            fr.give_or_take(fr.points_for_us(-12), Some(3.0)),
            "−12 points pour nous, à 3 près"
        );
        // Without an error to tell, the figure alone, as the short form writes it.
        assert_eq!(en.give_or_take(en.points(5), Some(f64::INFINITY)), "5 points");
        assert_eq!(en.points(1), "1 point");
        assert_eq!(fr.points(0), "0 point");
        assert_eq!(fr.points_for_us(-1), "−1 point pour nous");
        assert_eq!(en.card_points(99), "99 card points");
        assert_eq!(fr.card_points(99), "99 points de plis");
        assert_eq!(fr.card_points(1), "1 point de pli");
        assert_eq!(en.mistakes_cost(23.4, 7.2), "23 points, give or take 7");
        assert_eq!(fr.mistakes_cost(0.3, 1.0), "0 point");
        let ascii = Words { ascii: true, ..fr };
        assert_eq!(
            ascii.out(ascii.give_or_take(ascii.points(12), Some(3.0))),
            "12 points, a 3 pres"
        );
    }

    #[test]
    fn a_clause_is_made_a_sentence_and_a_file_name_kept_as_written() {
        assert_eq!(sentence("the last line was cut off"), "The last line was cut off.");
        assert_eq!(sentence("la dernière ligne"), "La dernière ligne.");
        assert_eq!(sentence("settings.json could not be used"), "settings.json could not be used.");
        assert_eq!(sentence("Already one."), "Already one.");
        assert_eq!(sentence(""), "");
    }

    #[test]
    fn locale_picks_the_language() {
        assert_eq!(Lang::from_locale("fr_FR.UTF-8"), Lang::Fr);
        assert_eq!(Lang::from_locale("en_GB.UTF-8"), Lang::En);
        assert_eq!(Lang::from_locale("C"), Lang::En);
    }
}
