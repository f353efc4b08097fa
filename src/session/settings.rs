//! The player's preferences, kept in `settings.json` in the data directory: language, bot level
//! and speed, the rules of new games (rule set, sans atout / tout atout, contrée's scoring, deal
//! style), the suit drawing, the deck's colours, the table's colours (on, high contrast or off),
//! the automatic play of a forced card, the bidding hint,
//! the take-back, whether South chooses to declare, and the comparison of each deal with the
//! expert in South's seat.

use std::time::Duration;

use serde::{Deserialize, Serialize};

use crate::bots::Level;
use crate::bots::expert::Budget;
use crate::game::{DealStyle, GameOptions};
use crate::rules::{ContreScoring, RuleSet, Rules, ScoringMethod};
use crate::text::{Lang, SuitStyle, Words};

/// The settings file in the data directory.
pub const SETTINGS_FILE: &str = "settings.json";

/// How fast the computer players act.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
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

/// How many colours the suits are drawn in.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Deck {
    /// Hearts and diamonds red, spades and clubs in the text's colour: the usual deck.
    #[default]
    TwoColour,
    /// Each suit its own colour, as in the card rooms' four-colour deck.
    FourColour,
}

impl Deck {
    /// Both decks.
    pub const ALL: [Deck; 2] = [Deck::TwoColour, Deck::FourColour];
}

/// How the table uses colour.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Colours {
    /// The colour theme.
    #[default]
    On,
    /// Bold text and bright colours, nothing dimmed.
    HighContrast,
    /// No colour: the monochrome theme.
    Off,
}

impl Colours {
    /// Every choice, in the settings' order.
    pub const ALL: [Colours; 3] = [Colours::On, Colours::HighContrast, Colours::Off];
}

/// Reads the colours as written now (`"on"`, `"high-contrast"`, `"off"`), or as a settings file
/// of an earlier contree wrote them, `true` or `false`.
impl<'de> Deserialize<'de> for Colours {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Colours, D::Error> {
        #[derive(Deserialize)]
        #[serde(rename_all = "kebab-case")]
        enum Named {
            On,
            HighContrast,
            Off,
        }
        #[derive(Deserialize)]
        #[serde(untagged)]
        enum Written {
            Named(Named),
            Earlier(bool),
        }
        Ok(match Written::deserialize(d)? {
            Written::Named(Named::On) | Written::Earlier(true) => Colours::On,
            Written::Named(Named::HighContrast) => Colours::HighContrast,
            Written::Named(Named::Off) | Written::Earlier(false) => Colours::Off,
        })
    }
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
    /// Two colours or four for the suits.
    pub deck: Deck,
    /// Play a card by itself when it is the only legal one.
    pub auto_play: bool,
    /// Show what a computer player would bid in your place.
    pub hint: bool,
    /// Colours (unless `NO_COLOR` is set), high contrast, or monochrome.
    pub colors: Colours,
    /// Whether `u` takes back South's last call or card.
    pub undo: bool,
    /// Whether South is asked, at its first card of a coinche deal, to declare what it holds or
    /// keep quiet (else it declares, as every seat does).
    pub choose_declarations: bool,
    /// Whether each finished deal is played again with the expert in South's seat, its result
    /// set beside the player's.
    pub compare: bool,
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
            deck: Deck::TwoColour,
            auto_play: true,
            hint: false,
            colors: Colours::On,
            undo: true,
            choose_declarations: false,
            compare: true,
        }
    }
}

impl Settings {
    /// The words the table writes in under these settings: their language and suit style, in
    /// ASCII alone when the terminal shows nothing else.
    pub const fn words(self, ascii: bool) -> Words {
        Words { lang: self.lang, suits: self.suits, ascii, spoken: false }
    }

    /// `target` if the rule set of new games plays to it, else that set's own target.
    pub fn target_or_default(&self, target: u16) -> u16 {
        if self.set.targets().contains(&target) { target } else { self.set.default_target() }
    }

    /// The options of a new game to `target`: these settings' rules and deal style.
    pub fn new_game_options(&self, target: u16) -> GameOptions {
        GameOptions { target, rules: self.rules(), deal_style: self.deal_style }
    }

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

/// What the table takes from the player's settings and the configuration.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Prefs {
    /// The computer players' level.
    pub level: Level,
    /// How long the pauses last.
    pub speed: Speed,
    /// Whether South's only legal card plays itself.
    pub auto_play: bool,
    /// Whether the expert's hint is asked at each of South's turns.
    pub hint: bool,
    /// Whether South may take back its last call or card.
    pub undo: bool,
    /// Whether South chooses to declare in coinche, rather than declaring as every seat does.
    pub choose_declarations: bool,
    /// What the expert may spend on each decision and hint.
    pub budget: Budget,
    /// Whether each finished deal is played again with the expert in South's seat.
    pub compare: bool,
    /// Whether the deal is a deal of the day played for the first time, played once for
    /// everyone alike: South may neither take back a call or card nor ask the expert's hint.
    pub daily: bool,
}

impl Prefs {
    /// The table's part of `settings`, with what the expert may spend.
    pub fn of(settings: &Settings, budget: Budget) -> Prefs {
        Prefs {
            level: settings.level,
            speed: settings.speed,
            auto_play: settings.auto_play,
            hint: settings.hint,
            undo: settings.undo,
            choose_declarations: settings.choose_declarations,
            budget,
            compare: settings.compare,
            daily: false,
        }
    }
}

/// A line of the settings screen.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SettingItem {
    /// Language.
    Lang,
    /// Computer players' level.
    Level,
    /// Speed.
    Speed,
    /// The rule set of new games.
    Variant,
    /// Sans atout and tout atout in new games.
    NtAt,
    /// Scoring method (contrée).
    Scoring,
    /// Tournament contre.
    Contre,
    /// Deal style.
    DealStyle,
    /// Suit glyphs or letters.
    Suits,
    /// The two-colour or four-colour deck.
    Deck,
    /// Automatic play of a forced card.
    AutoPlay,
    /// Bidding hint.
    Hint,
    /// Colours, high contrast or monochrome.
    Colors,
    /// Whether South may take back its last call or card.
    Undo,
    /// Whether South chooses to declare in coinche.
    ChooseDeclarations,
    /// Whether each deal is compared with the expert in South's seat.
    Compare,
}

impl SettingItem {
    /// Every line, in order.
    pub const ALL: [SettingItem; 16] = [
        SettingItem::Lang,
        SettingItem::Level,
        SettingItem::Speed,
        SettingItem::Variant,
        SettingItem::NtAt,
        SettingItem::Scoring,
        SettingItem::Contre,
        SettingItem::DealStyle,
        SettingItem::Suits,
        SettingItem::Deck,
        SettingItem::Colors,
        SettingItem::AutoPlay,
        SettingItem::Hint,
        SettingItem::Compare,
        SettingItem::Undo,
        SettingItem::ChooseDeclarations,
    ];

    /// Whether the setting may change during a game: the ones that change a game's rules wait
    /// for the next game, chosen on the start screen.
    pub const fn mid_game(self) -> bool {
        !matches!(
            self,
            SettingItem::Variant
                | SettingItem::NtAt
                | SettingItem::Scoring
                | SettingItem::Contre
                | SettingItem::DealStyle
        )
    }

    /// Whether the setting belongs to contrée alone (the other sets score one way only).
    pub const fn contree_only(self) -> bool {
        matches!(self, SettingItem::Scoring | SettingItem::Contre)
    }

    /// The lines of the settings screen: every setting, or during a game the ones that may
    /// change then; contrée's scoring options only when new games are contrée.
    pub fn shown(settings: &Settings, in_game: bool) -> Vec<SettingItem> {
        let contree = settings.set == RuleSet::Contree;
        SettingItem::ALL
            .into_iter()
            .filter(|i| !in_game || i.mid_game())
            .filter(|i| contree || !i.contree_only())
            .collect()
    }
}

impl Settings {
    /// Moves a setting to its next (or previous) value.
    pub fn step(&mut self, item: SettingItem, forward: bool) {
        match item {
            SettingItem::Lang => self.lang = cycle(&Lang::ALL, self.lang, forward),
            SettingItem::Level => self.level = cycle(&Level::ALL, self.level, forward),
            SettingItem::Speed => self.speed = cycle(&Speed::ALL, self.speed, forward),
            SettingItem::Variant => self.set = cycle(&RuleSet::ALL, self.set, forward),
            SettingItem::NtAt => self.nt_at = !self.nt_at,
            SettingItem::ChooseDeclarations => {
                self.choose_declarations = !self.choose_declarations;
            }
            SettingItem::Scoring => {
                let all = [ScoringMethod::MadePlusBid, ScoringMethod::Made];
                self.scoring = cycle(&all, self.scoring, forward);
            }
            SettingItem::Contre => {
                let all = [ContreScoring::Standard, ContreScoring::Tournament];
                self.contre = cycle(&all, self.contre, forward);
            }
            SettingItem::DealStyle => {
                let all = [DealStyle::Shuffle, DealStyle::Tradition];
                self.deal_style = cycle(&all, self.deal_style, forward);
            }
            SettingItem::Suits => {
                let all = [SuitStyle::Glyphs, SuitStyle::Letters];
                self.suits = cycle(&all, self.suits, forward);
            }
            SettingItem::Deck => self.deck = cycle(&Deck::ALL, self.deck, forward),
            SettingItem::AutoPlay => self.auto_play = !self.auto_play,
            SettingItem::Hint => self.hint = !self.hint,
            SettingItem::Compare => self.compare = !self.compare,
            SettingItem::Colors => self.colors = cycle(&Colours::ALL, self.colors, forward),
            SettingItem::Undo => self.undo = !self.undo,
        }
    }

    /// Takes one setting's value from `other`.
    pub fn take(&mut self, item: SettingItem, other: &Settings) {
        match item {
            SettingItem::Lang => self.lang = other.lang,
            SettingItem::Level => self.level = other.level,
            SettingItem::Speed => self.speed = other.speed,
            SettingItem::Variant => self.set = other.set,
            SettingItem::NtAt => self.nt_at = other.nt_at,
            SettingItem::ChooseDeclarations => self.choose_declarations = other.choose_declarations,
            SettingItem::Scoring => self.scoring = other.scoring,
            SettingItem::Contre => self.contre = other.contre,
            SettingItem::DealStyle => self.deal_style = other.deal_style,
            SettingItem::Suits => self.suits = other.suits,
            SettingItem::Deck => self.deck = other.deck,
            SettingItem::AutoPlay => self.auto_play = other.auto_play,
            SettingItem::Hint => self.hint = other.hint,
            SettingItem::Compare => self.compare = other.compare,
            SettingItem::Colors => self.colors = other.colors,
            SettingItem::Undo => self.undo = other.undo,
        }
    }
}

/// The value after (or before) `v` in `all`, going round; the first when `v` is not there.
pub fn cycle<T: Copy + PartialEq>(all: &[T], v: T, forward: bool) -> T {
    let n = all.len();
    let i = all.iter().position(|x| *x == v).unwrap_or(0);
    all[if forward { (i + 1) % n } else { (i + n - 1) % n }]
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
    fn a_settings_file_of_the_earlier_format_still_loads() {
        // As the contree before the four-colour deck and high contrast wrote it.
        let earlier = r#"{"lang":"fr","level":"expert","speed":"fast","set":"contree","nt_at":true,
            "scoring":"made-plus-bid","contre":"standard","deal_style":"shuffle","suits":"letters",
            "auto_play":false,"hint":true,"colors":false,"undo":true,"choose_declarations":false}"#;
        let s: Settings = serde_json::from_str(earlier).expect("parse");
        assert_eq!(s.colors, Colours::Off);
        assert_eq!(s.deck, Deck::TwoColour);
        assert_eq!(
            (s.lang, s.suits, s.nt_at, s.auto_play),
            (Lang::Fr, SuitStyle::Letters, true, false)
        );
        let on: Settings = serde_json::from_str(r#"{"colors":true}"#).expect("parse");
        assert_eq!(on.colors, Colours::On);
    }

    #[test]
    fn colours_and_deck_are_written_by_name() {
        let s = Settings {
            colors: Colours::HighContrast,
            deck: Deck::FourColour,
            ..Settings::default()
        };
        let json = serde_json::to_value(s).expect("serialize");
        assert_eq!(json["colors"], "high-contrast");
        assert_eq!(json["deck"], "four-colour");
        for c in Colours::ALL {
            let back: Colours =
                serde_json::from_value(serde_json::to_value(c).expect("ser")).expect("de");
            assert_eq!(back, c);
        }
        assert!(serde_json::from_str::<Colours>(r#""bright""#).is_err());
        assert!(serde_json::from_str::<Colours>("1").is_err());
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
