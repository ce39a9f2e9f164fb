//! A GPU model: one TOML file. Every key is documented in docs/config.md;
//! unknown keys and bad values are errors naming the key and line. The
//! GCN-like model in configs/gcn.toml is built in as the default.

use isa::ext::OpClass;
pub mod compose;

use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::path::Path;

/// The configuration used when none is given.
pub const DEFAULT_TOML: &str = include_str!("../../../../configs/gcn.toml");
pub const DEFAULT_NAME: &str = "configs/gcn.toml (built in)";

/// The top-level keys a config file may set that no workload manifest
/// has: `Config`'s fields but `name`, and `inherit` (`compose`). A folder
/// search tells a config from a manifest by them.
pub const OWN_KEYS: [&str; 10] = [
    "inherit",
    "gpu",
    "cu",
    "units",
    "classes",
    "instructions",
    "memory",
    "atomics",
    "emulate",
    "scalar",
];

#[derive(Clone, Debug, Deserialize, Serialize)]
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
    /// The scalar unit; without it every instruction takes the vector
    /// path.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub scalar: Option<ScalarUnit>,
}

/// Each CU's scalar unit: it runs the instructions on values the same in
/// every lane of a wave (`isa::lower::uniformity`), shared by the CU's
/// SIMDs, and holds those values in scalar registers.
#[derive(Clone, Debug, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct ScalarUnit {
    /// `false` leaves the table in place (to inherit or override) but
    /// takes the unit away.
    #[serde(default = "enabled")]
    pub enabled: bool,
    /// Cycles from issue to a scalar ALU result.
    pub latency: u32,
    /// Cycles the CU's scalar ALU is busy per instruction.
    pub interval: u32,
    /// Scalar instructions (ALU and memory) a CU issues per cycle.
    pub issue: u32,
    /// Scalar registers of one SIMD, shared by its waves.
    pub sgprs_per_simd: u32,
    /// The most a wave may hold; a kernel needing more keeps the rest in
    /// lanes of vector registers (one per `wave_size` values).
    pub sgprs_per_wave: u32,
    /// A wave's scalar registers are allocated in multiples of this.
    pub sgpr_granule: u32,
    /// Registers every wave holds besides its values (VCC, ...).
    pub reserved_sgprs: u32,
    pub cache: ScalarCache,
}

/// The scalar data cache: read-only, shared by `cus_per_cache`
/// neighbouring CUs; misses go to the L2.
#[derive(Clone, Debug, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct ScalarCache {
    pub size_bytes: u32,
    pub line_bytes: u32,
    pub ways: u32,
    /// Hit latency, cycles.
    pub latency: u32,
    pub mshrs: u32,
    pub cus_per_cache: u32,
}

/// Extended-instruction families the GPU lacks (true: emulated with the
/// sequence of basic operations a compiler emits; false: a native unit).
#[derive(Clone, Debug, Deserialize, Serialize)]
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

#[derive(Clone, Copy, Debug, Serialize, PartialEq, Eq)]
#[serde(rename_all = "snake_case")]
pub enum DispatchPolicy {
    /// Workgroup i goes to the next CU in turn that has room.
    RoundRobin,
    /// Fill the lowest-numbered CU that has room first.
    FillFirst,
}

#[derive(Clone, Copy, Debug, Serialize, PartialEq, Eq)]
#[serde(rename_all = "snake_case")]
pub enum SchedulerPolicy {
    OldestFirst,
    RoundRobin,
    /// Keep issuing from the last wave until it stalls, then the oldest.
    GreedyThenOldest,
}

/// When a finished wave's slot and registers go back to its SIMD.
#[derive(Clone, Copy, Debug, Default, Serialize, PartialEq, Eq)]
#[serde(rename_all = "snake_case")]
pub enum WaveRelease {
    /// With its workgroup's last wave (its LDS too).
    #[default]
    Workgroup,
    /// At its own end; the workgroup's LDS with its last wave.
    Wave,
}

/// A key whose value is one of a few names: anything else, of any type,
/// is refused with the names listed (a derived enum's message named
/// neither what it was given nor what it takes).
struct Choice<T: 'static>(&'static [(&'static str, T)]);

impl<'de, T: Copy> serde::de::Visitor<'de> for Choice<T> {
    type Value = T;

    fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
        let names: Vec<String> = self.0.iter().map(|(n, _)| format!("`{n}`")).collect();
        write!(f, "one of {}", names.join(", "))
    }

    fn visit_str<E: serde::de::Error>(self, v: &str) -> Result<T, E> {
        match self.0.iter().find(|(n, _)| *n == v) {
            Some(&(_, t)) => Ok(t),
            None => Err(E::invalid_value(serde::de::Unexpected::Str(v), &self)),
        }
    }
}

impl<'de> Deserialize<'de> for DispatchPolicy {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        d.deserialize_any(Choice(&[
            ("round_robin", DispatchPolicy::RoundRobin),
            ("fill_first", DispatchPolicy::FillFirst),
        ]))
    }
}

impl<'de> Deserialize<'de> for WaveRelease {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        d.deserialize_any(Choice(&[
            ("workgroup", WaveRelease::Workgroup),
            ("wave", WaveRelease::Wave),
        ]))
    }
}

impl<'de> Deserialize<'de> for SchedulerPolicy {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        d.deserialize_any(Choice(&[
            ("oldest_first", SchedulerPolicy::OldestFirst),
            ("round_robin", SchedulerPolicy::RoundRobin),
            ("greedy_then_oldest", SchedulerPolicy::GreedyThenOldest),
        ]))
    }
}

#[derive(Clone, Debug, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct Gpu {
    pub clock_mhz: f64,
    pub compute_units: u32,
    pub dispatch: DispatchPolicy,
}

#[derive(Clone, Debug, Deserialize, Serialize)]
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
    /// Optional: configs written before the key release with the
    /// workgroup, as the model always did.
    #[serde(default)]
    pub wave_release: WaveRelease,
    pub issue: Issue,
}

/// What one CU may issue in a cycle: at most `per_simd` instructions from
/// each SIMD, and per category at most this many from different waves.
#[derive(Clone, Debug, Deserialize, Serialize)]
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
#[derive(Clone, Debug, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct Unit {
    pub count: u32,
    pub latency: u32,
    pub interval: u32,
}

#[derive(Clone, Debug, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct InstructionTiming {
    #[serde(skip_serializing_if = "Option::is_none")]
    pub unit: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub latency: Option<u32>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub interval: Option<u32>,
}

#[derive(Clone, Debug, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct Cache {
    pub size_bytes: u32,
    pub line_bytes: u32,
    pub ways: u32,
    pub latency: u32,
    /// Misses that may be outstanding at once.
    pub mshrs: u32,
}

#[derive(Clone, Debug, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct L2 {
    pub size_bytes: u32,
    pub line_bytes: u32,
    pub ways: u32,
    pub banks: u32,
    pub latency: u32,
    pub mshrs: u32,
}

#[derive(Clone, Debug, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct Dram {
    pub latency: u32,
    pub bytes_per_cycle: u32,
}

#[derive(Clone, Debug, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct Lds {
    pub bytes: u32,
    pub banks: u32,
    pub latency: u32,
}

#[derive(Clone, Debug, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct Memory {
    pub l1: Cache,
    pub l2: L2,
    pub dram: Dram,
    pub lds: Lds,
}

#[derive(Clone, Debug, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct AtomicKind {
    pub latency: u32,
    pub interval: u32,
}

#[derive(Clone, Debug, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct Atomics {
    pub units_per_bank: u32,
    /// Lane operations that may wait at one bank for a unit; 0: no limit.
    /// A wave whose atomic finds its bank's queue full is held until the
    /// queue has room for it.
    pub queue_per_bank: u32,
    pub integer: AtomicKind,
    pub compare_exchange: AtomicKind,
    pub float_minmax: AtomicKind,
}

// ---------------------------------------------------------------------------
// Limits. Each bound keeps the model's tables (per CU, per SIMD, per unit
// instance, per cache set, per bank) small and its arithmetic in range;
// docs/config.md lists them in its "Allowed" columns.

/// `gpu.compute_units`.
const MAX_COMPUTE_UNITS: u32 = 1024;
/// `cu.simds`.
const MAX_SIMDS: u32 = 64;
/// `cu.lanes_per_simd`: a SIMD wider than the widest wave gains nothing.
const MAX_LANES_PER_SIMD: u32 = 64;
/// `cu.wave_slots_per_simd`.
const MAX_WAVE_SLOTS: u32 = 1024;
/// `cu.vgprs_per_simd` (and so `cu.vgpr_granule`).
const MAX_VGPRS: u32 = 65536;
/// `cu.workgroups_per_cu`.
const MAX_WORKGROUPS_PER_CU: u32 = 65536;
/// Each `cu.issue.*` limit.
const MAX_ISSUE: u32 = 1024;
/// `units.<name>.count`.
const MAX_UNIT_COUNT: u32 = 64;
/// The sum of every unit's `count`: unit instances per SIMD.
const MAX_UNIT_INSTANCES: u32 = 256;
/// Every latency and interval, in cycles.
const MAX_CYCLES: u32 = 1_000_000;
/// Cache line sizes (powers of two).
const MIN_LINE: u32 = 4;
const MAX_LINE: u32 = 4096;
/// Ways of a cache.
const MAX_WAYS: u32 = 1024;
/// Sets of the L1 and of one L2 bank.
const MAX_SETS: u32 = 65536;
/// `memory.l1.size_bytes`: 4 MiB.
const MAX_L1_BYTES: u32 = 4 << 20;
/// `memory.l2.size_bytes`: 1 GiB.
const MAX_L2_BYTES: u32 = 1 << 30;
/// `memory.l2.banks`.
const MAX_BANKS: u32 = 1024;
/// `memory.l1.mshrs`, `memory.l2.mshrs`.
const MAX_MSHRS: u32 = 65536;
/// `memory.dram.bytes_per_cycle`.
const MAX_DRAM_BYTES_PER_CYCLE: u32 = 65536;
/// `memory.lds.bytes`: 1 GiB, the size of the workgroup address window.
const MAX_LDS_BYTES: u32 = 1 << 30;
/// `memory.lds.banks`.
const MAX_LDS_BANKS: u32 = 1024;
/// `atomics.units_per_bank`.
const MAX_ATOMIC_UNITS: u32 = 64;
/// `atomics.queue_per_bank`.
const MAX_ATOMIC_QUEUE: u32 = 1 << 20;
/// `gpu.clock_mhz`: 1 kHz to 100 GHz (so `cycles / clock_mhz` stays
/// finite).
const MIN_CLOCK_MHZ: f64 = 0.001;
const MAX_CLOCK_MHZ: f64 = 100_000.0;

/// `x` for a message: in exponent form when very large or small, where
/// `{}` would print hundreds of digits (1e-300 as 0.000...0001).
fn readable_number(x: f64) -> String {
    if x != 0.0 && x.is_finite() && !(1e-4..1e9).contains(&x.abs()) {
        format!("{x:e}")
    } else {
        format!("{x}")
    }
}

/// A value the model cannot use: the dotted key it is set by (to find its
/// line) and the message, which names that key; `also`, the other keys a
/// check between values read, so that a `--set` of any of them is named.
#[derive(Debug)]
struct Invalid {
    key: String,
    also: Vec<String>,
    message: String,
}

fn invalid(key: impl Into<String>, message: impl Into<String>) -> Invalid {
    Invalid {
        key: key.into(),
        also: Vec::new(),
        message: message.into(),
    }
}

impl Invalid {
    fn also(mut self, keys: &[&str]) -> Invalid {
        self.also.extend(keys.iter().map(|k| k.to_string()));
        self
    }
}

/// `key` must hold a value from `lo` to `hi`.
fn in_range(key: &str, v: u32, lo: u32, hi: u32) -> Result<(), Invalid> {
    if (lo..=hi).contains(&v) {
        Ok(())
    } else {
        Err(invalid(
            key,
            format!("{key} is {v}; it must be {lo} to {hi}"),
        ))
    }
}

/// A dotted key for entry `name` of table `table`, quoted unless bare.
fn entry_key(table: &str, name: &str) -> String {
    let bare = !name.is_empty()
        && name
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '-');
    if bare {
        format!("{table}.{name}")
    } else {
        format!("{table}.\"{name}\"")
    }
}

impl Config {
    pub fn default_config() -> Config {
        Config::parse(DEFAULT_TOML, Path::new(DEFAULT_NAME)).expect("the built-in config is valid")
    }

    /// The config as TOML, every key resolved: parsing it gives this config
    /// back.
    pub fn to_toml(&self) -> String {
        let body = toml::to_string(self).expect("a config serialises as TOML");
        format!(
            "# The resolved GPU model of this run (docs/config.md describes every key).\n{body}"
        )
    }

    /// The scalar unit, if the GPU has one (a `[scalar]` table, enabled).
    pub fn scalar_unit(&self) -> Option<&ScalarUnit> {
        self.scalar.as_ref().filter(|s| s.enabled)
    }

    /// Every functional unit as reports and traces list them, with its
    /// instances per CU: the `[units]` in name order, then the scalar ALU
    /// if there is one.
    pub fn units_per_cu(&self) -> Vec<(String, u64)> {
        let mut units: Vec<(String, u64)> = self
            .units
            .iter()
            .map(|(name, u)| (name.clone(), u.count as u64 * self.cu.simds as u64))
            .collect();
        if self.scalar_unit().is_some() {
            units.push((SCALAR_UNIT.to_string(), 1));
        }
        units
    }

    /// Loads a config file, resolving its `inherit` chain (see `compose`).
    pub fn load(path: &Path) -> Result<Config, String> {
        compose::load(&path.to_string_lossy(), &[])
    }

    /// Loads a built-in model by name (`gcn`, `rdna`, `teaching`) or a
    /// config file, then applies `overrides` (`KEY=VALUE`, dotted keys).
    pub fn load_with(spec: &str, overrides: &[String]) -> Result<Config, String> {
        compose::load(spec, overrides)
    }

    pub fn parse(text: &str, path: &Path) -> Result<Config, String> {
        let c: Config = toml::from_str(text).map_err(|e| {
            with_inherit(&crate::input::toml_error(
                &path.display().to_string(),
                text,
                &e,
            ))
        })?;
        let listed = toml::from_str::<toml::Table>(text)
            .ok()
            .and_then(|t| first_list(&t));
        listed
            .map_or_else(|| c.check(), |key| Err(list_error(&key)))
            .map_err(|e| match key_line(text, &e.key) {
                Some(line) => format!("{}:{line}: {}", path.display(), e.message),
                None => format!("{}: {}", path.display(), e.message),
            })?;
        Ok(c)
    }

    /// Checks the values, as `parse` does; for a config changed after
    /// loading (e.g. a command-line override). The message names the key.
    pub fn validate(&self) -> Result<(), String> {
        self.check().map_err(|e| e.message)
    }

    fn check(&self) -> Result<(), Invalid> {
        // The name labels the model's runs: a blank one leaves a blank
        // where run lines, tables and legends name the config.
        // A control character (a newline, a tab) would break the lines
        // and table rows it is written into.
        if self.name.trim().is_empty() || self.name.chars().any(char::is_control) {
            return Err(invalid(
                "name",
                format!(
                    "name is {:?}; it must be a label of some non-space character, without control characters",
                    self.name
                ),
            ));
        }
        let (gpu, cu, m) = (&self.gpu, &self.cu, &self.memory);
        let c = self.gpu.clock_mhz;
        // Also refuses NaN and infinities.
        if !(MIN_CLOCK_MHZ..=MAX_CLOCK_MHZ).contains(&c) {
            return Err(invalid(
                "gpu.clock_mhz",
                format!(
                    "gpu.clock_mhz is {}; it must be a number from {MIN_CLOCK_MHZ} to {MAX_CLOCK_MHZ}",
                    readable_number(c)
                ),
            ));
        }
        if cu.wave_size != 32 && cu.wave_size != 64 {
            return Err(invalid(
                "cu.wave_size",
                format!("cu.wave_size is {}; it must be 32 or 64", cu.wave_size),
            ));
        }
        let ranges = [
            ("gpu.compute_units", gpu.compute_units, 1, MAX_COMPUTE_UNITS),
            ("cu.simds", cu.simds, 1, MAX_SIMDS),
            (
                "cu.lanes_per_simd",
                cu.lanes_per_simd,
                1,
                MAX_LANES_PER_SIMD,
            ),
            (
                "cu.wave_slots_per_simd",
                cu.wave_slots_per_simd,
                1,
                MAX_WAVE_SLOTS,
            ),
            ("cu.vgprs_per_simd", cu.vgprs_per_simd, 1, MAX_VGPRS),
            (
                "cu.workgroups_per_cu",
                cu.workgroups_per_cu,
                1,
                MAX_WORKGROUPS_PER_CU,
            ),
            ("cu.issue.per_simd", cu.issue.per_simd, 1, MAX_ISSUE),
            ("cu.issue.valu", cu.issue.valu, 1, MAX_ISSUE),
            ("cu.issue.trans", cu.issue.trans, 1, MAX_ISSUE),
            ("cu.issue.memory", cu.issue.memory, 1, MAX_ISSUE),
            ("cu.issue.lds", cu.issue.lds, 1, MAX_ISSUE),
            ("cu.issue.branch", cu.issue.branch, 1, MAX_ISSUE),
            ("memory.l1.size_bytes", m.l1.size_bytes, 1, MAX_L1_BYTES),
            ("memory.l1.ways", m.l1.ways, 1, MAX_WAYS),
            ("memory.l1.latency", m.l1.latency, 0, MAX_CYCLES),
            ("memory.l1.mshrs", m.l1.mshrs, 1, MAX_MSHRS),
            ("memory.l2.size_bytes", m.l2.size_bytes, 1, MAX_L2_BYTES),
            ("memory.l2.ways", m.l2.ways, 1, MAX_WAYS),
            ("memory.l2.banks", m.l2.banks, 1, MAX_BANKS),
            ("memory.l2.latency", m.l2.latency, 0, MAX_CYCLES),
            ("memory.l2.mshrs", m.l2.mshrs, 1, MAX_MSHRS),
            ("memory.dram.latency", m.dram.latency, 0, MAX_CYCLES),
            (
                "memory.dram.bytes_per_cycle",
                m.dram.bytes_per_cycle,
                1,
                MAX_DRAM_BYTES_PER_CYCLE,
            ),
            ("memory.lds.bytes", m.lds.bytes, 0, MAX_LDS_BYTES),
            ("memory.lds.banks", m.lds.banks, 1, MAX_LDS_BANKS),
            ("memory.lds.latency", m.lds.latency, 0, MAX_CYCLES),
            (
                "atomics.units_per_bank",
                self.atomics.units_per_bank,
                1,
                MAX_ATOMIC_UNITS,
            ),
            (
                "atomics.queue_per_bank",
                self.atomics.queue_per_bank,
                0,
                MAX_ATOMIC_QUEUE,
            ),
        ];
        for (key, v, lo, hi) in ranges {
            in_range(key, v, lo, hi)?;
        }
        let a = &self.atomics;
        for (kind, timing) in [
            ("integer", &a.integer),
            ("compare_exchange", &a.compare_exchange),
            ("float_minmax", &a.float_minmax),
        ] {
            in_range(
                &format!("atomics.{kind}.latency"),
                timing.latency,
                0,
                MAX_CYCLES,
            )?;
            in_range(
                &format!("atomics.{kind}.interval"),
                timing.interval,
                0,
                MAX_CYCLES,
            )?;
        }
        // A wave needs at least one granule of registers.
        in_range("cu.vgpr_granule", cu.vgpr_granule, 1, cu.vgprs_per_simd).map_err(|e| {
            invalid(
                e.key,
                format!(
                    "cu.vgpr_granule is {}; it must be 1 to cu.vgprs_per_simd ({})",
                    cu.vgpr_granule, cu.vgprs_per_simd
                ),
            )
            .also(&["cu.vgprs_per_simd"])
        })?;
        check_cache("memory.l1", m.l1.size_bytes, m.l1.line_bytes, m.l1.ways, 1)?;
        check_cache(
            "memory.l2",
            m.l2.size_bytes,
            m.l2.line_bytes,
            m.l2.ways,
            m.l2.banks,
        )?;
        // Checked whether or not it is enabled, as every other key is.
        if let Some(sc) = &self.scalar {
            sc.check()?;
            if self.units.contains_key(SCALAR_UNIT) {
                return Err(invalid(
                    "units.scalar",
                    "units.scalar: the name is the scalar unit's ([scalar]); give the unit another",
                ));
            }
        }
        let mut instances = 0u32;
        for (name, u) in &self.units {
            let key = entry_key("units", name);
            in_range(&format!("{key}.count"), u.count, 1, MAX_UNIT_COUNT)?;
            in_range(&format!("{key}.latency"), u.latency, 0, MAX_CYCLES)?;
            in_range(&format!("{key}.interval"), u.interval, 1, MAX_CYCLES)?;
            instances = instances.saturating_add(u.count);
        }
        if instances > MAX_UNIT_INSTANCES {
            return Err(invalid(
                "units",
                format!(
                    "units: the counts add up to {instances} unit instances per SIMD; at most {MAX_UNIT_INSTANCES} are allowed"
                ),
            ));
        }
        let class_names = OpClass::ALL.map(OpClass::name);
        for (class, unit) in &self.classes {
            let key = format!("classes.\"{class}\"");
            if !class_names.contains(&class.as_str()) {
                return Err(invalid(
                    &key,
                    format!(
                        "{key} is not an op class (the classes are {})",
                        class_names.join(", ")
                    ),
                ));
            }
            if !self.units.contains_key(unit) {
                return Err(invalid(
                    &key,
                    format!("{key} names unit '{unit}', which is not under [units]"),
                ));
            }
        }
        for class in class_names {
            if !self.classes.contains_key(class) {
                return Err(invalid(
                    "classes",
                    format!("classes has no unit for op class \"{class}\""),
                ));
            }
        }
        for (name, t) in &self.instructions {
            let key = format!("instructions.\"{name}\"");
            if !isa::vocabulary::is_instruction_name(name) {
                let why = if name.contains('.') {
                    "is not an instruction (see `gpusim isa coverage` for the names)"
                } else {
                    "is not the name of a basic operation (docs/config.md, \"Canonical instruction names\")"
                };
                return Err(invalid(&key, format!("{key} {why}")));
            }
            if let Some(u) = &t.unit {
                if !self.units.contains_key(u) {
                    return Err(invalid(
                        format!("{key}.unit"),
                        format!("{key} names unit '{u}', which is not under [units]"),
                    ));
                }
            }
            if let Some(l) = t.latency {
                in_range(&format!("{key}.latency"), l, 0, MAX_CYCLES)?;
            }
            if let Some(i) = t.interval {
                in_range(&format!("{key}.interval"), i, 1, MAX_CYCLES)?;
            }
        }
        Ok(())
    }
}

fn enabled() -> bool {
    true
}

/// The name the scalar ALU goes by in reports and traces.
pub const SCALAR_UNIT: &str = "scalar";

impl ScalarUnit {
    fn check(&self) -> Result<(), Invalid> {
        let c = &self.cache;
        let ranges = [
            ("scalar.latency", self.latency, 0, MAX_CYCLES),
            ("scalar.interval", self.interval, 1, MAX_CYCLES),
            ("scalar.issue", self.issue, 1, MAX_ISSUE),
            ("scalar.sgprs_per_simd", self.sgprs_per_simd, 1, MAX_VGPRS),
            ("scalar.reserved_sgprs", self.reserved_sgprs, 0, MAX_VGPRS),
            ("scalar.cache.latency", c.latency, 0, MAX_CYCLES),
            ("scalar.cache.mshrs", c.mshrs, 1, MAX_MSHRS),
            ("scalar.cache.ways", c.ways, 1, MAX_WAYS),
            ("scalar.cache.size_bytes", c.size_bytes, 1, MAX_L1_BYTES),
            (
                "scalar.cache.cus_per_cache",
                c.cus_per_cache,
                1,
                MAX_COMPUTE_UNITS,
            ),
        ];
        for (key, v, lo, hi) in ranges {
            in_range(key, v, lo, hi)?;
        }
        in_range(
            "scalar.sgprs_per_wave",
            self.sgprs_per_wave,
            1,
            self.sgprs_per_simd,
        )
        .map_err(|e| {
            invalid(
                e.key,
                format!(
                    "scalar.sgprs_per_wave is {}; it must be 1 to scalar.sgprs_per_simd ({})",
                    self.sgprs_per_wave, self.sgprs_per_simd
                ),
            )
            .also(&["scalar.sgprs_per_simd"])
        })?;
        in_range(
            "scalar.sgpr_granule",
            self.sgpr_granule,
            1,
            self.sgprs_per_simd,
        )
        .map_err(|e| {
            invalid(
                e.key,
                format!(
                    "scalar.sgpr_granule is {}; it must be 1 to scalar.sgprs_per_simd ({})",
                    self.sgpr_granule, self.sgprs_per_simd
                ),
            )
            .also(&["scalar.sgprs_per_simd"])
        })?;
        check_cache("scalar.cache", c.size_bytes, c.line_bytes, c.ways, 1)
    }
}

/// A cache of `size` bytes split over `banks` banks: each bank must get a
/// whole power-of-two number of sets of `ways` lines of `line` bytes.
fn check_cache(key: &str, size: u32, line: u32, ways: u32, banks: u32) -> Result<(), Invalid> {
    let line_key = format!("{key}.line_bytes");
    if !line.is_power_of_two() || !(MIN_LINE..=MAX_LINE).contains(&line) {
        return Err(invalid(
            &line_key,
            format!(
                "{line_key} is {line}; it must be a power of two from {MIN_LINE} to {MAX_LINE}"
            ),
        ));
    }
    let size_key = format!("{key}.size_bytes");
    // The size is checked against the others: a --set of any is named.
    let others = [
        format!("{key}.line_bytes"),
        format!("{key}.ways"),
        format!("{key}.banks"),
    ];
    let others: Vec<&str> = others.iter().map(String::as_str).collect();
    if !size.is_multiple_of(banks) {
        return Err(invalid(
            &size_key,
            format!("{size_key} is {size}, which does not divide evenly among {banks} banks"),
        )
        .also(&others));
    }
    let per_bank = size / banks;
    // At most 4096 x 1024: no overflow.
    let set_bytes = line * ways;
    let sets = per_bank / set_bytes;
    let what = if banks == 1 {
        format!("{key}: size_bytes / (line_bytes * ways)")
    } else {
        format!("{key}: size_bytes / banks / (line_bytes * ways)")
    };
    let sum = if banks == 1 {
        format!("{size} / ({line} * {ways})")
    } else {
        format!("{size} / {banks} / ({line} * {ways})")
    };
    if sets == 0 || !per_bank.is_multiple_of(set_bytes) || !sets.is_power_of_two() {
        return Err(invalid(
            &size_key,
            format!("{what} must be a power of two (it is {sum})"),
        )
        .also(&others));
    }
    if sets > MAX_SETS {
        return Err(invalid(
            &size_key,
            format!("{what} is the number of sets, at most {MAX_SETS} (it is {sum} = {sets})"),
        )
        .also(&others));
    }
    Ok(())
}

/// The line (1-based) where dotted key `key` (`cu.simds`,
/// `classes."valu"`, or a table such as `memory.l1`) is set in `text`;
/// failing that, the line of the innermost table or inline table that
/// holds it, or of the first key inside it.
fn key_line(text: &str, key: &str) -> Option<usize> {
    key_place(text, key).map(|(line, _)| line)
}

/// `key_line`, and whether the line sets `key` itself (not a table around
/// it or a key inside it).
fn key_place(text: &str, key: &str) -> Option<(usize, bool)> {
    let want = key.replace(['"', ' '], "");
    if want.is_empty() {
        return None;
    }
    let mut section = String::new();
    // (length of the enclosing key, its line)
    let mut outer: Option<(usize, usize)> = None;
    let mut inner: Option<usize> = None;
    for (i, raw) in text.lines().enumerate() {
        let line = raw.split('#').next().unwrap_or("").trim();
        let full = if let Some(header) = line.strip_prefix('[') {
            let header = header.trim_start_matches('[');
            let header = header.split(']').next().unwrap_or("");
            section = header.trim().replace(['"', ' '], "");
            section.clone()
        } else if let Some((k, _)) = line.split_once('=') {
            let k = k.trim().replace(['"', ' '], "");
            if section.is_empty() {
                k
            } else {
                format!("{section}.{k}")
            }
        } else {
            continue;
        };
        if full == want {
            return Some((i + 1, true));
        }
        if want.starts_with(&format!("{full}.")) && outer.is_none_or(|(n, _)| full.len() > n) {
            outer = Some((full.len(), i + 1));
        }
        if inner.is_none() && full.starts_with(&format!("{want}.")) {
            inner = Some(i + 1);
        }
    }
    outer.map(|(_, l)| l).or(inner).map(|l| (l, false))
}

/// An unknown top-level key's message as serde words it lists the keys of
/// `Config`, without `inherit`, which `compose` takes out of the table
/// before typing it: named here too, as a key a config file may set.
pub(super) fn with_inherit(message: &str) -> String {
    message.replacen(
        "expected one of `name`,",
        "expected one of `inherit`, `name`,",
        1,
    )
}

/// The first list in a config's table, by its dotted key: no key takes
/// one, but a list of the right length reads as a table of that many keys
/// (`valu = [2, 4, 1]` as count, latency and interval), so lists are
/// refused before anything else.
fn first_list(table: &toml::Table) -> Option<String> {
    table.iter().find_map(|(k, v)| {
        let k = if k.contains('.') {
            format!("{k:?}")
        } else {
            k.clone()
        };
        match v {
            toml::Value::Array(_) => Some(k),
            toml::Value::Table(t) => first_list(t).map(|inner| format!("{k}.{inner}")),
            _ => None,
        }
    })
}

/// The error of a list at `key`.
fn list_error(key: &str) -> Invalid {
    invalid(
        key,
        format!("{key} is a list; a config's keys take single values or tables"),
    )
}
