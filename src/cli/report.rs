//! The output of `contree stats` and `contree history` (and `history --daily`): the tables in
//! the player's language, and their JSON.

use std::fmt::Write as _;

use serde::Serialize;

use crate::game::{DealResult, Game};
use crate::rules::{
    BySeat, ByTeam, Combination, ContractAnswer, ContreScoring, DealRecord, RuleSet, ScoringMethod,
    Seat, Team,
};
use crate::stats::Stats;
use crate::store::{DailyEntry, GameEntry};
use crate::text::{Lang, Words};

use super::utc;

/// The line above the history of a filed game shown when no game is in progress, in `w`'s
/// language.
pub fn last_game_title(entry: &GameEntry, w: Words) -> String {
    let (started, filed, result) = (entry.game.started.map(utc), utc(entry.filed), entry.result);
    let friends = entry.friends.as_ref().map(|f| {
        let names = Seat::ALL.map(|s| format!("{} {}", w.seat(s), f.names[s.index()]));
        let (seat, names) = (w.seat(f.seat), names.join(", "));
        match w.lang {
            Lang::En => format!(
                ", played with friends at table {} of {} ({names}; you sat {seat})",
                f.table, f.host
            ),
            Lang::Fr => format!(
                ", jouée entre amis à la table {} de {} ({names}\u{a0}; vous étiez {seat})",
                f.table, f.host
            ),
        }
    });
    let friends = friends.unwrap_or_default();
    w.out(match w.lang {
        Lang::En => format!(
            "No game in progress. The last game{}{friends}, {result}, filed {filed}:",
            started.map(|s| format!(", started {s}")).unwrap_or_default()
        ),
        Lang::Fr => format!(
            "Pas de partie en cours. La dernière partie{}{friends}, {}, classée le {filed}\u{a0}:",
            started.map(|s| format!(", commencée le {s}")).unwrap_or_default(),
            w.game_result(result)
        ),
    })
}

/// A team by its seats, in `w`'s language: "North-South", "Est-Ouest".
fn team(w: Words, team: Team) -> &'static str {
    match team {
        Team::NS => w.pick("North-South", "Nord-Sud"),
        Team::EW => w.pick("East-West", "Est-Ouest"),
    }
}

/// A number in `w`'s language, to one decimal: "12.5", "12,5".
fn decimal(w: Words, x: f64) -> String {
    let said = format!("{x:.1}");
    if w.lang == Lang::Fr { said.replace('.', ",") } else { said }
}

/// `contree stats --json`: the statistics and the points per deal.
#[derive(Serialize)]
struct StatsJson<'a> {
    #[serde(flatten)]
    stats: &'a Stats,
    points_per_deal: ByTeam<f64>,
    practice: crate::exercises::Tally,
    progress: &'a [crate::progress::GameProgress],
}

/// The statistics as JSON.
pub fn stats_json(stats: &Stats) -> String {
    let json = StatsJson {
        stats,
        points_per_deal: stats.deals.points_per_deal(),
        practice: stats.practice,
        progress: &stats.progress,
    };
    serde_json::to_string_pretty(&json).unwrap_or_default()
}

/// A percentage, or a dash when there is nothing to divide.
fn percent(part: u32, whole: u32) -> String {
    if whole == 0 {
        "-".into()
    } else {
        format!("{:.0}%", f64::from(part) * 100.0 / f64::from(whole))
    }
}

/// "1 deal", "7 deals"; "1 donne", "7 donnes".
fn deals(n: u32, w: Words) -> String {
    format!("{n} {}{}", w.pick("deal", "donne"), s(w, n.into()))
}

/// The plural's "s" of `n` things in `w`'s language, or nothing.
fn s(w: Words, n: u64) -> &'static str {
    if w.plural(n) { "s" } else { "" }
}

/// The statistics as a readable table, in `w`'s language. The contres' success is the share of
/// each side's contres that set the contract.
pub fn stats_table(stats: &Stats, w: Words) -> String {
    let mut out = String::new();
    games(&mut out, stats, w);
    deals_and_contracts(&mut out, stats, w);
    contres_and_more(&mut out, stats, w);
    expert_and_practice(&mut out, stats, w);
    w.out(out)
}

/// The colon of the language: French puts a no-break space before it.
fn colon(w: Words) -> &'static str {
    if w.lang == Lang::Fr { "\u{a0}:" } else { ":" }
}

/// The games: played, won and lost by rule set and target, and the winning streak.
fn games(out: &mut String, stats: &Stats, w: Words) {
    let colon = colon(w);
    let all = stats.all_games();
    let fr = w.lang == Lang::Fr;
    let _ = writeln!(
        out,
        "{}",
        w.pick(
            "Games (North-South: you and your partner)",
            "Parties (Nord-Sud\u{a0}: vous et votre partenaire)"
        )
    );
    // Each column as wide as its title in the language, and never narrower than before.
    let (wl, wp, ww, wlo, wpc) = if fr { (16, 7, 7, 7, 9) } else { (14, 7, 5, 5, 6) };
    let games_row = |out: &mut String, label: &str, g: &crate::stats::GameCounts| {
        let _ = writeln!(
            out,
            "  {label:<wl$} {:>wp$} {:>ww$} {:>wlo$} {:>wpc$}",
            g.played,
            g.won,
            g.lost,
            percent(g.won, g.played)
        );
    };
    let _ = writeln!(
        out,
        "  {:<wl$} {:>wp$} {:>ww$} {:>wlo$} {:>wpc$}",
        w.pick("rules, target", "règles, objectif"),
        w.pick("played", "jouées"),
        w.pick("won", "gagnées"),
        w.pick("lost", "perdues"),
        w.pick("won %", "% gagnées")
    );
    for g in &stats.games {
        games_row(out, &format!("{} {}", g.set, g.target), g);
    }
    games_row(out, w.pick("all", "toutes"), &all);
    let _ = writeln!(
        out,
        "  {}{colon} {} {}, {} {}",
        w.pick("winning streak", "victoires d'affilée"),
        stats.streak.current,
        w.pick("now", "en cours"),
        stats.streak.best,
        w.pick("at best", "au mieux")
    );
}

/// The deals played and passed out, and the contracts each side took, made and failed.
fn deals_and_contracts(out: &mut String, stats: &Stats, w: Words) {
    let colon = colon(w);
    let d = &stats.deals;
    let fr = w.lang == Lang::Fr;
    let _ = writeln!(
        out,
        "{}{colon} {} {}, {} {}",
        w.pick("Deals", "Donnes"),
        d.played,
        w.pick("played", "jouées"),
        d.passed_out,
        w.pick("passed out", "blanches")
    );
    let (wc, wt, wm, wf, wmp) = if fr { (22, 6, 7, 6, 9) } else { (22, 6, 6, 6, 7) };
    let _ = writeln!(
        out,
        "  {:<wc$} {:>wt$} {:>wm$} {:>wf$} {:>wmp$}",
        w.pick("contracts", "contrats"),
        w.pick("taken", "pris"),
        w.pick("made", "réussis"),
        w.pick("failed", "chutés"),
        w.pick("made %", "% réussis")
    );
    for (who, c) in [(Team::NS, d.ours), (Team::EW, d.theirs)] {
        let who = format!("{} {}", w.pick("by", "par"), team(w, who));
        let _ = writeln!(
            out,
            "  {who:<wc$} {:>wt$} {:>wm$} {:>wf$} {:>wmp$}",
            c.taken,
            c.made,
            c.failed,
            percent(c.made, c.taken)
        );
    }
}

/// The contres with the share that set the contract, surcontres, capots, belotes, points per
/// deal, calls and cards taken back, hints seen.
fn contres_and_more(out: &mut String, stats: &Stats, w: Words) {
    let colon = colon(w);
    let d = &stats.deals;
    // One width for every label of the table below, the longest one's. Each side's contres
    // are rated beside their count: the share of them that set the contract.
    let set_by_it = w.pick("set by it %", "% gagnants");
    let _ = writeln!(
        out,
        "  {:<27} {:>6} {:>11} {:>8} {:>11}",
        "",
        w.pick("made", "faits"),
        set_by_it,
        w.pick("suffered", "subis"),
        set_by_it
    );
    let _ = writeln!(
        out,
        "  {:<27} {:>6} {:>11} {:>8} {:>11}",
        "contres",
        d.contres.made,
        percent(d.contres_won.made, d.contres_judged.made),
        d.contres.suffered,
        percent(d.contres_won.suffered, d.contres_judged.suffered),
    );
    let capots = w.pick("capots (all eight tricks)", "capots (les huit plis)");
    for (what, b) in [("surcontres", d.surcontres), (capots, d.capots)] {
        let _ = writeln!(out, "  {what:<27} {:>6} {:>11} {:>8}", b.made, "", b.suffered);
    }
    let _ = writeln!(
        out,
        "  belotes{colon} {} {}, {} {}",
        team(w, Team::NS),
        d.belotes[Team::NS],
        team(w, Team::EW),
        d.belotes[Team::EW]
    );
    let per = d.points_per_deal();
    let _ = writeln!(
        out,
        "  {}{colon} {} {}, {} {}",
        w.pick("points per deal", "points par donne"),
        team(w, Team::NS),
        decimal(w, per[Team::NS]),
        team(w, Team::EW),
        decimal(w, per[Team::EW])
    );
    let _ = writeln!(
        out,
        "  {}{colon} {}",
        w.pick("calls and cards taken back", "coups repris"),
        d.undos
    );
    let _ = writeln!(out, "  {}{colon} {}", w.pick("hints seen", "conseils vus"), d.hints);
}

/// The balance against the expert in your seat, the exercises, and the trend.
fn expert_and_practice(out: &mut String, stats: &Stats, w: Words) {
    let colon = colon(w);
    let c = &stats.compared;
    let compared = |n: u32| match w.lang {
        Lang::En => format!("{} compared", deals(n, w)),
        Lang::Fr => format!("{} comparée{}", deals(n, w), s(w, n.into())),
    };
    let _ = writeln!(
        out,
        "{}{colon} {}, {} {:+}",
        w.pick("Against the expert in your seat", "Face à l'expert à votre place"),
        compared(c.all.deals),
        w.pick("balance", "écart"),
        c.all.balance
    );
    for (set, b) in &c.by_rules {
        let _ = writeln!(
            out,
            "  {set}{colon} {}, {} {:+}",
            deals(b.deals, w),
            w.pick("balance", "écart"),
            b.balance
        );
    }
    let p = &stats.practice;
    let plural = s(w, p.exercises as u64);
    let _ = match w.lang {
        Lang::En => writeln!(
            out,
            "Practice: {} exercise{plural}, {} waiting; answers solved {}, missed {}",
            p.exercises, p.waiting, p.solved, p.missed
        ),
        Lang::Fr => writeln!(
            out,
            "Entraînement\u{a0}: {} exercice{plural}, {} en attente\u{a0}; réponses justes {}, \
             manquées {}",
            p.exercises, p.waiting, p.solved, p.missed
        ),
    };
    for line in w.trend(crate::progress::trend(&stats.progress).as_ref()) {
        let _ = writeln!(out, "{line}");
    }
}

/// One deal of `contree history --json`: the rule set, what `contree score` answers for its
/// record (declarations under `coinche`), and the record.
#[derive(Serialize)]
struct HistoryDeal<'a> {
    deal: usize,
    set: RuleSet,
    dealer: Seat,
    contract: Option<ContractAnswer>,
    made: Option<bool>,
    card_points: ByTeam<u16>,
    belote: Option<Team>,
    belotes: ByTeam<u8>,
    #[serde(skip_serializing_if = "Option::is_none")]
    declarations: Option<ByTeam<u16>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    declared: Option<BySeat<Combination>>,
    score: ByTeam<u16>,
    totals: ByTeam<u32>,
    expert_in_seat: Option<ExpertInSeatJson>,
    record: &'a DealRecord,
}

/// The deal's score with the expert in South's seat, and how much better North-South did than
/// with it (their margin minus the expert's).
#[derive(Serialize)]
struct ExpertInSeatJson {
    score: ByTeam<u16>,
    difference: i32,
}

fn history_deal(i: usize, d: &DealResult) -> HistoryDeal<'_> {
    let coinche = d.record.rules().set.has_declarations();
    HistoryDeal {
        deal: i + 1,
        set: d.record.rules().set,
        dealer: d.record.dealer,
        contract: d.contract.as_ref().map(ContractAnswer::from),
        made: d.score.map(|s| s.made),
        card_points: d.card_points,
        belote: d.belote_team(),
        belotes: d.belotes.counts(),
        declarations: coinche.then_some(d.declarations),
        declared: coinche.then(|| d.declared.unwrap_or_default()),
        score: d.points(),
        totals: d.totals,
        expert_in_seat: d
            .expert_score()
            .zip(d.expert_difference())
            .map(|(score, difference)| ExpertInSeatJson { score, difference }),
        record: &d.record,
    }
}

/// The finished deals of `game` as a JSON array.
pub fn history_json(game: &Game) -> String {
    let deals: Vec<HistoryDeal<'_>> =
        game.history().iter().enumerate().map(|(i, d)| history_deal(i, d)).collect();
    serde_json::to_string_pretty(&deals).unwrap_or_default()
}

/// The finished deals of `game` as deal records, one JSON line each, with their game context:
/// what `contree score` reads.
pub fn history_export(game: &Game) -> String {
    game.history()
        .iter()
        .filter_map(|d| serde_json::to_string(&d.record).ok())
        .map(|line| line + "\n")
        .collect()
}

/// The finished deals of `game` as a readable table, with the running totals, in `w`'s
/// language.
pub fn history_table(game: &Game, w: Words) -> String {
    let mut out = String::new();
    let fr = w.lang == Lang::Fr;
    let colon = colon(w);
    let o = game.options();
    let options = game_options(game, w);
    let _ = writeln!(
        out,
        "{} {} {} {} ({}){colon} {} {}, {} {}",
        w.pick("Game of", "Partie de"),
        o.rules.set,
        w.pick("to", "en"),
        o.target,
        options.join(", "),
        team(w, Team::NS),
        game.totals()[Team::NS],
        team(w, Team::EW),
        game.totals()[Team::EW],
    );
    if game.history().is_empty() {
        let _ = writeln!(out, "{}.", w.t(crate::text::T::NoDeals));
        return w.out(out);
    }
    // The difference with the expert in South's seat, once a deal is compared.
    let (compared, balance) = game.expert_balance();
    let expert = |s: String| if compared > 0 { format!("  {s:>6}") } else { String::new() };
    // Each column as wide as its title in the language.
    let (wd, wdl, wt, wr) = if fr { (5, 7, 7, 8) } else { (4, 6, 6, 7) };
    let seat = |s: Seat| if fr { w.seat(s).to_string() } else { s.to_string() };
    let _ = writeln!(
        out,
        "{:>wd$}  {:<wdl$} {:<14} {:<wt$} {:<wr$} {:>6} {:>6}  {:>6} {:>6}{}",
        w.pick("deal", "donne"),
        w.pick("dealer", "donneur"),
        w.pick("contract", "contrat"),
        w.pick("taker", "preneur"),
        w.pick("result", "résultat"),
        "NS",
        w.pick("EW", "EO"),
        "tot NS",
        w.pick("tot EW", "tot EO"),
        expert("expert".into())
    );
    for (i, d) in game.history().iter().enumerate() {
        let (contract, taker, result) = match (d.contract, d.score) {
            (Some(c), Some(s)) => {
                let x = match c.multiplier.factor() {
                    1 => String::new(),
                    m => format!(" x{m}"),
                };
                let result = if s.made { crate::text::T::Made } else { crate::text::T::Failed };
                (format!("{}{x}", c.bid), seat(c.taker), w.t(result).to_string())
            }
            _ => (w.pick("all passed", "donne blanche").into(), "-".into(), "-".into()),
        };
        let p = d.points();
        let difference = d.expert_difference().map_or_else(|| "-".into(), |x| format!("{x:+}"));
        let _ = writeln!(
            out,
            "{:>wd$}  {:<wdl$} {:<14} {:<wt$} {:<wr$} {:>6} {:>6}  {:>6} {:>6}{}",
            i + 1,
            seat(d.record.dealer),
            contract,
            taker,
            result,
            p[Team::NS],
            p[Team::EW],
            d.totals[Team::NS],
            d.totals[Team::EW],
            expert(difference),
        );
    }
    if compared > 0 {
        against_expert(&mut out, w, compared, balance);
    }
    if let Some(winner) = game.winner() {
        let _ = writeln!(out, "{} {}.", w.pick("Won by", "Gagnée par"), team(w, winner));
    }
    w.out(out)
}

/// The options of a game besides its rule set and target: contrée's scoring and contre, sans
/// atout and tout atout, the seed.
fn game_options(game: &Game, w: Words) -> Vec<String> {
    let o = game.options();
    let mut options = Vec::new();
    if o.rules.set == RuleSet::Contree {
        options.push(match o.rules.scoring {
            ScoringMethod::MadePlusBid => "points faits + demandés".to_string(),
            ScoringMethod::Made => "points faits".to_string(),
        });
        options.push(
            match o.rules.contre {
                ContreScoring::Standard => w.pick("standard contre", "contre standard"),
                ContreScoring::Tournament => w.pick("tournament contre", "contre de tournoi"),
            }
            .to_string(),
        );
    }
    if o.rules.nt_at {
        options.push(w.pick("sans atout and tout atout", "sans atout et tout atout").into());
    }
    options.push(format!("{} {}", w.pick("seed", "graine"), game.seed()));
    options
}

/// The balance of the game's deals compared with the expert in South's seat.
fn against_expert(out: &mut String, w: Words, compared: u32, balance: i64) {
    let _ = match w.lang {
        Lang::En => writeln!(
            out,
            "Against the expert in your seat, over {}: {balance:+} (each deal: your margin \
             minus the expert's)",
            deals(compared, w)
        ),
        Lang::Fr => writeln!(
            out,
            "Face à l'expert à votre place, sur {}\u{a0}: {balance:+} (chaque donne\u{a0}: \
             votre marge moins celle de l'expert)",
            deals(compared, w)
        ),
    };
}

/// The deals of the day played as JSON: one object a date, as `daily.jsonl` holds it, with
/// the difference with the expert in South's seat and what the clear mistakes cost.
pub fn daily_json(results: &[DailyEntry]) -> String {
    let all: Vec<serde_json::Value> = results
        .iter()
        .map(|e| {
            let mut v = serde_json::to_value(e).unwrap_or_default();
            let (cost, se) = e.mistakes_cost();
            if let Some(o) = v.as_object_mut() {
                o.insert("against_expert".into(), serde_json::json!(e.against_expert()));
                o.insert("mistakes_cost".into(), serde_json::json!(e.analysed.then_some(cost)));
                o.insert("mistakes_se".into(), serde_json::json!(e.analysed.then_some(se)));
            }
            v
        })
        .collect();
    serde_json::to_string_pretty(&all).unwrap_or_default()
}

/// The deals of the day played as a readable table, one line a date, and the balance against
/// the expert in South's seat over the days compared, in `w`'s language.
pub fn daily_table(results: &[DailyEntry], w: Words) -> String {
    let mut out = String::new();
    if results.is_empty() {
        let _ = writeln!(
            out,
            "{}",
            w.pick(
                "No deal of the day played yet: contree --daily plays today's.",
                "Aucune donne du jour jouée pour l'instant\u{a0}: contree --daily joue celle \
                 d'aujourd'hui."
            )
        );
        return w.out(out);
    }
    let _ = writeln!(
        out,
        "{:<10}  {:>7}  {:>7}  {:>7}  {:>12}  {:>8}  {:>11}",
        "date",
        "score",
        "expert",
        "vs exp.",
        w.pick("double dummy", "mains vues"),
        w.pick("mistakes", "erreurs"),
        w.pick("their cost", "leur coût")
    );
    let pair = |s: Option<ByTeam<u16>>| {
        s.map_or_else(|| "-".to_string(), |s| format!("{}-{}", s[Team::NS], s[Team::EW]))
    };
    for e in results {
        let (cost, se) = e.mistakes_cost();
        let (mistakes, cost) = if e.analysed {
            (e.mistakes.len().to_string(), crate::text::figure(cost, Some(se)).replace('−', "-"))
        } else {
            ("-".into(), "-".into())
        };
        let _ = writeln!(
            out,
            "{:<10}  {:>7}  {:>7}  {:>7}  {:>12}  {:>8}  {:>11}",
            e.date.to_string(),
            pair(Some(e.score)),
            pair(e.expert),
            e.against_expert().map_or_else(|| "-".into(), |d| format!("{d:+}")),
            pair(e.double_dummy),
            mistakes,
            cost.replace('±', "+/-"),
        );
    }
    let compared: Vec<i32> = results.iter().filter_map(DailyEntry::against_expert).collect();
    let (n, sum) = (results.len(), compared.iter().sum::<i32>());
    let _ = match w.lang {
        Lang::En => writeln!(
            out,
            "{} played; against the expert in your seat, over {} compared: {sum:+} (each: your \
             margin minus the expert's). They count in no game nor in the statistics.",
            if n == 1 { "1 deal of the day".to_string() } else { format!("{n} deals of the day") },
            compared.len(),
        ),
        Lang::Fr => writeln!(
            out,
            "{} du jour jouée{}\u{a0}; face à l'expert à votre place, sur {} comparée{}\u{a0}: \
             {sum:+} (chacune\u{a0}: votre marge moins celle de l'expert). Elles ne comptent dans \
             aucune partie ni dans les statistiques.",
            deals(u32::try_from(n).unwrap_or(u32::MAX), w),
            s(w, n as u64),
            compared.len(),
            s(w, compared.len() as u64),
        ),
    };
    w.out(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The commands' words in English, glyphs and all.
    const EN: Words = Words {
        lang: Lang::En,
        suits: crate::text::SuitStyle::Glyphs,
        ascii: false,
        spoken: false,
    };

    #[test]
    fn the_stats_table_lines_up_and_rates_the_contres() {
        let mut stats = Stats::default();
        stats.deals.contres.made = 4;
        stats.deals.contres_judged.made = 4;
        stats.deals.contres_won.made = 3;
        stats.deals.capots.suffered = 12;
        let table = stats_table(&stats, EN);
        let row = |what: &str| {
            let line = table.lines().find(|l| l.trim_start().starts_with(what));
            line.unwrap_or_default().to_string()
        };
        assert!(row("contres").contains("75%"), "{table}");
        // The contres North-South suffered are rated too, beside their count.
        stats.deals.contres.suffered = 2;
        stats.deals.contres_judged.suffered = 2;
        stats.deals.contres_won.suffered = 1;
        let table = stats_table(&stats, EN);
        let contres = table.lines().find(|l| l.trim_start().starts_with("contres"));
        let figures: Vec<&str> = contres.unwrap_or_default().split_whitespace().skip(1).collect();
        assert_eq!(figures, ["4", "75%", "2", "50%"], "{table}");
        let row = |what: &str| {
            let line = table.lines().find(|l| l.trim_start().starts_with(what));
            line.unwrap_or_default().to_string()
        };
        // Every row's "made" figure ends under the end of its title.
        let head = table.lines().find(|l| l.contains("suffered")).unwrap_or_default();
        let end = head.find("made").unwrap_or(0) + "made".len() - 1;
        for (what, figure) in [("contres", '4'), ("surcontres", '0'), ("capots", '0')] {
            assert_eq!(row(what).chars().nth(end), Some(figure), "{what}:\n{table}");
        }
    }
}
