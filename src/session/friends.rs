//! A game finished at a network table, filed in the player's own history of games and counted
//! in their statistics, marked as played with friends ([`crate::store::Friends`]). The host
//! sends the whole game with its end; it is checked as a save is (every action replayed
//! through the rules, every deal against the seed) before anything is written, for a host is
//! never trusted.
//!
//! The data directory may be held by a solo table open at the same time: the game is then
//! kept, whole, in `friends/` and filed the next time the player joins a table
//! ([`file_kept`]). A kept game, once filed, is removed.

use std::path::{Path, PathBuf};

use crate::game::{Game, LoadError};
use crate::store::{LockError, OpenError, Played, Store, StoreError};

/// What became of a game to file.
#[derive(Debug)]
pub enum Filing {
    /// Filed now (`true`), or filed already (`false`).
    Filed(bool),
    /// Not filed yet, for this reason; kept in `friends/` for the next time.
    Kept(NotYet),
    /// Kept neither: it could not be written either (the reason it could not be filed, then
    /// why it could not be kept).
    Lost(NotYet, StoreError),
    /// Not filed, and never will be: the host's game does not replay, or is not over, or
    /// names a player in what is not printable text.
    Refused(Option<LoadError>),
    /// Neither filed nor kept: the data directory could not be opened.
    Unopened(OpenError),
}

/// Why a game is not filed yet.
#[derive(Debug)]
pub enum NotYet {
    /// Another contree table holds the data directory (its process, if known).
    Held(Option<u32>),
    /// Reading or writing it failed.
    Store(StoreError),
}

/// Files `played` in the history and statistics of the data directory `dir`, or keeps it for
/// the next time when that cannot be done now.
pub fn file(dir: &Path, played: &Played) -> Filing {
    // The names are shown by `contree history`: a host's that is not printable is refused.
    if !played.game.players.0.iter().all(|n| crate::net::wire::name_ok(n)) {
        return Filing::Refused(None);
    }
    let game = match Game::from_save(&played.game) {
        Ok(game) if game.winner().is_some() => game,
        Ok(_) => return Filing::Refused(None),
        Err(e) => return Filing::Refused(Some(e)),
    };
    let store = match Store::at(dir) {
        Ok(store) => store,
        Err(e) => return Filing::Unopened(e),
    };
    let filed = {
        let lock = store.lock("join").map_err(|e| match e {
            LockError::Held(holder) => NotYet::Held(holder.pid),
            LockError::Failed(e) => NotYet::Store(e),
        });
        lock.and_then(|_lock| {
            store.file_friends_game(&game, played.friends.clone()).map_err(NotYet::Store)
        })
    };
    match filed {
        Ok(new) => {
            // A copy kept from an earlier try has done its work; one left is filed once anyway.
            let _ = store.forget_played(played);
            Filing::Filed(new)
        }
        Err(why) => match store.keep_played(played) {
            Ok(()) => Filing::Kept(why),
            Err(e) => Filing::Lost(why, e),
        },
    }
}

/// Files every game kept in `friends/` of `dir` that can be filed now: what became of each,
/// with its file, or why the file cannot be read (it is left where it is).
pub fn file_kept(dir: &Path) -> Vec<(PathBuf, Result<Filing, String>)> {
    let store = Store::reading(dir);
    store
        .kept_played()
        .into_iter()
        .map(|(path, read)| (path, read.map(|played| file(dir, &played))))
        .collect()
}

#[cfg(test)]
mod tests {
    use rand::SeedableRng;
    use rand::rngs::Xoshiro256PlusPlus;

    use super::*;
    use crate::game::{GameOptions, Phase};
    use crate::rules::{BySeat, Seat, Team};
    use crate::store::{Friends, KEPT_DIR};

    /// A whole game played by random legal players, as a host's table would send it.
    fn finished(seed: u64) -> Game {
        let players = BySeat(["you", "dede", "you", "marcel"].map(String::from));
        let mut game = Game::new(GameOptions::default(), seed, players);
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
        while game.phase() != Phase::GameOver {
            if game.phase() == Phase::DealOver {
                game.next_deal().expect("the next deal");
                continue;
            }
            let seat = game.to_act().expect("a seat to act");
            let action = game.random_action(&mut rng).expect("an action");
            game.apply(seat, action).expect("a legal action");
        }
        game
    }

    fn played(game: &Game, seat: Seat) -> Played {
        let names = ["Ana", "Dédé", "Bob", "Marcel"].map(String::from);
        let friends =
            Friends { host: "127.0.0.1:7401".into(), table: "ACDEFH".into(), seat, names };
        Played { friends, game: game.to_save() }
    }

    #[test]
    fn a_game_at_east_is_counted_from_east_wests_side() {
        let dir = tempfile::tempdir().expect("a temporary directory");
        let game = finished(11);
        let winner = game.winner().expect("over");
        assert!(matches!(file(dir.path(), &played(&game, Seat::East)), Filing::Filed(true)));
        let stats = Store::reading(dir.path()).stats();
        assert_eq!(stats.all_games().won, u32::from(winner == Team::EW));
        let taken_by = |team: Team| {
            game.history().iter().filter(|d| d.contract.is_some_and(|c| c.team() == team)).count()
        };
        assert_eq!(stats.deals.ours.taken as usize, taken_by(Team::EW), "East-West are us");
        assert_eq!(stats.deals.theirs.taken as usize, taken_by(Team::NS));
        let points: u64 = game.history().iter().map(|d| u64::from(d.points()[Team::EW])).sum();
        assert_eq!(stats.deals.points[Team::NS], points, "our points are East-West's");
    }

    #[test]
    fn a_game_kept_while_a_table_holds_the_directory_is_filed_the_next_time() {
        let dir = tempfile::tempdir().expect("a temporary directory");
        let game = finished(12);
        let p = played(&game, Seat::North);
        let store = Store::at(dir.path()).expect("a store");
        let lock = store.lock("table").expect("the table's lock");
        assert!(matches!(file(dir.path(), &p), Filing::Kept(NotYet::Held(Some(_)))));
        assert_eq!(std::fs::read_dir(dir.path().join(KEPT_DIR)).expect("kept").count(), 1);
        assert!(Store::reading(dir.path()).games().expect("reads").games.is_empty());
        drop(lock);
        let filed = file_kept(dir.path());
        assert!(matches!(filed.as_slice(), [(_, Ok(Filing::Filed(true)))]), "{filed:?}");
        assert_eq!(std::fs::read_dir(dir.path().join(KEPT_DIR)).expect("kept").count(), 0);
        assert_eq!(Store::reading(dir.path()).games().expect("reads").games.len(), 1);
        assert!(file_kept(dir.path()).is_empty(), "nothing left to file");
    }

    #[test]
    fn a_game_that_does_not_replay_or_names_what_is_not_text_is_refused_and_nothing_written() {
        let dir = tempfile::tempdir().expect("a temporary directory");
        let game = finished(13);
        let mut edited = played(&game, Seat::South);
        edited.game.deals[0].play.swap(0, 1);
        assert!(matches!(file(dir.path(), &edited), Filing::Refused(Some(_))));
        let mut escaped = played(&game, Seat::South);
        escaped.game.players.0[1] = "\u{1b}[2J".into();
        assert!(matches!(file(dir.path(), &escaped), Filing::Refused(None)));
        let unfinished =
            played(&Game::new(GameOptions::default(), 1, game.players().clone()), Seat::South);
        assert!(matches!(file(dir.path(), &unfinished), Filing::Refused(None)));
        assert!(!dir.path().join("games.jsonl").exists());
        assert!(!dir.path().join(KEPT_DIR).exists());
    }

    #[test]
    fn a_kept_file_that_is_not_a_game_is_said_and_left() {
        let dir = tempfile::tempdir().expect("a temporary directory");
        std::fs::create_dir_all(dir.path().join(KEPT_DIR)).expect("made");
        let path = dir.path().join(KEPT_DIR).join("X-0.json");
        std::fs::write(&path, b"{\"not\": 1}").expect("written");
        let filed = file_kept(dir.path());
        assert!(matches!(filed.as_slice(), [(p, Err(_))] if *p == path), "{filed:?}");
        assert!(path.exists());
    }

    proptest::proptest! {
        #![proptest_config(proptest::prelude::ProptestConfig::with_cases(64))]

        #[test]
        fn a_kept_file_of_any_bytes_is_filed_only_if_it_is_a_game(
            bytes in proptest::collection::vec(proptest::prelude::any::<u8>(), 0..2000)
        ) {
            let dir = tempfile::tempdir().expect("a temporary directory");
            std::fs::create_dir_all(dir.path().join(KEPT_DIR)).expect("made");
            std::fs::write(dir.path().join(KEPT_DIR).join("X-0.json"), &bytes).expect("written");
            for (_, filing) in file_kept(dir.path()) {
                proptest::prop_assert!(!matches!(filing, Ok(Filing::Filed(_))));
            }
            proptest::prop_assert!(!dir.path().join("games.jsonl").exists());
        }
    }
}
