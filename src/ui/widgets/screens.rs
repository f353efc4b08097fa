//! The screens around the table: the start screen (with the rules of a new game), the statistics,
//! the settings and the rules.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::Line;
use ratatui::widgets::{Paragraph, Widget, Wrap};

use super::{Ctx, centered, markdown, put, span};
use crate::bots::Level;
use crate::game::DealStyle;
use crate::rules::{ContreScoring, RuleSet, ScoringMethod, Suit, Team};
use crate::session::settings::{Colours, Deck, SettingItem, Speed};
use crate::text::{Sign, SuitStyle, T, signed};
use crate::ui::screen::{Hit, StartItem};

/// The start screen: title, menu, the rules of a new game among its items.
pub fn start(ctx: &mut Ctx<'_>, area: Rect, buf: &mut Buffer) {
    let app = ctx.app;
    let Some(menu) = app.start() else { return };
    let w = ctx.words;
    let t = ctx.theme;
    let suits: String = Suit::ALL.iter().map(|&s| w.suit(s)).collect::<Vec<_>>().join(" ");
    let items = menu.items();
    let fwd = w.sign(Sign::Marker);
    // A line between items when there is room for it.
    let step = if 6 + items.len() as u16 * 2 + 2 <= area.height { 2 } else { 1 };
    let height = 6 + items.len() as u16 * step;
    let box_area = centered(area, 76, height + 2);
    let block = ctx.block("");
    let inner = block.inner(box_area);
    block.render(box_area, buf);
    let title = format!("{suits}   {}   {suits}", w.t(T::Title).to_uppercase());
    let center = |s: &str| {
        let n = s.chars().count() as u16;
        inner.x + inner.width.saturating_sub(n) / 2
    };
    buf.set_string(center(&title), inner.y + 1, &title, t.title);
    // The plain set is no federation's: its own line under the title.
    let sub = w.t(match app.session().settings.set {
        RuleSet::Plain => T::SubtitlePlain,
        RuleSet::Contree | RuleSet::Coinche => T::Subtitle,
    });
    buf.set_string(center(sub), inner.y + 2, sub, t.dim);
    for (i, &item) in items.iter().enumerate() {
        let y = inner.y + 4 + i as u16 * step;
        if y >= inner.bottom() {
            break;
        }
        let label = start_label(ctx, menu, item);
        let focused = menu.cursor == i;
        let marker = if focused { fwd } else { " " };
        let text = format!("{marker} {label}");
        // A long line (the resume line with four-digit scores) moves left rather than run over
        // the frame; the box is wide enough for every line the menu has.
        let len = text.chars().count() as u16;
        let x = (inner.x + 8).min(inner.right().saturating_sub(len + 1)).max(inner.x + 1);
        let style = if focused { t.selected } else { t.text };
        let room = inner.right().saturating_sub(x);
        buf.set_stringn(x, y, &text, usize::from(room), style);
        let width = len.min(room);
        ctx.hits.push(Rect::new(x, y, width, 1), Hit::Start(item));
    }
}

/// The words of an item of the start screen: the game to resume with its score and when it was
/// saved, the rules of a new game with their arrows, the other choices.
fn start_label(ctx: &Ctx<'_>, menu: &crate::ui::screen::StartScreen, item: StartItem) -> String {
    let (app, w) = (ctx.app, ctx.words);
    let (back, fwd) = (w.sign(Sign::Back), w.sign(Sign::Marker));
    match item {
        StartItem::Resume => {
            let r = menu.resume.as_ref();
            let score = r.map(|r| r.game.totals()).unwrap_or_default();
            let saved = r.and_then(|r| r.saved);
            let when = saved.and_then(|s| crate::text::local_time(s, &app.time_zone));
            w.resume(score[Team::NS], score[Team::EW], when)
        }
        StartItem::Play => w.t(T::Play).to_string(),
        StartItem::Daily => format!("{} {}", w.t(T::DailyDeal), app.today),
        StartItem::Variant => {
            format!(
                "{}{}{back} {} {fwd}",
                w.t(T::Variant),
                w.colon(),
                w.set(app.session().settings.set)
            )
        }
        StartItem::NtAt => {
            let on = w.t(if app.session().settings.nt_at { T::On } else { T::Off });
            format!("{}{}{back} {on} {fwd}", w.t(T::NtAtOption), w.colon())
        }
        // A rule set played to one target only has nothing to choose.
        StartItem::Target if app.session().settings.set.targets().len() == 1 => {
            format!("{}{}{} {}", w.t(T::Target), w.colon(), app.session().target, w.t(T::Points))
        }
        StartItem::Target => {
            format!(
                "{}{}{back} {} {fwd} {}",
                w.t(T::Target),
                w.colon(),
                app.session().target,
                w.t(T::Points)
            )
        }
        StartItem::Practice => w.t(T::Practice).to_string(),
        StartItem::Statistics => w.t(T::Statistics).to_string(),
        StartItem::Settings => w.t(T::Settings).to_string(),
        StartItem::Rules => w.t(T::Rules).to_string(),
        StartItem::Quit => w.t(T::Quit).to_string(),
    }
}

/// The statistics screen: games, streaks, contracts, contres, capots, belotes and points, for
/// your team and for your opponents side by side.
pub fn statistics(ctx: &mut Ctx<'_>, area: Rect, buf: &mut Buffer) {
    let w = ctx.words;
    let t = ctx.theme;
    let Some(s) = ctx.app.stats.as_ref().filter(|s| s.deals.played > 0) else {
        let box_area = centered(area, 60, 5);
        let block = ctx.block(w.t(T::Statistics));
        let inner = block.inner(box_area);
        block.render(box_area, buf);
        put(buf, inner, 1, &Line::from(span(format!(" {}", w.t(T::NoStats)), t.text)));
        return;
    };
    let rows = statistics_rows(w, s, area.height);
    // The columns' names stand on the frame's top line, so that every row fits at 80x24.
    let box_area = centered(area, 64, rows.len() as u16 + 1);
    let block = ctx.block(w.t(T::Statistics));
    let inner = block.inner(box_area);
    block.render(box_area, buf);
    let (_, (us, them)) = &rows[0];
    for (name, end) in [(us, 38 + 10), (them, 38 + 10 + 12)] {
        let x = (inner.x + end).saturating_sub(name.chars().count() as u16);
        buf.set_string(x, box_area.y, format!(" {name} "), t.dim);
    }
    let inner = Rect { y: inner.y.saturating_sub(1), height: inner.height + 1, ..inner };
    for (i, (label, (us, them))) in rows.iter().enumerate().skip(1) {
        let style = if i == 0 { t.dim } else { t.text };
        put(
            buf,
            inner,
            i as u16,
            &Line::from(vec![
                span(format!(" {label:<37}"), style),
                span(format!("{us:>10}"), if i == 0 { t.dim } else { t.accent }),
                span(format!("{them:>12}"), style),
            ]),
        );
    }
}

/// The statistics' rows: a label, then ours and theirs (the first row names the columns), the
/// balance against the expert by rule set while `height` has the room.
fn statistics_rows(
    w: crate::text::Words,
    s: &crate::stats::Stats,
    height: u16,
) -> Vec<(String, (String, String))> {
    let d = &s.deals;
    let all = s.all_games();
    let two = |a: u32, b: u32| (a.to_string(), b.to_string());
    let mut rows: Vec<(String, (String, String))> = vec![
        (String::new(), (w.t(T::Us).into(), w.t(T::Them).into())),
        (w.t(T::GamesPlayed).into(), (all.played.to_string(), String::new())),
        (w.t(T::GamesWon).into(), two(all.won, all.lost)),
    ];
    for g in &s.games {
        let rules = crate::rules::Rules::of(g.set);
        let label = format!("  {} {} {}", w.rules_short(rules), g.target, w.t(T::Points));
        rows.push((label, two(g.won, g.lost)));
    }
    let ppd = d.points_per_deal();
    rows.extend([
        (
            w.t(T::Streak).into(),
            (format!("{} / {}", s.streak.current, s.streak.best), String::new()),
        ),
        (w.t(T::DealsPlayed).into(), (d.played.to_string(), String::new())),
        (format!("  {}", w.t(T::PassedOut)), (d.passed_out.to_string(), String::new())),
        (w.t(T::ContractsTaken).into(), two(d.ours.taken, d.theirs.taken)),
        (format!("  {}", w.t(T::StatMade)), two(d.ours.made, d.theirs.made)),
        (format!("  {}", w.t(T::StatFailed)), two(d.ours.failed, d.theirs.failed)),
        (w.t(T::StatContres).into(), two(d.contres.made, d.contres.suffered)),
        (format!("  {}", w.t(T::ContresWon)), two(d.contres_won.made, d.contres_won.suffered)),
        (w.t(T::StatSurcontres).into(), two(d.surcontres.made, d.surcontres.suffered)),
        (w.t(T::StatCapots).into(), two(d.capots.made, d.capots.suffered)),
        (w.t(T::StatBelotes).into(), two(d.belotes[Team::NS], d.belotes[Team::EW])),
        (
            w.t(T::PointsPerDeal).into(),
            (format!("{:.1}", ppd[Team::NS]), format!("{:.1}", ppd[Team::EW])),
        ),
        (w.t(T::Undos).into(), (d.undos.to_string(), String::new())),
        (w.t(T::HintsUsed).into(), (d.hints.to_string(), String::new())),
        (
            w.t(T::ExercisesSolved).into(),
            (format!("{} / {}", s.practice.solved, s.practice.missed), String::new()),
        ),
    ]);
    // The deals compared with the expert in South's seat, and the balance, in all and, when
    // more than one rule set was played, in each.
    let c = &s.compared;
    if c.all.deals > 0 {
        let value = |b: &crate::stats::Balance| w.text(&signed(b.balance)).into_owned();
        let label = format!("{}, {}", w.t(T::AgainstExpert), w.over_deals(c.all.deals));
        rows.push((label, (value(&c.all), String::new())));
        // Each rule set's line where the screen has the room.
        let room = usize::from(height).saturating_sub(rows.len() + 1);
        if c.by_rules.len() > 1 && room >= c.by_rules.len() {
            for (set, b) in &c.by_rules {
                let rules = w.rules_short(crate::rules::Rules::of(*set));
                rows.push((
                    format!("  {rules}, {}", w.over_deals(b.deals)),
                    (value(b), String::new()),
                ));
            }
        }
    }
    rows
}

/// The value of a setting, in words.
fn setting_value(ctx: &Ctx<'_>, item: SettingItem) -> String {
    let w = ctx.words;
    let s = &ctx.app.session().settings;
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
pub fn settings(ctx: &mut Ctx<'_>, cursor: usize, area: Rect, buf: &mut Buffer) {
    let w = ctx.words;
    let t = ctx.theme;
    let items = ctx.app.setting_items();
    let n = items.len() as u16;
    let note_rows = if ctx.app.in_game() { 3 } else { 2 };
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
        Some(SettingItem::Level) => match ctx.app.session().settings.level {
            Level::Random => T::LevelRandomNote,
            Level::Easy => T::LevelEasyNote,
            Level::Normal => T::LevelNormalNote,
            Level::Expert => T::LevelExpertNote,
        },
        Some(SettingItem::ChooseDeclarations) => T::ChooseDeclarationsNote,
        Some(SettingItem::Deck) => T::DeckNote,
        Some(SettingItem::Colors) => T::ColoursNote,
        _ if ctx.app.in_game() => T::InGameNote,
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

/// The rules screen: RULES.md (RULES.fr.md in French), scrollable, after the notes on the rules
/// of the game at the table (else of new games).
pub fn rules(ctx: &mut Ctx<'_>, scroll: u16, area: Rect, buf: &mut Buffer) {
    let w = ctx.words;
    let t = ctx.theme;
    let block = ctx.block(w.t(T::Rules));
    let mut lines = Vec::new();
    for note in super::popups::set_notes(ctx) {
        lines.extend([Line::from(span(w.t(note), t.accent)), Line::from("")]);
    }
    let styles =
        markdown::Styles { text: t.text, heading: t.title, rule: t.dim, bar: w.sign(Sign::Bar) };
    let md = w.rules_md();
    lines.extend(markdown::lines(&md, area.width.saturating_sub(2), styles));
    let inner = block.inner(area);
    block.render(area, buf);
    let para = Paragraph::new(lines).wrap(Wrap { trim: false });
    let max = para.line_count(inner.width).saturating_sub(usize::from(inner.height));
    let max = u16::try_from(max).unwrap_or(u16::MAX);
    ctx.hits.set_scroll_max(max);
    para.scroll((scroll.min(max), 0)).render(inner, buf);
}
