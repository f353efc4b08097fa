//! A call's meaning on the table: what the call South's focused button would make tells
//! partner, and any meaning fitted to the rows of its box: whole where it fits, else without its
//! asides in parentheses, else cut at a word with an ellipsis.

use super::Ctx;
use super::player::wrap;
use crate::bots::bidding::Meaning;
use crate::rules::Seat;
use crate::text::{Sign, T};
use crate::ui::table_screen::{BidButton, TableScreen};

/// The call South's focused bidding button would make, in words ("80 ♠", or the value alone
/// while it waits for its suit), and what it tells partner.
pub fn focused(ctx: &Ctx<'_>, screen: &TableScreen) -> Option<(String, String)> {
    let w = ctx.words;
    let table = screen.table();
    if !table.south_to_bid() {
        return None;
    }
    if let Some(call) = screen.focused_call() {
        let deal = table.game().deal();
        let meaning = Meaning::of(&deal.auction, call, deal.levels[Seat::South]);
        return Some((w.call(call), w.meaning(&meaning)));
    }
    match screen.bid_buttons().get(screen.bid_focus()) {
        Some(BidButton::Level(l)) => Some((w.level(*l), w.t(T::MeaningAfterTrump).to_string())),
        _ => None,
    }
}

/// `text` in lines of `width` columns, at most `rows` of them, and whether any of it was left
/// out: the asides in parentheses go first, then the end, cut at a word and marked with an
/// ellipsis.
pub fn fit(ctx: &Ctx<'_>, text: &str, width: u16, rows: usize) -> (Vec<String>, bool) {
    let whole = wrap(text, width);
    if whole.len() <= rows {
        return (whole, false);
    }
    let mut short = wrap(&without_asides(text), width);
    if short.len() > rows {
        short.truncate(rows);
        if let Some(last) = short.last_mut() {
            end_with(last, ctx.words.sign(Sign::Ellipsis), usize::from(width));
        }
    }
    (short, true)
}

/// `line` cut at a word so that `ellipsis` fits after it in `width` columns, without the
/// punctuation the cut leaves hanging.
fn end_with(line: &mut String, ellipsis: &str, width: usize) {
    let room = width.saturating_sub(ellipsis.chars().count());
    while line.chars().count() > room {
        match line.rfind(' ') {
            Some(i) => line.truncate(i),
            None => *line = line.chars().take(room).collect(),
        }
    }
    let kept = line.trim_end_matches([' ', ',', ';', ':']).len();
    line.truncate(kept);
    line.push_str(ellipsis);
}

/// `text` without what it says in parentheses, and the space before each; the text as it is
/// when its parentheses do not pair.
pub fn without_asides(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut depth = 0usize;
    for c in text.chars() {
        match c {
            '(' => {
                if depth == 0 {
                    out.truncate(out.trim_end().len());
                }
                depth += 1;
            }
            ')' if depth > 0 => depth -= 1,
            ')' => return text.to_string(),
            _ if depth == 0 => out.push(c),
            _ => {}
        }
    }
    if depth == 0 { out } else { text.to_string() }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn asides_go_with_the_space_before_them() {
        assert_eq!(
            without_asides("No opening: no trump counts 80 (a cautious player passes up to 74)."),
            "No opening: no trump counts 80."
        );
        assert_eq!(
            without_asides("its best mode (its trumps (and ruffs), its aces); a bold player"),
            "its best mode; a bold player"
        );
        assert_eq!(without_asides("an open (aside"), "an open (aside");
        assert_eq!(without_asides("a closed) aside"), "a closed) aside");
    }

    #[test]
    fn a_french_semicolon_colon_or_quote_stays_with_its_word() {
        let text = "La convention contre à partir de 6 ; un expert la quitte";
        assert_eq!(wrap(text, 36), ["La convention contre à partir de 6 ;", "un expert la quitte"]);
        assert_eq!(
            wrap("Ouvre : une « valeur » de 80", 13),
            ["Ouvre : une", "« valeur » de", "80"]
        );
        assert_eq!(wrap("a b", 1), ["a", "b"]);
    }

    #[test]
    fn a_line_cut_for_its_ellipsis_ends_at_a_word() {
        let mut line = "a count of 80 to 89, its best".to_string();
        end_with(&mut line, "…", 26);
        assert_eq!(line, "a count of 80 to 89, its…");
        let mut line = "a count of 80 to 89;".to_string();
        end_with(&mut line, "...", 20);
        assert_eq!(line, "a count of 80 to...");
        let mut word = "unbreakable".to_string();
        end_with(&mut word, "…", 6);
        assert_eq!(word, "unbre…");
    }
}
