//! The settings screen: one line per setting, its value between arrows; ← → or Enter (or a
//! click) move the value on, and the settings are saved. Opened during a game, it lists the
//! settings that may change then, and says where the others are.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::Line;
use ratatui::widgets::{Paragraph, Widget, Wrap};

use crate::bots::Level;
use crate::game::DealStyle;
use crate::rules::{ContreScoring, ScoringMethod, Suit};
use crate::session::settings::{Colours, Deck, SettingItem, Speed};
use crate::text::{Sign, SuitStyle, T};
use crate::ui::component::{Around, Component, Press, Reply};
use crate::ui::hits::Hit;
use crate::ui::keymap::{Cmd, Mode, step};
use crate::ui::widgets::{Ctx, centered, span};

/// The settings screen: the line selected.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SettingsScreen {
    /// The line selected.
    pub cursor: usize,
}

/// The lines of the settings screen: every setting, or during a game the ones that may change
/// then; contrée's scoring options only when new games are contrée.
pub fn setting_items(at: &Around<'_>) -> Vec<SettingItem> {
    SettingItem::shown(&at.session.settings, at.in_game)
}

impl Component for SettingsScreen {
    fn mode(&self, _: &Around<'_>) -> Mode {
        Mode::Settings
    }

    fn command(&mut self, press: Press, at: &Around<'_>) -> Reply {
        if press.cmd == Cmd::Close {
            return Reply::Close;
        }
        let items = setting_items(at);
        let n = items.len();
        step(&mut self.cursor, press.cmd, n);
        match (press.cmd, items.get(self.cursor % n.max(1))) {
            (Cmd::Left | Cmd::Right | Cmd::Act, Some(&item)) => {
                Reply::Setting(item, press.cmd != Cmd::Left)
            }
            _ => Reply::Done,
        }
    }

    /// A click on a line selects it and moves its value on.
    fn click(&mut self, hit: Hit, at: &Around<'_>) -> Reply {
        let Hit::Setting(item) = hit else { return Reply::Pass };
        if let Some(i) = setting_items(at).iter().position(|x| *x == item) {
            self.cursor = i;
        }
        Reply::Setting(item, true)
    }

    fn draw(&self, ctx: &mut Ctx<'_>, area: Rect, buf: &mut Buffer) {
        draw_settings(ctx, self.cursor, area, buf);
    }
}

/// The value of a setting, in words.
fn setting_value(ctx: &Ctx<'_>, item: SettingItem) -> String {
    let w = ctx.words;
    let s = &ctx.seen.session().settings;
    let on = |b: bool| w.t(if b { T::On } else { T::Off }).to_string();
    // A value followed by the four suits as they are drawn: "symbols ♠♥♦♣".
    let with_suits = |name: &str| {
        let sample: String = Suit::ALL.iter().map(|&x| w.suit(x)).collect();
        format!("{name} {sample}")
    };
    match item {
        SettingItem::Lang => w.text(s.lang.name()).into(),
        SettingItem::Level => w
            .t(match s.level {
                Level::Random => T::LevelRandom,
                Level::Easy => T::LevelEasy,
                Level::Normal => T::LevelNormal,
                Level::Expert => T::LevelExpert,
            })
            .into(),
        SettingItem::Speed => w
            .t(match s.speed {
                Speed::Slow => T::Slow,
                Speed::Normal => T::Normal,
                Speed::Fast => T::Fast,
                Speed::Instant => T::Instant,
            })
            .into(),
        SettingItem::Variant => w.set(s.set).into(),
        SettingItem::NtAt => on(s.nt_at),
        SettingItem::ChooseDeclarations => on(s.choose_declarations),
        SettingItem::Scoring => w
            .t(match s.scoring {
                ScoringMethod::MadePlusBid => T::MadePlusBid,
                ScoringMethod::Made => T::MadeOnly,
            })
            .into(),
        SettingItem::Contre => on(s.contre == ContreScoring::Tournament),
        SettingItem::DealStyle => w
            .t(match s.deal_style {
                DealStyle::Shuffle => T::Shuffle,
                DealStyle::Tradition => T::Tradition,
            })
            .into(),
        SettingItem::Suits => with_suits(w.t(match s.suits {
            SuitStyle::Glyphs => T::Glyphs,
            SuitStyle::Letters => T::Letters,
        })),
        SettingItem::Deck => with_suits(w.t(match s.deck {
            Deck::TwoColour => T::TwoColour,
            Deck::FourColour => T::FourColour,
        })),
        SettingItem::AutoPlay => on(s.auto_play),
        SettingItem::Hint => on(s.hint),
        SettingItem::Compare => on(s.compare),
        SettingItem::Colors => w
            .t(match s.colors {
                Colours::On => T::On,
                Colours::HighContrast => T::HighContrast,
                Colours::Off => T::Off,
            })
            .into(),
        SettingItem::Undo => on(s.undo),
    }
}

fn setting_label(item: SettingItem) -> T {
    match item {
        SettingItem::Lang => T::Language,
        SettingItem::Level => T::BotLevel,
        SettingItem::Speed => T::BotSpeed,
        SettingItem::Variant => T::Variant,
        SettingItem::NtAt => T::NtAtOption,
        SettingItem::ChooseDeclarations => T::ChooseDeclarations,
        SettingItem::Scoring => T::Scoring,
        SettingItem::Contre => T::TournamentContre,
        SettingItem::DealStyle => T::DealStyle,
        SettingItem::Suits => T::SuitStyle,
        SettingItem::Deck => T::DeckSetting,
        SettingItem::AutoPlay => T::AutoPlay,
        SettingItem::Hint => T::HintSetting,
        SettingItem::Compare => T::CompareSetting,
        SettingItem::Colors => T::Colors,
        SettingItem::Undo => T::UndoSetting,
    }
}

/// The settings screen: one line per setting, its value between arrows. Opened during a game,
/// it lists the settings that may change then, and says where the others are.
fn draw_settings(ctx: &mut Ctx<'_>, cursor: usize, area: Rect, buf: &mut Buffer) {
    let w = ctx.words;
    let t = ctx.theme;
    let items = ctx.seen.setting_items();
    let n = items.len() as u16;
    let note_rows = if ctx.seen.in_game() { 3 } else { 2 };
    let box_area = centered(area, 70, n + 4 + note_rows);
    let block = ctx.block(w.t(T::Settings));
    let inner = block.inner(box_area);
    block.render(box_area, buf);
    for (i, &item) in items.iter().enumerate() {
        let focused = cursor == i;
        let style = if focused { t.selected } else { t.text };
        let (back, fwd) = (w.sign(Sign::Back), w.sign(Sign::Marker));
        let marker = if focused { fwd } else { " " };
        let value = setting_value(ctx, item);
        let text = format!("{marker} {:<34}{back} {value} {fwd}", w.t(setting_label(item)));
        let y = inner.y + 1 + i as u16;
        if y >= inner.bottom() {
            break;
        }
        // A long value in a wordy language stops at the frame instead of running over it.
        let (end, _) = buf.set_stringn(
            inner.x + 1,
            y,
            &text,
            usize::from(inner.width.saturating_sub(1)),
            style,
        );
        // The deck's line shows its four suits in their colours, the last cells before " ▶".
        if item == SettingItem::Deck {
            let before = text.chars().count().saturating_sub(1 + fwd.chars().count() + Suit::NUM);
            let first = inner.x + 1 + before as u16;
            for (i, &suit) in Suit::ALL.iter().enumerate() {
                let x = first + i as u16;
                if x < end {
                    buf[(x, y)].set_style(style.patch(t.suit(suit)));
                }
            }
        }
        ctx.hits
            .push(Rect::new(inner.x + 1, y, inner.width.saturating_sub(1), 1), Hit::Setting(item));
    }
    // The note under the list speaks of the focused line when it has more to say.
    let note = match items.get(cursor) {
        Some(SettingItem::Level) => match ctx.seen.session().settings.level {
            Level::Random => T::LevelRandomNote,
            Level::Easy => T::LevelEasyNote,
            Level::Normal => T::LevelNormalNote,
            Level::Expert => T::LevelExpertNote,
        },
        Some(SettingItem::ChooseDeclarations) => T::ChooseDeclarationsNote,
        Some(SettingItem::Deck) => T::DeckNote,
        Some(SettingItem::Colors) => T::ColoursNote,
        _ if ctx.seen.in_game() => T::InGameNote,
        _ => T::SettingsNote,
    };
    // Inside a margin, so that a note on two lines starts both at the same column.
    let note_area = Rect {
        x: inner.x + 1,
        y: inner.y + n + 2,
        width: inner.width.saturating_sub(2),
        height: note_rows,
    };
    Paragraph::new(Line::from(span(w.t(note), t.dim)))
        .wrap(Wrap { trim: false })
        .render(note_area, buf);
}
