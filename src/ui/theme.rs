//! Colours and text styles. The coloured themes use only the 16 named ANSI colours, so the
//! player's terminal palette applies, and never black, which vanishes on dark backgrounds.
//! With the two-colour deck hearts and diamonds are red and spades and clubs keep the text's
//! colour; with the four-colour deck diamonds are blue and clubs magenta, a set that red-green
//! colour blindness does not merge (`docs/table.md` says how it was chosen). The high-contrast theme
//! draws in bold and bright colours and dims nothing. The monochrome theme, for `NO_COLOR`,
//! uses nothing but `Color::Reset` and modifiers: crossterm 0.29 answers a colour change under
//! `NO_COLOR` with a bare reset that would cancel bold and reversed text.

use ratatui::style::{Color, Modifier, Style};

use crate::rules::Suit;
use crate::session::settings::{Colours, Deck};

/// The styles the table is drawn with.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Theme {
    /// Plain text.
    pub text: Style,
    /// Each suit's glyph or letter, by [`Suit::index`].
    pub suits: [Style; Suit::NUM],
    /// Borders and rules.
    pub border: Style,
    /// Titles.
    pub title: Style,
    /// Secondary text, and cards that may not be played.
    pub dim: Style,
    /// The selected card or button (always with a marker or reversed, never colour alone).
    pub selected: Style,
    /// A button that may be pressed.
    pub button: Style,
    /// A value or name to notice: scores, the player to act.
    pub accent: Style,
    /// A made contract, a won game.
    pub good: Style,
    /// A failed contract, a lost game, an error.
    pub bad: Style,
    /// The backs of the cards.
    pub back: Style,
    /// Speech bubbles.
    pub bubble: Style,
}

impl Theme {
    /// The theme the settings ask for, without any colour when `no_color` (`NO_COLOR`, a dumb
    /// terminal): then high contrast is the monochrome theme in bold with nothing dimmed.
    pub fn new(colours: Colours, deck: Deck, no_color: bool) -> Theme {
        match (colours, no_color) {
            (Colours::On, false) => Theme::colored_with(deck),
            (Colours::HighContrast, false) => Theme::high_contrast(deck),
            (Colours::HighContrast, true) => Theme::monochrome_high_contrast(),
            (Colours::On, true) | (Colours::Off, _) => Theme::monochrome(),
        }
    }

    /// The coloured theme, with the two-colour deck.
    pub fn colored() -> Theme {
        Theme::colored_with(Deck::TwoColour)
    }

    /// The coloured theme, with `deck`.
    pub fn colored_with(deck: Deck) -> Theme {
        let reset = Style::new().fg(Color::Reset);
        Theme {
            text: reset,
            suits: suit_styles(deck, false, reset),
            border: Style::new().fg(Color::Green),
            title: Style::new().fg(Color::Yellow).add_modifier(Modifier::BOLD),
            dim: Style::new().fg(Color::DarkGray),
            selected: Style::new().add_modifier(Modifier::REVERSED | Modifier::BOLD),
            button: Style::new().fg(Color::Cyan),
            accent: Style::new().fg(Color::Yellow).add_modifier(Modifier::BOLD),
            good: Style::new().fg(Color::Green).add_modifier(Modifier::BOLD),
            bad: Style::new().fg(Color::LightRed).add_modifier(Modifier::BOLD),
            back: Style::new().fg(Color::Blue),
            bubble: Style::new().fg(Color::LightCyan).add_modifier(Modifier::BOLD),
        }
    }

    /// The high-contrast theme, with `deck`: bold text, bright colours, and secondary text
    /// (cards that may not be played among them) in the text's own colour without bold,
    /// rather than dimmed.
    pub fn high_contrast(deck: Deck) -> Theme {
        let bold = Style::new().fg(Color::Reset).add_modifier(Modifier::BOLD);
        let bright = |c: Color| Style::new().fg(c).add_modifier(Modifier::BOLD);
        Theme {
            text: bold,
            suits: suit_styles(deck, true, bold),
            border: Style::new().fg(Color::Reset),
            title: bright(Color::LightYellow),
            dim: Style::new().fg(Color::Reset),
            selected: Style::new().add_modifier(Modifier::REVERSED | Modifier::BOLD),
            button: bright(Color::LightCyan),
            accent: bright(Color::LightYellow),
            good: bright(Color::LightGreen),
            bad: bright(Color::LightRed).add_modifier(Modifier::UNDERLINED),
            back: bright(Color::LightBlue),
            bubble: bright(Color::LightCyan),
        }
    }

    /// The theme without colours, for `NO_COLOR`.
    pub fn monochrome() -> Theme {
        let reset = Style::new().fg(Color::Reset);
        let bold = reset.add_modifier(Modifier::BOLD);
        Theme {
            text: reset,
            suits: [reset; Suit::NUM],
            border: reset,
            title: bold,
            dim: reset.add_modifier(Modifier::DIM),
            selected: reset.add_modifier(Modifier::REVERSED | Modifier::BOLD),
            button: reset,
            accent: bold,
            good: bold,
            bad: bold.add_modifier(Modifier::UNDERLINED),
            back: reset,
            bubble: bold,
        }
    }

    /// The monochrome theme in high contrast: text and suits in bold, nothing dimmed.
    pub fn monochrome_high_contrast() -> Theme {
        let m = Theme::monochrome();
        let bold = m.text.add_modifier(Modifier::BOLD);
        Theme { text: bold, suits: [bold; Suit::NUM], dim: m.text, ..m }
    }

    /// The theme the environment asks for: monochrome when `NO_COLOR` is set and not empty.
    pub fn from_env() -> Theme {
        match std::env::var_os("NO_COLOR") {
            Some(v) if !v.is_empty() => Theme::monochrome(),
            _ => Theme::colored(),
        }
    }

    /// The style of a suit's glyph or letter.
    pub fn suit(&self, suit: Suit) -> Style {
        self.suits[suit.index()]
    }
}

/// The suits' styles of `deck`, from `base` (the text's): the bright colours in high contrast.
/// With four colours, diamonds are blue; clubs are magenta, told from the red of hearts by hue
/// and from blue by lightness even by a red-green colour-blind eye, which sees red and green
/// alike; in high contrast clubs are bright green, which that eye tells from bright red by its
/// far greater lightness.
fn suit_styles(deck: Deck, bright: bool, base: Style) -> [Style; Suit::NUM] {
    let (red, blue, clubs) = if bright {
        (Color::LightRed, Color::LightBlue, Color::LightGreen)
    } else {
        (Color::Red, Color::Blue, Color::Magenta)
    };
    match deck {
        Deck::TwoColour => [base, base.fg(red), base.fg(red), base],
        Deck::FourColour => [base, base.fg(red), base.fg(blue), base.fg(clubs)],
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every theme the settings and the environment can give.
    fn every_theme() -> Vec<Theme> {
        let mut all = Vec::new();
        for colours in Colours::ALL {
            for deck in Deck::ALL {
                for no_color in [false, true] {
                    all.push(Theme::new(colours, deck, no_color));
                }
            }
        }
        all
    }

    fn styles(t: &Theme) -> Vec<Style> {
        let mut v = vec![
            t.text, t.border, t.title, t.dim, t.selected, t.button, t.accent, t.good, t.bad,
            t.back, t.bubble,
        ];
        v.extend(t.suits);
        v
    }

    #[test]
    fn monochrome_never_sets_a_colour() {
        for m in [Theme::monochrome(), Theme::monochrome_high_contrast()] {
            for s in styles(&m) {
                assert!(matches!(s.fg, None | Some(Color::Reset)), "{s:?}");
                assert!(matches!(s.bg, None | Some(Color::Reset)), "{s:?}");
            }
        }
        for deck in Deck::ALL {
            assert_eq!(Theme::new(Colours::On, deck, true), Theme::monochrome());
            assert_eq!(Theme::new(Colours::Off, deck, false), Theme::monochrome());
            assert_eq!(
                Theme::new(Colours::HighContrast, deck, true),
                Theme::monochrome_high_contrast()
            );
        }
    }

    #[test]
    fn no_theme_draws_in_black_or_outside_the_sixteen_colours() {
        for t in every_theme() {
            for s in styles(&t) {
                for c in [s.fg, s.bg].into_iter().flatten() {
                    assert_ne!(c, Color::Black, "{t:?}");
                    assert!(!matches!(c, Color::Rgb(..) | Color::Indexed(_)), "{t:?}");
                }
            }
        }
        assert_eq!(Theme::colored().suit(Suit::Hearts).fg, Some(Color::Red));
    }

    #[test]
    fn the_four_colour_deck_gives_each_suit_its_own_colour() {
        for t in [Theme::colored_with(Deck::FourColour), Theme::high_contrast(Deck::FourColour)] {
            let fg: Vec<_> = Suit::ALL.iter().map(|&s| t.suit(s).fg).collect();
            for (i, a) in fg.iter().enumerate() {
                assert!(fg[i + 1..].iter().all(|b| b != a), "{fg:?}");
            }
        }
        for t in [Theme::colored(), Theme::high_contrast(Deck::TwoColour)] {
            assert_eq!(t.suit(Suit::Hearts), t.suit(Suit::Diamonds));
            assert_eq!(t.suit(Suit::Spades), t.suit(Suit::Clubs));
            assert_ne!(t.suit(Suit::Hearts), t.suit(Suit::Spades));
        }
    }

    #[test]
    fn high_contrast_is_bold_and_dims_nothing() {
        let themes = Deck::ALL
            .into_iter()
            .flat_map(|deck| [false, true].map(|nc| Theme::new(Colours::HighContrast, deck, nc)));
        for t in themes {
            assert!(t.text.add_modifier.contains(Modifier::BOLD), "{t:?}");
            for s in styles(&t) {
                assert!(!s.add_modifier.contains(Modifier::DIM), "{t:?}");
                assert_ne!(s.fg, Some(Color::DarkGray), "{t:?}");
            }
            for suit in Suit::ALL {
                assert!(t.suit(suit).add_modifier.contains(Modifier::BOLD), "{t:?}");
            }
            // Secondary text still differs from the rest: it is the one thing not in bold.
            assert_ne!(t.dim, t.text);
        }
    }
}
