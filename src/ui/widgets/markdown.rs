//! The rules files as the rules screen shows them: the small part of Markdown they use, laid out
//! for the terminal. Paragraphs and list items written over several source lines become one line
//! each (the screen wraps them to its width), `**bold**` and `*italic*` become styles, code marks
//! are dropped, and a table's cells are lined up in columns when the table fits the width.

use ratatui::style::{Modifier, Style};
use ratatui::text::{Line, Span};

/// How the pieces of the rules are styled.
#[derive(Clone, Copy, Debug)]
pub struct Styles {
    /// Running text.
    pub text: Style,
    /// Headings.
    pub heading: Style,
    /// Table borders.
    pub rule: Style,
    /// The bar between a table's columns.
    pub bar: &'static str,
}

/// The lines of `md` for a screen `width` columns wide.
pub fn lines(md: &str, width: u16, s: Styles) -> Vec<Line<'static>> {
    let mut out = Vec::new();
    let mut table: Vec<Vec<String>> = Vec::new();
    let mut paragraph: Option<String> = None;
    for raw in md.lines() {
        let trimmed = raw.trim();
        if trimmed.starts_with('|') {
            flush_paragraph(&mut paragraph, &mut out, s);
            // The row under a table's head only says where the columns are.
            if !trimmed.trim_matches(|c| c == '|' || c == '-' || c == ':').is_empty() {
                table.push(cells(trimmed));
            }
            continue;
        }
        flush_table(&mut table, &mut out, width, s);
        if trimmed.is_empty() {
            flush_paragraph(&mut paragraph, &mut out, s);
            out.push(Line::default());
        } else if let Some(heading) = raw.strip_prefix('#') {
            flush_paragraph(&mut paragraph, &mut out, s);
            out.push(Line::from(Span::styled(
                heading.trim_start_matches('#').trim().to_string(),
                s.heading,
            )));
        } else if starts_item(trimmed) || paragraph.is_none() {
            flush_paragraph(&mut paragraph, &mut out, s);
            paragraph = Some(raw.trim_end().to_string());
        } else if let Some(p) = paragraph.as_mut() {
            // A source line that only continues the previous one.
            p.push(' ');
            p.push_str(trimmed);
        }
    }
    flush_table(&mut table, &mut out, width, s);
    flush_paragraph(&mut paragraph, &mut out, s);
    out
}

/// Whether a line starts a list item: "- ", or a number followed by ". ".
fn starts_item(trimmed: &str) -> bool {
    if trimmed.starts_with("- ") {
        return true;
    }
    let digits = trimmed.chars().take_while(char::is_ascii_digit).count();
    digits > 0 && trimmed[digits..].starts_with(". ")
}

fn flush_paragraph(p: &mut Option<String>, out: &mut Vec<Line<'static>>, s: Styles) {
    if let Some(text) = p.take() {
        out.push(Line::from(spans(&text, s.text)));
    }
}

/// A table row's cells, without the outer bars.
fn cells(row: &str) -> Vec<String> {
    let inner = row.trim_start_matches('|').trim_end_matches('|');
    inner.split('|').map(|c| c.trim().to_string()).collect()
}

/// The width a cell takes once its marks are dropped.
fn shown_width(cell: &str) -> usize {
    cell.chars().filter(|&c| c != '*' && c != '`').count()
}

fn flush_table(rows: &mut Vec<Vec<String>>, out: &mut Vec<Line<'static>>, width: u16, s: Styles) {
    if rows.is_empty() {
        return;
    }
    let columns = rows.iter().map(Vec::len).max().unwrap_or(0);
    let mut widths = vec![0; columns];
    for row in rows.iter() {
        for (w, cell) in widths.iter_mut().zip(row) {
            *w = (*w).max(shown_width(cell));
        }
    }
    let separator = format!(" {} ", s.bar);
    let total =
        widths.iter().sum::<usize>() + separator.chars().count() * columns.saturating_sub(1);
    let fits = total <= usize::from(width);
    for (i, row) in rows.drain(..).enumerate() {
        // Rows that wrap would run into each other: a blank line keeps them apart.
        if !fits && i > 0 {
            out.push(Line::default());
        }
        let mut line: Vec<Span<'static>> = Vec::new();
        for (j, cell) in row.iter().enumerate() {
            if j > 0 {
                line.push(Span::styled(separator.clone(), s.rule));
            }
            // The head row is in bold, as a table's head.
            let base = if i == 0 { s.text.add_modifier(Modifier::BOLD) } else { s.text };
            line.extend(spans(cell, base));
            // Too wide a table is left to wrap: padding its cells would only add blanks.
            if fits && j + 1 < row.len() {
                let pad = widths[j].saturating_sub(shown_width(cell));
                line.push(Span::raw(" ".repeat(pad)));
            }
        }
        out.push(Line::from(line));
    }
}

/// Text with `**bold**`, `*italic*` and `code` marks, as styled spans without the marks.
fn spans(text: &str, base: Style) -> Vec<Span<'static>> {
    let mut out = Vec::new();
    let (mut bold, mut italic) = (false, false);
    let mut current = String::new();
    let style = |bold: bool, italic: bool| {
        let mut st = base;
        if bold {
            st = st.add_modifier(Modifier::BOLD);
        }
        if italic {
            st = st.add_modifier(Modifier::ITALIC);
        }
        st
    };
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '*' | '`' => {
                if !current.is_empty() {
                    out.push(Span::styled(std::mem::take(&mut current), style(bold, italic)));
                }
                if c == '`' {
                    continue;
                }
                if chars.peek() == Some(&'*') {
                    chars.next();
                    bold = !bold;
                } else {
                    italic = !italic;
                }
            }
            _ => current.push(c),
        }
    }
    if !current.is_empty() {
        out.push(Span::styled(current, style(bold, italic)));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    const S: Styles =
        Styles { text: Style::new(), heading: Style::new(), rule: Style::new(), bar: "│" };

    fn text(lines: &[Line<'_>]) -> Vec<String> {
        lines.iter().map(|l| l.spans.iter().map(|s| s.content.as_ref()).collect()).collect()
    }

    #[test]
    fn source_lines_of_a_paragraph_or_item_are_joined() {
        let md = "# Title\n\nOne paragraph\nwritten on two lines.\n\n- An item\n  that goes on.\n  - A sub-item.\n1. First\n   step.\n";
        assert_eq!(
            text(&lines(md, 80, S)),
            [
                "Title",
                "",
                "One paragraph written on two lines.",
                "",
                "- An item that goes on.",
                "  - A sub-item.",
                "1. First step.",
            ]
        );
    }

    #[test]
    fn marks_become_styles() {
        let l = lines("A **bold** and *italic* `code`.", 80, S);
        assert_eq!(text(&l), ["A bold and italic code."]);
        let bold = l[0].spans.iter().find(|s| s.content == "bold").expect("a bold span");
        assert!(bold.style.add_modifier.contains(Modifier::BOLD));
        let italic = l[0].spans.iter().find(|s| s.content == "italic").expect("an italic span");
        assert!(italic.style.add_modifier.contains(Modifier::ITALIC));
    }

    #[test]
    fn a_table_that_fits_is_lined_up_and_one_too_wide_is_not_padded() {
        let md = "| card | points |\n|---|---|\n| **Jack** | 20 |\n| 9 | 14 |\n";
        assert_eq!(text(&lines(md, 80, S)), ["card │ points", "Jack │ 20", "9    │ 14"]);
        assert_eq!(text(&lines(md, 10, S)), ["card │ points", "", "Jack │ 20", "", "9 │ 14"]);
    }

    #[test]
    fn both_rules_files_are_laid_out_without_marks() {
        for md in [include_str!("../../../RULES.md"), include_str!("../../../RULES.fr.md")] {
            for line in text(&lines(md, 78, S)) {
                assert!(!line.contains("**") && !line.contains("|---"), "{line}");
            }
        }
    }
}
