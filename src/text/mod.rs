//! Every word the table shows, in French and English. [`T`] names each text and [`T::get`]
//! matches every variant to both languages, so a missing translation does not compile. Card,
//! suit, seat and call names follow the language and the suit style (glyphs or letters).

use serde::{Deserialize, Serialize};

use crate::bots::expert::{Advice, Cost, DoubleDummy, Reason};
use crate::files::{FileKind, ReadError, Thing};
use crate::game::{DealResult, ExpertInSeat, LoadError, SAVE_VERSION};
use crate::rules::{
    Bid, BidLevel, Call, Combination, Contract, Declaration, Multiplier, Rank, RuleSet, Rules,
    Seat, Suit, Team, Trump,
};
use crate::store::{
    Cause, GAMES_FILE, GameResult, Left, Operation, Resume, SetAside, StoreError, Unfit,
};

/// What a store that only reads says of a file it could not use (the store's own words are the
/// English).
const ONLY_READ_FR: &str = "il a seulement été lu, pas déplacé";

/// A number with its sign, the minus a true minus: "+25", "−60", "0".
pub fn signed(n: i64) -> String {
    match n {
        0 => "0".into(),
        n if n < 0 => format!("−{}", n.unsigned_abs()),
        n => format!("+{n}"),
    }
}

/// A language of the table.
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize, clap::ValueEnum,
)]
#[serde(rename_all = "kebab-case")]
pub enum Lang {
    /// Français.
    Fr,
    /// English.
    #[default]
    En,
}

impl Lang {
    /// Both languages.
    pub const ALL: [Lang; 2] = [Lang::Fr, Lang::En];

    /// The language named by a locale value such as `fr_FR.UTF-8` (French for `fr*`).
    pub fn from_locale(value: &str) -> Lang {
        if value.to_ascii_lowercase().starts_with("fr") { Lang::Fr } else { Lang::En }
    }

    /// The language of the environment: the first of `LC_ALL`, `LC_MESSAGES`, `LANG` that is set.
    pub fn from_env() -> Lang {
        ["LC_ALL", "LC_MESSAGES", "LANG"]
            .iter()
            .filter_map(|k| std::env::var(k).ok())
            .find(|v| !v.is_empty())
            .map_or(Lang::En, |v| Lang::from_locale(&v))
    }

    /// The language's own name.
    pub const fn name(self) -> &'static str {
        match self {
            Lang::Fr => "Français",
            Lang::En => "English",
        }
    }
}

/// How suits are drawn.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum SuitStyle {
    /// ♠ ♥ ♦ ♣.
    #[default]
    Glyphs,
    /// Letters (S H D C in English, P C K T in French), for terminals without the glyphs.
    Letters,
}

/// Whether the locale of the environment can show UTF-8 (checked in `LC_ALL`, `LC_CTYPE`, `LANG`).
pub fn locale_is_utf8() -> bool {
    ["LC_ALL", "LC_CTYPE", "LANG"]
        .iter()
        .filter_map(|k| std::env::var(k).ok())
        .find(|v| !v.is_empty())
        .is_none_or(|v| {
            let v = v.to_ascii_lowercase();
            v.contains("utf-8") || v.contains("utf8")
        })
}

/// Seconds since the Unix epoch as a civil date and time in `tz`: (month 1-12, day, hour,
/// minute).
pub fn local_time(secs: u64, tz: &jiff::tz::TimeZone) -> Option<(u8, u8, u8, u8)> {
    let t = jiff::Timestamp::from_second(i64::try_from(secs).ok()?).ok()?;
    let d = tz.to_datetime(t);
    Some((d.month() as u8, d.day() as u8, d.hour() as u8, d.minute() as u8))
}

/// The signs the table writes that ASCII lacks, with what stands in for them: the pairs first,
/// so that the arrow keys read as a pair.
const ASCII_SIGNS: [(char, &str); 27] = [
    ('▶', ">"),
    ('◀', "<"),
    ('«', "<"),
    ('»', ">"),
    ('…', "..."),
    ('—', "-"),
    ('–', "-"),
    ('−', "-"),
    // A lone `>` would read "greater than" in a sum ("223 > 220").
    ('→', "->"),
    ('←', "<-"),
    ('↑', "^"),
    ('↓', "v"),
    ('▮', "#"),
    ('Σ', "="),
    ('›', ">"),
    ('•', "*"),
    ('✓', "v"),
    ('★', "*"),
    ('×', "x"),
    ('±', "+/-"),
    ('│', "|"),
    ('↶', "<"),
    ('\u{a0}', " "),
    ('♠', "S"),
    ('♥', "H"),
    ('♦', "D"),
    ('♣', "C"),
];

/// A figure with its standard error, when it has one: "70 ± 6", else "70".
fn give_or_take(figure: impl std::fmt::Display, se: Option<u16>) -> String {
    se.map_or(figure.to_string(), |se| format!("{figure} ± {se}"))
}

/// A text in plain ASCII: accented letters without their accents ("Dédé" → "Dede", "cœur" →
/// "coeur"), and the table's signs by their stand-ins; what has no stand-in becomes `?`.
pub fn ascii(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        if c.is_ascii() {
            out.push(c);
            continue;
        }
        // The arrow keys are shown as a pair: "←→" and "↑↓".
        match (c, chars.peek()) {
            ('←', Some('→')) | ('↑', Some('↓')) => {
                out.push_str(if c == '←' { "<>" } else { "^v" });
                chars.next();
                continue;
            }
            _ => {}
        }
        let plain = match c {
            'à' | 'â' | 'ä' | 'á' => "a",
            'À' | 'Â' | 'Ä' | 'Á' => "A",
            'ç' => "c",
            'Ç' => "C",
            'é' | 'è' | 'ê' | 'ë' => "e",
            'É' | 'È' | 'Ê' | 'Ë' => "E",
            'î' | 'ï' | 'í' => "i",
            'Î' | 'Ï' | 'Í' => "I",
            'ô' | 'ö' | 'ó' => "o",
            'Ô' | 'Ö' | 'Ó' => "O",
            'ù' | 'û' | 'ü' | 'ú' => "u",
            'Ù' | 'Û' | 'Ü' | 'Ú' => "U",
            'ÿ' => "y",
            'ñ' => "n",
            'œ' => "oe",
            'Œ' => "OE",
            'æ' => "ae",
            'Æ' => "AE",
            '’' | '‘' => "'",
            '“' | '”' => "\"",
            other => ASCII_SIGNS.iter().find(|(u, _)| *u == other).map_or("?", |(_, a)| a),
        };
        out.push_str(plain);
    }
    out
}

/// A text as a screen reader reads it best, in `lang`: suits by their names, the table's signs
/// as words or plain punctuation ("2 × 90" is "2 times 90", "−12" is "-12", a dash between two
/// parts a comma), and no glyph a reader spells out or skips. Letters keep their accents.
pub fn spoken(text: &str, lang: Lang) -> String {
    let w = Words { lang, suits: SuitStyle::Letters, ascii: false, spoken: true };
    let mut out = String::with_capacity(text.len());
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        let said: &str = match c {
            // A dash between two parts of a line is a pause.
            '—' | '–' if out.ends_with(' ') && chars.peek() == Some(&' ') => {
                out.pop();
                chars.next();
                ", "
            }
            '—' | '–' | '−' => "-",
            '…' => "...",
            '×' => match lang {
                Lang::En => "times",
                Lang::Fr => "fois",
            },
            '±' => match lang {
                Lang::En => "plus or minus",
                Lang::Fr => "plus ou moins",
            },
            '→' => match lang {
                Lang::En => "to",
                Lang::Fr => "à",
            },
            '«' | '»' | '“' | '”' => "\"",
            '’' | '‘' => "'",
            '\u{a0}' => " ",
            '♠' | '♥' | '♦' | '♣' => {
                let suit = match c {
                    '♠' => Suit::Spades,
                    '♥' => Suit::Hearts,
                    '♦' => Suit::Diamonds,
                    _ => Suit::Clubs,
                };
                // A rank written against its suit ("J♠") is read apart from it.
                if out.ends_with(char::is_alphanumeric) {
                    out.push(' ');
                }
                w.suit_name(suit)
            }
            c if c.is_alphanumeric() || c.is_ascii() => {
                out.push(c);
                continue;
            }
            other => ASCII_SIGNS.iter().find(|(u, _)| *u == other).map_or("", |(_, a)| a),
        };
        out.push_str(said);
    }
    out
}

/// How a text of the table is folded: as it is, to ASCII, spoken, or spoken then to ASCII.
fn fold_of(w: Words) -> usize {
    usize::from(w.ascii) + 2 * usize::from(w.spoken)
}

/// Every text of [`T`] folded each way ([`fold_of`]), in English and in French, made once.
fn folded_texts(fold: usize) -> &'static [[String; 2]] {
    static TEXTS: [std::sync::OnceLock<Vec<[String; 2]>>; 4] =
        [const { std::sync::OnceLock::new() }; 4];
    TEXTS[fold % 4].get_or_init(|| {
        let lang = |lang| Words {
            lang,
            suits: SuitStyle::Glyphs,
            ascii: fold & 1 == 1,
            spoken: fold & 2 == 2,
        };
        T::ALL
            .iter()
            .map(|t| [lang(Lang::En), lang(Lang::Fr)].map(|w| w.fold(t.get(w.lang)).into_owned()))
            .collect()
    })
}

macro_rules! texts {
    ($($(#[$doc:meta])* $name:ident => $en:expr, $fr:expr;)*) => {
        /// A text of the table.
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
        pub enum T { $($(#[$doc])* $name,)* }

        impl T {
            /// Every text, in order.
            pub const ALL: &[T] = &[$(T::$name,)*];

            /// The text in `lang`.
            pub const fn get(self, lang: Lang) -> &'static str {
                let (en, fr) = match self { $(T::$name => ($en, $fr),)* };
                match lang {
                    Lang::En => en,
                    Lang::Fr => fr,
                }
            }
        }
    };
}

texts! {
    Title => "Belote contrée", "Belote contrée";
    Subtitle => "French Belote Federation rules", "Règlement de la Fédération française de belote";
    SubtitlePlain => "The house rules many families play", "Les règles de la maison, comme en famille";
    Play => "Play", "Jouer";
    Resume => "Resume the game", "Reprendre la partie";
    Target => "Target", "Objectif";
    Points => "points", "points";
    Statistics => "Statistics", "Statistiques";
    Practice => "Practice", "Entraînement";
    NextExercise => "next exercise", "exercice suivant";
    ExerciseMade => "A mistake of this deal is now an exercise: Practice, on the start screen", "Une erreur de cette donne est devenue un exercice : Entraînement, sur l'écran d'accueil";
    NoExercise => "No exercise yet. After each deal, the expert reviews your calls and cards; each clear mistake that costs 10 points or more becomes an exercise, served here: the table as it was, for you to choose again.", "Pas encore d'exercice. Après chaque donne, l'expert revoit vos annonces et vos cartes ; chaque erreur nette qui coûte 10 points ou plus devient un exercice, servi ici : la table comme elle était, pour choisir à nouveau.";
    LoadingExercises => "Reading the exercises…", "Lecture des exercices…";
    YourChoice => "What would you do?", "Que feriez-vous ?";
    ExpertChoice => "The expert's choice", "Le choix de l'expert";
    AsGoodAsExpert => "As good as the expert's", "Aussi bon que celui de l'expert";
    NotExpertChoice => "Not the expert's choice", "Pas le choix de l'expert";
    NotWeighed => "A call the expert did not weigh: not one it can call as good as its own", "Une annonce que l'expert n'a pas pesée : il ne peut la dire aussi bonne que la sienne";
    YouChose => "You chose", "Vous avez choisi";
    Waiting => "waiting", "en attente";
    Solved => "solved", "réussis";
    Missed => "missed", "manqués";
    ExercisesSolved => "Exercises solved / missed", "Exercices réussis / manqués";
    FiledGame => "filed game", "partie classée";
    OtherGames => "other games", "autres parties";
    Settings => "Settings", "Réglages";
    Rules => "Rules", "Règles";
    Quit => "Quit", "Quitter";
    Dealer => "dealer", "donneur";
    Taker => "taker", "preneur";
    Contract => "Contract", "Contrat";
    Bidding => "Bidding", "Enchères";
    BiddingBox => "Bidding", "Enchère en cours";
    Score => "Score", "Score";
    ThisDeal => "This deal", "Cette donne";
    Tricks => "tricks", "plis";
    Auction => "Auction", "Enchères";
    Us => "Us", "Nous";
    Them => "Them", "Eux";
    YourTurn => "Your turn", "À vous";
    YourTurnBid => "Your turn to bid", "À vous d'enchérir";
    Thinking => "is thinking", "réfléchit";
    TakesTrick => "takes the trick", "remporte le pli";
    LastTrick => "Last trick", "Dernier pli";
    NoTrickYet => "No trick yet", "Aucun pli joué";
    Pass => "Pass", "Passe";
    Contre => "Contre", "Contre";
    Surcontre => "Surcontre", "Surcontre";
    Contred => "contré", "contré";
    Surcontred => "surcontré", "surcontré";
    Capot => "Capot", "Capot";
    Belote => "Belote", "Belote";
    Rebelote => "Rebelote", "Rebelote";
    NoBid => "No bid yet", "Aucune enchère";
    ChooseSuit => "then a suit", "puis une couleur";
    Hint => "Hint", "Conseil";
    HintKey => "hint", "conseil";
    HintButton => "Hint (i)", "Conseil (i)";
    ClaimKey => "claim the rest", "revendiquer le reste";
    ClaimButton => "Claim (r)", "Revendiquer (r)";
    Claimed => "claims the rest of the tricks", "revendique les plis restants";
    ClaimRefused => "The defence can still take a trick", "La défense peut encore faire un pli";
    PlayAgainKey => "play it again", "la rejouer";
    PlayingAgain => "The deal played again: it counts neither in the game nor in the statistics", "La donne rejouée : elle ne compte ni dans la partie ni dans les statistiques";
    AgainOver => "The deal played again", "La donne rejouée";
    FirstTime => "The first time", "La première fois";
    ExpertInYourSeat => "The expert in your seat", "L'expert à votre place";
    AgainstExpert => "Against the expert", "Face à l'expert";
    ComparedDeals => "Deals compared with the expert", "Donnes comparées à l'expert";
    HintThinking => "the expert is thinking…", "l'expert réfléchit…";
    HintFailed => "the expert could not answer", "l'expert n'a pas pu répondre";
    Analysis => "The expert's analysis, from your seat", "L'analyse de l'expert, à votre place";
    Analysing => "The expert is analysing the deal…", "L'expert analyse la donne…";
    AnalysisFailed => "No analysis: the expert could not review this deal", "Pas d'analyse : l'expert n'a pas pu revoir cette donne";
    AnalysisCancelled => "The analysis stopped before the end", "L'analyse s'est arrêtée avant la fin";
    YouPlayed => "you", "vous";
    ExpertChose => "expert", "expert";
    SameChoice => "same", "idem";
    Call => "Call", "Enchère";
    Card => "Card", "Carte";
    Made => "made", "réussi";
    Failed => "failed", "chuté";
    CardPoints => "Card points", "Points des plis";
    Totals => "Totals", "Totaux";
    AllPassed => "Everyone passed: the deal scores nothing", "Tout le monde a passé : donne blanche";
    Continue => "Continue", "Continuer";
    History => "History", "Historique";
    Result => "Result", "Résultat";
    NoDeals => "No deal finished yet", "Aucune donne terminée";
    Review => "Deal review", "Revue de la donne";
    Trick => "Trick", "Pli";
    HandsDealt => "The hands as dealt", "Les mains distribuées";
    GameOver => "Game over", "Partie terminée";
    YouWin => "You and your partner win!", "Vous gagnez avec votre partenaire !";
    YouLose => "Your opponents win", "Vos adversaires gagnent";
    PlayAgain => "Play again", "Rejouer";
    NewGameTitle => "New game?", "Nouvelle partie\u{a0}?";
    NewGameButton => "New game", "Nouvelle partie";
    NewGameRefused => "No new game: the game it would replace could not be filed, and is kept", "Pas de nouvelle partie : celle qu'elle remplacerait n'a pas pu être classée, elle est gardée";
    NotSaved => "Nothing will be saved", "Rien ne sera enregistré";
    BotFailed => "the computer player failed; it passes or plays its first legal card", "le joueur de l'ordinateur a échoué ; il passe ou joue sa première carte permise";
    Help => "Help", "Aide";
    Keys => "Keys", "Touches";
    RulesSummary => "Summary of the rules", "Résumé des règles";
    Annonces => "Annonces: contrée has no declarations (no tierce, no cinquante, no carré); only the belote, the king and queen of trump, counts: 20 points.",
        "Annonces : la contrée se joue sans annonces (ni tierce, ni cinquante, ni carré) ; seule la belote, le roi et la dame d'atout, compte : 20 points.";
    AnnoncesCoinche => "Annonces: with your first card you declare your best combination: tierce 20, cinquante 50, cent 100, four jacks 200, four nines 150, four aces, tens, kings or queens 100. The team with the single best declaration scores all of its own; the belote (20) stays with its team. The takers must reach their bid and beat the defence.",
        "Annonces : avec votre première carte, vous annoncez votre meilleure combinaison : tierce 20, cinquante 50, cent 100, carré de valets 200, de neuf 150, d'as, de dix, de rois ou de dames 100. L'équipe qui a la meilleure annonce marque toutes les siennes ; la belote (20) reste à son équipe. Les preneurs doivent atteindre leur contrat et battre la défense.";
    AnnoncesPlain => "Plain rules: play turns clockwise, from the dealer's left; unable to follow, you must trump (even under) unless your partner is winning; level totals fail the contract; scores are exact; the first team to 701 wins. No declarations; only the belote counts: 20 points.",
        "Contrée simple : on joue dans le sens des aiguilles d'une montre, à partir de la gauche du donneur ; sans la couleur, il faut couper (même en sous-coupant) sauf si le partenaire est maître ; l'égalité fait chuter ; la marque est exacte ; la première équipe à 701 gagne. Pas d'annonces ; seule la belote compte : 20 points.";
    NtAtNote => "Sans atout: no trump, A 10 K Q J 9 8 7, the ace 19; follow or play anything. Tout atout: every suit ranks J 9 A 10 K Q 8 7 (J 14, 9 9, A 6, 10 5, K 3, Q 1); follow and beat the highest card of the suit led if you can; a belote in every suit.",
        "Sans atout : pas d'atout, A 10 R D V 9 8 7, l'as vaut 19 ; fournir, sinon jouer ce qu'on veut. Tout atout : chaque couleur se range V 9 A 10 R D 8 7 (V 14, 9 9, A 6, 10 5, R 3, D 1) ; fournir en montant sur la plus forte carte de la couleur si on le peut ; une belote dans chaque couleur.";
    NoTrump => "Sans atout", "Sans atout";
    AllTrump => "Tout atout", "Tout atout";
    NoTrumpShort => "NT", "SA";
    AllTrumpShort => "AT", "TA";
    Variant => "Rule set", "Règle du jeu";
    SetContree => "Contrée (FFB)", "Contrée (FFB)";
    SetCoinche => "Coinche, with declarations", "Coinche, avec annonces";
    SetPlain => "Plain house rules, to 701", "Contrée simple, en 701";
    ShortContree => "Contrée", "Contrée";
    ShortCoinche => "Coinche", "Coinche";
    ShortPlain => "Plain", "Simple";
    NtAtOption => "Sans atout / Tout atout", "Sans atout / Tout atout";
    NtAtShort => "NT/AT", "SA/TA";
    ChooseDeclarations => "Choose to declare (coinche)", "Choisir d'annoncer (coinche)";
    Declarations => "Declarations", "Annonces";
    DeclareKey => "declare", "annoncer";
    KeepQuietKey => "keep quiet", "se taire";
    DeclareButton => "Declare", "Annoncer";
    KeepQuietButton => "Keep quiet", "Se taire";
    CancelButton => "Cancel", "Annuler";
    DeclareAsk => "With your first card: declare what you hold?", "Annoncer votre jeu avec votre première carte\u{a0}?";
    DeclaredNothing => "nothing", "rien";
    Nobody => "nobody", "personne";
    Defence => "defence", "défense";
    BidNtAt => "NT / AT", "SA / TA";
    Tierce => "Tierce", "Tierce";
    Cinquante => "Cinquante", "Cinquante";
    Cent => "Cent", "Cent";
    CarreJacks => "Four jacks", "Carré de valets";
    CarreNines => "Four nines", "Carré de neuf";
    CarreAces => "Four aces", "Carré d'as";
    CarreTens => "Four tens", "Carré de dix";
    CarreKings => "Four kings", "Carré de rois";
    CarreQueens => "Four queens", "Carré de dames";
    Belotes => "Belotes", "Belotes";
    GamesPlayed => "Games played", "Parties jouées";
    GamesWon => "Games won", "Parties gagnées";
    DealsPlayed => "Deals played", "Donnes jouées";
    Streak => "Games won in a row (now / best)", "Victoires d'affilée (en cours / record)";
    PassedOut => "all passed", "blanches";
    ContractsTaken => "Contracts taken", "Contrats pris";
    ContractsMade => "Contracts made", "Contrats réussis";
    PointsPerDeal => "Points per deal", "Points par donne";
    NoStats => "No statistics yet: finish a deal to start them.", "Pas encore de statistiques : terminez une donne.";
    Language => "Language", "Langue";
    BotLevel => "Computer players", "Joueurs de l'ordinateur";
    BotSpeed => "Speed", "Vitesse";
    Scoring => "Scoring", "Marque";
    TournamentContre => "Tournament contre", "Contre de tournoi";
    DealStyle => "Deal style", "Distribution";
    SuitStyle => "Suits", "Couleurs";
    AutoPlay => "Play a forced card by itself", "Jouer seule une carte forcée";
    HintSetting => "Hint at each turn", "Conseil à chaque tour";
    CompareSetting => "Compare with the expert", "Comparer avec l'expert";
    LevelRandom => "random", "au hasard";
    LevelEasy => "easy", "facile";
    LevelNormal => "normal", "normal";
    LevelExpert => "expert", "expert";
    LevelRandomNote => "Random: always passes and plays any legal card.", "Au hasard : passe toujours et joue n'importe quelle carte permise.";
    LevelEasyNote => "Easy: bids its hand by count, never contres, plays without memory.", "Facile : enchérit selon sa main, ne contre pas, joue sans mémoire.";
    LevelNormalNote => "Normal: counts the cards, follows the bidding convention, contres.", "Normal : compte les cartes, suit la convention d'enchères, contre.";
    LevelExpertNote => "Expert: works out every card and contre over the hands it cannot see.", "Expert : calcule chaque carte et chaque contre sur les mains qu'il ne voit pas.";
    On => "on", "oui";
    Off => "off", "non";
    Glyphs => "symbols", "symboles";
    Letters => "letters", "lettres";
    Shuffle => "shuffle", "mélange";
    Tradition => "table tradition", "tradition";
    MadePlusBid => "made + bid", "faits + demandés";
    MadeOnly => "made", "faits";
    Slow => "slow", "lente";
    Normal => "normal", "normale";
    Fast => "fast", "rapide";
    Instant => "instant", "instantanée";
    SettingsNote => "The rules, scoring and deal style apply to the next new game.", "Règle, marque et distribution : pour la prochaine partie.";
    ChooseDeclarationsNote => "In coinche, every seat declares its best combination with its first card; on, you are asked at yours.", "À la coinche, chacun annonce sa meilleure combinaison avec sa première carte ; à « oui », on vous le demande à la vôtre.";
    Move => "move", "choisir";
    Act => "play", "jouer";
    BidAct => "bid", "annoncer";
    Next => "continue", "continuer";
    See => "see the deal", "voir la donne";
    Page => "page", "page";
    Pick => "card", "carte";
    NextButton => "buttons", "boutons";
    Scroll => "scroll", "défiler";
    Close => "close", "fermer";
    Change => "change", "modifier";
    Select => "select", "valider";
    Back => "back", "retour";
    NewGame => "new game", "nouvelle partie";
    Menu => "menu", "menu";
    MenuTitle => "Menu", "Menu";
    Earlier => "other tricks", "autres plis";
    Confirm => "confirm", "confirmer";
    Cancel => "cancel", "annuler";
    Summary => "deal summary", "bilan de la donne";
    Undo => "take back", "reprendre";
    Suspend => "suspend (fg to come back)", "suspendre (fg pour revenir)";
    Players => "players", "joueurs";
    ResumePlay => "back to the game", "retour au jeu";
    UndoOff => "Taking back is off in the settings", "Reprendre un coup est désactivé dans les réglages";
    TakenBack => "Taken back", "Repris";
    ConfirmContre => "Contre? Enter or y to confirm, n to cancel", "Contre ? Entrée ou o pour confirmer, n pour annuler";
    ConfirmSurcontre => "Surcontre? Enter or y to confirm, n to cancel", "Surcontre ? Entrée ou o pour confirmer, n pour annuler";
    ConfirmCapot => "Capot: all eight tricks? Enter or y to confirm, n to cancel", "Capot, les huit plis ? Entrée ou o pour confirmer, n pour annuler";
    DealDoneLine => "Deal over: Enter for the summary", "Donne finie : Entrée pour le bilan";
    HeldTrick => "Your forced card was played: a key to go on", "Carte forcée jouée : une touche";
    InProgress => "in progress", "en cours";
    MenuResume => "Back to the game", "Reprendre le jeu";
    MenuSaveLeave => "Save and go to the start screen", "Enregistrer et revenir à l'accueil";
    InGameNote => "The rules, sans atout / tout atout, scoring, contre and deal style are rules of the game: choose them on the start screen, for a new game.", "La règle, le sans atout / tout atout, la marque, le contre et la distribution sont des règles de la partie : choisissez-les à l'accueil, pour une nouvelle partie.";
    Colors => "Colours", "Affichage en couleur";
    HighContrast => "high contrast", "contraste élevé";
    ColoursNote => "High contrast: bold text and bright colours, nothing dimmed (bold alone under NO_COLOR).", "Contraste élevé : texte en gras, couleurs vives, rien d'estompé (le gras seul avec NO_COLOR).";
    DeckSetting => "Deck", "Jeu de cartes";
    TwoColour => "two-colour", "deux couleurs";
    FourColour => "four-colour", "quatre couleurs";
    TrumpLegend => "trump", "atout";
    DeckNote => "Four colours: spades in the text's colour, hearts red, diamonds blue, clubs magenta (bright green in high contrast).", "Quatre couleurs : pique de la couleur du texte, cœur rouge, carreau bleu, trèfle magenta (vert vif en contraste élevé).";
    UndoSetting => "Take back a call or card (u)", "Reprendre un coup (u)";
    StyleBold => "Bold style: bids a little high, contres readily", "Style audacieux : annonce un peu haut, contre volontiers";
    StyleCautious => "Cautious style: bids a little low, contres only on sure things", "Style prudent : annonce un peu bas, ne contre qu'à coup sûr";
    PlayersTitle => "Your table", "Votre table";
    Partner => "your partner", "votre partenaire";
    Opponent => "opponent", "adversaire";
    TricksOf => "of", "sur";
    ThisGame => "Statistics", "Statistiques";
    Undos => "Calls and cards taken back", "Coups repris";
    HintsUsed => "Hints seen", "Conseils vus";
    ContresWon => "Contres that set the contract", "Contres gagnants";
    // The statistics' rows count contracts, contres, capots and belotes: plural words.
    StatMade => "made", "réussis";
    StatFailed => "failed", "chutés";
    StatContres => "Contres", "Contres";
    StatSurcontres => "Surcontres", "Surcontres";
    StatCapots => "Capots", "Capots";
    StatBelotes => "Belotes", "Belotes";
}

/// How texts are written: the language, the suit style, whether in ASCII alone, and whether to be
/// read aloud. Every text the table shows is written here, so that in ASCII (`--ascii`, a locale
/// that is not UTF-8) each is folded to ASCII at this one place, in either language, and in the
/// line mode each is worded for a screen reader ([`spoken`]): cards and suits by their names.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Words {
    /// The language.
    pub lang: Lang,
    /// Glyphs or letters.
    pub suits: SuitStyle,
    /// Plain ASCII only: letters without accents, signs by their stand-ins, suits as letters.
    pub ascii: bool,
    /// For a screen reader: cards and suits in words ("jack of spades"), no sign but plain
    /// punctuation.
    pub spoken: bool,
}

/// A sign the table draws besides its words.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Sign {
    /// The marker of the line or seat in focus: ▶.
    Marker,
    /// Before a value that can be moved back: ◀.
    Back,
    /// Quotes around what a seat says: « and ».
    Open,
    /// The closing quote.
    Close,
    /// What goes on, or was left out: ….
    Ellipsis,
    /// Before what happens on the table: —.
    Dash,
    /// What follows, who wins: →.
    Arrow,
    /// A running total: Σ.
    Sum,
    /// The bid value chosen: ›.
    Chosen,
    /// The expert's advice: •.
    Advised,
    /// The expert chose the same: ✓.
    Same,
    /// What was taken back: ↶.
    TakenBack,
    /// Between the columns of a table: │.
    Bar,
    /// A card of the trump suit: ★.
    Trump,
    /// A card seen from its back: ▮.
    CardBack,
}

impl Words {
    /// A text.
    pub fn t(self, t: T) -> &'static str {
        match fold_of(self) {
            0 => t.get(self.lang),
            fold => {
                let i = usize::from(self.lang == Lang::Fr);
                folded_texts(fold).get(t as usize).map_or("", |both| both[i].as_str())
            }
        }
    }

    /// `text` in plain ASCII, or spoken, as these words write.
    fn fold(self, text: &str) -> std::borrow::Cow<'_, str> {
        match (self.spoken, self.ascii) {
            (false, false) => text.into(),
            (false, true) => ascii(text).into(),
            (true, false) => spoken(text, self.lang).into(),
            (true, true) => ascii(&spoken(text, self.lang)).into(),
        }
    }

    /// A text from elsewhere (a player's name or tagline, a message already worded, the rules)
    /// as the table writes it: in plain ASCII when it writes ASCII only.
    pub fn text(self, text: &str) -> std::borrow::Cow<'_, str> {
        self.fold(text)
    }

    /// A text made here, as the table writes it.
    fn out(self, text: String) -> String {
        match self.fold(&text) {
            std::borrow::Cow::Borrowed(_) => text,
            std::borrow::Cow::Owned(folded) => folded,
        }
    }

    /// A sign, or its ASCII stand-in.
    pub const fn sign(self, sign: Sign) -> &'static str {
        let (glyph, plain) = match sign {
            Sign::Marker => ("▶", ">"),
            Sign::Back => ("◀", "<"),
            Sign::Open => ("«", "<"),
            Sign::Close => ("»", ">"),
            Sign::Ellipsis => ("…", "..."),
            Sign::Dash => ("—", "-"),
            Sign::Arrow => ("→", "->"),
            Sign::Sum => ("Σ", "="),
            Sign::Chosen => ("›", ">"),
            Sign::Advised => ("•", "*"),
            Sign::Same => ("✓", "v"),
            Sign::TakenBack => ("↶", "<"),
            Sign::Bar => ("│", "|"),
            Sign::Trump => ("★", "*"),
            Sign::CardBack => ("▮", "#"),
        };
        if self.ascii || self.spoken { plain } else { glyph }
    }

    /// A suit: a glyph, or a letter of the language (P C K T in French, as in bridge notation);
    /// always a letter in ASCII; its name, spoken.
    pub const fn suit(self, suit: Suit) -> &'static str {
        if self.spoken {
            return self.suit_name(suit);
        }
        let style = if self.ascii { SuitStyle::Letters } else { self.suits };
        match (style, self.lang, suit) {
            (SuitStyle::Glyphs, _, Suit::Spades) => "♠",
            (SuitStyle::Glyphs, _, Suit::Hearts) => "♥",
            (SuitStyle::Glyphs, _, Suit::Diamonds) => "♦",
            (SuitStyle::Glyphs, _, Suit::Clubs) => "♣",
            (SuitStyle::Letters, Lang::En, Suit::Spades) => "S",
            (SuitStyle::Letters, Lang::En, Suit::Hearts) => "H",
            (SuitStyle::Letters, Lang::En, Suit::Diamonds) => "D",
            (SuitStyle::Letters, Lang::En, Suit::Clubs) => "C",
            (SuitStyle::Letters, Lang::Fr, Suit::Spades) => "P",
            (SuitStyle::Letters, Lang::Fr, Suit::Hearts) => "C",
            (SuitStyle::Letters, Lang::Fr, Suit::Diamonds) => "K",
            (SuitStyle::Letters, Lang::Fr, Suit::Clubs) => "T",
        }
    }

    /// A rank: 7 8 9 10 J Q K A, or 7 8 9 10 V D R A in French.
    pub const fn rank(self, rank: Rank) -> &'static str {
        match (self.lang, rank) {
            (_, Rank::Seven) => "7",
            (_, Rank::Eight) => "8",
            (_, Rank::Nine) => "9",
            (_, Rank::Ten) => "10",
            (Lang::En, Rank::Jack) => "J",
            (Lang::En, Rank::Queen) => "Q",
            (Lang::En, Rank::King) => "K",
            (Lang::Fr, Rank::Jack) => "V",
            (Lang::Fr, Rank::Queen) => "D",
            (Lang::Fr, Rank::King) => "R",
            (_, Rank::Ace) => "A",
        }
    }

    /// A card, rank then suit: "10♥", "V♠"; spoken, "ten of hearts", "valet de pique".
    pub fn card(self, card: crate::rules::Card) -> String {
        if self.spoken {
            let of = match self.lang {
                Lang::En => "of",
                Lang::Fr => "de",
            };
            return format!("{} {of} {}", self.rank_name(card.rank()), self.suit_name(card.suit()));
        }
        format!("{}{}", self.rank(card.rank()), self.suit(card.suit()))
    }

    /// A card with its article, as a sentence names it: "the jack of spades", "la dame de cœur",
    /// "l'as de pique".
    pub fn the_card(self, card: crate::rules::Card) -> String {
        let article = match (self.lang, card.rank()) {
            (Lang::En, _) => "the ",
            (Lang::Fr, Rank::Ace) => "l'",
            (Lang::Fr, Rank::Queen) => "la ",
            (Lang::Fr, _) => "le ",
        };
        format!("{article}{}", self.card(card))
    }

    /// "au roi de cœur", "à la dame de pique", "à l'as de trèfle": the top card of a French
    /// sequence.
    fn to_the_card(self, card: crate::rules::Card) -> String {
        let to = match card.rank() {
            Rank::Ace => "à l'",
            Rank::Queen => "à la ",
            _ => "au ",
        };
        format!("{to}{}", self.card(card))
    }

    /// A rank's name: "jack", "valet".
    pub const fn rank_name(self, rank: Rank) -> &'static str {
        match (self.lang, rank) {
            (Lang::En, Rank::Seven) => "seven",
            (Lang::En, Rank::Eight) => "eight",
            (Lang::En, Rank::Nine) => "nine",
            (Lang::En, Rank::Ten) => "ten",
            (Lang::En, Rank::Jack) => "jack",
            (Lang::En, Rank::Queen) => "queen",
            (Lang::En, Rank::King) => "king",
            (Lang::En, Rank::Ace) => "ace",
            (Lang::Fr, Rank::Seven) => "sept",
            (Lang::Fr, Rank::Eight) => "huit",
            (Lang::Fr, Rank::Nine) => "neuf",
            (Lang::Fr, Rank::Ten) => "dix",
            (Lang::Fr, Rank::Jack) => "valet",
            (Lang::Fr, Rank::Queen) => "dame",
            (Lang::Fr, Rank::King) => "roi",
            (Lang::Fr, Rank::Ace) => "as",
        }
    }

    /// A colon as the language writes it: "Score: 80", "Score : 80".
    pub const fn colon(self) -> &'static str {
        match self.lang {
            Lang::En => ": ",
            Lang::Fr => " : ",
        }
    }

    /// The exclamation mark after a word: "Contre!", and in French with a space, "Contre !".
    pub const fn exclaim(self) -> &'static str {
        match self.lang {
            Lang::En => "!",
            Lang::Fr => " !",
        }
    }

    /// A suit's name: "spades", "pique".
    pub const fn suit_name(self, suit: Suit) -> &'static str {
        match (self.lang, self.ascii, suit) {
            (Lang::En, _, _) => suit.name(),
            (Lang::Fr, _, Suit::Spades) => "pique",
            (Lang::Fr, false, Suit::Hearts) => "cœur",
            (Lang::Fr, true, Suit::Hearts) => "coeur",
            (Lang::Fr, _, Suit::Diamonds) => "carreau",
            (Lang::Fr, false, Suit::Clubs) => "trèfle",
            (Lang::Fr, true, Suit::Clubs) => "trefle",
        }
    }

    /// Why South's card or call was refused, in the table's words.
    pub fn refusal(self, action: crate::game::Action, e: &crate::game::GameError) -> String {
        self.out({
            use crate::game::{Action, GameError};
            use crate::rules::PlayError;
            let what = match action {
                Action::Play(c) => self.card(c),
                Action::Bid(c) => self.call(c),
            };
            let why = match (self.lang, e) {
                (Lang::En, GameError::Play(PlayError::MustFollow { suit })) if self.spoken => {
                    format!("you must follow {}", self.suit_name(*suit))
                }
                (Lang::Fr, GameError::Play(PlayError::MustFollow { suit })) if self.spoken => {
                    format!("il faut fournir à {}", self.suit_name(*suit))
                }
                (Lang::En, GameError::Play(PlayError::MustFollow { suit })) => {
                    format!("you must follow {} ({})", self.suit(*suit), self.suit_name(*suit))
                }
                (Lang::Fr, GameError::Play(PlayError::MustFollow { suit })) => {
                    format!("il faut fournir à {} ({})", self.suit_name(*suit), self.suit(*suit))
                }
                (Lang::En, GameError::Play(PlayError::MustTrump { holds })) => {
                    format!("you must trump: you hold {}", self.card(*holds))
                }
                (Lang::Fr, GameError::Play(PlayError::MustTrump { holds })) => {
                    format!("il faut couper : vous avez {}", self.card(*holds))
                }
                (Lang::En, GameError::Play(PlayError::MustOvertrump { holds })) => {
                    format!("you must overtrump: you hold {}", self.card(*holds))
                }
                (Lang::Fr, GameError::Play(PlayError::MustOvertrump { holds })) => {
                    format!("il faut monter à l'atout : vous avez {}", self.card(*holds))
                }
                // The other refusals cannot come from the table's own buttons and cards; the
                // rules' own words are kept for them.
                (_, other) => other.to_string(),
            };
            format!("{what}{}{why}", self.colon())
        })
    }

    /// A seat's name.
    pub const fn seat(self, seat: Seat) -> &'static str {
        match (self.lang, seat) {
            (Lang::En, Seat::South) => "South",
            (Lang::En, Seat::East) => "East",
            (Lang::En, Seat::North) => "North",
            (Lang::En, Seat::West) => "West",
            (Lang::Fr, Seat::South) => "Sud",
            (Lang::Fr, Seat::East) => "Est",
            (Lang::Fr, Seat::North) => "Nord",
            (Lang::Fr, Seat::West) => "Ouest",
        }
    }

    /// A team from South's side: "Us (N-S)", "Them (E-W)".
    pub fn team(self, team: Team) -> String {
        match (self.lang, team) {
            (Lang::En, Team::NS) => "Us (N-S)".into(),
            (Lang::En, Team::EW) => "Them (E-W)".into(),
            (Lang::Fr, Team::NS) => "Nous (N-S)".into(),
            (Lang::Fr, Team::EW) => "Eux (E-O)".into(),
        }
    }

    /// A bid level: "90", "Capot".
    pub fn level(self, level: BidLevel) -> String {
        match level {
            BidLevel::Points(v) => v.to_string(),
            BidLevel::Capot => self.t(T::Capot).into(),
        }
    }

    /// A trump mode in short: a suit, or "NT" / "AT" ("SA" / "TA" in French); spoken, in full.
    pub fn trump(self, trump: Trump) -> &'static str {
        if self.spoken {
            return self.trump_name(trump);
        }
        match trump {
            Trump::Suit(s) => self.suit(s),
            Trump::NoTrump => self.t(T::NoTrumpShort),
            Trump::AllTrump => self.t(T::AllTrumpShort),
        }
    }

    /// A trump mode in full: a suit, or "Sans atout" / "Tout atout".
    pub fn trump_name(self, trump: Trump) -> &'static str {
        match trump {
            Trump::Suit(s) => self.suit(s),
            Trump::NoTrump => self.t(T::NoTrump),
            Trump::AllTrump => self.t(T::AllTrump),
        }
    }

    /// A bid: "90 ♠", "Capot ♥", "100 NT" ("100 SA" in French).
    pub fn bid(self, bid: Bid) -> String {
        format!("{} {}", self.level(bid.level), self.trump(bid.trump))
    }

    /// A bid with sans atout and tout atout in full: "90 ♠", "100 Tout atout".
    pub fn bid_long(self, bid: Bid) -> String {
        format!("{} {}", self.level(bid.level), self.trump_name(bid.trump))
    }

    /// A rule set's name: "Coinche (FFB), with declarations".
    pub fn set(self, set: RuleSet) -> &'static str {
        self.t(match set {
            RuleSet::Contree => T::SetContree,
            RuleSet::Coinche => T::SetCoinche,
            RuleSet::Plain => T::SetPlain,
        })
    }

    /// The rules of a game in a few words: "Coinche", "Contrée SA/TA".
    pub fn rules_short(self, rules: Rules) -> String {
        let set = self.t(match rules.set {
            RuleSet::Contree => T::ShortContree,
            RuleSet::Coinche => T::ShortCoinche,
            RuleSet::Plain => T::ShortPlain,
        });
        if rules.nt_at { format!("{set} {}", self.t(T::NtAtShort)) } else { set.to_string() }
    }

    /// What the table hears of a declaration: "Tierce ♥ Q", "Cent ♦ K", "Four jacks" ("Tierce ♥
    /// D", "Carré de valets" in French). The suit and the rank are joined by a no-break space,
    /// so that a narrow column never parts them.
    pub fn declaration(self, d: Declaration) -> String {
        self.out({
            match d.announced() {
                Declaration::Sequence { top, len } => {
                    let name = match len {
                        3 => T::Tierce,
                        4 => T::Cinquante,
                        _ => T::Cent,
                    };
                    if self.spoken {
                        return self.out(match self.lang {
                            Lang::En => format!("{} to the {}", self.t(name), self.card(top)),
                            Lang::Fr => format!("{} {}", self.t(name), self.to_the_card(top)),
                        });
                    }
                    format!(
                        "{} {}\u{a0}{}",
                        self.t(name),
                        self.suit(top.suit()),
                        self.rank(top.rank())
                    )
                }
                Declaration::Carre(rank) => self
                    .t(match rank {
                        Rank::Jack => T::CarreJacks,
                        Rank::Nine => T::CarreNines,
                        Rank::Ace => T::CarreAces,
                        Rank::Ten => T::CarreTens,
                        Rank::King => T::CarreKings,
                        // Four 8s and 7s are no declaration; queens are what is left.
                        Rank::Queen | Rank::Eight | Rank::Seven => T::CarreQueens,
                    })
                    .to_string(),
            }
        })
    }

    /// A seat's declarations, best first: "Four jacks, Tierce ♥ A"; "nothing" for none.
    pub fn combination(self, c: Combination) -> String {
        if c.is_empty() {
            return self.t(T::DeclaredNothing).to_string();
        }
        c.iter().map(|d| self.declaration(d)).collect::<Vec<_>>().join(", ")
    }

    /// A call as said at the table: "Pass", "90 ♠", "Contre".
    pub fn call(self, call: Call) -> String {
        match call {
            Call::Pass => self.t(T::Pass).into(),
            Call::Bid(b) => self.bid(b),
            Call::Contre => self.t(T::Contre).into(),
            Call::Surcontre => self.t(T::Surcontre).into(),
        }
    }

    /// A contract with its taker: "100 ♥ contré, North".
    pub fn contract(self, c: &Contract) -> String {
        format!("{}{}, {}", self.bid(c.bid), self.multiplier(c.multiplier), self.seat(c.taker))
    }

    /// " contré", " surcontré", or nothing.
    pub fn multiplier(self, m: Multiplier) -> String {
        match m {
            Multiplier::Simple => String::new(),
            Multiplier::Contre => format!(" {}", self.t(T::Contred)),
            Multiplier::Surcontre => format!(" {}", self.t(T::Surcontred)),
        }
    }

    /// A finished deal's result beside the expert's in South's seat, from North-South's side,
    /// a sentence each: "You: 160 – 100.", "The expert in your seat: 220 – 40.", "Difference:
    /// −60"; or, while the expert plays it, that it is thinking. Nothing for a deal not
    /// compared.
    pub fn expert_in_seat(self, d: &DealResult) -> Vec<String> {
        // Said aloud, a dash between two scores would be a pause: "160 to 100".
        let to = match (self.spoken, self.lang) {
            (false, _) => " – ",
            (true, Lang::En) => " to ",
            (true, Lang::Fr) => " à ",
        };
        let ours = d.points();
        let you = match self.lang {
            Lang::En => "You",
            Lang::Fr => "Vous",
        };
        let who = self.t(T::ExpertInYourSeat);
        let mut lines =
            vec![format!("{you}{}{}{to}{}.", self.colon(), ours[Team::NS], ours[Team::EW])];
        match (d.expert_in_seat, d.expert_difference()) {
            (None, _) => return Vec::new(),
            (Some(ExpertInSeat::Score(e)), Some(difference)) => {
                let label = match self.lang {
                    Lang::En => "Difference",
                    Lang::Fr => "Écart",
                };
                let (ns, ew) = (e[Team::NS], e[Team::EW]);
                lines.push(format!("{who}{}{ns}{to}{ew}.", self.colon()));
                lines.push(format!("{label}{}{}", self.colon(), signed(i64::from(difference))));
            }
            (Some(_), _) => lines.push(format!("{who} {}…", self.t(T::Thinking))),
        }
        lines.into_iter().map(|l| self.out(l)).collect()
    }

    /// The balance of the deals compared with the expert in South's seat: "over 7 deals: −85",
    /// "sur 7 donnes : −85".
    pub fn expert_balance(self, deals: u32, balance: i64) -> String {
        self.out(format!("{}{}{}", self.over_deals(deals), self.colon(), signed(balance)))
    }

    /// "over 7 deals", "sur 7 donnes".
    pub fn over_deals(self, deals: u32) -> String {
        let plural = if deals == 1 { "" } else { "s" };
        match self.lang {
            Lang::En => format!("over {deals} deal{plural}"),
            Lang::Fr => format!("sur {deals} donne{plural}"),
        }
    }

    /// The title of the end-of-deal summary: "Deal 3 over", "Fin de la donne 3".
    pub fn deal_over(self, number: usize) -> String {
        match self.lang {
            Lang::En => format!("Deal {number} over"),
            Lang::Fr => format!("Fin de la donne {number}"),
        }
    }

    /// The start screen's resume line: the score from South's side and, if known, when the game
    /// was saved, as (month, day, hour, minute) in the player's time zone.
    pub fn resume(self, us: u32, them: u32, saved: Option<(u8, u8, u8, u8)>) -> String {
        self.out({
            let score = format!(
                "{} — {} {us}, {} {them}",
                self.t(T::Resume),
                self.t(T::Us),
                self.t(T::Them)
            );
            let Some((month, day, hour, minute)) = saved else { return score };
            let month = usize::from(month.clamp(1, 12) - 1);
            match self.lang {
                Lang::En => {
                    const MONTHS: [&str; 12] = [
                        "Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct",
                        "Nov", "Dec",
                    ];
                    format!("{score} — saved {day} {} {hour:02}:{minute:02}", MONTHS[month])
                }
                Lang::Fr => {
                    const MONTHS: [&str; 12] = [
                        "janv.", "févr.", "mars", "avr.", "mai", "juin", "juil.", "août", "sept.",
                        "oct.", "nov.", "déc.",
                    ];
                    format!("{score} — du {day} {} {hour:02}:{minute:02}", MONTHS[month])
                }
            }
        })
    }

    /// What a new game does to the saved one, asked before it does: "The saved game, Us 0 – Them
    /// 310, will be filed as abandoned."
    pub fn replace_saved(self, us: u32, them: u32) -> String {
        self.out({
            let (u, t) = (self.t(T::Us), self.t(T::Them));
            match self.lang {
                Lang::En => {
                    format!("The saved game, {u} {us} – {t} {them}, will be filed as abandoned.")
                }
                Lang::Fr => format!(
                    "La partie enregistrée, {u} {us} – {t} {them}, sera classée comme abandonnée."
                ),
            }
        })
    }

    /// An action as said at the table: a call, or a card.
    pub fn action(self, action: crate::game::Action) -> String {
        match action {
            crate::game::Action::Bid(c) => self.call(c),
            crate::game::Action::Play(c) => self.card(c),
        }
    }

    /// "in 7 worlds of 10": how many of the worlds weighed a figure holds in.
    fn in_worlds(self, worlds: u16, of: u16) -> String {
        match self.lang {
            Lang::En => {
                let s = if worlds == 1 { "" } else { "s" };
                format!("in {worlds} world{s} of {of}")
            }
            Lang::Fr => {
                let s = if worlds == 1 { "" } else { "s" };
                format!("dans {worlds} monde{s} sur {of}")
            }
        }
    }

    /// Why the expert chose what it chose, in one line: "pulls trumps: 3 still out". Each line
    /// says what its kind states, no more: a reason is given only when it is true.
    pub fn reason(self, reason: Reason) -> String {
        self.out({
            let w = |worlds, of| self.in_worlds(worlds, of);
            match (self.lang, reason) {
                (Lang::En, Reason::OnlyCard) => "the only card that may be played".into(),
                (Lang::Fr, Reason::OnlyCard) => "la seule carte permise".into(),
                (Lang::En, Reason::OnlyCall) => "the only call allowed".into(),
                (Lang::Fr, Reason::OnlyCall) => "la seule annonce permise".into(),
                (Lang::En, Reason::AllAlike) => {
                    "every card is worth the same: this one gives the fewest points".into()
                }
                (Lang::Fr, Reason::AllAlike) => {
                    "toutes les cartes se valent : celle-ci donne le moins de points".into()
                }
                (Lang::En, Reason::PullTrumps { out }) => {
                    format!("pulls trumps: {out} still out")
                }
                (Lang::Fr, Reason::PullTrumps { out }) => {
                    format!("tire les atouts : il en reste {out}")
                }
                (Lang::En, Reason::CashMaster) => {
                    "cashes a master: no card left can beat it".into()
                }
                (Lang::Fr, Reason::CashMaster) => {
                    "encaisse une maîtresse : aucune carte restante ne la bat".into()
                }
                (Lang::En, Reason::GiveRuff) => "leads a suit partner can ruff".into(),
                (Lang::Fr, Reason::GiveRuff) => {
                    "joue une couleur que le partenaire peut couper".into()
                }
                (Lang::En, Reason::LeadLow) => {
                    "leads its lowest of the suit, keeping the higher".into()
                }
                (Lang::Fr, Reason::LeadLow) => {
                    "entame sa plus petite de la couleur, garde les plus fortes".into()
                }
                (Lang::En, Reason::Ruff) => "trumps a suit it cannot follow".into(),
                (Lang::Fr, Reason::Ruff) => "coupe une couleur qu'il n'a plus".into(),
                (Lang::En, Reason::Overruff) => "overtrumps the opponent".into(),
                (Lang::Fr, Reason::Overruff) => "surcoupe l'adversaire".into(),
                (Lang::En, Reason::TakeTrick) => {
                    "takes the trick: nothing still to come beats it".into()
                }
                (Lang::Fr, Reason::TakeTrick) => {
                    "prend le pli : rien de ce qui reste ne la bat".into()
                }
                (Lang::En, Reason::TryTrick) => {
                    "plays for the trick: a higher card may still come".into()
                }
                (Lang::Fr, Reason::TryTrick) => {
                    "tente le pli : une carte plus forte peut encore tomber".into()
                }
                (Lang::En, Reason::LoadPartner { points }) => {
                    format!("puts {points} points on partner's trick, which nothing can take")
                }
                (Lang::Fr, Reason::LoadPartner { points }) => {
                    format!("charge de {points} points le pli du partenaire, imprenable")
                }
                (Lang::En, Reason::GiveLeast) => "gives the fewest points it can".into(),
                (Lang::Fr, Reason::GiveLeast) => "donne le moins de points possible".into(),
                (Lang::En, Reason::Capot { worlds, of }) => {
                    format!("plays for every trick: the capot is there {}", w(worlds, of))
                }
                (Lang::Fr, Reason::Capot { worlds, of }) => {
                    format!("joue tous les plis : le capot est là {}", w(worlds, of))
                }
                (Lang::En, Reason::Bid { seen, seen_se, made, ours, of }) => {
                    let seen = give_or_take(seen, seen_se);
                    format!("ours {} ({made} made), {seen} points", w(ours, of))
                }
                (Lang::Fr, Reason::Bid { seen, seen_se, made, ours, of }) => {
                    let seen = give_or_take(seen, seen_se);
                    format!("à nous {} ({made} réussis), {seen} points", w(ours, of))
                }
                (Lang::En, Reason::Pass { mean, other, other_mean }) => {
                    format!(
                        "{mean:+} on average, the best call weighed; next, {} {other_mean:+}",
                        self.call(other)
                    )
                }
                (Lang::Fr, Reason::Pass { mean, other, other_mean }) => {
                    format!(
                        "{mean:+} en moyenne, le meilleur appel pesé ; puis {} {other_mean:+}",
                        self.call(other)
                    )
                }
                (Lang::En, Reason::Contre { need, seen, seen_se, worlds, of }) => {
                    let seen = give_or_take(seen, seen_se);
                    format!("they need {need}, seen at {seen}: they fail {}", w(worlds, of))
                }
                (Lang::Fr, Reason::Contre { need, seen, seen_se, worlds, of }) => {
                    let seen = give_or_take(seen, seen_se);
                    format!("{need} à faire, vus à {seen} : chute {}", w(worlds, of))
                }
                (Lang::En, Reason::Surcontre { worlds, of }) => {
                    format!("the contract is made {}", w(worlds, of))
                }
                (Lang::Fr, Reason::Surcontre { worlds, of }) => {
                    format!("le contrat est réussi {}", w(worlds, of))
                }
                (Lang::En, Reason::SureTrick { card }) => {
                    format!("{} takes a trick whatever happens: no capot", self.card(card))
                }
                (Lang::Fr, Reason::SureTrick { card }) => {
                    format!("{} fait un pli quoi qu'il arrive : pas de capot", self.card(card))
                }
                (Lang::En, Reason::Figures { mean, se, worlds }) => {
                    let s = if worlds == 1 { "" } else { "s" };
                    let mean = give_or_take(format!("{mean:+}"), se);
                    format!("{mean} on average over {worlds} world{s}")
                }
                (Lang::Fr, Reason::Figures { mean, se, worlds }) => {
                    let s = if worlds == 1 { "" } else { "s" };
                    let mean = give_or_take(format!("{mean:+}"), se);
                    format!("{mean} en moyenne sur {worlds} monde{s}")
                }
                (Lang::En, Reason::Unweighed) => {
                    "not weighed within the budget: the plain rules' choice".into()
                }
                (Lang::Fr, Reason::Unweighed) => {
                    "pas pesé dans le budget : le choix des règles simples".into()
                }
            }
        })
    }

    /// The expert's advice in one line: the action, then why ("Hint: J♠ — pulls trumps: 3 still
    /// out").
    pub fn advice(self, advice: &Advice) -> String {
        self.out({
            format!(
                "{}{}{} — {}",
                self.t(T::Hint),
                self.colon(),
                self.action(advice.action),
                self.reason(advice.reason)
            )
        })
    }

    /// The deal with every hand seen: what the takers make with perfect play, against what
    /// they made, and the score it writes.
    pub fn double_dummy(self, dd: &DoubleDummy) -> String {
        self.out({
            let verdict = self.t(if dd.made { T::Made } else { T::Failed });
            let (us, them) = (dd.score[Team::NS], dd.score[Team::EW]);
            let (takers, played) = (dd.takers_points, dd.played_points);
            match self.lang {
                Lang::En => format!(
                    "Every hand seen, perfect play: the takers make {takers} (played: {played}); \
                 {verdict}, us {us}, them {them}"
                ),
                Lang::Fr => format!(
                    "Toutes les mains vues, jeu parfait : les preneurs font {takers} (joué : \
                 {played}) ; {verdict}, nous {us}, eux {them}"
                ),
            }
        })
    }

    /// What a choice other than the expert's costs, in points of the deal's score: a clear
    /// mistake's cost on average with its standard error, or nothing for a choice the worlds
    /// cannot tell from the expert's.
    pub fn cost(self, cost: Cost) -> String {
        self.out({
            let (mean, se) = (cost.mean.round(), cost.se.round());
            match (self.lang, cost.is_mistake()) {
                (Lang::En, true) => format!("−{mean:.0} ± {se:.0} on average"),
                (Lang::Fr, true) => format!("−{mean:.0} ± {se:.0} en moyenne"),
                (Lang::En, false) => "as good as the expert's".into(),
                (Lang::Fr, false) => "aussi bon que celui de l'expert".into(),
            }
        })
    }

    /// The analysis summed up: how many of South's decisions were the expert's, and what its
    /// clear mistakes cost in all.
    pub fn analysis_total(self, agreed: usize, of: usize, cost: f64, se: f64) -> String {
        self.out({
            let (c, e) = (cost.round(), se.round());
            let cost = if c > 0.0 { format!("{c:.0} ± {e:.0}") } else { "0".to_string() };
            match self.lang {
                Lang::En => format!(
                    "{agreed} of your {of} choices are the expert's; your clear mistakes cost {cost}"
                ),
                Lang::Fr => format!(
                    "{agreed} de vos {of} choix sont ceux de l'expert ; vos erreurs nettes coûtent {cost}"
                ),
            }
        })
    }

    /// Why South's last action cannot be taken back.
    pub fn undo_refusal(self, e: &crate::game::UndoError) -> String {
        self.out({
            use crate::game::UndoError;
            match (self.lang, e) {
                (Lang::En, UndoError::NotTheLast { last, .. }) => {
                    format!("Nothing to take back: {} has acted since", self.seat(*last))
                }
                (Lang::Fr, UndoError::NotTheLast { last, .. }) => {
                    format!("Rien à reprendre : {} a joué depuis", self.seat(*last))
                }
                (Lang::En, _) => "Nothing to take back in this deal".into(),
                (Lang::Fr, _) => "Rien à reprendre dans cette donne".into(),
            }
        })
    }

    /// The tricks each team has taken: "tricks: us 6, them 2".
    pub fn tricks_taken(self, us: u8, them: u8) -> String {
        let (t, u, e) = (self.t(T::Tricks), self.t(T::Us), self.t(T::Them));
        format!("{t}{}{} {us}, {} {them}", self.colon(), u.to_lowercase(), e.to_lowercase())
    }

    /// A score as its sum: "160 + 80 + 20 = 260", "320 + 2 × 90 = 500",
    /// "(160 + 100 + 20) × 2 = 560", "133 + 90 = 223 → 220"; a lone term is just itself. The
    /// arrow shows the rounding, where the rules round.
    pub fn score_sum(self, sum: &crate::rules::ScoreSum, written: u16) -> String {
        self.out({
            let mut terms: Vec<String> = Vec::new();
            for v in [sum.cards, sum.base] {
                if v > 0 {
                    terms.push(v.to_string());
                }
            }
            match sum.bid_times {
                0 => {}
                1 => terms.push(sum.bid.to_string()),
                n => terms.push(format!("{n} × {}", sum.bid)),
            }
            for v in [sum.declarations, sum.belote, sum.bonus] {
                if v > 0 {
                    terms.push(v.to_string());
                }
            }
            let raw = sum.total();
            let mut out = match (terms.len(), sum.times) {
                (0, _) => raw.to_string(),
                (_, times) if times > 1 => format!("({}) × {times} = {raw}", terms.join(" + ")),
                (1, _) => raw.to_string(),
                _ => format!("{} = {raw}", terms.join(" + ")),
            };
            match (written != raw, self.spoken, self.lang) {
                (false, _, _) => {}
                (true, false, _) => out.push_str(&format!(" → {written}")),
                (true, true, Lang::En) => out.push_str(&format!(", rounded to {written}")),
                (true, true, Lang::Fr) => out.push_str(&format!(", arrondi à {written}")),
            }
            out
        })
    }

    /// The rules as shipped: `RULES.fr.md` in French, `RULES.md` in English.
    pub fn rules_md(self) -> std::borrow::Cow<'static, str> {
        let md = match self.lang {
            Lang::En => include_str!("../../RULES.md"),
            Lang::Fr => include_str!("../../RULES.fr.md"),
        };
        if self.ascii { ascii(md).into() } else { md.into() }
    }

    /// Keys as a keymap shows them ("Enter Space", "Esc"), with the names French keyboards
    /// print on those keys in French: "Entrée Espace", "Échap".
    pub fn keys(self, shown: &str) -> String {
        self.out({
            match self.lang {
                Lang::En => shown.to_string(),
                Lang::Fr => shown
                    .split(' ')
                    .map(|k| match k {
                        "Enter" => "Entrée",
                        "Space" => "Espace",
                        "Esc" => "Échap",
                        // Yes is `o` (oui) as well as `y`, and the French prompts say `o`.
                        "y" => "o",
                        other => other,
                    })
                    .collect::<Vec<_>>()
                    .join(" "),
            }
        })
    }

    /// A store error, in the table's language: what could not be done to which file, and why.
    /// The details a system or a parser gives stay as they come.
    pub fn store_error(self, e: &StoreError) -> String {
        self.out(match self.lang {
            Lang::En => e.to_string(),
            Lang::Fr => {
                let what = match e.operation() {
                    Operation::Read => "lire",
                    Operation::Write => "enregistrer",
                    Operation::Remove => "supprimer",
                    Operation::MoveAside => "mettre de côté",
                };
                let de = if what.starts_with(['e', 'é']) { "d'" } else { "de " };
                format!("impossible {de}{what} {} : {}", e.path().display(), self.cause(e.cause()))
            }
        })
    }

    /// Why a store operation failed.
    fn cause(self, cause: &Cause) -> String {
        if self.lang == Lang::En {
            return cause.to_string();
        }
        match cause {
            Cause::Io(io) => self.io_error(io),
            Cause::Unusable(ReadError::Io(io)) => self.io_error(io),
            Cause::Unusable(ReadError::NotAFile) => "ce n'est pas un fichier ordinaire".into(),
            Cause::Unusable(ReadError::TooLarge(limit)) => self.unfit(&Unfit::TooLarge(*limit)),
            Cause::Unusable(ReadError::DanglingLink(to)) => {
                format!("c'est un lien vers {}, qui n'existe pas", to.display())
            }
            Cause::Json(j) => j.to_string(),
            Cause::GameNotOver => "la partie n'est pas finie".into(),
            Cause::BadName => "ce n'est pas un fichier que contree peut écrire".into(),
            Cause::ReadOnly => "une autre table contree tient le dossier de données".into(),
            Cause::NotReadBefore => {
                "il n'a pas pu être lu, il n'est donc pas écrasé ; voyez-y d'abord".into()
            }
            Cause::NotMovedAside(reason, io) => format!(
                "{}, et il n'a pas pu être mis de côté : {}",
                self.unfit(reason),
                self.io_error(io)
            ),
        }
    }

    /// An error of the file system in words a player understands.
    fn io_error(self, e: &std::io::Error) -> String {
        use std::io::ErrorKind;
        match (self.lang, e.kind()) {
            (Lang::Fr, ErrorKind::ReadOnlyFilesystem) => "le disque est en lecture seule".into(),
            (Lang::Fr, ErrorKind::StorageFull) => "le disque est plein".into(),
            (Lang::Fr, ErrorKind::QuotaExceeded) => "le quota du disque est dépassé".into(),
            (Lang::Fr, ErrorKind::PermissionDenied) => {
                "permission refusée (lecture seule ?)".into()
            }
            _ => crate::files::describe_io(e),
        }
    }

    /// Why a file of the data directory could not be used, or the save resumed.
    fn unfit(self, reason: &Unfit) -> String {
        if self.lang == Lang::En {
            return reason.to_string();
        }
        match reason {
            Unfit::NotAFile(kind) => {
                format!("c'est {}, pas un fichier ordinaire", self.file_kind(*kind))
            }
            Unfit::TooLarge(limit) => format!("il dépasse {}", crate::files::size(*limit)),
            Unfit::Truncated(e) => format!("le fichier est tronqué : {e}"),
            Unfit::NotJson(e) => format!("ce n'est pas du JSON valide : {e}"),
            Unfit::NoVersion => "il n'a pas de numéro de version".into(),
            Unfit::NewerVersion { found, current } => format!(
                "il est en version {found}, d'un contree plus récent que celui-ci (version {current})"
            ),
            Unfit::NotASave(e) => format!("ce n'est pas une partie enregistrée de contree : {e}"),
            Unfit::Refused(e) => self.load_error(e),
            Unfit::NotStats(e) => format!("ce ne sont pas des statistiques de contree : {e}"),
            Unfit::FieldsRefused(bad) => match bad.as_slice() {
                [one] => format!("{one} n'a pas pu être lu, le reste a été gardé"),
                _ => format!("{} n'ont pas pu être lus, le reste a été gardé", bad.join(", ")),
            },
            Unfit::NotFields => "ce n'est pas un objet JSON des champs attendus".into(),
            Unfit::AlreadyFiled(result) => format!(
                "elle est déjà classée dans {GAMES_FILE} comme {}, avec chaque annonce et chaque carte qu'elle contient",
                self.game_result(*result)
            ),
            Unfit::FiledOtherwise(result) => format!(
                "elle est déjà classée dans {GAMES_FILE} comme {}, et diffère de ce classement ; les deux sont gardés",
                self.game_result(*result)
            ),
            Unfit::EarlierFiling => "un classement antérieur de la partie classée à nouveau, qui ne contient plus une de ses actions".into(),
            Unfit::CutOff => {
                "un plantage ou un disque plein pendant le classement d'une partie".into()
            }
            Unfit::NotExercises { lines, said } => {
                let numbers: Vec<String> = lines.iter().map(usize::to_string).collect();
                let numbers = numbers.join(", ");
                if lines.len() == 1 {
                    format!("la ligne {numbers} n'est pas un exercice de contree ({said}) ; elle seule a été déplacée, les autres lignes restent")
                } else {
                    format!("les lignes {numbers} ne sont pas des exercices de contree ({said}) ; seules elles ont été déplacées, les autres lignes restent")
                }
            }
        }
    }

    /// Why the game refuses a save.
    fn load_error(self, e: &LoadError) -> String {
        if self.lang == Lang::En {
            return e.to_string();
        }
        match e {
            LoadError::FutureVersion(v) => format!(
                "l'enregistrement est en version {v}, plus récente que ce que ce contree comprend ({SAVE_VERSION})"
            ),
            LoadError::BadOptions(why) => {
                format!("les options de l'enregistrement sont invalides : {why}")
            }
            LoadError::NoDeal => "l'enregistrement ne contient aucune donne".into(),
            LoadError::Tampered { deal, what } => {
                format!("la donne {} de l'enregistrement a été modifiée : {what}", deal + 1)
            }
            LoadError::Illegal { deal, action, why } => format!(
                "la donne {} de l'enregistrement contient une action illégale, {action} : {why}",
                deal + 1
            ),
            LoadError::Edited => "les annonces ou les cartes de l'enregistrement ont été modifiées : sa somme de contrôle ne correspond pas".into(),
        }
    }

    /// What stands at a path: "un dossier", "un lien vers une FIFO"…
    fn file_kind(self, kind: FileKind) -> String {
        if self.lang == Lang::En {
            return kind.to_string();
        }
        let thing = match (kind.thing, kind.linked) {
            (Thing::Other, false) => return "autre chose qu'un fichier".into(),
            (Thing::Other, true) => return "un lien vers autre chose qu'un fichier".into(),
            (Thing::Nothing, _) => "rien",
            (Thing::File, _) => "un fichier",
            (Thing::Directory, _) => "un dossier",
            (Thing::Fifo, _) => "une FIFO",
            (Thing::Socket, _) => "une socket",
            (Thing::Device, _) => "un périphérique",
        };
        if kind.linked { format!("un lien vers {thing}") } else { thing.into() }
    }

    /// How a game of the history ended.
    fn game_result(self, result: GameResult) -> String {
        match (self.lang, result) {
            (Lang::En, _) => result.to_string(),
            (Lang::Fr, GameResult::Won) => "gagnée par Nord-Sud".into(),
            (Lang::Fr, GameResult::Lost) => "gagnée par Est-Ouest".into(),
            (Lang::Fr, GameResult::Abandoned) => "abandonnée".into(),
        }
    }

    /// A file the store could not use, and what became of it.
    pub fn set_aside(self, a: &SetAside) -> String {
        let (file, reason, path) = (&a.file, self.unfit(&a.reason), a.path.display());
        self.out(match (self.lang, a.moved) {
            (Lang::En, _) => a.to_string(),
            (Lang::Fr, _) if a.last_line_only => format!(
                "la dernière ligne de {file} était coupée ({reason}) ; elle a été gardée sous {path}, et les lignes d'avant restent"
            ),
            (Lang::Fr, true) => format!("{file} n'a pas pu servir ({reason}) ; il a été gardé sous {path}"),
            (Lang::Fr, false) => format!(
                "{file} n'a pas pu servir ({reason} ; {}) ; il a été laissé tel quel",
                ONLY_READ_FR
            ),
        })
    }

    /// What to tell the player when the save could not be resumed.
    pub fn resume_notice(self, r: &Resume) -> Option<String> {
        let notice = match (self.lang, r) {
            (Lang::En, _) => r.notice(),
            (Lang::Fr, Resume::MovedAside { path, reason }) => Some(format!(
                "La partie enregistrée n'a pas pu être reprise ({}) ; elle a été gardée sous {}.",
                self.unfit(reason),
                path.display()
            )),
            (Lang::Fr, Resume::LeftInPlace { path, why }) => {
                let why = match why {
                    Left::Failed(e) => self.cause(e.cause()),
                    Left::OnlyRead(reason) => {
                        format!("{} ; {}", self.unfit(reason), ONLY_READ_FR)
                    }
                };
                Some(format!(
                    "La partie enregistrée n'a pas pu être lue ({why}) ; elle a été laissée telle quelle, dans {}.",
                    path.display()
                ))
            }
            (Lang::Fr, Resume::Saved { filing_taken_back: true, .. }) => Some(
                "La partie enregistrée avait aussi été classée comme abandonnée dans games.jsonl, par une nouvelle partie arrêtée avant de commencer ; l'enregistrement en contient davantage, ce classement a donc été retiré, et la partie sera classée une fois, à sa fin.".into(),
            ),
            (Lang::Fr, Resume::None | Resume::Saved { .. }) => None,
        };
        notice.map(|n| self.out(n))
    }

    /// The message shown when the terminal is too small.
    pub fn too_small(self, w: u16, h: u16) -> String {
        match self.lang {
            Lang::En => format!("terminal too small: need 80x24, have {w}x{h}"),
            Lang::Fr => format!("terminal trop petit : il faut 80x24, il y a {w}x{h}"),
        }
    }

    /// The one-page rules summary of the help screen, for a game of `set`: the direction of play,
    /// the made test and the scoring follow the set, so that the summary never contradicts the
    /// set's own note below it.
    pub fn rules_summary(self, set: RuleSet) -> [String; 8] {
        let (direction, made, scores) = match (self.lang, set) {
            (Lang::En, RuleSet::Contree) => (
                "You (South) and North play against East and West; play goes anticlockwise.",
                "The contract is made when the takers reach their bid, belote included.",
                "Scores are rounded to the nearest ten; the first team to the target wins.",
            ),
            (Lang::En, RuleSet::Coinche) => (
                "You (South) and North play against East and West; play goes anticlockwise.",
                "The contract is made when the takers reach their bid and beat the defence.",
                "Scores are rounded to the nearest ten; the first team to the target wins.",
            ),
            (Lang::En, RuleSet::Plain) => (
                "You (South) and North play against East and West; play goes clockwise.",
                "The contract is made when the takers reach their bid, belote included.",
                "Scores are exact, not rounded; the first team to 701 wins.",
            ),
            (Lang::Fr, RuleSet::Contree) => (
                "Vous (Sud) et Nord jouez contre Est et Ouest ; on joue dans le sens inverse des aiguilles.",
                "Le contrat est réussi si les preneurs atteignent leur enchère, belote comprise.",
                "La marque est arrondie à la dizaine ; la première équipe à l'objectif gagne.",
            ),
            (Lang::Fr, RuleSet::Coinche) => (
                "Vous (Sud) et Nord jouez contre Est et Ouest ; on joue dans le sens inverse des aiguilles.",
                "Le contrat est réussi si les preneurs atteignent leur enchère et battent la défense.",
                "La marque est arrondie à la dizaine ; la première équipe à l'objectif gagne.",
            ),
            (Lang::Fr, RuleSet::Plain) => (
                "Vous (Sud) et Nord jouez contre Est et Ouest ; on joue dans le sens des aiguilles.",
                "Le contrat est réussi si les preneurs atteignent leur enchère, belote comprise.",
                "La marque est exacte, sans arrondi ; la première équipe à 701 gagne.",
            ),
        };
        let [bidding, contre, follow, trump, orders] = match self.lang {
            Lang::En => [
                "Bidding: from 80 to 160 by tens, or capot (all eight tricks), with a trump suit.",
                "Contre doubles the opponents' bid; the contré team may surcontre (x4).",
                "Follow suit; without it, trump unless your partner is winning the trick;",
                "when you trump, go over the trumps already played if you can.",
                "Trump: J 9 A 10 K Q 8 7. Plain: A 10 K Q J 9 8 7. 152 points + 10 last trick.",
            ],
            Lang::Fr => [
                "Enchères : de 80 à 160 par dizaines, ou capot (huit plis), avec une couleur d'atout.",
                "Le contre double l'enchère adverse ; l'équipe contrée peut surcontrer (x4).",
                "Fournir ; sinon couper, sauf si le partenaire est maître du pli ;",
                "à l'atout, monter sur les atouts déjà joués si on le peut.",
                "Atout : V 9 A 10 R D 8 7. Hors atout : A 10 R D V 9 8 7. 152 points + 10 de der.",
            ],
        };
        [direction, bidding, contre, follow, trump, orders, made, scores]
            .map(|l| self.out(l.into()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::{Card, Trump};

    /// One of each reason, with figures that are all different.
    fn every_reason() -> Vec<Reason> {
        let all = vec![
            Reason::OnlyCard,
            Reason::OnlyCall,
            Reason::AllAlike,
            Reason::PullTrumps { out: 8 },
            Reason::CashMaster,
            Reason::GiveRuff,
            Reason::LeadLow,
            Reason::Ruff,
            Reason::Overruff,
            Reason::TakeTrick,
            Reason::TryTrick,
            Reason::LoadPartner { points: 11 },
            Reason::GiveLeast,
            Reason::Capot { worlds: 63, of: 64 },
            Reason::Bid { seen: 152, seen_se: Some(12), made: 59, ours: 61, of: 62 },
            Reason::Bid { seen: 98, seen_se: None, made: 1, ours: 1, of: 1 },
            Reason::Pass {
                mean: -1234,
                other: Call::Bid(Bid::new(BidLevel::Capot, Suit::Hearts)),
                other_mean: -1567,
            },
            Reason::Contre { need: 160, seen: 120, seen_se: Some(14), worlds: 59, of: 60 },
            Reason::Surcontre { worlds: 57, of: 58 },
            Reason::SureTrick { card: Card::new(Suit::Diamonds, Rank::Jack) },
            Reason::Figures { mean: -1345, se: Some(321), worlds: 56 },
            Reason::Figures { mean: 12, se: None, worlds: 1 },
            Reason::Unweighed,
        ];
        // A reason added to the expert and not to this list fails to compile here.
        for r in &all {
            match r {
                Reason::OnlyCard
                | Reason::OnlyCall
                | Reason::AllAlike
                | Reason::PullTrumps { .. }
                | Reason::CashMaster
                | Reason::GiveRuff
                | Reason::LeadLow
                | Reason::Ruff
                | Reason::Overruff
                | Reason::TakeTrick
                | Reason::TryTrick
                | Reason::LoadPartner { .. }
                | Reason::GiveLeast
                | Reason::Capot { .. }
                | Reason::Bid { .. }
                | Reason::Pass { .. }
                | Reason::Contre { .. }
                | Reason::Surcontre { .. }
                | Reason::SureTrick { .. }
                | Reason::Figures { .. }
                | Reason::Unweighed => {}
            }
        }
        all
    }

    /// The figures a reason carries, as its line writes them.
    fn figures(r: Reason) -> Vec<String> {
        let n = |v: &[u16]| v.iter().map(|x| x.to_string()).collect();
        match r {
            Reason::PullTrumps { out } => n(&[out.into()]),
            Reason::LoadPartner { points } => n(&[points.into()]),
            Reason::Capot { worlds, of } | Reason::Surcontre { worlds, of } => n(&[worlds, of]),
            Reason::Bid { seen, seen_se, made, ours, of } => {
                n(&[&[seen, made, ours, of][..], &Vec::from_iter(seen_se)].concat())
            }
            Reason::Contre { need, seen, seen_se, worlds, of } => {
                n(&[&[need, seen, worlds, of][..], &Vec::from_iter(seen_se)].concat())
            }
            Reason::Pass { mean, other_mean, .. } => {
                vec![format!("{mean:+}"), format!("{other_mean:+}")]
            }
            Reason::Figures { mean, se, worlds } => {
                let mut f = vec![format!("{mean:+}"), worlds.to_string()];
                f.extend(se.map(|se| se.to_string()));
                f
            }
            _ => Vec::new(),
        }
    }

    #[test]
    fn every_reason_is_worded_in_both_languages_with_its_figures() {
        let en = Words { lang: Lang::En, suits: SuitStyle::Glyphs, ascii: false, spoken: false };
        let fr = Words { lang: Lang::Fr, suits: SuitStyle::Glyphs, ascii: false, spoken: false };
        for w in [en, fr] {
            let said: Vec<String> = every_reason().into_iter().map(|r| w.reason(r)).collect();
            for (r, text) in every_reason().into_iter().zip(&said) {
                assert!(!text.is_empty(), "{r:?}");
                for f in figures(r) {
                    assert!(text.contains(&f), "{r:?}: {text}");
                }
                assert_eq!(said.iter().filter(|t| *t == text).count(), 1, "{text} twice");
                // With the widest action it goes with and the widest figures, the hint fits the
                // one line an 80-column table has for it, after its margin.
                use crate::game::Action;
                let action = match r {
                    Reason::Contre { .. } | Reason::SureTrick { .. } => Action::Bid(Call::Contre),
                    Reason::Surcontre { .. } => Action::Bid(Call::Surcontre),
                    Reason::Pass { .. } | Reason::OnlyCall => Action::Bid(Call::Pass),
                    Reason::Bid { .. } => Action::Bid(Call::Bid(Bid {
                        level: BidLevel::Capot,
                        trump: Trump::AllTrump,
                    })),
                    _ => Action::Play(Card::new(Suit::Spades, Rank::Ten)),
                };
                let advice = Advice::plain(action, r);
                let line = w.advice(&advice);
                assert!(line.chars().count() < 80, "{} wide: {line}", line.chars().count());
            }
        }
        for r in every_reason() {
            assert_ne!(en.reason(r), fr.reason(r), "{r:?} is translated");
        }
        assert_eq!(en.reason(Reason::PullTrumps { out: 3 }), "pulls trumps: 3 still out");
        assert_eq!(fr.reason(Reason::PullTrumps { out: 3 }), "tire les atouts : il en reste 3");
        assert_eq!(
            en.reason(Reason::Contre { need: 90, seen: 70, seen_se: Some(6), worlds: 8, of: 10 }),
            "they need 90, seen at 70 ± 6: they fail in 8 worlds of 10"
        );
        assert_eq!(
            fr.reason(Reason::Contre { need: 90, seen: 70, seen_se: None, worlds: 1, of: 10 }),
            "90 à faire, vus à 70 : chute dans 1 monde sur 10"
        );
        let advice = Advice::plain(
            crate::game::Action::Play(Card::new(Suit::Spades, Rank::Jack)),
            Reason::PullTrumps { out: 3 },
        );
        assert_eq!(en.advice(&advice), "Hint: J♠ — pulls trumps: 3 still out");
        assert_eq!(fr.advice(&advice), "Conseil : V♠ — tire les atouts : il en reste 3");
    }

    #[test]
    fn the_analysis_is_summed_up_in_both_languages() {
        let en = Words { lang: Lang::En, suits: SuitStyle::Glyphs, ascii: false, spoken: false };
        let fr = Words { lang: Lang::Fr, suits: SuitStyle::Glyphs, ascii: false, spoken: false };
        let cost = |mean, se| Cost { mean, se, worlds: 32 };
        assert_eq!(en.cost(cost(11.6, 3.2)), "−12 ± 3 on average");
        assert_eq!(fr.cost(cost(11.6, 3.2)), "−12 ± 3 en moyenne");
        // Within two standard errors, or under five points, a choice is not a mistake.
        assert_eq!(en.cost(cost(11.6, 6.0)), "as good as the expert's");
        assert_eq!(en.cost(cost(4.0, 0.5)), "as good as the expert's");
        assert_eq!(fr.cost(cost(0.0, 1.0)), "aussi bon que celui de l'expert");
        assert_eq!(
            en.analysis_total(6, 9, 23.4, 7.2),
            "6 of your 9 choices are the expert's; your clear mistakes cost 23 ± 7"
        );
        assert!(fr.analysis_total(6, 9, 23.4, 7.2).contains("6 de vos 9"));
        let dd = DoubleDummy {
            contract: Contract {
                taker: Seat::South,
                bid: Bid { level: BidLevel::Points(80), trump: Trump::Suit(Suit::Spades) },
                multiplier: Multiplier::Simple,
            },
            takers_points: 85,
            made: true,
            score: crate::rules::ByTeam([170, 100]),
            played_points: 107,
        };
        for w in [en, fr] {
            let text = w.double_dummy(&dd);
            for f in ["85", "107", "170", "100"] {
                assert!(text.contains(f), "{text}");
            }
        }
    }

    #[test]
    fn french_uses_french_card_names_and_calls() {
        let fr = Words { lang: Lang::Fr, suits: SuitStyle::Glyphs, ascii: false, spoken: false };
        assert_eq!(fr.card(Card::new(Suit::Spades, Rank::Jack)), "V♠");
        assert_eq!(fr.card(Card::new(Suit::Hearts, Rank::Queen)), "D♥");
        assert_eq!(fr.card(Card::new(Suit::Clubs, Rank::King)), "R♣");
        assert_eq!(fr.call(Call::Pass), "Passe");
        let c = Contract {
            taker: Seat::North,
            bid: Bid { level: BidLevel::Points(100), trump: Trump::Suit(Suit::Hearts) },
            multiplier: Multiplier::Contre,
        };
        assert_eq!(fr.contract(&c), "100 ♥ contré, Nord");
        let en = Words { lang: Lang::En, suits: SuitStyle::Letters, ascii: false, spoken: false };
        assert_eq!(en.contract(&c), "100 H contré, North");
        assert_eq!(en.card(Card::new(Suit::Diamonds, Rank::Ten)), "10D");
    }

    #[test]
    fn a_refused_card_is_explained_in_the_language() {
        use crate::game::{Action, GameError};
        use crate::rules::PlayError;
        let card = Card::new(Suit::Hearts, Rank::Ten);
        let e = GameError::Play(PlayError::MustFollow { suit: Suit::Spades });
        let fr = Words { lang: Lang::Fr, suits: SuitStyle::Glyphs, ascii: false, spoken: false };
        assert_eq!(fr.refusal(Action::Play(card), &e), "10♥ : il faut fournir à pique (♠)");
        let en = Words { lang: Lang::En, suits: SuitStyle::Glyphs, ascii: false, spoken: false };
        assert_eq!(en.refusal(Action::Play(card), &e), "10♥: you must follow ♠ (spades)");
        let e = GameError::Play(PlayError::MustOvertrump {
            holds: Card::new(Suit::Spades, Rank::Jack),
        });
        assert_eq!(
            fr.refusal(Action::Play(card), &e),
            "10♥ : il faut monter à l'atout : vous avez V♠"
        );
    }

    #[test]
    fn dates_are_local() {
        let utc = jiff::tz::TimeZone::UTC;
        assert_eq!(local_time(0, &utc), Some((1, 1, 0, 0)));
        assert_eq!(local_time(1_795_960_800, &utc), Some((11, 29, 14, 0)));
        assert_eq!(local_time(951_782_400, &utc), Some((2, 29, 0, 0)));
        let paris = jiff::tz::TimeZone::fixed(jiff::tz::offset(1));
        assert_eq!(local_time(1_795_960_800, &paris), Some((11, 29, 15, 0)));
    }

    #[test]
    fn the_resume_line_says_whose_score_and_when() {
        let en = Words { lang: Lang::En, suits: SuitStyle::Glyphs, ascii: false, spoken: false };
        assert_eq!(
            en.resume(0, 270, Some((11, 29, 14, 41))),
            "Resume the game — Us 0, Them 270 — saved 29 Nov 14:41"
        );
        assert_eq!(en.resume(10, 20, None), "Resume the game — Us 10, Them 20");
        let fr = Words { lang: Lang::Fr, suits: SuitStyle::Glyphs, ascii: false, spoken: false };
        assert_eq!(
            fr.resume(0, 270, Some((11, 29, 14, 41))),
            "Reprendre la partie — Nous 0, Eux 270 — du 29 nov. 14:41"
        );
        // The widest line there can be (four-digit totals, a long month) fits the start screen's
        // box: 74 columns inside, less the marker and a margin on each side.
        for w in [en, fr] {
            assert!(w.resume(4020, 4020, Some((9, 28, 23, 59))).chars().count() <= 70);
        }
        assert_eq!(fr.deal_over(1), "Fin de la donne 1");
        assert_eq!(fr.keys("Enter Space"), "Entrée Espace");
        assert_eq!(fr.keys("Esc"), "Échap");
        assert_eq!(en.keys("Enter Space"), "Enter Space");
        assert_eq!(en.deal_over(12), "Deal 12 over");
    }

    #[test]
    fn scores_are_written_as_their_sums() {
        use crate::rules::ScoreSum;
        let en = Words { lang: Lang::En, suits: SuitStyle::Glyphs, ascii: false, spoken: false };
        let made =
            ScoreSum { cards: 160, bid: 80, bid_times: 1, belote: 20, ..ScoreSum::default() };
        assert_eq!(en.score_sum(&made, 260), "160 + 80 + 20 = 260");
        let contre = ScoreSum { base: 320, bid: 90, bid_times: 2, ..ScoreSum::default() };
        assert_eq!(en.score_sum(&contre, 500), "320 + 2 × 90 = 500");
        let rounded = ScoreSum { cards: 133, bid: 90, bid_times: 1, ..ScoreSum::default() };
        assert_eq!(en.score_sum(&rounded, 220), "133 + 90 = 223 → 220");
        let alone = ScoreSum { cards: 29, ..ScoreSum::default() };
        assert_eq!(en.score_sum(&alone, 30), "29 → 30");
        assert_eq!(en.score_sum(&ScoreSum::default(), 0), "0");
        // Coinche: a coinché contract multiplies the whole sum; plain: exact, no arrow.
        let coinched = ScoreSum {
            base: 160,
            bid: 100,
            bid_times: 1,
            belote: 20,
            times: 2,
            ..ScoreSum::default()
        };
        assert_eq!(en.score_sum(&coinched, 560), "(160 + 100 + 20) × 2 = 560");
        let declared =
            ScoreSum { cards: 63, bid: 110, bid_times: 1, declarations: 50, ..ScoreSum::default() };
        assert_eq!(en.score_sum(&declared, 220), "63 + 110 + 50 = 223 → 220");
        let plain =
            ScoreSum { cards: 100, bid: 90, bid_times: 2, belote: 20, ..ScoreSum::default() };
        assert_eq!(en.score_sum(&plain, 300), "100 + 2 × 90 + 20 = 300");
        assert_eq!(en.tricks_taken(6, 2), "tricks: us 6, them 2");
        let fr = Words { lang: Lang::Fr, suits: SuitStyle::Glyphs, ascii: false, spoken: false };
        assert_eq!(fr.tricks_taken(6, 2), "plis : nous 6, eux 2");
        assert_eq!(
            ascii("Dédé, Kévin, Réglages, CONTRÉE, cœur"),
            "Dede, Kevin, Reglages, CONTREE, coeur"
        );
    }

    #[test]
    fn the_rules_follow_the_language() {
        let en = Words { lang: Lang::En, suits: SuitStyle::Glyphs, ascii: false, spoken: false };
        let fr = Words { lang: Lang::Fr, suits: SuitStyle::Glyphs, ascii: false, spoken: false };
        assert!(en.rules_md().starts_with("# Belote contrée: the rules"));
        assert!(fr.rules_md().contains("dix de der"));
        assert!(fr.rules_md().contains("## Exemples"));
        // The same figures in both: every worked example's numbers come over.
        let numbers = |s: &str| {
            let mut v: Vec<String> = s
                .split(|c: char| !c.is_ascii_digit())
                .filter(|n| !n.is_empty())
                .map(str::to_string)
                .collect();
            v.sort();
            v
        };
        assert_eq!(numbers(&en.rules_md()), numbers(&fr.rules_md()));
        for set in RuleSet::ALL {
            assert_ne!(en.rules_summary(set), fr.rules_summary(set));
        }
    }

    #[test]
    fn what_the_store_says_is_said_in_the_language() {
        use std::path::PathBuf;
        let fr = Words { lang: Lang::Fr, suits: SuitStyle::Glyphs, ascii: false, spoken: false };
        let en = Words { lang: Lang::En, suits: SuitStyle::Glyphs, ascii: false, spoken: false };
        let path = PathBuf::from("/data/game.json.corrupt-1");
        let truncated = Unfit::Truncated("EOF while parsing".into());
        let moved = Resume::MovedAside { path: path.clone(), reason: truncated };
        assert_eq!(en.resume_notice(&moved), moved.notice());
        let said = fr.resume_notice(&moved).expect("a notice");
        assert!(said.starts_with(
            "La partie enregistrée n'a pas pu être reprise (le fichier est tronqué : EOF while parsing)"
        ));
        assert!(said.contains("/data/game.json.corrupt-1"));
        let aside = SetAside {
            file: "settings.json".into(),
            path: path.clone(),
            reason: Unfit::FieldsRefused(vec!["speed".into()]),
            moved: true,
            last_line_only: false,
        };
        assert_eq!(en.set_aside(&aside), aside.to_string());
        assert!(fr.set_aside(&aside).contains("il a été gardé sous /data/"));
        let torn = SetAside { file: "games.jsonl".into(), last_line_only: true, ..aside };
        assert!(torn.to_string().starts_with("the last line of games.jsonl was cut off"));
        assert!(fr.set_aside(&torn).starts_with("la dernière ligne de games.jsonl était coupée"));
        let game = crate::game::new_game(Default::default(), 1, None);
        let unfiled = Resume::Saved { game, started: None, saved: None, filing_taken_back: true };
        assert!(en.resume_notice(&unfiled).is_some_and(|n| n.contains("taken back")));
        assert!(fr.resume_notice(&unfiled).is_some_and(|n| n.contains("retiré")));
        let link = ReadError::DanglingLink(PathBuf::from("/mnt/x/game.json"));
        let e = StoreError::new(&path, Operation::Read, Cause::Unusable(link));
        assert!(
            fr.store_error(&e).ends_with("c'est un lien vers /mnt/x/game.json, qui n'existe pas")
        );
        let full = std::io::Error::from(std::io::ErrorKind::StorageFull);
        let e = StoreError::new(&path, Operation::Write, Cause::Io(full));
        assert_eq!(en.store_error(&e), e.to_string());
        assert_eq!(
            fr.store_error(&e),
            "impossible d'enregistrer /data/game.json.corrupt-1 : le disque est plein"
        );
        let e = StoreError::new(&path, Operation::Read, Cause::Unusable(ReadError::NotAFile));
        assert_eq!(
            fr.store_error(&e),
            "impossible de lire /data/game.json.corrupt-1 : ce n'est pas un fichier ordinaire"
        );
    }

    /// Every reason the store gives, every cause of its errors and every way a save is left
    /// where it was: the English is the store's own, the French its own words (the details a
    /// parser or the system gives aside).
    #[test]
    fn every_reason_of_the_store_is_said_in_both_languages() {
        use std::path::{Path, PathBuf};
        let fr = Words { lang: Lang::Fr, suits: SuitStyle::Glyphs, ascii: false, spoken: false };
        let en = Words { lang: Lang::En, suits: SuitStyle::Glyphs, ascii: false, spoken: false };
        let things = [Thing::Nothing, Thing::File, Thing::Directory, Thing::Fifo, Thing::Socket];
        let kinds = things
            .into_iter()
            .chain([Thing::Device, Thing::Other])
            .flat_map(|thing| [false, true].map(|linked| FileKind { thing, linked }));
        let refused = [
            LoadError::FutureVersion(9),
            LoadError::BadOptions("target 0".into()),
            LoadError::NoDeal,
            LoadError::Tampered { deal: 0, what: "x".into() },
            LoadError::Illegal { deal: 1, action: "AS".into(), why: "y".into() },
            LoadError::Edited,
        ];
        let results = [GameResult::Won, GameResult::Lost, GameResult::Abandoned];
        let reasons: Vec<Unfit> = kinds
            .map(Unfit::NotAFile)
            .chain([
                Unfit::TooLarge(1 << 20),
                Unfit::Truncated("x".into()),
                Unfit::NotJson("x".into()),
                Unfit::NoVersion,
                Unfit::NewerVersion { found: 9, current: 2 },
                Unfit::NotASave("x".into()),
                Unfit::NotStats("x".into()),
                Unfit::FieldsRefused(vec!["speed".into()]),
                Unfit::FieldsRefused(vec!["speed".into(), "lang".into()]),
                Unfit::NotFields,
                Unfit::EarlierFiling,
                Unfit::CutOff,
                Unfit::NotExercises { lines: vec![2], said: "x".into() },
                Unfit::NotExercises { lines: vec![2, 5], said: "x".into() },
            ])
            .chain(refused.into_iter().map(Unfit::Refused))
            .chain(
                results
                    .into_iter()
                    .flat_map(|r| [Unfit::AlreadyFiled(r), Unfit::FiledOtherwise(r)]),
            )
            .collect();
        let path = Path::new("/data/settings.json");
        let mut said = std::collections::BTreeSet::new();
        for reason in &reasons {
            assert_eq!(en.unfit(reason), reason.to_string());
            assert_ne!(fr.unfit(reason), reason.to_string(), "{reason:?}");
            assert!(said.insert(fr.unfit(reason)), "said twice: {reason:?}");
            for moved in [true, false] {
                let aside = SetAside {
                    file: "settings.json".into(),
                    path: path.to_path_buf(),
                    reason: reason.clone(),
                    moved,
                    last_line_only: false,
                };
                assert_eq!(en.set_aside(&aside), aside.to_string());
                assert!(fr.set_aside(&aside).contains(&fr.unfit(reason)), "{reason:?}");
            }
            let full = std::io::Error::from(std::io::ErrorKind::StorageFull);
            let cause = Cause::NotMovedAside(reason.clone(), full);
            let e = StoreError::new(path, Operation::MoveAside, cause);
            assert_eq!(en.store_error(&e), e.to_string());
            assert!(fr.store_error(&e).ends_with("le disque est plein"), "{reason:?}");
            let left = Resume::LeftInPlace {
                path: PathBuf::from(path),
                why: Left::OnlyRead(reason.clone()),
            };
            assert_eq!(en.resume_notice(&left), left.notice());
            let notice = fr.resume_notice(&left).expect("a notice");
            assert!(notice.contains(ONLY_READ_FR) && notice.contains(&fr.unfit(reason)));
        }
        let denied = std::io::Error::from(std::io::ErrorKind::PermissionDenied);
        let e = StoreError::new(path, Operation::Read, Cause::Io(denied));
        let left = Resume::LeftInPlace { path: PathBuf::from(path), why: Left::Failed(e) };
        assert_eq!(en.resume_notice(&left), left.notice());
        let notice = fr.resume_notice(&left).expect("a notice");
        assert!(notice.contains("(permission refusée (lecture seule ?))"), "{notice}");
    }

    #[test]
    fn spoken_texts_name_their_signs_and_cards() {
        use crate::rules::Card;
        assert_eq!(spoken("320 + 2 × 90 = 500", Lang::En), "320 + 2 times 90 = 500");
        assert_eq!(spoken("−12 en moyenne — 133 → 130", Lang::Fr), "-12 en moyenne, 133 à 130");
        assert_eq!(spoken("−12 ± 3 on average", Lang::En), "-12 plus or minus 3 on average");
        assert_eq!(ascii("−12 ± 3"), "-12 +/- 3");
        assert_eq!(spoken("Hint: J♠ — pulls trumps", Lang::En), "Hint: J spades, pulls trumps");
        let en = Words { lang: Lang::En, suits: SuitStyle::Glyphs, ascii: false, spoken: true };
        let fr = Words { lang: Lang::Fr, ..en };
        let ace = Card::new(Suit::Hearts, Rank::Ace);
        assert_eq!(en.card(ace), "ace of hearts");
        assert_eq!(fr.the_card(ace), "l'as de cœur");
        assert_eq!(fr.the_card(Card::new(Suit::Clubs, Rank::Queen)), "la dame de trèfle");
        assert_eq!(Words { ascii: true, ..fr }.the_card(ace), "l'as de coeur");
        let tierce = Declaration::Sequence { top: Card::new(Suit::Hearts, Rank::Queen), len: 3 };
        assert_eq!(en.declaration(tierce), "Tierce to the queen of hearts");
        assert_eq!(fr.declaration(tierce), "Tierce à la dame de cœur");
        use crate::game::{Action, GameError};
        let refused = GameError::Play(crate::rules::PlayError::MustFollow { suit: Suit::Spades });
        assert_eq!(
            en.refusal(Action::Play(ace), &refused),
            "ace of hearts: you must follow spades"
        );
        // Every text of the table, spoken, keeps no glyph a reader would spell out.
        for w in [en, fr] {
            for &t in T::ALL {
                let said = w.t(t);
                assert!(!said.contains(['♠', '♥', '♦', '♣', '×', '→', '—', '…', '★']), "{said}");
            }
        }
    }

    #[test]
    fn french_keys_say_oui_for_yes() {
        let fr = Words { lang: Lang::Fr, suits: SuitStyle::Glyphs, ascii: false, spoken: false };
        assert_eq!(fr.keys("Enter y"), "Entrée o");
        assert_eq!(fr.keys("y Enter"), "o Entrée");
        let en = Words { lang: Lang::En, suits: SuitStyle::Glyphs, ascii: false, spoken: false };
        assert_eq!(en.keys("Enter y"), "Enter y");
    }

    #[test]
    fn the_rules_summary_follows_the_set_of_the_game() {
        for lang in Lang::ALL {
            let w = Words { lang, suits: SuitStyle::Glyphs, ascii: false, spoken: false };
            let [contree, coinche, plain] = RuleSet::ALL.map(|set| w.rules_summary(set));
            // Clockwise only in the plain rules; anticlockwise never said there.
            assert_eq!(contree[0], coinche[0]);
            assert_ne!(plain[0], contree[0]);
            assert!(plain[0].contains(if lang == Lang::En { "clockwise" } else { "sens des" }));
            assert!(!plain[0].contains(if lang == Lang::En { "anti" } else { "inverse" }));
            // Coinche's made test has the defence in it; plain scores are exact, to 701.
            assert_ne!(coinche[6], contree[6]);
            assert!(plain[7].contains("701") && !contree[7].contains("701"));
        }
    }

    #[test]
    fn declarations_and_trump_modes_are_named_in_each_language() {
        let en = Words { lang: Lang::En, suits: SuitStyle::Glyphs, ascii: false, spoken: false };
        let fr = Words { lang: Lang::Fr, suits: SuitStyle::Glyphs, ascii: false, spoken: false };
        let tierce = Declaration::Sequence { top: Card::new(Suit::Hearts, Rank::Queen), len: 3 };
        assert_eq!(en.declaration(tierce), "Tierce ♥\u{a0}Q");
        assert_eq!(fr.declaration(tierce), "Tierce ♥\u{a0}D");
        let cent = Declaration::Sequence { top: Card::new(Suit::Diamonds, Rank::King), len: 6 };
        assert_eq!(en.declaration(cent), "Cent ♦\u{a0}K");
        assert_eq!(fr.declaration(Declaration::Carre(Rank::Jack)), "Carré de valets");
        assert_eq!(en.declaration(Declaration::Carre(Rank::Nine)), "Four nines");
        let both = Combination::from_declarations(&[tierce, Declaration::Carre(Rank::Ace)]);
        assert_eq!(fr.combination(both.unwrap_or_default()), "Carré d'as, Tierce ♥\u{a0}D");
        assert_eq!(en.combination(Combination::NONE), "nothing");
        let at = Bid { level: BidLevel::Points(100), trump: Trump::AllTrump };
        assert_eq!(en.bid(at), "100 AT");
        assert_eq!(fr.bid(at), "100 TA");
        assert_eq!(fr.bid_long(at), "100 Tout atout");
        let nt = Bid { level: BidLevel::Capot, trump: Trump::NoTrump };
        assert_eq!(en.bid_long(nt), "Capot Sans atout");
        assert_eq!(fr.rules_short(Rules::of(RuleSet::Plain).with_nt_at(true)), "Simple SA/TA");
    }

    #[test]
    fn letters_are_distinct_in_each_language() {
        for lang in Lang::ALL {
            let w = Words { lang, suits: SuitStyle::Letters, ascii: false, spoken: false };
            let letters: std::collections::HashSet<&str> =
                Suit::ALL.iter().map(|&s| w.suit(s)).collect();
            assert_eq!(letters.len(), 4);
        }
    }

    #[test]
    fn locale_picks_the_language() {
        assert_eq!(Lang::from_locale("fr_FR.UTF-8"), Lang::Fr);
        assert_eq!(Lang::from_locale("en_GB.UTF-8"), Lang::En);
        assert_eq!(Lang::from_locale("C"), Lang::En);
    }

    #[test]
    fn in_ascii_every_text_is_ascii_in_both_languages() {
        use crate::game::{Action, GameError, UndoError};
        use crate::rules::{Card, PlayError, ScoreSum};
        for lang in Lang::ALL {
            for suits in [SuitStyle::Glyphs, SuitStyle::Letters] {
                let w = Words { lang, suits, ascii: true, spoken: false };
                let mut said: Vec<String> = T::ALL.iter().map(|&t| w.t(t).to_string()).collect();
                let hearts = Card::new(Suit::Hearts, Rank::Queen);
                let refused = GameError::Play(PlayError::MustFollow { suit: Suit::Clubs });
                let undo = UndoError::NotTheLast { seat: Seat::South, last: Seat::East };
                let sum =
                    ScoreSum { cards: 133, bid: 90, bid_times: 2, times: 2, ..ScoreSum::default() };
                let tierce = Declaration::Sequence { top: hearts, len: 3 };
                let contract = Contract {
                    taker: Seat::West,
                    bid: Bid { level: BidLevel::Capot, trump: Trump::AllTrump },
                    multiplier: Multiplier::Surcontre,
                };
                said.extend([
                    w.card(hearts),
                    w.suit_name(Suit::Hearts).to_string(),
                    w.suit_name(Suit::Clubs).to_string(),
                    w.refusal(Action::Play(hearts), &refused),
                    w.undo_refusal(&undo),
                    w.declaration(tierce),
                    w.contract(&contract),
                    w.bid_long(contract.bid),
                    w.resume(10, 20, Some((2, 28, 23, 59))),
                    w.resume(10, 20, Some((12, 1, 0, 0))),
                    w.resume(10, 20, Some((8, 1, 0, 0))),
                    w.replace_saved(0, 310),
                    w.score_sum(&sum, 550),
                    w.cost(Cost { mean: 12.0, se: 3.0, worlds: 32 }),
                    w.analysis_total(3, 9, 20.0, 4.0),
                    w.keys("←→ h l"),
                    w.keys("↑↓ j k"),
                    w.keys("Enter Space Esc"),
                    w.too_small(10, 5),
                    w.text("Dédé, « Surcontre ! »").into_owned(),
                    w.rules_md().into_owned(),
                ]);
                said.extend(every_reason().into_iter().map(|r| w.reason(r)));
                said.extend(RuleSet::ALL.iter().flat_map(|&set| w.rules_summary(set)));
                said.extend(Suit::ALL.map(|s| w.suit(s).to_string()));
                for text in &said {
                    assert!(text.is_ascii(), "{lang:?}: {text}");
                }
            }
        }
        // Folded, a text keeps its letters and its sense: the arrow of a sum stays an arrow.
        let fr = Words { lang: Lang::Fr, suits: SuitStyle::Glyphs, ascii: true, spoken: false };
        assert_eq!(fr.t(T::Made).to_uppercase(), "REUSSI");
        assert_eq!(fr.t(T::Failed).to_uppercase(), "CHUTE");
        assert_eq!(fr.keys("Enter Esc"), "Entree Echap");
        assert_eq!(fr.t(T::YourTurnBid), "A vous d'encherir");
        assert_eq!(fr.t(T::Bidding), "Encheres");
        let rounded = ScoreSum { cards: 133, bid: 90, bid_times: 1, ..ScoreSum::default() };
        assert_eq!(fr.score_sum(&rounded, 220), "133 + 90 = 223 -> 220");
        assert_eq!(fr.card(Card::new(Suit::Hearts, Rank::King)), "RC");
        assert_eq!(fr.sign(Sign::Marker), ">");
        let glyphs = Words { ascii: false, ..fr };
        assert_eq!(glyphs.t(T::Made), "réussi");
        assert_eq!(glyphs.sign(Sign::Marker), "▶");
    }
}
