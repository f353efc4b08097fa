//! The crate's layers, read from its sources: which module names which.
//!
//! - Every top-level module has its layer ([`LAYERS`]) and names only the layers under it:
//!   the pure core (`rules`, `text`, `game`, `search`) and its leaves name nothing of the
//!   players, the table, the command line or the disk; nothing under the front ends names
//!   `ui` or `line`, and these two do not name each other. Only the terminal table names
//!   ratatui and crossterm, and only the command line names clap.
//! - Only `main.rs` names `cli`.
//! - The files of one directory, and the crate's top-level modules, do not name each other in
//!   a circle: each can be read knowing only the ones it names. Tests may name what they test
//!   from anywhere, so the code of tests is left out of these checks.
//! - A trick is taken in the rules alone (`rules::TrickTaking::play`, which the game's card
//!   play, the views of a seat and the search's positions all hold), and in the search's own
//!   working copy, `search/state.rs`, kept for speed and checked against the rules by its tests:
//!   no other code starts the next trick or adds a trick's dix de der by hand.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// A module's path from the crate root: `["search", "solver"]`; `[]` is `lib.rs`.
type ModPath = Vec<String>;

/// What a layer may name besides itself.
enum May {
    /// These modules alone.
    Name(&'static [&'static str]),
    /// Every module of the layers before it, but these.
    AllUnderBut(&'static [&'static str]),
}

/// The crate's layers, bottom first: each top-level module with the modules it may name
/// besides itself. A module names only modules listed before it, so that no two name each
/// other and each can be read knowing only those under it; ARCHITECTURE.md draws the same
/// table. The binary, `main`, may name them all.
const LAYERS: [(&str, May); 19] = [
    // The pure core and its leaves: no players, no table, no disk.
    ("rules", May::Name(&[])),
    ("mix", May::Name(&[])),
    ("personas", May::Name(&[])),
    ("files", May::Name(&[])),
    ("text", May::Name(&["rules"])),
    ("search", May::Name(&["rules", "mix"])),
    ("game", May::Name(&["rules", "mix", "personas", "text"])),
    // The computer players, and what is made of their answers and kept on disk.
    ("bots", May::Name(&["rules", "mix", "personas", "files", "text", "search", "game"])),
    ("exercises", May::Name(&["rules", "files", "text", "game", "bots"])),
    ("progress", May::Name(&["rules", "text", "game", "exercises"])),
    ("stats", May::Name(&["rules", "text", "game", "exercises", "progress"])),
    ("store", May::Name(&["rules", "files", "text", "game", "exercises", "stats", "progress"])),
    // One table, whichever front end draws it.
    ("session", May::AllUnderBut(&[])),
    // The two front ends, over the session, naming not each other.
    ("ui", May::AllUnderBut(&[])),
    ("line", May::AllUnderBut(&["ui"])),
    // The other commands.
    ("score", May::Name(&["rules", "files"])),
    ("analyse", May::Name(&["rules", "text", "game", "bots", "score"])),
    ("arena", May::Name(&["rules", "mix", "personas", "search", "game", "bots"])),
    // All but the front ends, which the binary starts.
    ("cli", May::AllUnderBut(&["ui", "line"])),
];

/// The modules layer `i` of [`LAYERS`] may name.
fn may_name(i: usize) -> Vec<&'static str> {
    match &LAYERS[i].1 {
        May::Name(names) => names.to_vec(),
        May::AllUnderBut(but) => {
            LAYERS[..i].iter().map(|(m, _)| *m).filter(|m| !but.contains(m)).collect()
        }
    }
}

/// The outside crates that only some modules may name: the terminal's, and the command line's.
const OUTSIDE: [(&str, &[&str]); 3] =
    [("ratatui", &["ui", "main"]), ("crossterm", &["ui", "main"]), ("clap", &["cli", "main"])];

/// Every `.rs` file under `dir`, with its module path.
fn modules(dir: &Path, path: &[String], out: &mut Vec<(PathBuf, ModPath)>) {
    let mut entries: Vec<_> = std::fs::read_dir(dir)
        .expect("the sources can be read")
        .map(|e| e.expect("a directory entry").path())
        .collect();
    entries.sort();
    for p in entries {
        let name = p.file_stem().and_then(|s| s.to_str()).unwrap_or_default().to_string();
        if p.is_dir() {
            let mut sub = path.to_vec();
            sub.push(name);
            modules(&p, &sub, out);
        } else if p.extension().is_some_and(|e| e == "rs") {
            let mut m = path.to_vec();
            let root = path.is_empty() && matches!(name.as_str(), "lib" | "main");
            if name != "mod" && !root {
                m.push(name);
            }
            out.push((p, m));
        }
    }
}

/// The source without its comments: a `//` outside a string literal ends the line's code.
fn code(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for line in text.lines() {
        let bytes = line.as_bytes();
        let (mut in_string, mut end, mut i) = (false, bytes.len(), 0);
        while i < bytes.len() {
            match bytes[i] {
                b'\\' if in_string => i += 1,
                // A quote as a character literal opens no string.
                b'\'' if bytes.get(i + 1) == Some(&b'"') && bytes.get(i + 2) == Some(&b'\'') => {
                    i += 2
                }
                b'"' => in_string = !in_string,
                b'/' if !in_string && bytes.get(i + 1) == Some(&b'/') => {
                    end = i;
                    break;
                }
                _ => {}
            }
            i += 1;
        }
        out.push_str(&line[..end]);
        out.push('\n');
    }
    out
}

/// The identifier starting at `i`, if one does.
fn ident(s: &[u8], i: usize) -> Option<(String, usize)> {
    let start = i;
    let mut j = i;
    while j < s.len() && (s[j].is_ascii_alphanumeric() || s[j] == b'_') {
        j += 1;
    }
    (j > start).then(|| (String::from_utf8_lossy(&s[start..j]).into_owned(), j))
}

/// The paths named after `prefix` at `i` (`a::b`, or a use group `{a::b, c}`), each whole.
fn paths(s: &[u8], mut i: usize, prefix: &ModPath, out: &mut Vec<ModPath>) -> usize {
    let mut path = prefix.clone();
    loop {
        if s.get(i) == Some(&b'{') {
            i += 1;
            loop {
                while s.get(i).is_some_and(|b| b.is_ascii_whitespace() || *b == b',') {
                    i += 1;
                }
                if s.get(i) == Some(&b'}') || i >= s.len() {
                    return i + 1;
                }
                let before = i;
                i = paths(s, i, &path, out);
                if i == before {
                    i += 1;
                }
            }
        }
        let Some((name, j)) = ident(s, i) else {
            out.push(path);
            return i;
        };
        path.push(name);
        i = j;
        if s.get(i..i + 2) == Some(b"::") {
            i += 2;
        } else {
            out.push(path);
            return i;
        }
    }
}

/// Every module path `file` (module `me`) names through `crate::`, `super::` or `self::`, and
/// the outside crates of [`OUTSIDE`] it names.
fn named(text: &str, me: &ModPath) -> (Vec<ModPath>, BTreeSet<&'static str>) {
    let code = code(text);
    let s = code.as_bytes();
    let mut out = Vec::new();
    let mut outside = BTreeSet::new();
    let mut i = 0;
    while i < s.len() {
        let boundary = i == 0 || !(s[i - 1].is_ascii_alphanumeric() || s[i - 1] == b'_');
        if !boundary {
            i += 1;
            continue;
        }
        let Some((word, j)) = ident(s, i) else {
            i += 1;
            continue;
        };
        if let Some((name, _)) = OUTSIDE.iter().find(|(name, _)| *name == word) {
            outside.insert(*name);
        }
        if s.get(j..j + 2) != Some(b"::") {
            i = j;
            continue;
        }
        // The module `super` names, `up` levels above this one.
        let here = |up: usize| me[..me.len().saturating_sub(up)].to_vec();
        let (start, mut k) = match word.as_str() {
            "crate" | "contree" => (Vec::new(), j + 2),
            "self" => (me.clone(), j + 2),
            "super" => {
                let mut up = 1;
                let mut k = j + 2;
                while s.get(k..k + 7) == Some(b"super::") {
                    up += 1;
                    k += 7;
                }
                (here(up), k)
            }
            _ => {
                i = j;
                continue;
            }
        };
        let mut found = Vec::new();
        k = paths(s, k, &start, &mut found);
        out.extend(found);
        i = k.max(j);
    }
    (out, outside)
}

/// The longest prefix of `path` that is a module of the crate.
fn module_of(path: &ModPath, all: &BTreeSet<ModPath>) -> ModPath {
    (0..=path.len()).rev().map(|n| path[..n].to_vec()).find(|p| all.contains(p)).unwrap_or_default()
}

struct Crate {
    /// Each module with the modules it names (not itself, nor its ancestors).
    names: BTreeMap<ModPath, BTreeSet<ModPath>>,
    /// The same, tests left out: the `tests` modules, in files of their own or at a file's end.
    names_outside_tests: BTreeMap<ModPath, BTreeSet<ModPath>>,
    /// Each module with the outside crates of [`OUTSIDE`] it names.
    outside: BTreeMap<ModPath, BTreeSet<&'static str>>,
}

fn read_crate() -> Crate {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = Vec::new();
    modules(&src, &[], &mut files);
    let all: BTreeSet<ModPath> = files.iter().map(|(_, m)| m.clone()).collect();
    let mut names = BTreeMap::new();
    let mut names_outside_tests = BTreeMap::new();
    let mut outside = BTreeMap::new();
    for (file, me) in &files {
        if file.file_name().is_some_and(|n| n == "main.rs") {
            // The binary is a crate of its own: its `contree::` paths name the library.
            let text = std::fs::read_to_string(file).expect("a source file");
            let (paths, crates) = named(&text, &vec!["main".to_string()]);
            outside.insert(vec!["main".to_string()], crates);
            let set: BTreeSet<ModPath> =
                paths.iter().map(|p| module_of(p, &all)).filter(|m| !m.is_empty()).collect();
            names_outside_tests.insert(vec!["main".to_string()], set.clone());
            names.insert(vec!["main".to_string()], set);
            continue;
        }
        let text = std::fs::read_to_string(file).expect("a source file");
        let (paths, _) = named(&text, me);
        let modules_named = |paths: &[ModPath]| -> BTreeSet<ModPath> {
            paths
                .iter()
                .map(|p| module_of(p, &all))
                .filter(|m| m != me && !me.starts_with(m))
                .collect()
        };
        names.insert(me.clone(), modules_named(&paths));
        if !me.iter().any(|m| m == "tests") {
            let code = text.split("#[cfg(test)]\nmod tests").next().unwrap_or_default();
            let (paths, crates) = named(code, me);
            names_outside_tests.insert(me.clone(), modules_named(&paths));
            outside.insert(me.clone(), crates);
        }
    }
    Crate { names, names_outside_tests, outside }
}

fn show(path: &ModPath) -> String {
    if path.is_empty() { "lib".to_string() } else { path.join("::") }
}

/// The top-level modules of the crate, from `src/lib.rs`'s `pub mod` lines.
fn top_level_modules() -> BTreeSet<String> {
    let lib = std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("src/lib.rs"))
        .expect("lib.rs can be read");
    lib.lines()
        .filter_map(|l| l.trim().strip_prefix("pub mod ").or_else(|| l.trim().strip_prefix("mod ")))
        .map(|m| m.trim_end_matches(';').to_string())
        .collect()
}

#[test]
fn every_module_has_its_layer() {
    let listed: BTreeSet<String> = LAYERS.iter().map(|(m, _)| m.to_string()).collect();
    let missing: Vec<String> = top_level_modules().difference(&listed).cloned().collect();
    assert!(missing.is_empty(), "modules without a layer in LAYERS: {missing:?}");
    // Each layer names only layers listed before it.
    for (i, (module, _)) in LAYERS.iter().enumerate() {
        for name in may_name(i) {
            let at = LAYERS.iter().position(|(m, _)| *m == name);
            assert!(at.is_some_and(|at| at < i), "{module} may name {name}, not under it");
        }
    }
}

#[test]
fn every_module_names_only_the_layers_under_it() {
    let krate = read_crate();
    let mut wrong = Vec::new();
    for (module, names) in &krate.names_outside_tests {
        let Some(top) = module.first() else { continue };
        if top == "main" {
            continue;
        }
        let Some(allowed) = LAYERS.iter().position(|(m, _)| m == top).map(may_name) else {
            wrong.push(format!("{} has no layer", show(module)));
            continue;
        };
        for named in names {
            let other = named.first().map(String::as_str).unwrap_or_default();
            if other != top && !allowed.contains(&other) {
                wrong.push(format!("{} names {}", show(module), show(named)));
            }
        }
    }
    for (module, crates) in &krate.outside {
        let top = module.first().map(String::as_str).unwrap_or_default();
        for name in crates {
            let allowed = OUTSIDE.iter().find(|(n, _)| n == name).map(|(_, a)| *a);
            if !allowed.is_some_and(|a| a.contains(&top)) {
                wrong.push(format!("{} names {name}", show(module)));
            }
        }
    }
    assert!(wrong.is_empty(), "modules reaching above their layer:\n{}", wrong.join("\n"));
}

#[test]
fn only_the_binary_names_the_command_line_module() {
    let krate = read_crate();
    let cli = vec!["cli".to_string()];
    let naming: Vec<String> = krate
        .names
        .iter()
        .filter(|(m, names)| m.first().is_some_and(|t| t != "main") && names.contains(&cli))
        .map(|(m, _)| show(m))
        .collect();
    assert!(naming.is_empty(), "cli is named by {naming:?}");
}

#[test]
fn the_files_of_a_directory_name_each_other_in_no_circle() {
    let krate = read_crate();
    // For each directory, its children and which name which (a child directory stands for
    // every module under it).
    let mut edges: BTreeMap<ModPath, BTreeSet<(String, String)>> = BTreeMap::new();
    for (module, names) in &krate.names_outside_tests {
        for named in names {
            let common = module.iter().zip(named).take_while(|(a, b)| a == b).count();
            if common < module.len() && common < named.len() {
                let dir = module[..common].to_vec();
                let pair = (module[common].clone(), named[common].clone());
                edges.entry(dir).or_default().insert(pair);
            }
        }
    }
    let mut circles = Vec::new();
    for (dir, pairs) in &edges {
        let nodes: BTreeSet<&String> = pairs.iter().flat_map(|(a, b)| [a, b]).collect();
        for start in &nodes {
            // A path back to `start` through the edges.
            let mut seen = BTreeSet::new();
            let mut stack = vec![(*start, vec![(*start).clone()])];
            while let Some((at, trail)) = stack.pop() {
                for (_, next) in pairs.iter().filter(|(a, _)| a == at) {
                    if next == *start {
                        let mut circle = trail.clone();
                        circle.push(next.clone());
                        circles.push(format!("{}: {}", show(dir), circle.join(" -> ")));
                    } else if seen.insert(next) {
                        let mut more = trail.clone();
                        more.push(next.clone());
                        stack.push((next, more));
                    }
                }
            }
        }
    }
    circles.sort();
    circles.dedup();
    assert!(circles.is_empty(), "files that name each other in a circle:\n{}", circles.join("\n"));
}

/// What taking a trick by hand takes: starting the next one, or adding the last trick's bonus.
const TAKING_A_TRICK: [&str; 2] = ["Trick::new(", "trick_bonus("];

#[test]
fn tricks_are_taken_only_by_the_rules_and_the_searchs_state() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = Vec::new();
    modules(&src, &[], &mut files);
    let mut by_hand = Vec::new();
    for (file, module) in &files {
        let allowed = module.first().is_some_and(|m| m == "rules")
            || *module == ["search", "state"]
            || module.iter().any(|m| m == "tests");
        if allowed {
            continue;
        }
        let text = std::fs::read_to_string(file).expect("a source file");
        let outside_tests = text.split("#[cfg(test)]\nmod tests").next().unwrap_or_default();
        for (n, line) in code(outside_tests).lines().enumerate() {
            if TAKING_A_TRICK.iter().any(|p| line.contains(p)) {
                let name = file.strip_prefix(&src).unwrap_or(file).display();
                by_hand.push(format!("src/{name}:{}: {}", n + 1, line.trim()));
            }
        }
    }
    assert!(by_hand.is_empty(), "tricks taken by hand:\n{}", by_hand.join("\n"));
}
