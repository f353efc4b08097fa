//! A table on the host's disk: `tables/<CODE>.json`, written whole after every change
//! ([`disk::write_atomic`]), versioned, read back when the host starts. A file that cannot be
//! read is set aside beside it (`.corrupt`) with a message, never lost. The format is in the
//! repository's `docs/network.md`.

use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

use super::code::read_code;
use super::disk;
use super::table::{Place, Table};
use super::wire::{GRACE_SECS, TableSetup};
use crate::game::{DealStyle, Game, GameSave};
use crate::rules::Seat;

/// The version of a table's file.
pub const TABLE_VERSION: u32 = 1;

/// The directory of the tables, in the host's directory.
pub const TABLES_DIR: &str = "tables";

/// The directory of the finished games' tables, in the host's directory.
pub const FINISHED_DIR: &str = "finished";

/// The most a table's file may weigh when written: a table that would weigh more is not
/// saved (its game is bounded well below it, see [`MAX_PASSED_IN_A_ROW`]).
pub const TABLE_LIMIT: u64 = 16 * 1024 * 1024;

/// The most a table's file is read up to: above [`TABLE_LIMIT`], so that no file the host
/// wrote is ever too large to read back.
const READ_LIMIT: u64 = 4 * TABLE_LIMIT;
const _: () = assert!(READ_LIMIT > TABLE_LIMIT);

/// The deals of a network game that may be passed in a row: the table closes at the next.
pub const MAX_PASSED_IN_A_ROW: usize = 20;

/// A table as written.
#[derive(Debug, Serialize, Deserialize)]
struct TableFile {
    version: u32,
    code: String,
    /// The password is the digest the table keeps.
    setup: TableSetup,
    creator: Seat,
    places: Vec<PlaceFile>,
    revision: u64,
    game: Option<GameSave>,
}

/// A seat as written: no connection, the token as its digest.
#[derive(Debug, Serialize, Deserialize)]
struct PlaceFile {
    name: String,
    persona: String,
    token: Option<String>,
    bot_plays: bool,
    /// The deals whose end its player has been sent (a file without it: all but a deal's
    /// end the table stands at).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    shown: Option<usize>,
}

/// Whether `setup` is one a table may be played by: a target of its rule set, the cards
/// shuffled before every deal (from the tricks gathered and the cut of a traditional deal, a
/// seat could tell the next deal's four hands), a grace time in bounds, a password within
/// [`super::wire::MAX_PASSWORD`] bytes.
pub fn setup_ok(setup: &TableSetup) -> bool {
    setup.options.target_allowed()
        && setup.options.deal_style == DealStyle::Shuffle
        && GRACE_SECS.contains(&setup.grace_secs)
        && setup.password.as_ref().is_none_or(|p| p.len() <= super::wire::MAX_PASSWORD)
}

/// Where the table `code` is kept under `dir`.
pub fn path(dir: &Path, code: &str) -> PathBuf {
    dir.join(TABLES_DIR).join(format!("{code}.json"))
}

/// What a table's file is made of, taken from the table on its task and written to bytes
/// elsewhere ([`Snapshot::to_bytes`], on a blocking thread).
#[derive(Debug)]
pub struct Snapshot(TableFile);

impl Snapshot {
    /// The file's bytes, whole, or why they cannot be written (never an empty or partial file,
    /// never one past [`TABLE_LIMIT`]).
    pub fn to_bytes(&self) -> Result<Vec<u8>, String> {
        let bytes = serde_json::to_vec(&self.0).map_err(|e| e.to_string())?;
        if bytes.len() as u64 > TABLE_LIMIT {
            return Err(format!("{} bytes, past the bound of {TABLE_LIMIT}", bytes.len()));
        }
        Ok(bytes)
    }
}

/// The bytes of `table`'s file (see [`Snapshot::to_bytes`]).
pub fn to_bytes(table: &Table) -> Result<Vec<u8>, String> {
    snapshot(table).to_bytes()
}

/// What `table`'s file is made of.
pub fn snapshot(table: &Table) -> Snapshot {
    Snapshot(TableFile {
        version: TABLE_VERSION,
        code: table.code.clone(),
        setup: table.setup.clone(),
        creator: table.creator,
        places: table
            .places
            .iter()
            .map(|p| PlaceFile {
                name: p.name.clone(),
                persona: p.persona.clone(),
                token: p.token.clone(),
                bot_plays: p.bot_plays,
                shown: Some(p.shown),
            })
            .collect(),
        revision: table.revision,
        game: table.game.as_ref().map(Game::to_save),
    })
}

/// How many of the game's last deals were passed, in a row.
pub fn passed_in_a_row(game: &Game) -> usize {
    game.history().iter().rev().take_while(|d| d.contract.is_none()).count()
}

/// Whether a file of the table `code`, served or finished, is under `dir` (a new table never
/// takes such a code).
pub fn on_disk(dir: &Path, code: &str) -> bool {
    let finished = dir.join(FINISHED_DIR).join(format!("{code}.json"));
    path(dir, code).exists() || finished.exists()
}

/// A closed table's file leaves `tables/`: into `finished/` when its game is over (`keep`),
/// else removed.
pub fn retire(dir: &Path, code: &str, keep: bool) -> std::io::Result<()> {
    let from = path(dir, code);
    if !keep {
        return match std::fs::remove_file(&from) {
            Err(e) if e.kind() != std::io::ErrorKind::NotFound => Err(e),
            _ => Ok(()),
        };
    }
    std::fs::create_dir_all(dir.join(FINISHED_DIR))?;
    std::fs::rename(&from, dir.join(FINISHED_DIR).join(format!("{code}.json")))
}

/// Writes `table` to its file under `dir`.
pub fn save(dir: &Path, bytes: &[u8], code: &str, sync: bool) -> std::io::Result<()> {
    std::fs::create_dir_all(dir.join(TABLES_DIR))?;
    disk::write_atomic(&path(dir, code), bytes, sync)
}

/// Reads a table's file.
pub fn from_bytes(bytes: &[u8]) -> Result<Table, String> {
    let file: TableFile = serde_json::from_slice(bytes).map_err(|e| e.to_string())?;
    if file.version != TABLE_VERSION {
        return Err(format!("version {} where {TABLE_VERSION} is read", file.version));
    }
    let code = read_code(&file.code).ok_or("not a table code")?;
    if !setup_ok(&file.setup) {
        return Err("rules no table may be played by".to_string());
    }
    let places: [PlaceFile; 4] =
        file.places.try_into().map_err(|_| "not four seats".to_string())?;
    let game = match &file.game {
        Some(save) => Some(Game::from_save(save).map_err(|e| e.to_string())?),
        None => None,
    };
    // A file written before the deals shown were kept: every deal's end but the one the
    // table stands at, which a player sitting back is sent anyway.
    let shown_at_most = game.as_ref().map_or(0, |g| g.history().len());
    let unknown = game.as_ref().map_or(0, |g| {
        let over = matches!(g.phase(), crate::game::Phase::DealOver | crate::game::Phase::GameOver);
        shown_at_most - usize::from(over)
    });
    let places = places.map(|p| Place {
        name: p.name,
        persona: p.persona,
        token: p.token,
        bot_plays: p.bot_plays,
        conn: None,
        drops: 0,
        ready: false,
        shown: p.shown.map_or(unknown, |n| n.min(shown_at_most)),
    });
    Ok(Table::restored(code, file.setup, file.creator, places, game, file.revision))
}

/// What the host finds in its directory: the tables read, and a message for each file set
/// aside.
pub fn load_all(dir: &Path) -> (Vec<Table>, Vec<String>) {
    let (mut tables, mut told) = (Vec::new(), Vec::new());
    let Ok(entries) = std::fs::read_dir(dir.join(TABLES_DIR)) else { return (tables, told) };
    let mut paths: Vec<PathBuf> = entries.filter_map(|e| Some(e.ok()?.path())).collect();
    paths.sort();
    // A host stopped while writing (`kill -9`) leaves its temporary file: never a table.
    for path in paths.iter().filter(|p| is_own_temporary(p)) {
        if let Err(e) = std::fs::remove_file(path) {
            told.push(format!("{}: a temporary file not removed: {e}", path.display()));
        }
    }
    for path in paths.into_iter().filter(|p| p.extension().is_some_and(|e| e == "json")) {
        let read = match disk::read_within(&path, READ_LIMIT) {
            // Too large to read is no sign of a spoiled file: it is left where it is.
            Err(crate::files::ReadError::TooLarge(n)) => {
                told.push(format!(
                    "{} weighs {n} bytes, too many to read: left, not served",
                    path.display()
                ));
                continue;
            }
            read => read.map_err(|e| e.to_string()),
        };
        let table = read.and_then(|b| from_bytes(&b.unwrap_or_default()));
        match table {
            Ok(t) if path.file_stem().is_some_and(|s| *s == *t.code) => tables.push(t),
            Ok(_) => told.push(set_aside(&path, "its name is not its table's code")),
            Err(why) => told.push(set_aside(&path, &why)),
        }
    }
    (tables, told)
}

/// Whether `path` is a temporary file of a table's save ([`disk::write_atomic`]):
/// `.<CODE>.json.<random>.tmp`, its code a table's.
fn is_own_temporary(path: &Path) -> bool {
    let Some(name) = path.file_name().and_then(|n| n.to_str()) else { return false };
    let Some(middle) = name.strip_prefix('.').and_then(|n| n.strip_suffix(".tmp")) else {
        return false;
    };
    let Some((code, random)) = middle.split_once(".json.") else { return false };
    read_code(code).is_some_and(|c| c == code)
        && !random.is_empty()
        && random.chars().all(|c| c.is_ascii_alphanumeric())
}

fn set_aside(path: &Path, why: &str) -> String {
    match disk::set_aside(path) {
        Ok(to) => {
            format!("{} cannot be read ({why}): set aside as {}", path.display(), to.display())
        }
        Err(e) => format!("{} cannot be read ({why}) nor set aside: {e}", path.display()),
    }
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::*;
    use crate::game::GameOptions;
    use crate::personas::Level;

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(64))]

        #[test]
        fn any_bytes_are_a_table_or_refused(bytes in proptest::collection::vec(any::<u8>(), 0..2000)) {
            let _ = from_bytes(&bytes);
        }

        #[test]
        fn a_table_at_any_point_of_its_game_reads_back(seed in any::<u64>(), actions in 0usize..200) {
            use rand::SeedableRng;
            let mut table = Table::new("ACDEFH".into(), TableSetup::new(GameOptions::default(), Level::Easy), Seat::North, seed);
            let mut game = crate::game::new_game(GameOptions::default(), seed, None);
            let mut rng = rand::rngs::Xoshiro256PlusPlus::seed_from_u64(seed);
            for _ in 0..actions {
                match game.random_action(&mut rng) {
                    Some(a) => {
                        let seat = game.to_act().expect("a seat to act");
                        game.apply(seat, a).expect("a legal action");
                    }
                    None if game.next_deal().is_ok() => {}
                    None => break,
                }
            }
            let deals = game.history().len();
            table.game = Some(game);
            table.revision = actions as u64;
            table.places[2].token = Some(crate::net::code::keep("ACDEFH", "t"));
            table.places[2].shown = deals;
            table.places[1].shown = deals.saturating_sub(1);
            let back = from_bytes(&to_bytes(&table).expect("its bytes")).expect("read back");
            let shown = back.places.iter().map(|p| p.shown).collect::<Vec<_>>();
            prop_assert_eq!(shown, table.places.iter().map(|p| p.shown).collect::<Vec<_>>());
            prop_assert_eq!(&back.game, &table.game);
            prop_assert_eq!(back.revision, table.revision);
            prop_assert_eq!(&back.places[2].token, &table.places[2].token);
            prop_assert_eq!(back.creator, Seat::North);
            // Every byte cut short is refused, never read as another table.
            let bytes = to_bytes(&table).expect("its bytes");
            prop_assert!(from_bytes(&bytes[..bytes.len() / 2]).is_err());
        }
    }

    #[test]
    fn a_file_without_the_deals_shown_counts_all_but_the_one_the_table_stands_at() {
        use crate::game::Action;
        use crate::rules::Call;
        let mut table = Table::new(
            "ACDEFH".into(),
            TableSetup::new(GameOptions::default(), Level::Easy),
            Seat::South,
            7,
        );
        let mut game = crate::game::new_game(GameOptions::default(), 7, None);
        for deal in 0..2 {
            if deal > 0 {
                game.next_deal().expect("the next deal");
            }
            for _ in 0..4 {
                let seat = game.to_act().expect("a seat to call");
                game.apply(seat, Action::Bid(Call::Pass)).expect("a pass");
            }
        }
        table.game = Some(game);
        let bytes = to_bytes(&table).expect("its bytes");
        let mut json: serde_json::Value = serde_json::from_slice(&bytes).expect("json");
        for place in json["places"].as_array_mut().expect("places") {
            place.as_object_mut().expect("a place").remove("shown");
        }
        let back = from_bytes(&serde_json::to_vec(&json).expect("bytes")).expect("read back");
        assert!(back.places.iter().all(|p| p.shown == 1), "two deals over, the last unseen");
    }

    #[test]
    fn the_hosts_temporary_files_left_by_a_kill_are_removed_and_no_other() {
        let dir = tempfile::tempdir().expect("a temporary directory");
        let tables = dir.path().join(TABLES_DIR);
        std::fs::create_dir_all(&tables).expect("made");
        let table = Table::new(
            "ACDEFH".into(),
            TableSetup::new(GameOptions::default(), Level::Easy),
            Seat::South,
            7,
        );
        let bytes = to_bytes(&table).expect("its bytes");
        save(dir.path(), &bytes, "ACDEFH", false).expect("saved");
        let own = [".ACDEFH.json.a1B2c3.tmp", ".QQQQQQ.json.Zz9yX8.tmp"];
        let others = [".notes.txt.tmp", "ACDEFH.json.tmp", ".acdefh.json.a1B2c3.tmp", "x.tmp"];
        for name in own.iter().chain(&others) {
            std::fs::write(tables.join(name), b"{").expect("written");
        }
        let (read, told) = load_all(dir.path());
        assert_eq!(read.len(), 1);
        assert!(told.is_empty(), "{told:?}");
        for name in own {
            assert!(!tables.join(name).exists(), "{name} removed");
        }
        for name in others {
            assert!(tables.join(name).exists(), "{name} left");
        }
    }

    #[test]
    fn a_table_reads_back_and_a_bad_file_is_set_aside() {
        let dir = tempfile::tempdir().expect("a temporary directory");
        let mut setup = TableSetup::new(GameOptions::default(), Level::Normal);
        setup.password = Some("secret".into());
        let table = Table::new("ACDEFH".into(), setup, Seat::South, 7);
        save(dir.path(), &to_bytes(&table).expect("its bytes"), &table.code, false).expect("saved");
        std::fs::write(dir.path().join(TABLES_DIR).join("QQQQQQ.json"), b"{").expect("spoiled");
        let (tables, told) = load_all(dir.path());
        assert_eq!(tables.len(), 1);
        assert_eq!(tables[0].code, "ACDEFH");
        assert_eq!(tables[0].setup, table.setup);
        assert_eq!(told.len(), 1);
        assert!(dir.path().join(TABLES_DIR).join("QQQQQQ.json.corrupt").exists());
    }

    #[test]
    fn a_closed_table_leaves_the_served_and_its_code_stays_taken_while_finished() {
        let dir = tempfile::tempdir().expect("a temporary directory");
        let table = Table::new(
            "ACDEFH".into(),
            TableSetup::new(GameOptions::default(), Level::Easy),
            Seat::South,
            7,
        );
        assert!(!on_disk(dir.path(), "ACDEFH"));
        save(dir.path(), &to_bytes(&table).expect("its bytes"), &table.code, false).expect("saved");
        assert!(on_disk(dir.path(), "ACDEFH"));
        retire(dir.path(), "ACDEFH", true).expect("kept among the finished");
        assert!(!path(dir.path(), "ACDEFH").exists());
        assert!(on_disk(dir.path(), "ACDEFH"), "a finished table's code is not drawn again");
        assert!(load_all(dir.path()).0.is_empty(), "a finished table is not served again");
        save(dir.path(), &to_bytes(&table).expect("its bytes"), "CDEFHJ", false).expect("saved");
        retire(dir.path(), "CDEFHJ", false).expect("removed");
        assert!(!on_disk(dir.path(), "CDEFHJ"));
        retire(dir.path(), "CDEFHJ", false).expect("a file already gone is no error");
    }

    #[test]
    fn a_network_table_is_never_dealt_the_traditional_way() {
        let mut setup = TableSetup::new(GameOptions::default(), Level::Easy);
        assert!(setup_ok(&setup));
        setup.options.deal_style = DealStyle::Tradition;
        assert!(!setup_ok(&setup), "the gathered tricks would tell every hand of the next deal");
        let table = Table::new("ACDEFH".into(), setup, Seat::South, 7);
        assert!(
            from_bytes(&to_bytes(&table).expect("its bytes")).is_err(),
            "nor read back from a file"
        );
    }

    #[test]
    fn a_file_too_large_to_read_is_left_where_it_is() {
        let dir = tempfile::tempdir().expect("a temporary directory");
        std::fs::create_dir_all(dir.path().join(TABLES_DIR)).expect("a directory");
        let big = path(dir.path(), "ACDEFH");
        let file = std::fs::File::create(&big).expect("created");
        file.set_len(READ_LIMIT + 1).expect("a sparse file");
        let (tables, told) = load_all(dir.path());
        assert!(tables.is_empty());
        assert_eq!(told.len(), 1, "{told:?}");
        assert!(told[0].contains("too many to read"), "{told:?}");
        assert!(big.exists(), "not set aside as spoiled");
    }
}
