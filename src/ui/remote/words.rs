//! The words of the terminal table at a host's table, in English and French: the waiting room,
//! a bot in a player's place, the deal's end and the connection's.

use crate::rules::Seat;
use crate::text::{Lang, Words};

/// A fixed text of the remote table.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Says {
    /// The waiting room's title.
    WaitingRoom,
    /// What the creator does with the code.
    GiveCode,
    /// What the others wait for.
    WaitStart,
    /// The start button.
    Start,
    /// A seat held by the player reading.
    You,
    /// A free seat, a bot plays it.
    Free,
    /// A player's connection gone.
    Away,
    /// The keys of the waiting room.
    RoomKeys,
    /// The deal's end popup's title.
    DealOver,
    /// The next deal's button.
    NextDeal,
    /// The table waits for the host's next deal.
    WaitNext,
    /// The key that leaves a closed table.
    AnyKey,
    /// Who is to play, in the side panel.
    Turn,
    /// Hints asked at a table whose creator did not allow them.
    NoHints,
    /// The button that closes the expert's analysis.
    CloseAnalysis,
}

impl Words {
    /// A fixed text of the remote table.
    pub(crate) fn says(self, says: Says) -> String {
        let text = match says {
            Says::WaitingRoom => self.pick("Waiting room", "Salle d'attente"),
            Says::GiveCode => self.pick(
                "Give your friends this code; bots take the free seats at the start.",
                "Donnez ce code à vos amis ; des robots prennent les places libres au début.",
            ),
            Says::WaitStart => self.pick(
                "Waiting for the table's creator to start.",
                "En attente du créateur de la table pour commencer.",
            ),
            Says::Start => self.pick("Start", "Commencer"),
            Says::You => self.pick("you", "vous"),
            Says::Free => self.pick("free: a bot", "libre : un robot"),
            Says::Away => self.pick("away", "absent"),
            Says::RoomKeys => self.pick(
                "←→ seat  Enter sit there  s start  q leave",
                "←→ place  Entrée s'y asseoir  s commencer  q partir",
            ),
            Says::DealOver => self.pick("Deal over", "Donne finie"),
            Says::NextDeal => self.pick("Next deal", "Donne suivante"),
            Says::WaitNext => {
                self.pick("Waiting for the next deal…", "En attente de la donne suivante…")
            }
            Says::AnyKey => self.pick("Any key to leave", "Une touche pour partir"),
            Says::Turn => self.pick("To play", "À jouer"),
            Says::NoHints => self.pick(
                "The table's creator did not allow hints.",
                "Le créateur de la table n'a pas permis les conseils.",
            ),
            Says::CloseAnalysis => self.pick("Close", "Fermer"),
        };
        self.text(text).into_owned()
    }

    /// The title of the expert's analysis of deal `n`: "Deal 3".
    pub(crate) fn remote_analysis_title(self, n: usize) -> String {
        self.out(match self.lang {
            Lang::En => format!("Deal {n}"),
            Lang::Fr => format!("Donne {n}"),
        })
    }

    /// The player sits: "Table ACDEFH, seat South."
    pub(crate) fn remote_sat(self, code: &str, seat: Seat) -> String {
        self.out(match self.lang {
            Lang::En => format!("Table {code}, seat {}.", self.seat(seat)),
            Lang::Fr => format!("Table {code}, place {}.", self.seat(seat)),
        })
    }

    /// A bot called or played for a player: "A bot chose 10♠ for Ana."
    pub(crate) fn remote_for_them(self, name: &str, what: &str) -> String {
        self.out(match self.lang {
            Lang::En => format!("A bot chose {what} for {name}."),
            Lang::Fr => format!("Un robot a choisi {what} pour {name}."),
        })
    }

    /// A seat declared: "Ana declares a tierce."
    pub(crate) fn remote_declared(self, name: &str, what: &str) -> String {
        self.out(match self.lang {
            Lang::En => format!("{name} declares {what}."),
            Lang::Fr => format!("{name} annonce {what}."),
        })
    }

    /// The connection is over.
    pub fn remote_closed(self) -> String {
        let said = self.pick(
            "The connection to the host is over: join again with --table and the code to take your seat back.",
            "La connexion à l'hôte est finie : rejoignez avec --table et le code pour reprendre votre place.",
        );
        self.out(said.to_string())
    }

    /// The player idle: a bot plays for them until a key or a click.
    pub(crate) fn remote_away(self) -> String {
        let said = self.pick(
            "A bot plays for you since your time ran out: press a key to play again.",
            "Un robot joue pour vous depuis que votre temps est écoulé : appuyez sur une touche \
             pour rejouer.",
        );
        self.out(said.to_string())
    }

    /// The connection lost during the game, joined again.
    pub(crate) fn remote_lost(self) -> String {
        let said = self.pick(
            "The connection to the host is lost; joining the table again…",
            "La connexion à l'hôte est perdue ; retour à la table…",
        );
        self.out(said.to_string())
    }

    /// The rules of the table: "Rules: contrée, to 1000 points."
    pub(crate) fn remote_rules(self, rules: &str, target: u16) -> String {
        self.out(match self.lang {
            Lang::En => format!("Rules: {rules}, to {target} points."),
            Lang::Fr => format!("Règles : {rules}, en {target} points."),
        })
    }
}
