//! The third stage, counting: the points of a trick, of the tricks of a side, of a whole deal,
//! the tricks going by faster and faster (the drill). The count is the rules' own (each trick's
//! points with the dix de der, the deal's tally with its belote); a wrong count is answered
//! with the slip it most likely is: the dix de der, the belote, a whole trick, the jack or the
//! 9 of trumps counted as a side card.

use super::table::{first_seed, played_out};
use super::{Goal, Level, Question, Reason, Scene};
use crate::game::Game;
use crate::rules::{CAPOT_LAST_TRICK_BONUS, Card, DoneTrick, LAST_TRICK_BONUS, Rank, Team, Trump};

/// How long each card stays at the drill's speeds, in milliseconds.
pub const PACES: [u32; 2] = [1_000, 600];

/// What a count adds up, by the rules, and so what it can slip on.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Counted {
    /// The count.
    pub right: u16,
    /// The side whose points are counted; `None`: every point of the tricks shown.
    pub team: Option<Team>,
    /// The tricks counted, with their points (the last trick's dix de der in them).
    pub tricks: Vec<DoneTrick>,
    /// The contract's trump.
    pub trump: Trump,
    /// Whether the dix de der is in the count.
    pub dix_de_der: bool,
    /// The belote points in the count.
    pub belote: u16,
    /// Whether the side counted took every trick: a capot.
    pub capot: bool,
}

/// A likely slip of a count.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Slip {
    /// The 10 points of the last trick.
    DixDeDer,
    /// The 20 points of the belote.
    Belote,
    /// The jack of trumps counted as a side jack (2 points, not 20).
    JackOfTrumps,
    /// The 9 of trumps counted as a side 9 (nothing, not 14).
    NineOfTrumps,
    /// A whole trick, of these points, forgotten or counted twice.
    WholeTrick(u16),
    /// A capot counted as a deal of 162: its last trick brings 100, not 10.
    Capot,
}

impl Counted {
    /// The cards counted.
    fn cards(&self) -> impl Iterator<Item = Card> + '_ {
        self.tricks.iter().flat_map(DoneTrick::cards)
    }

    /// Whether the count holds the trump of `rank`.
    fn holds_trump(&self, rank: Rank) -> bool {
        self.cards().any(|c| self.trump.cards().contains(c) && c.rank() == rank)
    }

    /// The slip that most likely makes `said`, if one does.
    pub fn slip(&self, said: u16) -> Option<Slip> {
        let off = self.right.abs_diff(said);
        let trick = self.tricks.iter().map(|t| t.points).find(|&p| p == off && p > 0);
        let capot_off = CAPOT_LAST_TRICK_BONUS - LAST_TRICK_BONUS;
        match off {
            _ if self.capot && off == capot_off && said < self.right => Some(Slip::Capot),
            10 if self.dix_de_der => Some(Slip::DixDeDer),
            20 if self.belote > 0 => Some(Slip::Belote),
            18 if self.holds_trump(Rank::Jack) => Some(Slip::JackOfTrumps),
            14 if self.holds_trump(Rank::Nine) => Some(Slip::NineOfTrumps),
            _ => trick.map(Slip::WholeTrick),
        }
    }

    /// Why `said` is not the count.
    pub fn reason(&self, said: u16) -> Reason {
        Reason::Count { said, right: self.right, slip: self.slip(said) }
    }

    /// A wrong count for each slip this count can make, and one off by one.
    pub fn wrong_counts(&self) -> Vec<u16> {
        let r = self.right;
        let mut counts = Vec::new();
        if self.capot {
            counts.push(r.saturating_sub(CAPOT_LAST_TRICK_BONUS - LAST_TRICK_BONUS));
        }
        if self.dix_de_der {
            counts.push(r.saturating_sub(10));
        }
        if self.belote > 0 {
            counts.push(r.saturating_sub(20));
        }
        if self.holds_trump(Rank::Jack) {
            counts.push(r.saturating_sub(18));
        }
        if self.holds_trump(Rank::Nine) {
            counts.push(r.saturating_sub(14));
        }
        counts.extend(self.tricks.first().map(|t| r.saturating_sub(t.points)));
        counts.push(r + 1);
        counts.retain(|&n| n != r && n > 0);
        counts.dedup();
        counts
    }
}

/// The tricks of `game`'s last deal played out, and its trump.
pub fn tricks_of(game: &Game) -> Option<(&[DoneTrick], Trump)> {
    let d = game.history().last()?;
    Some((&d.tricks, d.contract?.trump()))
}

/// The level of `goal`, a goal of this stage.
pub(super) fn build(goal: Goal) -> Option<Level> {
    first_seed(goal, |seed| {
        let game = played_out(seed)?;
        let (scene, counted) = drill(goal, &game)?;
        Some(Level { goal, game, scene, question: Question::Count(counted) })
    })
}

/// The tricks shown and the count asked, when the deal shows the goal's point.
fn drill(goal: Goal, game: &Game) -> Option<(Scene, Counted)> {
    let (tricks, trump) = tricks_of(game)?;
    let has = |t: &DoneTrick, rank: Rank| {
        t.cards().iter().any(|&c| trump.cards().contains(c) && c.rank() == rank)
    };
    let one = |i: usize, t: &DoneTrick| {
        let scene = Scene::Tricks { from: i, to: i + 1, pace: 0 };
        let counted = Counted {
            right: t.points,
            team: None,
            tricks: vec![*t],
            trump,
            dix_de_der: i == 7,
            belote: 0,
            capot: false,
        };
        (scene, counted)
    };
    match goal {
        Goal::CountTrick => tricks.iter().take(7).enumerate().find_map(|(i, t)| {
            let plain = !has(t, Rank::Jack) && !has(t, Rank::Nine);
            (plain && (15..=35).contains(&t.points)).then(|| one(i, t))
        }),
        Goal::CountTrumps => tricks.iter().take(7).enumerate().find_map(|(i, t)| {
            (has(t, Rank::Jack) && !has(t, Rank::Nine) && t.points >= 25).then(|| one(i, t))
        }),
        Goal::CountTricks => side_count(game, 5, PACES[0], false),
        Goal::CountDeal => side_count(game, 0, PACES[1], true),
        Goal::CountCapot => capot(game),
        _ => None,
    }
}

/// North-South's points in tricks `from..8`, the belote with them when `belote`: when the
/// side took the last trick (so the dix de der counts), some but not all of the tricks, and
/// holds the belote when it counts.
fn side_count(game: &Game, from: usize, pace: u32, belote: bool) -> Option<(Scene, Counted)> {
    let (all, trump) = tricks_of(game)?;
    let tricks = all.get(from..)?;
    let ours: Vec<DoneTrick> =
        tricks.iter().filter(|t| t.winner.team() == Team::NS).copied().collect();
    let last = tricks.last()?;
    if last.winner.team() != Team::NS || ours.len() < 2 || ours.len() == tricks.len() {
        return None;
    }
    let belote_points = if belote {
        let tally = game.history().last()?.tally();
        let points = tally.belote_points(Team::NS);
        if points == 0 {
            return None;
        }
        points
    } else {
        0
    };
    let right = ours.iter().map(|t| t.points).sum::<u16>() + belote_points;
    let scene = Scene::Tricks { from, to: 8, pace };
    let counted = Counted {
        right,
        team: Some(Team::NS),
        tricks: ours,
        trump,
        dix_de_der: true,
        belote: belote_points,
        capot: false,
    };
    Some((scene, counted))
}

/// The points of the side that took every trick, when one did: the capot.
fn capot(game: &Game) -> Option<(Scene, Counted)> {
    let (tricks, trump) = tricks_of(game)?;
    let team = Team::ALL.into_iter().find(|&t| tricks.iter().all(|d| d.winner.team() == t))?;
    let scene = Scene::Tricks { from: 0, to: tricks.len(), pace: PACES[1] };
    let counted = Counted {
        right: tricks.iter().map(|t| t.points).sum(),
        team: Some(team),
        tricks: tricks.to_vec(),
        trump,
        dix_de_der: true,
        belote: 0,
        capot: true,
    };
    Some((scene, counted))
}
