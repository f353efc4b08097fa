//! Progress: the player's figures game by game, read from the games filed and the exercises
//! made of their mistakes, and the trend they draw. One function reads a game's figures
//! ([`of_game`]), one the trend ([`trend`]); `contree stats`, its JSON, the line mode's
//! `progress` and the table's progress view all show what these give.
//!
//! A figure a game never measured is "not measured" (`None`), never 0: the balance against the
//! expert of a game whose deals were not compared, the mistakes' cost of a game filed before
//! the deals kept it (or before the expert's review of its deals came in).

use serde::Serialize;

use crate::exercises::{self, Exercise};
use crate::game::Game;
use crate::text::{Lang, Words, rounded, signed, unsigned};

/// The most games the progress view draws: the last ones played.
pub const SHOWN: usize = 50;

/// The games on each side of the trend: the last ones, and as many before them.
pub const WINDOW: usize = 5;

/// One game's figures.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
pub struct GameProgress {
    /// When the game started (seconds since the Unix epoch), when known.
    pub started: Option<u64>,
    /// The deals finished.
    pub deals: u32,
    /// North-South against the expert in South's seat, over the deals compared; `None` when
    /// none was.
    pub balance: Option<Balance>,
    /// What South's clear mistakes cost, over the deals measured; `None` when none was.
    pub mistakes: Option<MistakesCost>,
    /// The answers to the exercises made of the game's mistakes.
    pub exercises: Answers,
}

/// The balance against the expert over some deals.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
#[serde(into = "BalanceJson")]
pub struct Balance {
    /// Deals compared.
    pub deals: u32,
    /// The sum of their differences (North-South's margin less the margin with the expert).
    pub sum: i64,
}

impl Balance {
    fn of(deals: u32, sum: i64) -> Option<Balance> {
        (deals > 0).then_some(Balance { deals, sum })
    }

    /// The balance a deal.
    pub fn per_deal(&self) -> f64 {
        self.sum as f64 / f64::from(self.deals.max(1))
    }
}

/// A balance as the JSON writes it, a deal's share with it.
#[derive(Serialize)]
struct BalanceJson {
    deals: u32,
    sum: i64,
    per_deal: f64,
}

impl From<Balance> for BalanceJson {
    fn from(b: Balance) -> BalanceJson {
        BalanceJson { deals: b.deals, sum: b.sum, per_deal: b.per_deal() }
    }
}

/// What South's clear mistakes cost over some deals, calls and cards apart.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
#[serde(into = "MistakesJson")]
pub struct MistakesCost {
    /// Deals measured.
    pub deals: u32,
    /// The cost of the calls, in all.
    pub calls: u64,
    /// The cost of the cards, in all.
    pub cards: u64,
}

impl MistakesCost {
    fn of(deals: u32, calls: u64, cards: u64) -> Option<MistakesCost> {
        (deals > 0).then_some(MistakesCost { deals, calls, cards })
    }

    fn share(&self, n: u64) -> f64 {
        n as f64 / f64::from(self.deals.max(1))
    }

    /// The calls' cost a deal.
    pub fn calls_per_deal(&self) -> f64 {
        self.share(self.calls)
    }

    /// The cards' cost a deal.
    pub fn cards_per_deal(&self) -> f64 {
        self.share(self.cards)
    }

    /// Calls and cards together, a deal.
    pub fn per_deal(&self) -> f64 {
        self.share(self.calls.saturating_add(self.cards))
    }
}

/// The mistakes' cost as the JSON writes it, a deal's share with each.
#[derive(Serialize)]
struct MistakesJson {
    deals: u32,
    calls: u64,
    cards: u64,
    calls_per_deal: f64,
    cards_per_deal: f64,
}

impl From<MistakesCost> for MistakesJson {
    fn from(m: MistakesCost) -> MistakesJson {
        MistakesJson {
            deals: m.deals,
            calls: m.calls,
            cards: m.cards,
            calls_per_deal: m.calls_per_deal(),
            cards_per_deal: m.cards_per_deal(),
        }
    }
}

/// Answers to exercises.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Answers {
    /// Answers that solved one.
    pub solved: u64,
    /// Answers that missed one.
    pub missed: u64,
}

/// The figures of `game`, started at `started`, with the answers to those of `all` the
/// exercises that were made of its mistakes.
pub fn of_game(game: &Game, started: Option<u64>, all: &[Exercise]) -> GameProgress {
    let history = game.history();
    let count = |n: usize| u32::try_from(n).unwrap_or(u32::MAX);
    let compared: Vec<i64> =
        history.iter().filter_map(|d| d.expert_difference()).map(i64::from).collect();
    let measured: Vec<_> = history.iter().filter_map(|d| d.mistakes).collect();
    let (calls, cards) = measured
        .iter()
        .fold((0u64, 0u64), |(a, b), m| (a + u64::from(m.calls), b + u64::from(m.cards)));
    let own: Vec<Exercise> = all
        .iter()
        .filter(|e| Some(e.id.started) == started && e.id.seed == game.seed())
        .cloned()
        .collect();
    let tally = exercises::tally(&own);
    GameProgress {
        started,
        deals: count(history.len()),
        balance: Balance::of(count(compared.len()), compared.iter().sum()),
        mistakes: MistakesCost::of(count(measured.len()), calls, cards),
        exercises: Answers { solved: tally.solved, missed: tally.missed },
    }
}

/// The games that count in the trend and the view: those with a deal finished, oldest first.
pub fn played(games: &[GameProgress]) -> Vec<GameProgress> {
    games.iter().filter(|g| g.deals > 0).copied().collect()
}

/// Whether `games` are enough to chart: two played or more.
pub fn charted(games: &[GameProgress]) -> bool {
    games.iter().filter(|g| g.deals > 0).nth(1).is_some()
}

/// Some games together: how many, how many measured nothing, and their figures over the deals
/// that measured them.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Stretch {
    /// The games.
    pub games: usize,
    /// Of them, those whose mistakes were not measured.
    pub unmeasured: usize,
    /// Of them, those with no deal compared with the expert.
    pub uncompared: usize,
    /// The mistakes' cost over their deals measured.
    pub mistakes: Option<MistakesCost>,
    /// The balance over their deals compared.
    pub balance: Option<Balance>,
}

impl Stretch {
    fn of(games: &[GameProgress]) -> Stretch {
        let measured = games.iter().filter_map(|g| g.mistakes);
        let (deals, calls, cards) = measured.fold((0u32, 0u64, 0u64), |(d, a, b), m| {
            (d.saturating_add(m.deals), a + m.calls, b + m.cards)
        });
        let compared = games.iter().filter_map(|g| g.balance);
        let (cdeals, sum) =
            compared.fold((0u32, 0i64), |(d, s), b| (d.saturating_add(b.deals), s + b.sum));
        Stretch {
            games: games.len(),
            unmeasured: games.iter().filter(|g| g.mistakes.is_none()).count(),
            uncompared: games.iter().filter(|g| g.balance.is_none()).count(),
            mistakes: MistakesCost::of(deals, calls, cards),
            balance: Balance::of(cdeals, sum),
        }
    }
}

/// The trend: the last [`WINDOW`] games played, and the ones before them.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Trend {
    /// The last games.
    pub last: Stretch,
    /// The games before them, when there are any.
    pub before: Option<Stretch>,
}

/// The trend of `games` (every game filed, oldest first), or `None` before a game is played.
pub fn trend(games: &[GameProgress]) -> Option<Trend> {
    let played = played(games);
    let n = played.len();
    if n == 0 {
        return None;
    }
    let split = n.saturating_sub(WINDOW);
    let before = &played[split.saturating_sub(WINDOW)..split];
    Some(Trend {
        last: Stretch::of(&played[split..]),
        before: (!before.is_empty()).then(|| Stretch::of(before)),
    })
}

impl Words {
    /// The trend in one or two sentences: the mistakes' cost, then the balance against the
    /// expert, over the last games and the ones before; what is not measured is said so.
    pub fn trend(self, trend: Option<&Trend>) -> Vec<String> {
        let fr = self.lang == Lang::Fr;
        let Some(t) = trend else {
            return vec![self.out(if fr {
                "Pas encore de partie : la tendance de vos erreurs et de votre écart avec \
                 l'expert paraît ici dès votre première partie."
                    .into()
            } else {
                "No game yet: the trend of your mistakes and of your balance against the \
                 expert shows here from your first game."
                    .into()
            })];
        };
        let last = |n: usize| match (fr, n) {
            (true, 1) => "votre dernière partie".to_string(),
            (true, n) => format!("vos {n} dernières parties"),
            (false, 1) => "your last game".to_string(),
            (false, n) => format!("your last {n} games"),
        };
        let earlier = |n: usize| match (fr, n) {
            (true, 1) => "la précédente".to_string(),
            (true, n) => format!("les {n} d'avant"),
            (false, 1) => "the one before".to_string(),
            (false, n) => format!("the {n} before"),
        };
        let unmeasured = |s: &Stretch, missing: usize| match (fr, missing) {
            (_, 0) => String::new(),
            (true, m) if m == s.games => " (non mesurée)".into(),
            (true, m) => format!(" ({m} non mesurée{})", if m > 1 { "s" } else { "" }),
            (false, m) if m == s.games => " (not measured)".into(),
            (false, m) => format!(" ({m} not measured)"),
        };
        let cost = |s: &Stretch| s.mistakes.map(|m| unsigned(rounded(m.per_deal())));
        let balance = |s: &Stretch| s.balance.map(|b| signed(rounded(b.per_deal())));
        let sentence = |head: &str,
                        figure: &dyn Fn(&Stretch) -> Option<String>,
                        missing: &dyn Fn(&Stretch) -> usize| {
            let part = |s: &Stretch, over: String| match figure(s) {
                Some(f) if fr => format!("{f} par donne sur {over}{}", unmeasured(s, missing(s))),
                Some(f) => format!("{f} a deal over {over}{}", unmeasured(s, missing(s))),
                None if fr => format!("non mesuré sur {over}"),
                None => format!("not measured over {over}"),
            };
            let mut said = format!("{head} {}", part(&t.last, last(t.last.games)));
            if let Some(b) = &t.before {
                said.push_str(", ");
                said.push_str(&part(b, earlier(b.games)));
            }
            said.push('.');
            said
        };
        let (mistakes, against) = if fr {
            ("Coût de vos erreurs nettes :", "Votre écart avec l'expert à votre place :")
        } else {
            ("Cost of your clear mistakes:", "Your balance against the expert in your seat:")
        };
        vec![
            self.out(sentence(mistakes, &cost, &|s| s.unmeasured)),
            self.out(sentence(against, &balance, &|s| s.uncompared)),
        ]
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::{Action, GameOptions, Mistakes, Phase};
    use crate::rules::{BySeat, ByTeam, Call, Team};
    use crate::text::SuitStyle;

    const EN: Words =
        Words { lang: Lang::En, suits: SuitStyle::Glyphs, ascii: false, spoken: false };

    /// A game of `deals` finished deals, each passed out.
    fn game(seed: u64, deals: usize) -> Game {
        let mut g = Game::new(GameOptions::default(), seed, BySeat::default());
        while g.history().len() < deals {
            match (g.phase(), g.to_act()) {
                (Phase::Bidding, Some(seat)) => {
                    g.apply(seat, Action::Bid(Call::Pass)).expect("a pass is legal");
                }
                _ => g.next_deal().expect("a next deal"),
            }
        }
        g
    }

    fn measure(g: &mut Game, i: usize, calls: u32, cards: u32) {
        let record = g.history()[i].record.clone();
        assert!(g.measure_mistakes(i, &record, Mistakes { calls, cards }));
    }

    fn compare(g: &mut Game, i: usize) -> i64 {
        assert!(g.ask_expert_in_seat(i));
        let expert = ByTeam::from_fn(|t| if t == Team::NS { 100 } else { 62 });
        assert!(g.answer_expert_in_seat(i, Some(expert)));
        i64::from(g.history()[i].expert_difference().expect("compared"))
    }

    #[test]
    fn a_game_filed_before_the_figures_is_not_measured() {
        let g = game(3, 2);
        let p = of_game(&g, Some(10), &[]);
        assert_eq!(p.deals, 2);
        assert_eq!(p.mistakes, None, "not measured, never 0");
        assert_eq!(p.balance, None);
        assert_eq!(p.exercises, Answers::default());
    }

    #[test]
    fn a_game_counts_its_measured_deals_only() {
        let mut g = game(4, 3);
        measure(&mut g, 0, 20, 10);
        measure(&mut g, 2, 0, 30);
        let diff = compare(&mut g, 1);
        let p = of_game(&g, Some(10), &[]);
        let m = p.mistakes.expect("measured");
        assert_eq!((m.deals, m.calls, m.cards), (2, 20, 40));
        assert_eq!((m.calls_per_deal(), m.cards_per_deal(), m.per_deal()), (10.0, 20.0, 30.0));
        let b = p.balance.expect("compared");
        assert_eq!((b.deals, b.sum), (1, diff));
        // Measured once: a second figure for the same deal is not taken.
        let record = g.history()[0].record.clone();
        assert!(!g.measure_mistakes(0, &record, Mistakes { calls: 0, cards: 0 }));
        let other = g.history()[1].record.clone();
        assert!(!g.measure_mistakes(0, &other, Mistakes::default()), "another deal's figure");
        let json = serde_json::to_value(p).expect("serializes");
        assert_eq!(json["mistakes"]["calls"], 20);
        assert_eq!(json["mistakes"]["cards_per_deal"], 20.0);
        assert_eq!(json["balance"]["per_deal"], diff as f64);
        assert_eq!(json["exercises"], serde_json::json!({"solved": 0, "missed": 0}));
    }

    #[test]
    fn the_trend_weighs_deals_and_says_what_is_not_measured() {
        let measured = |deals: u32, cost: u64| GameProgress {
            started: Some(1),
            deals,
            mistakes: MistakesCost::of(deals, 0, cost),
            ..GameProgress::default()
        };
        let old = GameProgress { deals: 4, ..GameProgress::default() };
        let empty = GameProgress::default();
        assert_eq!(trend(&[empty]), None, "a game without a deal finished is no game played");
        // Seven games: the last five, and two before (one of them not measured).
        let games = [
            old,
            measured(2, 120),
            empty,
            measured(1, 10),
            measured(3, 30),
            measured(1, 0),
            measured(4, 40),
            measured(1, 0),
        ];
        let t = trend(&games).expect("games played");
        assert_eq!(t.last.games, 5);
        assert_eq!(t.last.mistakes.map(|m| (m.deals, m.cards)), Some((10, 80)));
        let before = t.before.expect("games before");
        assert_eq!((before.games, before.unmeasured), (2, 1));
        assert_eq!(before.mistakes.map(|m| m.per_deal()), Some(60.0));
        assert_eq!(before.balance, None);
        let en = EN.trend(Some(&t));
        assert_eq!(
            en[0],
            "Cost of your clear mistakes: 8 a deal over your last 5 games, 60 a deal over the \
             2 before (1 not measured)."
        );
        assert_eq!(
            en[1],
            "Your balance against the expert in your seat: not measured over your last 5 \
             games, not measured over the 2 before."
        );
        let fr = Words { lang: Lang::Fr, ..EN }.trend(Some(&t));
        assert!(
            fr[0].starts_with("Coût de vos erreurs nettes : 8 par donne sur vos 5 dernières"),
            "{fr:?}"
        );
        let none = EN.trend(None);
        assert_eq!(none.len(), 1);
        let only_old = trend(&[old]).expect("one game");
        let said = EN.trend(Some(&only_old));
        assert_eq!(said[0], "Cost of your clear mistakes: not measured over your last game.");
    }
}
