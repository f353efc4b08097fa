//! What a line typed at the line mode asks for: a card ("jack of spades", "js", "10h", "play 10
//! hearts", "jouer valet de pique"), a call ("pass", "100 hearts", "bid 100 h", "capot spades",
//! "contre"), or one of the table's other commands in words ("hand", "score", "hint", "help",
//! "quit"). The words of both languages are understood whatever the table's language, with or
//! without accents; the one-letter ranks and suits are the table's language's (J Q K A and S H D C
//! in English, V D R A and P C K T in French, as the table writes them), since the two overlap.

use crate::rules::{Bid, BidLevel, Call, Card, Rank, Suit, Trump};
use crate::text::Lang;

/// A command of the line mode.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Command {
    /// Play this card.
    Play(Card),
    /// Make this call. `Call::Contre` stands for the contre or the surcontre, whichever may be
    /// said.
    Call(Call),
    /// A bid at a level there is not ("170 hearts", "85 hearts"): bids go from 80 to 160 by
    /// tens, then capot.
    NoSuchBid,
    /// A command of this kind that takes a number, given something else: a sign, a point, a
    /// word ("explain -1", "deal 1.5").
    NotANumber(Kind),
    /// Yes to the question asked: the contre, surcontre or capot is made.
    Yes,
    /// No to it: the call is forgotten.
    No,
    /// Declare what South holds, with its first card.
    Declare,
    /// Declare nothing.
    KeepQuiet,
    /// Say South's hand.
    Hand,
    /// Say the trick on the table.
    Trick,
    /// Say the last trick taken.
    LastTrick,
    /// Say every trick taken in the deal.
    Tricks,
    /// Say the score.
    Score,
    /// Say the game's deals, one line each.
    History,
    /// Say a finished deal of the game (from 1): its summary and its tricks.
    Deal(usize),
    /// Ask the expert's analysis of a finished deal (from 1), the last one by default.
    Analysis(Option<usize>),
    /// Follow the expert's line after the first clear mistake of the last deal, or of one.
    ExpertLine(Option<usize>),
    /// The next trick of the expert's line.
    Next,
    /// Say who plays at the table.
    Players,
    /// Say the rules of the game.
    Rules,
    /// List the commands.
    Help,
    /// Say the words of the table: what the hint's and the analysis' measures mean.
    Glossary,
    /// Ask what the expert would do.
    Hint,
    /// Say what the calls of the auction show under the bots' convention: every call, or call
    /// N (from 1).
    Explain(Option<usize>),
    /// Say who holds what: the chance that each other seat holds each card South has not seen.
    Holds,
    /// Say the trend of the games filed: the mistakes' cost and the balance against the expert.
    Progress,
    /// Claim the rest of the tricks.
    Claim,
    /// Play a finished deal of the game (from 1) again.
    PlayAgain(usize),
    /// Take back South's last call or card.
    Undo,
    /// A new game, once the game is over.
    New,
    /// Save and leave.
    Quit,
    /// Say again what the table waits for: an empty line.
    Again,
}

/// A text as the parser reads it: lower case, accents and œ taken off, the suit glyphs as the
/// names, and everything but letters and digits a space.
fn normalise(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars().flat_map(char::to_lowercase) {
        let plain: &str = match c {
            'à' | 'â' | 'ä' => "a",
            'é' | 'è' | 'ê' | 'ë' => "e",
            'î' | 'ï' => "i",
            'ô' | 'ö' => "o",
            'ù' | 'û' | 'ü' => "u",
            'ç' => "c",
            'œ' => "oe",
            '♠' | '♤' => " spades ",
            '♥' | '♡' => " hearts ",
            '♦' | '♢' => " diamonds ",
            '♣' | '♧' => " clubs ",
            c if c.is_ascii_alphanumeric() => {
                out.push(c);
                continue;
            }
            _ => " ",
        };
        out.push_str(plain);
    }
    out
}

/// A rank named in full, in either language, or by its digits.
fn rank_word(word: &str) -> Option<Rank> {
    Some(match word {
        "7" | "seven" | "sept" => Rank::Seven,
        "8" | "eight" | "huit" => Rank::Eight,
        "9" | "nine" | "neuf" => Rank::Nine,
        "10" | "ten" | "dix" => Rank::Ten,
        "jack" | "knave" | "valet" => Rank::Jack,
        "queen" | "dame" => Rank::Queen,
        "king" | "roi" => Rank::King,
        "ace" | "as" => Rank::Ace,
        _ => return None,
    })
}

/// A rank by its letter in `lang`.
fn rank_letter(lang: Lang, letter: &str) -> Option<Rank> {
    Some(match (lang, letter) {
        (Lang::En, "j") | (Lang::Fr, "v") => Rank::Jack,
        (Lang::En, "q") | (Lang::Fr, "d") => Rank::Queen,
        (Lang::En, "k") | (Lang::Fr, "r") => Rank::King,
        (_, "a") => Rank::Ace,
        _ => return None,
    })
}

/// A suit named in full, in either language.
fn suit_word(word: &str) -> Option<Suit> {
    Some(match word {
        "spades" | "spade" | "pique" | "piques" => Suit::Spades,
        "hearts" | "heart" | "coeur" | "coeurs" => Suit::Hearts,
        "diamonds" | "diamond" | "carreau" | "carreaux" => Suit::Diamonds,
        "clubs" | "club" | "trefle" | "trefles" => Suit::Clubs,
        _ => return None,
    })
}

/// A suit by its letter in `lang`.
fn suit_letter(lang: Lang, letter: &str) -> Option<Suit> {
    Some(match (lang, letter) {
        (Lang::En, "s") | (Lang::Fr, "p") => Suit::Spades,
        (Lang::En, "h") | (Lang::Fr, "c") => Suit::Hearts,
        (Lang::En, "d") | (Lang::Fr, "k") => Suit::Diamonds,
        (Lang::En, "c") | (Lang::Fr, "t") => Suit::Clubs,
        _ => return None,
    })
}

fn suit(lang: Lang, word: &str) -> Option<Suit> {
    suit_word(word).or_else(|| suit_letter(lang, word))
}

fn rank(lang: Lang, word: &str) -> Option<Rank> {
    rank_word(word).or_else(|| rank_letter(lang, word))
}

/// A card: "jack of spades", "valet de pique", "jack spades", "j s", "js", "10h".
fn card(lang: Lang, words: &[&str]) -> Option<Card> {
    let words: Vec<&str> = words
        .iter()
        .copied()
        .filter(|w| !matches!(*w, "of" | "de" | "du" | "the" | "le" | "la" | "l"))
        .collect();
    match words.as_slice() {
        [r, s] => Some(Card::new(suit(lang, s)?, rank(lang, r)?)),
        [one] => {
            // Rank and suit letter run together: "js", "10h", "vp".
            let split = one.char_indices().last()?.0;
            let (r, s) = one.split_at(split);
            Some(Card::new(suit_letter(lang, s)?, rank(lang, r)?))
        }
        _ => None,
    }
}

/// A trump mode: a suit, sans atout or tout atout, in either language.
fn trump(lang: Lang, words: &[&str]) -> Option<Trump> {
    match words {
        [w] => match *w {
            "nt" | "sa" | "notrump" | "notrumps" => Some(Trump::NoTrump),
            "at" | "ta" | "alltrump" | "alltrumps" => Some(Trump::AllTrump),
            w => suit(lang, w).map(Trump::Suit),
        },
        ["no", "trump" | "trumps"] | ["sans", "atout" | "atouts"] => Some(Trump::NoTrump),
        ["all", "trump" | "trumps"] | ["tout" | "tous", "atout" | "atouts"] => {
            Some(Trump::AllTrump)
        }
        _ => None,
    }
}

/// A bid: "100 hearts", "100 h", "capot spades", "90 no trump".
fn bid(lang: Lang, words: &[&str]) -> Option<Bid> {
    let (level, rest) = words.split_first()?;
    let level = match *level {
        "capot" => BidLevel::Capot,
        n => BidLevel::points(n.parse().ok()?)?,
    };
    Some(Bid { level, trump: trump(lang, rest)? })
}

/// Whether `words` are a number and a trump, as a bid is written, at a level there is not:
/// "170 hearts", "85 no trump".
fn no_such_bid(lang: Lang, words: &[&str]) -> bool {
    match words.split_first() {
        Some((level, rest)) => number(level).is_some() && trump(lang, rest).is_some(),
        None => false,
    }
}

/// A number written in digits; one too large to count anything is [`usize::MAX`], beyond
/// every deal and call there is.
fn number(word: &str) -> Option<usize> {
    if word.is_empty() || !word.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    Some(word.parse().unwrap_or(usize::MAX))
}

/// The kind of the command that `word` names when it names one that takes a number: a deal's,
/// or a call's.
fn numbered(lang: Lang, word: &str) -> Option<Kind> {
    let kind = parse(lang, &format!("{word} 1"))?.kind();
    matches!(kind, Kind::Deal | Kind::Analysis | Kind::ExpertLine | Kind::Explain | Kind::PlayAgain)
        .then_some(kind)
}

/// What `text` asks for, in a table speaking `lang`; `None` when it is not understood.
pub fn parse(lang: Lang, text: &str) -> Option<Command> {
    if text.trim() == "?" {
        return Some(Command::Help);
    }
    // A command that takes a number, given anything but a plain one, is refused with what it
    // takes: its sign or point would go with the rest of the punctuation, and "explain -1"
    // would explain call 1.
    if let [first, given] = text.split_whitespace().collect::<Vec<_>>().as_slice()
        && number(given).is_none()
        && let Some(kind) = numbered(lang, first)
    {
        return Some(Command::NotANumber(kind));
    }
    let text = normalise(text);
    let words: Vec<&str> = text.split_whitespace().collect();
    let command = match words.as_slice() {
        [] => Command::Again,
        ["pass" | "passe"] | ["je", "passe"] | ["no", "bid"] => Command::Call(Call::Pass),
        ["contre" | "double" | "coinche"] => Command::Call(Call::Contre),
        ["surcontre" | "redouble" | "surcoinche"] | ["sur", "contre"] => {
            Command::Call(Call::Surcontre)
        }
        ["yes" | "y" | "oui" | "o"] => Command::Yes,
        ["no" | "n" | "non"] => Command::No,
        ["declare" | "annoncer" | "annonce"] | ["j", "annonce"] => Command::Declare,
        ["keep", "quiet"] | ["quiet"] | ["se", "taire"] | ["taire"] | ["rien"] | ["nothing"] => {
            Command::KeepQuiet
        }
        ["hand" | "main" | "cards" | "cartes"] | ["my", "hand"] | ["ma", "main"] => Command::Hand,
        ["trick" | "pli" | "table"] => Command::Trick,
        ["last" | "dernier"] | ["last", "trick"] | ["dernier", "pli"] => Command::LastTrick,
        ["tricks" | "plis"] => Command::Tricks,
        ["score" | "points" | "marque"] => Command::Score,
        ["history" | "historique"] => Command::History,
        ["deal" | "donne", n] => Command::Deal(number(n)?),
        ["analysis" | "analyse" | "analyze"] => Command::Analysis(None),
        ["analysis" | "analyse" | "analyze", n] => Command::Analysis(Some(number(n)?)),
        ["line" | "ligne"] => Command::ExpertLine(None),
        ["line" | "ligne", n] => Command::ExpertLine(Some(number(n)?)),
        ["next" | "suivant" | "suite"] => Command::Next,
        ["players" | "joueurs" | "who"] => Command::Players,
        ["rules" | "regles" | "regle"] => Command::Rules,
        ["help" | "aide" | "commands" | "commandes"] => Command::Help,
        ["words" | "mots" | "glossary" | "glossaire"] => Command::Glossary,
        ["hint" | "conseil" | "advice"] => Command::Hint,
        ["explain" | "expliquer" | "explique" | "explications"] => Command::Explain(None),
        ["explain" | "expliquer" | "explique", n] => Command::Explain(Some(number(n)?)),
        ["holds" | "odds"] | ["who", "holds", "what"] | ["qui", "a", "quoi"] | ["chances"] => {
            Command::Holds
        }
        ["progress" | "progres" | "progression" | "trend" | "tendance"] => Command::Progress,
        ["claim" | "revendiquer" | "revendique"] | ["claim", "the", "rest"] => Command::Claim,
        ["again" | "replay" | "rejouer", n] => Command::PlayAgain(number(n)?),
        ["undo" | "reprendre" | "annuler"] | ["take", "back"] => Command::Undo,
        ["new" | "nouvelle"] | ["new", "game"] | ["nouvelle", "partie"] => Command::New,
        ["quit" | "q" | "exit" | "quitter" | "bye"] => Command::Quit,
        ["play" | "jouer" | "joue", rest @ ..] => Command::Play(card(lang, rest)?),
        ["bid" | "enchere" | "encherir", rest @ ..] if !rest.is_empty() => match bid(lang, rest) {
            Some(b) => Command::Call(Call::Bid(b)),
            None if no_such_bid(lang, rest) => Command::NoSuchBid,
            None => return None,
        },
        // "10 hearts" is a card: a number and a suit are a bid only at a bid's level.
        all => match (bid(lang, all), card(lang, all)) {
            (Some(b), _) => Command::Call(Call::Bid(b)),
            (None, Some(c)) => Command::Play(c),
            (None, None) if no_such_bid(lang, all) => Command::NoSuchBid,
            (None, None) => return None,
        },
    };
    Some(command)
}

/// A kind of command, as the help lists it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// A card.
    Play,
    /// A bid.
    Bid,
    /// A pass.
    Pass,
    /// A contre or surcontre.
    Contre,
    /// Yes to a question.
    Yes,
    /// No to it.
    No,
    /// Declare.
    Declare,
    /// Declare nothing.
    KeepQuiet,
    /// South's hand.
    Hand,
    /// The trick on the table.
    Trick,
    /// The last trick.
    LastTrick,
    /// The deal's tricks.
    Tricks,
    /// The score.
    Score,
    /// The history.
    History,
    /// A finished deal.
    Deal,
    /// An analysis.
    Analysis,
    /// The expert's line.
    ExpertLine,
    /// Its next trick.
    Next,
    /// The players.
    Players,
    /// The rules.
    Rules,
    /// The commands.
    Help,
    /// The words of the table.
    Glossary,
    /// A hint.
    Hint,
    /// The calls explained.
    Explain,
    /// Who holds what.
    Holds,
    /// The trend of the games filed.
    Progress,
    /// A claim of the rest of the tricks.
    Claim,
    /// A finished deal played again.
    PlayAgain,
    /// A take-back.
    Undo,
    /// A new game.
    New,
    /// Leaving.
    Quit,
    /// The turn said again.
    Again,
}

impl Command {
    /// The kind of the command.
    pub fn kind(self) -> Kind {
        match self {
            Command::Play(_) => Kind::Play,
            Command::Call(Call::Bid(_)) | Command::NoSuchBid => Kind::Bid,
            Command::NotANumber(kind) => kind,
            Command::Call(Call::Pass) => Kind::Pass,
            Command::Call(Call::Contre | Call::Surcontre) => Kind::Contre,
            Command::Yes => Kind::Yes,
            Command::No => Kind::No,
            Command::Declare => Kind::Declare,
            Command::KeepQuiet => Kind::KeepQuiet,
            Command::Hand => Kind::Hand,
            Command::Trick => Kind::Trick,
            Command::LastTrick => Kind::LastTrick,
            Command::Tricks => Kind::Tricks,
            Command::Score => Kind::Score,
            Command::History => Kind::History,
            Command::Deal(_) => Kind::Deal,
            Command::Analysis(_) => Kind::Analysis,
            Command::ExpertLine(_) => Kind::ExpertLine,
            Command::Next => Kind::Next,
            Command::Players => Kind::Players,
            Command::Rules => Kind::Rules,
            Command::Help => Kind::Help,
            Command::Glossary => Kind::Glossary,
            Command::Hint => Kind::Hint,
            Command::Explain(_) => Kind::Explain,
            Command::Holds => Kind::Holds,
            Command::Progress => Kind::Progress,
            Command::Claim => Kind::Claim,
            Command::PlayAgain(_) => Kind::PlayAgain,
            Command::Undo => Kind::Undo,
            Command::New => Kind::New,
            Command::Quit => Kind::Quit,
            Command::Again => Kind::Again,
        }
    }
}

impl Kind {
    /// The table's command this kind of line stands for, where the rules of a game may leave it
    /// nothing to do at all: the help of such a game leaves it out, as the table's help leaves
    /// out its key ([`crate::session::commands::availability`]).
    pub fn cmd(self) -> Option<crate::session::commands::Cmd> {
        use crate::session::commands::Cmd;
        match self {
            Kind::Declare => Some(Cmd::Declare),
            Kind::KeepQuiet => Some(Cmd::KeepQuiet),
            _ => None,
        }
    }
}

/// A command as the help lists it: a few ways to say it and what it does, in English then in
/// French.
#[derive(Clone, Copy, Debug)]
pub struct Word {
    /// The kind of command.
    pub kind: Kind,
    /// Ways to say it, each a whole command, between commas.
    pub said: [&'static str; 2],
    /// What it does.
    pub does: [&'static str; 2],
}

/// Every command of the line mode, as the help lists them.
pub const WORDS: &[Word] = &[
    Word {
        kind: Kind::Play,
        said: [
            "play jack of spades, jack of spades, js, 10h",
            "jouer valet de pique, valet de pique, vp, 10c",
        ],
        does: ["play a card", "jouer une carte"],
    },
    Word {
        kind: Kind::Bid,
        said: [
            "100 hearts, bid 100 h, capot spades, 90 no trump",
            "100 coeur, enchere 100 c, capot pique, 90 sans atout",
        ],
        does: ["bid", "faire une enchère"],
    },
    Word { kind: Kind::Pass, said: ["pass", "passe"], does: ["pass", "passer"] },
    Word {
        kind: Kind::Contre,
        said: ["contre, surcontre", "contre, surcontre"],
        does: ["contre, or surcontre a contre", "contrer, ou surcontrer un contre"],
    },
    Word {
        kind: Kind::Yes,
        said: ["yes, y", "oui, o"],
        does: [
            "confirm a contre, surcontre or capot",
            "confirmer un contre, un surcontre ou un capot",
        ],
    },
    Word { kind: Kind::No, said: ["no, n", "non, n"], does: ["cancel it", "l'annuler"] },
    Word {
        kind: Kind::Declare,
        said: ["declare", "annoncer"],
        does: [
            "declare what you hold with your first card",
            "annoncer votre jeu avec votre première carte",
        ],
    },
    Word {
        kind: Kind::KeepQuiet,
        said: ["keep quiet", "se taire"],
        does: ["declare nothing", "ne rien annoncer"],
    },
    Word { kind: Kind::Hand, said: ["hand", "main"], does: ["your cards", "vos cartes"] },
    Word {
        kind: Kind::Trick,
        said: ["trick", "pli"],
        does: ["the cards on the table", "les cartes sur la table"],
    },
    Word {
        kind: Kind::LastTrick,
        said: ["last trick, last", "dernier pli, dernier"],
        does: ["the last trick taken", "le dernier pli"],
    },
    Word {
        kind: Kind::Tricks,
        said: ["tricks", "plis"],
        does: ["every trick of the deal", "tous les plis de la donne"],
    },
    Word { kind: Kind::Score, said: ["score", "score"], does: ["the score", "le score"] },
    Word {
        kind: Kind::History,
        said: ["history", "historique"],
        does: ["the deals of the game", "les donnes de la partie"],
    },
    Word {
        kind: Kind::Deal,
        said: ["deal 2", "donne 2"],
        does: ["a finished deal, with its tricks", "une donne finie, avec ses plis"],
    },
    Word {
        kind: Kind::Analysis,
        said: ["analysis, analysis 2", "analyse, analyse 2"],
        does: [
            "the expert's analysis of the last deal, or of one",
            "l'analyse de l'expert de la dernière donne, ou d'une autre",
        ],
    },
    Word {
        kind: Kind::ExpertLine,
        said: ["line, line 2", "ligne, ligne 2"],
        does: [
            "after the analysis, the rest of the deal from your first clear mistake in your cards, as the solver plays it seeing every hand",
            "après l'analyse, la suite de la donne depuis votre première erreur nette dans vos cartes, comme la joue le solveur qui voit toutes les mains",
        ],
    },
    Word {
        kind: Kind::Next,
        said: ["next", "suivant"],
        does: ["the next trick of that line", "le pli suivant de cette ligne"],
    },
    Word {
        kind: Kind::Players,
        said: ["players", "joueurs"],
        does: ["who plays at the table", "qui est à la table"],
    },
    Word { kind: Kind::Rules, said: ["rules", "regles"], does: ["the rules", "les règles"] },
    Word {
        kind: Kind::Help,
        said: ["help, ?", "aide, ?"],
        does: ["these commands", "ces commandes"],
    },
    Word {
        kind: Kind::Glossary,
        said: ["words, glossary", "mots, glossaire"],
        does: [
            "what the words of the hints and the analysis mean: likely deals, points for us, card \
             points, give or take",
            "ce que veulent dire les mots des conseils et de l'analyse : donnes probables, points \
             pour nous, points de plis, à N près",
        ],
    },
    Word {
        kind: Kind::Hint,
        said: ["hint", "conseil"],
        does: ["what the expert would do", "ce que ferait l'expert"],
    },
    Word {
        kind: Kind::Explain,
        said: ["explain, explain 3", "expliquer, expliquer 3"],
        does: [
            "what each call of the auction shows, or call 3",
            "ce que montre chaque annonce des enchères, ou l'annonce 3",
        ],
    },
    Word {
        kind: Kind::Holds,
        said: ["holds, who holds what", "qui a quoi, chances"],
        does: [
            "the chance that each other player holds each card you have not seen",
            "la chance que chaque autre joueur ait chaque carte que vous n'avez pas vue",
        ],
    },
    Word {
        kind: Kind::Progress,
        said: ["progress", "progression, progres"],
        does: [
            "the trend of your games: what your clear mistakes cost, your balance against the expert",
            "la tendance de vos parties : le coût de vos erreurs nettes, votre écart avec l'expert",
        ],
    },
    Word {
        kind: Kind::Claim,
        said: ["claim", "revendiquer"],
        does: [
            "on your turn to play, claim the rest of the tricks",
            "à votre tour de jouer, revendiquer les plis restants",
        ],
    },
    Word {
        kind: Kind::PlayAgain,
        said: ["again 2", "rejouer 2"],
        does: [
            "play a finished deal again, counted nowhere",
            "rejouer une donne finie, comptée nulle part",
        ],
    },
    Word {
        kind: Kind::Undo,
        said: ["undo, take back", "reprendre, annuler"],
        does: ["take back your last call or card", "reprendre votre dernière enchère ou carte"],
    },
    Word {
        kind: Kind::New,
        said: ["new, new game", "nouvelle, nouvelle partie"],
        does: [
            "a new game, once the game is over",
            "une nouvelle partie, une fois la partie finie",
        ],
    },
    Word {
        kind: Kind::Again,
        said: ["an empty line", "une ligne vide"],
        does: ["what the table waits for, again", "ce que la table attend, à nouveau"],
    },
    Word {
        kind: Kind::Quit,
        said: ["quit, q", "quitter, q"],
        does: [
            "save and leave (so does the end of the input)",
            "enregistrer et partir (la fin de l'entrée aussi)",
        ],
    },
];

/// Why a key of the table has no word of its own in the line mode.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NoWord {
    /// It moves a cursor over cards or bids, or picks one: a line names the card or the call.
    Named,
    /// It scrolls, closes or goes through a screen: every line is said whole, once, and nothing
    /// is left on show to close; a deal's summary goes on to the next deal by itself.
    Screen,
    /// It stops the program: the shell's Ctrl-Z stops a program of lines as it is.
    Shell,
}

/// The line mode's word for what `cmd` does in `mode` at the table, or why there is none.
pub fn word_for(
    mode: crate::session::commands::Mode,
    cmd: crate::session::commands::Cmd,
) -> Result<Kind, NoWord> {
    use crate::session::commands::{Cmd, Mode};
    Ok(match (mode, cmd) {
        (Mode::Bidding, Cmd::Act) => Kind::Bid,
        (Mode::Playing | Mode::Declare, Cmd::Act) => Kind::Play,
        (Mode::GameOver, Cmd::Act) => Kind::New,
        (Mode::History, Cmd::Act) => Kind::Deal,
        (Mode::Tricks, Cmd::Left | Cmd::Right) => Kind::Tricks,
        (Mode::ExpertLine, Cmd::Left | Cmd::Right) => Kind::Next,
        (
            Mode::Bidding | Mode::Playing | Mode::Declare,
            Cmd::Left | Cmd::Right | Cmd::Up | Cmd::Down,
        )
        | (_, Cmd::Pick | Cmd::NextButton | Cmd::PrevButton) => return Err(NoWord::Named),
        (
            _,
            Cmd::Left
            | Cmd::Right
            | Cmd::Up
            | Cmd::Down
            | Cmd::PageUp
            | Cmd::PageDown
            | Cmd::Act
            | Cmd::Close,
        ) => {
            return Err(NoWord::Screen);
        }
        (_, Cmd::Suspend) => return Err(NoWord::Shell),
        // The line mode says a claim whole, at once: there is nothing to skip.
        (_, Cmd::SkipClaim) => return Err(NoWord::Screen),
        (_, Cmd::Holds) => Kind::Holds,
        (_, Cmd::Progress) => Kind::Progress,
        (_, Cmd::Pass) => Kind::Pass,
        (_, Cmd::Contre) => Kind::Contre,
        (_, Cmd::NoTrump | Cmd::AllTrump) => Kind::Bid,
        (_, Cmd::Declare) => Kind::Declare,
        (_, Cmd::KeepQuiet) => Kind::KeepQuiet,
        (_, Cmd::LastTrick) => Kind::LastTrick,
        (_, Cmd::Undo) => Kind::Undo,
        // The menu's items are words of their own: the rules, the help, leaving.
        (_, Cmd::Menu) => Kind::Help,
        (_, Cmd::Players) => Kind::Players,
        (_, Cmd::Yes) => Kind::Yes,
        (_, Cmd::No) => Kind::No,
        (_, Cmd::History) => Kind::History,
        (_, Cmd::Help) => Kind::Help,
        (_, Cmd::Hint) => Kind::Hint,
        (_, Cmd::Claim) => Kind::Claim,
        (_, Cmd::PlayAgain) => Kind::PlayAgain,
        (_, Cmd::ExpertLine) => Kind::ExpertLine,
        (_, Cmd::Analysis) => Kind::Analysis,
        (_, Cmd::Quit) => Kind::Quit,
    })
}
