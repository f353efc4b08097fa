//! The rule set of a game: which of the ways to play belote contrée it follows, and its options
//! (sans atout and tout atout, and contrée's scoring: [`ScoringMethod`], [`ContreScoring`]).
//!
//! [`Rules`] is one `Copy` value that travels with a game, a deal record and a bot request; the
//! rules engine asks it, and each difference between sets is written next to the rule it
//! changes: the direction of play in `seat.rs`, the compulsory underruff in `trick.rs`, the
//! declarations in `declarations.rs`, the made test, the score tables, the targets and the end
//! of the game in `scoring.rs`.

use serde::{Deserialize, Serialize};

/// One of the ways to play, each described in `RULES.md` ("Other ways to play"; also the
/// `--rules` flag's values).
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize,
)]
#[serde(rename_all = "kebab-case")]
pub enum RuleSet {
    /// The French Belote Federation's contrée (2016): no declarations, anticlockwise, 1000 points.
    #[default]
    Contree,
    /// The FFB's coinche: declarations (tierce, cinquante, cent, carrés), the contract must also
    /// beat the defence, 2000 points.
    Coinche,
    /// The house rules many families play: clockwise, compulsory underruff, exact scores, 701.
    Plain,
}

impl RuleSet {
    /// Every rule set, the default first.
    pub const ALL: [RuleSet; 3] = [RuleSet::Contree, RuleSet::Coinche, RuleSet::Plain];

    /// The name used in records, requests and on the command line.
    pub const fn name(self) -> &'static str {
        match self {
            RuleSet::Contree => "contree",
            RuleSet::Coinche => "coinche",
            RuleSet::Plain => "plain",
        }
    }
}

impl std::fmt::Display for RuleSet {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

/// The rules of a game: the rule set, the sans atout / tout atout option, and the scoring options
/// of `contree` (the other sets have one scoring each and ignore them).
///
/// Serialized as the `rules` object of records and requests. The default set and option are left
/// out when written, so a contrée game writes `{"scoring": .., "contre": ..}` as it always has.
/// A field left out takes its default; a field it does not have is refused, so that a
/// misspelled option is never read as the default's.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Rules {
    /// `contree`, `coinche` or `plain`.
    #[serde(skip_serializing_if = "is_default_set")]
    pub set: RuleSet,
    /// Whether bids in sans atout and tout atout are allowed.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub nt_at: bool,
    /// Points faits + points demandés, or points faits (`contree` only).
    pub scoring: ScoringMethod,
    /// Standard or tournament contre (`contree` only).
    pub contre: ContreScoring,
}

fn is_default_set(set: &RuleSet) -> bool {
    *set == RuleSet::default()
}

impl Rules {
    /// The rules of `set` with its defaults (no sans atout / tout atout, standard scoring).
    pub const fn of(set: RuleSet) -> Rules {
        Rules {
            set,
            nt_at: false,
            scoring: ScoringMethod::MadePlusBid,
            contre: ContreScoring::Standard,
        }
    }

    /// The same rules with the sans atout / tout atout option on or off.
    pub const fn with_nt_at(self, nt_at: bool) -> Rules {
        Rules { nt_at, ..self }
    }

    /// The scoring options of `contree`.
    pub const fn scoring_rules(self) -> ScoringRules {
        ScoringRules { scoring: self.scoring, contre: self.contre }
    }
}

impl From<ScoringRules> for Rules {
    /// Contrée with these scoring options.
    fn from(s: ScoringRules) -> Rules {
        Rules { scoring: s.scoring, contre: s.contre, ..Rules::default() }
    }
}

/// How a deal is scored (also the `--scoring` flag's values).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum ScoringMethod {
    /// Points faits + points demandés: the contract value goes to the side that wins the deal.
    #[default]
    MadePlusBid,
    /// Points faits: only the points made.
    Made,
}

/// How a contre is scored (also the `--contre` flag's values).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum ContreScoring {
    /// 160 × m + C × m.
    #[default]
    Standard,
    /// FFB note 1, points faits + demandés only: 160 + C × m for numeric contracts.
    Tournament,
}

/// The scoring options of a contrée game ([`Rules`] carries them with the rule set).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(default)]
pub struct ScoringRules {
    /// Points faits + demandés, or points faits.
    pub scoring: ScoringMethod,
    /// Standard or tournament contre.
    pub contre: ContreScoring,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn contree_rules_are_written_as_before() {
        let json = serde_json::to_string(&Rules::default()).unwrap_or_default();
        assert_eq!(json, r#"{"scoring":"made-plus-bid","contre":"standard"}"#);
        let plain = Rules::of(RuleSet::Plain).with_nt_at(true);
        let json = serde_json::to_string(&plain).unwrap_or_default();
        assert_eq!(
            json,
            r#"{"set":"plain","nt_at":true,"scoring":"made-plus-bid","contre":"standard"}"#
        );
        assert_eq!(serde_json::from_str::<Rules>(&json).ok(), Some(plain));
    }

    #[test]
    fn missing_fields_take_the_defaults_and_bad_or_unknown_ones_are_refused() {
        assert_eq!(serde_json::from_str::<Rules>("{}").ok(), Some(Rules::default()));
        let coinche = serde_json::from_str::<Rules>(r#"{"set":"coinche"}"#).ok();
        assert_eq!(coinche, Some(Rules::of(RuleSet::Coinche)));
        for bad in [
            r#"{"set":"classic"}"#,
            r#"{"nt_at":1}"#,
            r#"{"set":"Coinche"}"#,
            r#"{"scorng":"made"}"#,
            r#"{"scoring":"made","contr":"tournament"}"#,
        ] {
            assert!(serde_json::from_str::<Rules>(bad).is_err(), "{bad}");
        }
    }
}
