//! Colours and text styles. The coloured theme uses only the 16 named ANSI colours, so the
//! player's terminal palette applies; hearts and diamonds are red, spades and clubs keep the
//! default colour (never black, which vanishes on dark backgrounds). The monochrome theme, for
//! `NO_COLOR`, uses nothing but `Color::Reset` and modifiers: crossterm 0.29 answers a colour
//! change under `NO_COLOR` with a bare reset that would cancel bold and reversed text.

use ratatui::style::{Color, Modifier, Style};

use crate::rules::Suit;

/// The styles the table is drawn with.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Theme {
    /// Plain text.
    pub text: Style,
    /// Hearts and diamonds.
    pub red: Style,
    /// Spades and clubs.
    pub black: Style,
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
    /// The coloured theme.
    pub fn colored() -> Theme {
        let reset = Style::new().fg(Color::Reset);
        Theme {
            text: reset,
            red: Style::new().fg(Color::Red),
            black: reset,
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

    /// The theme without colours, for `NO_COLOR`.
    pub fn monochrome() -> Theme {
        let reset = Style::new().fg(Color::Reset);
        let bold = reset.add_modifier(Modifier::BOLD);
        Theme {
            text: reset,
            red: reset,
            black: reset,
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

    /// The theme the environment asks for: monochrome when `NO_COLOR` is set and not empty.
    pub fn from_env() -> Theme {
        match std::env::var_os("NO_COLOR") {
            Some(v) if !v.is_empty() => Theme::monochrome(),
            _ => Theme::colored(),
        }
    }

    /// The style of a suit's glyph or letter.
    pub fn suit(&self, suit: Suit) -> Style {
        if suit.is_red() { self.red } else { self.black }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn monochrome_never_sets_a_colour() {
        let m = Theme::monochrome();
        let styles = [
            m.text, m.red, m.black, m.border, m.title, m.dim, m.selected, m.button, m.accent,
            m.good, m.bad, m.back, m.bubble,
        ];
        for s in styles {
            assert!(matches!(s.fg, None | Some(Color::Reset)), "{s:?}");
            assert!(matches!(s.bg, None | Some(Color::Reset)), "{s:?}");
        }
    }

    #[test]
    fn black_suits_are_never_black() {
        for t in [Theme::colored(), Theme::monochrome()] {
            assert_ne!(t.suit(Suit::Spades).fg, Some(Color::Black));
            assert_ne!(t.suit(Suit::Clubs).fg, Some(Color::Black));
        }
        assert_eq!(Theme::colored().suit(Suit::Hearts).fg, Some(Color::Red));
    }
}
