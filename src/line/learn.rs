//! The course in the line mode (`contree --line learn`): the map of the stages, then each
//! level said as sentences (`course_say`): its goal, its position, for the first level of a
//! stage its move shown first; an answer typed is judged at once, a wrong one answered with its
//! reason (and the answer after [`SHOWN_AFTER`] wrong tries), a right one with its stars, and
//! the next level follows. The stars are written after each level solved. Its end is a first
//! deal at the table with the hints shown (`wheels`).

use std::io::{self, Write};

use super::LineMode;
use super::course_say::{self, Said};
use super::parse::{self, Command};
use crate::game::GameOptions;
use crate::game::new_game;
use crate::learn::course::{Course, Step};
use crate::learn::{Answer, Asked, CourseProgress, Outcome, SHOWN_AFTER, Stage};
use crate::session::config::{Config, Ending};
use crate::store::Store;
use crate::text::{Lang, SuitStyle, Words};

/// How the course ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CourseEnd {
    /// The player left, or the input ended.
    Quit,
    /// The player asked for the first deal.
    FirstDeal,
}

/// The course's state in the line mode, and the lines to say.
#[derive(Debug)]
pub struct CourseLine {
    w: Words,
    course: Course,
    said: Vec<Said>,
    /// How the course ended, once it has.
    pub end: Option<CourseEnd>,
}

impl CourseLine {
    /// The course at its map, with `progress`; `notices` (what the disk said) first.
    pub fn new(w: Words, progress: CourseProgress, notices: &[String]) -> CourseLine {
        let mut course =
            CourseLine { w, course: Course::new(progress), said: Vec::new(), end: None };
        course.say(course.pick("Learn to play contrée.", "Apprendre à jouer à la contrée."));
        for n in notices {
            course.say(n.clone());
        }
        course.say_map();
        course
    }

    /// The progress.
    pub fn progress(&self) -> &CourseProgress {
        self.course.progress()
    }

    /// The lines said since the last call.
    pub fn take_said(&mut self) -> Vec<Said> {
        std::mem::take(&mut self.said)
    }

    fn pick(&self, en: &str, fr: &str) -> String {
        match self.w.lang {
            Lang::En => en.to_string(),
            Lang::Fr => fr.to_string(),
        }
    }

    fn say(&mut self, line: String) {
        let line = self.w.text(&line).into_owned();
        self.said.push(Said::line(line));
    }

    fn say_all(&mut self, lines: Vec<String>) {
        for l in lines {
            self.say(l);
        }
    }

    fn say_map(&mut self) {
        self.course.to_map();
        let lines = course_say::map(self.w, self.course.progress());
        self.say_all(lines);
    }

    /// A line typed by the player.
    pub fn input(&mut self, typed: &str) {
        let text = typed.trim().to_lowercase();
        match text.as_str() {
            "quit" | "q" | "exit" | "quitter" | "bye" => return self.end = Some(CourseEnd::Quit),
            "help" | "aide" | "?" => return self.say_all(course_say::help(self.w)),
            "map" | "carte" | "plan" | "stages" | "etapes" | "étapes" => return self.say_map(),
            "deal" | "donne" => return self.end = Some(CourseEnd::FirstDeal),
            "again" | "encore" | "repeat" | "repeter" | "répéter" | "" => return self.again(),
            "next" | "suivant" => return self.next_level(),
            _ => {}
        }
        match (self.course.at(), text.parse::<usize>()) {
            (None, Ok(n)) if n == Stage::ALL.len() + 1 => self.end = Some(CourseEnd::FirstDeal),
            (None, Ok(n)) => match Stage::numbered(n) {
                Some(stage) => self.enter(stage),
                None => self.not_understood(typed),
            },
            (None, Err(_)) => self.not_understood(typed),
            (Some(at), _) => match answer(self.w.lang, at.level().asked(), &text) {
                Some(a) => self.answer(a),
                None => self.not_understood(typed),
            },
        }
    }

    /// A line longer than the line mode reads.
    pub fn too_long(&mut self) {
        self.not_understood("");
    }

    fn not_understood(&mut self, typed: &str) {
        let typed = typed.trim();
        let line = match self.w.lang {
            Lang::En => format!("Not understood: “{typed}”. Type help for the commands."),
            Lang::Fr => format!("Pas compris : « {typed} ». Tapez aide pour les commandes."),
        };
        self.say(line);
    }

    /// Enters `stage` at its first level not solved.
    fn enter(&mut self, stage: Stage) {
        if !self.course.enter(stage) {
            return self.say_map();
        }
        let head = match self.w.lang {
            Lang::En => format!("Stage {}: {}.", stage.number(), self.w.stage_name(stage)),
            Lang::Fr => format!("Étape {} : {}.", stage.number(), self.w.stage_name(stage)),
        };
        self.say(head);
        if !self.course.progress().stage_open(stage) {
            let skip = self.pick(
                "You skip ahead: the stages before it are not done, and may be played later.",
                "Vous passez devant : les étapes d'avant ne sont pas faites, et peuvent être jouées plus tard.",
            );
            self.say(skip);
        }
        self.start_level();
    }

    /// Says the level: its number, its position, its goal; the move first on a stage's first.
    fn start_level(&mut self) {
        let w = self.w;
        let Some(at) = self.course.at() else { return };
        let level = at.level();
        let head = match w.lang {
            Lang::En => format!("Level {} of {}.", at.index + 1, at.levels.len()),
            Lang::Fr => format!("Niveau {} sur {}.", at.index + 1, at.levels.len()),
        };
        let scene = course_say::scene(w, level);
        let goal = w.goal(level);
        let shown = level.shows_the_move().then(|| w.learn_answer(level));
        self.say(head);
        self.said.extend(scene);
        self.say(goal);
        if let Some(shown) = shown {
            let watch = self.pick("Watch first.", "Regardez d'abord.");
            self.say(format!("{watch} {shown}"));
            let now = self.pick("Now you: type it.", "À vous : tapez-la.");
            self.say(now);
        }
    }

    /// The level again, or the map.
    fn again(&mut self) {
        if self.course.at().is_some() { self.start_level() } else { self.say_map() }
    }

    /// Judges `answer` at the level being played.
    fn answer(&mut self, answer: Answer) {
        let w = self.w;
        let Some(outcome) = self.course.answer(answer) else { return };
        let Some(at) = self.course.at() else { return };
        match outcome {
            Outcome::Solved(stars) => {
                let right = self.pick("Right!", "Juste !");
                self.say(format!("{right} {}.", w.stars(u32::from(stars))));
                self.next_level();
            }
            Outcome::Wrong { reason, shown } => {
                let mut lines = vec![w.learn_reason(&reason)];
                if shown {
                    lines.push(w.learn_answer(at.level()));
                } else if at.attempt.wrong > 0 && at.attempt.wrong < SHOWN_AFTER {
                    lines.push(self.pick("Try again.", "Essayez encore."));
                }
                self.say_all(lines);
            }
        }
    }

    /// The next level of the stage, or the stage's end and the map.
    fn next_level(&mut self) {
        let Some(Step::StageEnd { stage, won, of, done }) = self.course.go_on() else {
            return self.again();
        };
        let name = self.w.stage_name(stage);
        let line = match (self.w.lang, done) {
            (Lang::En, true) => format!("Stage done: {name}, {won} of {of} stars."),
            (Lang::Fr, true) => format!("Étape faite : {name}, {} sur {of}.", self.w.stars(won)),
            (Lang::En, false) => format!(
                "End of the stage: {name}, {won} of {of} stars; a level without a star is still to do."
            ),
            (Lang::Fr, false) => format!(
                "Fin de l'étape : {name}, {} sur {of} ; un niveau sans étoile reste à faire.",
                self.w.stars(won)
            ),
        };
        self.say(line);
        self.say_map();
    }

    /// The first deal was played to its end.
    pub fn first_deal_played(&mut self) {
        self.course.first_deal_played();
    }
}

/// The answer `text` gives to a level that asks for `asked`, if it is one.
fn answer(lang: Lang, asked: Asked, text: &str) -> Option<Answer> {
    if asked == Asked::Number
        && let Ok(n) = text.trim().parse::<u16>()
    {
        return Some(Answer::Number(n));
    }
    match parse::parse(lang, text)? {
        Command::Play(card) => Some(Answer::Card(card)),
        Command::Call(call) => Some(Answer::Call(call)),
        _ => None,
    }
}

/// Writes `lines`, each flushed as it goes, pausing after each as long as it asks when `paced`.
pub fn write(out: &mut impl Write, lines: Vec<Said>, paced: bool) -> io::Result<()> {
    for said in lines {
        writeln!(out, "{}", said.line)?;
        out.flush()?;
        if paced && said.pause > 0 {
            std::thread::sleep(std::time::Duration::from_millis(u64::from(said.pause)));
        }
    }
    Ok(())
}

/// Writes the course's progress when it changed; a refusal is said, and the course goes on.
fn keep(course: &mut CourseLine, store: Option<&Store>) {
    let Some(store) = store.filter(|_| course.course.take_changed()) else { return };
    if let Err(e) = store.write_course(course.course.progress()) {
        let said = course.w.store_error(&e);
        course.say(said);
    }
}

/// Plays the course until the player leaves, asks for the first deal or the input ends: reads
/// standard input a line at a time, writes each line said (paced at a terminal), and keeps the
/// progress after each change.
fn run_course(course: &mut CourseLine, store: Option<&Store>) -> io::Result<CourseEnd> {
    use std::io::IsTerminal;
    let stdin = io::stdin();
    let terminal = stdin.is_terminal();
    let paced = terminal && io::stdout().is_terminal();
    let mut out = io::stdout().lock();
    write(&mut out, course.take_said(), paced)?;
    let mut input = stdin.lock();
    let mut text = Vec::new();
    loop {
        match crate::files::read_line(&mut input, &mut text, terminal) {
            Ok(None) | Err(_) => course.end = Some(CourseEnd::Quit),
            Ok(Some(true)) => course.too_long(),
            Ok(Some(false)) => {
                let line = String::from_utf8_lossy(&text);
                course.input(line.trim_end_matches(['\n', '\r']));
            }
        }
        keep(course, store);
        write(&mut out, course.take_said(), paced)?;
        if let Some(end) = course.end {
            return Ok(end);
        }
    }
}

/// `contree --line learn`: the course from its map, then, when asked, the first deal with the
/// hints shown, a deal of its own that leaves the saved game as it was. `notices` (what the
/// disk said at the start) are said first.
pub fn learn(config: Config, store: Option<&Store>, notices: &[String]) -> io::Result<Ending> {
    let w = Words {
        lang: config.settings.lang,
        suits: SuitStyle::Letters,
        ascii: config.ascii,
        spoken: true,
    };
    let mut notices = notices.to_vec();
    let progress = match store.map(Store::course) {
        Some(Ok((p, aside))) => {
            notices.extend(aside.map(|a| w.set_aside(&a)));
            p
        }
        Some(Err(e)) => {
            notices.push(w.store_error(&e));
            CourseProgress::default()
        }
        None => CourseProgress::default(),
    };
    let mut course = CourseLine::new(w, progress, &notices);
    if run_course(&mut course, store)? == CourseEnd::Quit {
        return Ok(Ending::Quit);
    }
    let game = new_game(GameOptions::default(), config.seed, config.previous.as_ref());
    let mut line = LineMode::first_deal(&config, store.is_some(), game);
    let ending = super::run::run_on(&mut line, store)?;
    if line.first_deal_over() {
        course.first_deal_played();
        keep(&mut course, store);
        let mut out = io::stdout().lock();
        let _ = write(&mut out, course.take_said(), false);
    }
    Ok(ending)
}
