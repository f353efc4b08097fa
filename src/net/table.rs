//! One table of the host: who holds each seat, the game, and what each seat is sent. It knows
//! nothing of sockets or of time: the host's task for the table ([`super::host`]) hands it the
//! players' messages and the timers' and bots' answers, saves it when it changed, then sends
//! what it queued ([`Table::take_outbox`]).
//!
//! The game is the rules engine's ([`Game::apply`] checks every action); a seat is sent its own
//! [`Game::view`] alone, the view a bot decides from, and the whole deal only once it is over.

use std::sync::Arc;

use tokio::sync::{Notify, mpsc, oneshot};

use super::code;
use super::wire::{
    ClientMsg, ErrorCode, MAX_SERVER_LINE, Rule, SeatInfo, ServerMsg, TableInfo, TableSetup,
    WireAction, line,
};
use crate::game::{Action, Event, Game, GameSave, HUMAN, Phase, draw_players, new_game};
use crate::rules::{BySeat, Combination, Seat};

/// A line queued for a connection's writer.
#[derive(Debug)]
pub struct Line {
    /// The line, newline included.
    pub text: Arc<str>,
    /// Told once the line is written to the connection (dropped untold if it never is).
    pub written: Option<oneshot::Sender<()>>,
}

impl Line {
    /// A line nobody waits to see written.
    pub fn plain(text: Arc<str>) -> Line {
        Line { text, written: None }
    }
}

/// How a table reaches one connected player: its connection's number and the queue of lines
/// its writer sends.
#[derive(Clone, Debug)]
pub struct Conn {
    /// The connection's number, unique in the host's life.
    pub id: u64,
    /// The lines to send. A full queue (a client that stops reading) drops the connection.
    pub tx: mpsc::Sender<Line>,
    /// Told when the table lets go of the connection: it is closed.
    pub close: Arc<Notify>,
}

impl Conn {
    /// The table lets go of this connection: it is sent `why`, if anything, and closed once
    /// what it was sent is written.
    pub fn let_go(&self, why: Option<ErrorCode>) {
        if let Some(error) = why {
            let _ = self
                .tx
                .try_send(Line::plain(Arc::from(line(&ServerMsg::Error { error, rule: None }))));
        }
        self.close.notify_one();
    }
}

/// A line queued for a seat, and the count of deals whose end its player has been shown
/// once it is written (the last line of a deal's end, or of a player's sitting back).
pub type Queued = (Seat, Arc<str>, Option<usize>);

/// A seat of the table.
#[derive(Clone, Debug)]
pub struct Place {
    /// The player's name, or the bot persona's when nobody holds the seat.
    pub name: String,
    /// The persona of the bot that plays the seat when its player does not.
    pub persona: String,
    /// What the host keeps of the seat's token ([`code::keep`]): `None` when no player holds
    /// the seat.
    pub token: Option<String>,
    /// Whether a bot plays the seat now: nobody holds it, or its player's grace time is over.
    pub bot_plays: bool,
    /// The player's connection, while connected.
    pub conn: Option<Conn>,
    /// Counts the seat's disconnections, so that a grace timer of an earlier one is dropped.
    pub drops: u64,
    /// Whether the player has seen the deal's end.
    pub ready: bool,
    /// The deals of the game whose end has been written to the player's connection: a player
    /// back after deals ended without them is sent those ends first.
    pub shown: usize,
}

/// Where a joining player asks to sit, and how it proves a seat is its own.
#[derive(Clone, Debug)]
pub struct JoinAsk {
    /// The player's name.
    pub name: String,
    /// The password given.
    pub password: Option<String>,
    /// The seat wanted.
    pub seat: Option<Seat>,
    /// The seat token given.
    pub token: Option<String>,
}

/// A table.
#[derive(Debug)]
pub struct Table {
    /// Its code.
    pub code: String,
    /// Its rules; the password is kept as its digest ([`code::keep`]).
    pub setup: TableSetup,
    /// The seat of its creator.
    pub creator: Seat,
    /// Its seats, in the order of `Seat::index`.
    pub places: [Place; 4],
    /// The game, once started.
    pub game: Option<Game>,
    /// Counts the changes of the game: a bot's answer for an earlier one is dropped.
    pub revision: u64,
    outbox: Vec<Queued>,
}

/// What a message did to the table, for its task.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Changed {
    /// The table must be saved before anything queued is sent.
    pub save: bool,
    /// A deal has just ended: its pause starts.
    pub deal_over: bool,
    /// A seat's player disconnected: its grace time starts (the seat, its drop count).
    pub grace: Option<(Seat, u64)>,
}

impl Table {
    /// A new table of `code` under `setup`, its creator to sit at `creator`; the bot personas
    /// drawn from `seed`.
    pub fn new(code: String, mut setup: TableSetup, creator: Seat, seed: u64) -> Table {
        setup.password = setup.password.map(|p| code::keep(&code, &p));
        let [a, b, c] = draw_players(seed, None);
        let taken = BySeat([HUMAN.to_string(), a.clone(), b.clone(), c.clone()]);
        let [d, _, _] = draw_players(seed.rotate_left(17), Some(&taken));
        let personas = [d, a, b, c];
        let places = personas.map(|p| Place {
            name: p.clone(),
            persona: p,
            token: None,
            bot_plays: true,
            conn: None,
            drops: 0,
            ready: false,
            shown: 0,
        });
        Table { code, setup, creator, places, game: None, revision: 0, outbox: vec![] }
    }

    /// A table read back from its file.
    pub fn restored(
        code: String,
        setup: TableSetup,
        creator: Seat,
        places: [Place; 4],
        game: Option<Game>,
        revision: u64,
    ) -> Table {
        Table { code, setup, creator, places, game, revision, outbox: vec![] }
    }

    /// The lines queued for each seat since the last call. A connection the table let go of
    /// (its seat taken back on another, or left) is closed by its writer when its queue's
    /// sender goes with it.
    pub fn take_outbox(&mut self) -> Vec<Queued> {
        std::mem::take(&mut self.outbox)
    }

    /// Queues `msg` for `seat`.
    fn send(&mut self, seat: Seat, msg: &ServerMsg) {
        self.send_showing(seat, msg, None);
    }

    /// Queues `msg` for `seat`: once written, its player has been shown the end of `shows`
    /// deals.
    fn send_showing(&mut self, seat: Seat, msg: &ServerMsg, shows: Option<usize>) {
        if self.places[seat.index()].conn.is_some() {
            self.outbox.push((seat, Arc::from(line(msg)), shows));
        }
    }

    /// Queues `msg` for every seat.
    fn send_all(&mut self, msg: &ServerMsg) {
        self.send_all_showing(msg, None);
    }

    /// Queues `msg` for every seat: once written, each player has been shown the end of
    /// `shows` deals.
    fn send_all_showing(&mut self, msg: &ServerMsg, shows: Option<usize>) {
        let l: Arc<str> = Arc::from(line(msg));
        for seat in Seat::ALL {
            if self.places[seat.index()].conn.is_some() {
                self.outbox.push((seat, l.clone(), shows));
            }
        }
    }

    /// The line of `conn_id` that ends the `shows`-th deal's end (and the game's) was written.
    pub fn shown(&mut self, conn_id: u64, shows: usize) {
        if let Some(seat) = self.seat_of(conn_id) {
            let place = &mut self.places[seat.index()];
            place.shown = place.shown.max(shows);
        }
    }

    /// Whether every player holding a seat has been shown the game's end.
    pub fn end_shown(&self) -> bool {
        let Some(game) = self.game.as_ref().filter(|g| g.phase() == Phase::GameOver) else {
            return false;
        };
        let h = game.history().len();
        self.places.iter().all(|p| p.token.is_none() || p.shown >= h)
    }

    fn error(&mut self, seat: Seat, error: ErrorCode, rule: Option<Rule>) {
        self.send(seat, &ServerMsg::Error { error, rule });
    }

    /// The table as every seat sees it.
    pub fn info(&self) -> TableInfo {
        let seats = self.places.clone().map(|p| SeatInfo {
            name: p.name,
            bot: p.bot_plays,
            taken: p.token.is_some(),
            connected: p.conn.is_some(),
        });
        let mut options = self.setup.clone();
        options.password = None;
        TableInfo {
            code: self.code.clone(),
            seats,
            creator: self.creator,
            options: options.options,
            level: options.level,
            grace_secs: options.grace_secs,
            help: options.help,
            started: self.game.is_some(),
        }
    }

    /// Whether the game is in a deal (no seat changes hands then).
    fn in_deal(&self) -> bool {
        self.game.as_ref().is_some_and(|g| matches!(g.phase(), Phase::Bidding | Phase::Playing))
    }

    /// Whether `seat` may declare now: `coinche`, its turn to play its first card, undeclared,
    /// holding something.
    fn may_declare(&self, game: &Game, seat: Seat) -> bool {
        let d = game.deal();
        game.rules().set.has_declarations()
            && game.phase() == Phase::Playing
            && game.to_act() == Some(seat)
            && d.declared[seat].is_none()
            && !d.has_played(seat)
            && d.contract().is_some_and(|c| !game.best_combination(seat, c.trump()).is_empty())
    }

    /// Queues each connected seat's view of the game.
    pub fn send_views(&mut self) {
        let Some(game) = self.game.as_ref() else { return };
        let mut lines = Vec::new();
        for seat in Seat::ALL {
            if self.places[seat.index()].conn.is_none() {
                continue;
            }
            lines.push((seat, Arc::from(line(&self.view_msg(game, seat))), None));
        }
        self.outbox.extend(lines);
    }

    /// The view message of `seat`: the game's view of that seat, nothing more.
    fn view_msg(&self, game: &Game, seat: Seat) -> ServerMsg {
        let view = game.view(seat);
        let json = crate::bots::protocol::request_json(&view);
        ServerMsg::View {
            revision: self.revision,
            view: serde_json::from_str(&json).unwrap_or_default(),
            to_act: game.to_act(),
            may_declare: self.may_declare(game, seat),
        }
    }

    /// A player asks to sit (`conn` its connection): the seat and its new token, or why not.
    pub fn join(&mut self, ask: JoinAsk, conn: Conn) -> Result<(Seat, String), ErrorCode> {
        let own = ask.token.as_deref().and_then(|t| {
            Seat::ALL.into_iter().find(|s| {
                let kept = self.places[s.index()].token.as_deref();
                kept.is_some_and(|k| code::matches(&self.code, t, k))
            })
        });
        let seat = match own {
            Some(seat) => seat,
            None => {
                self.check_password(ask.password.as_deref())?;
                if ask.token.is_some() && ask.seat.is_none() {
                    return Err(ErrorCode::BadToken);
                }
                self.free_seat(ask.seat)?
            }
        };
        // A player sitting back keeps their token: were the host stopped between saving the
        // seat and sending `joined`, the token their machine keeps still takes it back.
        let token = match (own, ask.token) {
            (Some(_), Some(token)) => token,
            _ => code::new_token().ok_or(ErrorCode::ShuttingDown)?,
        };
        let place = &mut self.places[seat.index()];
        place.name = ask.name;
        place.token = Some(code::keep(&self.code, &token));
        if let Some(old) = place.conn.replace(conn) {
            // The seat taken back on another connection: the old one is told and closed.
            old.let_go(Some(ErrorCode::SeatLost));
        }
        place.bot_plays = false;
        place.drops += 1;
        self.send(seat, &ServerMsg::Joined { code: self.code.clone(), seat, token: token.clone() });
        self.send_all(&ServerMsg::Table { table: self.info() });
        self.catch_up(seat, own.is_some());
        Ok((seat, token))
    }

    /// What a player sitting down is sent of the game: the ends of the deals that ended while
    /// they were away (`back`: sitting back at their own seat), then the view, then the ends
    /// of the deal and of the game if they are over.
    fn catch_up(&mut self, seat: Seat, back: bool) {
        let Some(game) = self.game.as_ref() else { return };
        let h = game.history().len();
        let over = matches!(game.phase(), Phase::DealOver | Phase::GameOver);
        let before = if over { h - 1 } else { h };
        let place = &mut self.places[seat.index()];
        if !back {
            // A newcomer is shown no deal played before they sat.
            place.shown = before;
        }
        let missed = game.history().get(place.shown.min(before)..before).unwrap_or_default();
        let mut msgs: Vec<ServerMsg> = missed
            .iter()
            .map(|d| ServerMsg::DealOver { record: d.record.clone(), totals: d.totals })
            .collect();
        msgs.push(self.view_msg(game, seat));
        if over {
            msgs.extend(self.ending(game));
        }
        let last = msgs.len() - 1;
        for (i, m) in msgs.iter().enumerate() {
            self.send_showing(seat, m, (i == last).then_some(h));
        }
    }

    fn check_password(&self, given: Option<&str>) -> Result<(), ErrorCode> {
        match (&self.setup.password, given) {
            (None, _) => Ok(()),
            (Some(kept), Some(p)) if code::matches(&self.code, p, kept) => Ok(()),
            _ => Err(ErrorCode::WrongPassword),
        }
    }

    /// The seat a newcomer may take: `wanted`, else the first nobody holds.
    fn free_seat(&self, wanted: Option<Seat>) -> Result<Seat, ErrorCode> {
        let free = |s: Seat| self.places[s.index()].token.is_none();
        let seat = match wanted {
            Some(s) if free(s) => s,
            Some(_) => return Err(ErrorCode::SeatTaken),
            None => Seat::ALL.into_iter().find(|&s| free(s)).ok_or(ErrorCode::SeatTaken)?,
        };
        // A bot plays the seat until the deal is over.
        if self.in_deal() { Err(ErrorCode::SeatBusy) } else { Ok(seat) }
    }

    /// The connection `conn_id` is gone: its seat waits the grace time for its player.
    pub fn gone(&mut self, conn_id: u64) -> Changed {
        let Some(seat) = self.seat_of(conn_id) else { return Changed::default() };
        let place = &mut self.places[seat.index()];
        if let Some(conn) = place.conn.take() {
            // A connection dropped for not reading is closed; one that ended already is gone.
            conn.let_go(None);
        }
        place.drops += 1;
        let grace = Some((seat, place.drops));
        self.send_all(&ServerMsg::Table { table: self.info() });
        Changed { grace, ..Changed::default() }
    }

    /// The seat of the connection `conn_id`, if it holds one: a player who moved (`sit`) is
    /// found at their new seat, and a connection whose seat was taken back on another at none.
    fn seat_of(&self, conn_id: u64) -> Option<Seat> {
        Seat::ALL
            .into_iter()
            .find(|s| self.places[s.index()].conn.as_ref().is_some_and(|c| c.id == conn_id))
    }

    /// The grace time of `seat`'s drop number `drops` is over: a bot plays the seat (before the
    /// game, the seat is free again).
    pub fn grace_over(&mut self, seat: Seat, drops: u64) -> Changed {
        let started = self.game.is_some();
        let place = &mut self.places[seat.index()];
        if place.drops != drops || place.conn.is_some() {
            return Changed::default();
        }
        place.bot_plays = true;
        if !started {
            place.token = None;
            place.name = place.persona.clone();
        }
        self.send_all(&ServerMsg::Table { table: self.info() });
        Changed { save: true, ..Changed::default() }
    }

    /// The player to act has let the grace time go by, connected: a bot plays their seat until
    /// they say something again.
    pub fn idle(&mut self) -> Changed {
        let Some(seat) = self.game.as_ref().and_then(Game::to_act) else {
            return Changed::default();
        };
        let place = &mut self.places[seat.index()];
        if place.bot_plays {
            return Changed::default();
        }
        place.bot_plays = true;
        self.send_all(&ServerMsg::Table { table: self.info() });
        Changed { save: true, ..Changed::default() }
    }

    /// A message of the player on connection `conn_id`. An idle player's message takes their
    /// seat back from the bot, but `leave` (a bot takes it for good) and `ping` (a client keeps
    /// its connection alive by itself, the player away or not).
    pub fn message(&mut self, conn_id: u64, msg: ClientMsg) -> Changed {
        let Some(seat) = self.seat_of(conn_id) else { return Changed::default() };
        let place = &mut self.places[seat.index()];
        let taken_back = !matches!(msg, ClientMsg::Leave {} | ClientMsg::Ping {});
        if place.bot_plays && place.token.is_some() && taken_back {
            place.bot_plays = false;
            self.send_all(&ServerMsg::Table { table: self.info() });
        }
        match msg {
            ClientMsg::Sit { seat: to } => self.sit(seat, to),
            ClientMsg::Start {} => self.start(seat),
            ClientMsg::Act { action } => self.act(seat, action),
            ClientMsg::Declare { declare } => self.declare(seat, declare),
            ClientMsg::Next {} => self.ready(seat),
            ClientMsg::Leave {} => self.leave(seat),
            // Taken back above, if a bot played it.
            ClientMsg::Back {} => Changed::default(),
            ClientMsg::Hello { .. } | ClientMsg::Create { .. } | ClientMsg::Join { .. } => {
                self.error(seat, ErrorCode::Unexpected, None);
                Changed::default()
            }
            // The connection answers it.
            ClientMsg::Ping {} => Changed::default(),
        }
    }

    fn sit(&mut self, from: Seat, to: Seat) -> Changed {
        if self.game.is_some() {
            self.error(from, ErrorCode::Started, None);
            return Changed::default();
        }
        if self.places[to.index()].token.is_some() {
            self.error(from, ErrorCode::SeatTaken, None);
            return Changed::default();
        }
        let (f, t) = (from.index(), to.index());
        let (moving, staying) = (self.places[f].clone(), self.places[t].clone());
        self.places[t] = Place { persona: staying.persona.clone(), ..moving };
        self.places[f] = Place { name: staying.persona.clone(), ..staying };
        if self.creator == from {
            self.creator = to;
        }
        self.send_all(&ServerMsg::Table { table: self.info() });
        Changed { save: true, ..Changed::default() }
    }

    fn start(&mut self, seat: Seat) -> Changed {
        if seat != self.creator {
            self.error(seat, ErrorCode::NotCreator, None);
            return Changed::default();
        }
        if self.game.is_some() {
            self.error(seat, ErrorCode::Started, None);
            return Changed::default();
        }
        let seed = code::new_token()
            .and_then(|t| u64::from_str_radix(&t[..16], 16).ok())
            .unwrap_or(self.revision);
        let mut game = new_game(self.setup.options, seed, None);
        game.set_levels(BySeat([self.setup.level; 4]));
        self.game = Some(game);
        self.revision += 1;
        self.send_all(&ServerMsg::Table { table: self.info() });
        self.send_views();
        Changed { save: true, ..Changed::default() }
    }

    /// `seat` acts, as its player or as the bot playing it (`bot`).
    pub fn apply(&mut self, seat: Seat, action: Action, bot: bool) -> Result<Changed, ErrorCode> {
        let Some(game) = self.game.as_mut() else { return Err(ErrorCode::NotStarted) };
        match game.apply(seat, action) {
            Ok(event) => Ok(self.acted(event, bot)),
            Err(e) => {
                self.error(seat, ErrorCode::Illegal, Some(Rule::from(e)));
                Err(ErrorCode::Illegal)
            }
        }
    }

    fn acted(&mut self, event: Event, bot: bool) -> Changed {
        self.revision += 1;
        let action = WireAction::from(event.action);
        self.send_all(&ServerMsg::Acted { seat: event.seat, action, bot });
        self.send_views();
        if event.deal_end {
            self.deal_ended();
        }
        Changed { save: true, deal_over: event.deal_end, grace: None }
    }

    /// Shows the finished deal to every seat, and the game's end if it is over.
    fn deal_ended(&mut self) {
        let Some(game) = self.game.as_ref() else { return };
        let msgs = self.ending(game);
        let h = game.history().len();
        for place in &mut self.places {
            place.ready = false;
        }
        let last = msgs.len().saturating_sub(1);
        for (i, m) in msgs.iter().enumerate() {
            self.send_all_showing(m, (i == last).then_some(h));
        }
    }

    /// What every seat is shown at a deal's end: the deal, every hand, and the game's end if
    /// it is over.
    fn ending(&self, game: &Game) -> Vec<ServerMsg> {
        game.history()
            .last()
            .map(|d| ServerMsg::DealOver { record: d.record.clone(), totals: d.totals })
            .into_iter()
            .chain(game.winner().map(|winner| ServerMsg::GameOver {
                winner,
                totals: game.totals(),
                game: whole_game(game),
            }))
            .collect()
    }

    /// Whether the deal is over and the next one not yet dealt.
    pub fn between_deals(&self) -> bool {
        self.game.as_ref().is_some_and(|g| g.phase() == Phase::DealOver)
    }

    fn act(&mut self, seat: Seat, action: WireAction) -> Changed {
        if self.places[seat.index()].bot_plays {
            self.error(seat, ErrorCode::SeatLost, None);
            return Changed::default();
        }
        self.apply(seat, action.into(), false).unwrap_or_default()
    }

    fn declare(&mut self, seat: Seat, declare: bool) -> Changed {
        let Some(game) = self.game.as_mut() else {
            self.error(seat, ErrorCode::NotStarted, None);
            return Changed::default();
        };
        let best = match game.deal().contract() {
            Some(c) if declare => game.best_combination(seat, c.trump()),
            _ => Combination::NONE,
        };
        match game.declare(seat, best) {
            Ok(()) => {
                // The choice is the seat's alone until its first card: the other seats are
                // sent nothing, not even a new revision, so that they cannot tell a seat that
                // keeps a combination quiet from one that holds none.
                if let Some(game) = self.game.as_ref() {
                    let view = self.view_msg(game, seat);
                    self.send(seat, &view);
                }
                Changed { save: true, ..Changed::default() }
            }
            Err(e) => {
                self.error(seat, ErrorCode::Illegal, Some(Rule::from(e)));
                Changed::default()
            }
        }
    }

    fn ready(&mut self, seat: Seat) -> Changed {
        self.places[seat.index()].ready = true;
        let all = self.places.iter().all(|p| p.ready || p.conn.is_none());
        if all { self.next_deal() } else { Changed::default() }
    }

    /// The next deal, once the pause after one is over or every player has seen it.
    pub fn next_deal(&mut self) -> Changed {
        let Some(game) = self.game.as_mut() else { return Changed::default() };
        if game.phase() != Phase::DealOver || game.next_deal().is_err() {
            return Changed::default();
        }
        self.revision += 1;
        // The seats of players who left go to the bots for good.
        self.send_all(&ServerMsg::Table { table: self.info() });
        self.send_views();
        Changed { save: true, ..Changed::default() }
    }

    fn leave(&mut self, seat: Seat) -> Changed {
        let place = &mut self.places[seat.index()];
        place.token = None;
        place.bot_plays = true;
        place.name = place.persona.clone();
        place.conn = None;
        self.send_all(&ServerMsg::Table { table: self.info() });
        Changed { save: true, ..Changed::default() }
    }

    /// The seat a bot must act for now, if any.
    pub fn bot_to_act(&self) -> Option<Seat> {
        let seat = self.game.as_ref()?.to_act()?;
        self.places[seat.index()].bot_plays.then_some(seat)
    }

    /// Whether the game is over.
    pub fn finished(&self) -> bool {
        self.game.as_ref().is_some_and(|g| g.phase() == Phase::GameOver)
    }
}

/// The whole game for each player's history, unless its line would pass what a client reads
/// ([`MAX_SERVER_LINE`], with room for the rest of the message).
fn whole_game(game: &Game) -> Option<Box<GameSave>> {
    let save = game.to_save();
    let size = serde_json::to_vec(&save).map_or(usize::MAX, |b| b.len());
    (size < MAX_SERVER_LINE - 1024).then(|| Box::new(save))
}

#[cfg(test)]
mod tests;
