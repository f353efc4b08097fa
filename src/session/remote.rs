//! A table over the network, as a front end reads it: a seat may be the human, a bot, or a
//! player over the network, and here the human's seat is one of four at a host's table. The
//! [`RemoteTable`] keeps only what the host sent the seat — who sits where, the seat's own
//! [`SeatView`] (its hand, the calls, the cards played), and each deal's record once it is
//! over — and turns the host's events into [`Happening`]s a front end says or draws. No other
//! seat's card is ever in it before it is played or the deal is over: there is no hand of
//! another seat to show.
//!
//! The table is turned so that the player sits South: [`RemoteTable::turned`] gives the seat
//! on screen of a seat at the table, and every seat in a [`Happening`] is already turned.

use std::path::PathBuf;

use crate::game::{Action, GameSave, SeatView};
use crate::net::client::{Connect, RemoteEvent, RemoteView};
use crate::net::wire::{ErrorCode, Rule, TableInfo, TableSetup};
use crate::personas::Level;
use crate::rules::{
    BySeat, ByTeam, Call, Card, CardSet, Combination, Contract, DealRecord, DoneTrick, LegalCalls,
    Seat, Team, Trump, legal_cards,
};
use crate::store::{Friends, Played};

/// Where to join and as whom.
#[derive(Clone, Debug)]
pub struct Joining {
    /// The host's address, `HOST:PORT`.
    pub addr: String,
    /// The player's name.
    pub name: String,
    /// The player's data directory: the hosts' fingerprints and the seat tokens.
    pub dir: PathBuf,
    /// The table to join; none to create one with `setup`.
    pub code: Option<String>,
    /// The seat wanted.
    pub seat: Option<Seat>,
    /// The table's password.
    pub password: Option<String>,
    /// The rules of a table created.
    pub setup: TableSetup,
}

impl Joining {
    /// How to reach the host as this player, within `timeout`.
    pub fn connection(&self, timeout: std::time::Duration) -> Connect {
        Connect {
            addr: self.addr.clone(),
            name: self.name.clone(),
            dir: self.dir.clone(),
            timeout,
            record: false,
        }
    }
}

/// Something that happened at the remote table, every seat in it turned so that the player
/// sits South.
#[derive(Clone, Debug, PartialEq)]
pub enum Happening {
    /// The player sits at the table `code`.
    Sat {
        /// The table's code.
        code: String,
        /// The seat at the table (not turned: before the start, seats are the table's own).
        seat: Seat,
    },
    /// Who sits where changed (or the game started).
    Seats,
    /// The game started.
    Started,
    /// A new deal is dealt; `dealer` deals.
    NewDeal {
        /// The dealer, turned.
        dealer: Seat,
    },
    /// A seat called.
    Called {
        /// The seat, turned.
        seat: Seat,
        /// The call.
        call: Call,
        /// Whether a bot chose it in a player's place.
        bot: bool,
    },
    /// A seat played a card.
    Played {
        /// The seat, turned.
        seat: Seat,
        /// The card.
        card: Card,
        /// Whether a bot chose it in a player's place.
        bot: bool,
    },
    /// `coinche`: a seat declared a combination with its first card, as the rules show it.
    Declared {
        /// The seat, turned.
        seat: Seat,
        /// What it declared.
        combination: Combination,
    },
    /// The auction ended with this contract (its taker turned).
    Contract(Contract),
    /// A trick was taken (its winner turned); `number` from 1.
    Trick {
        /// The trick's number, from 1.
        number: usize,
        /// The trick.
        trick: DoneTrick,
    },
    /// It is the player's turn.
    YourTurn,
    /// The deal is over: every hand, turned; the totals after it, the player's team first.
    DealOver {
        /// Each seat's hand as dealt, by the seat on screen.
        hands: [(Seat, CardSet); 4],
        /// The totals after the deal: us, them.
        totals: (u32, u32),
    },
    /// The game is over: whether the player's team won, and the totals (us, them).
    GameOver {
        /// Whether the player's side won.
        won: bool,
        /// The final totals: us, them.
        totals: (u32, u32),
    },
    /// The host refused a request; an action, for the rule named.
    Refused(ErrorCode, Option<Rule>),
    /// The connection is over: the host's reason, if it gave one.
    Closed(Option<ErrorCode>),
}

/// What a front end knows of a remote table: what its seat was sent, and nothing else.
#[derive(Clone, Debug, Default)]
pub struct RemoteTable {
    /// The table's code, once seated.
    pub code: Option<String>,
    /// The player's seat at the table.
    pub seat: Option<Seat>,
    /// Who sits where, and the rules.
    pub info: Option<TableInfo>,
    /// The seat's last view.
    pub view: Option<RemoteView>,
    /// The totals after the last finished deal.
    last_totals: Option<ByTeam<u32>>,
    /// Every deal of the game seen to its end, as the host sent it (the table's seats), with
    /// the level each seat's calls were read by in it.
    pub deals: Vec<(DealRecord, BySeat<Level>)>,
    /// The game's end: the winners and the final totals.
    pub over: Option<(Team, ByTeam<u32>)>,
    /// The whole game the host sent with its end, for the player's history.
    pub finished: Option<Box<GameSave>>,
    /// The deal is over and no view of the next has come.
    between_deals: bool,
    /// The seat the player asked to move to, until the host moves them or refuses.
    moving: Option<Seat>,
}

impl RemoteTable {
    /// A table not joined yet.
    pub fn new() -> RemoteTable {
        RemoteTable::default()
    }

    /// The seat on screen of `seat` at the table: the player's own is South.
    pub fn turned(&self, seat: Seat) -> Seat {
        seat.seen_from(self.seat.unwrap_or(Seat::South))
    }

    /// The seat at the table of `on_screen`.
    pub fn unturned(&self, on_screen: Seat) -> Seat {
        let me = self.seat.map_or(0, Seat::index);
        Seat::from_index(on_screen.index() + me)
    }

    /// The player's team's figure first, the other's second.
    pub fn ours_first(&self, by_team: ByTeam<u32>) -> (u32, u32) {
        let us = self.seat.map_or(Team::NS, Seat::team);
        (by_team[us], by_team[us.other()])
    }

    /// The player asks to move to `seat` before the start: the host's next table that shows
    /// them there (their old seat free) moves them.
    pub fn move_to(&mut self, seat: Seat) {
        self.moving = Some(seat);
    }

    /// Whether the player is idle: connected, their time ran out on their turn, and a bot plays
    /// their seat until they say something.
    pub fn away(&self) -> bool {
        let Some((info, me)) = self.info.as_ref().zip(self.seat) else { return false };
        let s = &info.seats[me.index()];
        info.started && s.taken && s.connected && s.bot
    }

    /// Whether the game has started.
    pub fn started(&self) -> bool {
        self.info.as_ref().is_some_and(|i| i.started)
    }

    /// Whether the player is the table's creator.
    pub fn is_creator(&self) -> bool {
        self.info.as_ref().is_some_and(|i| Some(i.creator) == self.seat)
    }

    /// The name of `seat` at the table as the player is shown it: a player's own, or, for a
    /// seat nobody holds, its bot's persona's as the solo table shows it (the host sends the
    /// persona's id).
    pub fn seat_name(&self, seat: Seat) -> Option<String> {
        let s = &self.info.as_ref()?.seats[seat.index()];
        let persona = crate::personas::by_id(&s.name).filter(|_| !s.taken);
        Some(persona.map_or_else(|| s.name.clone(), |p| p.name.clone()))
    }

    /// The finished game as the player's history keeps it, played at `host`: none before the
    /// game's end, or when the host did not send it whole.
    pub fn played(&self, host: &str) -> Option<Played> {
        let game = self.finished.as_deref()?.clone();
        let names = Seat::ALL.map(|s| self.seat_name(s).unwrap_or_default());
        let friends =
            Friends { host: host.to_string(), table: self.code.clone()?, seat: self.seat?, names };
        Some(Played { friends, game })
    }

    /// Finished deal `n` (from 1, the last when `None`) as the player saw it, turned so that
    /// they sit South, with the level each seat's calls were read by in it, turned alike.
    pub fn finished_deal(&self, n: Option<usize>) -> Option<(usize, DealRecord, BySeat<Level>)> {
        let n = n.unwrap_or(self.deals.len());
        let (record, levels) = self.deals.get(n.checked_sub(1)?)?;
        let me = self.seat?;
        let mut turned = *levels;
        for s in Seat::ALL {
            turned[s.seen_from(me)] = levels[s];
        }
        Some((n, record.turned(me), turned))
    }

    /// The last finished deal, as the host sent it.
    pub fn last_deal(&self) -> Option<&DealRecord> {
        self.deals.last().map(|(record, _)| record)
    }

    /// The totals now: the deal's own (before it), else those after the last finished deal.
    pub fn totals(&self) -> ByTeam<u32> {
        self.seat_view().map(SeatView::totals).or(self.last_totals).unwrap_or_default()
    }

    /// Whether hints and analyses are allowed during a deal at this table.
    pub fn help_allowed(&self) -> bool {
        self.info.as_ref().is_some_and(|i| i.help)
    }

    /// The seat's view, if a deal is on.
    pub fn seat_view(&self) -> Option<&SeatView> {
        self.view.as_ref().filter(|_| !self.between_deals).map(|v| &v.view)
    }

    /// Whether it is the player's turn.
    pub fn my_turn(&self) -> bool {
        let v = self.view.as_ref();
        !self.between_deals && v.is_some_and(|v| v.to_act.is_some() && v.to_act == self.seat)
    }

    /// Whether the player may declare with the card they play now.
    pub fn may_declare(&self) -> bool {
        self.my_turn() && self.view.as_ref().is_some_and(|v| v.may_declare)
    }

    /// The player's cards.
    pub fn hand(&self) -> CardSet {
        self.seat_view().map_or(CardSet::EMPTY, SeatView::hand)
    }

    /// The trump of the contract, once there is one.
    pub fn trump(&self) -> Option<Trump> {
        self.seat_view().and_then(|v| v.contract()).map(|c| c.trump())
    }

    /// The calls the player may make, during the auction.
    pub fn legal_calls(&self) -> Option<LegalCalls> {
        let v = self.seat_view()?;
        v.play().is_none().then(|| v.auction().legal_calls())
    }

    /// The cards the player may play, during the play.
    pub fn legal_cards(&self) -> Option<CardSet> {
        let v = self.seat_view()?;
        let play = v.play()?;
        Some(legal_cards(v.hand(), play.current_trick(), play.trump(), play.rules()))
    }

    /// Takes in one event of the host: what happened, for the front end to say or draw.
    pub fn apply(&mut self, event: RemoteEvent) -> Vec<Happening> {
        match event {
            RemoteEvent::Joined { code, seat } => {
                self.code = Some(code.clone());
                self.seat = Some(seat);
                vec![Happening::Sat { code, seat }]
            }
            RemoteEvent::Table(info) => {
                let started = !self.started() && info.started;
                if let (Some(to), Some(from)) = (self.moving, self.seat) {
                    let (at, left) = (&info.seats[to.index()], &info.seats[from.index()]);
                    if at.taken && at.connected && !left.taken {
                        self.seat = Some(to);
                        self.moving = None;
                    }
                }
                self.info = Some(*info);
                let mut out = vec![Happening::Seats];
                out.extend(started.then_some(Happening::Started));
                out
            }
            RemoteEvent::View(v) => self.viewed(*v),
            RemoteEvent::Acted { seat, action, bot } => {
                let seat = self.turned(seat);
                vec![match action {
                    Action::Bid(call) => Happening::Called { seat, call, bot },
                    Action::Play(card) => Happening::Played { seat, card, bot },
                }]
            }
            RemoteEvent::DealOver { record, totals } => self.deal_over(*record, totals),
            RemoteEvent::GameOver { winner, totals, game } => {
                self.over = Some((winner, totals));
                self.finished = game;
                let won = self.seat.is_some_and(|s| s.team() == winner);
                vec![Happening::GameOver { won, totals: self.ours_first(totals) }]
            }
            RemoteEvent::Error { error, rule } => {
                self.moving = None;
                vec![Happening::Refused(error, rule)]
            }
            RemoteEvent::Closed(why) => vec![Happening::Closed(why)],
        }
    }

    /// A new view: a new deal, the contract, the tricks taken since the last, the player's
    /// turn.
    fn viewed(&mut self, v: RemoteView) -> Vec<Happening> {
        // A player who moved before the start plays from the seat the view is of.
        self.seat = Some(v.view.seat());
        let mut out = Vec::new();
        let before = self.view.take().filter(|_| !self.between_deals);
        let fresh = v.view.calls().is_empty();
        if before.is_none()
            || (fresh && before.as_ref().is_some_and(|b| !b.view.calls().is_empty()))
        {
            out.push(Happening::NewDeal { dealer: self.turned(v.view.dealer()) });
        }
        let had_contract = before.as_ref().and_then(|b| b.view.contract()).is_some();
        if let (false, Some(mut c)) = (had_contract, v.view.contract()) {
            c.taker = self.turned(c.taker);
            out.push(Happening::Contract(c));
        }
        let said_before = before.as_ref().map(|b| b.view.declared()).unwrap_or_default();
        for (seat, c) in v.view.declared().0.iter() {
            if let (Some(c), None) = (c, said_before.0[seat]) {
                out.push(Happening::Declared { seat: self.turned(seat), combination: *c });
            }
        }
        let done = before.as_ref().and_then(|b| b.view.play()).map_or(0, |p| p.tricks().len());
        for (i, t) in v.view.play().map_or(&[][..], |p| p.tricks()).iter().enumerate().skip(done) {
            let trick =
                DoneTrick { trick: t.trick, winner: self.turned(t.winner), points: t.points };
            out.push(Happening::Trick { number: i + 1, trick });
        }
        self.between_deals = false;
        let turn = v.to_act.is_some() && v.to_act == self.seat;
        self.view = Some(v);
        out.extend(turn.then_some(Happening::YourTurn));
        out
    }

    /// The deal is over: every hand, turned, and the totals.
    fn deal_over(&mut self, record: DealRecord, totals: ByTeam<u32>) -> Vec<Happening> {
        let hands = Seat::ALL.map(|s| {
            let real = self.unturned(s);
            (s, record.hands[real].iter().copied().collect::<CardSet>())
        });
        self.between_deals = true;
        // The deal's views said the levels its calls are read by; a player back only at its
        // end reads them from who sits where: the bots at the table's level, a player as the
        // expert (as South at the solo table).
        let levels = self.view.as_ref().map(|v| *v.view.levels()).unwrap_or_else(|| {
            let info = self.info.as_ref();
            BySeat(Seat::ALL.map(|s| match info {
                Some(i) if !i.seats[s.index()].taken => i.level,
                _ => Level::Expert,
            }))
        });
        self.deals.push((record, levels));
        self.last_totals = Some(totals);
        vec![Happening::DealOver { hands, totals: self.ours_first(totals) }]
    }
}

/// A seat typed in either language: "north", "nord", "n".
pub fn seat_word(word: &str) -> Option<Seat> {
    Some(match word {
        "south" | "sud" | "s" => Seat::South,
        "east" | "est" | "e" => Seat::East,
        "north" | "nord" | "n" => Seat::North,
        "west" | "ouest" | "w" | "o" => Seat::West,
        _ => return None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_players_seat_is_south_on_screen_and_back() {
        for me in Seat::ALL {
            let t = RemoteTable { seat: Some(me), ..RemoteTable::default() };
            assert_eq!(t.turned(me), Seat::South);
            assert_eq!(t.turned(me.partner()), Seat::North);
            for s in Seat::ALL {
                assert_eq!(t.unturned(t.turned(s)), s);
            }
        }
        let east = RemoteTable { seat: Some(Seat::East), ..RemoteTable::default() };
        // Anticlockwise, the seat after the player's is East on screen.
        assert_eq!(east.turned(Seat::North), Seat::East);
        assert_eq!(east.turned(Seat::South), Seat::West);
    }

    #[test]
    fn a_bots_persona_is_named_as_the_solo_table_names_it_and_a_player_by_their_own_name() {
        use crate::net::wire::SeatInfo;
        let seat = |name: &str, taken: bool| SeatInfo {
            name: name.to_string(),
            bot: !taken,
            taken,
            connected: taken,
        };
        let info = TableInfo {
            code: "ACDEFH".into(),
            // A player may be called as a persona is: their name is theirs.
            seats: [seat("Ana", true), seat("dede", false), seat("marcel", true), seat("x", false)],
            creator: Seat::South,
            options: crate::game::GameOptions::default(),
            level: crate::personas::Level::Normal,
            grace_secs: 60,
            help: false,
            started: false,
        };
        let t = RemoteTable { info: Some(info), ..RemoteTable::default() };
        let dede = crate::personas::by_id("dede").map(|p| p.name.clone());
        assert_eq!(dede.as_deref(), Some("Dédé"));
        assert_eq!(t.seat_name(Seat::East), dede);
        assert_eq!(t.seat_name(Seat::South).as_deref(), Some("Ana"));
        assert_eq!(t.seat_name(Seat::North).as_deref(), Some("marcel"));
        assert_eq!(t.seat_name(Seat::West).as_deref(), Some("x"));
    }

    #[test]
    fn the_totals_put_the_players_side_first() {
        let totals = ByTeam([120, 340]);
        let ew = RemoteTable { seat: Some(Seat::West), ..RemoteTable::default() };
        assert_eq!(ew.ours_first(totals), (340, 120));
        let ns = RemoteTable { seat: Some(Seat::North), ..RemoteTable::default() };
        assert_eq!(ns.ours_first(totals), (120, 340));
    }
}
