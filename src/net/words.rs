//! The network table's words: why the host refused a request, and why a connection could not
//! be made, in either language.

use super::client::ConnectError;
use super::tls::PinError;
use super::wire::{ErrorCode, PROTOCOL, Rule};
use crate::text::{Lang, Words};

impl Words {
    /// Why the host refused: "No table has that code."
    pub fn net_error(self, e: ErrorCode) -> String {
        let (en, fr) = match e {
            ErrorCode::Version => (
                "The host speaks another version of the protocol: update contree.",
                "L'hôte parle une autre version du protocole : mettez contree à jour.",
            ),
            ErrorCode::Garbled => {
                ("A message the host could not read.", "Un message que l'hôte n'a pas pu lire.")
            }
            ErrorCode::TooLong => ("A message too long.", "Un message trop long."),
            ErrorCode::TooFast => ("Too many messages at once.", "Trop de messages à la fois."),
            ErrorCode::HelloTimeout => ("No greeting in time.", "Pas de salut à temps."),
            ErrorCode::TooManyConnections => (
                "Too many connections from your address.",
                "Trop de connexions depuis votre adresse.",
            ),
            ErrorCode::TooManyTables => (
                "The host serves as many tables as it can.",
                "L'hôte sert déjà autant de tables qu'il peut.",
            ),
            ErrorCode::Unexpected => {
                ("That has no meaning now.", "Cela n'a pas de sens maintenant.")
            }
            ErrorCode::BadName => (
                "A name is 1 to 24 characters, printable.",
                "Un nom fait de 1 à 24 caractères, imprimables.",
            ),
            ErrorCode::NoSuchTable => ("No table has that code.", "Aucune table n'a ce code."),
            ErrorCode::WrongPassword => (
                "The table's password is not that one.",
                "Le mot de passe de la table n'est pas celui-là.",
            ),
            ErrorCode::SeatTaken => {
                ("Another player holds that seat.", "Un autre joueur occupe cette place.")
            }
            ErrorCode::SeatBusy => (
                "A bot plays that seat until the deal is over: join again once it is.",
                "Un robot joue cette place jusqu'à la fin de la donne : rejoignez la table ensuite.",
            ),
            ErrorCode::BadToken => (
                "This machine holds no seat at that table under that name.",
                "Cette machine n'a pas de place à cette table sous ce nom.",
            ),
            ErrorCode::NotCreator => (
                "Only the table's creator may do that.",
                "Seul le créateur de la table peut le faire.",
            ),
            ErrorCode::Started => ("The game has started.", "La partie a commencé."),
            ErrorCode::NotStarted => ("The game has not started.", "La partie n'a pas commencé."),
            ErrorCode::Illegal => ("The rules refuse that.", "Les règles le refusent."),
            ErrorCode::BadSetup => (
                "No network table is played by those rules: a target of the rule set, the cards \
                 shuffled before every deal (no traditional deal), a grace time of 5 to 3600 \
                 seconds.",
                "Aucune table en réseau ne se joue avec ces règles : un objectif de la variante, \
                 les cartes battues avant chaque donne (pas de donne traditionnelle), un délai de \
                 grâce de 5 à 3600 secondes.",
            ),
            ErrorCode::SeatLost => (
                "Your seat is no longer yours: a bot plays it.",
                "Votre place n'est plus la vôtre : un robot la joue.",
            ),
            ErrorCode::ShuttingDown => ("The host is stopping.", "L'hôte s'arrête."),
            ErrorCode::NotSaved => (
                "The table could not be saved: it stops here, and is served again from its last \
                 save when the host starts again.",
                "La table n'a pas pu être enregistrée : elle s'arrête ici, et l'hôte la reprend \
                 à son dernier enregistrement quand il redémarre.",
            ),
            ErrorCode::CutShort => (
                "Too many deals in a row were passed: the game is cut short and the table closed.",
                "Trop de donnes de suite ont été passées : la partie est écourtée et la table \
                 fermée.",
            ),
        };
        self.out(match self.lang {
            Lang::En => en.to_string(),
            Lang::Fr => fr.to_string(),
        })
    }

    /// Why the host refused an action, by the rule it names: "The rules refuse that: you must
    /// follow suit." No seat is named: the player's turn is said as theirs.
    pub fn net_rule(self, rule: Rule) -> String {
        let (en, fr) = match rule {
            Rule::NotYourTurn => ("it is not your turn", "ce n'est pas votre tour"),
            Rule::NotPlayingYet => {
                ("the auction is not over: no card yet", "les enchères ne sont pas finies")
            }
            Rule::AuctionOver => ("the auction is over", "les enchères sont finies"),
            Rule::DealOver => ("the deal is over", "la donne est finie"),
            Rule::DealNotOver => ("the deal is not over", "la donne n'est pas finie"),
            Rule::GameOver => ("the game is over", "la partie est finie"),
            Rule::BidTooLow => {
                ("that bid does not beat the last one", "cette enchère ne dépasse pas la dernière")
            }
            Rule::BidAfterContre => ("no bid after a contre", "plus d'enchère après un contre"),
            Rule::NothingToContre => {
                ("there is no bid to contre", "il n'y a pas d'enchère à contrer")
            }
            Rule::ContreOwnTeam => (
                "only the other side's bid may be contred",
                "seule l'enchère de l'autre camp se contre",
            ),
            Rule::AlreadyContred => ("the bid is contred already", "l'enchère est déjà contrée"),
            Rule::SurcontreWithoutContre => {
                ("a surcontre answers a contre", "un surcontre répond à un contre")
            }
            Rule::SurcontreByDefence => {
                ("only the contred side may surcontre", "seul le camp contré peut surcontrer")
            }
            Rule::TrumpModeOff => (
                "this game is played without sans atout and tout atout",
                "cette partie se joue sans le sans atout ni le tout atout",
            ),
            Rule::NotInHand => ("you do not hold that card", "vous n'avez pas cette carte"),
            Rule::MustFollow => ("you must follow suit", "il faut fournir"),
            Rule::MustOvertrump => ("you must overtrump", "il faut monter à l'atout"),
            Rule::MustBeat => (
                "you must beat the highest card of the suit led",
                "il faut monter sur la plus haute carte de la couleur demandée",
            ),
            Rule::MustTrump => ("you must trump", "il faut couper"),
            Rule::MustUnderruff => {
                ("you must trump, even under", "il faut couper, même en dessous")
            }
            Rule::NoDeclarations => {
                ("this game is played without declarations", "cette partie se joue sans annonces")
            }
            Rule::AlreadyDeclared => (
                "declarations go with the first card, played already",
                "les annonces se font avec la première carte, déjà jouée",
            ),
            Rule::NotHeld => {
                ("your hand does not hold that declaration", "votre main n'a pas cette annonce")
            }
        };
        let why = self.pick(en, fr);
        let refused = self.net_error(ErrorCode::Illegal);
        self.out(format!("{}{}{why}.", refused.trim_end_matches('.'), self.colon()))
    }

    /// Why the connection could not be made.
    pub fn connect_error(self, e: &ConnectError) -> String {
        self.out(match (self.lang, e) {
            (Lang::En, ConnectError::Unreachable(why)) => {
                format!("The host cannot be reached: {why}.")
            }
            (Lang::Fr, ConnectError::Unreachable(why)) => {
                format!("L'hôte est injoignable : {why}.")
            }
            (Lang::En, ConnectError::Pin(PinError::Changed { host, pinned, presented })) => format!(
                "The host {host} presents the certificate {presented}, not {pinned} as before: \
                 someone may stand between you. If the host made a new certificate, remove its \
                 line from hosts.json in your data directory."
            ),
            (Lang::Fr, ConnectError::Pin(PinError::Changed { host, pinned, presented })) => format!(
                "L'hôte {host} présente le certificat {presented}, et non {pinned} comme avant : \
                 quelqu'un peut s'être placé entre vous. Si l'hôte a fait un nouveau certificat, \
                 retirez sa ligne de hosts.json dans votre dossier de données."
            ),
            (Lang::En, ConnectError::Refused(ErrorCode::Version, v)) => {
                format!("The host speaks protocol {v}, this contree {PROTOCOL}: update the older.")
            }
            (Lang::Fr, ConnectError::Refused(ErrorCode::Version, v)) => format!(
                "L'hôte parle le protocole {v}, ce contree le {PROTOCOL} : mettez à jour le plus ancien."
            ),
            (_, ConnectError::Refused(code, _)) => self.net_error(*code),
            (Lang::En, ConnectError::Garbled) => {
                "The host does not speak contree's protocol.".to_string()
            }
            (Lang::Fr, ConnectError::Garbled) => {
                "L'hôte ne parle pas le protocole de contree.".to_string()
            }
            (Lang::En, ConnectError::Timeout) => "The host did not answer in time.".to_string(),
            (Lang::Fr, ConnectError::Timeout) => "L'hôte n'a pas répondu à temps.".to_string(),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::text::SuitStyle;

    #[test]
    fn every_refusal_is_worded_in_both_languages() {
        let en = Words { lang: Lang::En, suits: SuitStyle::default(), ascii: false, spoken: false };
        let fr = Words { lang: Lang::Fr, ..en };
        let e = ConnectError::Refused(ErrorCode::Version, 2);
        assert!(en.connect_error(&e).contains("protocol 2"));
        assert!(fr.connect_error(&e).contains("protocole 2"));
        assert_ne!(en.net_error(ErrorCode::SeatBusy), fr.net_error(ErrorCode::SeatBusy));
        for rule in Rule::ALL {
            let (en, fr) = (en.net_rule(rule), fr.net_rule(rule));
            assert!(en.starts_with("The rules refuse that: ") && en.ends_with('.'), "{en}");
            assert!(fr.starts_with("Les règles le refusent : ") && fr.ends_with('.'), "{fr}");
        }
    }
}
