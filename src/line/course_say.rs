//! What the line mode says of the course: a level's position as plain sentences (the hand, the
//! trick, every hand of a problem, the tricks of a drill a card at a time, the auction so far
//! with the hand's worth in each suit, a deal's result), the map of the stages with their stars,
//! the course's help, as Lichess's course for screen readers states the goal and the moves.

use super::say;
use crate::bots::bidding::evaluate;
use crate::learn::{CourseProgress, Level, Scene, Stage};
use crate::rules::{Seat, Team, Trump};
use crate::text::{Lang, Words};

/// A line to say, and how long to leave it before the next one, in milliseconds (a drill's
/// pace; 0 for every other line).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Said {
    /// The line.
    pub line: String,
    /// The pause after it.
    pub pause: u32,
}

impl Said {
    /// A line without a pause.
    pub fn line(line: String) -> Said {
        Said { line, pause: 0 }
    }
}

/// A line of `w`'s language.
fn pick(w: Words, en: String, fr: String) -> String {
    w.text(&match w.lang {
        Lang::En => en,
        Lang::Fr => fr,
    })
    .into_owned()
}

/// The position of `level`, as lines.
pub fn scene(w: Words, level: &Level) -> Vec<Said> {
    let game = &level.game;
    let deal = game.deal();
    let contract = deal.contract();
    let trump = contract.map(|c| c.trump());
    let mut lines = Vec::new();
    match level.scene {
        Scene::Turn { open } => {
            lines.extend(contract.map(|c| say::contract(w, &c)));
            let trick = deal.play.as_ref().map(|p| *p.current_trick());
            if trick.is_some_and(|t| !t.is_empty()) {
                lines.push(say::on_the_table(w, trick.as_ref()));
            }
            lines.push(say::hand(w, deal.hands()[Seat::South], trump));
            if open {
                for seat in [Seat::West, Seat::North, Seat::East] {
                    lines.push(holds(w, seat, deal.hands()[seat], trump));
                }
            }
        }
        Scene::Auction => {
            let hand = deal.hands()[Seat::South];
            for (i, &call) in deal.auction.calls().iter().enumerate() {
                lines.push(say::called(w, deal.auction.seat_of(i), call));
            }
            lines.push(say::hand(w, hand, None));
            lines.push(worth(w, hand, game.rules()));
            lines.push(say::turn_to_bid(w, &game.legal_calls()));
        }
        Scene::Result => lines.extend(result(w, level)),
        Scene::Tricks { .. } => return drill(w, level),
    }
    lines.into_iter().map(Said::line).collect()
}

/// The cards a seat holds, by suit: "North holds: spades ace, ten; hearts (trump) jack."
fn holds(w: Words, seat: Seat, cards: crate::rules::CardSet, trump: Option<Trump>) -> String {
    let cards = say::cards_by_suit(w, cards, trump);
    pick(w, format!("{} holds: {cards}.", w.seat(seat)), format!("{} a : {cards}.", w.seat(seat)))
}

/// A hand's worth with each suit as trumps, as the convention counts it.
fn worth(w: Words, hand: crate::rules::CardSet, rules: crate::rules::Rules) -> String {
    let each: Vec<String> = crate::rules::Suit::ALL
        .iter()
        .map(|&s| format!("{} {}", w.suit_name(s), evaluate(hand, Trump::Suit(s), rules)))
        .collect();
    let each = each.join(", ");
    pick(
        w,
        format!(
            "Your hand's worth with each suit as trumps (its trumps, aces, tens and ruffs, with an average partner): {each}."
        ),
        format!(
            "Ce que vaut votre main avec chaque couleur à l'atout (ses atouts, as, dix et coupes, avec un partenaire moyen) : {each}."
        ),
    )
}

/// The tricks of a drill, a card a line at its pace, each trick's taker after its cards.
fn drill(w: Words, level: &Level) -> Vec<Said> {
    let Scene::Tricks { from, to, pace } = level.scene else { return Vec::new() };
    let Some(d) = level.game.history().last() else { return Vec::new() };
    let mut lines = vec![Said::line(w.text(w.seats_said()).into_owned())];
    lines.extend(w.drill_head(level).map(Said::line));
    for (i, t) in d.tricks.iter().enumerate().take(to).skip(from) {
        for (seat, card) in t.trick.plays() {
            lines.push(Said { line: say::played(w, seat, card), pause: pace });
        }
        let who = w.who(t.winner);
        lines.push(Said::line(pick(
            w,
            format!("Trick {} goes to {who}.", i + 1),
            format!("Le pli {} est pour {who}.", i + 1),
        )));
    }
    if let Some(team) = d.belote_team().filter(|_| to - from == 8) {
        let side = w.side(team);
        lines.push(Said::line(pick(
            w,
            format!("The belote was said by {side}."),
            format!("La belote a été annoncée par {side}."),
        )));
    }
    lines
}

/// A deal's result: the contract, each side's tricks and card points, the belote.
fn result(w: Words, level: &Level) -> Vec<String> {
    let Some(d) = level.game.history().last() else { return Vec::new() };
    let mut lines: Vec<String> = d.contract.iter().map(|c| say::contract(w, c)).collect();
    lines.push(w.text(w.seats_said()).into_owned());
    let last = d.tricks.last().map(|t| t.winner.team());
    for team in Team::ALL {
        let (side, tricks, points) = (w.side(team), d.tricks_won[team], d.card_points[team]);
        let capot = !d.tricks.is_empty() && d.tricks.iter().all(|t| t.winner.team() == team);
        let bonus = (last == Some(team)).then_some(capot);
        lines.push(tally(w, &say::capital(side), tricks, points, bonus));
    }
    if let Some(team) = d.belote_team() {
        let side = w.side(team);
        lines.push(pick(
            w,
            format!("The belote, 20 points, is {side}'s."),
            format!("La belote, 20 points, est à {side}."),
        ));
    }
    lines
}

/// A side's tricks and card points; `last` when it took the last trick, whose bonus its points
/// hold: `Some(false)` the dix de der, `Some(true)` a capot's last trick, when it took all eight.
fn tally(w: Words, side: &str, tricks: u8, points: u16, last: Option<bool>) -> String {
    let bonus = crate::rules::CAPOT_LAST_TRICK_BONUS;
    let (en_with, fr_with) = match last {
        None => (String::new(), String::new()),
        Some(false) => (" with the dix de der".into(), " avec le dix de der".into()),
        Some(true) => (
            format!(" with the last trick's {bonus}, as a capot's last trick counts"),
            format!(" avec les {bonus} du dernier pli, ce que vaut le dernier pli d'un capot"),
        ),
    };
    let en = |n: u16, one: &str| if n == 1 { one.to_string() } else { format!("{one}s") };
    let fr = |n: u16, one: &str| if n > 1 { format!("{one}s") } else { one.to_string() };
    let t = u16::from(tricks);
    pick(
        w,
        format!(
            "{side}: {tricks} {}, {points} card {}{en_with}.",
            en(t, "trick"),
            en(points, "point")
        ),
        format!(
            "{side} : {tricks} {}, {points} {} de cartes{fr_with}.",
            fr(t, "pli"),
            fr(points, "point")
        ),
    )
}

/// The map of the stages: each with its stars, done, up next or not done yet; then the first
/// deal.
pub fn map(w: Words, p: &CourseProgress) -> Vec<String> {
    let mut lines = vec![pick(w, "The course:".into(), "Le cours :".into())];
    for stage in Stage::ALL {
        let (won, of) = p.stage_stars(stage);
        let state = match (p.stage_done(stage), p.stage_open(stage)) {
            (true, _) => w.t(crate::text::T::StageDone).into(),
            (false, true) => w.t(crate::text::T::StageOpen).into(),
            (false, false) => pick(w, "not done yet".into(), "pas encore faite".into()),
        };
        let (n, name, idea) = (stage.number(), w.stage_name(stage), w.stage_idea(stage));
        lines.push(pick(
            w,
            format!("{n}. {name}: {idea}. {won} of {of} stars, {state}."),
            format!(
                "{n}. {name} : {idea}. {won} étoile{} sur {of}, {state}.",
                if won > 1 { "s" } else { "" }
            ),
        ));
    }
    let n = Stage::ALL.len() + 1;
    let played =
        if p.first_deal { pick(w, "played".into(), "jouée".into()) } else { String::new() };
    lines.push(pick(
        w,
        format!("{n}. A first deal, with the expert's hints before each of your turns{}{played}.", if p.first_deal { ": " } else { "" }),
        format!("{n}. Une première donne, avec les conseils de l'expert avant chacun de vos tours{}{played}.", if p.first_deal { " : " } else { "" }),
    ));
    lines.push(pick(
        w,
        format!("Type a number to play a stage (you may skip ahead to any), or {n} for the deal."),
        format!("Tapez un numéro pour jouer une étape (vous pouvez passer à n'importe laquelle), ou {n} pour la donne."),
    ));
    lines
}

/// The course's commands.
pub fn help(w: Words) -> Vec<String> {
    vec![
        pick(w, "Answer with a card (jack of hearts, or JH), a call (pass, 90 hearts, contre) or a number of points.".into(),
             "Répondez par une carte (valet de cœur, ou VC), une annonce (passe, 90 cœur, contre) ou un nombre de points.".into()),
        pick(w, "again: the level again; next: the next level; map: the stages; deal: the first deal; quit: leave (the stars are kept).".into(),
             "encore : le niveau à nouveau ; suivant : le niveau suivant ; carte : les étapes ; donne : la première donne ; quitter : partir (les étoiles sont gardées).".into()),
    ]
}
