//! The front end's small JSON files of the data directory (`settings.json`, say), named by the
//! front end and kept whole like the store's own ([`super::atomic`]): read field by field when
//! each field stands alone, so that one field refused loses no other; a file that exists but
//! cannot be read is never written over.

use std::path::Path;

use serde::Serialize;
use serde::de::DeserializeOwned;

use super::atomic::JsonFile;
use super::{
    COURSE_FILE, Cause, EXERCISES_FILE, GAME_FILE, GAMES_FILE, LOCK_FILE, Operation, SMALL_LIMIT,
    STATS_FILE, SetAside, Store, StoreError, Unfit, held, unusable,
};

impl Store {
    /// Checks that `name` is a plain file name in the data directory, and not one of the
    /// store's own files (which only the store writes, with their checks): the file.
    fn checked<'s>(&'s self, name: &'s str) -> Result<JsonFile<'s>, StoreError> {
        let own = [GAME_FILE, STATS_FILE, GAMES_FILE, EXERCISES_FILE, LOCK_FILE, COURSE_FILE];
        let plain = !own.contains(&name)
            && !name.is_empty()
            && name != "."
            && name != ".."
            && !name.contains(['/', '\\'])
            && Path::new(name).file_name().is_some_and(|n| n == name);
        if plain {
            Ok(self.json_file(name, SMALL_LIMIT))
        } else {
            Err(StoreError::new(&self.path(name), Operation::Read, Cause::BadName))
        }
    }

    /// Reads a small file of the data directory, remembering one that exists but cannot be read
    /// so that it is never written over.
    fn read_small(&self, name: &str) -> Result<Option<Vec<u8>>, StoreError> {
        let file = self.checked(name)?;
        file.read().map_err(|e| {
            held(&self.unreadable).insert(name.to_string());
            StoreError::read(&file.path(), e)
        })
    }

    /// Reads a small JSON file of the data directory (e.g. the front end's `settings.json`):
    /// `None` when it does not exist.
    pub fn read_json<T: DeserializeOwned>(&self, name: &str) -> Result<Option<T>, StoreError> {
        let Some(bytes) = self.read_small(name)? else { return Ok(None) };
        serde_json::from_slice(&bytes).map(Some).map_err(|e| {
            held(&self.unreadable).insert(name.to_string());
            StoreError::new(&self.path(name), Operation::Read, Cause::Json(e))
        })
    }

    /// Reads a small JSON object of the data directory field by field, for a file like the
    /// settings where each field stands alone: every field that can be read is kept, the others
    /// take their default. A file that is not entirely readable is moved aside (and the sentence
    /// that says so returned), then written again with what was kept, so the next write loses
    /// nothing that was readable. `None` when the file does not exist or nothing of it could be
    /// read. A file that cannot be read at all (no permission) is an error, and is never
    /// written over.
    pub fn read_json_fields<T>(
        &self,
        name: &str,
    ) -> Result<(Option<T>, Option<SetAside>), StoreError>
    where
        T: Serialize + DeserializeOwned + Default,
    {
        let file = self.checked(name)?;
        let path = file.path();
        let bytes = match file.read() {
            Ok(Some(b)) => b,
            Ok(None) => return Ok((None, None)),
            Err(e) if e.is_unusable() => {
                let aside = self.set_aside(name, unusable(&path, &e))?;
                return Ok((None, Some(aside)));
            }
            Err(e) => {
                held(&self.unreadable).insert(name.to_string());
                return Err(StoreError::read(&path, e));
            }
        };
        let value = match serde_json::from_slice::<serde_json::Value>(&bytes) {
            Ok(v) => v,
            Err(e) => {
                let aside = self.set_aside(name, Unfit::NotJson(e.to_string()))?;
                return Ok((None, Some(aside)));
            }
        };
        if let Ok(whole) = T::deserialize(&value) {
            return Ok((Some(whole), None));
        }
        let (kept, bad) = salvage::<T>(&value);
        let reason = match (&kept, bad.is_empty()) {
            (Some(_), false) => Unfit::FieldsRefused(bad),
            _ => Unfit::NotFields,
        };
        let aside = self.set_aside(name, reason)?;
        if let Some(kept) = kept.as_ref().filter(|_| aside.moved) {
            file.write(kept)?;
        }
        Ok((kept, Some(aside)))
    }

    /// Writes a small JSON file of the data directory atomically.
    pub fn write_json<T: Serialize>(&self, name: &str, value: &T) -> Result<(), StoreError> {
        let file =
            self.checked(name).map_err(|e| StoreError { operation: Operation::Write, ..e })?;
        if held(&self.unreadable).contains(name) {
            return Err(StoreError::new(&file.path(), Operation::Write, Cause::NotReadBefore));
        }
        file.write(value)
    }
}

/// The fields of a JSON object that `T` accepts one at a time, over `T`'s defaults: the value
/// kept (`None` when `value` is not an object) and the names of the fields refused.
fn salvage<T>(value: &serde_json::Value) -> (Option<T>, Vec<String>)
where
    T: Serialize + DeserializeOwned + Default,
{
    let (Some(given), Ok(serde_json::Value::Object(mut kept))) =
        (value.as_object(), serde_json::to_value(T::default()))
    else {
        return (None, Vec::new());
    };
    let mut bad = Vec::new();
    for (key, v) in given {
        if !kept.contains_key(key) {
            // A field of a newer contree, or none at all: nothing to keep, nothing lost here.
            continue;
        }
        let mut trial = kept.clone();
        trial.insert(key.clone(), v.clone());
        if T::deserialize(&serde_json::Value::Object(trial.clone())).is_ok() {
            kept = trial;
        } else {
            bad.push(key.chars().take(40).collect());
        }
    }
    (T::deserialize(&serde_json::Value::Object(kept)).ok(), bad)
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde::Deserialize;

    #[test]
    fn a_settings_like_object_keeps_every_field_it_can_read() {
        #[derive(Debug, Default, PartialEq, Serialize, Deserialize)]
        #[serde(default)]
        struct S {
            a: u8,
            b: bool,
            c: String,
        }
        let v = serde_json::json!({"a": 300, "b": true, "c": "kept", "z": 1});
        let (kept, bad) = salvage::<S>(&v);
        assert_eq!(kept, Some(S { a: 0, b: true, c: "kept".into() }));
        assert_eq!(bad, ["a"]);
        assert_eq!(salvage::<S>(&serde_json::json!([1, 2])).0, None);
    }
}
