//! A GPU model: one TOML file. Every key is documented in docs/config.md;
//! unknown keys and bad values are errors naming the key and line. The
//! GCN-like model in configs/gcn.toml is built in as the default.

use serde::Deserialize;
use std::collections::BTreeMap;
use std::path::Path;

/// The configuration used when none is given.
pub const DEFAULT_TOML: &str = include_str!("../../configs/gcn.toml");
pub const DEFAULT_NAME: &str = "configs/gcn.toml (built in)";

#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Config {
    pub name: String,
    pub gpu: Gpu,
    pub cu: ComputeUnit,
    pub units: BTreeMap<String, Unit>,
    /// Op class (`valu`, `trans`, `valu.min3`, ...) to unit name.
    pub classes: BTreeMap<String, String>,
    /// Per-instruction timing by canonical name (`AMD.FMid3`, `FAdd`, ...).
    #[serde(default)]
    pub instructions: BTreeMap<String, InstructionTiming>,
    pub memory: Memory,
    pub atomics: Atomics,
    pub emulate: Emulate,
}

/// Extended-instruction families the GPU lacks (true: emulated with the
/// sequence of basic operations a compiler emits; false: a native unit).
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Emulate {
    pub trinary_minmax: bool,
    pub saturating: bool,
    pub averages: bool,
    pub abs_diff: bool,
    pub mul32x16: bool,
    pub count_zeros: bool,
    pub float_atomic_minmax: bool,
}

impl Emulate {
    pub fn to_emulation(&self) -> isa::ext::Emulation {
        isa::ext::Emulation {
            trinary_minmax: self.trinary_minmax,
            saturating: self.saturating,
            averages: self.averages,
            abs_diff: self.abs_diff,
            mul32x16: self.mul32x16,
            count_zeros: self.count_zeros,
            float_atomic_minmax: self.float_atomic_minmax,
        }
    }
}

#[derive(Clone, Copy, Debug, Deserialize, PartialEq, Eq)]
#[serde(rename_all = "snake_case")]
pub enum DispatchPolicy {
    /// Workgroup i goes to the next CU in turn that has room.
    RoundRobin,
    /// Fill the lowest-numbered CU that has room first.
    FillFirst,
}

#[derive(Clone, Copy, Debug, Deserialize, PartialEq, Eq)]
#[serde(rename_all = "snake_case")]
pub enum SchedulerPolicy {
    OldestFirst,
    RoundRobin,
    /// Keep issuing from the last wave until it stalls, then the oldest.
    GreedyThenOldest,
}

#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Gpu {
    pub clock_mhz: f64,
    pub compute_units: u32,
    pub dispatch: DispatchPolicy,
}

#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ComputeUnit {
    pub simds: u32,
    pub lanes_per_simd: u32,
    pub wave_size: u32,
    pub wave_slots_per_simd: u32,
    /// 32-bit vector registers per lane of one SIMD's register file.
    pub vgprs_per_simd: u32,
    /// Registers a wave is given are rounded up to a multiple of this.
    pub vgpr_granule: u32,
    pub workgroups_per_cu: u32,
    pub scheduler: SchedulerPolicy,
    pub issue: Issue,
}

/// What one CU may issue in a cycle: at most `per_simd` instructions from
/// each SIMD, and per category at most this many from different waves.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Issue {
    pub per_simd: u32,
    pub valu: u32,
    pub trans: u32,
    pub memory: u32,
    pub lds: u32,
    pub branch: u32,
}

/// A functional unit: `count` per SIMD; a wave instruction occupies one
/// for `interval` cycles per pass (a pass is `lanes_per_simd` lanes), and
/// its result is ready `latency` cycles after issue.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Unit {
    pub count: u32,
    pub latency: u32,
    pub interval: u32,
}

#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct InstructionTiming {
    pub unit: Option<String>,
    pub latency: Option<u32>,
    pub interval: Option<u32>,
}

#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Cache {
    pub size_bytes: u32,
    pub line_bytes: u32,
    pub ways: u32,
    pub latency: u32,
    /// Misses that may be outstanding at once.
    pub mshrs: u32,
}

#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct L2 {
    pub size_bytes: u32,
    pub line_bytes: u32,
    pub ways: u32,
    pub banks: u32,
    pub latency: u32,
    pub mshrs: u32,
}

#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Dram {
    pub latency: u32,
    pub bytes_per_cycle: u32,
}

#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Lds {
    pub bytes: u32,
    pub banks: u32,
    pub latency: u32,
}

#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Memory {
    pub l1: Cache,
    pub l2: L2,
    pub dram: Dram,
    pub lds: Lds,
}

#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct AtomicKind {
    pub latency: u32,
    pub interval: u32,
}

#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Atomics {
    pub units_per_bank: u32,
    pub integer: AtomicKind,
    pub compare_exchange: AtomicKind,
    pub float_minmax: AtomicKind,
}

impl Config {
    pub fn default_config() -> Config {
        Config::parse(DEFAULT_TOML, Path::new(DEFAULT_NAME)).expect("the built-in config is valid")
    }

    pub fn load(path: &Path) -> Result<Config, String> {
        let text = std::fs::read_to_string(path)
            .map_err(|e| format!("{}: cannot read config: {e}", path.display()))?;
        Config::parse(&text, path)
    }

    pub fn parse(text: &str, path: &Path) -> Result<Config, String> {
        let c: Config = toml::from_str(text).map_err(|e| {
            let at = e
                .span()
                .map(|s| {
                    let (l, c) = crate::workload::line_col(text, s.start);
                    format!("{l}:{c}:")
                })
                .unwrap_or_default();
            format!("{}:{at} {}", path.display(), e.message())
        })?;
        c.validate().map_err(|e| {
            // Name the line of the key the message starts with.
            let key = e.split([' ', ':']).next().unwrap_or("");
            match key_line(text, key) {
                Some(line) => format!("{}:{line}: {e}", path.display()),
                None => format!("{}: {e}", path.display()),
            }
        })?;
        Ok(c)
    }

    fn validate(&self) -> Result<(), String> {
        let positive = [
            ("gpu.compute_units", self.gpu.compute_units),
            ("cu.simds", self.cu.simds),
            ("cu.lanes_per_simd", self.cu.lanes_per_simd),
            ("cu.wave_slots_per_simd", self.cu.wave_slots_per_simd),
            ("cu.vgprs_per_simd", self.cu.vgprs_per_simd),
            ("cu.vgpr_granule", self.cu.vgpr_granule),
            ("cu.workgroups_per_cu", self.cu.workgroups_per_cu),
            ("cu.issue.per_simd", self.cu.issue.per_simd),
            ("cu.issue.valu", self.cu.issue.valu),
            ("cu.issue.trans", self.cu.issue.trans),
            ("cu.issue.memory", self.cu.issue.memory),
            ("cu.issue.lds", self.cu.issue.lds),
            ("cu.issue.branch", self.cu.issue.branch),
            ("memory.l1.line_bytes", self.memory.l1.line_bytes),
            ("memory.l1.ways", self.memory.l1.ways),
            ("memory.l1.mshrs", self.memory.l1.mshrs),
            ("memory.l2.line_bytes", self.memory.l2.line_bytes),
            ("memory.l2.ways", self.memory.l2.ways),
            ("memory.l2.banks", self.memory.l2.banks),
            ("memory.l2.mshrs", self.memory.l2.mshrs),
            (
                "memory.dram.bytes_per_cycle",
                self.memory.dram.bytes_per_cycle,
            ),
            ("memory.lds.banks", self.memory.lds.banks),
            ("atomics.units_per_bank", self.atomics.units_per_bank),
        ];
        for (key, v) in positive {
            if v == 0 {
                return Err(format!("{key} must be at least 1"));
            }
        }
        if self.gpu.clock_mhz.is_nan() || self.gpu.clock_mhz <= 0.0 {
            return Err("gpu.clock_mhz must be positive".into());
        }
        if self.cu.wave_size != 32 && self.cu.wave_size != 64 {
            return Err(format!(
                "cu.wave_size is {}; it must be 32 or 64",
                self.cu.wave_size
            ));
        }
        {
            let (key, c) = ("memory.l1", &self.memory.l1);
            check_cache(key, c.size_bytes, c.line_bytes, c.ways)?;
        }
        let l2 = &self.memory.l2;
        check_cache(
            "memory.l2",
            l2.size_bytes / l2.banks,
            l2.line_bytes,
            l2.ways,
        )?;
        for (name, u) in &self.units {
            if u.count == 0 || u.interval == 0 {
                return Err(format!(
                    "units.{name}: count and interval must be at least 1"
                ));
            }
        }
        for (class, unit) in &self.classes {
            if !self.units.contains_key(unit) {
                return Err(format!(
                    "classes.\"{class}\" names unit '{unit}', which is not under [units]"
                ));
            }
        }
        for class in crate::timing::REQUIRED_CLASSES {
            if !self.classes.contains_key(*class) {
                return Err(format!("classes has no unit for op class \"{class}\""));
            }
        }
        let known: Vec<String> = isa::ext::coverage().into_iter().map(|c| c.name).collect();
        for (name, t) in &self.instructions {
            // Extended instructions are checked by name; a core name is
            // the SPIR-V name of a basic operation (see docs/config.md).
            if name.contains('.') && !known.contains(name) {
                return Err(format!(
                    "instructions.\"{name}\" is not an instruction (see `gpusim isa coverage` for the names)"
                ));
            }
            if let Some(u) = &t.unit {
                if !self.units.contains_key(u) {
                    return Err(format!(
                        "instructions.\"{name}\" names unit '{u}', which is not under [units]"
                    ));
                }
            }
            if t.interval == Some(0) {
                return Err(format!(
                    "instructions.\"{name}\".interval must be at least 1"
                ));
            }
        }
        Ok(())
    }
}

/// The line (1-based) where dotted key `key` (`cu.simds`,
/// `classes."valu"`, or a table such as `memory.l1`) is set in `text`.
fn key_line(text: &str, key: &str) -> Option<usize> {
    let want = key.replace('"', "");
    if want.is_empty() {
        return None;
    }
    let mut section = String::new();
    for (i, raw) in text.lines().enumerate() {
        let line = raw.split('#').next().unwrap_or("").trim();
        if let Some(header) = line.strip_prefix('[').and_then(|l| l.strip_suffix(']')) {
            section = header.trim().replace('"', "");
            if section == want {
                return Some(i + 1);
            }
        } else if let Some((k, _)) = line.split_once('=') {
            let k = k.trim().replace('"', "");
            let full = if section.is_empty() {
                k
            } else {
                format!("{section}.{k}")
            };
            if full == want {
                return Some(i + 1);
            }
        }
    }
    None
}

fn check_cache(key: &str, size: u32, line: u32, ways: u32) -> Result<(), String> {
    if !line.is_power_of_two() {
        return Err(format!("{key}.line_bytes must be a power of two"));
    }
    let sets = size / (line * ways);
    if sets == 0 || !size.is_multiple_of(line * ways) || !sets.is_power_of_two() {
        return Err(format!(
            "{key}: size_bytes / (line_bytes * ways) must be a power of two (it is {size} / ({line} * {ways}))"
        ));
    }
    Ok(())
}
