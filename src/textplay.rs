//! A plain text game on standard input and output (`contree text`), for scripts, tests and
//! terminals without a screen. South types calls and cards; the other seats are bots. The game
//! is saved after every action and resumed on the next run.

use std::io::{BufRead, Write};

use rand::SeedableRng;
use rand::rngs::Xoshiro256PlusPlus;

use crate::bots::{self, Level, Style, personas};
use crate::cli::Start;
use crate::game::{Action, Game, Phase};
use crate::rules::{Call, Card, Seat, Team};
use crate::store::Store;

/// The name of a seat's player.
fn name(game: &Game, seat: Seat) -> String {
    if seat == Seat::South {
        return "You".into();
    }
    let id = &game.players()[seat];
    personas::by_id(id).map_or_else(|| id.clone(), |p| p.name.clone())
}

/// South's action from a typed line: a call or a card; an empty line passes or plays the first
/// legal card.
fn parse(game: &Game, line: &str) -> Result<Action, String> {
    let line = line.trim();
    match game.phase() {
        Phase::Bidding if line.is_empty() => Ok(Action::Bid(Call::Pass)),
        Phase::Bidding => line.parse::<Call>().map(Action::Bid).map_err(|e| e.0),
        _ if line.is_empty() => {
            game.legal_cards().first().map(Action::Play).ok_or_else(|| "no card to play".into())
        }
        _ => line.parse::<Card>().map(Action::Play).map_err(|e| e.to_string()),
    }
}

/// What South sees before acting.
fn prompt(game: &Game, out: &mut impl Write) -> std::io::Result<()> {
    let view = game.view(Seat::South);
    let hand: Vec<String> = view.hand.iter().map(|c| c.to_string()).collect();
    writeln!(out, "Your hand: {}", hand.join(" "))?;
    match game.phase() {
        Phase::Bidding => {
            let calls: Vec<String> =
                game.legal_calls().to_vec().iter().map(|c| c.to_string()).collect();
            let shown = calls.len().min(6);
            let more = if calls.len() > shown { " ..." } else { "" };
            write!(out, "Your call ({}{more}; Enter passes, q quits): ", calls[..shown].join(" "))?;
        }
        _ => {
            let trick = view
                .tricks()
                .last()
                .map(|t| t.plays().map(|(s, c)| format!("{s} {c}")).collect::<Vec<_>>().join(", "));
            writeln!(
                out,
                "On the table: {}",
                trick.filter(|t| !t.is_empty()).unwrap_or("-".into())
            )?;
            let legal: Vec<String> = game.legal_cards().iter().map(|c| c.to_string()).collect();
            write!(out, "Your card ({}; Enter plays the first, q quits): ", legal.join(" "))?;
        }
    }
    out.flush()
}

/// How the deal just finished went.
fn deal_summary(game: &Game, out: &mut impl Write) -> std::io::Result<()> {
    if let Some(d) = game.history().last() {
        let p = d.points();
        let what = match (d.contract, d.score) {
            (Some(c), Some(s)) => {
                format!("{} by {}: {}", c.bid, c.taker, if s.made { "made" } else { "failed" })
            }
            _ => "all passed".into(),
        };
        writeln!(
            out,
            "Deal over, {what}. North-South {} ({}), East-West {} ({}).",
            p[Team::NS],
            d.totals[Team::NS],
            p[Team::EW],
            d.totals[Team::EW]
        )?;
    }
    Ok(())
}

/// Plays `start.game` to the end or until South types `q` or the input ends, with bots of `level`.
pub fn run(
    store: &Store,
    start: Start,
    level: Level,
    mut input: impl BufRead,
    out: &mut impl Write,
) -> anyhow::Result<()> {
    writeln!(out, "contree text mode: a plain game for testing, not the terminal table.")?;
    for notice in &start.notices {
        writeln!(out, "{notice}")?;
    }
    let mut game = start.game;
    let verb = if start.resumed { "Resuming" } else { "New" };
    let o = game.options();
    writeln!(out, "{verb} game to {} (seed {}). North is your partner.", o.target, game.seed())?;
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(game.seed() ^ game.history().len() as u64);
    // A failed save is said once; the game goes on in memory.
    let mut save_failed = false;
    let mut save = |game: &Game, out: &mut dyn Write| -> std::io::Result<()> {
        match store.save_game(game) {
            Err(e) if !save_failed => {
                save_failed = true;
                writeln!(out, "Not saved, playing on in memory: {e}")
            }
            _ => Ok(()),
        }
    };
    save(&game, out)?;
    loop {
        match game.phase() {
            Phase::GameOver => {
                let t = game.totals();
                let won = if game.winner() == Some(Team::NS) { "You win" } else { "You lose" };
                writeln!(out, "{won}: North-South {}, East-West {}.", t[Team::NS], t[Team::EW])?;
                if let Err(e) = store.game_finished(&game) {
                    writeln!(out, "{e}")?;
                }
                return Ok(());
            }
            Phase::DealOver => {
                if let Err(e) = store.deal_finished(&game) {
                    writeln!(out, "{e}")?;
                }
                game.next_deal()?;
                writeln!(out, "{} deals.", name(&game, game.deal().dealer))?;
                save(&game, out)?;
            }
            Phase::Bidding | Phase::Playing => {
                let Some(seat) = game.to_act() else { continue };
                let action = if seat == Seat::South {
                    prompt(&game, out)?;
                    let mut line = String::new();
                    if input.read_line(&mut line)? == 0 || line.trim() == "q" {
                        writeln!(out, "\nSaved; run contree again to resume.")?;
                        return Ok(());
                    }
                    match parse(&game, &line) {
                        Ok(a) => a,
                        Err(e) => {
                            writeln!(out, "{e}")?;
                            continue;
                        }
                    }
                } else {
                    let style =
                        personas::by_id(&game.players()[seat]).map_or(Style::Cautious, |p| p.style);
                    bots::decide(&game.view(seat), level, style, &mut rng)
                };
                match game.apply(seat, action) {
                    Ok(event) => {
                        writeln!(
                            out,
                            "{}: {action}{}",
                            name(&game, seat),
                            match event.belote {
                                Some(call) => format!(" ({call:?})"),
                                None => String::new(),
                            }
                        )?;
                        if let Some(t) = event.trick {
                            writeln!(out, "  trick to {}", name(&game, t.winner))?;
                        }
                        if event.deal_end {
                            deal_summary(&game, out)?;
                        }
                        save(&game, out)?;
                    }
                    Err(e) if seat == Seat::South => writeln!(out, "{e}")?,
                    Err(e) => anyhow::bail!("the bot at {seat} chose {action}: {e}"),
                }
            }
        }
    }
}
