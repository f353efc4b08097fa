//! The terminal table's words: keys, who holds what, and the terminal too small.

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

    /// A whole number with its thousands grouped as the language writes them: "1,840",
    /// "1 840" (a narrow no-break space in French, a plain one in ASCII).
    pub fn grouped(self, n: u32) -> String {
        let sep = match (self.lang, self.ascii) {
            (Lang::En, _) => ",",
            (Lang::Fr, false) => "\u{202f}",
            (Lang::Fr, true) => " ",
        };
        let digits = n.to_string();
        let mut out = String::with_capacity(digits.len() + 4);
        for (i, d) in digits.chars().enumerate() {
            if i > 0 && (digits.len() - i).is_multiple_of(3) {
                out.push_str(sep);
            }
            out.push(d);
        }
        out
    }

    /// A seat's likely trump length, given in tenths: "about 2.4 trumps", "environ 2,4 atouts".
    pub fn about_trumps(self, tenths: u16) -> String {
        let (whole, tenth) = (tenths / 10, tenths % 10);
        match self.lang {
            Lang::En => format!("about {whole}.{tenth} trumps"),
            // French counts below two in the singular.
            Lang::Fr if tenths < 20 => format!("environ {whole},{tenth} atout"),
            Lang::Fr => format!("environ {whole},{tenth} atouts"),
        }
    }

    /// What the odds of who holds what rest on: "over 1,840 worlds, 1,000 effective"; every
    /// world the facts allow, when they were all weighed.
    pub fn holds_worlds(self, worlds: u32, effective: u32, exhaustive: bool) -> String {
        let (n, e) = (self.grouped(worlds), self.grouped(effective));
        self.out(match (self.lang, exhaustive) {
            (Lang::En, false) => format!("over {n} worlds, {e} effective"),
            (Lang::En, true) => format!("over all {n} possible worlds, {e} effective"),
            (Lang::Fr, false) => format!("sur {n} mondes, {e} effectifs"),
            (Lang::Fr, true) => format!("sur les {n} mondes possibles, {e} effectifs"),
        })
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
