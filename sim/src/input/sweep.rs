//! Sweep files: a grid of a base config, dotted-key parameters each with a
//! list of values, and workloads. Every combination of values runs every
//! workload; points are numbered workload by workload, the first parameter
//! (in key order) varying slowest.

use serde::Deserialize;
use std::collections::HashMap;
use std::path::{Path, PathBuf};

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct File {
    name: String,
    #[serde(default = "default_base")]
    base: String,
    workloads: Vec<String>,
    #[serde(default = "default_metric")]
    metric: String,
    #[serde(default)]
    set: Vec<String>,
    parameters: toml::Table,
}

fn default_base() -> String {
    "gcn".into()
}

fn default_metric() -> String {
    "cycles".into()
}

/// A sweep, its paths resolved against the sweep file's folder.
#[derive(Clone, Debug)]
pub struct Sweep {
    pub name: String,
    /// A built-in model's name or a config file's path.
    pub base: String,
    /// `base` as the sweep file writes it (a file relative to its folder),
    /// which does not depend on how the sweep file was named.
    pub base_as_written: String,
    /// (as written in the sweep file, resolved path).
    pub workloads: Vec<(String, PathBuf)>,
    /// Per workload, what plots call it: its manifest's `name` (or its file
    /// name without extension), or the path as written when two would
    /// share one.
    pub workload_labels: Vec<String>,
    /// The figure the plots show.
    pub metric: String,
    /// Overrides applied to every point, before the parameters.
    pub set: Vec<String>,
    /// (dotted key, values).
    pub parameters: Vec<(String, Vec<toml::Value>)>,
}

/// The short names of `workloads` (see `Sweep::workload_labels`).
fn workload_labels(workloads: &[(String, PathBuf)]) -> Vec<String> {
    let short: Vec<String> = workloads
        .iter()
        .map(|(written, path)| {
            let named = crate::input::read_text(path)
                .ok()
                .and_then(|t| toml::from_str::<toml::Table>(&t).ok())
                .and_then(|t| t.get("name")?.as_str().map(str::to_string));
            named
                .or_else(|| Some(path.file_stem()?.to_string_lossy().into_owned()))
                .unwrap_or_else(|| written.clone())
        })
        .collect();
    short
        .iter()
        .zip(workloads)
        .map(|(s, (written, _))| {
            if short.iter().filter(|o| *o == s).count() > 1 {
                written.clone()
            } else {
                s.clone()
            }
        })
        .collect()
}

/// One point of a sweep.
#[derive(Clone, Debug)]
pub struct SweepPoint {
    pub index: usize,
    pub workload: usize,
    /// One value per parameter.
    pub values: Vec<toml::Value>,
}

/// Most points a sweep may have.
const MAX_POINTS: usize = 1_000_000;

impl Sweep {
    pub fn load(path: &Path) -> Result<Sweep, String> {
        let text = crate::input::read_text(path)
            .map_err(|e| format!("{}: cannot read sweep: {e}", path.display()))?;
        let f: File = toml::from_str(&text)
            .map_err(|e| crate::input::toml_error(&path.display().to_string(), &text, &e))?;
        let dir = path.parent().unwrap_or(Path::new("."));
        let base = if crate::input::config::compose::built_in(&f.base).is_some() {
            f.base.clone()
        } else {
            dir.join(&f.base).display().to_string()
        };
        if f.workloads.is_empty() {
            return Err(format!("{}: workloads is empty", path.display()));
        }
        if !is_file_name(&f.name) {
            return Err(format!(
                "{}: name = {:?} is not usable as a folder name (letters, digits, '-', '_' and '.', not starting with '.')",
                path.display(),
                f.name
            ));
        }
        // Each entry a manifest, or a folder whose manifests (in path
        // order, as `run` finds them) are all taken, written as the folder
        // joined with their place in it.
        let mut workloads: Vec<(String, PathBuf)> = Vec::new();
        // Each manifest (its canonical path) and the entry that gave it:
        // one given twice would be rows twice, one line hiding the other.
        let mut given: HashMap<PathBuf, usize> = HashMap::new();
        for (i, w) in f.workloads.iter().enumerate() {
            let at = dir.join(w);
            let entry = |e: String| format!("{}: workloads[{i}] = {w:?}: {e}", path.display());
            let found: Vec<(String, PathBuf)> = if at.is_dir() {
                crate::input::found::manifests_at(std::slice::from_ref(&at), "a sweep")
                    .map_err(entry)?
                    .into_iter()
                    .map(|m| {
                        let inside = m.strip_prefix(&at).unwrap_or(&m);
                        (Path::new(w).join(inside).display().to_string(), m)
                    })
                    .collect()
            } else if crate::input::amber::is_amber_path(Path::new(w)) {
                return Err(entry(
                    "an Amber script; a sweep runs workload manifests (.toml) (`gpusim run` runs scripts)"
                        .to_string(),
                ));
            } else if !at.is_file() {
                return Err(entry(format!(
                    "no such file ({} from the sweep file's folder)",
                    at.display()
                )));
            } else {
                vec![(w.clone(), at)]
            };
            for (written, manifest) in found {
                let file = manifest.canonicalize().unwrap_or_else(|_| manifest.clone());
                if let Some(j) = given.insert(file, i) {
                    return Err(entry(format!(
                        "gives {written} twice (workloads[{j}] = {:?} gives it already)",
                        f.workloads[j]
                    )));
                }
                workloads.push((written, manifest));
            }
        }
        let mut parameters = Vec::new();
        for (key, values) in f.parameters {
            let toml::Value::Array(values) = values else {
                return Err(format!(
                    "{}: parameters.\"{key}\" must be a list of values",
                    path.display()
                ));
            };
            if values.is_empty() {
                return Err(format!(
                    "{}: parameters.\"{key}\" has no values",
                    path.display()
                ));
            }
            // A value given twice would be two points at one place on
            // the plots' axis, one hiding the other.
            for (i, v) in values.iter().enumerate() {
                if let Some(earlier) = values[..i].iter().find(|e| same_value(e, v)) {
                    let written = match value_text(v) {
                        t if t == value_text(earlier) => String::new(),
                        t => format!(" = {t}"),
                    };
                    return Err(format!(
                        "{}: parameters.\"{key}\" gives {} twice (values[{i}]{written} repeats an earlier one)",
                        path.display(),
                        value_text(earlier)
                    ));
                }
            }
            parameters.push((key, values));
        }
        let points = parameters
            .iter()
            .try_fold(workloads.len(), |n: usize, (_, v)| n.checked_mul(v.len()));
        if points.is_none_or(|n| n > MAX_POINTS) {
            return Err(format!(
                "{}: the sweep has more than {MAX_POINTS} points",
                path.display()
            ));
        }
        Ok(Sweep {
            name: f.name,
            base,
            base_as_written: f.base,
            workload_labels: workload_labels(&workloads),
            workloads,
            metric: f.metric,
            set: f.set,
            parameters,
        })
    }

    /// Every point, in order.
    pub fn points(&self) -> Vec<SweepPoint> {
        let mut combos: Vec<Vec<toml::Value>> = vec![Vec::new()];
        for (_, values) in &self.parameters {
            combos = combos
                .into_iter()
                .flat_map(|c| {
                    values.iter().map(move |v| {
                        let mut c = c.clone();
                        c.push(v.clone());
                        c
                    })
                })
                .collect();
        }
        (0..self.workloads.len())
            .flat_map(|w| combos.iter().map(move |c| (w, c.clone())))
            .enumerate()
            .map(|(index, (workload, values))| SweepPoint {
                index,
                workload,
                values,
            })
            .collect()
    }

    /// `message` with the workload's path as the sweep file writes it, so
    /// that the CSV does not depend on how the sweep file was named.
    pub fn as_written(&self, p: &SweepPoint, message: &str) -> String {
        let (written, resolved) = &self.workloads[p.workload];
        message.replace(&resolved.display().to_string(), written)
    }

    /// The overrides of a point: the sweep's own, then its parameters.
    pub fn overrides(&self, p: &SweepPoint) -> Vec<String> {
        let mut set = self.set.clone();
        set.extend(
            self.parameters
                .iter()
                .zip(&p.values)
                .map(|((k, _), v)| format!("{k}={v}")),
        );
        set
    }
}

/// Whether two values of a parameter are one point: the same label on the
/// axis (1 and "1"), or numbers equal in value (1000 and 1000.0).
fn same_value(a: &toml::Value, b: &toml::Value) -> bool {
    use toml::Value::{Float, Integer};
    value_text(a) == value_text(b)
        || match (a, b) {
            (Integer(i), Float(f)) | (Float(f), Integer(i)) => *i as f64 == *f && *f as i64 == *i,
            (Float(x), Float(y)) => x == y,
            _ => false,
        }
}

/// A parameter value as a CSV cell and plot label: strings without their
/// quotes, everything else as TOML writes it.
pub fn value_text(v: &toml::Value) -> String {
    match v {
        toml::Value::String(s) => s.clone(),
        other => other.to_string(),
    }
}

/// Whether `name` can name a results folder: letters, digits, `-`, `_` and
/// `.`, not empty and not starting with `.`.
pub fn is_file_name(name: &str) -> bool {
    !name.is_empty()
        && !name.starts_with('.')
        && name
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || matches!(c, '-' | '_' | '.'))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The keys named in a refusal of an unknown key: the keys taken.
    fn keys_taken(message: &str) -> Vec<String> {
        let (_, list) = message.split_once("expected one of").expect(message);
        let mut keys: Vec<String> = list
            .split('`')
            .skip(1)
            .step_by(2)
            .map(str::to_string)
            .collect();
        keys.sort();
        keys
    }

    #[test]
    fn own_keys_are_the_keys_configs_and_sweeps_take_but_name() {
        let path =
            std::env::temp_dir().join(format!("gpusim_own_keys_{}.toml", std::process::id()));
        std::fs::write(&path, "bogus = 1\n").unwrap();
        let config = crate::input::config::Config::load(&path).unwrap_err();
        let sweep = Sweep::load(&path).unwrap_err();
        std::fs::remove_file(&path).unwrap();
        for (e, own) in [
            (config, &crate::input::config::OWN_KEYS[..]),
            (sweep, &crate::input::found::SWEEP_KEYS[..]),
        ] {
            let mut want: Vec<&str> = own.iter().copied().chain(["name"]).collect();
            want.sort();
            assert_eq!(keys_taken(&e), want, "{e}");
        }
    }
}
