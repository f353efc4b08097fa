//! The line mode (`contree --line`): the same game at the same [`Table`], saved by the same
//! [`Effect`]s, as plain lines of text for a screen reader or a script. Each event is said once,
//! a sentence a line ([`say`]): a seat's call, a card with who played it, a trick with its winner
//! and points, a belote, a deal's result and score, the game's end; South's hand and what it may
//! do are said at its turn and on request. A line typed is one command in words, English or
//! French ([`parse`]); one that cannot be done now is answered with why and what can be done.
//! No colour, no cursor movement, nothing drawn again: [`run`] reads standard input and writes
//! the lines as they come.
//!
//! The table's pauses are a screen's, to let the eye follow: here each is over at once, and a
//! line typed waits until the computer players have acted, so that a script's lines land where
//! they are meant to.

mod again;
pub mod check;
mod course_say;
mod daily;
pub mod join;
pub mod learn;
mod look;
pub mod parse;
pub mod run;
pub mod say;
mod wheels;
mod words;

use self::parse::Command;
use self::say::NotNow;
use crate::game::{Action, ExpertInSeat, Game, Phase};
use crate::rules::{Call, Seat};
use crate::session::Session;
use crate::session::commands::{Availability, Context, Mode, availability};
use crate::session::config::Config;
use crate::session::controller::{Landed, Refused};
use crate::session::effects::{Effect, Front};
use crate::session::games::Resumable;
use crate::session::report::{self, DealLine, Summary};
use crate::session::review::ExpertLine;
use crate::session::settings::Settings;
use crate::session::table::{Hint, Notice, Out, Table, TableMsg};
use crate::session::work::Answer;
use crate::stats::Stats;
use crate::text::{SuitStyle, T, Words};

/// The most pauses the table is moved past in a row: each ends at once, and none leads to
/// another for long (a trick gathered, then swept; a claim's eight tricks, each gathered and
/// swept before the next is played out).
const PAUSES: usize = 40;

/// The line mode's state: the session at the table, and the lines to say.
#[derive(Debug)]
pub struct LineMode {
    session: Session,
    ascii: bool,
    /// Whether the games are kept on disk: the last words say so.
    kept: bool,
    said: Vec<String>,
    /// Whether the player asked to leave, or the input ended.
    pub quit: bool,
    /// The finished deal (from 0) whose analysis is awaited, to say it when it comes.
    analysing: Option<usize>,
    /// The expert's line being followed, a trick at a time.
    expert_line: Option<ExpertLine>,
    /// The table's revision whose turn was last said, so that it is said once.
    prompted: Option<u64>,
    /// The table's revision whose hint was last said.
    hinted: Option<u64>,
    /// The finished deal (from 0) whose comparison with the expert the next deal waits for, so
    /// that it is said before the next deal starts.
    comparing: Option<usize>,
    /// The deal of the day is over, its result awaited to be said before the table closes.
    daily_ending: bool,
    /// The course's first deal, with the hints shown and every call explained.
    wheels: Option<wheels::Wheels>,
}

impl LineMode {
    /// The line mode as it opens: the game given, else the saved one resumed, else a new one;
    /// `kept` when the games are kept on disk. `notices` (what the disk said at the start) are
    /// said first.
    pub fn new(config: Config, kept: bool, notices: &[String]) -> LineMode {
        let mut line = LineMode::welcome(&config, kept, notices);
        match (config.game, config.resume) {
            (Some(game), _) => {
                line.say(say::new_game(line.words(), &game));
                let out = line.session.start(game);
                line.sat(out, true);
            }
            (None, Some(r)) => {
                line.say(say::resumed(line.words(), &r.game));
                let out = line.session.resume(r);
                line.sat(out, false);
            }
            (None, None) => line.new_game(),
        }
        line
    }

    /// The line mode as it opens, its welcome and `notices` said, no game at the table yet.
    fn welcome(config: &Config, kept: bool, notices: &[String]) -> LineMode {
        let mut line = LineMode {
            session: Session::new(config),
            ascii: config.ascii,
            kept,
            said: Vec::new(),
            quit: false,
            analysing: None,
            expert_line: None,
            prompted: None,
            hinted: None,
            comparing: None,
            daily_ending: false,
            wheels: None,
        };
        line.say(say::welcome(line.words()));
        for n in notices {
            line.tell(n.clone());
        }
        line
    }

    /// The words of the line mode: spoken, in ASCII alone under `--ascii`.
    pub fn words(&self) -> Words {
        Words {
            lang: self.session.settings.lang,
            suits: SuitStyle::Letters,
            ascii: self.ascii,
            spoken: true,
        }
    }

    /// The lines said since the last call.
    pub fn take_said(&mut self) -> Vec<String> {
        std::mem::take(&mut self.said)
    }

    /// The effects queued since the last call.
    pub fn take_effects(&mut self) -> Vec<Effect> {
        self.session.take_effects()
    }

    /// The game at the table.
    pub fn game(&self) -> Option<&Game> {
        self.session.game()
    }

    fn say(&mut self, line: String) {
        self.said.push(line);
    }

    fn say_all(&mut self, lines: Vec<String>) {
        self.said.extend(lines);
    }

    /// A line typed by the player.
    pub fn input(&mut self, typed: &str) {
        let w = self.words();
        match parse::parse(w.lang, typed) {
            Some(command) => self.command(command),
            None => self.say(say::not_now(w, NotNow::Unknown, typed)),
        }
    }

    /// A line longer than the line mode reads ([`run::LINE_LIMIT`]): not read, and said so.
    pub fn too_long(&mut self) {
        let w = self.words();
        self.say(say::not_now(w, NotNow::TooLong(run::LINE_LIMIT), ""));
    }

    /// The input is over: the line mode leaves as at `quit`, wherever it is (a deal played
    /// again, a question asked, the deal of the day), the game saved. A deal played again goes
    /// back to its game without a word, and the game is left from there.
    pub fn end(&mut self) {
        let _ = self.session.end_again();
        self.leave();
    }

    /// Leaves the table: whatever thinks stops, and the last words say whether the game is
    /// saved.
    fn leave(&mut self) {
        self.quit = true;
        self.session.stop();
        let saved = self.kept && self.game().is_some();
        self.say(say::goodbye(self.words(), saved));
    }

    /// A worker's answer: a computer player's decision, a hint, an analysis.
    pub fn answer(&mut self, answer: Answer) {
        let advised =
            matches!(answer, Answer::Table(crate::session::work::TableAnswer::Hinted(..)));
        match self.session.answer(answer) {
            Landed::Table(out) => {
                self.follow(out);
                self.settle();
                if advised {
                    self.say_hint();
                }
            }
            Landed::Analysis => {
                self.say_analysis();
                self.say_daily_end();
                self.wheels_review_said();
            }
            // Filed as the screen files them, and said nowhere (the mistakes' cost kept with
            // the deals says nothing either); the line mode weighs who holds what itself when
            // asked (`holds`), so no worker's figures come to it.
            Landed::Exercises(_, out) => self.follow(out),
            Landed::Holds(..) => {}
        }
    }

    fn command(&mut self, command: Command) {
        let w = self.words();
        let not_now = |line: &mut LineMode, why| line.say(say::not_now(w, why, ""));
        // A weighty call waits for its yes or no: the call itself says yes again, leaving ends
        // the session as ever, and anything else asks the question again.
        if let Some(asked) = self.session.table().and_then(Table::confirm) {
            match check::confirming(asked, command) {
                check::Confirming::Yes => return self.answer_question(true),
                check::Confirming::No => return self.answer_question(false),
                check::Confirming::Leave => {}
                check::Confirming::AskAgain => return self.say(say::confirm(w, asked)),
            }
        }
        match command {
            // Quitting a deal played again goes back to the game.
            Command::Quit if self.end_again() => {}
            Command::Quit => self.leave(),
            Command::Help => {
                let lines = help(w, &self.context());
                self.say_all(lines);
            }
            Command::Glossary => self.say_all(say::glossary(w)),
            Command::Rules => self.say_rules(),
            Command::Players => self.say_players(),
            Command::Again => self.say_again(),
            Command::New => match self.game().map(Game::phase) {
                Some(Phase::GameOver) | None => self.new_game(),
                Some(_) => not_now(self, NotNow::GameOn),
            },
            Command::Score => {
                let lines = self.game().map(|g| say::score(w, g)).unwrap_or_default();
                self.say_all(lines);
            }
            Command::History => self.say_history(),
            Command::Deal(n) => self.say_deal(n),
            Command::Analysis(n) => self.ask_analysis(n),
            Command::ExpertLine(n) => self.follow_line(n),
            Command::Next => self.next_of_line(),
            Command::Hand | Command::Trick | Command::LastTrick | Command::Tricks => {
                self.look(command);
            }
            Command::Hint => self.hint(),
            Command::Explain(n) => self.explain(n),
            Command::Holds => self.say_holds(),
            // The runner loads the statistics, and the trend is said as they come.
            Command::Progress => self.session.push(Effect::LoadStats),
            Command::PlayAgain(n) => self.play_again(n),
            Command::Claim => match self.session.table() {
                Some(t) if t.claim_allowed() => self.send(TableMsg::Claim),
                _ => not_now(self, NotNow::NoClaim),
            },
            Command::Undo => self.send(TableMsg::Undo),
            Command::Yes | Command::No => self.answer_question(command == Command::Yes),
            Command::Declare | Command::KeepQuiet => {
                self.answer_declaration(command == Command::Declare);
            }
            Command::Call(call) => self.call(call),
            Command::NoSuchBid => not_now(self, NotNow::NoSuchBid),
            Command::NotANumber(kind) => not_now(self, NotNow::NotANumber(kind)),
            Command::Play(card) => self.play(card),
        }
    }

    /// The prompt again, and the game's end when it is over.
    fn say_again(&mut self) {
        let w = self.words();
        self.prompted = None;
        self.prompt();
        if self.game().is_some_and(|g| g.phase() == Phase::GameOver) {
            let lines = self.game().map(|g| say::game_over(w, g)).unwrap_or_default();
            self.say_all(lines);
        }
    }

    /// The game's deals, a line each.
    fn say_history(&mut self) {
        let w = self.words();
        let lines: Vec<String> = self
            .game()
            .map(|g| DealLine::all(g).iter().map(|l| say::history_line(w, l)).collect())
            .unwrap_or_default();
        if lines.is_empty() {
            self.say(w.text(&format!("{}.", w.t(T::NoDeals))).into_owned());
        }
        self.say_all(lines);
    }

    /// South's yes or no to the confirmation of a weighty call, when one is asked.
    fn answer_question(&mut self, yes: bool) {
        if self.session.table().and_then(Table::confirm).is_none() {
            return self.say(say::not_now(self.words(), NotNow::NoQuestion, ""));
        }
        self.send(TableMsg::Confirm(yes));
        self.prompted = None;
        self.prompt();
    }

    /// South's answer to whether it declares its combination, when it is asked.
    fn answer_declaration(&mut self, declare: bool) {
        if self.session.table().and_then(Table::declaring).is_none() {
            return self.say(say::not_now(self.words(), NotNow::NothingToDeclare, ""));
        }
        self.send(TableMsg::Declare(declare));
        self.prompted = None;
        self.prompt();
    }

    /// Why finished deal `n` (from 1) is not there: no such deal, or none finished yet.
    fn no_such_deal(&self, n: usize) -> NotNow {
        match self.game().map_or(0, |g| g.history().len()) {
            0 => NotNow::NoDealYet,
            _ => NotNow::NoSuchDeal(n),
        }
    }

    /// South's call, once it is one the auction allows now.
    fn call(&mut self, call: Call) {
        let w = self.words();
        let Some(t) = self.session.table() else { return };
        let why = match t.game().phase() {
            Phase::GameOver => Some(NotNow::GameOver),
            Phase::Playing | Phase::DealOver => Some(NotNow::AuctionOver),
            Phase::Bidding => None,
        };
        if let Some(why) = why {
            return self.say(say::not_now(w, why, ""));
        }
        if !t.south_to_bid() {
            return;
        }
        let call = match check::call(&t.game().legal_calls(), call) {
            Ok(call) => call,
            Err(why) => {
                self.say(say::not_now(w, why, ""));
                self.prompted = None;
                return self.prompt();
            }
        };
        self.send(TableMsg::Call(call));
        if let Some(asked) = self.session.table().and_then(Table::confirm) {
            self.say(say::confirm(w, asked));
        }
    }

    /// South's card, once it holds it and the play is on.
    fn play(&mut self, card: crate::rules::Card) {
        let w = self.words();
        let Some(t) = self.session.table() else { return };
        let why = match t.game().phase() {
            Phase::GameOver => Some(NotNow::GameOver),
            Phase::Bidding => Some(NotNow::Auction),
            Phase::DealOver => Some(NotNow::AuctionOver),
            Phase::Playing if !t.game().deal().hands()[Seat::South].contains(card) => {
                Some(NotNow::NotHeld(card))
            }
            Phase::Playing => None,
        };
        if let Some(why) = why {
            return self.say(say::not_now(w, why, ""));
        }
        // Asked whether to declare, South answers first.
        if let Some(c) = t.declaring() {
            return self.say(say::declare_ask(w, c));
        }
        self.send(TableMsg::Play(card));
    }

    /// The expert's hint: asked, or said again if it is in.
    fn hint(&mut self) {
        let Some(t) = self.session.table() else { return };
        // The deal of the day is played once, alike for everyone: no hint.
        if t.prefs().daily {
            return self.told(Notice::OnceForAll);
        }
        if t.hint_allowed() {
            return self.send(TableMsg::Hint);
        }
        if t.advice().is_some() {
            self.hinted = None;
            return self.say_hint();
        }
        let w = self.words();
        self.say(say::not_now(w, NotNow::NoHint, ""));
    }

    /// The hint, once in, said once.
    fn say_hint(&mut self) {
        let w = self.words();
        let Some(t) = self.session.table() else { return };
        if self.hinted == Some(t.revision()) {
            return;
        }
        let said = match t.hint() {
            Some(Hint::Ready(a)) => say::hint(w, Some(a)),
            Some(Hint::Failed) => say::hint(w, None),
            Some(Hint::Thinking) | None => return,
        };
        self.hinted = Some(t.revision());
        self.say(said);
    }

    /// A new game of the settings' rules, with new faces, in place of the one at the table.
    fn new_game(&mut self) {
        let out = self.session.new_game();
        if let Some(game) = self.game() {
            let line = say::new_game(self.words(), game);
            self.say(line);
        }
        self.sat(out, true);
    }

    /// `game` sits down at the table; `new`, its players are introduced.
    fn sit(&mut self, game: Game, new: bool) {
        let out = self.session.sit(game);
        self.sat(out, new);
    }

    /// A game sat down at the table, which opened on `out`: its deal is said, and with `new`
    /// its players first.
    fn sat(&mut self, out: Vec<Out>, new: bool) {
        self.comparing = None;
        self.prompted = None;
        self.hinted = None;
        if new {
            self.say_players();
        }
        if let Some(g) =
            self.game().filter(|g| !matches!(g.phase(), Phase::DealOver | Phase::GameOver))
        {
            let w = self.words();
            let d = g.deal();
            let mut lines = vec![say::deal_start(w, d.index + 1, d.dealer)];
            lines.extend(d.contract().filter(|_| d.play.is_some()).map(|c| say::contract(w, &c)));
            self.say_all(lines);
        }
        self.follow(out);
        self.settle();
    }

    /// Sends a message to the table, says what follows from it, and moves past its pauses.
    fn send(&mut self, msg: TableMsg) {
        let out = self.session.send(msg);
        self.follow(out);
        self.settle();
    }

    /// Every pause of the table ends at once.
    fn settle(&mut self) {
        for _ in 0..PAUSES {
            if self.session.table().is_none_or(|t| t.wait().is_none()) {
                return;
            }
            let out = self.session.send(TableMsg::Timer);
            self.follow(out);
        }
    }

    /// Carries out and says what the table asks, in order; after a deal's summary, the next
    /// deal comes.
    fn follow(&mut self, out: Vec<Out>) {
        let mut next_deal = false;
        for o in out {
            match o {
                // The session carried these out: nothing of them is said.
                Out::Save
                | Out::DealFinished
                | Out::GameFinished
                | Out::Think(_)
                | Out::AskHint(_)
                | Out::Compare(_) => {}
                Out::Compared(i) => next_deal |= self.say_compared(i),
                Out::Acted(seat, action) => self.acted(seat, action),
                Out::Summary => {
                    self.say_summary();
                    next_deal = true;
                }
                Out::GameOver => {
                    let w = self.words();
                    let lines = self.game().map(|g| say::game_over(w, g)).unwrap_or_default();
                    self.say_all(lines);
                }
                Out::NewDeal => {
                    let w = self.words();
                    if let Some(d) = self.game().map(Game::deal) {
                        let line = say::deal_start(w, d.index + 1, d.dealer);
                        self.say(line);
                    }
                }
                Out::SouthToAct => self.prompt(),
                Out::Told(notice) => self.told(notice),
                // The hint is said when it comes in (`say_hint`); no cursor follows it here.
                Out::FollowHint(_) => {}
            }
        }
        if next_deal && (self.wheels_deal_over() || self.daily_deal_over()) {
        } else if next_deal && self.session.playing_again() {
            self.say_first_result();
            self.end_again();
        } else if next_deal && self.comparing.is_none() {
            self.send(TableMsg::NextDeal);
        }
    }

    /// The comparison of finished deal `i` is in: said, with the game's balance, when it is
    /// the one the next deal waits for. True when the next deal may then come.
    fn say_compared(&mut self, i: usize) -> bool {
        if self.comparing != Some(i) {
            return false;
        }
        self.comparing = None;
        let w = self.words();
        let Some(g) = self.game() else { return true };
        let lines: Vec<String> = g
            .history()
            .get(i)
            .and_then(|d| say::expert_result(w, d).filter(|_| d.expert_score().is_some()))
            .into_iter()
            .chain(say::expert_balance(w, g))
            .collect();
        self.say_all(lines);
        true
    }

    /// What a seat did, and what came of it: the contract, a belote, a declaration, a trick; a
    /// trick a claim plays out is said whole, once taken.
    fn acted(&mut self, seat: Seat, action: Action) {
        let w = self.words();
        let Some(t) = self.session.table() else { return };
        let g = t.game();
        let mut lines = Vec::new();
        let mut explained = None;
        match action {
            Action::Bid(call) => {
                lines.push(say::called(w, seat, call));
                explained = self.wheels_meanings(g, &mut lines);
                // A call that ends the auction with a contract starts the play.
                if g.phase() == Phase::Playing {
                    lines.extend(g.deal().contract().map(|c| say::contract(w, &c)));
                }
            }
            Action::Play(card) => {
                // The cards a claim plays out are said a trick at a time, each with its cards.
                let claimed = t.claiming().is_some();
                if !claimed {
                    lines.push(say::played(w, seat, card));
                }
                if let Some(c) = t.announcement(seat) {
                    lines.push(say::declared(w, seat, c));
                }
                // What came with the card is read from the play itself, not from the table as
                // it stands: a claim plays out the rest of the deal before its cards are said.
                let play = g.deal().play.as_ref();
                if let Some(b) = play.and_then(|p| p.public().said_with(card)) {
                    lines.push(say::belote(w, seat, b));
                }
                let tricks = play.map_or(&[][..], |p| p.tricks());
                if let Some((i, done)) =
                    tricks.iter().enumerate().find(|(_, d)| d.cards()[3] == card)
                {
                    lines.push(if claimed {
                        say::trick_whole(w, i + 1, done)
                    } else {
                        say::trick_taken(w, i + 1, done)
                    });
                    if i == 0
                        && let Some(scoring) = report::declarations_scoring(g.deal())
                    {
                        lines.push(say::declarations_scored(w, scoring));
                    }
                }
            }
        }
        self.say_all(lines);
        self.wheels_explained(explained);
    }

    /// The summary of the deal just finished.
    fn say_summary(&mut self) {
        let w = self.words();
        let Some(g) = self.game() else { return };
        let Some(d) = g.history().last() else { return };
        let mut lines = say::summary(w, g.history().len(), &Summary::of(w, d));
        lines.extend(say::expert_in_seat(w, d));
        // A deal still compared holds the next deal back until the comparison is said.
        let thinking = d.expert_in_seat == Some(ExpertInSeat::Thinking);
        let last = g.history().len() - 1;
        self.say_all(lines);
        if thinking {
            self.comparing = Some(last);
        }
    }

    /// South's turn, said once a position: its hand and what it may do.
    fn prompt(&mut self) {
        let w = self.words();
        let Some(t) = self.session.table() else { return };
        if self.prompted == Some(t.revision()) {
            return;
        }
        let g = t.game();
        let deal = g.deal();
        let hand = deal.hands()[Seat::South];
        let mut lines = Vec::new();
        if let Some(call) = t.confirm() {
            lines.push(say::confirm(w, call));
        } else if t.south_to_bid() {
            lines.push(say::hand(w, hand, None));
            lines.push(say::to_beat(w, deal.auction.current_bid(), deal.auction.multiplier()));
            lines.push(say::turn_to_bid(w, &g.legal_calls()));
        } else if t.south_to_play() {
            let trick = t.table_trick();
            let lead = trick.is_none_or(|t| t.plays().next().is_none());
            let trump = deal.contract().map(|c| c.trump());
            lines.push(say::turn_to_play(w, t.deal_tricks().len() + 1, lead));
            if !lead {
                lines.push(say::on_the_table(w, trick.as_ref()));
            }
            lines.push(say::hand(w, hand, trump));
            lines.push(say::may_play(w, t.playable(), hand, trump));
            if let Some(c) = t.declaring() {
                lines.push(say::declare_ask(w, c));
            }
        } else {
            return;
        }
        self.prompted = Some(t.revision());
        self.say_all(lines);
        self.wheels_turn();
    }

    /// What the table tells the player: a refusal with what may be done instead, a take-back,
    /// a computer player that failed, a claim with the cards the claimer lays face up.
    fn told(&mut self, notice: Notice) {
        let w = self.words();
        self.say(check::told(w, notice));
        if matches!(notice, Notice::Refused(..)) {
            self.prompted = None;
        }
        // A computer player's claim: the cards it lays face up.
        let claim = self.session.table().and_then(|t| t.claiming().map(|c| (t, c)));
        if let (Notice::Claimed(seat), Some((t, c))) = (notice, claim)
            && seat != Seat::South
        {
            let trump = t.game().deal().contract().map(|c| c.trump());
            let said = say::shows(w, seat, c.shown(), trump);
            self.say(said);
        }
    }
}

/// The commands of the line mode that apply in a game at `at`, a line each, in `w`'s language.
pub fn help(w: Words, at: &Context<'_>) -> Vec<String> {
    let i = usize::from(w.lang == crate::text::Lang::Fr);
    // What the game's rules never offer is not listed: no declarations in contrée.
    let applies = |word: &&parse::Word| {
        word.kind
            .cmd()
            .is_none_or(|cmd| availability(at, Mode::Playing, cmd) != Availability::Never)
    };
    parse::WORDS
        .iter()
        .filter(applies)
        .map(|word| w.text(&format!("{}: {}.", word.said[i], word.does[i])).into_owned())
        .collect()
}

/// The runner carries out the line mode's effects on the disk as it does the screen's.
impl Front for LineMode {
    fn take_effects(&mut self) -> Vec<Effect> {
        LineMode::take_effects(self)
    }

    fn game(&self) -> Option<&Game> {
        LineMode::game(self)
    }

    fn words(&self) -> Words {
        LineMode::words(self)
    }

    /// Nothing is kept on show: each line is said once.
    fn status(&self) -> Option<String> {
        None
    }

    fn tell(&mut self, text: String) {
        let w = self.words();
        let text = w.text(&text).into_owned();
        self.say(text);
    }

    fn saved_settings(&self) -> &Settings {
        &self.session.saved
    }

    fn budget(&self) -> crate::bots::expert::Budget {
        self.session.budget()
    }

    /// The statistics, loaded only for `progress`: the trend of the games filed.
    fn stats_loaded(&mut self, stats: Stats) {
        let w = self.words();
        let lines = w.trend(crate::progress::trend(&stats.progress).as_ref());
        self.say_all(lines);
    }

    fn new_game_refused(&mut self, previous: Option<Game>, resume: Option<Resumable>, why: &str) {
        let w = self.words();
        self.say(w.text(&format!("{}{}{why}.", w.t(T::NewGameRefused), w.colon())).into_owned());
        match self.session.new_game_refused(previous, resume) {
            Refused::Sat(out) => self.sat(out, false),
            Refused::Kept(Some(r)) => self.sit(r.game, false),
            Refused::Kept(None) => self.quit = true,
        }
    }
}
