//! VkScript, Amber's older format (a file whose first line is not
//! `#!amber` but a `[section]`), read into the same [`Script`] an
//! AmberScript file gives: its compute subset. `[require]` lists device
//! extensions and features; `[compute shader]` (GLSL), `[compute shader
//! spirv]` and `[compute shader spirv hex]` hold the kernel; `[test]` holds
//! `ssbo` / `uniform` writes, `compute` dispatches, `probe ssbo` checks and
//! `tolerance`. Buffers are made per binding, as Amber makes them: each
//! takes the type of its first write (or probe) and the size its writes and
//! `ssbo S:B n` (n elements of that type) reach; values are laid out as
//! std430 (a 3-vector takes four slots), and a uniform buffer's matrices
//! std140, as Amber writes them. `[comment]` sections are skipped.
//! Graphics sections and commands SKIP.

use super::{
    encode, parse_num, Bind, BindTarget, BufferDecl, Cmd, Cmp, Expect, ExpectKind, Layout, Num,
    Pipeline, Script, Shader, ShaderFormat, ShaderSource, Stop, SUPPORTED_DEVICE_EXTENSIONS,
    SUPPORTED_FEATURES,
};
use crate::input::workload::ElemType;
use std::collections::BTreeMap;

/// The one pipeline and shader a VkScript file has.
const PIPELINE: &str = "pipeline";
const SHADER: &str = "compute";

/// Whether `text` is VkScript: its first line that is not blank or a
/// comment is a `[section]`.
pub fn is_vkscript(text: &str) -> bool {
    text.lines()
        .map(str::trim)
        .find(|l| !l.is_empty() && !l.starts_with('#'))
        .is_some_and(|l| l.starts_with('[') && l.ends_with(']'))
}

/// A binding: (set, binding, uniform), or [`PUSH_CONSTANTS`] for the
/// push constants.
type Key = (u32, u32, bool);

/// The key of the push constants (`uniform TYPE OFFSET values`).
const PUSH_CONSTANTS: Key = (u32::MAX, 0, false);

/// A write of `bytes` at byte `offset` into a binding's buffer, from `line`.
struct Write {
    line: usize,
    key: Key,
    offset: usize,
    bytes: Vec<u8>,
}

/// A buffer made for one binding.
struct Buf {
    name: String,
    layout: Option<Layout>,
    /// Elements set by `ssbo S:B n`, of the buffer's final type (as in
    /// Amber, whose probe gives an untyped buffer its type).
    count: usize,
    /// The end of the furthest write.
    written: usize,
}

struct Reader<'a> {
    file: &'a str,
    script: Script,
    buffers: BTreeMap<Key, Buf>,
    entry: Option<String>,
    /// The tolerance `~=` probes use (`tolerance`), as (value, percent).
    tolerance: Option<(f64, bool)>,
    /// The writes not yet made commands, in order.
    writes: Vec<Write>,
}

pub fn parse(text: &str, file: &str) -> Result<Script, Stop> {
    let mut r = Reader {
        file,
        script: Script::default(),
        buffers: BTreeMap::new(),
        entry: None,
        tolerance: None,
        writes: Vec::new(),
    };
    let lines: Vec<&str> = text.lines().collect();
    let mut i = 0;
    let mut section: Option<(String, usize)> = None;
    while i < lines.len() {
        let line_no = i + 1;
        let line = lines[i].trim();
        if line.starts_with('[') && line.ends_with(']') {
            let name = line[1..line.len() - 1].trim().to_string();
            if let Some(format) = shader_format(&name) {
                // The shader is every line up to the next section.
                let end = (i + 1..lines.len())
                    .find(|&k| {
                        let t = lines[k].trim();
                        t.starts_with('[') && t.ends_with(']')
                    })
                    .unwrap_or(lines.len());
                let body = lines[i + 1..end].join("\n") + "\n";
                r.shader(line_no, format, body)?;
                i = end;
                section = None;
                continue;
            }
            match name.as_str() {
                "require" | "test" | "comment" => section = Some((name, line_no)),
                "indices" | "vertex data" => return Err(r.graphics(line_no)),
                s if s.contains("shader") => return Err(r.graphics(line_no)),
                other => return Err(r.bad(line_no, format!("unknown section [{other}]"))),
            }
            i += 1;
            continue;
        }
        // A `\` at the end of a line continues it on the next.
        let mut joined = line.to_string();
        i += 1;
        while joined.ends_with('\\') && i < lines.len() {
            joined.pop();
            joined.push(' ');
            joined.push_str(lines[i].trim());
            i += 1;
        }
        let line = joined.as_str();
        let words: Vec<&str> = line
            .split_whitespace()
            .take_while(|w| !w.starts_with('#'))
            .collect();
        if words.is_empty() {
            continue;
        }
        match section.as_ref().map(|s| s.0.as_str()) {
            Some("require") => r.require(line_no, &words)?,
            Some("test") => r.test(line_no, line, &words)?,
            Some("comment") => {}
            _ => {
                return Err(r.bad(
                    line_no,
                    "not an AmberScript file (the first line must be #!amber) nor VkScript (text outside a [section])",
                ))
            }
        }
    }
    r.finish()
}

/// The shader format of a compute shader section, `None` for other sections.
fn shader_format(section: &str) -> Option<ShaderFormat> {
    Some(match section {
        "compute shader" => ShaderFormat::Glsl,
        "compute shader spirv" => ShaderFormat::SpirvAsm,
        "compute shader spirv hex" => ShaderFormat::SpirvHex,
        _ => return None,
    })
}

/// A VkScript data type (Amber's DatumTypeParser): `int`, `uint`,
/// `float`, `double`, `int8_t` ... `uint64_t`, and vectors and matrices
/// such as `vec4`, `ivec2`, `u16vec3`, `dvec2`, `mat4x3`, `dmat2`.
fn datum_type(name: &str, uniform: bool) -> Option<Layout> {
    let scalar = match name {
        "int" => Some(ElemType::I32),
        "uint" => Some(ElemType::U32),
        "int8_t" => Some(ElemType::I8),
        "uint8_t" => Some(ElemType::U8),
        "int16_t" => Some(ElemType::I16),
        "uint16_t" => Some(ElemType::U16),
        "int64_t" => Some(ElemType::I64),
        "uint64_t" => Some(ElemType::U64),
        "float" => Some(ElemType::F32),
        "double" => Some(ElemType::F64),
        _ => None,
    };
    if let Some(t) = scalar {
        return Some(Layout::new(t, 1, 1, false));
    }
    let b = name.as_bytes();
    let bits = match (b.get(1), b.get(2)) {
        (Some(b'8'), _) => 8,
        (Some(b'1'), Some(b'6')) => 16,
        (Some(b'6'), Some(b'4')) => 64,
        _ if b.first() == Some(&b'd') => 64,
        _ => 32,
    };
    let digit = |at: usize| -> Option<usize> {
        match name.as_bytes().get(at) {
            None => Some(4),
            Some(c @ b'2'..=b'4') => Some((c - b'0') as usize),
            Some(_) => None,
        }
    };
    let (kind, rows, cols) = if let Some(at) = name.find("vec") {
        let kind = match b[0] {
            b'i' => 'i',
            b'u' => 'u',
            _ => 'f',
        };
        (kind, digit(at + 3)?, 1)
    } else {
        let at = name.find("mat")?;
        let cols = digit(at + 3)?;
        let rows = if b.get(at + 4) == Some(&b'x') {
            digit(at + 5)?
        } else {
            cols
        };
        ('f', rows, cols)
    };
    let t = match (kind, bits) {
        ('i', 8) => ElemType::I8,
        ('i', 16) => ElemType::I16,
        ('i', 32) => ElemType::I32,
        ('i', 64) => ElemType::I64,
        ('u', 8) => ElemType::U8,
        ('u', 16) => ElemType::U16,
        ('u', 32) => ElemType::U32,
        ('u', 64) => ElemType::U64,
        ('f', 16) => ElemType::F16,
        ('f', 32) => ElemType::F32,
        ('f', 64) => ElemType::F64,
        _ => return None,
    };
    // Amber lays out a uniform buffer's matrices std140 (columns of 16
    // bytes), its scalars and vectors packed.
    Some(Layout::new(t, rows, cols, uniform && cols > 1))
}

/// `S:B` or `B` (set 0).
fn binding(word: &str) -> Option<(u32, u32)> {
    match word.split_once(':') {
        Some((s, b)) => Some((s.parse().ok()?, b.parse().ok()?)),
        None => Some((0, word.parse().ok()?)),
    }
}

impl Reader<'_> {
    fn bad(&self, line: usize, m: impl std::fmt::Display) -> Stop {
        Stop::Bad(format!("{}:{line}: {m}", self.file))
    }

    fn unsupported(&self, line: usize, m: impl std::fmt::Display) -> Stop {
        Stop::Unsupported(format!("{}:{line}: {m}", self.file))
    }

    fn graphics(&self, line: usize) -> Stop {
        self.unsupported(line, "graphics pipelines are not supported")
    }

    fn shader(&mut self, line: usize, format: ShaderFormat, text: String) -> Result<(), Stop> {
        if self.script.shaders.contains_key(SHADER) {
            return Err(self.bad(line, "a second compute shader"));
        }
        self.script.shaders.insert(
            SHADER.into(),
            Shader {
                name: SHADER.into(),
                line,
                format,
                source: ShaderSource::Inline {
                    text,
                    first_line: line + 1,
                },
                target_env: None,
            },
        );
        Ok(())
    }

    fn require(&mut self, line: usize, words: &[&str]) -> Result<(), Stop> {
        let name = words[0];
        if name.starts_with("VK_") {
            if !SUPPORTED_DEVICE_EXTENSIONS.contains(&name) {
                return Err(
                    self.unsupported(line, format!("device extension {name} is not supported"))
                );
            }
            if name == "VK_KHR_spirv_1_4" {
                if let Some(s) = self.script.shaders.get_mut(SHADER) {
                    s.target_env = Some("spv1.4".into());
                }
            }
            return Ok(());
        }
        // Framebuffer and timeout settings concern graphics or the driver.
        if matches!(
            name,
            "fbsize" | "fence_timeout" | "framebuffer" | "depthstencil"
        ) {
            self.script
                .notes
                .push(format!("line {line}: {} ignored", words.join(" ")));
            return Ok(());
        }
        if !SUPPORTED_FEATURES.contains(&name) {
            return Err(self.unsupported(line, format!("device feature {name} is not supported")));
        }
        Ok(())
    }

    fn test(&mut self, line: usize, text: &str, w: &[&str]) -> Result<(), Stop> {
        let word = |i: usize| -> Result<&str, Stop> {
            w.get(i)
                .copied()
                .ok_or_else(|| self.bad(line, format!("'{}' is missing operands", w[0])))
        };
        match w[0] {
            "ssbo" => {
                let (set, b) =
                    binding(word(1)?).ok_or_else(|| self.bad(line, "expected a binding S:B"))?;
                if word(2)? == "subdata" {
                    self.write(line, (set, b, false), word(3)?, word(4)?, &w[5..])
                } else {
                    let n: usize = word(2)?
                        .parse()
                        .map_err(|_| self.bad(line, format!("'{}' is not a size", w[2])))?;
                    let buf = self.buffer(line, (set, b, false))?;
                    buf.count = n;
                    Ok(())
                }
            }
            "uniform" if word(1)? == "ubo" => {
                let (set, b) =
                    binding(word(2)?).ok_or_else(|| self.bad(line, "expected a binding S:B"))?;
                self.write(line, (set, b, true), word(3)?, word(4)?, &w[5..])
            }
            // Push constants: `uniform TYPE OFFSET values`.
            "uniform" => self.write(line, PUSH_CONSTANTS, word(1)?, word(2)?, &w[3..]),
            "compute" if word(1)? == "entrypoint" => {
                self.entry = Some(word(2)?.to_string());
                Ok(())
            }
            "compute" => {
                let mut groups = [0u32; 3];
                for (k, g) in groups.iter_mut().enumerate() {
                    *g = word(1 + k)?
                        .parse()
                        .map_err(|_| self.bad(line, format!("'{}' is not a count", w[1 + k])))?;
                }
                self.flush_writes();
                self.script.commands.push(Cmd::Run {
                    line,
                    pipeline: PIPELINE.into(),
                    groups,
                });
                Ok(())
            }
            "probe" if word(1)? == "ssbo" => self.probe(line, text, w),
            "tolerance" => {
                let t = word(1)?;
                let (v, percent) = match t.strip_suffix('%') {
                    Some(v) => (v, true),
                    None => (t, false),
                };
                let v = match parse_num(v) {
                    Some(n) => n.as_f64(),
                    None => return Err(self.bad(line, format!("'{t}' is not a tolerance"))),
                };
                self.tolerance = Some((v, percent));
                Ok(())
            }
            "draw" | "clear" | "patch" | "probe" | "relative" => Err(self.graphics(line)),
            other => Err(self.bad(line, format!("unknown command '{other}'"))),
        }
    }

    fn buffer(&mut self, line: usize, key: Key) -> Result<&mut Buf, Stop> {
        let other = (key.0, key.1, !key.2);
        if key != PUSH_CONSTANTS && self.buffers.contains_key(&other) {
            return Err(self.bad(
                line,
                format!(
                    "binding {}:{} is both a storage and a uniform buffer",
                    key.0, key.1
                ),
            ));
        }
        let n = self.buffers.len();
        Ok(self.buffers.entry(key).or_insert_with(|| Buf {
            name: if key == PUSH_CONSTANTS {
                "push_constants".into()
            } else {
                format!("buffer{n}_{}_{}", key.0, key.1)
            },
            layout: None,
            count: 0,
            written: 0,
        }))
    }

    fn values(&self, line: usize, words: &[&str]) -> Result<Vec<Num>, Stop> {
        words
            .iter()
            .map(|v| parse_num(v).ok_or_else(|| self.bad(line, format!("'{v}' is not a number"))))
            .collect()
    }

    /// `ssbo S:B subdata TYPE OFFSET values` and the uniform forms.
    fn write(
        &mut self,
        line: usize,
        key: Key,
        ty: &str,
        offset: &str,
        values: &[&str],
    ) -> Result<(), Stop> {
        let layout = datum_type(ty, key.2)
            .ok_or_else(|| self.bad(line, format!("unknown data type '{ty}'")))?;
        let offset: usize = offset
            .parse()
            .map_err(|_| self.bad(line, format!("'{offset}' is not a byte offset")))?;
        let vals = self.values(line, values)?;
        let comps = layout.components().max(1);
        let len = vals.len().div_ceil(comps) * layout.size;
        let mut bytes = vec![0u8; len];
        encode(&layout, vals.iter().copied(), &mut bytes);
        let end = offset
            .checked_add(len)
            .filter(|&e| e <= super::MAX_BUFFER_BYTES)
            .ok_or_else(|| self.bad(line, "the write goes past the largest buffer"))?;
        let buf = self.buffer(line, key)?;
        match &buf.layout {
            None => buf.layout = Some(layout),
            Some(l) if l.segs != layout.segs => {
                return Err(self.bad(
                    line,
                    format!("type '{ty}' differs from the buffer's first write"),
                ))
            }
            Some(_) => {}
        }
        buf.written = buf.written.max(end);
        self.writes.push(Write {
            line,
            key,
            offset,
            bytes,
        });
        Ok(())
    }

    /// Turns the writes so far into commands (the buffers are declared at
    /// their final size, zeroed, and written in order).
    fn flush_writes(&mut self) {
        for w in std::mem::take(&mut self.writes) {
            self.script.commands.push(Cmd::Write {
                line: w.line,
                buffer: self.buffers[&w.key].name.clone(),
                offset: w.offset,
                bytes: w.bytes,
            });
        }
    }

    /// `probe ssbo TYPE S:B OFFSET CMP values`.
    fn probe(&mut self, line: usize, text: &str, w: &[&str]) -> Result<(), Stop> {
        if w.len() < 7 {
            return Err(self.bad(line, "probe ssbo needs TYPE S:B OFFSET COMPARATOR VALUES"));
        }
        let layout = datum_type(w[2], false)
            .ok_or_else(|| self.bad(line, format!("unknown data type '{}'", w[2])))?;
        let (set, b) = binding(w[3]).ok_or_else(|| self.bad(line, "expected a binding S:B"))?;
        let buffer = match self.buffers.get_mut(&(set, b, false)) {
            Some(buf) => {
                buf.layout.get_or_insert_with(|| layout.clone());
                buf.name.clone()
            }
            None => return Err(self.bad(line, format!("no buffer at set {set} binding {b}"))),
        };
        let offset: usize = w[4]
            .parse()
            .map_err(|_| self.bad(line, format!("'{}' is not a byte offset", w[4])))?;
        let (cmp, tolerance) = match w[5] {
            "==" => (Cmp::Eq, None),
            "!=" => (Cmp::Ne, None),
            "<" => (Cmp::Lt, None),
            "<=" => (Cmp::Le, None),
            ">" => (Cmp::Gt, None),
            ">=" => (Cmp::Ge, None),
            "~=" => (Cmp::Eq, self.tolerance),
            other => return Err(self.bad(line, format!("unknown comparator '{other}'"))),
        };
        let values = self.values(line, &w[6..])?;
        self.flush_writes();
        self.script.commands.push(Cmd::Expect(Expect {
            line,
            text: text.to_string(),
            buffer,
            kind: ExpectKind::Values {
                offset,
                cmp,
                tolerance,
                values,
            },
            layout: Some(layout),
        }));
        Ok(())
    }

    fn finish(mut self) -> Result<Script, Stop> {
        self.flush_writes();
        if !self.script.shaders.contains_key(SHADER) {
            return Err(self.bad(1, "no [compute shader] section"));
        }
        let mut binds = Vec::new();
        for (&key, buf) in &self.buffers {
            let layout = buf
                .layout
                .clone()
                .unwrap_or_else(|| Layout::new(ElemType::U8, 1, 1, false));
            let size = buf.written.max(buf.count.saturating_mul(layout.size));
            if size > super::MAX_BUFFER_BYTES {
                return Err(self.bad(1, format!("buffer {} would be {size} bytes", buf.name)));
            }
            self.script.buffers.push(BufferDecl {
                name: buf.name.clone(),
                layout,
                bytes: vec![0; size],
                format: None,
                image: None,
            });
            binds.push(Bind {
                buffer: buf.name.clone(),
                target: if key == PUSH_CONSTANTS {
                    BindTarget::PushConstant
                } else {
                    BindTarget::Descriptor {
                        set: key.0,
                        binding: key.1,
                        index: 0,
                    }
                },
                offset: 0,
                range: None,
                image: None,
                sampler: None,
                base_mip_level: 0,
            });
        }
        self.script.pipelines.insert(
            PIPELINE.into(),
            Pipeline {
                name: PIPELINE.into(),
                line: 1,
                shader: Some(SHADER.into()),
                entry: self.entry.clone(),
                spec: Vec::new(),
                binds,
                kernel_args: Vec::new(),
                compile_options: Vec::new(),
                clamp_indices: false,
                subgroup: None,
                sampler_binds: Vec::new(),
            },
        );
        Ok(self.script)
    }
}
