//! The line mode's sentences, in English and French: each event of the game as a screen reader
//! reads it, a sentence a line, cards and suits by their names. The words of the table (cards,
//! calls, contracts, refusals, sums) come from [`Words`], spoken; what is said here is the
//! sentence around them.

use crate::bots::bidding::Meaning;
use crate::bots::expert::DealAnalysis;
use crate::bots::expert::Holds;
use crate::game::{DealResult, Game};
use crate::personas::Level;
use crate::rules::{
    BeloteCall, Bid, BidLevel, BySeat, Call, Card, CardSet, Combination, Contract, DealRecord,
    DoneTrick, LegalCalls, Multiplier, Seat, Suit, Team, Trick, Trump,
};
use crate::session::report::{self, DealLine, Player, Summary, team_word};
use crate::session::table::sorted_hand;
use crate::text::Lang;
use crate::text::{T, Words, rounded};

pub use crate::text::capital;

/// `text` with its first letter in lower case, as it goes on after a colon.
pub(super) fn lower_first(text: &str) -> String {
    let mut chars = text.chars();
    match chars.next() {
        Some(first) => first.to_lowercase().chain(chars).collect(),
        None => String::new(),
    }
}

/// "us" or "them", as a sentence says it.
fn team(w: Words, team: Team) -> String {
    w.t(team_word(team)).to_lowercase()
}

/// Both teams' figures: "us 80, them 82".
pub(super) fn both(w: Words, us: impl std::fmt::Display, them: impl std::fmt::Display) -> String {
    format!("{} {us}, {} {them}", team(w, Team::NS), team(w, Team::EW))
}

/// A seat as the subject of a sentence, with its verb: South is "you".
fn subject(w: Words, seat: Seat, en: (&str, &str), fr: (&str, &str)) -> String {
    match (w.lang, seat) {
        (Lang::En, Seat::South) => format!("You {}", en.1),
        (Lang::En, _) => format!("{} {}", w.seat(seat), en.0),
        (Lang::Fr, Seat::South) => format!("Vous {}", fr.1),
        (Lang::Fr, _) => format!("{} {}", w.seat(seat), fr.0),
    }
}

/// A seat's call: "East passes.", "You bid 100 hearts.", "North says contre."
pub fn called(w: Words, seat: Seat, call: Call) -> String {
    let said = match call {
        Call::Pass => subject(w, seat, ("passes", "pass"), ("passe", "passez")),
        Call::Bid(b) => {
            let bid = w.bid_long(b);
            subject(w, seat, ("bids", "bid"), ("annonce", "annoncez")) + " " + &bid
        }
        Call::Contre | Call::Surcontre => {
            let word = w.call(call).to_lowercase();
            subject(w, seat, ("says", "say"), ("dit", "dites")) + " " + &word
        }
    };
    w.text(&format!("{said}.")).into_owned()
}

/// The contract once the auction is over: "North takes the contract: 100 hearts, contred."
pub fn contract(w: Words, c: &Contract) -> String {
    let what = format!("{}{}", w.bid_long(c.bid), w.multiplier(c.multiplier));
    let what = what.replacen(" contr", ", contr", 1).replacen(" surcontr", ", surcontr", 1);
    let said = w.takes_the_contract(c.taker, &what);
    w.text(&said).into_owned()
}

/// A card played: "North plays the jack of spades.", "You play the ten of hearts."
pub fn played(w: Words, seat: Seat, card: Card) -> String {
    let s = subject(w, seat, ("plays", "play"), ("joue", "jouez"));
    w.text(&format!("{s} {}.", w.the_card(card))).into_owned()
}

/// A belote said: "North says belote."
pub fn belote(w: Words, seat: Seat, call: BeloteCall) -> String {
    let word = w.t(match call {
        BeloteCall::Belote => T::Belote,
        BeloteCall::Rebelote => T::Rebelote,
    });
    let s = subject(w, seat, ("says", "say"), ("dit", "dites"));
    w.text(&format!("{s} {}.", word.to_lowercase())).into_owned()
}

/// What a seat declares with its first card: "East declares Tierce to the king of hearts."
pub fn declared(w: Words, seat: Seat, c: Combination) -> String {
    let s = subject(w, seat, ("declares", "declare"), ("annonce", "annoncez"));
    w.text(&format!("{s} {}.", w.combination(c))).into_owned()
}

/// Which team scores its declarations, once the first trick is gathered.
pub fn declarations_scored(w: Words, scoring: Option<(Team, u16)>) -> String {
    let who = match scoring {
        Some((t, points)) => format!("{} {points}", team(w, t)),
        None => w.t(T::Nobody).to_string(),
    };
    w.text(&format!("{}{}{who}.", w.t(T::Declarations), w.colon())).into_owned()
}

/// Who takes a trick: a seat, or "you".
fn winner(w: Words, seat: Seat) -> &'static str {
    match (w.lang, seat) {
        (_, Seat::South) => w.t(T::LineYou),
        (_, seat) => w.seat(seat),
    }
}

/// A trick taken: "Trick 3 to East: 24 points for them."
pub fn trick_taken(w: Words, number: usize, t: &DoneTrick) -> String {
    let side = team(w, t.winner.team());
    let who = winner(w, t.winner);
    let said = w.trick_to(number, who, t.points, &side);
    w.text(&said).into_owned()
}

/// The cards of a trick with who played them: "West the king of hearts, North the seven of
/// hearts".
fn trick_cards(w: Words, trick: &Trick) -> String {
    trick_cards_as(w, trick, |seat| seat)
}

/// The cards of a trick with who played them, each seat said as `seat_as` gives it.
fn trick_cards_as(w: Words, trick: &Trick, seat_as: impl Fn(Seat) -> Seat) -> String {
    let cards: Vec<String> = trick
        .plays()
        .map(|(seat, card)| format!("{} {}", w.seat(seat_as(seat)), w.the_card(card)))
        .collect();
    cards.join(", ")
}

/// The trick on the table: "On the table: West the king of hearts." or that it is empty.
pub fn on_the_table(w: Words, trick: Option<&Trick>) -> String {
    on_the_table_as(w, trick, |seat| seat)
}

/// The trick on the table, each seat said as `seat_as` gives it (a table turned around its
/// player).
pub fn on_the_table_as(w: Words, trick: Option<&Trick>, seat_as: impl Fn(Seat) -> Seat) -> String {
    let said = match (w.lang, trick.filter(|t| t.plays().next().is_some())) {
        (_, None) => w.t(T::LineNothingOnTable).to_string(),
        (_, Some(t)) => w.on_table(&trick_cards_as(w, t, seat_as)),
    };
    w.text(&said).into_owned()
}

/// A trick taken, whole: "Trick 2, to North, 14 points: East the ace of spades, ..."
pub fn trick_whole(w: Words, number: usize, t: &DoneTrick) -> String {
    let (who, cards) = (winner(w, t.winner), trick_cards(w, &t.trick));
    let said = w.trick_with(number, who, t.points, &cards);
    w.text(&said).into_owned()
}

/// No trick is taken yet in the deal.
pub fn no_trick(w: Words) -> String {
    w.text(&format!("{}.", w.t(T::NoTrickYet))).into_owned()
}

/// Cards grouped by suit in table order: "spades jack, ten, seven; hearts (trump) ace".
pub(super) fn cards_by_suit(w: Words, cards: CardSet, trump: Option<Trump>) -> String {
    let sorted = sorted_hand(cards, trump);
    let mut groups: Vec<(Suit, Vec<&str>)> = Vec::new();
    for card in sorted {
        match groups.last_mut() {
            Some((suit, ranks)) if *suit == card.suit() => ranks.push(w.rank_name(card.rank())),
            _ => groups.push((card.suit(), vec![w.rank_name(card.rank())])),
        }
    }
    let trump_word = w.t(T::TrumpLegend);
    let groups: Vec<String> = groups
        .into_iter()
        .map(|(suit, ranks)| {
            let name = w.suit_name(suit);
            let marked = match trump {
                Some(Trump::Suit(t)) if t == suit => format!("{name} ({trump_word})"),
                _ => name.to_string(),
            };
            format!("{marked} {}", ranks.join(", "))
        })
        .collect();
    groups.join(w.t(T::LineSuitsBetween))
}

/// South's hand: "You hold: spades jack, ten, seven; hearts ace."
pub fn hand(w: Words, cards: CardSet, trump: Option<Trump>) -> String {
    let said = w.you_hold(&cards_by_suit(w, cards, trump));
    w.text(&said).into_owned()
}

/// The cards a seat lays face up as it claims the rest of the tricks: "West shows its cards:
/// spades ace, ten; clubs (trump) jack."
pub fn shows(w: Words, seat: Seat, cards: CardSet, trump: Option<Trump>) -> String {
    let said = w.shows_cards(seat, &cards_by_suit(w, cards, trump));
    w.text(&said).into_owned()
}

/// The cards South may play: "You may play: hearts ace, ten." or "any card".
pub fn may_play(w: Words, legal: CardSet, hand: CardSet, trump: Option<Trump>) -> String {
    let said = match (w.lang, legal == hand) {
        (_, true) => w.t(T::LineAnyCard).to_string(),
        (_, false) => w.you_may_play(&cards_by_suit(w, legal, trump)),
    };
    w.text(&said).into_owned()
}

/// South's turn to play: "Your turn, trick 3." or "Your turn to lead, trick 3."
pub fn turn_to_play(w: Words, trick: usize, lead: bool) -> String {
    let said = w.your_turn(trick, lead);
    w.text(&said).into_owned()
}

/// The bid to beat in the auction, contred or not: "The bid to beat: 100 hearts contré, East."
/// or none yet.
pub fn to_beat(w: Words, current: Option<(Seat, Bid)>, m: Multiplier) -> String {
    let said = match (w.lang, current) {
        (_, None) => w.t(T::LineNoBid).to_string(),
        (Lang::En, Some((s, b))) => {
            format!("The bid to beat: {}{}, {}.", w.bid_long(b), w.multiplier(m), w.seat(s))
        }
        (Lang::Fr, Some((s, b))) => {
            format!("L'enchère à battre : {}{}, {}.", w.bid_long(b), w.multiplier(m), w.seat(s))
        }
    };
    w.text(&said).into_owned()
}

/// South's turn to bid, and the calls it may make: "Your turn to bid: pass, a bid of 90 or
/// more (as "90 hearts"), contre."
pub fn turn_to_bid(w: Words, legal: &LegalCalls) -> String {
    let mut may: Vec<String> = Vec::new();
    if legal.pass {
        may.push(w.t(T::LineMayPass).to_string());
    }
    match legal.min_level {
        Some(BidLevel::Points(v)) => {
            let trumps = if legal.nt_at { w.t(T::LineAnyTrump) } else { "" };
            may.push(w.may_bid_from(v, trumps));
        }
        Some(BidLevel::Capot) => may.push(w.t(T::LineMayBidCapot).to_string()),
        None => {}
    }
    if legal.contre {
        may.push(w.t(T::LineMayContre).to_string());
    }
    if legal.surcontre {
        may.push(w.t(T::LineMaySurcontre).to_string());
    }
    let said = w.your_turn_to_bid(&may.join(w.t(T::LineSuitsBetween)));
    w.text(&said).into_owned()
}

/// A weighty call waits for its confirmation: "Contre: are you sure? Say yes or no."
pub fn confirm(w: Words, call: Call) -> String {
    let what = match call {
        Call::Bid(b) if b.level == BidLevel::Capot => w.capot_in(w.trump_name(b.trump)),
        other => w.call(other),
    };
    let said = w.are_you_sure(&what);
    w.text(&said).into_owned()
}

/// South may declare with its first card: "With your first card you may declare Tierce to the
/// king of hearts: say declare, or keep quiet."
pub fn declare_ask(w: Words, c: Combination) -> String {
    let said = w.you_may_declare(&w.combination(c));
    w.text(&said).into_owned()
}

/// A new deal: "Deal 3. West deals."
pub fn deal_start(w: Words, number: usize, dealer: Seat) -> String {
    let said = w.deal_dealt_by(number, dealer);
    w.text(&said).into_owned()
}

/// A new game: "New game: Contrée, to 1000 points."
pub fn new_game(w: Words, game: &Game) -> String {
    let rules = w.rules_short(game.rules());
    let target = game.options().target;
    let said = w.new_game_to(&rules, target);
    w.text(&said).into_owned()
}

/// A saved game resumed: "Resuming the saved game: Contrée to 1000, us 120, them 300."
pub fn resumed(w: Words, game: &Game) -> String {
    let rules = w.rules_short(game.rules());
    let target = game.options().target;
    let t = game.totals();
    let score = both(w, t[Team::NS], t[Team::EW]);
    let said = w.resuming(&rules, target, &score);
    w.text(&said).into_owned()
}

/// The score: "Score: us 480, them 300, to 1000. This deal: tricks: us 3, them 2; card points:
/// us 50, them 30."
pub fn score(w: Words, game: &Game) -> Vec<String> {
    let t = game.totals();
    let target = game.options().target;
    let mut lines = vec![w.score_to(&both(w, t[Team::NS], t[Team::EW]), target)];
    lines.extend(expert_balance(w, game));
    let deal = game.deal();
    if let (Some(c), Some(play)) = (deal.contract(), deal.play.as_ref()) {
        let tricks = play.tricks_won();
        let points = play.points();
        lines.push(match w.lang {
            Lang::En => format!(
                "This deal: {}; tricks: {}; card points: {}.",
                w.contract(&c),
                both(w, tricks[Team::NS], tricks[Team::EW]),
                both(w, points[Team::NS], points[Team::EW])
            ),
            Lang::Fr => format!(
                "Cette donne : {} ; plis : {} ; points des plis : {}.",
                w.contract(&c),
                both(w, tricks[Team::NS], tricks[Team::EW]),
                both(w, points[Team::NS], points[Team::EW])
            ),
        });
    }
    lines.into_iter().map(|l| w.text(&l).into_owned()).collect()
}

/// A deal of the history in a sentence.
pub fn history_line(w: Words, line: &DealLine) -> String {
    let what = match (line.contract, line.standing) {
        (_, report::Standing::Passed) => w.t(T::AllPassed).to_string(),
        (None, _) => w.t(T::Bidding).to_string(),
        (Some(c), r) => {
            let how = match r {
                report::Standing::Made => w.t(T::Made),
                report::Standing::Failed => w.t(T::Failed),
                _ => w.t(T::InProgress),
            };
            format!("{}, {how}", w.contract(&c))
        }
    };
    let p = line.points;
    let t = line.totals;
    let said = match w.lang {
        Lang::En => format!(
            "Deal {}, dealt by {}: {what}. Points: {}. Totals: {}.",
            line.number,
            w.seat(line.dealer),
            both(w, p[Team::NS], p[Team::EW]),
            both(w, t[Team::NS], t[Team::EW])
        ),
        Lang::Fr => format!(
            "Donne {}, donnée par {} : {what}. Points : {}. Totaux : {}.",
            line.number,
            w.seat(line.dealer),
            both(w, p[Team::NS], p[Team::EW]),
            both(w, t[Team::NS], t[Team::EW])
        ),
    };
    w.text(&said).into_owned()
}

/// A finished deal's result beside the expert's in South's seat, or that the expert is playing
/// it; nothing for a deal not compared.
pub fn expert_in_seat(w: Words, d: &DealResult) -> Option<String> {
    sentences(w, &w.expert_in_seat(d))
}

/// What the expert in South's seat made of a finished deal, said once it is in, after the
/// deal's own result: "The expert in your seat: 70 to 200. Difference: +40."
pub fn expert_result(w: Words, d: &DealResult) -> Option<String> {
    sentences(w, &w.expert_result(d))
}

/// Sentences said on one line, the last ended.
fn sentences(w: Words, sentences: &[String]) -> Option<String> {
    let line = sentences.join(" ");
    let end = if line.ends_with('…') || line.ends_with("...") { "" } else { "." };
    (!sentences.is_empty()).then(|| w.text(&format!("{line}{end}")).into_owned())
}

/// The game's balance against the expert in South's seat, once a deal is compared: "Against
/// the expert, over 3 deals: −40."
pub fn expert_balance(w: Words, game: &Game) -> Option<String> {
    let (deals, balance) = game.expert_balance();
    let line = format!("{}, {}.", w.t(T::AgainstExpert), w.expert_balance(deals, balance));
    (deals > 0).then(|| w.text(&line).into_owned())
}

/// A finished deal's summary, a sentence a line.
pub fn summary(w: Words, number: usize, s: &Summary) -> Vec<String> {
    let mut lines = vec![format!("{}.", w.deal_over(number))];
    let Some(o) = s.outcome else {
        lines.push(format!("{}.", w.t(T::AllPassed)));
        return lines.into_iter().map(|l| w.text(&l).into_owned()).collect();
    };
    let c = o.contract;
    let verdict = w.t(if o.made { T::Made } else { T::Failed });
    let reached = w.reached(o.reached);
    let defence = o.defence.map(|v| format!(", {} {v}", w.t(T::Defence))).unwrap_or_default();
    lines.push(format!("{}{}{verdict}, {reached}{defence}.", w.contract(&c), w.colon()));
    // Who held each belote, beside its points: "Belote: us 0, them 20 (West diamonds)."
    let held = s.held(w);
    for p in &s.points {
        let v = |team: Team| p.teams[team].unwrap_or(0);
        let of = match p.label {
            T::Belote | T::Belotes if !held.is_empty() => format!(" ({})", held.join("; ")),
            _ => String::new(),
        };
        let teams = both(w, v(Team::NS), v(Team::EW));
        lines.push(format!("{}{}{teams}{of}.", w.t(p.label), w.colon()));
    }
    for (seat, combination) in &s.declared {
        let (seat, c) = (w.seat(*seat), w.combination(*combination));
        lines.push(format!("{}{}{seat}, {c}.", w.t(T::Declarations), w.colon()));
    }
    let (us, them) = (&s.sums[Team::NS], &s.sums[Team::EW]);
    lines.push(w.deal_score(us, them));
    lines.push(format!(
        "{}{}{}.",
        w.t(T::Totals),
        w.colon(),
        both(w, s.totals[Team::NS], s.totals[Team::EW])
    ));
    lines.into_iter().map(|l| w.text(&l).into_owned()).collect()
}

/// The end of the game: who won, and the final score.
pub fn game_over(w: Words, game: &Game) -> Vec<String> {
    let t = game.totals();
    // After the colon, the verdict goes on the sentence: no capital mid-sentence.
    let verdict = match game.winner() {
        Some(Team::NS) => lower_first(w.t(T::YouWin)),
        _ => lower_first(w.t(T::YouLose)),
    };
    let lines = vec![
        format!("{}{}{verdict}", w.t(T::GameOver), w.colon()),
        w.final_score(&both(w, t[Team::NS], t[Team::EW])),
        w.t(T::LineSayNew).to_string(),
    ];
    lines.into_iter().map(|l| w.text(&l).into_owned()).collect()
}

/// A computer player at the table: "North, your partner: Name. Tagline. Cautious style: ..."
pub fn player(w: Words, p: &Player) -> String {
    let said = format!(
        "{}, {}{}{}. {}. {}.",
        w.seat(p.seat),
        w.t(p.role),
        w.colon(),
        p.name,
        p.tagline.trim_end_matches('.'),
        w.t(p.style)
    );
    w.text(&said).into_owned()
}

/// A word said at the line mode that means nothing now, and why, with what can be done.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NotNow {
    /// A card during the auction.
    Auction,
    /// A call once the auction is over.
    AuctionOver,
    /// A card South does not hold.
    NotHeld(Card),
    /// A bid below the lowest allowed, or none allowed.
    BidTooLow(Bid, Option<BidLevel>),
    /// Sans atout or tout atout in a game without them.
    NoNtAt,
    /// A contre or surcontre with nothing to double.
    NothingToContre,
    /// A surcontre where a contre is what may be said.
    ContreFirst,
    /// A bid at a level there is not.
    NoSuchBid,
    /// A command that takes a number, given something else.
    NotANumber(super::parse::Kind),
    /// Declaring, with no declaration asked.
    NothingToDeclare,
    /// A yes or no with no question asked.
    NoQuestion,
    /// A hint, out of South's turn.
    NoHint,
    /// A claim, out of South's turn to play.
    NoClaim,
    /// A new game while one is being played.
    GameOn,
    /// A deal that is not finished, or not in the game (no deal is finished yet when the
    /// game has none).
    NoSuchDeal(usize),
    /// No deal of the game is finished yet.
    NoDealYet,
    /// A call the auction does not have: the one asked (from 1), and how many there are.
    NoSuchCall(usize, usize),
    /// Who holds what, with no deal being bid or played.
    NoHolds,
    /// The game is over: nothing is played any more.
    GameOver,
    /// Not understood.
    Unknown,
    /// A line longer than the line mode reads, in bytes: not read.
    TooLong(usize),
}

/// Why a command does nothing now.
pub fn not_now(w: Words, why: NotNow, typed: &str) -> String {
    let fixed = |t: T| w.t(t).to_string();
    let said = match why {
        NotNow::Auction => fixed(T::LineAuctionOn),
        NotNow::AuctionOver => fixed(T::LineAuctionOver),
        NotNow::NotHeld(c) => w.not_held(&w.the_card(c)),
        NotNow::BidTooLow(b, min) => w.bid_too_low(&w.bid_long(b), min.map(|m| w.level(m))),
        NotNow::NoNtAt => fixed(T::LineNoNtAt),
        NotNow::NothingToContre => fixed(T::LineNothingToContre),
        NotNow::ContreFirst => fixed(T::LineContreFirst),
        NotNow::NoSuchBid => fixed(T::LineNoSuchBid),
        NotNow::NotANumber(kind) => w.not_a_number(kind),
        NotNow::NothingToDeclare => fixed(T::LineNothingToDeclare),
        NotNow::NoQuestion => fixed(T::LineNoQuestion),
        NotNow::NoHint => fixed(T::LineNoHint),
        NotNow::NoClaim => fixed(T::LineNoClaim),
        NotNow::GameOn => fixed(T::LineGameOn),
        NotNow::NoSuchDeal(n) => w.no_such_deal(n),
        NotNow::NoDealYet => format!("{}.", w.t(T::NoDeals)),
        NotNow::NoSuchCall(n, of) => w.no_such_call(n, of),
        NotNow::NoHolds => fixed(T::LineNoHolds),
        NotNow::GameOver => fixed(T::LineGameOver),
        NotNow::Unknown => w.not_understood(&echo(typed)),
        NotNow::TooLong(limit) => w.line_too_long(limit),
    };
    w.text(&said).into_owned()
}

/// A line typed as it is said back: trimmed, each control character (a NUL, an escape) written
/// as its escape rather than sent raw to the terminal or the screen reader, and a long line or
/// word cut short.
pub fn echo(typed: &str) -> String {
    let mut shown = String::with_capacity(typed.len().min(crate::files::ECHO_TOTAL * 2));
    for c in typed.trim().chars().take(crate::files::ECHO_TOTAL + 1) {
        if c.is_control() {
            shown.extend(c.escape_default());
        } else {
            shown.push(c);
        }
    }
    crate::files::cut(&shown)
}

/// Call `n` (from 1) of the auction and what it shows: "1. East, 80 ♥: Opens: …".
pub fn meaning(w: Words, n: usize, m: &Meaning) -> String {
    w.text(&format!("{n}. {}, {}: {}", w.seat(m.seat), w.call(m.call), w.meaning(m))).into_owned()
}

/// Who holds what, a line per other seat and suit, then the worlds it rests on: "West,
/// about 2.4 trumps.", "West, hearts: jack 54%, nine 20%.", "Over 2,048 worlds, 1,012
/// effective." The words of the figures are the expert's, as the table's view says them.
pub fn holds(w: Words, h: &Holds) -> Vec<String> {
    holds_as(w, h, |s| s)
}

/// [`holds`], each seat said as `seat_as` gives it (a table turned around its player).
pub fn holds_as(w: Words, h: &Holds, seat_as: impl Fn(Seat) -> Seat) -> Vec<String> {
    let mut lines = Vec::new();
    // In the order of the seats as said, as at the solo table.
    let mut others: Vec<(Seat, Seat)> = h.others().map(|real| (seat_as(real), real)).collect();
    others.sort_by_key(|(seat, _)| seat.index());
    for (seat, real) in others {
        let tenths = |t: f64| u16::try_from(rounded(t * 10.0)).unwrap_or(0);
        let trumps = h.mean_trumps(real).map(|t| w.about_trumps(tenths(t)));
        lines.push(match trumps {
            Some(t) => format!("{}, {t}.", w.seat(seat)),
            None => format!("{}.", w.seat(seat)),
        });
        for suit in Suit::ALL {
            let cards: Vec<String> = h
                .unseen
                .of_suit(suit)
                .iter()
                .filter(|&c| h.odds(real, c) > 0.0)
                .map(|c| format!("{} {}%", w.rank_name(c.rank()), rounded(100.0 * h.odds(real, c))))
                .collect();
            if !cards.is_empty() {
                lines.push(format!(
                    "{}, {}{}{}.",
                    w.seat(seat),
                    w.suit_name(suit),
                    w.colon(),
                    cards.join(", ")
                ));
            }
        }
    }
    let effective = u32::try_from(rounded(h.effective)).unwrap_or(u32::MAX);
    lines.push(format!("{}.", capital(&w.holds_worlds(h.worlds, effective, h.exhaustive))));
    lines.into_iter().map(|l| w.text(&l).into_owned()).collect()
}

/// The expert's hint as it is said: its advice, or that it could not answer.
pub fn hint(w: Words, advice: Option<&crate::bots::expert::Advice>) -> String {
    match advice {
        Some(a) => format!("{}.", w.advice(a)),
        None => format!("{}.", capital(w.t(T::HintFailed))),
    }
}

/// The words of the table, a definition a line, as the help of the terminal table lists them.
pub fn glossary(w: Words) -> Vec<String> {
    let mut lines = vec![format!("{}.", w.t(T::Glossary))];
    lines.extend(T::GLOSSARY.iter().map(|&t| w.t(t).to_string()));
    lines
}

/// The first words of the line mode.
pub fn welcome(w: Words) -> String {
    w.t(T::LineWelcome).to_string()
}

/// The last words: the game is saved, or was played in memory.
pub fn goodbye(w: Words, saved: bool) -> String {
    w.t(if saved { T::LineSavedGoodbye } else { T::LineGoodbye }).to_string()
}

/// The expert's analysis of a finished deal from South's seat, a sentence a line.
pub fn analysis(
    w: Words,
    a: &DealAnalysis,
    record: &DealRecord,
    levels: &BySeat<Level>,
) -> Vec<String> {
    w.analysis(a, record, levels)
}

/// The expert is analysing a deal.
pub fn analysing(w: Words) -> String {
    w.text(w.t(T::Analysing)).into_owned()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bots::expert::{Advice, Cost, Estimate, Reason, Review};
    use crate::game::Action;
    use crate::rules::BySeat;
    use crate::text::SuitStyle;

    #[test]
    fn the_analysis_says_the_options_apart_from_the_cost() {
        let bid = |level| Call::Bid(Bid::new(BidLevel::Points(level), Suit::Diamonds));
        let estimate = |call, mean, se| Estimate {
            action: Action::Bid(call),
            mean,
            se,
            worlds: 32,
            made: None,
        };
        let options = vec![
            estimate(bid(140), 146.0, 128.0),
            estimate(Call::Pass, 122.0, 126.0),
            estimate(bid(130), 99.0, 139.0),
        ];
        let reason = Reason::Close { best: bid(140), diff: 47, se: Some(20) };
        let advice = Advice { options, ..Advice::bare(Action::Bid(bid(130)), reason) };
        let review = Review {
            index: 1,
            played: Action::Bid(Call::Pass),
            advice,
            cost: Some(Cost { mean: 23.0, se: 8.0, worlds: 32 }),
            on_the_deal: None,
        };
        let a = DealAnalysis { seat: Seat::South, reviews: vec![review], double_dummy: None };
        // A record without its auction: no call's meaning to say.
        let record = DealRecord {
            dealer: Seat::West,
            hands: BySeat::default(),
            auction: Vec::new(),
            play: Vec::new(),
            rules: None,
            declared: Default::default(),
            game: None,
            claimed: None,
        };
        let en = Words { lang: Lang::En, suits: SuitStyle::Glyphs, ascii: false, spoken: false };
        let said = analysis(en, &a, &record, &BySeat([Level::DEFAULT; 4]));
        assert_eq!(said.len(), 5, "{said:?}");
        assert!(
            said[1].contains("140 ♦ scores +47 points more, give or take 20")
                && said[1].contains("costs 23 points, give or take 8")
        );
        assert_eq!(
            said[2],
            "Weighed, in points for us: 140 ♦ +146 ± 128, Pass +122 ± 126, 130 ♦ +99 ± 139."
        );
        // After the sum, how a mistake's cost differs from the balance against the expert.
        assert_eq!(said[4], format!("{}.", en.t(T::CostAndBalance)));
        let fr = Words { lang: Lang::Fr, ..en };
        assert_eq!(
            analysis(fr, &a, &record, &BySeat([Level::DEFAULT; 4]))[2],
            "Pesés, en points pour nous : 140 ♦ +146 ± 128, Passe +122 ± 126, 130 ♦ +99 ± 139."
        );
    }
}
