//! Configs built from others: a config file may name a base (`inherit =
//! "gcn"` for a built-in model, or a path relative to the file) and give
//! only what differs; bases may inherit in turn, and a cycle is an error
//! naming the files. Tables merge key by key, the inheriting file's values
//! winning. Command-line overrides (`--set cu.wave_size=32`) apply last.
//! The result is typed and checked like any config file, and an error names
//! the file and line (or the `--set`) that gave the key.

use super::Config;
use std::path::{Path, PathBuf};

/// The built-in GPU models, by the name `inherit` and `--config` use.
pub const BUILT_IN: [(&str, &str); 3] = [
    ("gcn", include_str!("../../../../configs/gcn.toml")),
    ("rdna", include_str!("../../../../configs/rdna.toml")),
    (
        "teaching",
        include_str!("../../../../configs/teaching.toml"),
    ),
];

/// Most files in one inheritance chain.
const MAX_CHAIN: usize = 32;

/// One file of a chain, for naming where a key came from.
struct Source {
    name: String,
    text: String,
}

/// A built-in model's text, by name.
pub fn built_in(name: &str) -> Option<&'static str> {
    BUILT_IN.iter().find(|(n, _)| *n == name).map(|(_, t)| *t)
}

/// The built-in models' names, for messages: "gcn, rdna, teaching".
fn built_in_names() -> String {
    BUILT_IN.map(|b| b.0).join(", ")
}

/// How a built-in model is named in messages.
fn built_in_label(name: &str) -> String {
    format!("configs/{name}.toml (built in)")
}

/// Loads `spec` (a built-in model's name or a config file), resolving
/// `inherit` chains, then applies `overrides` (`KEY=VALUE`, KEY dotted,
/// VALUE a TOML value, or a bare word taken as a string).
pub fn load(spec: &str, overrides: &[String]) -> Result<Config, String> {
    let mut sources = Vec::new();
    let mut chain = Vec::new();
    let (mut table, stem) = match built_in(spec) {
        Some(text) => (
            resolve_text(text, &built_in_label(spec), None, &mut chain, &mut sources)?,
            None,
        ),
        None => {
            let path = Path::new(spec);
            if !path.exists() {
                return Err(format!(
                    "{spec}: neither a built-in model ({}) nor a config file (no such file)",
                    built_in_names()
                ));
            }
            let table = resolve_file(path, &mut chain, &mut sources)?;
            (
                table,
                path.file_stem().map(|s| s.to_string_lossy().into_owned()),
            )
        }
    };
    // An inheriting file that names no model of its own is named after
    // itself, so compared configs keep distinct names.
    if let (Some(stem), true) = (stem, sources.len() > 1) {
        if !sources[0].text_sets("name") {
            table.insert("name".into(), toml::Value::String(stem));
        }
    }
    if sources.len() == 1 && overrides.is_empty() {
        // A file on its own reads as it always has, with line and column.
        let s = &sources[0];
        return Config::parse(&s.text, Path::new(&s.name));
    }
    let mut set_keys = Vec::new();
    for o in overrides {
        let key = apply_override(&mut table, o)?;
        // Messages quote the override as it was typed.
        set_keys.push((key, o.trim().to_string()));
    }
    // A changed model is named for its changes, unless they name it: runs
    // with different overrides stay apart in summaries, CSVs and plots.
    if !set_keys.is_empty() && set_keys.iter().all(|(key, _)| key != "name") {
        if let Some(toml::Value::String(name)) = table.get_mut("name") {
            // An override of a key set again later changed nothing.
            let changes: Vec<&str> = (set_keys.iter().enumerate())
                .filter(|(i, (key, _))| set_keys[i + 1..].iter().all(|(later, _)| later != key))
                .map(|(_, (_, typed))| typed.as_str())
                .collect();
            *name = format!("{name} ({})", changes.join(", "));
        }
    }
    if let Some(key) = super::first_list(&table) {
        let e = super::list_error(&key);
        return Err(place(
            &e.key, &e.also, &e.message, &sources, &set_keys, false,
        ));
    }
    let config: Config = toml::Value::Table(table)
        .try_into()
        .map_err(|e: toml::de::Error| locate(&e.to_string(), &sources, &set_keys))?;
    config
        .check()
        .map_err(|e| place(&e.key, &e.also, &e.message, &sources, &set_keys, false))?;
    Ok(config)
}

impl Source {
    /// Whether the file sets top-level `key` itself.
    fn text_sets(&self, key: &str) -> bool {
        toml::from_str::<toml::Table>(&self.text).is_ok_and(|t| t.contains_key(key))
    }
}

fn resolve_file(
    path: &Path,
    chain: &mut Vec<PathBuf>,
    sources: &mut Vec<Source>,
) -> Result<toml::Table, String> {
    let text = crate::input::read_text(path)
        .map_err(|e| format!("{}: cannot read config: {e}", path.display()))?;
    let id = path.canonicalize().unwrap_or_else(|_| path.to_path_buf());
    resolve_text(
        &text,
        &path.display().to_string(),
        Some((path, id)),
        chain,
        sources,
    )
}

/// Parses one file of a chain and merges it over its base.
fn resolve_text(
    text: &str,
    name: &str,
    file: Option<(&Path, PathBuf)>,
    chain: &mut Vec<PathBuf>,
    sources: &mut Vec<Source>,
) -> Result<toml::Table, String> {
    let id = file
        .as_ref()
        .map_or_else(|| PathBuf::from(name), |(_, id)| id.clone());
    if let Some(at) = chain.iter().position(|p| *p == id) {
        let names: Vec<String> = chain[at..]
            .iter()
            .chain(std::iter::once(&id))
            .map(|p| p.display().to_string())
            .collect();
        return Err(format!(
            "config inheritance goes round in a circle: {}",
            names.join(" -> ")
        ));
    }
    if chain.len() >= MAX_CHAIN {
        return Err(format!(
            "{name}: more than {MAX_CHAIN} configs inherit one from another"
        ));
    }
    chain.push(id);
    let mut table: toml::Table =
        toml::from_str(text).map_err(|e| crate::input::toml_error(name, text, &e))?;
    sources.push(Source {
        name: name.to_string(),
        text: text.to_string(),
    });
    let Some(base) = table.remove("inherit") else {
        return Ok(table);
    };
    let line = super::key_line(text, "inherit").map_or(String::new(), |l| format!("{l}:"));
    let toml::Value::String(base) = base else {
        return Err(format!(
            "{name}:{line} inherit must be a string: a built-in model ({}) or a config file's path",
            built_in_names()
        ));
    };
    let mut merged = match (built_in(&base), file) {
        (Some(t), _) => resolve_text(t, &built_in_label(&base), None, chain, sources)?,
        (None, Some((path, _))) => {
            let p = path.parent().unwrap_or(Path::new(".")).join(&base);
            if p.is_dir() {
                return Err(format!(
                    "{name}:{line} inherit = \"{base}\" is a folder ({}), not a built-in model ({}) or a config file",
                    p.display(),
                    built_in_names()
                ));
            }
            if !p.is_file() {
                return Err(format!(
                    "{name}:{line} inherit = \"{base}\" is neither a built-in model ({}) nor a file ({} does not exist)",
                    built_in_names(),
                    p.display()
                ));
            }
            resolve_file(&p, chain, sources)
                .map_err(|e| format!("{name}:{line} inherit = \"{base}\": {e}"))?
        }
        (None, None) => {
            return Err(format!(
                "{name}: inherit = \"{base}\" is not a built-in model ({})",
                built_in_names()
            ))
        }
    };
    merge(&mut merged, table);
    Ok(merged)
}

/// `over`'s keys replace `base`'s; tables merge key by key.
fn merge(base: &mut toml::Table, over: toml::Table) {
    for (k, v) in over {
        match (base.get_mut(&k), v) {
            (Some(toml::Value::Table(b)), toml::Value::Table(o)) => merge(b, o),
            (_, v) => {
                base.insert(k, v);
            }
        }
    }
}

/// Splits a dotted key into its parts; quoted parts (`"AMD.FMid3"`) may
/// hold dots.
fn key_parts(key: &str) -> Result<Vec<String>, String> {
    let mut parts = Vec::new();
    let mut rest = key.trim();
    while !rest.is_empty() {
        // A quoted part, in double or (TOML's literal) single quotes.
        let quote = rest.chars().next().filter(|c| *c == '"' || *c == '\'');
        if let Some(q) = quote {
            let quoted = &rest[1..];
            let end = quoted
                .find(q)
                .ok_or_else(|| format!("--set {key}: a quote is not closed"))?;
            parts.push(quoted[..end].to_string());
            rest = &quoted[end + 1..];
        } else {
            let end = rest.find('.').unwrap_or(rest.len());
            parts.push(rest[..end].trim().to_string());
            rest = &rest[end..];
        }
        rest = rest.trim_start();
        if let Some(r) = rest.strip_prefix('.') {
            rest = r.trim_start();
        } else if !rest.is_empty() {
            return Err(format!("--set {key}: expected a '.' after a quoted part"));
        }
    }
    if parts.is_empty() || parts.iter().any(|p| p.is_empty()) {
        return Err(format!("--set {key}: not a dotted key (e.g. cu.wave_size)"));
    }
    Ok(parts)
}

/// Applies one `KEY=VALUE`; returns the key, its parts joined by dots.
fn apply_override(table: &mut toml::Table, o: &str) -> Result<String, String> {
    let (key, value) = o
        .split_once('=')
        .ok_or_else(|| format!("--set {o}: expected KEY=VALUE (e.g. cu.wave_size=32)"))?;
    let parts = key_parts(key)?;
    if parts[0] == "inherit" {
        return Err(format!(
            "--set {o}: the base a config inherits is named in its file (`inherit`) or by --config, not by --set"
        ));
    }
    let value = value.trim();
    // A TOML value (number, boolean, string, array, inline table), or a
    // bare word such as round_robin taken as a string.
    let parsed = toml::from_str::<toml::Table>(&format!("v = {value}"))
        .ok()
        .and_then(|mut t| t.remove("v"))
        .unwrap_or_else(|| toml::Value::String(value.to_string()));
    let (last, path) = parts.split_last().expect("at least one part");
    let mut at = &mut *table;
    for (i, p) in path.iter().enumerate() {
        let entry = at
            .entry(p.clone())
            .or_insert_with(|| toml::Value::Table(toml::Table::new()));
        at = match entry {
            toml::Value::Table(t) => t,
            _ => {
                return Err(format!(
                    "--set {o}: {} is a value, not a table",
                    parts[..=i].join(".")
                ))
            }
        };
    }
    at.insert(last.clone(), parsed);
    Ok(parts.join("."))
}

/// A typing error of the merged config (`... in `cu.simds``), named by
/// where the key was set.
fn locate(message: &str, sources: &[Source], set: &[(String, String)]) -> String {
    let unknown = |m: &str| {
        m.split_once("unknown field `")
            .and_then(|(_, rest)| rest.split_once('`'))
            .map(|(f, _)| f.to_string())
    };
    let (what, key) = match message.trim_end().rsplit_once("\nin `") {
        // An unknown key of a table is named by its own line, not the
        // table's.
        Some((what, table)) => {
            let table = table.trim_end_matches('`');
            let key = match unknown(what) {
                Some(field) => format!("{table}.{field}"),
                None => table.to_string(),
            };
            (what.trim(), key)
        }
        // A top-level key names no table: the unknown field is the key.
        None => (message.trim(), unknown(message).unwrap_or_default()),
    };
    place(&key, &[], &super::with_inherit(what), sources, set, true)
}

/// `message` about `key`, prefixed with the `--set` or the file and line
/// that gave it (the last word wins: overrides, then the inheriting file,
/// then its bases), and the column for a parse error (as a file on its
/// own reads: `FILE:LINE:COL` when parsing, `FILE:LINE` when validating).
/// A check between values also names the last `--set` of any key in
/// `also`, which the file's line for `key` would not explain.
fn place(
    key: &str,
    also: &[String],
    message: &str,
    sources: &[Source],
    set: &[(String, String)],
    parsing: bool,
) -> String {
    let sets = |key: &str, k: &str| {
        let (plain, k) = (key.replace('"', ""), k.replace('"', ""));
        plain == k || plain.starts_with(&format!("{k}.")) || k.starts_with(&format!("{plain}."))
    };
    if let Some((_, typed)) = set.iter().rev().find(|(k, _)| {
        std::iter::once(key)
            .chain(also.iter().map(String::as_str))
            .any(|key| sets(key, k))
    }) {
        return format!("--set {typed}: {message}");
    }
    // The first file (the inheriting one, then its bases) that sets the key
    // itself, or one of `also` (a check between values is the last word's
    // to answer for); failing that, the first with a table around the key
    // or a key in it (a file that reopens `[gpu]` for another key did not
    // give this one).
    let keys: Vec<&str> = std::iter::once(key)
        .chain(also.iter().map(String::as_str))
        .filter(|k| !k.is_empty())
        .collect();
    let exact = sources.iter().find_map(|s| {
        keys.iter()
            .find_map(|k| super::key_place(&s.text, k).filter(|p| p.1))
            .map(|(line, _)| (s, line))
    });
    let found = exact.or_else(|| {
        sources
            .iter()
            .filter(|_| !key.is_empty())
            .find_map(|s| super::key_line(&s.text, key).map(|line| (s, line)))
    });
    if let Some((s, line)) = found {
        if !parsing {
            return format!("{}:{line}: {message}", s.name);
        }
        // The column where the line's key or table header starts.
        let text = s.text.lines().nth(line - 1).unwrap_or("");
        let column = text.len() - text.trim_start().len() + 1;
        return format!("{}:{line}:{column}: {message}", s.name);
    }
    match sources.first() {
        Some(s) => format!("{}: {message}", s.name),
        None => message.to_string(),
    }
}
