//! A text folded to plain ASCII, or worded for a screen reader.

use super::{Lang, SuitStyle, T, Words};
use crate::rules::Suit;

/// The signs the table writes that ASCII lacks, with what stands in for them: the pairs first,
/// so that the arrow keys read as a pair.
const ASCII_SIGNS: [(char, &str); 28] = [
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
    ('Σ', "total"),
    ('›', ">"),
    ('•', "*"),
    ('✓', "v"),
    ('★', "*"),
    ('×', "x"),
    ('±', "+/-"),
    ('│', "|"),
    ('·', "|"),
    ('↶', "<"),
    ('\u{a0}', " "),
    ('♠', "S"),
    ('♥', "H"),
    ('♦', "D"),
    ('♣', "C"),
];

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
pub(super) fn fold_of(w: Words) -> usize {
    usize::from(w.ascii) + 2 * usize::from(w.spoken)
}

/// Every text of [`T`] folded each way ([`fold_of`]), in English and in French, made once.
pub(super) fn folded_texts(fold: usize) -> &'static [[String; 2]] {
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
