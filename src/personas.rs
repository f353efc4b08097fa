//! Who the computer players are: their level, and their personas (a first name, a small
//! portrait, a tagline and a bidding style), which come from `assets/players.json`, embedded in
//! the binary and checked when loaded. How each level plays is the players' own (`bots`); the
//! level is here so that a game can record which level sat at each seat.

use std::fmt;

use serde::{Deserialize, Serialize};

/// How strong a bot is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Level {
    /// Always passes; plays a uniformly random legal card.
    Random,
    /// Bids its own hand by count, never contres; plays by sound rules without card memory,
    /// and now and then a random card.
    Easy,
    /// Card memory and inference, the bidding convention, contres.
    Normal,
    /// Works out its cards, bids and contres in sampled worlds with the double-dummy solver.
    Expert,
}

impl Level {
    /// Every level, weakest first.
    pub const ALL: [Level; 4] = [Level::Random, Level::Easy, Level::Normal, Level::Expert];

    /// The strongest level.
    pub const STRONGEST: Level = Level::Expert;

    /// The level of a new table and of `contree bot` when none is named.
    pub const DEFAULT: Level = Level::Expert;

    /// The name used on the command line.
    pub const fn name(self) -> &'static str {
        match self {
            Level::Random => "random",
            Level::Easy => "easy",
            Level::Normal => "normal",
            Level::Expert => "expert",
        }
    }
}

impl fmt::Display for Level {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// How boldly a persona bids, within its level.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum BiddingStyle {
    /// Bids a little below what the hand seems worth; contres only on sure things.
    Cautious,
    /// Bids a little above; competes and contres more readily.
    Bold,
}

/// A tagline in both languages.
#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
pub struct Tagline {
    /// English.
    pub en: String,
    /// French.
    pub fr: String,
}

/// A computer player.
#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Persona {
    /// A short unique id, as saves store it.
    pub id: String,
    /// The first name shown at the table.
    pub name: String,
    /// Cautious or bold bidder.
    pub style: BiddingStyle,
    /// Text art, [`PORTRAIT_HEIGHT`] lines of [`PORTRAIT_WIDTH`] ASCII characters.
    pub portrait: Vec<String>,
    /// A short presentation.
    pub tagline: Tagline,
}

/// Lines in a portrait.
pub const PORTRAIT_HEIGHT: usize = 4;
/// Characters in a portrait line.
pub const PORTRAIT_WIDTH: usize = 9;

/// The personas file, embedded.
pub const PLAYERS_JSON: &str = include_str!("../assets/players.json");

/// A personas file that cannot be used.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PersonaError {
    /// The line of the file where the problem is (1-based), when known.
    pub line: Option<usize>,
    /// What is wrong.
    pub what: String,
}

impl fmt::Display for PersonaError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.line {
            Some(l) => write!(f, "players file, line {l}: {}", self.what),
            None => write!(f, "players file: {}", self.what),
        }
    }
}

impl std::error::Error for PersonaError {}

/// Parses and checks a personas file: at least 3 personas, unique ids and names, portraits of
/// the right size in printable ASCII.
pub fn parse(text: &str) -> Result<Vec<Persona>, PersonaError> {
    let list: Vec<Persona> = serde_json::from_str(text)
        .map_err(|e| PersonaError { line: Some(e.line()), what: e.to_string() })?;
    let line_of =
        |id: &str| text.lines().position(|l| l.contains(&format!("\"{id}\""))).map(|i| i + 1);
    if list.len() < 3 {
        return Err(PersonaError { line: None, what: "at least 3 players are needed".into() });
    }
    for (i, p) in list.iter().enumerate() {
        let err = |what: String| PersonaError { line: line_of(&p.id), what };
        if p.id.is_empty() || !p.id.bytes().all(|b| b.is_ascii_lowercase() || b.is_ascii_digit()) {
            return Err(err(format!("id '{}' must be lower-case letters and digits", p.id)));
        }
        if list[..i].iter().any(|q| q.id == p.id || q.name == p.name) {
            return Err(err(format!("player '{}' appears twice", p.id)));
        }
        if p.name.is_empty() || p.name.chars().count() > 12 {
            return Err(err(format!("the name of '{}' must have 1 to 12 characters", p.id)));
        }
        if p.portrait.len() != PORTRAIT_HEIGHT
            || p.portrait
                .iter()
                .any(|l| l.len() != PORTRAIT_WIDTH || !l.bytes().all(|b| (0x20..0x7f).contains(&b)))
        {
            return Err(err(format!(
                "the portrait of '{}' must be {PORTRAIT_HEIGHT} lines of {PORTRAIT_WIDTH} ASCII characters",
                p.id
            )));
        }
    }
    Ok(list)
}

/// The embedded file, parsed once.
fn embedded() -> &'static Result<Vec<Persona>, PersonaError> {
    static PARSED: std::sync::OnceLock<Result<Vec<Persona>, PersonaError>> =
        std::sync::OnceLock::new();
    PARSED.get_or_init(|| parse(PLAYERS_JSON))
}

/// The embedded personas (none if the file is broken, which [`check_embedded`] reports at start).
pub fn all() -> &'static [Persona] {
    embedded().as_deref().unwrap_or(&[])
}

/// Checks the embedded personas file, for a clear error at start rather than empty seats.
pub fn check_embedded() -> Result<(), PersonaError> {
    embedded().as_ref().map(|_| ()).map_err(Clone::clone)
}

/// The persona with this id.
pub fn by_id(id: &str) -> Option<&'static Persona> {
    all().iter().find(|p| p.id == id)
}

/// The bidding style of the player `id` at the table: its persona's, or the cautious one for
/// an id that names none (South, the human).
pub fn style_of(id: &str) -> BiddingStyle {
    by_id(id).map_or(BiddingStyle::Cautious, |p| p.style)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_embedded_file_is_valid() {
        let list = parse(PLAYERS_JSON).expect("valid players file");
        assert!(list.len() >= 12);
        assert!(list.iter().any(|p| p.style == BiddingStyle::Cautious));
        assert!(list.iter().any(|p| p.style == BiddingStyle::Bold));
    }

    #[test]
    fn a_broken_file_names_the_line() {
        let broken = PLAYERS_JSON.replacen("\"style\": \"bold\"", "\"style\": \"brave\"", 1);
        let e = parse(&broken).expect_err("unknown style");
        assert!(e.line.is_some_and(|l| l > 1), "{e}");
        let short = PLAYERS_JSON.replacen(" .-----._", " .---", 1);
        let e = parse(&short).expect_err("short portrait line");
        assert!(e.to_string().contains("portrait"), "{e}");
    }
}
