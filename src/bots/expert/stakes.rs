//! What a deal is worth to a team, as a function of the card points the takers end with: the
//! rules' own score ([`score_deal`]) read at every outcome, for one contract in one world (its
//! belotes and, under `coinche`, its declarations known).
//!
//! An outcome is the takers' card points, dix de der included, on one scale with the capots:
//! [`CAPOT_AGAINST`] when the defence takes every trick, `0..=162` otherwise, [`CAPOT_FOR`] when
//! the takers take every trick. The solver's threshold questions are steps on that scale, so a
//! search can find where an outcome lies only as precisely as the score needs.

use crate::rules::{
    ByTeam, CAPOT_POINTS, Contract, DEAL_POINTS, DealTally, Rules, Team, score_deal,
};
use crate::search::DealValue;

/// The takers take no trick.
pub(crate) const CAPOT_AGAINST: i16 = -1;
/// The takers take every trick.
pub(crate) const CAPOT_FOR: i16 = DEAL_POINTS as i16 + 1;
/// Outcomes on the scale, capots included.
const OUTCOMES: usize = (CAPOT_FOR - CAPOT_AGAINST + 1) as usize;

/// A team's deal score less the other team's, for each outcome of one contract in one world.
#[derive(Clone, Debug)]
pub(crate) struct Stakes {
    table: [i32; OUTCOMES],
    made: [bool; OUTCOMES],
}

impl Stakes {
    /// The stakes of `contract` under `rules` for `team`, with each team's belotes (as dealt) and
    /// the declaration points that scored for each (`coinche`; zero otherwise).
    pub(crate) fn new(
        contract: &Contract,
        rules: Rules,
        belotes: ByTeam<u8>,
        declarations: ByTeam<u16>,
        team: Team,
    ) -> Stakes {
        let takers = contract.team();
        let mut table = [0; OUTCOMES];
        let mut made = [false; OUTCOMES];
        for i in 0..OUTCOMES {
            let u = i as i16 + CAPOT_AGAINST;
            let (points, tricks) = match u {
                CAPOT_AGAINST => ((0, CAPOT_POINTS), (0, 8)),
                CAPOT_FOR => ((CAPOT_POINTS, 0), (8, 0)),
                // Any split of the tricks but a capot: only a capot changes a score.
                _ => ((u as u16, DEAL_POINTS - u as u16), (4, 4)),
            };
            let by_team = |(t, d): (u16, u16)| ByTeam::from_fn(|x| if x == takers { t } else { d });
            let tally = DealTally {
                card_points: by_team(points),
                tricks_won: by_team((tricks.0, tricks.1)).map(|n| n as u8),
                belotes,
                declarations,
            };
            let deal = score_deal(contract, &tally, rules);
            table[i] = i32::from(deal.score[team]) - i32::from(deal.score[team.other()]);
            made[i] = deal.made;
        }
        Stakes { table, made }
    }

    /// Whether the contract is made at outcome `u`.
    pub(crate) fn made(&self, u: i16) -> bool {
        self.made[index(u)]
    }

    /// The score at outcome `u`.
    pub(crate) fn at(&self, u: i16) -> i32 {
        self.table[index(u)]
    }

    /// The lowest and highest scores of the outcomes `lo..=hi`.
    pub(crate) fn range(&self, lo: i16, hi: i16) -> (i32, i32) {
        let slice = &self.table[index(lo)..=index(hi)];
        let min = slice.iter().copied().min().unwrap_or(0);
        let max = slice.iter().copied().max().unwrap_or(0);
        (min, max)
    }

    /// How much the score moves between outcomes `u - 1` and `u`.
    pub(crate) fn step(&self, u: i16) -> i32 {
        (self.at(u) - self.at(u - 1)).abs()
    }
}

/// The outcome on the scale of a deal of `value` whose takers are `takers`.
pub(crate) fn outcome(value: DealValue, takers: Team) -> i16 {
    match value.capot() {
        Some(t) if t == takers => CAPOT_FOR,
        Some(_) => CAPOT_AGAINST,
        None => value.points(takers) as i16,
    }
}

fn index(u: i16) -> usize {
    (u.clamp(CAPOT_AGAINST, CAPOT_FOR) - CAPOT_AGAINST) as usize
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::{Bid, BidLevel, Multiplier, RuleSet, Seat, Suit};

    fn contract(level: u16, multiplier: Multiplier) -> Contract {
        Contract {
            taker: Seat::North,
            bid: Bid::new(BidLevel::Points(level), Suit::Hearts),
            multiplier,
        }
    }

    #[test]
    fn a_contract_is_worth_its_points_when_made_and_the_bid_when_failed() {
        let c = contract(100, Multiplier::Simple);
        let s = Stakes::new(&c, Rules::default(), ByTeam([0, 0]), ByTeam([0, 0]), Team::NS);
        // Made at 100: 100 + 100 against 62 (rounded 60).
        assert_eq!(s.at(100), 200 - 60);
        // Failed at 99: 160 + 100 to the defence, whatever the points.
        assert_eq!(s.at(99), -260);
        assert_eq!(s.range(CAPOT_AGAINST, 99), (-260, -260));
        assert!(s.step(100) > 300);
        // Made with every trick: the 252 points of a capot and the bid, 352 rounded.
        assert_eq!(s.at(CAPOT_FOR), 350);
        let defence = Stakes::new(&c, Rules::default(), ByTeam([0, 0]), ByTeam([0, 0]), Team::EW);
        assert_eq!(defence.at(100), -s.at(100));
    }

    #[test]
    fn a_belote_moves_the_target_and_a_contre_the_stakes() {
        let c = contract(100, Multiplier::Contre);
        let s = Stakes::new(&c, Rules::default(), ByTeam([1, 0]), ByTeam([0, 0]), Team::NS);
        // 80 card points and the belote reach 100: (160 + 100) x 2 + 20.
        assert_eq!(s.at(80), 540);
        assert_eq!(s.at(79), -540);
        // Coinche: the takers must also beat the defence's total.
        let coinche = Rules::of(RuleSet::Coinche);
        let c = contract(80, Multiplier::Simple);
        let s = Stakes::new(&c, coinche, ByTeam([0, 0]), ByTeam([0, 50]), Team::NS);
        assert!(s.at(100) < 0, "100 + 0 against 62 + 50 fails");
        assert!(s.at(110) > 0);
    }
}
