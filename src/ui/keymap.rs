//! The keys, in one table. Input is looked up in [`BINDINGS`], the footer lists the bindings of
//! the current mode, and the help screen lists them all: the three cannot drift apart. The
//! commands the keys ask for, and which of them do something at a given moment or in a given
//! game, [`crate::session::commands`] says.

use crossterm::event::{KeyCode, KeyEvent, KeyModifiers};

pub use crate::session::commands::{Cmd, Mode, scroll, step};
use crate::text::T;

/// A key with its modifiers.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Key(pub KeyCode, pub KeyModifiers);

const fn k(c: char) -> Key {
    Key(KeyCode::Char(c), KeyModifiers::NONE)
}
const fn code(c: KeyCode) -> Key {
    Key(c, KeyModifiers::NONE)
}

/// One binding: its keys, how the keys are shown, the command, its label, where it applies and
/// whether the footer lists it.
#[derive(Clone, Copy, Debug)]
pub struct Binding {
    /// The keys.
    pub keys: &'static [Key],
    /// The keys as shown.
    pub shown: &'static str,
    /// The command.
    pub cmd: Cmd,
    /// What it does.
    pub label: T,
    /// The modes where it applies.
    pub modes: &'static [Mode],
    /// Whether the footer lists it.
    pub footer: bool,
}

use Mode::*;

const TABLE: &[Mode] = &[Bidding, Playing, Declare, Claim];

const EVERYWHERE: &[Mode] = &[
    Start, Bidding, Playing, Declare, Claim, Summary, GameOver, History, Review, ExpertLine,
    Tricks, DealDone, Confirm, Menu, Players, Help, Holds, Rules, Settings, Statistics, Progress,
    Practice, Daily, Course, Count,
];

/// Every binding.
pub const BINDINGS: &[Binding] = &[
    Binding {
        keys: &[code(KeyCode::Left), k('h'), code(KeyCode::Right), k('l')],
        shown: "←→ h l",
        cmd: Cmd::Left,
        label: T::Move,
        modes: &[Playing, Bidding],
        footer: true,
    },
    Binding {
        keys: &[code(KeyCode::Left), k('h'), code(KeyCode::Right), k('l')],
        shown: "←→ h l",
        cmd: Cmd::Left,
        label: T::Earlier,
        modes: &[Tricks, ExpertLine],
        footer: true,
    },
    Binding {
        keys: &[code(KeyCode::Left), k('h'), code(KeyCode::Right), k('l')],
        shown: "←→ h l",
        cmd: Cmd::Left,
        label: T::OtherGames,
        modes: &[History],
        footer: true,
    },
    Binding {
        keys: &[code(KeyCode::Left), k('h'), code(KeyCode::Right), k('l')],
        shown: "←→ h l",
        cmd: Cmd::Left,
        label: T::Change,
        modes: &[Settings, Start],
        footer: true,
    },
    Binding {
        keys: &[code(KeyCode::Left), k('h'), code(KeyCode::Right), k('l')],
        shown: "←→ h l",
        cmd: Cmd::Left,
        label: T::OtherChart,
        modes: &[Progress],
        footer: true,
    },
    // From the statistics, the progress: the figures of the last games, as charts.
    Binding {
        keys: &[k('g')],
        shown: "g",
        cmd: Cmd::Progress,
        label: T::ProgressKey,
        modes: &[Statistics],
        footer: true,
    },
    Binding {
        keys: &[code(KeyCode::Up), k('k'), code(KeyCode::Down), k('j')],
        shown: "↑↓ j k",
        cmd: Cmd::Up,
        label: T::Move,
        modes: &[Start, Settings, History, Menu, Course],
        footer: true,
    },
    Binding {
        keys: &[code(KeyCode::Up), k('k'), code(KeyCode::Down), k('j')],
        shown: "↑↓ j k",
        cmd: Cmd::Up,
        label: T::Scroll,
        modes: &[Rules, Help, Review],
        footer: true,
    },
    Binding {
        keys: &[code(KeyCode::Enter), k(' ')],
        shown: "Enter Space",
        cmd: Cmd::Act,
        label: T::Act,
        modes: &[Playing],
        footer: true,
    },
    // Enter presses the selected bidding button: it bids, passes or contres as that button says.
    Binding {
        keys: &[code(KeyCode::Enter), k(' ')],
        shown: "Enter Space",
        cmd: Cmd::Act,
        label: T::BidAct,
        modes: &[Bidding],
        footer: true,
    },
    Binding {
        keys: &[code(KeyCode::Enter), k(' ')],
        shown: "Enter Space",
        cmd: Cmd::Act,
        label: T::Select,
        modes: &[Start, Menu, Course],
        footer: true,
    },
    // A contre, surcontre or capot is said only once confirmed: Enter again, or y.
    Binding {
        keys: &[code(KeyCode::Enter), k(' '), k('y'), k('o')],
        shown: "Enter y",
        cmd: Cmd::Yes,
        label: T::Confirm,
        modes: &[Confirm],
        footer: true,
    },
    Binding {
        keys: &[k('n'), code(KeyCode::Esc)],
        shown: "n Esc",
        cmd: Cmd::No,
        label: T::Cancel,
        modes: &[Confirm],
        footer: true,
    },
    Binding {
        keys: &[code(KeyCode::Enter), k(' ')],
        shown: "Enter Space",
        cmd: Cmd::Act,
        label: T::Summary,
        modes: &[DealDone],
        footer: true,
    },
    Binding {
        keys: &[code(KeyCode::Enter), k(' ')],
        shown: "Enter Space",
        cmd: Cmd::Act,
        label: T::Close,
        modes: &[Players],
        footer: false,
    },
    Binding {
        keys: &[code(KeyCode::Enter), k(' ')],
        shown: "Enter Space",
        cmd: Cmd::Act,
        label: T::Next,
        modes: &[Summary],
        footer: true,
    },
    Binding {
        keys: &[code(KeyCode::Enter), k(' ')],
        shown: "Enter Space",
        cmd: Cmd::Act,
        label: T::NewGame,
        modes: &[GameOver],
        footer: true,
    },
    Binding {
        keys: &[code(KeyCode::Enter), k(' ')],
        shown: "Enter Space",
        cmd: Cmd::Act,
        label: T::See,
        modes: &[History],
        footer: true,
    },
    Binding {
        keys: &[code(KeyCode::Enter), k(' ')],
        shown: "Enter Space",
        cmd: Cmd::Act,
        label: T::NextExercise,
        modes: &[Practice],
        footer: true,
    },
    Binding {
        keys: &[k('1'), k('2'), k('3'), k('4'), k('5'), k('6'), k('7'), k('8')],
        shown: "1-8",
        cmd: Cmd::Pick,
        label: T::Pick,
        modes: &[Playing],
        footer: true,
    },
    Binding {
        keys: &[code(KeyCode::Tab), Key(KeyCode::BackTab, KeyModifiers::SHIFT)],
        shown: "Tab",
        cmd: Cmd::NextButton,
        label: T::NextButton,
        modes: &[Bidding],
        footer: true,
    },
    Binding {
        keys: &[k('p')],
        shown: "p",
        cmd: Cmd::Pass,
        label: T::Pass,
        modes: &[Bidding],
        footer: true,
    },
    Binding {
        keys: &[k('c')],
        shown: "c",
        cmd: Cmd::Contre,
        label: T::Contre,
        modes: &[Bidding],
        footer: true,
    },
    // Sans atout (`n`) and tout atout (`t`), when the game allows them: the footer shows them
    // only then, as one entry.
    Binding {
        keys: &[k('n'), k('t')],
        shown: "n/t",
        cmd: Cmd::NoTrump,
        label: T::BidNtAt,
        modes: &[Bidding],
        footer: true,
    },
    // At South's first card of a coinche deal, when the settings let South choose.
    Binding {
        keys: &[k('y'), k('o'), code(KeyCode::Enter), k(' ')],
        shown: "y Enter",
        cmd: Cmd::Declare,
        label: T::DeclareKey,
        modes: &[Declare],
        footer: true,
    },
    Binding {
        keys: &[k('n')],
        shown: "n",
        cmd: Cmd::KeepQuiet,
        label: T::KeepQuietKey,
        modes: &[Declare],
        footer: true,
    },
    // What the expert would do in South's place, with why.
    Binding {
        keys: &[k('i')],
        shown: "i",
        cmd: Cmd::Hint,
        label: T::HintKey,
        modes: &[Bidding, Playing, Declare],
        footer: true,
    },
    // Who holds what, as far as South can tell: the other seats' chances to hold each card it
    // has not seen. The help lists it; the footer leaves its room to the keys that play.
    Binding {
        keys: &[k('w')],
        shown: "w",
        cmd: Cmd::Holds,
        label: T::HoldsKey,
        modes: &[Bidding, Playing, Declare],
        footer: false,
    },
    // Over who holds what, `w` closes it again; the footer shows Esc for that.
    Binding {
        keys: &[k('w')],
        shown: "w",
        cmd: Cmd::Holds,
        label: T::Close,
        modes: &[Holds],
        footer: false,
    },
    // At the table, ↑ and ↓ go through the auction's calls, South's to come included, each
    // read with its meaning under the bots' convention; Esc closes it.
    Binding {
        keys: &[code(KeyCode::Up), k('k'), code(KeyCode::Down), k('j')],
        shown: "↑↓ j k",
        cmd: Cmd::Up,
        label: T::CallMeaningKey,
        modes: &[Bidding, Playing, Declare, DealDone],
        footer: true,
    },
    // The rest of the tricks, when South's side takes every one whatever the defence does.
    Binding {
        keys: &[k('r')],
        shown: "r",
        cmd: Cmd::Claim,
        label: T::ClaimKey,
        modes: &[Playing],
        footer: true,
    },
    // A claim is shown a trick at a time: Enter gathers the trick on the table, and the next
    // comes; `s` plays the rest out at once, to the deal's score.
    Binding {
        keys: &[code(KeyCode::Enter), k(' ')],
        shown: "Enter Space",
        cmd: Cmd::Act,
        label: T::ClaimNextKey,
        modes: &[Claim],
        footer: true,
    },
    Binding {
        keys: &[k('s')],
        shown: "s",
        cmd: Cmd::SkipClaim,
        label: T::SkipClaimKey,
        modes: &[Claim],
        footer: true,
    },
    Binding {
        keys: &[k('u')],
        shown: "u",
        cmd: Cmd::Undo,
        label: T::Undo,
        modes: &[Bidding, Playing, Declare],
        footer: true,
    },
    // `h` and `l` move, as in vi; the last trick is `L`, as the history is `H`.
    Binding {
        keys: &[k('L')],
        shown: "L",
        cmd: Cmd::LastTrick,
        label: T::LastTrick,
        modes: &[Playing, Declare, Claim, DealDone],
        footer: true,
    },
    // Over the tricks, `L` closes them again; the footer shows Esc for that.
    Binding {
        keys: &[k('L')],
        shown: "L",
        cmd: Cmd::LastTrick,
        label: T::Close,
        modes: &[Tricks],
        footer: false,
    },
    Binding {
        keys: &[k('H')],
        shown: "H",
        cmd: Cmd::History,
        label: T::History,
        modes: &[Bidding, Playing, Declare, Claim, DealDone, Summary, GameOver, History, Review],
        footer: true,
    },
    Binding {
        keys: &[k('P')],
        shown: "P",
        cmd: Cmd::Players,
        label: T::Players,
        modes: &[Bidding, Playing, Declare, Claim, DealDone, Players],
        footer: true,
    },
    // A finished deal of the history, dealt again.
    Binding {
        keys: &[k('a')],
        shown: "a",
        cmd: Cmd::PlayAgain,
        label: T::PlayAgainKey,
        modes: &[Review],
        footer: true,
    },
    // At a host's table, the expert's analysis of the deal just finished.
    Binding {
        keys: &[k('a')],
        shown: "a",
        cmd: Cmd::Analysis,
        label: T::AnalysisKey,
        modes: &[Summary, GameOver],
        footer: true,
    },
    // After the analysis, the rest of the deal from South's first clear card mistake as
    // perfect play goes, the expert's card in its place.
    Binding {
        keys: &[k('l')],
        shown: "l",
        cmd: Cmd::ExpertLine,
        label: T::ExpertLineKey,
        modes: &[Review],
        footer: true,
    },
    Binding {
        keys: &[code(KeyCode::PageUp), code(KeyCode::PageDown)],
        shown: "PgUp PgDn",
        cmd: Cmd::PageUp,
        label: T::Page,
        modes: &[Rules, Help, Review],
        footer: true,
    },
    Binding {
        keys: &[k('?'), code(KeyCode::F(1))],
        shown: "?",
        cmd: Cmd::Help,
        label: T::Help,
        modes: EVERYWHERE,
        footer: true,
    },
    Binding {
        keys: &[code(KeyCode::Esc)],
        shown: "Esc",
        cmd: Cmd::Close,
        label: T::Close,
        modes: &[Summary, History, Tricks, ExpertLine, Players, Help, Holds],
        footer: true,
    },
    // At the table, Esc (or m) opens the menu: resume, settings, rules, help, save and quit.
    Binding {
        keys: &[code(KeyCode::Esc), k('m')],
        shown: "Esc m",
        cmd: Cmd::Menu,
        label: T::Menu,
        modes: &[Bidding, Playing, Declare, Claim, DealDone],
        footer: true,
    },
    Binding {
        keys: &[code(KeyCode::Esc), k('m')],
        shown: "Esc m",
        cmd: Cmd::Close,
        label: T::ResumePlay,
        modes: &[Menu],
        footer: true,
    },
    // The screens around the table go back to the start screen, a deal's review to the history.
    Binding {
        keys: &[code(KeyCode::Esc)],
        shown: "Esc",
        cmd: Cmd::Close,
        label: T::Back,
        modes: &[Review, Rules, Settings, Statistics, Progress, Practice, Course, Count],
        footer: true,
    },
    // A level of the course that asks for a number (points, trumps): the digits typed, Backspace to erase one,
    // Enter to answer.
    Binding {
        keys: &[k('0'), k('1'), k('2'), k('3'), k('4'), k('5'), k('6'), k('7'), k('8'), k('9')],
        shown: "0-9",
        cmd: Cmd::Pick,
        label: T::TypeNumber,
        modes: &[Count],
        footer: true,
    },
    Binding {
        keys: &[code(KeyCode::Backspace)],
        shown: "⌫",
        cmd: Cmd::Undo,
        label: T::Erase,
        modes: &[Count],
        footer: true,
    },
    Binding {
        keys: &[code(KeyCode::Enter)],
        shown: "Enter",
        cmd: Cmd::Act,
        label: T::GiveAnswer,
        modes: &[Count],
        footer: true,
    },
    // The end of a deal of the day: Enter or Esc leaves it.
    Binding {
        keys: &[code(KeyCode::Enter), k(' '), code(KeyCode::Esc)],
        shown: "Enter Esc",
        cmd: Cmd::Close,
        label: T::DailyLeaveKey,
        modes: &[Daily],
        footer: true,
    },
    // After the game, Esc leads to the start screen.
    Binding {
        keys: &[code(KeyCode::Esc)],
        shown: "Esc",
        cmd: Cmd::Close,
        label: T::Menu,
        modes: &[GameOver],
        footer: true,
    },
    Binding {
        keys: &[k('q'), Key(KeyCode::Char('c'), KeyModifiers::CONTROL)],
        shown: "q",
        cmd: Cmd::Quit,
        label: T::Quit,
        modes: EVERYWHERE,
        footer: true,
    },
    Binding {
        keys: &[Key(KeyCode::Char('z'), KeyModifiers::CONTROL)],
        shown: "Ctrl-Z",
        cmd: Cmd::Suspend,
        label: T::Suspend,
        modes: EVERYWHERE,
        footer: false,
    },
];

/// The bindings for the help screen: the table's first, then the others; a key listed once.
pub fn help_bindings() -> Vec<&'static Binding> {
    let at_table = |b: &&Binding| b.modes.iter().any(|m| TABLE.contains(m));
    let mut v: Vec<&Binding> = BINDINGS.iter().filter(at_table).collect();
    for b in BINDINGS.iter().filter(|b| !at_table(b)) {
        if !v.iter().any(|x| x.shown == b.shown) {
            v.push(b);
        }
    }
    v
}

/// The bindings the footer lists in `mode`.
pub fn footer(mode: Mode) -> impl Iterator<Item = &'static Binding> {
    BINDINGS.iter().filter(move |b| b.footer && b.modes.contains(&mode))
}

/// The command a key press asks for in `mode`. Some bindings hold two directions (left and
/// right, up and down, page up and down): the key says which.
pub fn command(mode: Mode, key: KeyEvent) -> Option<Cmd> {
    // Shifted letters arrive with SHIFT set on some terminals and not on others: the character
    // alone decides.
    let mods = match key.code {
        KeyCode::Char(_) => key.modifiers & KeyModifiers::CONTROL,
        KeyCode::BackTab => KeyModifiers::SHIFT,
        _ => key.modifiers - KeyModifiers::SHIFT,
    };
    let pressed = Key(key.code, mods);
    let b = BINDINGS.iter().find(|b| b.modes.contains(&mode) && b.keys.contains(&pressed))?;
    Some(match (b.cmd, key.code) {
        (Cmd::Left, KeyCode::Right | KeyCode::Char('l')) => Cmd::Right,
        (Cmd::Up, KeyCode::Down | KeyCode::Char('j')) => Cmd::Down,
        (Cmd::NextButton, KeyCode::BackTab) => Cmd::PrevButton,
        (Cmd::NoTrump, KeyCode::Char('t')) => Cmd::AllTrump,
        (Cmd::PageUp, KeyCode::PageDown) => Cmd::PageDown,
        (cmd, _) => cmd,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn key(c: KeyCode) -> KeyEvent {
        KeyEvent::new(c, KeyModifiers::NONE)
    }

    #[test]
    fn keys_map_to_commands_by_mode() {
        assert_eq!(command(Playing, key(KeyCode::Char('l'))), Some(Cmd::Right));
        assert_eq!(command(Playing, key(KeyCode::Left)), Some(Cmd::Left));
        assert_eq!(command(Playing, key(KeyCode::Char('L'))), Some(Cmd::LastTrick));
        assert_eq!(
            command(Playing, KeyEvent::new(KeyCode::Char('L'), KeyModifiers::SHIFT)),
            Some(Cmd::LastTrick)
        );
        assert_eq!(command(Bidding, key(KeyCode::Char('p'))), Some(Cmd::Pass));
        assert_eq!(command(Playing, key(KeyCode::Char('p'))), None);
        assert_eq!(
            command(Rules, KeyEvent::new(KeyCode::Char('c'), KeyModifiers::CONTROL)),
            Some(Cmd::Quit)
        );
        assert_eq!(command(Bidding, key(KeyCode::Char('c'))), Some(Cmd::Contre));
        assert_eq!(
            command(Confirm, KeyEvent::new(KeyCode::Char('z'), KeyModifiers::CONTROL)),
            Some(Cmd::Suspend)
        );
        assert_eq!(command(Playing, key(KeyCode::Char('z'))), None);
        assert_eq!(command(Bidding, key(KeyCode::Char('n'))), Some(Cmd::NoTrump));
        assert_eq!(command(Bidding, key(KeyCode::Char('t'))), Some(Cmd::AllTrump));
        assert_eq!(command(Declare, key(KeyCode::Char('y'))), Some(Cmd::Declare));
        assert_eq!(command(Declare, key(KeyCode::Enter)), Some(Cmd::Declare));
        assert_eq!(command(Declare, key(KeyCode::Char('n'))), Some(Cmd::KeepQuiet));
        assert_eq!(command(Declare, key(KeyCode::Esc)), Some(Cmd::Menu));
        assert_eq!(command(Declare, key(KeyCode::Left)), None, "no card before the answer");
        assert_eq!(command(Confirm, key(KeyCode::Enter)), Some(Cmd::Yes));
        assert_eq!(command(Confirm, key(KeyCode::Esc)), Some(Cmd::No));
        assert_eq!(command(Playing, key(KeyCode::Esc)), Some(Cmd::Menu));
        assert_eq!(command(Tricks, key(KeyCode::Left)), Some(Cmd::Left));
        assert_eq!(command(Rules, key(KeyCode::PageDown)), Some(Cmd::PageDown));
        assert_eq!(
            command(Bidding, KeyEvent::new(KeyCode::BackTab, KeyModifiers::SHIFT)),
            Some(Cmd::PrevButton)
        );
        // The auction's calls are read with ↑ and ↓ at the table, during the play and after.
        for mode in [Bidding, Playing, Declare, DealDone] {
            assert_eq!(command(mode, key(KeyCode::Up)), Some(Cmd::Up), "{mode:?}");
            assert_eq!(command(mode, key(KeyCode::Char('j'))), Some(Cmd::Down), "{mode:?}");
        }
        assert_eq!(command(Confirm, key(KeyCode::Up)), None);
    }

    #[test]
    fn no_key_is_bound_twice_in_a_mode() {
        for mode in EVERYWHERE {
            let keys: Vec<Key> = BINDINGS
                .iter()
                .filter(|b| b.modes.contains(mode))
                .flat_map(|b| b.keys)
                .copied()
                .collect();
            for (i, a) in keys.iter().enumerate() {
                assert!(!keys[i + 1..].contains(a), "{a:?} twice in {mode:?}");
            }
        }
    }

    /// The label the footer shows for a command in a mode.
    fn footer_label(mode: Mode, cmd: Cmd) -> Option<T> {
        footer(mode).find(|b| b.cmd == cmd).map(|b| b.label)
    }

    #[test]
    fn footer_labels_say_what_the_key_does_on_each_screen() {
        assert_eq!(footer_label(Bidding, Cmd::Act), Some(T::BidAct));
        assert_eq!(footer_label(Playing, Cmd::Act), Some(T::Act));
        assert_eq!(footer_label(Start, Cmd::Act), Some(T::Select));
        assert_eq!(footer_label(Summary, Cmd::Act), Some(T::Next));
        assert_eq!(footer_label(GameOver, Cmd::Act), Some(T::NewGame));
        assert_eq!(footer_label(GameOver, Cmd::Close), Some(T::Menu));
        assert_eq!(footer_label(History, Cmd::Act), Some(T::See));
        // Reviewing one deal, Enter does nothing, the arrows scroll; Esc goes back to the list.
        assert_eq!(footer_label(Review, Cmd::Act), None);
        assert_eq!(footer_label(Review, Cmd::Up), Some(T::Scroll));
        assert_eq!(command(Playing, key(KeyCode::Char('i'))), Some(Cmd::Hint));
        assert_eq!(command(Bidding, key(KeyCode::Char('i'))), Some(Cmd::Hint));
        assert_eq!(footer_label(Review, Cmd::Close), Some(T::Back));
        assert_eq!(footer_label(Settings, Cmd::Act), None);
        assert_eq!(footer_label(Rules, Cmd::Up), Some(T::Scroll));
        assert_eq!(footer_label(Rules, Cmd::PageUp), Some(T::Page));
        assert_eq!(footer_label(Rules, Cmd::Close), Some(T::Back));
        assert_eq!(footer_label(Tricks, Cmd::Close), Some(T::Close));
        assert_eq!(footer_label(Tricks, Cmd::LastTrick), None);
        assert_eq!(footer_label(Confirm, Cmd::Yes), Some(T::Confirm));
        assert_eq!(footer_label(Summary, Cmd::Close), Some(T::Close));
        assert_eq!(footer_label(Bidding, Cmd::Menu), Some(T::Menu));
        assert_eq!(footer_label(Playing, Cmd::LastTrick), Some(T::LastTrick));
        assert_eq!(footer_label(Playing, Cmd::Up), Some(T::CallMeaningKey));
        // A footer never shows two entries for one command, nor one label twice.
        for mode in EVERYWHERE {
            let shown: Vec<&Binding> = footer(*mode).collect();
            for (i, a) in shown.iter().enumerate() {
                for b in &shown[i + 1..] {
                    assert!(a.cmd != b.cmd && a.label != b.label, "{mode:?}: {a:?} {b:?}");
                }
            }
        }
    }

    #[test]
    fn every_mode_can_quit_and_get_help() {
        for mode in EVERYWHERE {
            assert_eq!(command(*mode, key(KeyCode::Char('?'))), Some(Cmd::Help));
            assert_eq!(command(*mode, key(KeyCode::Char('q'))), Some(Cmd::Quit));
        }
    }
}
