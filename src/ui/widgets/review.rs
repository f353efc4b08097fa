//! A finished deal as the popups that look back show it: its summary's lines (as the end of a
//! deal shows it, and a review), and a deal as a line of the history, under the history's
//! column titles (as the history and the end of the game show them).

use ratatui::text::Line;

use super::{Ctx, span};
use crate::game::DealResult;
use crate::rules::Team;
use crate::session::report::{self, DealLine, Reached, Summary};
use crate::text::{Sign, T, signed};

/// The lines of a finished deal's summary.
pub fn deal_lines(ctx: &Ctx<'_>, d: &DealResult) -> Vec<Line<'static>> {
    let w = ctx.words;
    let t = ctx.theme;
    let mut lines = Vec::new();
    let summary = Summary::of(w, d);
    let Some(o) = summary.outcome else {
        lines.push(Line::from(span(w.t(T::AllPassed), t.text)));
        return lines;
    };
    let (margin, by) = match o.reached {
        Reached::Points { got, bid } => {
            let by = signed(i64::from(got) - i64::from(bid));
            (format!("{got} / {bid}"), w.text(&format!(" ({by})")).into_owned())
        }
        Reached::Tricks(n) => (format!("{n} / 8 {}", w.t(T::Tricks)), String::new()),
    };
    let against = o.defence.map(|v| format!(", {} {v}", w.t(T::Defence))).unwrap_or_default();
    let verdict = if o.made { w.t(T::Made) } else { w.t(T::Failed) };
    let c = o.contract;
    let contract =
        format!("{}{}, {}", w.bid_long(c.bid), w.multiplier(c.multiplier), w.seat(c.taker));
    lines.push(Line::from(vec![
        span(format!("{}{}", w.t(T::Contract), w.colon()), t.dim),
        span(contract, t.accent),
    ]));
    lines.push(Line::from(vec![
        span(format!("{} ", verdict.to_uppercase()), if o.made { t.good } else { t.bad }),
        span(format!("{margin}{by}{against}"), t.text),
    ]));
    lines.push(Line::from(""));
    let col = |a: String, b: String, c: String| format!("{a:<24}{b:>10}{c:>10}");
    lines.push(Line::from(span(col(String::new(), w.t(T::Us).into(), w.t(T::Them).into()), t.dim)));
    let points = |v: Option<u16>| v.map_or_else(|| "-".to_string(), |v| v.to_string());
    for p in &summary.points {
        let (us, them) = (points(p.teams[Team::NS]), points(p.teams[Team::EW]));
        lines.push(Line::from(span(col(w.t(p.label).into(), us, them), t.text)));
    }
    // Who declared what, and who held each belote.
    for (seat, c) in &summary.declared {
        lines.push(Line::from(vec![
            span(format!("  {}{}", w.seat(*seat), w.colon()), t.dim),
            span(w.combination(*c), t.text),
        ]));
    }
    if !summary.belotes.is_empty() {
        let held = summary.held(w);
        lines.push(Line::from(vec![
            span(format!("  {}{}", w.t(summary.belote_label()), w.colon()), t.dim),
            span(held.join(", "), t.text),
        ]));
    }
    // Each team's score as the rules add it up, then rounded.
    for team in Team::ALL {
        let name = w.t(if team == Team::NS { T::Us } else { T::Them });
        lines.push(Line::from(vec![
            span(format!("{name}{}", w.colon()), t.dim),
            span(summary.sums[team].clone(), t.accent),
        ]));
    }
    lines
}

/// A word with its first letter in capitals: the dealer marker's word as a column title.
fn capitalised(word: &str) -> String {
    let mut chars = word.chars();
    chars.next().map_or_else(String::new, |c| c.to_uppercase().chain(chars).collect())
}

/// The history's contract column: room for the longest contract, "Capot TA surcontré, Ouest",
/// so the columns after it stay in place.
const CONTRACT_WIDTH: usize = 25;

/// The history's result column: room for the longest result, "in progress".
const RESULT_WIDTH: usize = 11;

/// The history's column titles, on one line with the running totals marked Σ; where Σ is
/// not written (in ASCII), on two, "Total" over the totals' columns.
pub fn history_header(ctx: &Ctx<'_>) -> Vec<String> {
    let w = ctx.words;
    let glyph = !(w.ascii || w.spoken);
    let sum = w.sign(Sign::Sum);
    let total = |team: &str| if glyph { format!("{sum} {team}") } else { team.to_string() };
    // One space first, where the rows have their selection marker, so the columns line up.
    let titles = format!(
        " {:>3} {:<7} {:<CONTRACT_WIDTH$} {:<RESULT_WIDTH$} {:>5} {:>5} {:>6} {:>6}",
        "#",
        capitalised(w.t(T::Dealer)),
        w.t(T::Contract),
        w.t(T::Result),
        w.t(T::Us),
        w.t(T::Them),
        total(w.t(T::Us)),
        total(w.t(T::Them)),
    );
    if glyph {
        return vec![titles];
    }
    // The totals' two columns and the space between them.
    let totals = 6 + 1 + 6;
    let before = titles.chars().count().saturating_sub(totals);
    vec![format!("{}{:^totals$}", " ".repeat(before), w.t(T::Total)), titles]
}

/// A deal as a line of the history.
pub fn history_row(ctx: &Ctx<'_>, line: &DealLine) -> String {
    let w = ctx.words;
    let contract = match (line.contract, line.standing) {
        (_, report::Standing::Passed) => w.t(T::Pass).to_string(),
        (Some(c), _) => w.contract(&c),
        (None, _) => format!("{}{}", w.t(T::Bidding), w.sign(Sign::Ellipsis)),
    };
    let result = match line.standing {
        report::Standing::Made => w.t(T::Made),
        report::Standing::Failed => w.t(T::Failed),
        report::Standing::Passed => "",
        report::Standing::InProgress => w.t(T::InProgress),
    };
    format!(
        "{:>3} {:<7} {:<CONTRACT_WIDTH$} {:<RESULT_WIDTH$} {:>5} {:>5} {:>6} {:>6}",
        line.number,
        w.seat(line.dealer),
        contract,
        result,
        line.points[Team::NS],
        line.points[Team::EW],
        line.totals[Team::NS],
        line.totals[Team::EW]
    )
}

#[cfg(test)]
mod tests {
    use super::{CONTRACT_WIDTH, RESULT_WIDTH};
    use crate::rules::{Bid, BidLevel, Contract, Multiplier, Seat, Trump};
    use crate::text::SuitStyle;
    use crate::text::T;
    use crate::text::{Lang, Words};

    #[test]
    fn every_contract_fits_the_history_column() {
        let multipliers = [Multiplier::Simple, Multiplier::Contre, Multiplier::Surcontre];
        let mut longest = 0;
        for lang in Lang::ALL {
            for suits in [SuitStyle::Glyphs, SuitStyle::Letters] {
                let w = Words { lang, suits, ascii: false, spoken: false };
                for level in BidLevel::ALL {
                    for trump in Trump::ALL {
                        for multiplier in multipliers {
                            for taker in Seat::ALL {
                                let bid = Bid { level, trump };
                                let text = w.contract(&Contract { taker, bid, multiplier });
                                longest = longest.max(text.chars().count());
                            }
                        }
                    }
                }
            }
        }
        assert!(longest <= CONTRACT_WIDTH, "{longest}");
        assert!(longest + 2 > CONTRACT_WIDTH, "the column is wider than any contract: {longest}");
        // The results too, in both languages; a row, with its marker, fits an 80-column
        // terminal's history (78 columns, less its frame).
        let results = Lang::ALL.iter().flat_map(|&lang| {
            let w = Words { lang, suits: SuitStyle::Glyphs, ascii: false, spoken: false };
            [T::Made, T::Failed, T::InProgress].map(|t| w.t(t).chars().count())
        });
        assert_eq!(results.max(), Some(RESULT_WIDTH));
        let row = 3 + 7 + CONTRACT_WIDTH + RESULT_WIDTH + 5 + 5 + 6 + 6 + 7;
        assert_eq!(1 + row, 76);
    }
}
