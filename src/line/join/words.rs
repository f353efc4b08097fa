//! The sentences of a table over the network in the line mode, in English and French: the
//! connection, the waiting room, who plays in a player's place, and the commands of a remote
//! table.

use crate::rules::Seat;
use crate::text::{Lang, Words};

/// How a seat is held, as the waiting room says it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Holder {
    /// The player reading.
    You,
    /// A player, connected.
    Player,
    /// A player whose connection is gone (a bot plays the seat past the grace time).
    Dropped,
    /// A bot.
    Bot,
    /// The player reading, idle: a bot plays for them.
    YouAway,
    /// A player, connected but idle: a bot plays for them.
    Away,
}

impl Words {
    /// The host reached: "Connected to 127.0.0.1:7401." and, the first time, its fingerprint.
    pub(crate) fn connected_to(self, addr: &str, fingerprint: &str, first: bool) -> String {
        self.out(match (self.lang, first) {
            (Lang::En, false) => format!("Connected to {addr}."),
            (Lang::Fr, false) => format!("Connecté à {addr}."),
            (Lang::En, true) => format!(
                "Connected to {addr} for the first time; its fingerprint, kept from now on: \
                 {fingerprint}."
            ),
            (Lang::Fr, true) => format!(
                "Connecté à {addr} pour la première fois ; son empreinte, gardée désormais : \
                 {fingerprint}."
            ),
        })
    }

    /// The player sits: "You sit at table ACDEFH, seat South."
    pub(crate) fn sitting_at(self, code: &str, seat: Seat) -> String {
        self.out(match self.lang {
            Lang::En => format!("You sit at table {code}, seat {}.", self.seat(seat)),
            Lang::Fr => format!("Vous êtes à la table {code}, place {}.", self.seat(seat)),
        })
    }

    /// What the creator says to start, and gives the others.
    pub(crate) fn give_the_code(self, code: &str) -> String {
        self.out(match self.lang {
            Lang::En => format!(
                "Give your friends the code {code}. Say start when everyone is seated; bots take \
                 the free seats."
            ),
            Lang::Fr => format!(
                "Donnez le code {code} à vos amis. Dites commencer quand chacun est assis ; des \
                 robots prennent les places libres."
            ),
        })
    }

    /// What the others wait for.
    pub(crate) fn waiting_for_start(self) -> String {
        self.out(
            self.pick(
                "The table's creator starts the game. Say sit and a seat to move, players to \
                 hear who sits where.",
                "Le créateur de la table lance la partie. Dites asseoir et une place pour \
                 changer de place, joueurs pour entendre qui est où.",
            )
            .to_string(),
        )
    }

    /// A seat of the waiting room: "East: Bea." "North: Honoré, a bot."
    pub(crate) fn seat_held(self, seat: Seat, name: &str, holder: Holder) -> String {
        let s = self.seat(seat);
        self.out(match (self.lang, holder) {
            (Lang::En, Holder::You) => format!("{s}: {name}, you."),
            (Lang::Fr, Holder::You) => format!("{s} : {name}, vous."),
            (Lang::En, Holder::Player) => format!("{s}: {name}."),
            (Lang::Fr, Holder::Player) => format!("{s} : {name}."),
            (Lang::En, Holder::Dropped) => format!("{s}: {name}, disconnected."),
            (Lang::Fr, Holder::Dropped) => format!("{s} : {name}, déconnecté."),
            (Lang::En, Holder::YouAway) => format!(
                "{s}: {name}, you; a bot plays for you since your time ran out: type anything to \
                 play again."
            ),
            (Lang::Fr, Holder::YouAway) => format!(
                "{s} : {name}, vous ; un robot joue pour vous depuis que votre temps est écoulé : \
                 tapez n'importe quoi pour rejouer."
            ),
            (Lang::En, Holder::Away) => format!("{s}: {name}, away (a bot plays for them)."),
            (Lang::Fr, Holder::Away) => format!("{s} : {name}, absent (un robot joue à sa place)."),
            (Lang::En, Holder::Bot) => format!("{s}: {name}, a bot."),
            (Lang::Fr, Holder::Bot) => format!("{s} : {name}, un robot."),
        })
    }

    /// A call or card a bot chose in a player's place.
    pub(crate) fn for_them(self) -> &'static str {
        self.pick(" (a bot in the player's place)", " (un robot à la place du joueur)")
    }

    /// A new deal: "New deal: West deals."
    pub(crate) fn new_deal_by(self, dealer: Seat) -> String {
        self.out(match (self.lang, dealer) {
            (Lang::En, Seat::South) => "New deal: you deal.".to_string(),
            (Lang::Fr, Seat::South) => "Nouvelle donne : vous donnez.".to_string(),
            (Lang::En, _) => format!("New deal: {} deals.", self.seat(dealer)),
            (Lang::Fr, _) => format!("Nouvelle donne : {} donne.", self.seat(dealer)),
        })
    }

    /// A hand at the deal's end: "North held: spades ace, ten."
    pub(crate) fn held(self, seat: Seat, cards: &str) -> String {
        self.out(match (self.lang, seat) {
            (Lang::En, Seat::South) => format!("You held: {cards}."),
            (Lang::Fr, Seat::South) => format!("Vous aviez : {cards}."),
            (Lang::En, _) => format!("{} held: {cards}.", self.seat(seat)),
            (Lang::Fr, _) => format!("{} avait : {cards}.", self.seat(seat)),
        })
    }

    /// After a deal: how to go on.
    pub(crate) fn say_next(self) -> String {
        self.out(
            self.pick(
                "Say next when you are ready for the next deal.",
                "Dites suivant quand vous êtes prêt pour la donne suivante.",
            )
            .to_string(),
        )
    }

    /// The connection is gone, and what is done about it.
    pub(crate) fn connection_lost(self, again: bool) -> String {
        self.out(
            match again {
                true => self.pick(
                    "The connection to the host is lost; joining the table again.",
                    "La connexion à l'hôte est perdue ; retour à la table.",
                ),
                false => self.pick(
                    "The connection to the host is over.",
                    "La connexion à l'hôte est finie.",
                ),
            }
            .to_string(),
        )
    }

    /// Whom the table waits for: a seat, or the host.
    pub(crate) fn waiting_for(self, seat: Option<Seat>) -> String {
        self.out(match (self.lang, seat) {
            (Lang::En, Some(seat)) => format!("Waiting for {}.", self.seat(seat)),
            (Lang::Fr, Some(seat)) => format!("On attend {}.", self.seat(seat)),
            (Lang::En, None) => "Waiting for the host.".to_string(),
            (Lang::Fr, None) => "On attend l'hôte.".to_string(),
        })
    }

    /// The player leaves the table (their seat kept for the grace time, or given to a bot).
    pub(crate) fn leaving(self, for_good: bool) -> String {
        self.out(
            match for_good {
                true => self.pick(
                    "You leave the table for good: a bot takes your seat.",
                    "Vous quittez la table pour de bon : un robot prend votre place.",
                ),
                false => self.pick(
                    "Goodbye. Join again with the same name to take your seat back.",
                    "Au revoir. Rejoignez avec le même nom pour reprendre votre place.",
                ),
            }
            .to_string(),
        )
    }

    /// A hint or who holds what, at a table whose creator did not allow them.
    pub(crate) fn no_help_here(self) -> String {
        self.out(
            self.pick(
                "Hints are off at this table: its creator did not allow them.",
                "Les conseils sont désactivés à cette table : son créateur ne les a pas permis.",
            )
            .to_string(),
        )
    }

    /// A command the remote table does not have, or not now.
    pub(crate) fn not_at_this_table(self) -> String {
        self.out(
            self.pick(
                "Not at a table over the network. Say help for what you can do.",
                "Pas à une table en réseau. Dites aide pour ce que vous pouvez faire.",
            )
            .to_string(),
        )
    }

    /// The commands of a remote table.
    pub(crate) fn remote_help(self) -> Vec<String> {
        let lines: [(&str, &str); 6] = [
            (
                "Before the start: sit and a seat (sit north), start (the creator), players.",
                "Avant le début : asseoir et une place (asseoir nord), commencer (le créateur), \
                 joueurs.",
            ),
            (
                "A call: pass, a bid (100 hearts), contre, surcontre; a contre, surcontre or \
                 capot asks yes or no. A card: play jack of spades, or js.",
                "Une enchère : passe, une annonce (100 coeur), contre, surcontre ; un contre, un \
                 surcontre ou un capot demande oui ou non. Une carte : joue valet de pique, ou vp.",
            ),
            (
                "Coinche: declare, or keep quiet, before your first card.",
                "Coinche : annoncer, ou rien, avant votre première carte.",
            ),
            (
                "To hear: hand, trick, score, players; an empty line says the turn again. At a \
                 table that allows them: hint, holds.",
                "À entendre : main, pli, marque, joueurs ; une ligne vide redit le tour. À une \
                 table qui les permet : conseil, qui a quoi.",
            ),
            (
                "After a deal: next; analysis (or analysis 2, a deal's number) for the expert's \
                 review of your calls and cards. Leave: quit (your seat waits for you), or leave \
                 table (a bot takes it).",
                "Après une donne : suivant ; analyse (ou analyse 2, le numéro d'une donne) pour la \
                 revue de vos enchères et cartes par l'expert. Partir : quitter (votre place vous \
                 attend), ou quitter table (un robot la prend).",
            ),
            (
                "You sit South; the others are turned around you.",
                "Vous êtes au Sud ; les autres sont placés autour de vous.",
            ),
        ];
        lines.iter().map(|(en, fr)| self.out(self.pick(en, fr).to_string())).collect()
    }
}
