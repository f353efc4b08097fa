//! The network table's protocol: what a client and the host say to each other, one JSON object
//! a line, each line bounded (the repository's `docs/network.md` describes every message).
//!
//! Every line from the other side is read by [`parse_client`] or [`parse_server`]: a line too
//! long, not UTF-8, not one JSON object of a known `type`, or with a field unknown to this
//! version is refused with a [`WireError`]. A client's first line is its `hello`, whose protocol
//! version is read before anything else ([`hello_version`]), so that a client of another
//! version gets a clear refusal rather than a parse error.

use std::fmt;

use serde::{Deserialize, Serialize};

use crate::game::{Action, GameError, GameOptions, GameSave};
use crate::personas::Level;
use crate::rules::{BidError, ByTeam, Call, Card, DealRecord, PlayError, Seat, Team};

/// The protocol's version. A client of another version is refused at its `hello`. Version 2
/// names the rule a refused action breaks as a [`Rule`], in place of version 1's English words.
pub const PROTOCOL: u32 = 2;

/// The longest line a client may send, newline included.
pub const MAX_CLIENT_LINE: usize = 4 * 1024;

/// The longest line the host sends, newline included: a client refuses a longer one.
pub const MAX_SERVER_LINE: usize = 256 * 1024;

/// The longest player name, in characters.
pub const MAX_NAME: usize = 24;

/// The longest table password, in bytes.
pub const MAX_PASSWORD: usize = 128;

/// What a client says.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case", deny_unknown_fields)]
pub enum ClientMsg {
    /// The first line: the protocol spoken and the player's name.
    Hello {
        /// [`PROTOCOL`].
        protocol: u32,
        /// The player's name, 1 to [`MAX_NAME`] characters, no control character.
        name: String,
    },
    /// Open a new table with these rules; the creator sits at `seat` (South if none).
    Create {
        /// The table's rules and settings.
        setup: TableSetup,
        /// Where the creator sits.
        #[serde(default)]
        seat: Option<Seat>,
    },
    /// Sit at the table `code`: at `seat` (the first free one if none), or back at one's own
    /// seat with its `token`.
    Join {
        /// The table's code.
        code: String,
        /// The table's password, if it has one.
        #[serde(default)]
        password: Option<String>,
        /// The seat wanted.
        #[serde(default)]
        seat: Option<Seat>,
        /// The seat token the host gave when the player first sat.
        #[serde(default)]
        token: Option<String>,
    },
    /// Move to another free seat, before the game starts.
    Sit {
        /// The seat.
        seat: Seat,
    },
    /// The creator starts the game; bots fill the seats nobody took.
    Start {},
    /// A call or a card, for the player's seat.
    Act {
        /// What the player does.
        action: WireAction,
    },
    /// `coinche`: whether to declare the best combination held, before the first card.
    Declare {
        /// Declare, or keep quiet.
        declare: bool,
    },
    /// The player has seen the deal's end: the next deal may start.
    Next {},
    /// Leave the table for good: a bot takes the seat.
    Leave {},
    /// The player is back at their seat, which a bot played while they were idle.
    Back {},
    /// Keeps the connection alive; answered by `pong`.
    Ping {},
}

/// A call or a card as written on the wire.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", deny_unknown_fields)]
pub enum WireAction {
    /// A call.
    Bid(Call),
    /// A card.
    Play(Card),
}

impl From<WireAction> for Action {
    fn from(a: WireAction) -> Action {
        match a {
            WireAction::Bid(c) => Action::Bid(c),
            WireAction::Play(c) => Action::Play(c),
        }
    }
}

impl From<Action> for WireAction {
    fn from(a: Action) -> WireAction {
        match a {
            Action::Bid(c) => WireAction::Bid(c),
            Action::Play(c) => WireAction::Play(c),
        }
    }
}

/// A table's rules and settings, chosen by its creator.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TableSetup {
    /// The game's target, rules and deal style.
    pub options: GameOptions,
    /// The level of the bots.
    pub level: Level,
    /// Seconds a dropped player's seat waits before a bot plays it, 5 to 3600.
    pub grace_secs: u32,
    /// Whether hints, the expert's analysis and who holds what are allowed during a deal.
    #[serde(default)]
    pub help: bool,
    /// The password, if the table has one.
    #[serde(default)]
    pub password: Option<String>,
}

/// The grace times a table may set, in seconds.
pub const GRACE_SECS: std::ops::RangeInclusive<u32> = 5..=3600;

/// The grace time unless the creator sets one.
pub const DEFAULT_GRACE_SECS: u32 = 60;

impl TableSetup {
    /// The usual table: `options`, the bots at `level`, a minute's grace, no help, no password.
    pub fn new(options: GameOptions, level: Level) -> TableSetup {
        TableSetup { options, level, grace_secs: DEFAULT_GRACE_SECS, help: false, password: None }
    }
}

/// Who sits at a seat, as every seat sees it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SeatInfo {
    /// The player's name, or the bot's persona.
    pub name: String,
    /// Whether a bot plays the seat now.
    pub bot: bool,
    /// Whether a player holds the seat (connected or within the grace time).
    pub taken: bool,
    /// Whether that player is connected now.
    pub connected: bool,
}

/// The table as every seat sees it: who sits where and its rules.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TableInfo {
    /// The table's code.
    pub code: String,
    /// Each seat, in the order of `Seat::index` (South, East, North, West).
    pub seats: [SeatInfo; 4],
    /// The seat of the player who created the table.
    pub creator: Seat,
    /// The rules; the password is never sent.
    pub options: GameOptions,
    /// The bots' level.
    pub level: Level,
    /// The grace time, in seconds.
    pub grace_secs: u32,
    /// Whether hints and analyses are allowed during a deal.
    pub help: bool,
    /// Whether the game has started.
    pub started: bool,
}

/// What the host says.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case", deny_unknown_fields)]
pub enum ServerMsg {
    /// The answer to a `hello` of the same version.
    Welcome {
        /// [`PROTOCOL`].
        protocol: u32,
    },
    /// Why the host ends the connection; it closes it after this line.
    Refused {
        /// Why.
        error: ErrorCode,
        /// The host's protocol version, for [`ErrorCode::Version`].
        protocol: u32,
    },
    /// A request was refused; the connection goes on.
    Error {
        /// Why.
        error: ErrorCode,
        /// For a refused action: the rule it breaks.
        #[serde(default)]
        rule: Option<Rule>,
    },
    /// The player sits at `seat` of table `code`; `token` takes the seat back later.
    Joined {
        /// The table's code.
        code: String,
        /// The seat.
        seat: Seat,
        /// The seat token: keep it to come back.
        token: String,
    },
    /// Who sits where, and the rules: sent on joining and whenever it changes.
    Table {
        /// The table.
        table: TableInfo,
    },
    /// What the seat sees of the deal now: after every action, and on joining.
    View {
        /// Counts the table's actions: a later view has a greater revision.
        revision: u64,
        /// The seat's view, as `contree bot` reads a request (`docs/bot-protocol.md`).
        view: serde_json::Value,
        /// The seat to act, if any.
        to_act: Option<Seat>,
        /// Whether the seat to act may declare now (`coinche`, before its first card).
        #[serde(default)]
        may_declare: bool,
    },
    /// A seat acted: `bot` when a bot played in the player's place.
    Acted {
        /// The seat.
        seat: Seat,
        /// Its call or card.
        action: WireAction,
        /// Whether a bot chose it.
        bot: bool,
    },
    /// The deal is over: every hand, as a deal record (`docs/deal-record.md`), and the totals.
    DealOver {
        /// The deal, every hand shown.
        record: DealRecord,
        /// The totals after it.
        totals: ByTeam<u32>,
    },
    /// The game is over.
    GameOver {
        /// The team that won.
        winner: Team,
        /// The final totals.
        totals: ByTeam<u32>,
        /// The whole game as the solo table saves it (`docs/data.md`), every deal over and
        /// every hand in it, for each player's own history; none when it would not fit in a
        /// line ([`MAX_SERVER_LINE`]).
        #[serde(default)]
        game: Option<Box<GameSave>>,
    },
    /// The answer to `ping`.
    Pong {},
}

/// Why the host refuses a request or a connection.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ErrorCode {
    /// The client speaks another protocol version.
    Version,
    /// A line that is not a message of this protocol.
    Garbled,
    /// A line longer than [`MAX_CLIENT_LINE`].
    TooLong,
    /// More messages a second than the host allows.
    TooFast,
    /// No `hello` in time.
    HelloTimeout,
    /// Too many connections from this address.
    TooManyConnections,
    /// The host serves as many tables as it may.
    TooManyTables,
    /// A message that has no meaning now (`hello` twice, an action before sitting).
    Unexpected,
    /// A name that is empty, too long or holds a control character.
    BadName,
    /// No table has that code.
    NoSuchTable,
    /// The password is wrong, or missing.
    WrongPassword,
    /// The seat is held by another player.
    SeatTaken,
    /// A bot plays that seat until the deal is over.
    SeatBusy,
    /// The seat token is not that seat's.
    BadToken,
    /// Only the creator may do that.
    NotCreator,
    /// The game has started.
    Started,
    /// The game has not started.
    NotStarted,
    /// The rules refuse the action (`rule` names the rule).
    Illegal,
    /// The table's rules are not ones a game can be played by.
    BadSetup,
    /// The player's seat was given to someone else, or the player left.
    SeatLost,
    /// The host is stopping.
    ShuttingDown,
    /// The table could not be saved: it stops, and is served again from its last file when
    /// the host starts again.
    NotSaved,
    /// Too many deals in a row were passed: the game is cut short and the table closed.
    CutShort,
}

/// The rule a refused action breaks, named without a seat: a client words it in its player's
/// language, and the seats as its player sees them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Rule {
    /// Another seat is to act, or none.
    NotYourTurn,
    /// A card during the auction.
    NotPlayingYet,
    /// A call once the auction is over.
    AuctionOver,
    /// The deal is over.
    DealOver,
    /// The deal is not over.
    DealNotOver,
    /// The game is over.
    GameOver,
    /// A bid that does not beat the current one.
    BidTooLow,
    /// A bid after a contre.
    BidAfterContre,
    /// A contre with no bid to contre.
    NothingToContre,
    /// A contre of the partner's bid.
    ContreOwnTeam,
    /// A second contre.
    AlreadyContred,
    /// A surcontre with no contre.
    SurcontreWithoutContre,
    /// A surcontre by the side that contred.
    SurcontreByDefence,
    /// Sans atout or tout atout in a game without them.
    TrumpModeOff,
    /// A card not in the hand.
    NotInHand,
    /// The suit led must be followed.
    MustFollow,
    /// A higher trump must be played.
    MustOvertrump,
    /// Tout atout: the highest card of the suit led must be beaten.
    MustBeat,
    /// The player must trump.
    MustTrump,
    /// The player must trump, even under.
    MustUnderruff,
    /// The game is played without declarations.
    NoDeclarations,
    /// Declarations go with the first card, played already.
    AlreadyDeclared,
    /// The hand does not hold that declaration.
    NotHeld,
}

impl Rule {
    /// Every rule, for tests and tables.
    pub const ALL: [Rule; 23] = [
        Rule::NotYourTurn,
        Rule::NotPlayingYet,
        Rule::AuctionOver,
        Rule::DealOver,
        Rule::DealNotOver,
        Rule::GameOver,
        Rule::BidTooLow,
        Rule::BidAfterContre,
        Rule::NothingToContre,
        Rule::ContreOwnTeam,
        Rule::AlreadyContred,
        Rule::SurcontreWithoutContre,
        Rule::SurcontreByDefence,
        Rule::TrumpModeOff,
        Rule::NotInHand,
        Rule::MustFollow,
        Rule::MustOvertrump,
        Rule::MustBeat,
        Rule::MustTrump,
        Rule::MustUnderruff,
        Rule::NoDeclarations,
        Rule::AlreadyDeclared,
        Rule::NotHeld,
    ];
}

impl From<GameError> for Rule {
    fn from(e: GameError) -> Rule {
        match e {
            GameError::NotYourTurn { .. } => Rule::NotYourTurn,
            GameError::NotPlayingYet => Rule::NotPlayingYet,
            GameError::AuctionOver | GameError::Bid(BidError::AuctionOver) => Rule::AuctionOver,
            GameError::DealOver | GameError::Play(PlayError::DealOver) => Rule::DealOver,
            GameError::DealNotOver => Rule::DealNotOver,
            GameError::GameOver => Rule::GameOver,
            GameError::Bid(BidError::TooLow { .. }) => Rule::BidTooLow,
            GameError::Bid(BidError::BidAfterContre) => Rule::BidAfterContre,
            GameError::Bid(BidError::NothingToContre) => Rule::NothingToContre,
            GameError::Bid(BidError::ContreOwnTeam { .. }) => Rule::ContreOwnTeam,
            GameError::Bid(BidError::AlreadyContred) => Rule::AlreadyContred,
            GameError::Bid(BidError::SurcontreWithoutContre) => Rule::SurcontreWithoutContre,
            GameError::Bid(BidError::SurcontreByDefence) => Rule::SurcontreByDefence,
            GameError::Bid(BidError::TrumpModeOff { .. }) => Rule::TrumpModeOff,
            GameError::Play(PlayError::NotInHand { .. }) => Rule::NotInHand,
            GameError::Play(PlayError::MustFollow { .. }) => Rule::MustFollow,
            GameError::Play(PlayError::MustOvertrump { .. }) => Rule::MustOvertrump,
            GameError::Play(PlayError::MustBeat { .. }) => Rule::MustBeat,
            GameError::Play(PlayError::MustTrump { .. }) => Rule::MustTrump,
            GameError::Play(PlayError::MustUnderruff { .. }) => Rule::MustUnderruff,
            GameError::NoDeclarations => Rule::NoDeclarations,
            GameError::AlreadyDeclared { .. } => Rule::AlreadyDeclared,
            GameError::NotHeld { .. } => Rule::NotHeld,
        }
    }
}

/// Why a line is not a message.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum WireError {
    /// Longer than the bound.
    TooLong {
        /// The bound, in bytes.
        max: usize,
    },
    /// Not UTF-8.
    NotText,
    /// Not a JSON object of this protocol: serde's words.
    NotAMessage(String),
}

impl fmt::Display for WireError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            WireError::TooLong { max } => write!(f, "a line longer than {max} bytes"),
            WireError::NotText => write!(f, "a line that is not UTF-8 text"),
            WireError::NotAMessage(why) => write!(f, "not a message: {why}"),
        }
    }
}

impl std::error::Error for WireError {}

impl WireError {
    /// The code the host answers this error with.
    pub fn code(&self) -> ErrorCode {
        match self {
            WireError::TooLong { .. } => ErrorCode::TooLong,
            WireError::NotText | WireError::NotAMessage(_) => ErrorCode::Garbled,
        }
    }
}

/// The text of one line, without its newline, within `max` bytes.
fn text(line: &[u8], max: usize) -> Result<&str, WireError> {
    if line.len() > max {
        return Err(WireError::TooLong { max });
    }
    let line = line.strip_suffix(b"\n").unwrap_or(line);
    let line = line.strip_suffix(b"\r").unwrap_or(line);
    let text = std::str::from_utf8(line).map_err(|_| WireError::NotText)?;
    // serde would read a struct from an array too, its fields in order.
    if !text.trim_start().starts_with('{') {
        return Err(WireError::NotAMessage("a message is a JSON object".to_string()));
    }
    Ok(text)
}

/// Reads a client's line.
pub fn parse_client(line: &[u8]) -> Result<ClientMsg, WireError> {
    let text = text(line, MAX_CLIENT_LINE)?;
    serde_json::from_str(text).map_err(|e| WireError::NotAMessage(e.to_string()))
}

/// Reads the host's line.
pub fn parse_server(line: &[u8]) -> Result<ServerMsg, WireError> {
    let text = text(line, MAX_SERVER_LINE)?;
    serde_json::from_str(text).map_err(|e| WireError::NotAMessage(e.to_string()))
}

/// The protocol version of a `hello` line of any version: `None` when the line is no `hello`.
pub fn hello_version(line: &[u8]) -> Option<u32> {
    #[derive(Deserialize)]
    struct AnyHello {
        #[serde(rename = "type")]
        kind: String,
        protocol: u32,
    }
    let text = text(line, MAX_CLIENT_LINE).ok()?;
    let hello: AnyHello = serde_json::from_str(text).ok()?;
    (hello.kind == "hello").then_some(hello.protocol)
}

/// A message as one line, newline included.
pub fn line<T: Serialize>(msg: &T) -> String {
    // Every message is made of strings, numbers and maps with string keys: it always writes.
    let mut s = serde_json::to_string(msg).unwrap_or_else(|_| "{}".to_string());
    s.push('\n');
    s
}

/// Whether `name` may be a player's name: 1 to [`MAX_NAME`] characters, no control character,
/// not only spaces.
pub fn name_ok(name: &str) -> bool {
    let n = name.chars().count();
    (1..=MAX_NAME).contains(&n) && !name.chars().any(char::is_control) && !name.trim().is_empty()
}

#[cfg(test)]
mod tests;
