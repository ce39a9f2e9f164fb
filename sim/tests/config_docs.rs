//! The GPU model format against its reference, docs/config.md, and the
//! bundled models in configs/:
//!
//! * every key of the built-in model (configs/gcn.toml), and every field of
//!   every config struct (found by asking the parser itself which fields a
//!   table accepts, so optional keys count too), is documented in backticks;
//! * the op-class table of the reference lists exactly the instructions the
//!   `isa` crate puts in each class;
//! * every bundled config loads and has the same keys as the default;
//! * bad configs are rejected with messages naming the key (and, for parse
//!   errors, the line);
//! * every key line of the bundled configs carries a (non-empty) comment.

mod common;
use gpusim::input::config::{Config, DEFAULT_TOML};
use isa::ext::OpClass;
use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("the sim crate sits in the workspace")
        .to_path_buf()
}

fn doc() -> String {
    std::fs::read_to_string(root().join("docs/config.md")).expect("docs/config.md exists")
}

/// Every `*.toml` in configs/, sorted.
fn bundled() -> Vec<PathBuf> {
    let mut v: Vec<PathBuf> = std::fs::read_dir(root().join("configs"))
        .expect("configs/ exists")
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "toml"))
        .collect();
    v.sort();
    assert!(
        v.len() >= 3,
        "expected the three bundled configs, found {v:?}"
    );
    v
}

/// Top-level tables whose entries the user names; the documentation writes
/// an entry's key in this generic form.
const NAMED: &[(&str, &str)] = &[
    ("units", "<name>"),
    ("classes", "\"<op class>\""),
    ("instructions", "\"<name>\""),
];

fn generic(parent: &[String], key: &str) -> String {
    if parent.len() == 1 {
        if let Some((_, g)) = NAMED.iter().find(|(t, _)| *t == parent[0]) {
            return g.to_string();
        }
    }
    key.to_string()
}

/// Dotted paths of every key of `v` (tables and values), generically;
/// `leaves` gets only the paths of values.
fn walk(
    t: &toml::Table,
    path: &mut Vec<String>,
    all: &mut BTreeSet<String>,
    leaves: &mut BTreeSet<String>,
) {
    for (k, v) in t {
        let seg = generic(path, k);
        path.push(seg);
        let dotted = path.join(".");
        all.insert(dotted.clone());
        match v {
            toml::Value::Table(sub) => walk(sub, path, all, leaves),
            _ => {
                leaves.insert(dotted);
            }
        }
        path.pop();
    }
}

fn key_paths(text: &str) -> (BTreeSet<String>, BTreeSet<String>) {
    let t: toml::Table = text.parse().expect("valid TOML");
    let (mut all, mut leaves) = (BTreeSet::new(), BTreeSet::new());
    walk(&t, &mut Vec::new(), &mut all, &mut leaves);
    (all, leaves)
}

#[test]
fn every_key_of_the_default_config_is_documented() {
    let doc = doc();
    let (_, leaves) = key_paths(DEFAULT_TOML);
    assert!(leaves.contains("memory.l2.banks") && leaves.contains("units.<name>.latency"));
    let missing: Vec<&String> = leaves
        .iter()
        .filter(|k| !doc.contains(&format!("`{k}`")))
        .collect();
    assert!(
        missing.is_empty(),
        "docs/config.md does not mention these keys (in backticks): {missing:?}"
    );
}

// ---------------------------------------------------------------------------
// Struct fields, optional ones included, by probing the parser.

const PROBE: &str = "zzz_probe_key";

/// The fields the struct at `path` accepts, read from the unknown-field
/// error the parser gives when `PROBE` is put into that table (creating it
/// if absent); None if the value there is not a struct.
fn fields_at(path: &[String]) -> Option<Vec<String>> {
    let mut v: toml::Table = DEFAULT_TOML.parse().unwrap();
    let mut t = &mut v;
    for seg in path {
        t = t
            .entry(seg.clone())
            .or_insert_with(|| toml::Value::Table(toml::Table::new()))
            .as_table_mut()?;
    }
    t.insert(PROBE.into(), toml::Value::Integer(1));
    let text = toml::to_string(&v).expect("serialises");
    let msg = Config::parse(&text, Path::new("probe.toml")).err()?;
    let at = msg.find(&format!("unknown field `{PROBE}`"))?;
    let rest = &msg[at + PROBE.len() + 16..];
    if rest.contains("there are no fields") {
        return Some(Vec::new());
    }
    let rest = &rest[rest.find("expected")?..];
    Some(
        rest.split('`')
            .skip(1)
            .step_by(2)
            .map(str::to_string)
            .collect(),
    )
}

fn value_at<'a>(t: &'a toml::Table, path: &[String]) -> Option<&'a toml::Value> {
    let (last, parents) = path.split_last()?;
    let mut t = t;
    for seg in parents {
        t = t.get(seg)?.as_table()?;
    }
    t.get(last)
}

fn struct_fields(
    base: &toml::Table,
    real: &mut Vec<String>,
    shown: &mut Vec<String>,
    out: &mut BTreeSet<String>,
) {
    let fields = fields_at(real).unwrap_or_else(|| panic!("{real:?} is a struct"));
    for f in fields {
        let seg = generic(shown, &f);
        shown.push(seg);
        real.push(f.clone());
        if real.len() == 1 && NAMED.iter().any(|(t, _)| *t == f) {
            // One entry stands for all: the first in the default, or a
            // made-up one where the default has none.
            let sample = base
                .get(&f)
                .and_then(|v| v.as_table())
                .and_then(|t| t.keys().next().cloned())
                .unwrap_or_else(|| "FAdd".into());
            let g = generic(shown, &sample);
            real.push(sample);
            shown.push(g);
            visit(base, real, shown, out);
            real.pop();
            shown.pop();
        } else {
            visit(base, real, shown, out);
        }
        real.pop();
        shown.pop();
    }
}

fn visit(
    base: &toml::Table,
    real: &mut Vec<String>,
    shown: &mut Vec<String>,
    out: &mut BTreeSet<String>,
) {
    let is_struct = match value_at(base, real) {
        Some(toml::Value::Table(_)) => true,
        Some(_) => false,
        None => fields_at(real).is_some(),
    };
    if is_struct {
        struct_fields(base, real, shown, out);
    } else {
        out.insert(shown.join("."));
    }
}

#[test]
fn every_field_of_every_config_struct_is_documented() {
    let base: toml::Table = DEFAULT_TOML.parse().unwrap();
    let mut fields = BTreeSet::new();
    struct_fields(&base, &mut Vec::new(), &mut Vec::new(), &mut fields);
    // The probe must see what the default holds, and the optional per-
    // instruction fields the default does not use.
    let (_, leaves) = key_paths(DEFAULT_TOML);
    for k in &leaves {
        assert!(fields.contains(k), "probing missed {k}; found {fields:?}");
    }
    for k in [
        "instructions.\"<name>\".unit",
        "instructions.\"<name>\".latency",
        "instructions.\"<name>\".interval",
    ] {
        assert!(fields.contains(k), "probing missed {k}; found {fields:?}");
    }
    let doc = doc();
    let missing: Vec<&String> = fields
        .iter()
        .filter(|k| !doc.contains(&format!("`{k}`")))
        .collect();
    assert!(
        missing.is_empty(),
        "docs/config.md does not mention these config fields (in backticks): {missing:?}"
    );
}

// ---------------------------------------------------------------------------
// Op classes.

/// The backticked names in the row of the op-class table of docs/config.md
/// that starts with `class`.
fn class_row(doc: &str, class: &str) -> Option<BTreeSet<String>> {
    let start = format!("| `{class}` |");
    let line = doc.lines().find(|l| l.starts_with(&start))?;
    let cells: Vec<&str> = line.split('|').collect();
    let names = cells.get(3)?;
    Some(
        names
            .split('`')
            .skip(1)
            .step_by(2)
            .map(str::to_string)
            .collect(),
    )
}

#[test]
fn op_class_table_matches_the_instruction_sets() {
    let doc = doc();
    let mut by_class: BTreeMap<&str, BTreeSet<String>> = BTreeMap::new();
    for c in isa::ext::coverage() {
        if let Some(class) = c.class {
            by_class
                .entry(class.name())
                .or_default()
                .insert(c.name.clone());
        }
    }
    let class_names = OpClass::ALL.map(OpClass::name);
    for class in class_names {
        assert!(
            doc.contains(&format!("| `{class}` |")),
            "docs/config.md has no row for op class {class}"
        );
    }
    for (class, names) in &by_class {
        assert!(
            class_names.contains(class),
            "op class {class} is not required of configs"
        );
        // Plain `valu` is described as "everything else", not listed.
        if *class == "valu" {
            continue;
        }
        let row = class_row(&doc, class)
            .unwrap_or_else(|| panic!("docs/config.md has no row for op class {class}"));
        assert_eq!(
            &row, names,
            "docs/config.md lists other instructions for {class} than the isa crate"
        );
    }
}

// ---------------------------------------------------------------------------
// The bundled configs.

#[test]
fn bundled_configs_load_and_have_the_default_keys() {
    let (default_keys, _) = key_paths(DEFAULT_TOML);
    let default = Config::default_config();
    assert_eq!(default.name, "gcn-like");
    for p in bundled() {
        let c = Config::load(&p).unwrap_or_else(|e| panic!("{e}"));
        assert!(!c.name.is_empty());
        let text = std::fs::read_to_string(&p).unwrap();
        let (keys, _) = key_paths(&text);
        let extra: Vec<_> = keys.difference(&default_keys).collect();
        let missing: Vec<_> = default_keys.difference(&keys).collect();
        assert!(
            extra.is_empty() && missing.is_empty(),
            "{}: keys beyond the default: {extra:?}; default keys missing: {missing:?}",
            p.display()
        );
        for class in OpClass::ALL {
            let class = class.name();
            assert!(c.classes.contains_key(class), "{}: {class}", p.display());
        }
    }
    // The built-in default is configs/gcn.toml itself.
    let gcn = std::fs::read_to_string(root().join("configs/gcn.toml")).unwrap();
    assert_eq!(gcn, DEFAULT_TOML);
}

// ---------------------------------------------------------------------------
// Errors.

/// The default config with the first line whose code starts with `old`
/// replaced by `new`; returns the text and that line's number.
fn edited(old: &str, new: &str) -> (String, usize) {
    common::edit_line(DEFAULT_TOML, old, new)
}

/// Loads `text` from a file, as `--config` would; returns the error.
fn load_error(test: &str, text: &str) -> String {
    let (file, e) = common::config_error("config-docs", test, text);
    println!("{test}: {e}");
    assert!(
        e.starts_with(&file),
        "{test}: the message does not start with the file: {e}"
    );
    e
}

/// The `LINE:COL` right after the file name of a message, if any.
fn line_col(e: &str, test: &str) -> Option<(usize, usize)> {
    let rest = &e[e.find(&format!("{test}.toml:"))? + test.len() + 6..];
    let mut parts = rest.splitn(3, ':');
    let line = parts.next()?.parse().ok()?;
    let col = parts.next()?.parse().ok()?;
    Some((line, col))
}

#[test]
fn unknown_key_names_the_key_and_line() {
    let (text, line) = edited("simds = 4", "simd = 4                   # typo");
    let e = load_error("unknown_key", &text);
    assert!(e.contains("simd"), "{e}");
    assert!(e.contains("unknown field"), "{e}");
    let (l, c) = line_col(&e, "unknown_key").unwrap_or_else(|| panic!("no line:col in {e}"));
    assert_eq!((l, c), (line, 1), "{e}");
}

#[test]
fn unknown_section_names_it_and_its_line() {
    let text = format!("{DEFAULT_TOML}\n[cache]\nsize = 1\n");
    let line = text.lines().position(|l| l == "[cache]").unwrap() + 1;
    let e = load_error("unknown_section", &text);
    assert!(e.contains("cache"), "{e}");
    let (l, _) = line_col(&e, "unknown_section").unwrap_or_else(|| panic!("no line in {e}"));
    assert_eq!(l, line, "{e}");
}

#[test]
fn wrong_type_and_bad_choice_name_the_line() {
    let (text, line) = edited("simds = 4", "simds = \"four\"");
    let e = load_error("wrong_type", &text);
    let (l, _) = line_col(&e, "wrong_type").unwrap_or_else(|| panic!("no line in {e}"));
    assert_eq!(l, line, "{e}");

    let (text, line) = edited("dispatch = ", "dispatch = \"random\"");
    let e = load_error("bad_policy", &text);
    assert!(e.contains("random") && e.contains("fill_first"), "{e}");
    let (l, _) = line_col(&e, "bad_policy").unwrap_or_else(|| panic!("no line in {e}"));
    assert_eq!(l, line, "{e}");

    let (text, line) = edited("latency = 80", "latency = -1");
    let e = load_error("negative", &text);
    let (l, _) = line_col(&e, "negative").unwrap_or_else(|| panic!("no line in {e}"));
    assert_eq!(l, line, "{e}");
}

#[test]
fn missing_key_names_it() {
    let (text, _) = edited("ways = 4", "");
    let e = load_error("missing_key", &text);
    assert!(e.contains("ways"), "{e}");
}

#[test]
fn zero_simds_names_the_key() {
    let (text, _) = edited("simds = 4", "simds = 0");
    let e = load_error("zero_simds", &text);
    assert!(e.contains("cu.simds"), "{e}");
}

#[test]
fn zero_positive_fields_name_the_key() {
    for (old, new, key) in [
        ("compute_units = ", "compute_units = 0", "gpu.compute_units"),
        ("banks = 8", "banks = 0", "memory.l2.banks"),
        (
            "units_per_bank = ",
            "units_per_bank = 0",
            "atomics.units_per_bank",
        ),
        ("clock_mhz = ", "clock_mhz = 0.0", "gpu.clock_mhz"),
        ("line_bytes = 64", "line_bytes = 48", "memory.l1.line_bytes"),
        ("size_bytes = 16384", "size_bytes = 16000", "memory.l1"),
    ] {
        let (text, _) = edited(old, new);
        let e = load_error(&key.replace('.', "_"), &text);
        assert!(e.contains(key), "{new}: {e}");
    }
}

#[test]
fn class_on_a_missing_unit_names_both() {
    let (text, _) = edited("\"valu.min3\" = ", "\"valu.min3\" = \"minmax\"");
    let e = load_error("missing_unit", &text);
    assert!(e.contains("valu.min3") && e.contains("minmax"), "{e}");
}

#[test]
fn missing_class_names_it() {
    let (text, _) = edited("\"valu.bitscan\" = ", "");
    let e = load_error("missing_class", &text);
    assert!(e.contains("valu.bitscan"), "{e}");
}

#[test]
fn instruction_on_a_missing_unit_names_it() {
    let text = format!("{DEFAULT_TOML}\n[instructions.\"AMD.FMid3\"]\nunit = \"mid\"\n");
    let e = load_error("instruction_unit", &text);
    assert!(e.contains("AMD.FMid3") && e.contains("mid"), "{e}");
    let text = format!("{DEFAULT_TOML}\n[instructions.\"FAdd\"]\ninterval = 0\n");
    let e = load_error("instruction_interval", &text);
    assert!(e.contains("FAdd") && e.contains("interval"), "{e}");
    // A good override is accepted.
    let text =
        format!("{DEFAULT_TOML}\n[instructions.\"AMD.FMid3\"]\nunit = \"trans\"\nlatency = 8\n");
    let c = Config::parse(&text, Path::new("ok.toml")).unwrap();
    let t = &c.instructions["AMD.FMid3"];
    assert_eq!(
        (t.unit.as_deref(), t.latency, t.interval),
        (Some("trans"), Some(8), None)
    );
}

#[test]
fn wave_size_48_names_cu_wave_size() {
    let (text, _) = edited("wave_size = 64", "wave_size = 48");
    let e = load_error("wave_size", &text);
    assert!(e.contains("cu.wave_size") && e.contains("48"), "{e}");
}

// ---------------------------------------------------------------------------
// Comments in the bundled configs.

/// The text after the first `#` outside a string, if any.
fn comment(line: &str) -> Option<&str> {
    let mut quote: Option<char> = None;
    let mut escaped = false;
    for (i, ch) in line.char_indices() {
        match quote {
            Some(q) => {
                if escaped {
                    escaped = false;
                } else if ch == '\\' && q == '"' {
                    escaped = true;
                } else if ch == q {
                    quote = None;
                }
            }
            None if ch == '"' || ch == '\'' => quote = Some(ch),
            None if ch == '#' => return Some(&line[i + 1..]),
            None => {}
        }
    }
    None
}

/// Key lines of `text` without a comment (or with an empty `#`), as
/// `FILE:LINE dotted.key`.
fn uncommented(file: &str, text: &str) -> Vec<String> {
    let mut section = String::new();
    let mut out = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let code = line.trim();
        if code.is_empty() || code.starts_with('#') {
            continue;
        }
        if code.starts_with('[') {
            let end = code.find(']').unwrap_or(code.len());
            section = code[1..end].trim().to_string();
            continue;
        }
        if comment(line).is_some_and(|c| !c.trim().is_empty()) {
            continue;
        }
        let key = code.split('=').next().unwrap_or("").trim();
        let key = if section.is_empty() {
            key.to_string()
        } else {
            format!("{section}.{key}")
        };
        out.push(format!("{file}:{} {key}", i + 1));
    }
    out
}

#[test]
fn every_key_line_of_the_bundled_configs_has_a_comment() {
    assert_eq!(comment("a = \"x#y\"  # c"), Some(" c"));
    assert_eq!(comment("a = 1"), None);
    let mut found = Vec::new();
    for p in bundled() {
        let text = std::fs::read_to_string(&p).unwrap();
        let file = p.file_name().unwrap().to_string_lossy().to_string();
        found.extend(uncommented(&file, &text));
    }
    assert!(
        found.is_empty(),
        "key lines without a comment (or with an empty `#`) in configs/*.toml: {found:#?}"
    );
    // The check itself sees a missing and an empty comment.
    assert_eq!(
        uncommented("x.toml", "[a]\nb = 1\nc = 2 #\nd = 3 # d\n"),
        ["x.toml:2 a.b", "x.toml:3 a.c"]
    );
}
