//! The crate's layers, read from its sources as Rust reads them: every file under `src/` is
//! parsed ([`syn`]), and every path it names is resolved to the module it names, so that no
//! comment, string or new file escapes the checks.
//!
//! - Every top-level module has its layer ([`LAYERS`]) and names only the layers under it:
//!   the pure core (`rules`, `text`, `game`, `search`) and its leaves name nothing of the
//!   players, the table, the command line or the disk; nothing under the front ends names
//!   `ui` or `line`, and these two do not name each other.
//! - The outside crates of [`OUTSIDE`] are named by their modules alone: the terminal's by the
//!   terminal table, the command line's by `cli`, the data directory's by the disk, the
//!   threads' and signals' by the session; the core names none of them.
//! - Only `main.rs` names `cli`.
//! - The files of one directory, and the crate's top-level modules, do not name each other in
//!   a circle: each can be read knowing only the ones it names. Tests may name what they test
//!   from anywhere: a `tests` module, in a file of its own or in a file's code under
//!   `#[cfg(test)]`, is left out of these checks.
//! - A trick is taken in the rules alone (`rules::TrickTaking::play`, which the game's card
//!   play, the views of a seat and the search's positions all hold), and in the search's own
//!   working copy, `search/state.rs`, kept for speed and checked against the rules by its tests:
//!   no other code starts the next trick or adds a trick's dix de der by hand.
//!
//! Each check reads sources given to it, so that the tests at the end can plant what the checks
//! must find (a name up a layer, a circle) and what they must not (a comment, a string, a test).

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

use proc_macro2::{TokenStream, TokenTree};
use syn::visit::Visit;

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
const LAYERS: [(&str, May); 21] = [
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
    // The course: its positions dealt by the game, judged by the rules, the solver and the
    // meanings of calls.
    ("learn", May::Name(&["rules", "personas", "text", "search", "game", "bots"])),
    ("exercises", May::Name(&["rules", "files", "text", "game", "bots"])),
    ("progress", May::Name(&["rules", "text", "game", "exercises"])),
    ("stats", May::Name(&["rules", "text", "game", "exercises", "progress"])),
    (
        "store",
        May::Name(&["rules", "files", "text", "game", "learn", "exercises", "stats", "progress"]),
    ),
    // The network table: the host and the client library, over the game and the bots.
    ("net", May::Name(&["rules", "personas", "files", "text", "game", "bots"])),
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

/// The outside crates that only some modules may name: the terminal's, the command line's,
/// the data directory's, the operating system's and the signals', and the network's.
/// The core (`rules`, `text`, `search`, `game`) is in none of these lists.
const OUTSIDE: [(&str, &[&str]); 12] = [
    ("ratatui", &["ui", "main"]),
    ("crossterm", &["ui", "main"]),
    ("clap", &["cli", "main"]),
    ("clap_complete", &["cli", "main"]),
    ("directories", &["store", "main"]),
    ("signal_hook", &["session", "ui", "main"]),
    ("libc", &["files"]),
    ("tokio", &["net", "main"]),
    ("rustls", &["net", "main"]),
    ("tokio_rustls", &["net", "main"]),
    ("rcgen", &["net", "main"]),
    ("ring", &["net", "main"]),
];

/// The core, which names no outside crate of [`OUTSIDE`].
const CORE: [&str; 4] = ["rules", "text", "search", "game"];

/// What taking a trick by hand takes: starting the next one, or adding the last trick's bonus.
const TAKING_A_TRICK: [(&str, &str); 2] = [("Trick", "new"), ("", "trick_bonus")];

/// One source file: where it is, the module it is, and its text.
struct Source {
    file: PathBuf,
    module: ModPath,
    text: String,
}

/// Every `.rs` file under `dir`, with its module path.
fn sources(dir: &Path, path: &[String], out: &mut Vec<Source>) {
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
            sources(&p, &sub, out);
        } else if p.extension().is_some_and(|e| e == "rs") {
            // `lib.rs` and a `mod.rs` are their directory's module; `main.rs` is the binary's.
            let mut module = path.to_vec();
            let lib = path.is_empty() && name == "lib";
            if name != "mod" && !lib {
                module.push(name);
            }
            let text = std::fs::read_to_string(&p).expect("a source file");
            out.push(Source { file: p, module, text });
        }
    }
}

/// The crate's sources.
fn crate_sources() -> Vec<Source> {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut out = Vec::new();
    sources(&src, &[], &mut out);
    out
}

/// A name found in a file: the module path it names (from the crate root), or the outside
/// crate it names, at a line, and whether it is in test code.
#[derive(Clone, Debug)]
struct Named {
    path: ModPath,
    outside: Option<String>,
    line: usize,
    test: bool,
}

/// Walks a parsed file and gathers what it names.
struct Walker<'a> {
    /// The module being walked (a file's, or an inline module's within it).
    here: ModPath,
    /// Whether `crate::` is the binary (`main.rs`), whose `contree::` names the library.
    binary: bool,
    /// How deep the walk is in test code.
    tests: usize,
    named: &'a mut Vec<Named>,
    /// The paths that take a trick by hand, at their line, in code outside the tests.
    by_hand: &'a mut Vec<usize>,
}

/// Whether `attrs` make test code: `#[test]`, `#[cfg(test)]` (or a `cfg` that names `test`).
fn is_test(attrs: &[syn::Attribute]) -> bool {
    attrs.iter().any(|a| {
        a.path().is_ident("test")
            || a.path().is_ident("cfg")
                && match &a.meta {
                    syn::Meta::List(list) => {
                        idents(list.tokens.clone()).iter().any(|i| i == "test")
                    }
                    _ => false,
                }
    })
}

/// Every identifier of `tokens`, groups included.
fn idents(tokens: TokenStream) -> Vec<String> {
    let mut out = Vec::new();
    for t in tokens {
        match t {
            TokenTree::Ident(i) => out.push(i.to_string()),
            TokenTree::Group(g) => out.extend(idents(g.stream())),
            _ => {}
        }
    }
    out
}

/// The attributes of `item`, for the kinds of item that carry code.
fn attrs_of(item: &syn::Item) -> &[syn::Attribute] {
    match item {
        syn::Item::Const(i) => &i.attrs,
        syn::Item::Enum(i) => &i.attrs,
        syn::Item::Fn(i) => &i.attrs,
        syn::Item::Impl(i) => &i.attrs,
        syn::Item::Macro(i) => &i.attrs,
        syn::Item::Mod(i) => &i.attrs,
        syn::Item::Static(i) => &i.attrs,
        syn::Item::Struct(i) => &i.attrs,
        syn::Item::Trait(i) => &i.attrs,
        syn::Item::Type(i) => &i.attrs,
        syn::Item::Union(i) => &i.attrs,
        syn::Item::Use(i) => &i.attrs,
        _ => &[],
    }
}

impl Walker<'_> {
    /// The module path a path starting with `first` (then `rest`) names, from the crate root;
    /// `None` for a path that starts elsewhere (a local name, the prelude, another crate).
    fn resolve(&self, first: &str, rest: &[String]) -> Option<ModPath> {
        let mut path = match first {
            "crate" if self.binary => return None,
            "crate" => Vec::new(),
            "contree" if self.binary => Vec::new(),
            "self" => self.here.clone(),
            "super" => self.here[..self.here.len().saturating_sub(1)].to_vec(),
            _ => return None,
        };
        let mut rest = rest.iter();
        // `super::super::…` climbs one module a step.
        for name in rest.by_ref() {
            if name == "super" && first == "super" {
                path.pop();
            } else {
                path.push(name.clone());
                break;
            }
        }
        path.extend(rest.cloned());
        Some(path)
    }

    /// Notes the path `segments`, starting at `line`.
    fn note(&mut self, segments: &[String], line: usize) {
        let Some((first, rest)) = segments.split_first() else { return };
        let test = self.tests > 0;
        if let Some(path) = self.resolve(first, rest) {
            self.named.push(Named { path, outside: None, line, test });
        } else if OUTSIDE.iter().any(|(name, _)| name == first) {
            let outside = Some(first.clone());
            self.named.push(Named { path: Vec::new(), outside, line, test });
        }
        let last_two = match segments {
            [.., a, b] => (a.as_str(), b.as_str()),
            [b] => ("", b.as_str()),
            [] => ("", ""),
        };
        if !test
            && TAKING_A_TRICK
                .iter()
                .any(|&(a, b)| (a, b) == last_two || (a.is_empty() && b == last_two.1))
        {
            self.by_hand.push(line);
        }
    }

    /// Notes every path of a use tree under `prefix`.
    fn use_tree(&mut self, tree: &syn::UseTree, prefix: &mut Vec<String>, line: usize) {
        match tree {
            syn::UseTree::Path(p) => {
                prefix.push(p.ident.to_string());
                self.use_tree(&p.tree, prefix, line);
                prefix.pop();
            }
            syn::UseTree::Name(n) => {
                prefix.push(n.ident.to_string());
                self.note(prefix, line);
                prefix.pop();
            }
            syn::UseTree::Rename(r) => {
                prefix.push(r.ident.to_string());
                self.note(prefix, line);
                prefix.pop();
            }
            syn::UseTree::Glob(_) => self.note(prefix, line),
            syn::UseTree::Group(g) => {
                for t in &g.items {
                    self.use_tree(t, prefix, line);
                }
            }
        }
    }

    /// Notes the paths written in a macro's tokens (`format!("{}", crate::x::y)`): a path is a
    /// run of identifiers joined by `::`, as the parser would read it. A string literal is one
    /// token, so a path inside a string names nothing.
    fn tokens(&mut self, tokens: TokenStream) {
        let mut run: Vec<String> = Vec::new();
        let mut line = 0;
        let mut colons = 0;
        let flush = |walker: &mut Self, run: &mut Vec<String>, line: usize| {
            if !run.is_empty() {
                walker.note(run, line);
                run.clear();
            }
        };
        for t in tokens {
            match t {
                TokenTree::Ident(i) => {
                    if colons != 2 {
                        flush(self, &mut run, line);
                        line = i.span().start().line;
                    }
                    colons = 0;
                    run.push(i.to_string());
                }
                TokenTree::Punct(p) if p.as_char() == ':' && colons < 2 && !run.is_empty() => {
                    colons += 1;
                }
                TokenTree::Group(g) => {
                    flush(self, &mut run, line);
                    colons = 0;
                    self.tokens(g.stream());
                }
                _ => {
                    flush(self, &mut run, line);
                    colons = 0;
                }
            }
        }
        flush(self, &mut run, line);
    }
}

impl<'ast> Visit<'ast> for Walker<'_> {
    fn visit_item(&mut self, item: &'ast syn::Item) {
        let test = is_test(attrs_of(item));
        self.tests += usize::from(test);
        syn::visit::visit_item(self, item);
        self.tests -= usize::from(test);
    }

    fn visit_impl_item_fn(&mut self, f: &'ast syn::ImplItemFn) {
        let test = is_test(&f.attrs);
        self.tests += usize::from(test);
        syn::visit::visit_impl_item_fn(self, f);
        self.tests -= usize::from(test);
    }

    fn visit_item_mod(&mut self, m: &'ast syn::ItemMod) {
        let inline = m.content.is_some();
        let tests = m.ident == "tests";
        if inline {
            self.here.push(m.ident.to_string());
        }
        self.tests += usize::from(tests);
        syn::visit::visit_item_mod(self, m);
        self.tests -= usize::from(tests);
        if inline {
            self.here.pop();
        }
    }

    fn visit_item_use(&mut self, u: &'ast syn::ItemUse) {
        let line = u.use_token.span.start().line;
        let mut prefix = Vec::new();
        self.use_tree(&u.tree, &mut prefix, line);
    }

    fn visit_path(&mut self, p: &'ast syn::Path) {
        let segments: Vec<String> = p.segments.iter().map(|s| s.ident.to_string()).collect();
        let line = p.segments.first().map_or(0, |s| s.ident.span().start().line);
        self.note(&segments, line);
        syn::visit::visit_path(self, p);
    }

    fn visit_macro(&mut self, m: &'ast syn::Macro) {
        self.visit_path(&m.path);
        self.tokens(m.tokens.clone());
    }
}

/// What a crate's sources name: for each file, its module, what it names, and the lines where
/// it takes a trick by hand.
struct Read {
    files: Vec<(PathBuf, ModPath, Vec<Named>, Vec<usize>)>,
    /// Every module of the crate, files and inline modules.
    modules: BTreeSet<ModPath>,
}

/// Parses `sources`; a file Rust cannot read fails the test with its error.
fn read(sources: &[Source]) -> Read {
    let mut files = Vec::new();
    let mut modules: BTreeSet<ModPath> = BTreeSet::new();
    for s in sources {
        let parsed = syn::parse_file(&s.text)
            .unwrap_or_else(|e| panic!("{}: not Rust as syn reads it: {e}", s.file.display()));
        let binary = s.module == ["main"];
        let here = if binary { Vec::new() } else { s.module.clone() };
        let (mut named, mut by_hand) = (Vec::new(), Vec::new());
        let mut walker =
            Walker { here, binary, tests: 0, named: &mut named, by_hand: &mut by_hand };
        // A file under a `tests` module is test code whole.
        walker.tests = usize::from(s.module.iter().any(|m| m == "tests"));
        walker.visit_file(&parsed);
        modules.insert(s.module.clone());
        files.push((s.file.clone(), s.module.clone(), named, by_hand));
    }
    Read { files, modules }
}

/// The longest prefix of `path` that is a module of the crate.
fn module_of(path: &ModPath, all: &BTreeSet<ModPath>) -> ModPath {
    (0..=path.len()).rev().map(|n| path[..n].to_vec()).find(|p| all.contains(p)).unwrap_or_default()
}

fn show(path: &ModPath) -> String {
    if path.is_empty() { "lib".to_string() } else { path.join("::") }
}

/// `file:line` for a report.
fn at(file: &Path, line: usize) -> String {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    format!("{}:{line}", file.strip_prefix(root).unwrap_or(file).display())
}

/// Every name of `read` that points above its module's layer, or at an outside crate its
/// module may not name, with its file and line.
fn upward_names(read: &Read) -> Vec<String> {
    let mut wrong = Vec::new();
    for (file, module, named, _) in &read.files {
        let Some(top) = module.first() else { continue };
        let allowed = LAYERS.iter().position(|(m, _)| m == top).map(may_name);
        for n in named.iter().filter(|n| !n.test) {
            if let Some(krate) = &n.outside {
                let ok = OUTSIDE.iter().any(|(c, by)| c == krate && by.contains(&top.as_str()));
                if !ok || CORE.contains(&top.as_str()) {
                    wrong.push(format!("{}: {} names {krate}", at(file, n.line), show(module)));
                }
                continue;
            }
            if top == "main" {
                continue;
            }
            let target = module_of(&n.path, &read.modules);
            let other = target.first().map(String::as_str).unwrap_or_default();
            let fine = other.is_empty()
                || other == top
                || allowed.as_ref().is_some_and(|a| a.contains(&other));
            if !fine {
                wrong.push(format!(
                    "{}: {} names {}",
                    at(file, n.line),
                    show(module),
                    show(&target)
                ));
            } else if allowed.is_none() {
                wrong.push(format!("{}: {} has no layer", at(file, n.line), show(module)));
            }
        }
    }
    wrong.sort();
    wrong.dedup();
    wrong
}

/// Every circle of names among the files of one directory (a child directory standing for
/// every module under it), outside the tests.
fn circles(read: &Read) -> Vec<String> {
    let mut edges: BTreeMap<ModPath, BTreeSet<(String, String)>> = BTreeMap::new();
    for (_, module, named, _) in &read.files {
        for n in named.iter().filter(|n| !n.test && n.outside.is_none()) {
            let named = module_of(&n.path, &read.modules);
            let common = module.iter().zip(&named).take_while(|(a, b)| a == b).count();
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
    circles
}

/// The top-level modules of the crate, from `src/lib.rs` as parsed.
fn top_level_modules() -> BTreeSet<String> {
    let lib = std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("src/lib.rs"))
        .expect("lib.rs can be read");
    let parsed = syn::parse_file(&lib).expect("lib.rs is Rust");
    parsed
        .items
        .iter()
        .filter_map(|i| match i {
            syn::Item::Mod(m) => Some(m.ident.to_string()),
            _ => None,
        })
        .collect()
}

/// The backticked names of a cell of a Markdown table: `` `arena.rs`, `arena/` `` is `arena`.
fn names_in(cell: &str) -> BTreeSet<String> {
    cell.split('`')
        .skip(1)
        .step_by(2)
        .map(|n| n.trim_end_matches('/').trim_end_matches(".rs").to_string())
        .collect()
}

/// Where the layers' table of an architecture page disagrees with [`LAYERS`]: a module with no
/// row, or a row that grants it more or less than the test allows. A row is `| modules | owns |
/// may name |` in the section "## The layers", its modules and the ones it may name backticked.
fn page_disagreements(page: &str) -> Vec<String> {
    let section = page.split("\n## ").find(|s| s.starts_with("The layers")).unwrap_or_default();
    let mut rows: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    for line in section.lines().filter(|l| l.starts_with("| `")) {
        let cells: Vec<&str> = line.trim_matches('|').split(" | ").collect();
        let (Some(modules), Some(may)) = (cells.first(), cells.last()) else { continue };
        for m in names_in(modules) {
            rows.insert(m, names_in(may));
        }
    }
    let mut wrong = Vec::new();
    for (i, (module, _)) in LAYERS.iter().enumerate() {
        let allowed: BTreeSet<String> = may_name(i).iter().map(|m| m.to_string()).collect();
        match rows.get(*module) {
            None => wrong.push(format!("{module}: no row")),
            Some(written) if *written != allowed => {
                wrong.push(format!("{module}: the page grants {written:?}, the test {allowed:?}"))
            }
            Some(_) => {}
        }
    }
    wrong
}

#[test]
fn the_architecture_page_grants_each_layer_what_the_test_does() {
    let page =
        std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("ARCHITECTURE.md"))
            .expect("ARCHITECTURE.md can be read");
    let wrong = page_disagreements(&page);
    assert!(
        wrong.is_empty(),
        "ARCHITECTURE.md's layers disagree with LAYERS:\n{}",
        wrong.join("\n")
    );
    // Planted: a row granting more, a row missing.
    let more = page.replace("| `rules`, `mix` |", "| `rules`, `mix`, `game` |");
    assert!(page_disagreements(&more).iter().any(|w| w.starts_with("search:")), "{more}");
    let gone = page.replace("| `mix.rs` |", "| mix |");
    assert_eq!(page_disagreements(&gone), vec!["mix: no row".to_string()]);
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
fn the_architecture_page_places_every_top_level_module() {
    let page =
        std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("ARCHITECTURE.md"))
            .expect("ARCHITECTURE.md can be read");
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let missing: Vec<String> = top_level_modules()
        .into_iter()
        .filter(|m| {
            // A directory is written `name/`, a file `name.rs`, as the layers' table writes them.
            let written =
                if src.join(m).is_dir() { format!("`{m}/`") } else { format!("`{m}.rs`") };
            !page.contains(&written)
        })
        .collect();
    assert!(missing.is_empty(), "modules ARCHITECTURE.md does not place: {missing:?}");
}

#[test]
fn every_module_names_only_the_layers_under_it() {
    let read = read(&crate_sources());
    // The walk reads the crate: thousands of names, a file of each top-level module among them.
    let names: usize = read.files.iter().map(|(_, _, named, _)| named.len()).sum();
    assert!(names > 2_000 && read.files.len() > 100, "{names} names in {} files", read.files.len());
    let wrong = upward_names(&read);
    assert!(wrong.is_empty(), "modules reaching above their layer:\n{}", wrong.join("\n"));
}

#[test]
fn only_the_binary_names_the_command_line_module() {
    let read = read(&crate_sources());
    let cli = vec!["cli".to_string()];
    let naming: Vec<String> = read
        .files
        .iter()
        .filter(|(_, m, _, _)| m.first().is_some_and(|t| t != "main" && t != "cli"))
        .flat_map(|(file, _, named, _)| {
            named
                .iter()
                .filter(|n| module_of(&n.path, &read.modules).starts_with(&cli))
                .map(move |n| at(file, n.line))
        })
        .collect();
    assert!(naming.is_empty(), "cli is named at {naming:?}");
}

#[test]
fn the_files_of_a_directory_name_each_other_in_no_circle() {
    let circles = circles(&read(&crate_sources()));
    assert!(circles.is_empty(), "files that name each other in a circle:\n{}", circles.join("\n"));
}

#[test]
fn tricks_are_taken_only_by_the_rules_and_the_searchs_state() {
    let read = read(&crate_sources());
    let by_hand: Vec<String> = read
        .files
        .iter()
        .filter(|(_, m, _, _)| {
            !(m.first().is_some_and(|t| t == "rules") || *m == ["search", "state"])
        })
        .flat_map(|(file, _, _, lines)| lines.iter().map(move |&l| at(file, l)))
        .collect();
    assert!(by_hand.is_empty(), "tricks taken by hand at:\n{}", by_hand.join("\n"));
}

/// A planted source: `module` (as `a/b` for `src/a/b.rs`) holding `text`.
fn planted(module: &str, text: &str) -> Source {
    let module: ModPath = module.split('/').map(String::from).collect();
    let file = PathBuf::from(format!("src/{}.rs", module.join("/")));
    Source { file, module, text: text.to_string() }
}

#[test]
fn a_name_planted_up_a_layer_is_found_with_its_line_and_a_comment_or_a_string_is_not() {
    let rules = planted(
        "rules/seat",
        r#"//! `crate::ui` named in a comment names nothing.
/// Nor in a doc comment: [`crate::session::Session`].
pub fn fine() -> &'static str {
    // crate::store::Store
    "crate::bots::Level and ratatui::Frame in a string"
}

pub fn up() {
    let _ = crate::ui::draw();
}

pub fn up_in_a_macro() -> String {
    format!("{:?}", crate::session::Session::new())
}

pub fn terminal(f: &mut ratatui::Frame) {}

#[cfg(test)]
mod tests {
    use crate::ui::App;
}
"#,
    );
    let store = planted("store/save", "use super::super::bots::Level;\nuse crate::rules::Seat;\n");
    let named = ["ui", "session", "bots"].map(|m| planted(m, ""));
    let mut sources = vec![rules, store];
    sources.extend(named);
    let read = read(&sources);
    let wrong = upward_names(&read);
    assert_eq!(
        wrong,
        [
            "src/rules/seat.rs:13: rules::seat names session",
            "src/rules/seat.rs:16: rules::seat names ratatui",
            "src/rules/seat.rs:9: rules::seat names ui",
            "src/store/save.rs:1: store::save names bots",
        ],
        "{wrong:#?}"
    );
}

#[test]
fn a_circle_planted_among_the_files_of_a_directory_is_found() {
    let a = planted("game/a", "use super::b::B;\npub struct A;\n");
    let b = planted("game/b", "pub struct B(crate::game::a::A);\n");
    let c = planted("game/c", "#[cfg(test)]\nfn t() { let _ = super::a::A; }\n");
    let found = circles(&read(&[a, b, c]));
    assert_eq!(found, ["game: a -> b -> a", "game: b -> a -> b"], "{found:#?}");
}

#[test]
fn a_trick_taken_by_hand_is_found() {
    let game = planted("game/play", "fn next() { let t = crate::rules::Trick::new(lead); }\n");
    let read = read(&[game]);
    assert_eq!(read.files[0].3, [1]);
}
