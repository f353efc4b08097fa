//! The course that teaches contrée from zero (`contree learn`): eight stages, from the cards to
//! the score, each a few levels of one goal on a real position, then a first deal played with
//! the hints shown.
//!
//! A level's position is a deal dealt from a seed, bid by the convention and played by the
//! computer players through the game, which checks every call and card (`table`); the level
//! looks through the seeds for the first position that shows its idea. Its right answers are
//! computed from that position — the legal cards and the rules' refusals, the order and the
//! points of the cards, the double-dummy solver, the convention's call and the meaning of
//! calls, the rules' own count and score — never written by hand, so a change to the rules or
//! the players cannot leave a level teaching something false. A wrong answer is answered with
//! one reason taken from the same place ([`Reason`]), worded in both languages (`words.rs`).
//!
//! Stars count the tries ([`stars`]): three at the first, two at the second, one after; after
//! [`SHOWN_AFTER`] wrong tries the answer is shown. The first level of each stage shows its
//! move first. What the player has done is a [`CourseProgress`], kept by the store.

mod auction;
mod cards;
mod counting;
pub mod course;
mod hand;
mod progress;
mod reasons;
mod scoring;
pub mod table;
mod trick;
mod trumps;
mod words;

use crate::bots::bidding::Meaning;
use crate::game::{Action, Game, GameError};
use crate::rules::{Call, Card, CardSet, ScoreSum, Seat, Team};

pub use counting::{Counted, Slip};
pub use progress::{COURSE_VERSION, CourseError, CourseProgress};
pub use trumps::TrumpCount;

/// A stage of the course, in the order it is taught.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Stage {
    /// The order and the points of the cards, in trumps and outside.
    Cards,
    /// The trick: following, winning, trumping, going higher in trumps, the partner master, the belote.
    Trick,
    /// Counting points: a trick, several, a deal, at speed, a capot.
    Counting,
    /// Playing a hand: drawing trumps, cashing aces, giving partner points, keeping a master.
    Play,
    /// Defending against a contract: taking the points left, leading through the taker,
    /// counting the takers' trumps.
    Defence,
    /// The auction: opening, passing, raising, competing.
    Auction,
    /// Contre, surcontre and capot: doubling the opponents, redoubling, bidding every trick.
    Doubles,
    /// The score of a deal: made, failed, contré, surcontré, a capot bid, rounded.
    Scoring,
}

impl Stage {
    /// Every stage, in order.
    pub const ALL: [Stage; 8] = [
        Stage::Cards,
        Stage::Trick,
        Stage::Counting,
        Stage::Play,
        Stage::Defence,
        Stage::Auction,
        Stage::Doubles,
        Stage::Scoring,
    ];

    /// The stage's goals, in order: one a level.
    pub fn goals(self) -> &'static [Goal] {
        use Goal::*;
        match self {
            Stage::Cards => &[HighestPlain, HighestTrump, PointsPlain, PointsTrump],
            Stage::Trick => &[Follow, Win, MustTrump, Overtrump, PartnerMaster, Belote],
            Stage::Counting => &[CountTrick, CountTrumps, CountTricks, CountDeal, CountCapot],
            Stage::Play => &[DrawTrumps, CashAce, FeedPartner, KeepMaster],
            Stage::Defence => &[Defend, LeadThrough, CountTheirTrumps],
            Stage::Auction => &[Open, PassWeak, Raise, Compete],
            Stage::Doubles => &[Contre, Surcontre, CapotBid],
            Stage::Scoring => {
                &[ScoreMade, ScoreFailed, ScoreContre, ScoreSurcontre, ScoreCapot, ScoreRounded]
            }
        }
    }

    /// The stage's name in the progress file.
    pub const fn key(self) -> &'static str {
        match self {
            Stage::Cards => "cards",
            Stage::Trick => "trick",
            Stage::Counting => "counting",
            Stage::Play => "play",
            Stage::Defence => "defence",
            Stage::Auction => "auction",
            Stage::Doubles => "doubles",
            Stage::Scoring => "scoring",
        }
    }

    /// The stage's number, from 1.
    pub fn number(self) -> usize {
        Stage::ALL.iter().position(|&s| s == self).map_or(0, |i| i + 1)
    }

    /// The stage numbered `n` (from 1).
    pub fn numbered(n: usize) -> Option<Stage> {
        Stage::ALL.get(n.checked_sub(1)?).copied()
    }

    /// The stage's levels, each on the first position that shows its goal; a goal whose
    /// position cannot be found is left out (the tests hold every one to be found).
    pub fn levels(self) -> Vec<Level> {
        self.goals().iter().filter_map(|&g| Level::build(g)).collect()
    }
}

/// The one goal of a level.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Goal {
    /// Lead the highest card of a side suit.
    HighestPlain,
    /// Lead the highest trump.
    HighestTrump,
    /// Lead the side card worth the most points.
    PointsPlain,
    /// Lead the trump worth the most points.
    PointsTrump,
    /// Follow the suit led.
    Follow,
    /// Win the trick, last to play.
    Win,
    /// Trump, having none of the suit led.
    MustTrump,
    /// Go higher in the trump suit led, over the trump on the table.
    Overtrump,
    /// The partner is master: keep the trumps.
    PartnerMaster,
    /// Play a card of the belote.
    Belote,
    /// The points of one trick.
    CountTrick,
    /// The points of a trick with the jack or the 9 of trumps.
    CountTrumps,
    /// The points of the tricks of one side, at speed.
    CountTricks,
    /// The points of a whole deal, at speed.
    CountDeal,
    /// The points of a capot: one side takes every trick.
    CountCapot,
    /// Draw the opponents' trumps.
    DrawTrumps,
    /// Cash an ace.
    CashAce,
    /// Give the partner points on a trick they win.
    FeedPartner,
    /// Defend: take the most points left.
    Defend,
    /// Open the auction.
    Open,
    /// Pass a hand too weak to open.
    PassWeak,
    /// Raise the partner's bid.
    Raise,
    /// Bid over the opponents.
    Compete,
    /// Contre the opponents' contract.
    Contre,
    /// Bid the capot: every trick.
    CapotBid,
    /// The score of a contract made.
    ScoreMade,
    /// The score of a contract failed.
    ScoreFailed,
    /// The score of a contré contract.
    ScoreContre,
    /// A score that is rounded.
    ScoreRounded,
    // The goals below came after the others: each level starts its search through the seeds
    // from its goal's place here, and the earlier levels keep their deals.
    /// Discard, keeping the master card of a suit for a later trick.
    KeepMaster,
    /// Lead through the taker, who plays before the partner, into the partner's strength.
    LeadThrough,
    /// How many trumps the takers still hold.
    CountTheirTrumps,
    /// Surcontre a contré bid of one's own, or pass.
    Surcontre,
    /// The score of a surcontré contract.
    ScoreSurcontre,
    /// The score of a capot bid.
    ScoreCapot,
}

impl Goal {
    /// Every goal, in the course's order.
    pub fn all() -> impl Iterator<Item = Goal> {
        Stage::ALL.into_iter().flat_map(|s| s.goals().iter().copied())
    }

    /// The stage it belongs to.
    pub fn stage(self) -> Stage {
        Stage::ALL.into_iter().find(|s| s.goals().contains(&self)).unwrap_or(Stage::Cards)
    }

    /// Its level's number in its stage, from 1.
    pub fn number(self) -> usize {
        self.stage().goals().iter().position(|&g| g == self).map_or(0, |i| i + 1)
    }

    /// The level's name in the progress file: `trick-3`.
    pub fn key(self) -> String {
        format!("{}-{}", self.stage().key(), self.number())
    }

    /// The goal of the level named `key` in the progress file.
    pub fn of_key(key: &str) -> Option<Goal> {
        Goal::all().find(|g| g.key() == key)
    }
}

/// What a level shows of its position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Scene {
    /// South's turn to play: its hand, the trick, the contract; every hand when `open`.
    Turn {
        /// Every hand is shown, as in a problem of the double-dummy solver.
        open: bool,
    },
    /// Tricks of the deal (from 0, `to` excluded) go by, `pace` milliseconds a card.
    Tricks {
        /// The first trick shown.
        from: usize,
        /// After the last one shown.
        to: usize,
        /// How long each card stays, in milliseconds (0: as fast as the reader goes).
        pace: u32,
    },
    /// South's turn to call: its hand and the auction so far.
    Auction,
    /// A deal played out: the contract, the tricks and points of each side, the belote.
    Result,
}

/// The answer a level waits for, computed from its position.
#[derive(Clone, Debug, PartialEq)]
pub enum Question {
    /// A card of South's hand: any of `right`.
    Card {
        /// The right cards.
        right: CardSet,
    },
    /// A call: `right`, what the convention calls, with what it shows.
    Call {
        /// The convention's call.
        right: Call,
        /// What it shows.
        meaning: Box<Meaning>,
    },
    /// A count of points, by the rules.
    Count(Counted),
    /// How many trumps the takers still hold, from the cards played.
    Trumps(TrumpCount),
    /// What `team` writes down for the deal, by the rules' score.
    Score {
        /// The team whose score is asked.
        team: Team,
        /// The score written.
        right: u16,
        /// How it adds up.
        sum: ScoreSum,
    },
}

/// A player's answer.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Answer {
    /// A card.
    Card(Card),
    /// A call.
    Call(Call),
    /// A number of points.
    Number(u16),
}

/// What kind of answer a level waits for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Asked {
    /// A card.
    Card,
    /// A call.
    Call,
    /// A number.
    Number,
}

/// Why an answer is wrong, taken from the rules, the solver, the convention or the count.
#[derive(Clone, Debug, PartialEq)]
pub enum Reason {
    /// Not the kind of answer the level waits for.
    NotAsked(Asked),
    /// The card is not in South's hand.
    NotHeld(Card),
    /// The game refuses the action, with the rule it breaks and the cards South may play.
    Refused {
        /// The action refused.
        action: Action,
        /// The rules' refusal.
        error: GameError,
        /// The cards South may play.
        playable: CardSet,
    },
    /// A card below the best of its kind: the order of the cards, in trumps or outside.
    Lower {
        /// The card played.
        card: Card,
        /// The best.
        best: Card,
        /// In trump order.
        trump: bool,
    },
    /// A card worth fewer points than the best.
    FewerPoints {
        /// The card played.
        card: Card,
        /// Its points.
        points: u8,
        /// The best.
        best: Card,
        /// Its points.
        best_points: u8,
    },
    /// A card of another suit than the one asked for.
    OtherSuit {
        /// The card played.
        card: Card,
        /// The suit asked for: a side suit, or the trumps (`None`).
        asked: Option<crate::rules::Suit>,
    },
    /// A trump, where a card outside trumps is asked for.
    IsTrump(Card),
    /// The card does not win the trick: `winner` takes it with `by`.
    DoesNotWin {
        /// The card played.
        card: Card,
        /// Who takes the trick.
        winner: Seat,
        /// With what.
        by: Card,
    },
    /// A trump spent on a trick the partner is winning so far.
    SpentTrump(Card),
    /// Not a card of the belote: `card` says nothing, where the king or the queen of trumps,
    /// `belote`, would be said "belote" now and the other "rebelote" later.
    NotBelote {
        /// The card played.
        card: Card,
        /// The king and the queen of trumps, both in South's hand.
        belote: CardSet,
    },
    /// The card loses points by the solver: the side takes `taken` of the points left with it,
    /// `best_taken` with `best`.
    Loses {
        /// The card played.
        card: Card,
        /// The points the side takes from here with it, at best.
        taken: u16,
        /// A best card.
        best: Card,
        /// The points the side takes with it.
        best_taken: u16,
    },
    /// Not the convention's call: what the call said would show, and the call to make.
    Call {
        /// What the call made would show.
        said: Box<Meaning>,
        /// The convention's call.
        right: Call,
    },
    /// A count off by a slip.
    Count {
        /// The number said.
        said: u16,
        /// The count.
        right: u16,
        /// The likely slip.
        slip: Option<Slip>,
    },
    /// A count of the takers' trumps off: how it is made, from the trumps fallen and South's.
    Trumps {
        /// The number said.
        said: u16,
        /// The count.
        count: TrumpCount,
    },
    /// A score off: how the rules add it up.
    Score {
        /// The number said.
        said: u16,
        /// The score written.
        right: u16,
        /// The sum.
        sum: ScoreSum,
    },
}

/// The verdict on an answer.
#[derive(Clone, Debug, PartialEq)]
pub enum Verdict {
    /// A right answer.
    Right,
    /// A wrong one, and why.
    Wrong(Reason),
}

/// The wrong tries after which the answer is shown.
pub const SHOWN_AFTER: u8 = 2;

/// The stars of a level solved after `wrong` wrong tries: 3, 2, then 1.
pub const fn stars(wrong: u8) -> u8 {
    match wrong {
        0 => 3,
        1 => 2,
        _ => 1,
    }
}

/// A level: its goal, its position, what it shows of it and the answer it waits for.
#[derive(Clone, Debug)]
pub struct Level {
    /// The goal.
    pub goal: Goal,
    /// The position: the game as it stands at the question.
    pub game: Game,
    /// What is shown of it.
    pub scene: Scene,
    /// The answer waited for.
    pub question: Question,
}

impl Level {
    /// The level of `goal` on the first position that shows it.
    pub fn build(goal: Goal) -> Option<Level> {
        match goal.stage() {
            Stage::Cards => cards::build(goal),
            Stage::Trick => trick::build(goal),
            Stage::Counting => counting::build(goal),
            Stage::Defence if goal == Goal::CountTheirTrumps => trumps::build(goal),
            Stage::Play | Stage::Defence => hand::build(goal),
            Stage::Auction | Stage::Doubles => auction::build(goal),
            Stage::Scoring => scoring::build(goal),
        }
    }

    /// Whether the level shows its move before asking it: the first of each stage.
    pub fn shows_the_move(&self) -> bool {
        self.goal.number() == 1
    }

    /// The kind of answer waited for.
    pub fn asked(&self) -> Asked {
        match self.question {
            Question::Card { .. } => Asked::Card,
            Question::Call { .. } => Asked::Call,
            Question::Count(_) | Question::Trumps(_) | Question::Score { .. } => Asked::Number,
        }
    }

    /// A right answer: the one shown.
    pub fn solution(&self) -> Answer {
        match &self.question {
            Question::Card { right } => Answer::Card(right.first().unwrap_or(Card::from_index(0))),
            Question::Call { right, .. } => Answer::Call(*right),
            Question::Count(c) => Answer::Number(c.right),
            Question::Trumps(t) => Answer::Number(t.right),
            Question::Score { right, .. } => Answer::Number(*right),
        }
    }

    /// Every right answer of a card level (one for the others).
    pub fn right_cards(&self) -> CardSet {
        match &self.question {
            Question::Card { right } => *right,
            _ => CardSet::EMPTY,
        }
    }

    /// Judges `answer` on the position.
    pub fn judge(&self, answer: Answer) -> Verdict {
        match (&self.question, answer) {
            (Question::Card { right }, Answer::Card(card)) if right.contains(card) => {
                Verdict::Right
            }
            (Question::Card { .. }, Answer::Card(card)) => Verdict::Wrong(self.card_reason(card)),
            (Question::Call { right, .. }, Answer::Call(call)) if *right == call => Verdict::Right,
            (Question::Call { right, .. }, Answer::Call(call)) => {
                Verdict::Wrong(auction::reason(&self.game, call, *right))
            }
            (Question::Count(c), Answer::Number(n)) if c.right == n => Verdict::Right,
            (Question::Count(c), Answer::Number(n)) => Verdict::Wrong(c.reason(n)),
            (Question::Trumps(t), Answer::Number(n)) if t.right == n => Verdict::Right,
            (Question::Trumps(t), Answer::Number(n)) => Verdict::Wrong(t.reason(n)),
            (Question::Score { right, .. }, Answer::Number(n)) if *right == n => Verdict::Right,
            (Question::Score { right, sum, .. }, Answer::Number(n)) => {
                Verdict::Wrong(Reason::Score { said: n, right: *right, sum: *sum })
            }
            _ => Verdict::Wrong(Reason::NotAsked(self.asked())),
        }
    }

    /// Why a card that is not right is wrong: the rules' refusal first, then the level's own
    /// reason.
    fn card_reason(&self, card: Card) -> Reason {
        let seat = Seat::South;
        let hand = self.game.deal().hands()[seat];
        if !hand.contains(card) {
            return Reason::NotHeld(card);
        }
        let action = Action::Play(card);
        if let Err(error) = self.game.check(seat, action) {
            return Reason::Refused { action, error, playable: self.game.legal_cards() };
        }
        match self.goal.stage() {
            Stage::Cards => cards::reason(self, card),
            Stage::Play | Stage::Defence => hand::reason(self, card),
            _ => trick::reason(self, card),
        }
    }

    /// A representative set of wrong answers: every card of South's hand that is not right;
    /// the other calls of note; counts off by each slip and by one.
    pub fn wrong_answers(&self) -> Vec<Answer> {
        match &self.question {
            Question::Card { right } => {
                // The wrong cards the rules allow first, then those of a right card's suit:
                // the slips a beginner makes first.
                let wrong = self.game.deal().hands()[Seat::South].minus(*right);
                let legal = self.game.legal_cards();
                let suits = right.iter().fold(CardSet::EMPTY, |s, c| s.or(CardSet::suit(c.suit())));
                let (allowed, refused) = (wrong.and(legal), wrong.minus(legal));
                [allowed, refused.and(suits), refused.minus(suits)]
                    .into_iter()
                    .flat_map(CardSet::iter)
                    .map(Answer::Card)
                    .collect()
            }
            Question::Call { right, .. } => auction::wrong_calls(&self.game, *right),
            Question::Count(c) => c.wrong_counts().into_iter().map(Answer::Number).collect(),
            Question::Trumps(t) => t.wrong_counts().into_iter().map(Answer::Number).collect(),
            Question::Score { right, .. } => [right + 10, right.saturating_sub(10), right + 1]
                .into_iter()
                .filter(|n| n != right)
                .map(Answer::Number)
                .collect(),
        }
    }
}

/// The tries at one level, and what each comes to.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Attempt {
    /// Wrong tries so far.
    pub wrong: u8,
}

/// What a try comes to.
#[derive(Clone, Debug, PartialEq)]
pub enum Outcome {
    /// Solved, with its stars.
    Solved(u8),
    /// Wrong, with why; `shown` once the answer is to be shown.
    Wrong {
        /// Why.
        reason: Reason,
        /// The answer is shown now.
        shown: bool,
    },
}

impl Attempt {
    /// Judges `answer` at `level`, counting the try.
    pub fn answer(&mut self, level: &Level, answer: Answer) -> Outcome {
        match level.judge(answer) {
            Verdict::Right => Outcome::Solved(stars(self.wrong)),
            Verdict::Wrong(reason) => {
                // An answer of the wrong kind (a card where a call is asked) is no try.
                if !matches!(reason, Reason::NotAsked(_) | Reason::NotHeld(_)) {
                    self.wrong = self.wrong.saturating_add(1);
                }
                Outcome::Wrong { reason, shown: self.wrong >= SHOWN_AFTER }
            }
        }
    }
}
