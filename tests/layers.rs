//! The crate's layers, read from its sources: which module names which.
//!
//! - The pure core (`rules`, `game`, `search`) and the leaves under it (`mix`, `personas`)
//!   name nothing of the players, the table, the command line or the disk, nor `clap`: the
//!   rules can be replayed and checked without them, and a new screen or command cannot make
//!   them depend on it.
//! - Only `main.rs` names `cli`.
//! - The files of one directory do not name each other in a circle: each file can be read
//!   knowing only the ones it names. Tests may name what they test from anywhere, so the code
//!   of tests is left out of this one.
//! - A trick is taken in the rules alone (`rules::TrickTaking::play`, which the game's card
//!   play, the views of a seat and the search's positions all hold), and in the search's own
//!   working copy, `search/state.rs`, kept for speed and checked against the rules by its tests:
//!   no other code starts the next trick or adds a trick's dix de der by hand.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// A module's path from the crate root: `["search", "solver"]`; `[]` is `lib.rs`.
type ModPath = Vec<String>;

/// What each module of the core may name besides itself.
const CORE: [(&str, &[&str]); 5] = [
    ("rules", &[]),
    ("mix", &[]),
    ("personas", &[]),
    ("search", &["rules", "mix"]),
    ("game", &["rules", "mix", "personas"]),
];

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
/// whether it names `clap`.
fn named(text: &str, me: &ModPath) -> (Vec<ModPath>, bool) {
    let code = code(text);
    let s = code.as_bytes();
    let mut out = Vec::new();
    let mut clap = false;
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
        if word == "clap" {
            clap = true;
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
    (out, clap)
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
    /// The modules that name `clap`.
    clap: BTreeSet<ModPath>,
}

fn read_crate() -> Crate {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = Vec::new();
    modules(&src, &[], &mut files);
    let all: BTreeSet<ModPath> = files.iter().map(|(_, m)| m.clone()).collect();
    let mut names = BTreeMap::new();
    let mut names_outside_tests = BTreeMap::new();
    let mut clap = BTreeSet::new();
    for (file, me) in &files {
        if file.file_name().is_some_and(|n| n == "main.rs") {
            // The binary is a crate of its own: its `contree::` paths name the library.
            let text = std::fs::read_to_string(file).expect("a source file");
            let (paths, _) = named(&text, &vec!["main".to_string()]);
            let set: BTreeSet<ModPath> =
                paths.iter().map(|p| module_of(p, &all)).filter(|m| !m.is_empty()).collect();
            names_outside_tests.insert(vec!["main".to_string()], set.clone());
            names.insert(vec!["main".to_string()], set);
            continue;
        }
        let text = std::fs::read_to_string(file).expect("a source file");
        let (paths, uses_clap) = named(&text, me);
        if uses_clap {
            clap.insert(me.clone());
        }
        let modules_named = |paths: &[ModPath]| -> BTreeSet<ModPath> {
            paths
                .iter()
                .map(|p| module_of(p, &all))
                .filter(|m| m != me && !me.starts_with(m))
                .collect()
        };
        names.insert(me.clone(), modules_named(&paths));
        if !me.iter().any(|m| m == "tests") {
            let outside = text.split("#[cfg(test)]\nmod tests").next().unwrap_or_default();
            names_outside_tests.insert(me.clone(), modules_named(&named(outside, me).0));
        }
    }
    Crate { names, names_outside_tests, clap }
}

fn show(path: &ModPath) -> String {
    if path.is_empty() { "lib".to_string() } else { path.join("::") }
}

#[test]
fn the_core_names_nothing_above_it_nor_clap() {
    let krate = read_crate();
    let mut wrong = Vec::new();
    for (module, names) in &krate.names {
        let Some((top, allowed)) =
            CORE.iter().find(|(top, _)| module.first().is_some_and(|m| m == top))
        else {
            continue;
        };
        for named in names {
            let other = named.first().map(String::as_str).unwrap_or_default();
            if other != *top && !allowed.contains(&other) {
                wrong.push(format!("{} names {}", show(module), show(named)));
            }
        }
        if krate.clap.contains(module) {
            wrong.push(format!("{} names clap", show(module)));
        }
    }
    assert!(wrong.is_empty(), "the core reaches above itself:\n{}", wrong.join("\n"));
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
        if dir.is_empty() {
            // The crate's own modules: bots and the table over the core, by design, but the
            // lib's children may name each other both ways (the store and the statistics).
            continue;
        }
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
