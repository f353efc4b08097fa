//! A table's task: the one owner of its [`Table`]. It applies what it is told, saves the
//! table when it changed and before any seat is told, sends what the table queued, asks the
//! bots (on tokio's blocking threads, off the tasks that serve the players), and times the
//! grace, the turns and the pauses.

use std::net::IpAddr;
use std::sync::Arc;
use std::time::Duration;

use tokio::sync::mpsc;

use super::code::new_code;
use super::registry::{Host, Refusal, TableCmd};
use super::saved;
use super::table::{Changed, Line, Table};
use super::wire::{ClientMsg, ErrorCode, ServerMsg, TableSetup, line};
use crate::bots::Decision;
use crate::rules::Seat;

/// Serves `table` from now on, created from `by` (`None` for a table read back from disk):
/// takes its code and starts its task.
pub fn open(
    host: &Arc<Host>,
    table: Table,
    by: Option<IpAddr>,
) -> Result<mpsc::Sender<TableCmd>, Refusal> {
    let (tx, rx) = mpsc::channel(1024);
    host.reserve(&table.code, tx.clone(), by)?;
    tokio::spawn(run_table(table, rx, tx.clone(), host.clone(), by));
    Ok(tx)
}

/// Opens a new table of `setup` for a creator from `by`, who is to sit at `seat`: its code,
/// never that of a table file on disk; `too_many_tables` when the host, or `by`, has as many
/// tables open as it may.
pub fn create(
    host: &Arc<Host>,
    setup: &TableSetup,
    seat: Seat,
    seed: u64,
    by: IpAddr,
) -> Result<String, ErrorCode> {
    for _ in 0..8 {
        let Some(code) = new_code() else { break };
        if saved::on_disk(&host.config.dir, &code) {
            continue;
        }
        let table = Table::new(code.clone(), setup.clone(), seat, seed);
        match open(host, table, Some(by)) {
            Ok(_) => return Ok(code),
            Err(Refusal::CodeTaken) => {}
            Err(Refusal::Full | Refusal::TooManyFromAddress) => break,
        }
    }
    Err(ErrorCode::TooManyTables)
}

/// Who plays each seat, and how often that changed: a bot is asked, and a player's turn timed,
/// once for each revision and each change of who plays a seat, so that a seat going from its bot
/// to its player and back at one revision is asked (or timed) again.
#[derive(Debug, Default)]
struct Turns {
    /// Whether a bot played each seat when last looked at.
    bots: [bool; 4],
    /// Counts the changes of who plays a seat.
    hands: u64,
    /// The revision and count of changes a bot was last asked at.
    asked: Option<(u64, u64)>,
    /// The revision and count of changes a player's turn was last timed at.
    watched: Option<(u64, u64)>,
}

impl Turns {
    /// Notes who plays each seat now.
    fn note(&mut self, table: &Table) {
        let bots = std::array::from_fn(|i| table.places[i].bot_plays);
        if bots != self.bots {
            self.bots = bots;
            self.hands += 1;
        }
    }

    /// The revision and count of changes now.
    fn stamp(&self, table: &Table) -> (u64, u64) {
        (table.revision, self.hands)
    }

    /// The seat whose bot is to be asked now: a bot's seat to act, some player connected (bots
    /// never play alone), not asked yet at this stamp.
    fn bot_to_ask(&mut self, table: &Table) -> Option<Seat> {
        self.note(table);
        let seat = table.bot_to_act()?;
        let stamp = Some(self.stamp(table));
        if alone(table) || self.asked == stamp {
            return None;
        }
        self.asked = stamp;
        Some(seat)
    }

    /// The stamp to time a player's turn at now: a player's seat to act, not timed yet at
    /// this stamp.
    fn turn_to_time(&mut self, table: &Table) -> Option<(u64, u64)> {
        self.note(table);
        let seat = table.game.as_ref().and_then(crate::game::Game::to_act)?;
        let stamp = Some(self.stamp(table));
        if table.places[seat.index()].bot_plays || self.watched == stamp {
            return None;
        }
        self.watched = stamp;
        stamp
    }
}

/// What a table's task keeps to know when to close the table.
#[derive(Debug, Default)]
struct Life {
    /// Counts the times no player was left connected.
    alone: u64,
    /// The count of the time the table has been alone since, while it is.
    alone_since: Option<u64>,
}

/// A table's task: applies what it is told, saves the table when it changed, then sends what
/// the table queued, asks the bots, and times the grace and the pauses; closes the table when
/// its game is over and told, when no player holds a seat, or when no player comes back.
async fn run_table(
    mut table: Table,
    mut rx: mpsc::Receiver<TableCmd>,
    me: mpsc::Sender<TableCmd>,
    host: Arc<Host>,
    by: Option<IpAddr>,
) {
    // A restored table waits a grace time for its players, then its bots play their seats.
    for seat in Seat::ALL {
        let place = &table.places[seat.index()];
        if place.token.is_some() && !place.bot_plays {
            grace(&me, &table, seat, place.drops);
        }
    }
    let mut life = Life::default();
    // A new table waits for its creator; one read back with no player left is closed.
    if let Some(why) = by.is_none().then(|| why_close(&table)).flatten() {
        return close(&host, &table, by, why).await;
    }
    watch_alone(&table, &mut life, &me, host.config.abandon);
    let mut turns = Turns::default();
    ask_bot(&table, &me, &host, &mut turns);
    while let Some(cmd) = rx.recv().await {
        match cmd {
            TableCmd::Alone(n) if life.alone_since == Some(n) => {
                return close(&host, &table, by, "no player came back").await;
            }
            TableCmd::Alone(_) => continue,
            // A turn timed before its seat changed hands has been timed again since.
            TableCmd::Slow(r, h) if (r, h) != turns.stamp(&table) => continue,
            _ => {}
        }
        let was_alone = alone(&table);
        let changed = handle(&mut table, cmd);
        if changed.save
            && let Err(e) = save(&host, &table).await
        {
            return stop(&host, &mut table, by, &e);
        }
        let mut graces = flush(&mut table, &me);
        // The seats dropped for not reading are told to the others now.
        graces.extend(flush(&mut table, &me));
        graces.extend(changed.grace);
        for (seat, drops) in graces {
            log!("contree host: table {}: {seat} dropped", table.code);
            grace(&me, &table, seat, drops);
        }
        if let Some(why) = why_close(&table) {
            return close(&host, &table, by, why).await;
        }
        // A deal's end waits for a player to see it: a table restored between two deals, or
        // left by all, deals the next after the pause from the first player back.
        if changed.deal_over || (was_alone && !alone(&table) && table.between_deals()) {
            pause(&me, table.revision, host.config.deal_pause);
        }
        watch_alone(&table, &mut life, &me, host.config.abandon);
        ask_bot(&table, &me, &host, &mut turns);
        watch_turn(&table, &me, &mut turns);
    }
}

/// Writes the table to its file, off the tasks that serve the players.
async fn save(host: &Host, table: &Table) -> Result<(), String> {
    let snapshot = saved::snapshot(table);
    let (dir, code, sync) = (host.config.dir.clone(), table.code.clone(), host.config.sync);
    let wrote = tokio::task::spawn_blocking(move || {
        let bytes = snapshot.to_bytes()?;
        saved::save(&dir, &bytes, &code, sync).map_err(|e| e.to_string())
    });
    wrote.await.map_err(|e| e.to_string())?
}

/// The table could not be saved: nothing of the change is sent (no seat token that is not on
/// disk), every player is told that the table stops, and the host no longer serves it; its
/// last file is served again when the host starts again.
fn stop(host: &Host, table: &mut Table, by: Option<IpAddr>, why: &str) {
    log!(
        "contree host: table {}: not saved ({why}); stopped, nothing of the change sent, its \
         last file served again at the host's next start",
        table.code
    );
    drop(table.take_outbox());
    tell_all(table, ErrorCode::NotSaved);
    host.close(&table.code, by);
}

/// Sends every connected player at `table` that it stops, and why.
fn tell_all(table: &Table, why: ErrorCode) {
    let l: Arc<str> = Arc::from(line(&ServerMsg::Error { error: why, rule: None }));
    for place in &table.places {
        if let Some(conn) = &place.conn {
            let _ = conn.tx.try_send(Line::plain(l.clone()));
        }
    }
}

/// Why a table whose game is cut short closes: its players are told.
const CUT_SHORT: &str = "too many deals in a row were passed";

/// Why the table is to close now, if it is: its game is over and every player holding a seat
/// has been sent its end (written to their connection, not only queued), or no player holds a
/// seat.
fn why_close(table: &Table) -> Option<&'static str> {
    if table.end_shown() {
        return Some("its game is over");
    }
    if table.game.as_ref().is_some_and(|g| saved::passed_in_a_row(g) >= saved::MAX_PASSED_IN_A_ROW)
    {
        return Some(CUT_SHORT);
    }
    table.places.iter().all(|p| p.token.is_none()).then_some("no player holds a seat")
}

/// Whether no player is connected to the table.
fn alone(table: &Table) -> bool {
    table.places.iter().all(|p| p.conn.is_none())
}

/// Times the table's being left with no player connected: past `wait`, it is closed.
fn watch_alone(table: &Table, life: &mut Life, me: &mpsc::Sender<TableCmd>, wait: Duration) {
    if !alone(table) {
        life.alone_since = None;
        return;
    }
    if life.alone_since.is_some() {
        return;
    }
    life.alone += 1;
    life.alone_since = Some(life.alone);
    let (me, n) = (me.clone(), life.alone);
    tokio::spawn(async move {
        tokio::time::sleep(wait).await;
        let _ = me.send(TableCmd::Alone(n)).await;
    });
}

/// Closes the table: the host no longer serves it, and its file leaves `tables/` (into
/// `finished/` when its game is over).
async fn close(host: &Host, table: &Table, by: Option<IpAddr>, why: &str) {
    log!("contree host: table {}: closed, {why}", table.code);
    if why == CUT_SHORT {
        // A game cut short: its players are told why.
        tell_all(table, ErrorCode::CutShort);
    }
    host.close(&table.code, by);
    let (dir, code, keep) = (host.config.dir.clone(), table.code.clone(), table.finished());
    let retired = tokio::task::spawn_blocking(move || saved::retire(&dir, &code, keep));
    if let Ok(Err(e)) | Err(e) = retired.await.map_err(std::io::Error::other) {
        log!("contree host: table {}: its file not moved: {e}", table.code);
    }
}

/// Times the turn of a player to act, once for each revision and change of who plays a seat:
/// past the grace time, a bot plays that turn for them.
fn watch_turn(table: &Table, me: &mpsc::Sender<TableCmd>, turns: &mut Turns) {
    let Some((revision, hands)) = turns.turn_to_time(table) else { return };
    let me = me.clone();
    let wait = Duration::from_secs(u64::from(table.setup.grace_secs));
    tokio::spawn(async move {
        tokio::time::sleep(wait).await;
        let _ = me.send(TableCmd::Slow(revision, hands)).await;
    });
}

/// Applies one command to the table.
fn handle(table: &mut Table, cmd: TableCmd) -> Changed {
    match cmd {
        TableCmd::Join(ask, conn, reply) => {
            let name = ask.name.clone();
            let joined = table.join(ask, conn);
            if let Ok((seat, _)) = &joined {
                log!("contree host: table {}: {name} sits {seat}", table.code);
            }
            // A refused join changes nothing: nothing to save.
            let save = joined.is_ok();
            let _ = reply.send(joined.map(|(seat, _)| seat));
            Changed { save, ..Changed::default() }
        }
        TableCmd::Msg(id, msg) => {
            if msg == (ClientMsg::Leave {}) {
                log!("contree host: table {}: a player left for good", table.code);
            }
            table.message(id, msg)
        }
        TableCmd::Gone(id) => table.gone(id),
        TableCmd::Grace(seat, drops) => {
            let changed = table.grace_over(seat, drops);
            if changed.save {
                log!("contree host: table {}: a bot plays {seat}", table.code);
            }
            changed
        }
        TableCmd::Decided(revision, seat, action) => {
            if revision != table.revision || table.bot_to_act() != Some(seat) {
                return Changed::default();
            }
            table.apply(seat, action, true).unwrap_or_else(|_| {
                log!(
                    "contree host: table {}: the bot at {seat} chose {action}, refused",
                    table.code
                );
                Changed::default()
            })
        }
        TableCmd::Pause(revision) if revision == table.revision && !alone(table) => {
            table.next_deal()
        }
        TableCmd::Slow(..) => {
            let changed = table.idle();
            if changed.save {
                log!(
                    "contree host: table {}: a player is idle, a bot plays their seat",
                    table.code
                );
            }
            changed
        }
        TableCmd::Shown(id, shows) => {
            table.shown(id, shows);
            Changed::default()
        }
        TableCmd::Pause(_) | TableCmd::Alone(_) => Changed::default(),
    }
}

/// Sends what the table queued; a connection whose queue is full (a client that does not
/// read) is dropped, as if gone: the grace times to start are answered. A line that shows a
/// player deals' ends is counted as shown once its writer wrote it.
fn flush(table: &mut Table, me: &mpsc::Sender<TableCmd>) -> Vec<(Seat, u64)> {
    let lines = table.take_outbox();
    let mut full = Vec::new();
    for (seat, text, shows) in lines {
        let Some(conn) = table.places[seat.index()].conn.as_ref() else { continue };
        let written = shows.map(|n| {
            let (tx, rx) = tokio::sync::oneshot::channel();
            let (me, id) = (me.clone(), conn.id);
            tokio::spawn(async move {
                if rx.await.is_ok() {
                    let _ = me.send(TableCmd::Shown(id, n)).await;
                }
            });
            tx
        });
        if conn.tx.try_send(Line { text, written }).is_err() && !full.contains(&(seat, conn.id)) {
            full.push((seat, conn.id));
        }
    }
    let mut graces = Vec::new();
    for (seat, id) in full {
        log!("contree host: table {}: {seat} does not read, dropped", table.code);
        graces.extend(table.gone(id).grace);
        // What the gone seat's leaving tells the others waits for the next flush.
    }
    graces
}

/// Times the pause after the deal that ended at `revision`.
fn pause(me: &mpsc::Sender<TableCmd>, revision: u64, wait: Duration) {
    let me = me.clone();
    tokio::spawn(async move {
        tokio::time::sleep(wait).await;
        let _ = me.send(TableCmd::Pause(revision)).await;
    });
}

/// Times the grace of `seat`'s drop number `drops`: the table's grace time.
fn grace(me: &mpsc::Sender<TableCmd>, table: &Table, seat: Seat, drops: u64) {
    let me = me.clone();
    let wait = Duration::from_secs(u64::from(table.setup.grace_secs));
    tokio::spawn(async move {
        tokio::time::sleep(wait).await;
        let _ = me.send(TableCmd::Grace(seat, drops)).await;
    });
}

/// Asks the bot of the seat to act, once for each revision and change of who plays a seat.
fn ask_bot(table: &Table, me: &mpsc::Sender<TableCmd>, host: &Host, turns: &mut Turns) {
    let Some(seat) = turns.bot_to_ask(table) else { return };
    let Some(game) = table.game.as_ref() else { return };
    let view = game.view(seat);
    let (level, seed, budget) = (table.setup.level, game.seed(), host.config.budget);
    let style = crate::personas::style_of(&table.places[seat.index()].persona);
    let (me, revision) = (me.clone(), table.revision);
    tokio::spawn(async move {
        let decided = tokio::task::spawn_blocking(move || {
            level.decide(&Decision { view: &view, style, seed, budget, cancel: None })
        })
        .await;
        if let Ok(action) = decided {
            let _ = me.send(TableCmd::Decided(revision, seat, action)).await;
        }
    });
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::GameOptions;
    use crate::net::table::Conn;
    use crate::personas::Level;

    #[test]
    fn a_seat_that_changes_hands_at_one_revision_is_asked_and_timed_again() {
        let setup = TableSetup::new(GameOptions::default(), Level::Easy);
        let mut table = Table::new("ACDEFH".into(), setup, Seat::South, 7);
        table.game = Some(crate::game::new_game(GameOptions::default(), 7, None));
        let seat = table.game.as_ref().and_then(crate::game::Game::to_act).expect("a seat");
        // A player connected at another seat: the bots do not play alone.
        let other = Seat::ALL.into_iter().find(|s| *s != seat).expect("another seat");
        let (tx, _rx) = mpsc::channel(8);
        table.places[other.index()].conn = Some(Conn { id: 1, tx, close: Default::default() });
        table.places[other.index()].bot_plays = false;
        let mut turns = Turns::default();
        assert_eq!(turns.bot_to_ask(&table), Some(seat));
        assert_eq!(turns.bot_to_ask(&table), None, "asked once");
        // Its player sits back while the bot thinks: their turn is timed.
        table.places[seat.index()].bot_plays = false;
        assert_eq!(turns.bot_to_ask(&table), None);
        let first = turns.turn_to_time(&table).expect("timed");
        assert_eq!(turns.turn_to_time(&table), None, "timed once");
        // Dropped past the grace time at the same revision: the bot is asked again.
        table.places[seat.index()].bot_plays = true;
        assert_eq!(turns.bot_to_ask(&table), Some(seat), "the bot is asked again");
        // And back again: the turn is timed again, the earlier timer no longer counts.
        table.places[seat.index()].bot_plays = false;
        let second = turns.turn_to_time(&table).expect("timed again");
        assert_ne!(first, second);
        assert_eq!(turns.stamp(&table), second);
        // Nobody connected: no bot is asked.
        table.places[seat.index()].bot_plays = true;
        table.places[other.index()].conn = None;
        assert_eq!(turns.bot_to_ask(&table), None, "bots do not play alone");
    }

    #[tokio::test]
    async fn a_connection_dropped_for_not_reading_is_closed() {
        let setup = TableSetup::new(GameOptions::default(), Level::Easy);
        let mut table = Table::new("ACDEFH".into(), setup, Seat::South, 7);
        table.game = Some(crate::game::new_game(GameOptions::default(), 7, None));
        let (tx, _rx) = mpsc::channel(1);
        let close = Arc::new(tokio::sync::Notify::new());
        table.places[0].conn = Some(Conn { id: 1, tx, close: close.clone() });
        table.places[0].token = Some("a digest".into());
        table.send_views();
        table.send_views();
        let (me, _commands) = mpsc::channel(8);
        assert_eq!(flush(&mut table, &me).len(), 1, "dropped: its grace starts");
        let closed = tokio::time::timeout(Duration::from_secs(1), close.notified()).await;
        assert!(closed.is_ok(), "its connection is closed");
    }

    #[test]
    fn a_game_whose_deals_are_all_passed_is_cut_short() {
        use crate::game::Action;
        use crate::rules::Call;
        let setup = TableSetup::new(GameOptions::default(), Level::Easy);
        let mut table = Table::new("ACDEFH".into(), setup, Seat::South, 7);
        table.places[0].token = Some("a digest".into());
        let mut game = crate::game::new_game(GameOptions::default(), 7, None);
        for deal in 0..saved::MAX_PASSED_IN_A_ROW {
            table.game = Some(game.clone());
            assert_eq!(why_close(&table), None, "deal {deal}");
            for _ in 0..4 {
                let seat = game.to_act().expect("a seat to call");
                game.apply(seat, Action::Bid(Call::Pass)).expect("a pass");
            }
            game.next_deal().expect("the next deal");
        }
        table.game = Some(game);
        assert_eq!(why_close(&table), Some(CUT_SHORT));
    }

    #[test]
    fn no_deal_is_dealt_while_no_player_is_connected() {
        use crate::game::Action;
        use crate::rules::Call;
        let setup = TableSetup::new(GameOptions::default(), Level::Easy);
        let mut table = Table::new("ACDEFH".into(), setup, Seat::South, 7);
        table.places[0].token = Some("a digest".into());
        let mut game = crate::game::new_game(GameOptions::default(), 7, None);
        for _ in 0..4 {
            let seat = game.to_act().expect("a seat to call");
            game.apply(seat, Action::Bid(Call::Pass)).expect("a pass");
        }
        table.game = Some(game);
        assert!(table.between_deals());
        let revision = table.revision;
        handle(&mut table, TableCmd::Pause(revision));
        assert!(table.between_deals(), "the deal's end waits for a player to see it");
    }

    #[test]
    fn an_idle_players_seat_is_taken_back_by_back_and_not_by_a_ping() {
        let setup = TableSetup::new(GameOptions::default(), Level::Easy);
        let mut table = Table::new("ACDEFH".into(), setup, Seat::South, 7);
        let game = crate::game::new_game(GameOptions::default(), 7, None);
        let seat = game.to_act().expect("a seat to act");
        table.game = Some(game);
        let (tx, _rx) = mpsc::channel(8);
        table.places[seat.index()].conn = Some(Conn { id: 1, tx, close: Default::default() });
        table.places[seat.index()].token = Some("a digest".into());
        table.places[seat.index()].bot_plays = false;
        table.idle();
        assert!(table.places[seat.index()].bot_plays, "a bot plays the idle player's seat");
        table.message(1, ClientMsg::Ping {});
        assert!(table.places[seat.index()].bot_plays, "a ping is no player's return");
        table.message(1, ClientMsg::Back {});
        assert!(!table.places[seat.index()].bot_plays, "back at the seat");
    }
}
