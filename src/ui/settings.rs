//! The player's preferences, kept in `settings.json` in the data directory: language, bot level
//! and speed, the rules of new games (rule set, sans atout / tout atout, contrée's scoring, deal
//! style), the suit drawing, the colours, the automatic play of a forced card, the bidding hint,
//! the take-back, and whether South chooses to declare.

use std::time::Duration;

use serde::{Deserialize, Serialize};

use super::text::Lang;
use crate::bots::Level;
use crate::game::DealStyle;
use crate::rules::{ContreScoring, RuleSet, Rules, ScoringMethod};

/// The settings file in the data directory.
pub const SETTINGS_FILE: &str = "settings.json";

/// How fast the computer players act.
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize, clap::ValueEnum,
)]
#[serde(rename_all = "kebab-case")]
pub enum Speed {
    /// A long, comfortable pause.
    Slow,
    /// The default pause.
    #[default]
    Normal,
    /// A short pause.
    Fast,
    /// No pause at all.
    Instant,
}

impl Speed {
    /// Every speed, slowest first.
    pub const ALL: [Speed; 4] = [Speed::Slow, Speed::Normal, Speed::Fast, Speed::Instant];

    /// How long a computer player waits before acting.
    pub const fn bot_delay(self) -> Duration {
        Duration::from_millis(match self {
            Speed::Slow => 1400,
            Speed::Normal => 800,
            Speed::Fast => 300,
            Speed::Instant => 0,
        })
    }

    /// How long a new deal is on the table before it takes a key: long enough to see it, so
    /// that no key meant for the screen before becomes a call, at every speed.
    pub const fn deal_delay(self) -> Duration {
        Duration::from_millis(match self {
            Speed::Slow => 900,
            Speed::Normal => 700,
            Speed::Fast => 500,
            Speed::Instant => 400,
        })
    }

    /// How long a finished trick stays on the table before it is gathered.
    pub const fn trick_delay(self) -> Duration {
        Duration::from_millis(match self {
            Speed::Slow => 2200,
            Speed::Normal => 1400,
            Speed::Fast => 600,
            Speed::Instant => 0,
        })
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

/// The player's preferences.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct Settings {
    /// The language of the table.
    pub lang: Lang,
    /// The computer players' level.
    pub level: Level,
    /// How fast they act.
    pub speed: Speed,
    /// The rule set of new games.
    pub set: RuleSet,
    /// Bids in sans atout and tout atout in new games.
    pub nt_at: bool,
    /// Scoring method for new games of contrée.
    pub scoring: ScoringMethod,
    /// Contre scoring for new games of contrée.
    pub contre: ContreScoring,
    /// Deal style for new games.
    pub deal_style: DealStyle,
    /// Suit glyphs or letters.
    pub suits: SuitStyle,
    /// Play a card by itself when it is the only legal one.
    pub auto_play: bool,
    /// Show what a computer player would bid in your place.
    pub hint: bool,
    /// Colours (unless `NO_COLOR` is set), or monochrome.
    pub colors: bool,
    /// Whether `u` takes back South's last call or card.
    pub undo: bool,
    /// Whether South is asked, at its first card of a coinche deal, to declare what it holds or
    /// keep quiet (else it declares, as every seat does).
    pub choose_declarations: bool,
}

impl Default for Settings {
    fn default() -> Settings {
        Settings {
            lang: Lang::En,
            level: Level::DEFAULT,
            speed: Speed::Normal,
            set: RuleSet::default(),
            nt_at: false,
            scoring: ScoringMethod::default(),
            contre: ContreScoring::default(),
            deal_style: DealStyle::default(),
            suits: SuitStyle::Glyphs,
            auto_play: true,
            hint: false,
            colors: true,
            undo: true,
            choose_declarations: false,
        }
    }
}

impl Settings {
    /// The rules new games are played with.
    pub fn rules(&self) -> Rules {
        Rules { set: self.set, nt_at: self.nt_at, scoring: self.scoring, contre: self.contre }
    }

    /// Takes `rules` for new games.
    pub fn set_rules(&mut self, rules: Rules) {
        self.set = rules.set;
        self.nt_at = rules.nt_at;
        self.scoring = rules.scoring;
        self.contre = rules.contre;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn settings_round_trip_and_fill_missing_fields() {
        let s = Settings { lang: Lang::Fr, speed: Speed::Fast, hint: true, ..Settings::default() };
        let json = serde_json::to_string(&s).expect("serialize");
        assert_eq!(serde_json::from_str::<Settings>(&json).expect("parse"), s);
        let partial: Settings = serde_json::from_str(r#"{"lang":"fr"}"#).expect("parse");
        assert_eq!(partial, Settings { lang: Lang::Fr, ..Settings::default() });
    }

    #[test]
    fn slower_speeds_wait_longer() {
        for w in Speed::ALL.windows(2) {
            assert!(w[0].bot_delay() > w[1].bot_delay());
            assert!(w[0].trick_delay() > w[1].trick_delay());
        }
        assert_eq!(Speed::Instant.bot_delay(), Duration::ZERO);
    }
}
