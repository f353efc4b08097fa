//! The terminal table's words: keys, a claim being shown, and the terminal too small.

use crate::rules::Seat;
use crate::text::{Lang, Words};

impl Words {
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

    /// Under the progress view's chart, what its points are: the games it draws, of how many
    /// played, oldest on the left, and how many of them have no point, their figure not
    /// measured.
    pub fn progress_note(self, shown: usize, played: usize, unmeasured: usize) -> String {
        let head = match (self.lang, shown == played) {
            (Lang::En, true) => format!("Your {shown} games, the oldest on the left"),
            (Lang::En, false) => {
                format!("Your last {shown} games of {played}, the oldest on the left")
            }
            (Lang::Fr, true) => format!("Vos {shown} parties, la plus ancienne à gauche"),
            (Lang::Fr, false) => {
                format!("Vos {shown} dernières parties sur {played}, la plus ancienne à gauche")
            }
        };
        self.out(match (self.lang, unmeasured) {
            (_, 0) => format!("{head}."),
            (Lang::En, u) => format!("{head}; {u} not measured, without a point."),
            (Lang::Fr, u) => {
                format!("{head} ; {u} non mesurée{}, sans point.", if u > 1 { "s" } else { "" })
            }
        })
    }

    /// South's line while a claim is shown, a trick of it on the table: "West claims: trick 3
    /// to North".
    pub fn claim_trick(self, claimer: Seat, trick: usize, winner: Seat) -> String {
        let (claimer, winner) = (self.seat(claimer), self.seat(winner));
        self.out(match self.lang {
            Lang::En => format!("{claimer} claims: trick {trick} to {winner}"),
            Lang::Fr => format!("{claimer} revendique : pli {trick} pour {winner}"),
        })
    }

    /// A count after its name: "Games played: 1", « Parties jouées : 1 ».
    pub fn counted(self, name: &str, n: usize) -> String {
        match self.lang {
            Lang::En => format!("{name}: {n}"),
            Lang::Fr => format!("{name} : {n}"),
        }
    }

    /// The message shown when the terminal is too small.
    pub fn too_small(self, w: u16, h: u16) -> String {
        match self.lang {
            Lang::En => format!("terminal too small: need 80x24, have {w}x{h}"),
            Lang::Fr => format!("terminal trop petit : il faut 80x24, il y a {w}x{h}"),
        }
    }
}

#[cfg(test)]
mod tests {

    use crate::text::*;

    #[test]
    fn french_keys_say_oui_for_yes() {
        let fr = Words { lang: Lang::Fr, suits: SuitStyle::Glyphs, ascii: false, spoken: false };
        assert_eq!(fr.keys("Enter y"), "Entrée o");
        assert_eq!(fr.keys("y Enter"), "o Entrée");
        let en = Words { lang: Lang::En, suits: SuitStyle::Glyphs, ascii: false, spoken: false };
        assert_eq!(en.keys("Enter y"), "Enter y");
    }
}
