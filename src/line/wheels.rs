//! The course's end in the line mode: a first real deal with the training wheels on. It is
//! played as a deal played again from no game ([`crate::session::again`]), so it leaves the
//! saved game and the statistics as they were; before each of South's turns the expert's hint
//! is asked and said, every call is explained as it is made by what it shows, and at the deal's
//! end the expert's review of it is said before the table closes.

use super::{LineMode, say};
use crate::bots::bidding::every_call;
use crate::game::Game;
use crate::session::config::Config;
use crate::text::Lang;

/// Where the first deal stands.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(super) struct Wheels {
    /// The calls explained so far.
    explained: usize,
    /// The deal is over and its review asked.
    reviewing: bool,
    /// The review was said: the deal was played to its end.
    over: bool,
}

impl LineMode {
    /// The line mode on `game`'s first deal, with the training wheels on; `kept` as for
    /// [`LineMode::new`].
    pub fn first_deal(config: &Config, kept: bool, game: Game) -> LineMode {
        let mut line = LineMode::welcome(config, kept, &[]);
        line.wheels = Some(Wheels::default());
        let Some(out) = line.session.play_again(game, None) else { return line };
        let intro = match line.words().lang {
            Lang::En => {
                "A first deal. Before each of your turns the expert's hint is said; each call is explained as it is made; at the end, the expert reviews your calls and cards. It counts in no game."
            }
            Lang::Fr => {
                "Une première donne. Avant chacun de vos tours, le conseil de l'expert est dit ; chaque annonce est expliquée quand elle est faite ; à la fin, l'expert revoit vos annonces et vos cartes. Elle ne compte dans aucune partie."
            }
        };
        let intro = line.words().text(intro).into_owned();
        line.say(intro);
        line.sat(out, true);
        line
    }

    /// Whether the first deal was played to its end and reviewed.
    pub fn first_deal_over(&self) -> bool {
        self.wheels.is_some_and(|w| w.over)
    }

    /// South's turn, with the wheels on: the hint is asked.
    pub(super) fn wheels_turn(&mut self) {
        if self.wheels.is_some_and(|w| !w.reviewing) {
            self.hint();
        }
    }

    /// A call made in `game`, with the wheels on: what the calls not explained yet show, added
    /// to `lines`, and how many are explained then.
    pub(super) fn wheels_meanings(&self, game: &Game, lines: &mut Vec<String>) -> Option<usize> {
        let wheels = self.wheels?;
        let w = self.words();
        let meanings = every_call(&game.deal().auction, &game.deal().levels);
        let explain = meanings.iter().enumerate().skip(wheels.explained);
        lines.extend(explain.map(|(i, m)| say::meaning(w, i + 1, m)));
        Some(meanings.len().max(wheels.explained))
    }

    /// The calls explained so far, as [`LineMode::wheels_meanings`] counted them.
    pub(super) fn wheels_explained(&mut self, explained: Option<usize>) {
        if let (Some(wheels), Some(n)) = (self.wheels.as_mut(), explained) {
            wheels.explained = n;
        }
    }

    /// The deal is over, with the wheels on: its review is asked, and said when it comes in.
    /// False without the wheels.
    pub(super) fn wheels_deal_over(&mut self) -> bool {
        let Some(mut wheels) = self.wheels else { return false };
        if !wheels.reviewing {
            wheels.reviewing = true;
            self.wheels = Some(wheels);
            self.ask_analysis(Some(1));
        }
        self.wheels_review_said();
        true
    }

    /// Once the review is said, the course's last words, and the table closes.
    pub(super) fn wheels_review_said(&mut self) {
        let Some(mut wheels) = self.wheels.filter(|w| w.reviewing && !w.over) else { return };
        if self.analysing.is_some() {
            return;
        }
        wheels.over = true;
        self.wheels = Some(wheels);
        let last = match self.words().lang {
            Lang::En => {
                "That was your first deal: the course is done. Play a whole game with contree --line, where hint, explain and analysis say the same any time."
            }
            Lang::Fr => {
                "C'était votre première donne : le cours est fini. Jouez une partie entière avec contree --line, où conseil, explique et analyse disent la même chose à tout moment."
            }
        };
        let last = self.words().text(last).into_owned();
        self.say(last);
        let _ = self.session.end_again();
        self.quit = true;
    }
}
