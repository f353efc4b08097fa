//! The player's statistics across games: games played, won and lost per rule set and target, and,
//! deal by deal, whatever the rule set, what the human's team (North-South) bid, made, contred
//! and scored.
//!
//! Games of different rule sets are different games (a coinche to 2000 is no contrée to 1000), so
//! each rule set and target has its own count; a deal is a deal in every set, so the deals are
//! counted together.
//!
//! Pure counting: [`Stats::add_deal`] and [`Stats::add_game`] fold finished deals and games in;
//! the store decides when, and makes sure each is counted once.

use serde::{Deserialize, Serialize};

use crate::game::DealResult;
use crate::rules::{ByTeam, Multiplier, RuleSet, Team};

/// The newest version of `stats.json` this contree reads and writes. A higher version comes from
/// a newer contree. Statistics that count games of contrée alone are version 1, the first
/// format; once a game of another rule set is counted they are version 2, which a contree from
/// before the rule sets refuses rather than count those games as contrée's.
pub const STATS_VERSION: u32 = 2;

/// The human's team.
const US: Team = Team::NS;

/// Everything counted so far.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Stats {
    /// The format version.
    pub version: u32,
    /// Games finished, one entry per rule set and target played, in that order.
    #[serde(default)]
    pub games: Vec<GameCounts>,
    /// Deals finished.
    #[serde(default)]
    pub deals: DealCounts,
    /// Winning streaks, in games.
    #[serde(default)]
    pub streak: Streak,
    /// The deals compared with the expert in South's seat, and the balance of the comparisons.
    #[serde(default)]
    pub compared: Compared,
    /// The exercises' answers, solved and missed: read from the exercises themselves by
    /// [`crate::store::Store::stats_checked`], never kept here.
    #[serde(skip)]
    pub practice: crate::exercises::Tally,
    /// Each filed game's figures, oldest first: read from the history of games and the
    /// exercises by [`crate::store::Store::stats_checked`], never kept here.
    #[serde(skip)]
    pub progress: Vec<crate::progress::GameProgress>,
}

impl Default for Stats {
    fn default() -> Stats {
        Stats {
            // The first format, until a game of another rule set is counted.
            version: 1,
            games: Vec::new(),
            deals: DealCounts::default(),
            streak: Streak::default(),
            compared: Compared::default(),
            practice: crate::exercises::Tally::default(),
            progress: Vec::new(),
        }
    }
}

/// Games of one rule set and target (or of all, for [`Stats::all_games`]: target 0).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct GameCounts {
    /// The rule set the games were played under (contrée when absent, as in the first format).
    #[serde(default, skip_serializing_if = "is_contree")]
    pub set: RuleSet,
    /// The points the games were played to.
    pub target: u16,
    /// Games played to the end.
    pub played: u32,
    /// Won by North-South.
    pub won: u32,
    /// Won by East-West.
    pub lost: u32,
}

fn is_contree(set: &RuleSet) -> bool {
    *set == RuleSet::Contree
}

/// A thing one team does to the other: "made" by North-South, "suffered" from East-West.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Both {
    /// Done by North-South.
    pub made: u32,
    /// Done by East-West to North-South.
    pub suffered: u32,
}

/// One more, stopping at the largest count rather than going round to zero.
fn bump(n: &mut u32) {
    *n = n.saturating_add(1);
}

impl Both {
    fn add(&mut self, by: Team) {
        if by == US {
            bump(&mut self.made);
        } else {
            bump(&mut self.suffered);
        }
    }
}

/// Contracts of one team.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Contracts {
    /// Contracts taken.
    pub taken: u32,
    /// Made.
    pub made: u32,
    /// Failed.
    pub failed: u32,
}

/// What the deals added up to.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct DealCounts {
    /// Deals finished, the all-pass deals included.
    pub played: u32,
    /// Deals where all four passed.
    pub passed_out: u32,
    /// Contracts taken by North-South.
    pub ours: Contracts,
    /// Contracts taken by East-West (their failures are North-South's successful defences).
    pub theirs: Contracts,
    /// Contres: made by North-South on East-West's contract, suffered on North-South's own.
    pub contres: Both,
    /// Surcontres: made by North-South on their own contré contract, suffered from East-West.
    pub surcontres: Both,
    /// Deals where one team took all eight tricks.
    pub capots: Both,
    /// The belotes each team held (king and queen of trump; of any suit in tout atout).
    pub belotes: ByTeam<u32>,
    /// Points written down for each team over all these deals.
    pub points: ByTeam<u64>,
    /// Contres whose outcome is counted (those since the count began): made by North-South,
    /// suffered from East-West.
    #[serde(default)]
    pub contres_judged: Both,
    /// Of those, the contres that set the contract.
    #[serde(default)]
    pub contres_won: Both,
    /// Calls and cards South took back.
    #[serde(default)]
    pub undos: u32,
    /// Hints South saw: calls and cards made with the expert's advice in sight.
    #[serde(default)]
    pub hints: u32,
}

impl DealCounts {
    /// The mean points written down per deal for each team (0 before any deal).
    pub fn points_per_deal(&self) -> ByTeam<f64> {
        self.points.map(|p| if self.played == 0 { 0.0 } else { p as f64 / f64::from(self.played) })
    }
}

/// Deals played again with the expert in South's seat, and how the player did against it: the
/// sum over those deals of North-South's margin (ours minus theirs) minus the margin with the
/// expert in South's seat. Negative when the expert did better.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Compared {
    /// The deals of every rule set.
    #[serde(flatten)]
    pub all: Balance,
    /// The deals of each rule set played.
    #[serde(default)]
    pub by_rules: std::collections::BTreeMap<RuleSet, Balance>,
}

/// Deals compared and their balance, in one rule set.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Balance {
    /// Deals compared.
    pub deals: u32,
    /// Their balance.
    pub balance: i64,
}

impl Balance {
    fn add(&mut self, difference: i32) {
        bump(&mut self.deals);
        self.balance = self.balance.saturating_add(i64::from(difference));
    }
}

/// Winning streaks of North-South, in games.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Streak {
    /// Games won in a row up to the last one.
    pub current: u32,
    /// The longest run of games won.
    pub best: u32,
}

impl Stats {
    /// Checks that the counts agree with one another, as counting keeps them: no more games
    /// won and lost than played, no more contracts made and failed than taken, no more deals
    /// taken or passed out than played, no more contres judged than made, nor won than judged.
    /// Counts that disagree were edited by hand, and a share of them would read past 100%: why
    /// they disagree, in English (the parser's words, as a file's reason).
    pub fn check(&self) -> Result<(), String> {
        let within = |parts: &[u32], whole: u32| {
            parts.iter().map(|&n| u64::from(n)).sum::<u64>() <= u64::from(whole)
        };
        for g in &self.games {
            if !within(&[g.won, g.lost], g.played) {
                return Err(format!(
                    "{} {}: {} won and {} lost of {} played",
                    g.set, g.target, g.won, g.lost, g.played
                ));
            }
        }
        let d = &self.deals;
        for (who, c) in [("North-South", d.ours), ("East-West", d.theirs)] {
            if !within(&[c.made, c.failed], c.taken) {
                return Err(format!(
                    "{who}'s contracts: {} made and {} failed of {} taken",
                    c.made, c.failed, c.taken
                ));
            }
        }
        if !within(&[d.ours.taken, d.theirs.taken, d.passed_out], d.played) {
            return Err(format!(
                "deals: {} taken and {} passed out of {} played",
                u64::from(d.ours.taken) + u64::from(d.theirs.taken),
                d.passed_out,
                d.played
            ));
        }
        for (side, made, judged, won) in [
            ("made", d.contres.made, d.contres_judged.made, d.contres_won.made),
            ("suffered", d.contres.suffered, d.contres_judged.suffered, d.contres_won.suffered),
        ] {
            if !within(&[won], judged) || !within(&[judged], made) {
                return Err(format!(
                    "contres {side}: {won} set the contract of {judged} judged, of {made} in all"
                ));
            }
        }
        Ok(())
    }

    /// Counts one finished deal, North-South being the player's side.
    pub fn add_deal(&mut self, deal: &DealResult) {
        self.add_deal_as(deal, US);
    }

    /// Counts one finished deal in which the player sat on side `us` (a game at a network
    /// table, where they may sit East or West): the statistics' North-South is always the
    /// player's side.
    pub fn add_deal_as(&mut self, deal: &DealResult, us: Team) {
        let ours = |t: Team| t.seen_by(us);
        let d = &mut self.deals;
        bump(&mut d.played);
        // A count read from a save is not trusted to stay small.
        d.undos = d.undos.saturating_add(deal.undos);
        d.hints = d.hints.saturating_add(deal.hints);
        let points = deal.points();
        for t in Team::ALL {
            d.points[ours(t)] = d.points[ours(t)].saturating_add(u64::from(points[t]));
        }
        let (Some(contract), Some(score)) = (deal.contract, deal.score) else {
            bump(&mut d.passed_out);
            return;
        };
        let takers = ours(contract.team());
        let side = if takers == US { &mut d.ours } else { &mut d.theirs };
        bump(&mut side.taken);
        bump(if score.made { &mut side.made } else { &mut side.failed });
        // The defence contres; the takers surcontre.
        if contract.multiplier >= Multiplier::Contre {
            d.contres.add(takers.other());
            d.contres_judged.add(takers.other());
            if !score.made {
                d.contres_won.add(takers.other());
            }
        }
        if contract.multiplier == Multiplier::Surcontre {
            d.surcontres.add(takers);
        }
        if let Some(team) = deal.capot() {
            d.capots.add(ours(team));
        }
        let belotes = deal.belotes.counts();
        for t in Team::ALL {
            d.belotes[ours(t)] = d.belotes[ours(t)].saturating_add(u32::from(belotes[t]));
        }
    }

    /// Counts one deal of `set` compared with the expert in South's seat: how much better
    /// North-South did than with the expert there ([`DealResult::expert_difference`]).
    pub fn add_comparison(&mut self, set: RuleSet, difference: i32) {
        self.compared.all.add(difference);
        self.compared.by_rules.entry(set).or_default().add(difference);
    }

    /// Counts one finished game of `set` to `target` won by `winner`.
    pub fn add_game(&mut self, set: RuleSet, target: u16, winner: Team) {
        let i = match self.games.binary_search_by_key(&(set, target), |g| (g.set, g.target)) {
            Ok(i) => i,
            Err(i) => {
                self.games.insert(i, GameCounts { set, target, ..GameCounts::default() });
                i
            }
        };
        if set != RuleSet::Contree {
            self.version = self.version.max(2);
        }
        let g = &mut self.games[i];
        bump(&mut g.played);
        if winner == US {
            bump(&mut g.won);
            bump(&mut self.streak.current);
            self.streak.best = self.streak.best.max(self.streak.current);
        } else {
            bump(&mut g.lost);
            self.streak.current = 0;
        }
    }

    /// The games of one rule set and target.
    pub fn games_to(&self, set: RuleSet, target: u16) -> GameCounts {
        let none = GameCounts { set, target, ..GameCounts::default() };
        self.games.iter().find(|g| (g.set, g.target) == (set, target)).copied().unwrap_or(none)
    }

    /// Games of every rule set and target (target 0).
    pub fn all_games(&self) -> GameCounts {
        self.games.iter().fold(GameCounts::default(), |a, g| GameCounts {
            set: RuleSet::Contree,
            target: 0,
            played: a.played.saturating_add(g.played),
            won: a.won.saturating_add(g.won),
            lost: a.lost.saturating_add(g.lost),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const CONTREE: RuleSet = RuleSet::Contree;

    #[test]
    fn streaks_follow_wins_and_losses() {
        let mut s = Stats::default();
        for winner in [Team::NS, Team::NS, Team::EW, Team::NS] {
            s.add_game(CONTREE, 1000, winner);
        }
        s.add_game(CONTREE, 2000, Team::NS);
        assert_eq!(s.streak, Streak { current: 2, best: 2 });
        let counts =
            |target, played, won, lost| GameCounts { set: CONTREE, target, played, won, lost };
        assert_eq!(s.games_to(CONTREE, 1000), counts(1000, 4, 3, 1));
        assert_eq!(s.games_to(CONTREE, 1500), counts(1500, 0, 0, 0));
        assert_eq!(s.all_games(), counts(0, 5, 4, 1));
        let targets: Vec<u16> = s.games.iter().map(|g| g.target).collect();
        assert_eq!(targets, [1000, 2000]);
    }

    #[test]
    fn each_rule_set_counts_its_own_games_and_the_version_says_so() {
        let mut s = Stats::default();
        s.add_game(CONTREE, 1000, Team::NS);
        assert_eq!(s.version, 1, "contrée alone keeps the first format");
        s.add_game(RuleSet::Plain, 701, Team::EW);
        s.add_game(RuleSet::Coinche, 1000, Team::NS);
        assert_eq!(s.version, 2);
        let keys: Vec<(RuleSet, u16)> = s.games.iter().map(|g| (g.set, g.target)).collect();
        assert_eq!(keys, [(CONTREE, 1000), (RuleSet::Coinche, 1000), (RuleSet::Plain, 701)]);
        assert_eq!(s.games_to(RuleSet::Coinche, 1000).won, 1);
        assert_eq!(s.games_to(CONTREE, 1000).played, 1);
        assert_eq!(s.all_games().played, 3);
        assert_eq!(s.streak, Streak { current: 1, best: 1 });
        let json = serde_json::to_string(&s).expect("serializes");
        assert!(json.contains(r#"{"target":1000,"played":1,"won":1,"lost":0}"#), "{json}");
        assert!(json.contains(r#"{"set":"plain","target":701,"#), "{json}");
        assert_eq!(serde_json::from_str::<Stats>(&json).ok(), Some(s));
    }

    #[test]
    fn counters_at_their_largest_stay_there() {
        let mut s = Stats::default();
        s.add_game(CONTREE, 1000, Team::NS);
        s.add_game(CONTREE, 2000, Team::NS);
        s.games[0].played = u32::MAX;
        s.games[0].won = u32::MAX;
        s.streak.current = u32::MAX;
        s.add_game(CONTREE, 1000, Team::NS);
        assert_eq!(s.games_to(CONTREE, 1000).played, u32::MAX, "no wrap to 0");
        assert_eq!(s.games_to(CONTREE, 1000).won, u32::MAX);
        assert_eq!(s.streak, Streak { current: u32::MAX, best: u32::MAX });
        assert_eq!(s.all_games().played, u32::MAX, "the sum saturates too");
        let mut b = Both { made: u32::MAX, suffered: 0 };
        b.add(US);
        assert_eq!(b.made, u32::MAX);
    }

    #[test]
    fn hints_are_counted_and_older_files_without_them_load() {
        let old = r#"{"version":1,"games":[],"deals":{"played":2,"passed_out":2,
            "ours":{"taken":0,"made":0,"failed":0},"theirs":{"taken":0,"made":0,"failed":0},
            "contres":{"made":0,"suffered":0},"surcontres":{"made":0,"suffered":0},
            "capots":{"made":0,"suffered":0},"belotes":{"NS":0,"EW":0},
            "points":{"NS":0,"EW":0},"undos":1}}"#;
        let mut s: Stats = serde_json::from_str(old).expect("an older file loads");
        assert_eq!(s.deals.hints, 0);
        assert_eq!(s.deals.undos, 1);
        s.deals.hints = 3;
        let json = serde_json::to_string(&s).expect("serializes");
        assert!(json.contains(r#""hints":3"#), "{json}");
        assert_eq!(serde_json::from_str::<Stats>(&json).ok(), Some(s));
    }

    #[test]
    fn comparisons_are_counted_in_all_and_per_rule_set() {
        let mut s = Stats::default();
        assert_eq!(s.compared, Compared::default(), "none before the first");
        s.add_comparison(CONTREE, -60);
        s.add_comparison(RuleSet::Plain, 25);
        s.add_comparison(CONTREE, -50);
        assert_eq!(s.compared.all, Balance { deals: 3, balance: -85 });
        assert_eq!(s.compared.by_rules[&CONTREE], Balance { deals: 2, balance: -110 });
        assert_eq!(s.compared.by_rules[&RuleSet::Plain], Balance { deals: 1, balance: 25 });
        assert!(!s.compared.by_rules.contains_key(&RuleSet::Coinche));
        let json = serde_json::to_value(&s).expect("serializes");
        assert_eq!(
            json["compared"],
            serde_json::json!({"deals": 3, "balance": -85, "by_rules": {
                "contree": {"deals": 2, "balance": -110}, "plain": {"deals": 1, "balance": 25}}})
        );
        assert_eq!(serde_json::from_value::<Stats>(json).ok().as_ref(), Some(&s));
        s.compared.all.deals = u32::MAX;
        s.add_comparison(CONTREE, 10);
        assert_eq!(s.compared.all.deals, u32::MAX, "no wrap to 0");
    }

    #[test]
    fn stats_survive_a_json_round_trip() {
        let mut s = Stats::default();
        s.add_game(CONTREE, 1500, Team::EW);
        let json = serde_json::to_string(&s).expect("serializes");
        assert!(
            json.contains(r#""games":[{"target":1500,"played":1,"won":0,"lost":1}]"#),
            "{json}"
        );
        assert_eq!(serde_json::from_str::<Stats>(&json).ok(), Some(s));
    }
}
