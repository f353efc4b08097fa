//! The line mode at a table over the network (`contree join ADDR --line`): the host's events
//! said a sentence a line as the solo line mode says its own, and the player's lines turned
//! into requests the host checks. What is said comes from the [`RemoteTable`] alone, the
//! seat's view and the events: no card of another seat is said before it is played or the
//! deal is over, for none is known.

mod advice;
pub mod run;
mod words;

use self::words::Holder;
use super::check::{self, Confirming};
use super::parse::{self, Command};
use super::say;
use crate::game::Action;
use crate::net::wire::{ClientMsg, ErrorCode, Rule, TableInfo};
use crate::rules::{Call, Seat};
use crate::session::remote::{Happening, RemoteTable};
use crate::session::table::weighty;
use crate::text::Words;

/// What a line typed asks of the connection.
#[derive(Clone, Debug, PartialEq)]
pub enum Request {
    /// A message to the host.
    Send(ClientMsg),
    /// Close the connection; the seat waits for the grace time.
    Quit,
    /// Ask the expert for a hint from the seat's view; its answer is brought to
    /// [`JoinLine::advised`].
    Hint(crate::session::work::HintRequest),
    /// Ask the expert's analysis of finished deal `n` (from 1); its answer is brought to
    /// [`JoinLine::analysed`].
    Analyse(usize, crate::session::work::AnalysisRequest),
}

/// The request that sends `action` to the host.
fn act(action: Action) -> Request {
    Request::Send(ClientMsg::Act { action: action.into() })
}

/// The line mode at a remote table: what it knows, and the lines to say.
#[derive(Debug)]
pub struct JoinLine {
    /// What the seat was sent.
    pub table: RemoteTable,
    words: Words,
    said: Vec<String>,
    /// The table as last said, to say only what changed once the game is on.
    seats_said: Option<TableInfo>,
    /// A deal is over: how to go on is said unless the game's end comes with it.
    next_unsaid: bool,
    /// Whether the creator was given the table's code to give.
    code_given: bool,
    /// A contre, surcontre or capot waiting for the player's yes or no, as at the solo table.
    confirm: Option<Call>,
    /// The expert's last hint and the revision it was for.
    advice: Option<(u64, Option<crate::bots::expert::Advice>)>,
    /// Whether `back` was sent since the player's seat went to a bot while they were idle.
    back_asked: bool,
    /// The expert's analyses of finished deals, by number from 1.
    analyses: std::collections::BTreeMap<usize, Option<crate::bots::expert::DealAnalysis>>,
}

impl JoinLine {
    /// A line mode speaking `words`, not seated yet.
    pub fn new(words: Words) -> JoinLine {
        JoinLine {
            table: RemoteTable::new(),
            words,
            said: Vec::new(),
            seats_said: None,
            next_unsaid: false,
            code_given: false,
            confirm: None,
            advice: None,
            back_asked: false,
            analyses: std::collections::BTreeMap::new(),
        }
    }

    /// The lines said since the last call.
    pub fn take_said(&mut self) -> Vec<String> {
        std::mem::take(&mut self.said)
    }

    /// Says `line`.
    pub fn say(&mut self, line: String) {
        self.said.push(line);
    }

    /// Takes in one event of the host and says it.
    pub fn event(&mut self, event: crate::net::client::RemoteEvent) {
        if !matches!(event, crate::net::client::RemoteEvent::GameOver { .. }) {
            self.quiet();
        }
        self.next_unsaid = false;
        for happening in self.table.apply(event) {
            self.happened(happening);
        }
        // A question asked at the player's turn is over with it.
        if !self.table.my_turn() {
            self.confirm = None;
        }
    }

    /// Nothing came from the host for a while: what waited for the next event is said.
    pub fn quiet(&mut self) {
        if std::mem::take(&mut self.next_unsaid) {
            self.say(self.words.say_next());
        }
    }

    fn happened(&mut self, h: Happening) {
        let w = self.words;
        match h {
            Happening::Sat { code, seat } => self.say(w.sitting_at(&code, seat)),
            Happening::Seats => self.say_seats(false),
            Happening::Started => self.started(),
            Happening::NewDeal { dealer } => {
                self.say(w.new_deal_by(dealer));
                // At the player's turn, the hand is said with it.
                if !self.table.my_turn() {
                    self.say_hand();
                }
            }
            Happening::Called { seat, call, bot } => {
                let said = say::called(w, seat, call);
                self.say_acted(said, seat, bot);
            }
            Happening::Played { seat, card, bot } => {
                let said = say::played(w, seat, card);
                self.say_acted(said, seat, bot);
            }
            Happening::Contract(c) => self.say(say::contract(w, &c)),
            Happening::Declared { seat, combination } => {
                self.say(say::declared(w, seat, combination))
            }
            Happening::Trick { number, trick } => self.say(say::trick_taken(w, number, &trick)),
            Happening::YourTurn => self.say_turn(),
            Happening::DealOver { hands, totals } => {
                for (seat, cards) in hands {
                    self.say(w.held(seat, &say::cards_by_suit(w, cards, None)));
                }
                self.say_score(totals);
                self.next_unsaid = true;
            }
            Happening::GameOver { won, totals } => {
                let verdict =
                    w.t(if won { crate::text::T::YouWin } else { crate::text::T::YouLose });
                let verdict = say::lower_first(verdict);
                self.say(w.out(format!("{}{}{verdict}", w.t(crate::text::T::GameOver), w.colon())));
                self.say(w.out(w.final_score(&say::both(w, totals.0, totals.1))));
            }
            Happening::Refused(e, detail) => self.refused(e, detail),
            Happening::Closed(_) => {}
        }
    }

    /// A call or a card said, with who chose it when a bot played in a player's place.
    fn say_acted(&mut self, said: String, seat: Seat, bot: bool) {
        let real = self.table.unturned(seat);
        let held = self.table.info.as_ref().is_some_and(|i| i.seats[real.index()].taken);
        match (bot && held, said.strip_suffix('.')) {
            (true, Some(sentence)) => {
                let said = format!("{sentence}{}.", self.words.for_them());
                self.say(said);
            }
            _ => self.say(said),
        }
    }

    /// The host refused a request: an action by the rule it names (the host's seats are not
    /// the player's, so none is named), anything else by the refusal's code.
    fn refused(&mut self, e: ErrorCode, rule: Option<Rule>) {
        let w = self.words;
        self.say(rule.map_or_else(|| w.net_error(e), |r| w.net_rule(r)));
    }

    fn started(&mut self) {
        let w = self.words;
        if let Some(info) = &self.table.info {
            let rules = w.rules_short(info.options.rules);
            let said = w.out(w.new_game_to(&rules, info.options.target));
            self.say(said);
        }
        self.say_seats(true);
    }

    /// Who sits where: before the start every seat by its own name; after, turned around the
    /// player, and only the seats that changed unless `all`.
    pub fn say_seats(&mut self, all: bool) {
        let Some(info) = self.table.info.clone() else { return };
        let before = self.seats_said.replace(info.clone());
        if !info.started {
            if !all && before.as_ref() == Some(&info) {
                return;
            }
            for seat in Seat::ALL {
                self.say_seat(&info, seat, seat);
            }
            match (self.table.is_creator(), &self.table.code) {
                (true, Some(code)) if all || !self.code_given => {
                    let said = self.words.give_the_code(code);
                    self.code_given = true;
                    self.say(said);
                }
                (true, _) => {}
                _ => self.say(self.words.waiting_for_start()),
            }
            return;
        }
        for screen in Seat::ALL {
            let seat = self.table.unturned(screen);
            let same =
                before.as_ref().is_some_and(|b| b.seats[seat.index()] == info.seats[seat.index()]);
            if all || !same {
                self.say_seat(&info, seat, screen);
            }
        }
    }

    fn say_seat(&mut self, info: &TableInfo, seat: Seat, said_as: Seat) {
        let s = &info.seats[seat.index()];
        let name = self.table.seat_name(seat).unwrap_or_else(|| s.name.clone());
        // A player dropped keeps their seat (a bot plays it past the grace time) until they
        // leave for good.
        let holder = match (Some(seat) == self.table.seat, s.taken, s.connected) {
            (true, _, _) if self.table.away() => Holder::YouAway,
            (true, _, _) => Holder::You,
            (false, false, _) => Holder::Bot,
            (false, true, true) if s.bot && info.started => Holder::Away,
            (false, true, true) => Holder::Player,
            (false, true, false) => Holder::Dropped,
        };
        self.say(self.words.seat_held(said_as, &name, holder));
    }

    fn say_hand(&mut self) {
        let (w, hand, trump) = (self.words, self.table.hand(), self.table.trump());
        if !hand.is_empty() {
            self.say(say::hand(w, hand, trump));
        }
    }

    /// The player's turn said again, or what the table waits for.
    fn say_turn_or_wait(&mut self) {
        let w = self.words;
        let to_act = self.table.seat_view().and_then(|_| self.table.view.as_ref()?.to_act);
        match to_act {
            _ if self.table.my_turn() => self.say_turn(),
            Some(seat) => self.say(w.waiting_for(Some(self.table.turned(seat)))),
            None if self.table.last_deal().is_some() && self.table.seat_view().is_none() => {
                self.say(w.say_next())
            }
            None => self.say(w.waiting_for(None)),
        }
    }

    /// The player's turn: their hand and what they may do.
    pub fn say_turn(&mut self) {
        if !self.table.my_turn() {
            return;
        }
        let w = self.words;
        self.say_hand();
        if let Some(legal) = self.table.legal_calls() {
            self.say(say::turn_to_bid(w, &legal));
        } else if let (Some(legal), Some(v)) = (self.table.legal_cards(), self.table.seat_view()) {
            let play = v.play();
            let trick = play.map_or(0, |p| p.tricks().len()) + 1;
            let lead = play.is_none_or(|p| p.current_trick().is_empty());
            self.say(say::turn_to_play(w, trick, lead));
            if !lead {
                self.say_trick();
            }
            let (hand, trump) = (self.table.hand(), self.table.trump());
            self.say(say::may_play(w, legal, hand, trump));
            // coinche: what the player may declare with this first card.
            let best = trump.map(|t| crate::rules::Combination::best(hand, t));
            if let Some(c) = best.filter(|c| self.table.may_declare() && !c.is_empty()) {
                self.say(say::declare_ask(w, c));
            }
        }
    }

    fn say_score(&mut self, totals: (u32, u32)) {
        let w = self.words;
        let target = self.table.info.as_ref().map_or(0, |i| i.options.target);
        self.say(w.out(w.score_to(&say::both(w, totals.0, totals.1), target)));
    }

    fn say_trick(&mut self) {
        let w = self.words;
        let Some(play) = self.table.seat_view().and_then(|v| v.play()) else {
            return self.say(say::no_trick(w));
        };
        let table = &self.table;
        let said = say::on_the_table_as(w, Some(play.current_trick()), |s| table.turned(s));
        self.say(said);
    }

    /// A line typed: what to ask the host, if anything.
    pub fn typed(&mut self, text: &str) -> Option<Request> {
        let w = self.words;
        if let Some(request) = self.table_command(text) {
            return request;
        }
        let Some(command) = parse::parse(w.lang, text) else {
            self.say(w.out(w.not_understood(&say::echo(text.trim()))));
            return None;
        };
        if let Some(asked) = self.confirm {
            match check::confirming(asked, command) {
                Confirming::Yes => {
                    self.confirm = None;
                    return Some(act(Action::Bid(asked)));
                }
                Confirming::No => {
                    self.confirm = None;
                    self.say_turn();
                    return None;
                }
                Confirming::Leave => {}
                Confirming::AskAgain => {
                    self.say(say::confirm(w, asked));
                    return None;
                }
            }
        }
        match command {
            Command::Call(call) => self.act(Action::Bid(call)),
            Command::Play(card) => self.act(Action::Play(card)),
            Command::Declare => Some(Request::Send(ClientMsg::Declare { declare: true })),
            Command::KeepQuiet => Some(Request::Send(ClientMsg::Declare { declare: false })),
            Command::Next => Some(Request::Send(ClientMsg::Next {})),
            Command::Quit => {
                self.say(w.leaving(false));
                Some(Request::Quit)
            }
            Command::Hand if self.table.hand().is_empty() => {
                self.say_turn_or_wait();
                None
            }
            Command::Hand => {
                self.say_hand();
                None
            }
            Command::Trick => {
                self.say_trick();
                None
            }
            Command::Score => {
                let ours = self.table.ours_first(self.table.totals());
                self.say_score(ours);
                None
            }
            Command::Players if self.table.info.is_none() => {
                self.say_turn_or_wait();
                None
            }
            Command::Players => {
                self.say_seats(true);
                None
            }
            Command::Help => {
                for l in w.remote_help() {
                    self.say(l);
                }
                None
            }
            Command::Again => {
                self.say_turn_or_wait();
                None
            }
            Command::Hint => self.hint(),
            Command::Analysis(n) => self.ask_analysis(n),
            Command::Holds => {
                self.say_holds();
                None
            }
            Command::Yes | Command::No => {
                self.say(say::not_now(w, say::NotNow::NoQuestion, ""));
                None
            }
            _ => {
                self.say(w.not_at_this_table());
                None
            }
        }
    }

    /// The player's call or card, checked at their turn against the seat's view by the rules
    /// the host checks it by, and refused in the solo line mode's words; the host checks it
    /// again, and words its own refusal by the rule it names ([`Self::refused`]).
    fn act(&mut self, action: Action) -> Option<Request> {
        let view = self.table.seat_view().filter(|_| self.table.my_turn());
        match view.map_or(Ok(action), |v| check::seat_action(v, action)) {
            // A contre, a surcontre or a capot is first asked for its yes or no.
            Ok(Action::Bid(call)) if view.is_some() && weighty(call) => {
                self.confirm = Some(call);
                self.say(say::confirm(self.words, call));
                None
            }
            Ok(action) => Some(act(action)),
            Err(refusal) => {
                self.say(check::said(self.words, refusal));
                // A call refused: the turn again, as the solo line mode asks it again.
                if matches!(action, Action::Bid(_)) {
                    self.say_turn();
                }
                None
            }
        }
    }

    /// The commands a remote table has and a solo one has not: start, sit, leave the table;
    /// `None` for another line, `Some(None)` for one of them answered without a request.
    fn table_command(&mut self, text: &str) -> Option<Option<Request>> {
        let lower = text.trim().to_lowercase();
        let words: Vec<&str> = lower.split_whitespace().collect();
        match words.as_slice() {
            ["start" | "commencer" | "demarrer" | "démarrer"] => {
                Some(Some(Request::Send(ClientMsg::Start {})))
            }
            ["sit" | "asseoir" | "place", seat] => match crate::session::remote::seat_word(seat) {
                Some(seat) => {
                    self.table.move_to(seat);
                    Some(Some(Request::Send(ClientMsg::Sit { seat })))
                }
                None => {
                    self.say(self.words.out(self.words.not_understood(&say::echo(text.trim()))));
                    Some(None)
                }
            },
            ["leave", "table"] | ["quitter", "table" | "la"] | ["quitter", "la", "table"] => {
                self.say(self.words.leaving(true));
                Some(Some(Request::Send(ClientMsg::Leave {})))
            }
            _ => None,
        }
    }

    /// The request that takes the player's seat back from the bot that plays it while they are
    /// idle, once, before the next line typed is taken.
    pub fn come_back(&mut self) -> Option<Request> {
        if !self.table.away() {
            self.back_asked = false;
            return None;
        }
        (!std::mem::replace(&mut self.back_asked, true))
            .then_some(Request::Send(ClientMsg::Back {}))
    }

    /// Whether the game is over.
    pub fn game_over(&self) -> bool {
        self.table.over.is_some()
    }
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::*;
    use crate::line::say::NotNow;
    use crate::rules::{Call, Card};
    use crate::session::table::Notice;
    use crate::text::{Lang, SuitStyle};

    fn line(lang: Lang) -> JoinLine {
        JoinLine::new(Words { lang, suits: SuitStyle::Letters, ascii: false, spoken: true })
    }

    fn act(action: Action) -> Option<Request> {
        Some(Request::Send(ClientMsg::Act { action: crate::net::wire::WireAction::from(action) }))
    }

    #[test]
    fn the_tables_own_commands_are_read_in_either_language() {
        let mut l = line(Lang::En);
        assert_eq!(l.typed("start"), Some(Request::Send(ClientMsg::Start {})));
        assert_eq!(l.typed("commencer"), Some(Request::Send(ClientMsg::Start {})));
        let north = Some(Request::Send(ClientMsg::Sit { seat: Seat::North }));
        assert_eq!(l.typed("sit north"), north);
        assert_eq!(l.typed("Asseoir Nord"), north);
        assert_eq!(l.typed("leave table"), Some(Request::Send(ClientMsg::Leave {})));
        assert_eq!(l.typed("quit"), Some(Request::Quit));
        assert_eq!(l.typed("next"), Some(Request::Send(ClientMsg::Next {})));
        assert_eq!(l.typed("pass"), act(Action::Bid(Call::Pass)));
        l.take_said();
        // What the remote table does not have is said, and nothing is sent.
        assert_eq!(l.typed("undo"), None);
        assert_eq!(l.take_said(), [l.words.not_at_this_table()]);
        // Hints are off unless the table's creator allows them.
        for text in ["hint", "holds"] {
            assert_eq!(l.typed(text), None);
            assert_eq!(l.take_said(), [l.words.no_help_here()], "{text}");
        }
        assert_eq!(l.typed("sit nowhere"), None);
        assert_eq!(l.take_said().len(), 1);
        // Before the host has said anything, what is asked is answered with what is awaited.
        for text in ["", "hand", "players", "trick", "score"] {
            assert_eq!(l.typed(text), None);
            assert_eq!(l.take_said().len(), 1, "{text:?}");
        }
    }

    /// A game whose play has begun, its first card down, and the seat to act holding the suit
    /// led and another: `(game, seat to act, a card of another suit it holds)`.
    fn at_a_trick() -> (crate::game::Game, Seat, Card) {
        use crate::rules::{Bid, BidLevel, Suit};
        for seed in 0..200 {
            let mut g = crate::game::new_game(crate::game::GameOptions::default(), seed, None);
            let bid = Call::Bid(Bid::new(BidLevel::Points(80), Suit::Hearts));
            for call in [bid, Call::Pass, Call::Pass, Call::Pass] {
                let seat = g.to_act().expect("a seat to call");
                g.apply(seat, Action::Bid(call)).expect("a legal call");
            }
            let leader = g.to_act().expect("a leader");
            let lead = g.legal_cards().first().expect("a card");
            g.apply(leader, Action::Play(lead)).expect("a legal card");
            let seat = g.to_act().expect("a seat to follow");
            let hand = g.view(seat).hand();
            let off = hand.iter().find(|c| c.suit() != lead.suit());
            if let Some(off) = off.filter(|_| hand.has_suit(lead.suit())) {
                return (g, seat, off);
            }
        }
        panic!("no such deal in 200 seeds");
    }

    /// The line mode sitting at `seat`, the game started, at the view of `game`.
    fn seated_at(lang: Lang, game: &crate::game::Game, seat: Seat) -> JoinLine {
        use crate::net::client::{RemoteEvent, RemoteView};
        let mut l = line(lang);
        l.event(RemoteEvent::Joined { code: "ACDEFH".into(), seat });
        let view = RemoteView {
            revision: 1,
            view: game.view(seat),
            to_act: game.to_act(),
            may_declare: false,
        };
        l.event(RemoteEvent::View(Box::new(view)));
        l.take_said();
        l
    }

    #[test]
    fn a_card_the_rules_refuse_is_said_as_the_solo_table_says_it_and_not_sent() {
        let (game, seat, off) = at_a_trick();
        for lang in [Lang::En, Lang::Fr] {
            let mut l = seated_at(lang, &game, seat);
            assert!(l.table.my_turn());
            assert_eq!(l.typed(&format!("play {}", l.words.the_card(off))), None);
            let e = game.clone().apply(seat, Action::Play(off)).expect_err("refused");
            let told = Notice::Refused(Action::Play(off), e, game.legal_cards());
            assert_eq!(l.take_said(), [check::told(l.words, told)]);
            // A card not held, and a call once the auction is over, are said as the solo line
            // mode says them.
            let other = Card::all().find(|c| !game.view(seat).hand().contains(*c)).expect("a card");
            assert_eq!(l.typed(&format!("play {}", l.words.the_card(other))), None);
            assert_eq!(l.take_said(), [say::not_now(l.words, NotNow::NotHeld(other), "")]);
            let legal = game.legal_cards().first().expect("a legal card");
            assert_eq!(
                l.typed(&format!("play {}", l.words.the_card(legal))),
                act(Action::Play(legal))
            );
        }
    }

    #[test]
    fn a_call_the_auction_refuses_is_said_as_the_solo_table_says_it_and_not_sent() {
        let game = crate::game::new_game(crate::game::GameOptions::default(), 7, None);
        let seat = game.to_act().expect("a seat to call");
        let mut l = seated_at(Lang::Fr, &game, seat);
        assert_eq!(l.typed("surcontre"), None);
        let said = l.take_said();
        assert_eq!(said[0], say::not_now(l.words, NotNow::NothingToContre, ""));
        assert!(said.len() > 1, "the turn is said again");
        assert_eq!(l.typed("passe"), act(Action::Bid(Call::Pass)));
    }

    #[test]
    fn a_bots_seat_is_said_by_its_personas_name() {
        use crate::net::client::RemoteEvent;
        use crate::net::wire::{SeatInfo, TableInfo};
        let seat = |name: &str, taken: bool| SeatInfo {
            name: name.to_string(),
            bot: !taken,
            taken,
            connected: taken,
        };
        let mut l = line(Lang::En);
        l.event(RemoteEvent::Joined { code: "ACDEFH".into(), seat: Seat::South });
        let info = TableInfo {
            code: "ACDEFH".into(),
            seats: [
                seat("Ana", true),
                seat("dede", false),
                seat("marcel", false),
                seat("Bea", true),
            ],
            creator: Seat::South,
            options: crate::game::GameOptions::default(),
            level: crate::personas::Level::Normal,
            grace_secs: 60,
            help: false,
            started: false,
        };
        l.event(RemoteEvent::Table(Box::new(info)));
        let said = l.take_said();
        assert!(said.contains(&"East: Dédé, a bot.".to_string()), "{said:?}");
        assert!(said.contains(&"North: Marcel, a bot.".to_string()), "{said:?}");
        assert!(said.contains(&"West: Bea.".to_string()), "{said:?}");
    }

    #[test]
    fn a_contre_or_a_capot_is_asked_for_its_yes_or_no_as_at_the_solo_table() {
        use crate::rules::{Bid, BidLevel, Suit};
        let mut game = crate::game::new_game(crate::game::GameOptions::default(), 7, None);
        let first = game.to_act().expect("a seat to call");
        let bid = Call::Bid(Bid::new(BidLevel::Points(80), Suit::Hearts));
        game.apply(first, Action::Bid(bid)).expect("a legal bid");
        let seat = game.to_act().expect("an opponent to call");
        let mut l = seated_at(Lang::En, &game, seat);
        let w = l.words;
        // Asked, and nothing sent until the answer; anything else asks again.
        assert_eq!(l.typed("contre"), None);
        assert_eq!(l.take_said(), [say::confirm(w, Call::Contre)]);
        assert_eq!(l.typed("hand"), None);
        assert_eq!(l.take_said(), [say::confirm(w, Call::Contre)]);
        // No: forgotten, the turn said again.
        assert_eq!(l.typed("no"), None);
        assert!(!l.take_said().is_empty());
        assert_eq!(l.typed("yes"), None);
        assert_eq!(l.take_said(), [say::not_now(w, NotNow::NoQuestion, "")]);
        // Yes, or the call again, makes it.
        assert_eq!(l.typed("contre"), None);
        assert_eq!(l.typed("yes"), act(Action::Bid(Call::Contre)));
        let capot = Call::Bid(Bid::new(BidLevel::Capot, Suit::Spades));
        assert_eq!(l.typed("capot spades"), None);
        assert_eq!(l.take_said().last(), Some(&say::confirm(w, capot)));
        assert_eq!(l.typed("capot spades"), act(Action::Bid(capot)));
        // A plain bid is made at once.
        assert_eq!(
            l.typed("90 spades"),
            act(Action::Bid(Call::Bid(Bid::new(BidLevel::Points(90), Suit::Spades))))
        );
    }

    #[test]
    fn at_a_table_that_allows_help_the_hint_and_who_holds_what_come_from_the_seats_view() {
        use crate::net::client::RemoteEvent;
        let (game, seat, _) = at_a_trick();
        let mut l = seated_at(Lang::En, &game, seat);
        let info = crate::net::wire::TableInfo {
            code: "ACDEFH".into(),
            seats: std::array::from_fn(|_| crate::net::wire::SeatInfo {
                name: "Bea".into(),
                bot: false,
                taken: true,
                connected: true,
            }),
            creator: seat,
            options: crate::game::GameOptions::default(),
            level: crate::personas::Level::Normal,
            grace_secs: 60,
            help: true,
            started: true,
        };
        l.event(RemoteEvent::Table(Box::new(info)));
        l.take_said();
        // The hint is asked of the expert with the seat's view, what the host sent it alone.
        let Some(Request::Hint(request)) = l.typed("hint") else { panic!("no hint asked") };
        assert_eq!(request.view, game.view(seat));
        let advice = request.advise();
        assert!(advice.is_some());
        l.advised(request.revision, advice.clone());
        let said = l.take_said();
        assert_eq!(said, [say::hint(l.words, advice.as_ref())]);
        // Asked again, said again without asking the expert.
        assert_eq!(l.typed("hint"), None);
        assert_eq!(l.take_said(), said);
        // Who holds what, from the seat's view, its seats turned around the player.
        assert_eq!(l.typed("holds"), None);
        let h = crate::bots::expert::holds(&game.view(seat)).expect("who holds what");
        let table = l.table.clone();
        assert_eq!(l.take_said(), say::holds_as(l.words, &h, |s| table.turned(s)));
    }

    #[test]
    fn an_idle_player_is_told_a_bot_plays_for_them_and_their_next_line_takes_the_seat_back() {
        use crate::net::client::RemoteEvent;
        use crate::net::wire::{SeatInfo, TableInfo};
        let info = |me_idle: bool| TableInfo {
            code: "ACDEFH".into(),
            seats: std::array::from_fn(|i| SeatInfo {
                name: ["Ana", "Bea", "Cid", "Dan"][i].into(),
                bot: me_idle || i == 2,
                taken: true,
                connected: true,
            }),
            creator: Seat::South,
            options: crate::game::GameOptions::default(),
            level: crate::personas::Level::Normal,
            grace_secs: 60,
            help: false,
            started: true,
        };
        let mut l = line(Lang::En);
        l.event(RemoteEvent::Joined { code: "ACDEFH".into(), seat: Seat::South });
        l.event(RemoteEvent::Table(Box::new(info(false))));
        assert_eq!(l.come_back(), None, "not idle");
        l.take_said();
        l.say_seats(true);
        assert!(l.take_said().contains(&"North: Cid, away (a bot plays for them).".to_string()));
        l.event(RemoteEvent::Table(Box::new(info(true))));
        let said = l.take_said();
        assert!(
            said.iter().any(|s| s.starts_with("South: Ana, you; a bot plays for you")),
            "{said:?}"
        );
        assert_eq!(l.come_back(), Some(Request::Send(ClientMsg::Back {})));
        assert_eq!(l.come_back(), None, "asked once");
        l.event(RemoteEvent::Table(Box::new(info(false))));
        assert_eq!(l.come_back(), None, "back");
        l.event(RemoteEvent::Table(Box::new(info(true))));
        assert_eq!(
            l.come_back(),
            Some(Request::Send(ClientMsg::Back {})),
            "idle again, asked again"
        );
    }

    #[test]
    fn the_hosts_refusal_is_worded_by_its_rule_in_the_players_language() {
        use crate::net::client::RemoteEvent;
        let mut l = line(Lang::Fr);
        l.event(RemoteEvent::Joined { code: "ACDEFH".into(), seat: Seat::East });
        l.take_said();
        l.event(RemoteEvent::Error { error: ErrorCode::Illegal, rule: Some(Rule::NotYourTurn) });
        assert_eq!(l.take_said(), ["Les règles le refusent : ce n'est pas votre tour."]);
        l.event(RemoteEvent::Error { error: ErrorCode::Illegal, rule: None });
        assert_eq!(l.take_said(), ["Les règles le refusent."]);
    }

    proptest! {
        /// Any line typed is a request, or is answered with at least one line; none panics.
        #[test]
        fn any_line_is_a_request_or_an_answer(text in "\\PC{0,40}", fr in any::<bool>()) {
            let mut l = line(if fr { Lang::Fr } else { Lang::En });
            let request = l.typed(&text);
            prop_assert!(request.is_some() || !l.take_said().is_empty(), "{text:?}");
        }

        /// Any card, said as the line mode says it, is that card played.
        #[test]
        fn any_card_said_is_that_card_played(i in 0usize..32, fr in any::<bool>()) {
            let card = Card::from_index(i);
            let mut l = line(if fr { Lang::Fr } else { Lang::En });
            let said = l.words.the_card(card);
            prop_assert_eq!(l.typed(&format!("play {said}")), act(Action::Play(card)));
        }

        /// Any seat, in either language and any case, is the seat sat at.
        #[test]
        fn any_seat_typed_is_that_seat(i in 0usize..4, fr in any::<bool>(), upper in any::<bool>()) {
            let seat = Seat::ALL[i];
            let lang = if fr { Lang::Fr } else { Lang::En };
            let mut l = line(lang);
            let name = l.words.seat(seat);
            let name = if upper { name.to_uppercase() } else { name.to_lowercase() };
            let request = Some(Request::Send(ClientMsg::Sit { seat }));
            prop_assert_eq!(l.typed(&format!("sit {name}")), request);
        }
    }
}
