//! The store's words: what could not be done to which file and why, what was set aside, and
//! why a save could not be resumed, in the player's language.

use crate::files::{FileKind, ReadError, Thing};
use crate::game::{LoadError, SAVE_VERSION};
use crate::store::{
    Cause, GAMES_FILE, GameHistory, GameResult, Left, OpenError, Operation, Resume, SetAside,
    StoreError, Unfit,
};
use crate::text::{Lang, Words, sentence};

impl Words {
    /// A store error, in the table's language: what could not be done to which file, and why.
    /// The details a system or a parser gives stay as they come.
    pub fn store_error(self, e: &StoreError) -> String {
        self.out(match self.lang {
            Lang::En => e.to_string(),
            Lang::Fr => {
                let what = match e.operation() {
                    Operation::Read => "lire",
                    Operation::Write => "enregistrer",
                    Operation::Remove => "supprimer",
                    Operation::MoveAside => "mettre de côté",
                };
                let de = if what.starts_with(['e', 'é']) { "d'" } else { "de " };
                format!("impossible {de}{what} {} : {}", e.path().display(), self.cause(e.cause()))
            }
        })
    }

    /// Why the data directory could not be opened, in the table's language.
    pub fn open_error(self, e: &OpenError) -> String {
        self.out(match (self.lang, e) {
            (Lang::En, _) => e.to_string(),
            (Lang::Fr, OpenError::NoPlace) => "aucun dossier de données : définissez \
                CONTREE_DATA_DIR, ou HOME par un chemin absolu"
                .into(),
            (Lang::Fr, OpenError::EmptyChoice) => "CONTREE_DATA_DIR est défini mais vide\u{a0}: \
                donnez-lui un dossier, ou retirez-le pour garder les données à leur place \
                habituelle"
                .into(),
            (Lang::Fr, OpenError::NotADirectory { dir, at, kind }) if at == dir => format!(
                "le dossier de données {} est {}, pas un dossier",
                dir.display(),
                self.file_kind(*kind)
            ),
            (Lang::Fr, OpenError::NotADirectory { dir, at, kind }) => format!(
                "impossible de créer le dossier de données {} : {} est {}, pas un dossier",
                dir.display(),
                at.display(),
                self.file_kind(*kind)
            ),
            (Lang::Fr, OpenError::Create { dir, error }) => format!(
                "impossible de créer le dossier de données {} : {}",
                dir.display(),
                self.io_error(error)
            ),
        })
    }

    /// Why a store operation failed.
    fn cause(self, cause: &Cause) -> String {
        if self.lang == Lang::En {
            return cause.to_string();
        }
        match cause {
            Cause::Io(io) => self.io_error(io),
            Cause::Unusable(ReadError::Io(io)) => self.io_error(io),
            Cause::Unusable(ReadError::NotAFile) => "ce n'est pas un fichier ordinaire".into(),
            Cause::Unusable(ReadError::TooLarge(limit)) => self.unfit(&Unfit::TooLarge(*limit)),
            Cause::Unusable(ReadError::DanglingLink(to)) => {
                format!("c'est un lien vers {}, qui n'existe pas", to.display())
            }
            Cause::Json(j) => j.to_string(),
            Cause::GameNotOver => "la partie n'est pas finie".into(),
            Cause::BadName => "ce n'est pas un fichier que contree peut écrire".into(),
            Cause::ReadOnly => "une autre table contree tient le dossier de données".into(),
            Cause::NotReadBefore => {
                "il n'a pas pu être lu, il n'est donc pas écrasé ; voyez-y d'abord".into()
            }
            Cause::NotMovedAside(reason, io) => format!(
                "{}, et il n'a pas pu être mis de côté : {}",
                self.unfit(reason),
                self.io_error(io)
            ),
        }
    }

    /// An error of the file system in words a player understands.
    fn io_error(self, e: &std::io::Error) -> String {
        use std::io::ErrorKind;
        let ours = match (self.lang, e.kind()) {
            (Lang::Fr, ErrorKind::NotFound) => "il n'existe pas",
            (Lang::Fr, ErrorKind::ReadOnlyFilesystem) => "le disque est en lecture seule",
            (Lang::Fr, ErrorKind::StorageFull) => "le disque est plein",
            (Lang::Fr, ErrorKind::QuotaExceeded) => "le quota du disque est dépassé",
            (Lang::Fr, ErrorKind::PermissionDenied) => "permission refusée",
            _ => return crate::files::describe_io(e),
        };
        crate::files::with_system_words(ours, e)
    }

    /// Why a file of the data directory could not be used, or the save resumed.
    fn unfit(self, reason: &Unfit) -> String {
        if self.lang == Lang::En {
            return reason.to_string();
        }
        match reason {
            Unfit::NotAFile(kind) => {
                format!("c'est {}, pas un fichier ordinaire", self.file_kind(*kind))
            }
            Unfit::TooLarge(limit) => format!("il dépasse {}", crate::files::size(*limit)),
            Unfit::Truncated(e) => format!("le fichier est tronqué : {e}"),
            Unfit::NotJson(e) => format!("ce n'est pas du JSON valide : {e}"),
            Unfit::NoVersion => "il n'a pas de numéro de version".into(),
            Unfit::NewerVersion { found, current } => format!(
                "il est en version {found}, d'un contree plus récent que celui-ci (version {current})"
            ),
            Unfit::NotASave(e) => format!("ce n'est pas une partie enregistrée de contree : {e}"),
            Unfit::Refused(e) => self.load_error(e),
            Unfit::NotStats(e) => format!("ce ne sont pas des statistiques de contree : {e}"),
            Unfit::NotCourse(e) => course_error(e),
            Unfit::FieldsRefused(bad) => match bad.as_slice() {
                [one] => format!("{one} n'a pas pu être lu, le reste a été gardé"),
                _ => format!("{} n'ont pas pu être lus, le reste a été gardé", bad.join(", ")),
            },
            Unfit::NotFields => "ce n'est pas un objet JSON des champs attendus".into(),
            Unfit::AlreadyFiled(result) => format!(
                "elle est déjà classée dans {GAMES_FILE} comme {}, avec chaque annonce et chaque carte qu'elle contient",
                self.game_result(*result)
            ),
            Unfit::FiledOtherwise(result) => format!(
                "elle est déjà classée dans {GAMES_FILE} comme {}, et diffère de ce classement ; les deux sont gardés",
                self.game_result(*result)
            ),
            Unfit::EarlierFiling => "un classement antérieur de la partie classée à nouveau, qui ne contient plus une de ses actions".into(),
            Unfit::CutOff => {
                "un plantage ou un disque plein pendant le classement d'une partie".into()
            }
            Unfit::NotExercises { lines, said } => {
                let numbers = lines.said(Lang::Fr);
                let said = self.exercise_error(said);
                if lines.len() == 1 {
                    format!("la ligne {numbers} n'est pas un exercice de contree ({said})")
                } else {
                    format!("les lignes {numbers} ne sont pas des exercices de contree ({said})")
                }
            }
            Unfit::NotDaily { lines, said } => {
                let numbers = lines.said(Lang::Fr);
                let said = self.daily_error(said);
                if lines.len() == 1 {
                    format!("la ligne {numbers} n'est pas une donne du jour de contree ({said})")
                } else {
                    format!("les lignes {numbers} ne sont pas des donnes du jour de contree ({said})")
                }
            }
        }
    }

    /// Why the game refuses a save.
    pub fn load_error(self, e: &LoadError) -> String {
        if self.lang == Lang::En {
            return e.to_string();
        }
        match e {
            LoadError::FutureVersion(v) => format!(
                "l'enregistrement est en version {v}, plus récente que ce que ce contree comprend ({SAVE_VERSION})"
            ),
            LoadError::BadOptions(why) => {
                format!("les options de l'enregistrement sont invalides : {why}")
            }
            LoadError::NoDeal => "l'enregistrement ne contient aucune donne".into(),
            LoadError::Tampered { deal, what } => {
                format!("la donne {} de l'enregistrement a été modifiée : {what}", deal + 1)
            }
            LoadError::Illegal { deal, action, why } => format!(
                "la donne {} de l'enregistrement contient une action illégale, {action} : {why}",
                deal + 1
            ),
            LoadError::Edited => "les annonces ou les cartes de l'enregistrement ont été modifiées : sa somme de contrôle ne correspond pas".into(),
        }
    }

    /// What stands at a path: "un dossier", "un lien vers une FIFO"…
    fn file_kind(self, kind: FileKind) -> String {
        if self.lang == Lang::En {
            return kind.to_string();
        }
        let thing = match (kind.thing, kind.linked) {
            (Thing::Other, false) => return "autre chose qu'un fichier".into(),
            (Thing::Other, true) => return "un lien vers autre chose qu'un fichier".into(),
            (Thing::Loop, _) => return "un lien qui mène à lui-même".into(),
            (Thing::Nothing, _) => "rien",
            (Thing::File, _) => "un fichier",
            (Thing::Directory, _) => "un dossier",
            (Thing::Fifo, _) => "une FIFO",
            (Thing::Socket, _) => "une socket",
            (Thing::Device, _) => "un périphérique",
        };
        if kind.linked { format!("un lien vers {thing}") } else { thing.into() }
    }

    /// How a game of the history ended.
    pub fn game_result(self, result: GameResult) -> String {
        match (self.lang, result) {
            (Lang::En, _) => result.to_string(),
            (Lang::Fr, GameResult::Won) => "gagnée par Nord-Sud".into(),
            (Lang::Fr, GameResult::Lost) => "gagnée par Est-Ouest".into(),
            (Lang::Fr, GameResult::Abandoned) => "abandonnée".into(),
        }
    }

    /// A file the store could not use, and what became of it: a sentence of its own, to stand
    /// beside the others said at once.
    pub fn set_aside(self, a: &SetAside) -> String {
        self.out(sentence(&self.set_aside_clause(a)))
    }

    /// A file the store could not use, and what became of it, as a clause, for a command to
    /// say after what it could not do.
    pub fn set_aside_clause(self, a: &SetAside) -> String {
        let (file, reason, path) = (&a.file, self.unfit(&a.reason), a.path.display());
        self.out(match (self.lang, a.moved) {
            (Lang::En, _) => a.to_string(),
            (Lang::Fr, _) if a.last_line_only => format!(
                "la dernière ligne de {file} était coupée ({reason}) ; elle a été gardée sous {path}, et les lignes d'avant restent"
            ),
            (Lang::Fr, true) => match &a.reason {
                _ if a.reason.lines_alone().is_some_and(|l| l.len() == 1) => format!(
                    "{file} n'a pas pu servir ({reason}) ; cette ligne seule a été gardée sous {path}, et les autres lignes restent"
                ),
                _ if a.reason.lines_alone().is_some() => format!(
                    "{file} n'a pas pu servir ({reason}) ; ces lignes seules ont été gardées sous {path}, et les autres lignes restent"
                ),
                _ => format!("{file} n'a pas pu servir ({reason}) ; il a été gardé sous {path}"),
            },
            (Lang::Fr, false) => {
                format!("{file} n'a pas pu servir ({reason}) ; il a été laissé en place, dans {path}")
            }
        })
    }

    /// What could not be read of the history of games, or not whole, a line each, in the
    /// language ([`GameHistory::notices`] in English).
    pub fn history_notices(self, h: &GameHistory) -> Vec<String> {
        if self.lang == Lang::En {
            return h.notices().into_iter().map(|n| self.out(n)).collect();
        }
        let mut said = Vec::new();
        let lines = h.unreadable.said(Lang::Fr);
        match h.unreadable.len() {
            0 => {}
            1 => said.push(format!(
                "{GAMES_FILE}\u{a0}: la ligne {lines} ne peut pas être lue\u{a0}; elle a été \
                 laissée telle quelle"
            )),
            _ => said.push(format!(
                "{GAMES_FILE}\u{a0}: les lignes {lines} ne peuvent pas être lues\u{a0}; elles ont \
                 été laissées telles quelles"
            )),
        }
        let lines = h.unmeasured.said(Lang::Fr);
        match h.unmeasured.len() {
            0 => {}
            1 => said.push(format!(
                "{GAMES_FILE}\u{a0}: la ligne {lines} contient un chiffre qui n'en est pas un \
                 (dans mistakes ou expert_in_seat)\u{a0}; il compte comme non mesuré, et la \
                 partie est gardée"
            )),
            _ => said.push(format!(
                "{GAMES_FILE}\u{a0}: les lignes {lines} contiennent un chiffre qui n'en est pas \
                 un (dans mistakes ou expert_in_seat)\u{a0}; chacun compte comme non mesuré, et \
                 les parties sont gardées"
            )),
        }
        said.into_iter().map(|n| self.out(n)).collect()
    }

    /// Why the table does not open when the saved game at `path` cannot be read (`e`), and what
    /// to do: no new game may replace a save that may come back readable.
    pub fn save_unreadable(self, path: &std::path::Path, e: &StoreError) -> String {
        let (path, cause) = (path.display(), self.cause(e.cause()));
        self.out(match self.lang {
            Lang::En => format!(
                "The saved game {path} cannot be read ({cause}): make it readable, or move it \
                 away to start a new game; the table did not open."
            ),
            Lang::Fr => format!(
                "La partie enregistrée {path} ne peut pas être lue ({cause})\u{a0}: rendez-la \
                 lisible, ou déplacez-la pour commencer une nouvelle partie\u{a0}; la table ne \
                 s'est pas ouverte."
            ),
        })
    }

    /// What to tell the player when the save could not be resumed.
    pub fn resume_notice(self, r: &Resume) -> Option<String> {
        let notice = match (self.lang, r) {
            (Lang::En, _) => r.notice(),
            (Lang::Fr, Resume::MovedAside { path, reason }) => Some(format!(
                "La partie enregistrée n'a pas pu être reprise ({}) ; elle a été gardée sous {}.",
                self.unfit(reason),
                path.display()
            )),
            (Lang::Fr, Resume::LeftInPlace { path, why }) => {
                let why = match why {
                    Left::Failed(e) => self.cause(e.cause()),
                    Left::OnlyRead(reason) => self.unfit(reason),
                };
                Some(format!(
                    "La partie enregistrée n'a pas pu être lue ({why}) ; elle a été laissée en place, dans {}.",
                    path.display()
                ))
            }
            (Lang::Fr, Resume::Saved { filing_taken_back: true, .. }) => Some(
                "La partie enregistrée avait aussi été classée comme abandonnée dans games.jsonl, par une nouvelle partie arrêtée avant de commencer ; l'enregistrement en contient davantage, ce classement a donc été retiré, et la partie sera classée une fois, à sa fin.".into(),
            ),
            (Lang::Fr, Resume::None | Resume::Saved { .. }) => None,
        };
        notice.map(|n| self.out(n))
    }
}

/// Why `course.json` is not the course's progress, in French.
fn course_error(e: &crate::learn::CourseError) -> String {
    use crate::learn::{COURSE_VERSION, CourseError};
    match e {
        CourseError::NotProgress(e) => format!("ce n'est pas la progression du cours : {e}"),
        CourseError::Newer(v) => format!(
            "sa progression est en version {v}, d'un contree plus récent que celui-ci (qui lit jusqu'à la version {COURSE_VERSION})"
        ),
        CourseError::BadLevel(key) => {
            format!("le niveau « {key} » a un nombre d'étoiles hors de 1 à 3")
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::exercises::ExerciseError;
    use crate::store::DailyError;

    use crate::text::*;

    #[test]
    fn what_the_store_says_is_said_in_the_language() {
        use std::path::PathBuf;
        let fr = Words { lang: Lang::Fr, suits: SuitStyle::Glyphs, ascii: false, spoken: false };
        let en = Words { lang: Lang::En, suits: SuitStyle::Glyphs, ascii: false, spoken: false };
        let path = PathBuf::from("/data/game.json.corrupt-1");
        let truncated = Unfit::Truncated("EOF while parsing".into());
        let moved = Resume::MovedAside { path: path.clone(), reason: truncated };
        let said = en.resume_notice(&moved).expect("a notice");
        assert!(
            said.contains("/data/game.json.corrupt-1") && said.contains("EOF while parsing"),
            "{said}"
        );
        let said = fr.resume_notice(&moved).expect("a notice");
        assert!(said.starts_with(
            "La partie enregistrée n'a pas pu être reprise (le fichier est tronqué : EOF while parsing)"
        ));
        assert!(said.contains("/data/game.json.corrupt-1"));
        let aside = SetAside {
            file: "settings.json".into(),
            path: path.clone(),
            reason: Unfit::FieldsRefused(vec!["speed".into()]),
            moved: true,
            last_line_only: false,
        };
        let said = en.set_aside(&aside);
        assert!(
            said.starts_with("settings.json") && said.contains("speed") && said.contains("/data/"),
            "{said}"
        );
        assert!(fr.set_aside(&aside).contains("il a été gardé sous /data/"));
        let torn = SetAside { file: "games.jsonl".into(), last_line_only: true, ..aside };
        assert!(torn.to_string().starts_with("the last line of games.jsonl was cut off"));
        assert!(fr.set_aside(&torn).starts_with("La dernière ligne de games.jsonl était coupée"));
        let game = crate::game::new_game(Default::default(), 1, None);
        let unfiled = Resume::Saved { game, started: None, saved: None, filing_taken_back: true };
        assert!(en.resume_notice(&unfiled).is_some_and(|n| n.contains("taken back")));
        assert!(fr.resume_notice(&unfiled).is_some_and(|n| n.contains("retiré")));
        let link = ReadError::DanglingLink(PathBuf::from("/mnt/x/game.json"));
        let e = StoreError::new(&path, Operation::Read, Cause::Unusable(link));
        assert!(
            fr.store_error(&e).ends_with("c'est un lien vers /mnt/x/game.json, qui n'existe pas")
        );
        let full = std::io::Error::from(std::io::ErrorKind::StorageFull);
        let e = StoreError::new(&path, Operation::Write, Cause::Io(full));
        let said = en.store_error(&e);
        assert!(
            said.contains("/data/game.json.corrupt-1") && said.contains("disk is full"),
            "{said}"
        );
        assert_eq!(
            fr.store_error(&e),
            "impossible d'enregistrer /data/game.json.corrupt-1 : le disque est plein"
        );
        let e = StoreError::new(&path, Operation::Read, Cause::Unusable(ReadError::NotAFile));
        assert_eq!(
            fr.store_error(&e),
            "impossible de lire /data/game.json.corrupt-1 : ce n'est pas un fichier ordinaire"
        );
    }

    /// Every reason the store gives, every cause of its errors and every way a save is left
    /// where it was: the English is the store's own, the French its own words (the details a
    /// parser or the system gives aside).
    #[test]
    fn every_reason_of_the_store_is_said_in_both_languages() {
        use std::path::{Path, PathBuf};
        let fr = Words { lang: Lang::Fr, suits: SuitStyle::Glyphs, ascii: false, spoken: false };
        let en = Words { lang: Lang::En, suits: SuitStyle::Glyphs, ascii: false, spoken: false };
        let things = [Thing::Nothing, Thing::File, Thing::Directory, Thing::Fifo, Thing::Socket];
        let kinds = things
            .into_iter()
            .chain([Thing::Device, Thing::Other])
            .flat_map(|thing| [false, true].map(|linked| FileKind { thing, linked }))
            // A loop is only ever reached through a link.
            .chain([FileKind { thing: Thing::Loop, linked: true }]);
        let refused = [
            LoadError::FutureVersion(9),
            LoadError::BadOptions("target 0".into()),
            LoadError::NoDeal,
            LoadError::Tampered { deal: 0, what: "x".into() },
            LoadError::Illegal { deal: 1, action: "AS".into(), why: "y".into() },
            LoadError::Edited,
        ];
        let results = [GameResult::Won, GameResult::Lost, GameResult::Abandoned];
        let reasons: Vec<Unfit> = kinds
            .map(Unfit::NotAFile)
            .chain([
                Unfit::TooLarge(1 << 20),
                Unfit::Truncated("x".into()),
                Unfit::NotJson("x".into()),
                Unfit::NoVersion,
                Unfit::NewerVersion { found: 9, current: 2 },
                Unfit::NotASave("x".into()),
                Unfit::NotStats("x".into()),
                Unfit::NotCourse(crate::learn::CourseError::NotProgress("x".into())),
                Unfit::NotCourse(crate::learn::CourseError::Newer(9)),
                Unfit::NotCourse(crate::learn::CourseError::BadLevel("cards-1".into())),
                Unfit::FieldsRefused(vec!["speed".into()]),
                Unfit::FieldsRefused(vec!["speed".into(), "lang".into()]),
                Unfit::NotFields,
                Unfit::EarlierFiling,
                Unfit::CutOff,
                Unfit::NotExercises {
                    lines: [2].into_iter().collect(),
                    said: ExerciseError::NoVersion,
                },
                Unfit::NotExercises {
                    lines: [2, 5].into_iter().collect(),
                    said: ExerciseError::NewerVersion(9),
                },
                Unfit::NotDaily { lines: [3].into_iter().collect(), said: DailyError::NotTheDay },
                Unfit::NotDaily {
                    lines: [3, 4].into_iter().collect(),
                    said: DailyError::FiledTwice(1),
                },
            ])
            .chain(refused.into_iter().map(Unfit::Refused))
            .chain(
                results
                    .into_iter()
                    .flat_map(|r| [Unfit::AlreadyFiled(r), Unfit::FiledOtherwise(r)]),
            )
            .collect();
        let path = Path::new("/data/settings.json");
        let mut said = std::collections::BTreeSet::new();
        for reason in &reasons {
            assert_ne!(fr.unfit(reason), reason.to_string(), "{reason:?}");
            assert!(said.insert(fr.unfit(reason)), "said twice: {reason:?}");
            for moved in [true, false] {
                let aside = SetAside {
                    file: "settings.json".into(),
                    path: path.to_path_buf(),
                    reason: reason.clone(),
                    moved,
                    last_line_only: false,
                };
                let said = en.set_aside(&aside);
                assert!(
                    said.contains("/data/settings.json") && said.contains(&en.unfit(reason)),
                    "{said}"
                );
                assert!(fr.set_aside(&aside).contains(&fr.unfit(reason)), "{reason:?}");
            }
            let full = std::io::Error::from(std::io::ErrorKind::StorageFull);
            let cause = Cause::NotMovedAside(reason.clone(), full);
            let e = StoreError::new(path, Operation::MoveAside, cause);
            let said = en.store_error(&e);
            assert!(
                said.contains("/data/settings.json") && said.contains("disk is full"),
                "{said}"
            );
            assert!(fr.store_error(&e).ends_with("le disque est plein"), "{reason:?}");
            let left = Resume::LeftInPlace {
                path: PathBuf::from(path),
                why: Left::OnlyRead(reason.clone()),
            };
            let said = en.resume_notice(&left).expect("a notice");
            assert!(
                said.contains("/data/settings.json") && said.contains(&en.unfit(reason)),
                "{said}"
            );
            let notice = fr.resume_notice(&left).expect("a notice");
            assert!(notice.contains("laissée en place") && notice.contains(&fr.unfit(reason)));
        }
        let denied = std::io::Error::from(std::io::ErrorKind::PermissionDenied);
        let e = StoreError::new(path, Operation::Read, Cause::Io(denied));
        let left = Resume::LeftInPlace { path: PathBuf::from(path), why: Left::Failed(e) };
        let said = en.resume_notice(&left).expect("a notice");
        assert!(
            said.contains("/data/settings.json") && said.contains("permission denied"),
            "{said}"
        );
        let notice = fr.resume_notice(&left).expect("a notice");
        assert!(notice.contains("(permission refusée)"), "{notice}");
    }

    /// The errors of the system a player meets (not found, permission denied, a full disk, a
    /// read-only one) are said in the table's language, and what the system said follows, as
    /// it said it, for whoever looks further.
    #[test]
    fn the_systems_errors_are_said_in_the_language_with_the_systems_own_words_after() {
        use std::path::Path;
        let fr = Words { lang: Lang::Fr, suits: SuitStyle::Glyphs, ascii: false, spoken: false };
        let en = Words { lang: Lang::En, suits: SuitStyle::Glyphs, ascii: false, spoken: false };
        let path = Path::new("/data/game.json");
        use std::io::ErrorKind;
        for (kind, english, french) in [
            (ErrorKind::NotFound, "it does not exist", "il n'existe pas"),
            (ErrorKind::PermissionDenied, "permission denied", "permission refusée"),
            (ErrorKind::StorageFull, "the disk is full", "le disque est plein"),
            (
                ErrorKind::ReadOnlyFilesystem,
                "the disk is read-only",
                "le disque est en lecture seule",
            ),
        ] {
            // As the system says it, in its own language: an error of its own.
            let system = format!("{kind:?} (os error)");
            let io = std::io::Error::new(kind, system.clone());
            let e = StoreError::new(path, Operation::Write, Cause::Io(io));
            assert_eq!(
                en.store_error(&e),
                format!("cannot save /data/game.json: {english} ({system})")
            );
            assert_eq!(
                fr.store_error(&e),
                format!("impossible d'enregistrer /data/game.json : {french} ({system})")
            );
        }
    }

    /// Every way the data directory may fail to open is said in both languages.
    #[test]
    fn a_data_directory_that_cannot_be_opened_is_said_in_both_languages() {
        use std::path::PathBuf;
        let fr = Words { lang: Lang::Fr, suits: SuitStyle::Glyphs, ascii: false, spoken: false };
        let en = Words { lang: Lang::En, suits: SuitStyle::Glyphs, ascii: false, spoken: false };
        let dir = PathBuf::from("/data/contree");
        let file = FileKind { thing: Thing::File, linked: false };
        let denied = std::io::Error::from(std::io::ErrorKind::PermissionDenied);
        let errors = [
            OpenError::NoPlace,
            OpenError::EmptyChoice,
            OpenError::NotADirectory { dir: dir.clone(), at: dir.clone(), kind: file },
            OpenError::NotADirectory { dir: dir.clone(), at: "/data".into(), kind: file },
            OpenError::Create { dir: dir.clone(), error: denied },
        ];
        let said: Vec<String> = errors.iter().map(|e| fr.open_error(e)).collect();
        for (e, fr) in errors.iter().zip(&said) {
            assert_eq!(en.open_error(e), e.to_string());
            assert!(!fr.contains("cannot") && !fr.contains("directory"), "{fr}");
        }
        assert_eq!(
            said,
            [
                "aucun dossier de données : définissez CONTREE_DATA_DIR, ou HOME par un chemin \
                 absolu",
                "CONTREE_DATA_DIR est défini mais vide\u{a0}: donnez-lui un dossier, ou \
                 retirez-le pour garder les données à leur place habituelle",
                "le dossier de données /data/contree est un fichier, pas un dossier",
                "impossible de créer le dossier de données /data/contree : /data est un fichier, \
                 pas un dossier",
                "impossible de créer le dossier de données /data/contree : permission refusée",
            ]
        );
    }
}
