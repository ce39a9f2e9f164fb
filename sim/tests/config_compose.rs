//! Configs built from others: `inherit`, `--set` overrides, and
//! `gpusim config show`.

use gpusim::input::config::Config;
use std::path::{Path, PathBuf};
use std::process::Command;

fn dir(test: &str) -> PathBuf {
    let d = Path::new(env!("CARGO_TARGET_TMPDIR"))
        .join("config-compose")
        .join(test);
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    d
}

fn write(d: &Path, name: &str, text: &str) -> String {
    let p = d.join(name);
    std::fs::write(&p, text).unwrap();
    p.display().to_string()
}

fn load(spec: &str, set: &[&str]) -> Result<Config, String> {
    let set: Vec<String> = set.iter().map(|s| s.to_string()).collect();
    Config::load_with(spec, &set)
}

#[test]
fn inherit_and_one_table_make_a_complete_config() {
    let d = dir("minimal");
    let f = write(
        &d,
        "emulated.toml",
        "inherit = \"gcn\"\n[emulate]\ntrinary_minmax = true\n",
    );
    let c = Config::load(Path::new(&f)).unwrap();
    let mut want = Config::default_config();
    want.emulate.trinary_minmax = true;
    want.name = "emulated".into();
    assert_eq!(c.to_toml(), want.to_toml());
}

#[test]
fn chains_merge_key_by_key_and_the_last_word_wins() {
    let d = dir("chain");
    write(
        &d,
        "base.toml",
        "inherit = \"rdna\"\nname = \"base\"\n[gpu]\ncompute_units = 4\n[cu]\nsimds = 2\n",
    );
    let f = write(
        &d,
        "child.toml",
        "inherit = \"base.toml\"\n[gpu]\ncompute_units = 16\n",
    );
    let c = load(&f, &["cu.vgpr_granule=8"]).unwrap();
    let rdna = load("rdna", &[]).unwrap();
    assert_eq!(c.gpu.compute_units, 16, "the child's value");
    assert_eq!(c.cu.simds, 2, "the base's value");
    assert_eq!(c.cu.vgpr_granule, 8, "the override");
    assert_eq!(c.gpu.clock_mhz, rdna.gpu.clock_mhz, "the built-in's value");
    assert_eq!(c.cu.wave_size, rdna.cu.wave_size);
    assert_eq!(
        c.name, "child (cu.vgpr_granule=8)",
        "an inheriting file without a name is named after itself, and for the changes"
    );
    // Overrides that name the model leave the name to them.
    let named = load(&f, &["cu.vgpr_granule=8", "name = \"mine\""]).unwrap();
    assert_eq!(named.name, "mine");
    assert_eq!(load(&f, &[]).unwrap().name, "child");
    assert_eq!(
        load(&d.join("base.toml").display().to_string(), &[])
            .unwrap()
            .name,
        "base"
    );
}

#[test]
fn a_circle_of_inheritance_names_the_files() {
    let d = dir("circle");
    let a = write(&d, "a.toml", "inherit = \"b.toml\"\n");
    write(&d, "b.toml", "inherit = \"a.toml\"\n");
    let e = load(&a, &[]).unwrap_err();
    assert!(
        e.contains("circle") && e.contains("a.toml -> ") && e.contains("b.toml"),
        "{e}"
    );
    let missing = write(&d, "m.toml", "inherit = \"nope\"\n");
    let e = load(&missing, &[]).unwrap_err();
    assert!(
        e.contains("m.toml:1:") && e.contains("neither a built-in model"),
        "{e}"
    );
    let not_string = write(&d, "n.toml", "inherit = 3\n");
    let e = load(&not_string, &[]).unwrap_err();
    assert!(
        e.contains("n.toml:1:") && e.contains("must be a string"),
        "{e}"
    );
}

#[test]
fn overrides_are_typed_and_checked_like_the_file() {
    let c = load(
        "gcn",
        &[
            "cu.wave_size=32",
            "emulate.trinary_minmax=true",
            "instructions.\"AMD.FMid3\".latency=8",
            "cu.scheduler=round_robin",
        ],
    )
    .unwrap();
    assert_eq!(c.cu.wave_size, 32);
    assert!(c.emulate.trinary_minmax);
    assert_eq!(c.instructions["AMD.FMid3"].latency, Some(8));
    assert_eq!(
        c.cu.scheduler,
        gpusim::input::config::SchedulerPolicy::RoundRobin
    );
    for (set, want) in [
        (
            "cu.wave_sizee=32",
            "--set cu.wave_sizee=32: unknown field `wave_sizee`",
        ),
        ("cu.wave_size=abc", "--set cu.wave_size=abc: invalid type"),
        (
            "cu.wave_size=48",
            "--set cu.wave_size=48: cu.wave_size is 48; it must be 32 or 64",
        ),
        (
            "instructions.\"AMD.FMid9\".latency=8",
            // Quoted as typed, a form that works when copied back.
            "--set instructions.\"AMD.FMid9\".latency=8:",
        ),
        ("cu.wave_size", "expected KEY=VALUE"),
        ("gpu.clock_mhz.x=1", "gpu.clock_mhz is a value, not a table"),
        // Checks between values name the --set, not the line of the other
        // value in the built-in file.
        (
            "cu.vgprs_per_simd=1",
            "--set cu.vgprs_per_simd=1: cu.vgpr_granule is 4",
        ),
        (
            "memory.l1.ways=1000",
            "--set memory.l1.ways=1000: memory.l1:",
        ),
        (
            "memory.l2.banks=3",
            "--set memory.l2.banks=3: memory.l2.size_bytes is 524288",
        ),
        (
            "scalar.sgprs_per_simd=8",
            "--set scalar.sgprs_per_simd=8: scalar.sgprs_per_wave is 102",
        ),
    ] {
        let e = load("gcn", &[set]).unwrap_err();
        assert!(e.contains(want), "{set}: {e}");
    }
}

#[test]
fn a_bad_value_in_an_inheriting_file_names_its_line() {
    let d = dir("bad");
    let f = write(
        &d,
        "bad.toml",
        "inherit = \"gcn\"\n\n[cu]\nsimds = \"two\"\n",
    );
    let e = load(&f, &[]).unwrap_err();
    assert!(e.starts_with(&format!("{f}:4:1: invalid type")), "{e}");
    // An unknown key is named by its own line and column, not its table's.
    let f = write(
        &d,
        "unknown.toml",
        "inherit = \"gcn\"\n[cu]\nwave_slots_per_simd = 4\n  simd = 4\n",
    );
    let e = load(&f, &[]).unwrap_err();
    assert!(
        e.starts_with(&format!("{f}:4:3: unknown field `simd`")),
        "{e}"
    );
    let f = write(
        &d,
        "range.toml",
        "inherit = \"gcn\"\n[gpu]\ncompute_units = 0\n",
    );
    let e = load(&f, &[]).unwrap_err();
    // Validation names the line only, as for a file on its own.
    assert!(e.starts_with(&format!("{f}:3: gpu.compute_units")), "{e}");
}

#[test]
fn an_unknown_top_level_key_is_told_inherit_is_one() {
    let d = dir("top");
    // Standing alone and inheriting, a file reads its keys the same way.
    let alone = "frequency = 1\n".to_string() + &Config::default_config().to_toml();
    let inheriting = "inherit = \"gcn\"\nfrequency = 1\n";
    for (name, text) in [
        ("alone.toml", alone.as_str()),
        ("inheriting.toml", inheriting),
    ] {
        let f = write(&d, name, text);
        let e = load(&f, &[]).unwrap_err();
        assert!(e.contains("unknown field `frequency`"), "{e}");
        assert!(
            e.contains("expected one of `inherit`, `name`, `gpu`"),
            "{e}"
        );
    }
}

#[test]
fn a_bad_value_is_named_where_it_was_given_and_other_mistakes_plainly() {
    let d = dir("given");
    let base = write(
        &d,
        "zero.toml",
        "inherit = \"gcn\"\n[gpu]\ncompute_units = 0\n",
    );
    // The inheriting file reopens [gpu] for another key: the 0 is the
    // base's, at its line 3.
    let child = write(
        &d,
        "child.toml",
        "inherit = \"zero.toml\"\n[gpu]\ndispatch = \"fill_first\"\n",
    );
    let e = load(&child, &[]).unwrap_err();
    assert!(
        e.starts_with(&format!("{base}:3: gpu.compute_units is 0")),
        "{e}"
    );
    // A check between values is the file's that set one of them: the
    // banks, not gcn's size.
    let banks = write(
        &d,
        "banks.toml",
        "inherit = \"gcn\"\n[memory.l2]\nbanks = 3\n",
    );
    let e = load(&banks, &[]).unwrap_err();
    assert!(
        e.starts_with(&format!("{banks}:3: memory.l2.size_bytes is 524288")),
        "{e}"
    );
    for (file, text, want) in [
        // No key takes a list, which would read as a table by position.
        (
            "list.toml",
            "inherit = \"gcn\"\n[units]\nvalu = [2, 4, 1]\n",
            ":3: units.valu is a list",
        ),
        (
            "folder.toml",
            "inherit = \".\"\n",
            ":1: inherit = \".\" is a folder",
        ),
        // One line, however the parser words it.
        (
            "syntax.toml",
            "[gpu\n",
            ":1:5: invalid table header; expected",
        ),
        (
            "choice.toml",
            "inherit = \"gcn\"\n[cu]\nscheduler = 5\n",
            "expected one of `oldest_first`, `round_robin`, `greedy_then_oldest`",
        ),
    ] {
        let f = write(&d, file, text);
        let e = load(&f, &[]).unwrap_err();
        assert!(e.contains(want), "{file}: {e}");
        assert_eq!(e.lines().count(), 1, "{file}: {e}");
    }
    for (set, want) in [
        (
            "cu.issue=[2,3,4,5,6,7]",
            "--set cu.issue=[2,3,4,5,6,7]: cu.issue is a list",
        ),
        (
            "inherit=rdna",
            "--set inherit=rdna: the base a config inherits is named in its file",
        ),
        (
            "gpu.dispatch=5",
            "invalid type: integer `5`, expected one of `round_robin`, `fill_first`",
        ),
    ] {
        let e = load("gcn", &[set]).unwrap_err();
        assert!(e.contains(want), "{set}: {e}");
    }
    // A disabled scalar unit's keys are checked all the same.
    let e = load("gcn", &["scalar.enabled=false", "scalar.interval=0"]).unwrap_err();
    assert!(e.contains("scalar.interval is 0"), "{e}");
    // A key part in TOML's single quotes, as in double ones.
    let c = load("gcn", &["gpu.'compute_units'=4"]).unwrap();
    assert_eq!(c.gpu.compute_units, 4);
}

#[test]
fn config_show_prints_a_config_that_loads_back() {
    let d = dir("show");
    let out = Command::new(env!("CARGO_BIN_EXE_gpusim"))
        .args(["config", "show", "teaching", "--set", "gpu.compute_units=3"])
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = String::from_utf8(out.stdout).unwrap();
    let f = write(&d, "shown.toml", &text);
    let c = Config::load(Path::new(&f)).unwrap();
    assert_eq!(c.gpu.compute_units, 3);
    assert_eq!(c.to_toml(), text);
    let out = Command::new(env!("CARGO_BIN_EXE_gpusim"))
        .args(["config", "show", "gcn", "--set", "cu.simds=0"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("--set cu.simds=0: cu.simds"));
}

#[test]
fn the_built_in_models_load_by_name() {
    for (name, file) in gpusim::input::config::compose::BUILT_IN {
        let by_name = load(name, &[]).unwrap();
        let path = Path::new(env!("CARGO_MANIFEST_DIR")).join(format!("../configs/{name}.toml"));
        let by_file = Config::load(&path).unwrap();
        assert_eq!(by_name.to_toml(), by_file.to_toml(), "{name}");
        assert_eq!(std::fs::read_to_string(&path).unwrap(), file);
    }
}

/// `--wave-size` names the config as `--set cu.wave_size` does, after
/// the other overrides: runs at different wave sizes keep apart in
/// summaries and CSVs.
#[test]
fn the_wave_size_option_shows_in_the_configs_name() {
    let d = dir("wave_size_name");
    let manifest = Path::new(env!("CARGO_MANIFEST_DIR")).join("../workloads/vector_add.toml");
    let run = |args: &[&str]| {
        let out = Command::new(env!("CARGO_BIN_EXE_gpusim"))
            .arg("run")
            .arg(&manifest)
            .args(["--json", "--quiet", "--force", "--results"])
            .arg(&d)
            .args(args)
            .output()
            .unwrap();
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(0), "{args:?}: {stderr}");
        let summary: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
        let csv = std::fs::read_to_string(d.join("vector_add/summary.csv")).unwrap();
        (summary, csv)
    };
    let (plain, _) = run(&[]);
    assert_eq!(plain["run"]["config"], "gcn-like");
    for wave in ["32", "64"] {
        let (by_option, csv) = run(&["--wave-size", wave]);
        let want = format!("gcn-like (cu.wave_size={wave})");
        assert_eq!(by_option["run"]["config"], want.as_str());
        assert_eq!(by_option["wave_size"].to_string(), wave);
        assert!(csv.contains(&format!(",{want},{wave},")), "{csv}");
        let (by_set, _) = run(&["--set", &format!("cu.wave_size={wave}")]);
        assert_eq!(by_set["run"]["config"], by_option["run"]["config"]);
    }
    // After the --set overrides, as it wins over them.
    let (both, _) = run(&["--set", "cu.simds=2", "--wave-size", "32"]);
    assert_eq!(
        both["run"]["config"],
        "gcn-like (cu.simds=2, cu.wave_size=32)"
    );
    assert_eq!(both["wave_size"], 32);
    // A key set again names only its last value, which is the one used.
    let (again, _) = run(&[
        "--set",
        "cu.wave_size=32",
        "--set",
        "cu.simds=2",
        "--wave-size",
        "64",
    ]);
    assert_eq!(
        again["run"]["config"],
        "gcn-like (cu.simds=2, cu.wave_size=64)"
    );
    assert_eq!(again["wave_size"], 64);
}
