//! The catalogue: every fixed text of contree, in English and in French.

use super::Lang;

macro_rules! texts {
    ($($(#[$doc:meta])* $name:ident => $en:literal, $fr:literal;)*) => {
        /// A text of the table.
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
        pub enum T { $($(#[$doc])* #[doc = concat!("“", $en, "”, « ", $fr, " ».")] $name,)* }

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
    ProgressTitle => "Progress", "Progression";
    ProgressKey => "progress", "progression";
    OtherChart => "other chart", "autre graphique";
    ChartBalance => "Balance", "Écart";
    ChartMistakes => "Mistakes", "Erreurs";
    ChartExercises => "Exercises", "Exercices";
    ChartBalanceHead => "Your balance a deal against the expert in your seat, game by game (above 0: better than the expert)", "Votre écart par donne avec l'expert à votre place, partie par partie (au-dessus de 0 : mieux que l'expert)";
    ChartMistakesHead => "What your clear mistakes cost a deal, calls and cards apart, game by game", "Ce que coûtent vos erreurs nettes par donne, enchères et cartes à part, partie par partie";
    ChartExercisesHead => "The exercises made of each game's mistakes: answers solved and missed", "Les exercices tirés des erreurs de chaque partie : réponses justes et manquées";
    AxisPoints => "points", "points";
    AxisAnswers => "answers", "réponses";
    SeriesBalance => "balance", "écart";
    SeriesCalls => "calls", "enchères";
    SeriesCards => "cards", "cartes";
    SeriesSolved => "solved", "justes";
    SeriesMissed => "missed", "manquées";
    ProgressTooFew => "Your progress shows here once two games are finished: for each game, your balance a deal against the expert in your seat, what your clear mistakes cost a deal (calls and cards apart), and the exercises made of them, solved and missed.", "Votre progression paraît ici dès deux parties finies : pour chaque partie, votre écart par donne avec l'expert à votre place, ce que coûtent vos erreurs nettes par donne (enchères et cartes à part), et les exercices qui en sont tirés, justes et manqués.";
    Practice => "Practice", "Entraînement";
    LearnToPlay => "Learn to play", "Apprendre à jouer";
    CourseIntro => "Contrée from zero: each stage a few short levels, one idea each, on real deals. Any stage may be played, in any order.", "La contrée depuis zéro : chaque étape, quelques niveaux courts, une idée chacun, sur de vraies donnes. Toute étape peut être jouée, dans n'importe quel ordre.";
    FirstDealItem => "A first deal, with the expert's hints", "Une première donne, avec les conseils de l'expert";
    StageDone => "done", "faite";
    StageOpen => "up next", "à suivre";
    LevelWord => "Level", "Niveau";
    StageWord => "Stage", "Étape";
    WatchFirst => "Watch first:", "Regardez d'abord :";
    NowYou => "Now you.", "À vous.";
    TryAgain => "Try again.", "Essayez encore.";
    RightAnswer => "Right!", "Juste !";
    NextLevelKey => "Enter: on to the next level", "Entrée : niveau suivant";
    YourCount => "Your answer", "Votre réponse";
    TypeNumber => "type the number", "tapez le nombre";
    Erase => "erase", "effacer";
    GiveAnswer => "answer", "répondre";
    OtherHands => "The other hands", "Les autres mains";
    FirstDealPlaying => "A first deal: the expert's hint at each of your turns, each call explained as it is made, then the expert's review. It counts in no game.", "Une première donne : le conseil de l'expert à chacun de vos tours, chaque annonce expliquée quand elle est faite, puis la revue de l'expert. Elle ne compte dans aucune partie.";
    NextExercise => "next exercise", "exercice suivant";
    ExerciseMade => "A mistake of this deal is now an exercise: Practice, on the start screen", "Une erreur de cette donne est devenue un exercice : Entraînement, sur l'écran d'accueil";
    NoExercise => "No exercise yet. After each deal, the expert reviews your calls and cards; each clear mistake that costs 10 points or more becomes an exercise, served here: the table as it was, for you to choose again.", "Pas encore d'exercice. Après chaque donne, l'expert revoit vos annonces et vos cartes ; chaque erreur nette qui coûte 10 points ou plus devient un exercice, servi ici : la table comme elle était, pour choisir à nouveau.";
    LoadingExercises => "Reading the exercises…", "Lecture des exercices…";
    YourChoice => "What would you do?", "Que feriez-vous ?";
    ExpertChoice => "The expert's choice", "Le choix de l'expert";
    AsGoodAsExpert => "As good as the expert's", "Aussi bon que celui de l'expert";
    NotExpertChoice => "Not the expert's choice", "Pas le choix de l'expert";
    NotWeighed => "A call the expert did not weigh: not one it can call as good as its own", "Une annonce que l'expert n'a pas pesée : il ne peut la dire aussi bonne que la sienne";
    Waiting => "waiting", "en attente";
    Solved => "solved", "réussis";
    Missed => "missed", "manqués";
    // The same, of one exercise (of none, in French).
    OptionsWeighed => "Each option in points for us, and what it costs against the expert's:", "Chaque option en points pour nous, et ce qu'elle coûte face au choix de l'expert :";
    // Over the history's running totals, where no Σ is written.
    Total => "Total", "Total";
    SolvedOne => "solved", "réussi";
    MissedOne => "missed", "manqué";
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
    ClaimNextKey => "next trick", "pli suivant";
    SkipClaimKey => "to the score", "jusqu'au score";
    SkipClaimButton => "To the score (s)", "Jusqu'au score (s)";
    ClaimRefusedTaking => "Your side is not sure of every trick left: the defence can still take one", "Votre camp n'a pas tous les plis sûrs : la défense peut en faire un";
    ClaimRefusedDefending => "Your side is not sure of every trick left: the takers can still take one", "Votre camp n'a pas tous les plis sûrs : les preneurs peuvent en faire un";
    PlayAgainKey => "play it again", "la rejouer";
    PlayingAgain => "The deal played again: it counts neither in the game nor in the statistics", "La donne rejouée : elle ne compte ni dans la partie ni dans les statistiques";
    AgainOver => "The deal played again", "La donne rejouée";
    // A deal of a file, played without ever having been played at this table.
    FileDeal => "The deal of the file: it counts neither in a game nor in the statistics", "La donne du fichier : elle ne compte ni dans une partie ni aux statistiques";
    FileDealOver => "The deal of the file", "La donne du fichier";
    FirstTime => "The first time", "La première fois";
    // The deal of the day: the same deal for everyone on a date.
    DailyDeal => "Deal of the day", "Donne du jour";
    DailyPlaying => "The deal of the day: played once, it counts neither in a game nor in the statistics", "La donne du jour : jouée une fois, elle ne compte ni dans une partie ni aux statistiques";
    DailyPractice => "You played this day already: this deal is practice only, filed nowhere, and your first result stands", "Vous avez déjà joué ce jour : cette donne n'est qu'un entraînement, classé nulle part, et votre premier résultat reste";
    DailyWaiting => "The expert is replaying your seat and reviewing your choices…", "L'expert rejoue votre place et revoit vos choix…";
    DailyYourScore => "Your score", "Votre score";
    DailyPerfectPlay => "Every hand seen, perfect play", "Toutes les mains vues, jeu parfait";
    DailyNoMistake => "No clear mistake", "Aucune erreur nette";
    DailyNotMeasured => "Your mistakes could not be measured: the expert could not review the deal", "Vos erreurs n'ont pas pu être mesurées : l'expert n'a pas pu revoir la donne";
    DailyShare => "To share (it gives nothing of the deal away)", "À partager (rien de la donne n'y est dit)";
    DailyThisTime => "This time, practice", "Cette fois, à l'entraînement";
    DailyLeave => "Leave", "Quitter";
    DailyOnceForAll => "Neither hint nor take-back in the deal of the day: it is played once, alike for everyone", "Ni conseil ni reprise dans la donne du jour : elle se joue une fois, pareil pour tous";
    DailyLeaveKey => "leave the deal of the day", "quitter la donne du jour";
    ExpertInYourSeat => "The expert in your seat", "L'expert à votre place";
    AgainstExpert => "Against the expert", "Face à l'expert";
    ComparedDeals => "Deals compared with the expert", "Donnes comparées à l'expert";
    HintThinking => "the expert is thinking…", "l'expert réfléchit…";
    HintFailed => "the expert could not answer", "l'expert n'a pas pu répondre";
    HoldsKey => "who holds what", "qui a quoi";
    ExpertLineKey => "the expert's line", "la ligne de l'expert";
    ExpertLineTitle => "The expert's line", "La ligne de l'expert";
    ExpertLineFailed => "The solver could not play the expert's line out", "Le solveur n'a pas pu jouer la ligne de l'expert jusqu'au bout";
    TrickBefore => "previous", "précédent";
    TrickAfter => "next", "suivant";
    HoldsLegend => "Chance of each seat holding each card not seen; - : it cannot.", "Chance de chaque place d'avoir chaque carte non vue ; - : impossible.";
    HoldsTitle => "Who holds what", "Qui a quoi";
    HoldsThinking => "The expert is weighing the likely deals…", "L'expert pèse les donnes probables…";
    HoldsFailed => "The expert could not tell who holds what", "L'expert n'a pas pu dire qui a quoi";
    Analysis => "The expert's analysis, from your seat", "L'analyse de l'expert, à votre place";
    Analysing => "The expert is analysing the deal…", "L'expert analyse la donne…";
    AnalysisKey => "the expert's analysis", "l'analyse de l'expert";
    AnalysisFailed => "No analysis: the expert could not review this deal", "Pas d'analyse : l'expert n'a pas pu revoir cette donne";
    ReasonOnlyCard => "the only card that may be played", "la seule carte permise";
    ReasonOnlyCall => "the only call allowed", "la seule annonce permise";
    ReasonOnlyFits => "the one call whose meaning fits this hand", "la seule annonce dont le sens convient à ce jeu";
    ReasonAllAlike => "every card scores the same for us, to a point; this one has the fewest card points", "toutes les cartes marquent autant pour nous, à un point près ; celle-ci vaut le moins de points";
    ReasonAlikeNoPoints => "every card scores the same for us, to a point, and none has a card point", "toutes les cartes marquent autant pour nous, à un point près, et aucune ne vaut de point";
    ReasonCashMaster => "cashes a master: no card left can beat it", "encaisse une maîtresse : aucune carte restante ne la bat";
    ReasonGiveRuff => "leads a suit partner can ruff", "joue une couleur que le partenaire peut couper";
    ReasonLeadLow => "leads its lowest of the suit, keeping the higher", "entame sa plus petite de la couleur, garde les plus fortes";
    ReasonRuff => "trumps a suit it cannot follow", "coupe une couleur qu'il n'a plus";
    ReasonOverruff => "overtrumps the opponent", "surcoupe l'adversaire";
    ReasonTakeTrick => "takes the trick: nothing still to come beats it", "prend le pli : rien de ce qui reste ne la bat";
    ReasonTryTrick => "plays for the trick: a higher card may still come", "tente le pli : une carte plus forte peut encore tomber";
    ReasonGiveLeast => "gives the fewest card points it can", "joue la carte qui vaut le moins de points";
    ReasonUnweighed => "not weighed in any likely deal: the normal level's choice", "n'a été pesé dans aucune donne probable : le choix du niveau normal";
    CostAndBalance => "A mistake's cost is an average over the deals the expert thought likely, as it cannot see the hidden cards; the balance against the expert comes from the expert replaying your seat with the real cards, so the two can differ", "Le coût d'une erreur est une moyenne sur les donnes que l'expert jugeait probables, car il ne voit pas les cartes cachées ; l'écart face à l'expert vient de l'expert rejouant votre place avec les vraies cartes : les deux peuvent donc différer";
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
    NoCallYet => "No call has been made yet", "Aucune annonce n'a encore été faite";
    YourCallShows => "What your call shows", "Ce que montre votre annonce";
    LineNoHolds => "Who holds what is told while a deal is bid or played", "Qui a quoi se dit pendant les enchères ou le jeu d'une donne";
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
    PlaysOnInMemory => "The game goes on in memory, and is saved once the disk takes it again.", "La partie continue en mémoire, et sera enregistrée dès que le disque l'acceptera de nouveau.";
    SavingWorksAgain => "Saving works again: the game is saved.", "L'enregistrement fonctionne de nouveau\u{a0}: la partie est enregistrée.";
    SessionNotSaved => "this session was not saved", "cette partie n'a pas été enregistrée";
    BotFailed => "the computer player failed; it passes or plays its first legal card", "le joueur de l'ordinateur a échoué ; il passe ou joue sa première carte permise";
    Help => "Help", "Aide";
    Keys => "Keys", "Touches";
    RulesSummary => "Summary of the rules", "Résumé des règles";
    /// The title of the help's definitions of the words the table uses for calls and advice.
    Glossary => "Words of the table", "Les mots de la table";
    GlossaryConvention => "The convention: how the computer players bid and read each other's calls (RULES.md, \"The computer players\"). The expert leaves it when its likely deals say another call pays more; what a call shows then says so.", "La convention : comment les joueurs de l'ordinateur annoncent et lisent les annonces des autres (RULES.fr.md, « Les joueurs de l'ordinateur »). L'expert la quitte quand ses donnes probables disent qu'une autre annonce rapporte plus ; ce que montre l'annonce le dit alors.";
    GlossaryWorth => "Worth: the points a hand should bring with a given trump: its trumps, aces and tens, its ruffs, and 35 for an average partner. Openings are made at the worth, lowered a little in the cautious style and raised in the bold, rounded down to the ten.", "Valeur : les points qu'un jeu doit rapporter avec un atout donné : ses atouts, ses as et ses dix, ses coupes, et 35 pour un partenaire moyen. On ouvre à la valeur, un peu abaissée en style prudent et relevée en style audacieux, arrondie à la dizaine inférieure.";
    GlossarySureTricks => "Sure tricks, to raise partner: the trump jack, the trump 9, each side ace, and the king-queen of trumps counting two; each beyond the first adds 10 to partner's bid.", "Plis sûrs, pour soutenir le partenaire : le valet et le 9 d'atout, chaque as à côté, et le roi-dame d'atout comptant deux ; chacun après le premier ajoute 10 à l'enchère du partenaire.";
    GlossaryHold => "Hold, to contre: how well a hand stops the taker's trumps: three trumps count 2, four 5, five 7; the trump jack and 9 2 each; a side ace 1.", "Tenue, pour contrer : combien un jeu arrête les atouts du preneur : trois atouts comptent 2, quatre 5, cinq 7 ; le valet et le 9 d'atout 2 chacun ; un as à côté 1.";
    GlossaryLikelyDeals => "Likely deals: the deals of the hidden cards that fit what you see and what was called, drawn and weighed by the expert; its figures are averages over them, each with how far it could be off (give or take).", "Donnes probables : les répartitions des cartes cachées qui s'accordent avec ce que vous voyez et ce qui a été annoncé, tirées et pesées par l'expert ; ses chiffres sont des moyennes sur elles, chacune avec de combien elle peut se tromper (à N près).";
    GlossaryEqualWeight => "Of equal weight: a likely deal weighs more the better it explains the calls and cards seen; 256 deals of unequal weights tell as much as fewer of equal weight, say 147.", "De même poids : une donne probable pèse d'autant plus qu'elle explique les annonces et les cartes vues ; 256 donnes de poids inégaux en disent autant que moins de même poids, par exemple 147.";
    GlossaryPointsForUs => "Points for us: the deal's score for our side less the other side's, contre and surcontre included, on average over the likely deals: what the expert weighs each call and card by. Points alone are always points of the score.", "Points pour nous : la marque de la donne pour notre camp moins celle de l'autre camp, contre et surcontre compris, en moyenne sur les donnes probables : ce que l'expert pèse pour chaque annonce et chaque carte. Des points tout court sont toujours des points de marque.";
    GlossaryCardPoints => "Card points: what the cards taken in tricks are worth (ace 11, ten 10, king 4 and so on, and 10 for the last trick: 162 in a deal); the takers must make as many as they bid, the belote counting 20. Not points of the score.", "Points de plis : ce que valent les cartes ramassées dans les plis (as 11, dix 10, roi 4 et ainsi de suite, et 10 de der : 162 par donne) ; les preneurs doivent en faire autant que leur enchère, la belote comptant 20. Ce ne sont pas des points de marque.";
    GlossaryGiveOrTake => "Give or take (±): how far an average over the likely deals could be off (its standard error); two figures closer than that cannot be told apart.", "À N près (±) : de combien une moyenne sur les donnes probables peut se tromper (son erreur type) ; deux chiffres plus proches que cela ne se départagent pas.";
    GlossaryClearlyBetter => "Clearly better: scoring at least 10 points more for us than another call, and a difference at least its give or take. The expert starts from the convention's call, which its partner reads, and changes it only for a clearly better one; a contre or surcontre must also score 25 more, and win (the contract failing, or made for a surcontre) in 70% of at least 8 likely deals.", "Nettement mieux : marquer au moins 10 points de plus pour nous qu'une autre annonce, la différence étant au moins son « à N près ». L'expert part de l'annonce de la convention, que lit son partenaire, et n'en change que pour une nettement meilleure ; un contre ou un surcontre doit aussi marquer 25 de plus, et gagner (le contrat chutant, ou réussi pour un surcontre) dans 70 % d'au moins 8 donnes probables.";
    GlossaryClearMistake => "Clear mistake: a choice that costs, against the expert's, at least 5 points and twice its give or take; anything less is as good as the expert's.", "Erreur nette : un choix qui coûte, face à celui de l'expert, au moins 5 points et deux fois son « à N près » ; moins, il est aussi bon que celui de l'expert.";
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
    LevelNextDeal => "The computer players take the new level from the next deal.", "Les joueurs de l'ordinateur prennent le nouveau niveau dès la donne suivante.";
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
    CallMeaningKey => "a call's meaning", "sens d'une annonce";
    MeaningAfterTrump => "choose its trump to read what the bid tells partner.", "choisissez son atout pour lire ce que l'enchère dit au partenaire.";
    WholeMeaning => "the whole meaning", "le sens en entier";
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
    HeldTrick => "Your forced card was played: a key to go on", "Carte forcée jouée\u{a0}: une touche pour continuer";
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
    // The line mode's own sentences, said a line each.
    LineYou => "you", "vous";
    LineNothingOnTable => "Nothing is on the table.", "Rien sur la table.";
    LineSuitsBetween => "; ", " ; ";
    LineAnyCard => "You may play any card.", "Vous pouvez jouer n'importe quelle carte.";
    LineNoBid => "No bid yet.", "Aucune enchère pour l'instant.";
    LineSayNew => "Say new for a new game, or quit.", "Dites nouvelle pour une nouvelle partie, ou quitter.";
    LineWelcome => "Belote contrée, in lines. Say help for the commands.", "Belote contrée, en lignes. Dites aide pour les commandes.";
    LineSavedGoodbye => "The game is saved. Goodbye.", "La partie est enregistrée. Au revoir.";
    LineGoodbye => "Goodbye.", "Au revoir.";
    LineMayPass => "pass", "passer";
    LineAnyTrump => " in a suit, sans atout or tout atout", " à la couleur, sans atout ou tout atout";
    LineMayBidCapot => "bid capot", "annoncer capot";
    LineMayContre => "contre", "contrer";
    LineMaySurcontre => "surcontre", "surcontrer";
    LineAuctionOn => "The auction is on: make a call, or say help.", "Les enchères ne sont pas finies : faites une enchère, ou dites aide.";
    LineAuctionOver => "The auction is over: play a card.", "Les enchères sont finies : jouez une carte.";
    LineNoNtAt => "This game is played without sans atout and tout atout.", "Cette partie se joue sans le sans atout ni le tout atout.";
    LineNothingToContre => "There is nothing to contre now.", "Il n'y a rien à contrer maintenant.";
    LineContreFirst => "A surcontre answers a contre: contre is what may be said now.", "Un surcontre répond à un contre : c'est contre qui peut se dire maintenant.";
    LineNoSuchBid => "There is no such bid: bids go from 80 to 160 by tens, then capot.", "Cette enchère n'existe pas : les enchères vont de 80 à 160 de dix en dix, puis capot.";
    LineNothingToDeclare => "There is nothing to declare now.", "Rien à annoncer maintenant.";
    LineNoQuestion => "No question is asked now.", "Aucune question en cours.";
    LineNoHint => "A hint is asked on your turn, once a turn.", "Un conseil se demande à votre tour, une fois par tour.";
    LineNoMistakeLine => "No clear mistake among your cards in that deal: no line to follow.", "Aucune erreur nette parmi vos cartes dans cette donne : pas de ligne à suivre.";
    LineAnalysisFirst => "The line follows the analysis: analysis, then line.", "La ligne suit l'analyse : analyse, puis ligne.";
    LineNoLine => "No line to follow: line, once a deal is analysed.", "Pas de ligne à suivre : ligne, une fois une donne analysée.";
    ExpertLineEnd => "The end of the line", "La fin de la ligne";
    LineNoClaim => "The rest of the tricks is claimed on your turn to play.", "Les plis restants se revendiquent à votre tour de jouer.";
    LineGameOn => "A new game comes once this one is over.", "Une nouvelle partie vient une fois celle-ci finie.";
    LineGameOver => "The game is over: say new for a new game, or quit.", "La partie est finie : dites nouvelle pour une nouvelle partie, ou quitter.";
}

impl T {
    /// The definitions of the words the table uses for calls and advice, as the help lists them.
    pub const GLOSSARY: [T; 11] = [
        T::GlossaryConvention,
        T::GlossaryWorth,
        T::GlossarySureTricks,
        T::GlossaryHold,
        T::GlossaryLikelyDeals,
        T::GlossaryPointsForUs,
        T::GlossaryCardPoints,
        T::GlossaryGiveOrTake,
        T::GlossaryClearlyBetter,
        T::GlossaryClearMistake,
        T::GlossaryEqualWeight,
    ];
}
