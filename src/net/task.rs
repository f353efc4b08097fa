//! A table's task: the one owner of its [`Table`]. It applies what it is told, saves the
//! table when it changed and before any seat is told, sends what the table queued, asks the
//! bots (on tokio's blocking threads, off the tasks that serve the players), and times the
//! grace, the turns and the pauses.

use std::sync::Arc;
use std::time::Duration;

use tokio::sync::mpsc;

use super::registry::{Host, TableCmd};
use super::saved;
use super::table::{Changed, Table};
use super::wire::ClientMsg;
use crate::bots::Decision;
use crate::rules::Seat;

/// Serves `table` from now on: takes its code and starts its task. `None` when its code is
/// taken or the host serves as many tables as it may.
pub fn open(host: &Arc<Host>, table: Table) -> Option<mpsc::Sender<TableCmd>> {
    let (tx, rx) = mpsc::channel(1024);
    if !host.reserve(&table.code, tx.clone()) {
        return None;
    }
    tokio::spawn(run_table(table, rx, tx.clone(), host.clone()));
    Some(tx)
}

/// A table's task: applies what it is told, saves the table when it changed, then sends what
/// the table queued, asks the bots, and times the grace and the pauses.
async fn run_table(
    mut table: Table,
    mut rx: mpsc::Receiver<TableCmd>,
    me: mpsc::Sender<TableCmd>,
    host: Arc<Host>,
) {
    // A restored table waits a grace time for its players, then its bots play their seats.
    for seat in Seat::ALL {
        let place = &table.places[seat.index()];
        if place.token.is_some() && !place.bot_plays {
            grace(&me, &table, seat, place.drops);
        }
    }
    // A table restored between two deals deals the next after the pause.
    if table.between_deals() {
        pause(&me, table.revision, host.config.deal_pause);
    }
    let (mut asked, mut watched) = (None, None);
    ask_bot(&table, &me, &host, &mut asked);
    while let Some(cmd) = rx.recv().await {
        let changed = handle(&mut table, cmd);
        if changed.save {
            let (dir, code, sync) = (host.config.dir.clone(), table.code.clone(), host.config.sync);
            let bytes = saved::to_bytes(&table);
            let wrote = tokio::task::spawn_blocking(move || saved::save(&dir, &bytes, &code, sync));
            if let Ok(Err(e)) | Err(e) = wrote.await.map_err(std::io::Error::other) {
                log!("contree host: table {}: not saved: {e}", table.code);
            }
        }
        let mut graces = flush(&mut table);
        // The seats dropped for not reading are told to the others now.
        graces.extend(flush(&mut table));
        graces.extend(changed.grace);
        for (seat, drops) in graces {
            log!("contree host: table {}: {seat} dropped", table.code);
            grace(&me, &table, seat, drops);
        }
        if changed.deal_over {
            pause(&me, table.revision, host.config.deal_pause);
        }
        ask_bot(&table, &me, &host, &mut asked);
        watch_turn(&table, &me, &mut watched);
    }
}

/// Times the turn of a player to act, once for each revision: past the grace time, a bot plays
/// that turn for them.
fn watch_turn(table: &Table, me: &mpsc::Sender<TableCmd>, watched: &mut Option<u64>) {
    let Some(seat) = table.game.as_ref().and_then(crate::game::Game::to_act) else { return };
    if table.places[seat.index()].bot_plays || *watched == Some(table.revision) {
        return;
    }
    *watched = Some(table.revision);
    let (me, revision) = (me.clone(), table.revision);
    let wait = Duration::from_secs(u64::from(table.setup.grace_secs));
    tokio::spawn(async move {
        tokio::time::sleep(wait).await;
        let _ = me.send(TableCmd::Slow(revision)).await;
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
            let _ = reply.send(joined.map(|(seat, _)| seat));
            Changed { save: true, ..Changed::default() }
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
        TableCmd::Pause(revision) if revision == table.revision => table.next_deal(),
        TableCmd::Slow(revision) if revision == table.revision => {
            let changed = table.idle();
            if changed.save {
                log!(
                    "contree host: table {}: a player is idle, a bot plays their seat",
                    table.code
                );
            }
            changed
        }
        TableCmd::Pause(_) | TableCmd::Slow(_) => Changed::default(),
    }
}

/// Sends what the table queued; a connection whose queue is full (a client that does not
/// read) is dropped, as if gone: the grace times to start are answered.
fn flush(table: &mut Table) -> Vec<(Seat, u64)> {
    let lines = table.take_outbox();
    let mut full = Vec::new();
    for (seat, line) in lines {
        let Some(conn) = table.places[seat.index()].conn.as_ref() else { continue };
        if conn.tx.try_send(line).is_err() && !full.contains(&(seat, conn.id)) {
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

/// Asks the bot of the seat to act, once for each revision.
fn ask_bot(table: &Table, me: &mpsc::Sender<TableCmd>, host: &Host, asked: &mut Option<u64>) {
    let Some(seat) = table.bot_to_act() else { return };
    let Some(game) = table.game.as_ref() else { return };
    if *asked == Some(table.revision) {
        return;
    }
    *asked = Some(table.revision);
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
