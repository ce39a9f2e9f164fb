//! Reading a kernel file (`.spv` binary or `.spvasm` text) and lowering it,
//! with errors that name the file and the place in it.

use isa::ir::Kernel;
use isa::lower::Options;
use isa::module::{Location, Module, ModuleError};
use std::path::{Path, PathBuf};

pub struct KernelFile {
    pub path: PathBuf,
    pub module: Module,
    /// For text input: the line of each instruction, in order.
    lines: Option<Vec<usize>>,
}

impl KernelFile {
    pub fn load(path: &Path) -> Result<KernelFile, String> {
        let bytes = crate::input::read_file(path)
            .map_err(|e| format!("{}: cannot read: {e}", path.display()))?;
        let is_text = path.extension().is_some_and(|e| e == "spvasm");
        if is_text {
            let text = String::from_utf8(bytes)
                .map_err(|_| format!("{}: not UTF-8 text", path.display()))?;
            let words = isa::asm::assemble(&text)
                .map_err(|e| format!("{}:{}: {}", path.display(), e.line, e.message))?;
            let module =
                isa::module::parse_words(&words).map_err(|e| format!("{}: {e}", path.display()))?;
            Ok(KernelFile {
                path: path.to_path_buf(),
                module,
                lines: Some(instruction_lines(&text)),
            })
        } else {
            let module =
                isa::module::parse_bytes(&bytes).map_err(|e| format!("{}: {e}", path.display()))?;
            Ok(KernelFile {
                path: path.to_path_buf(),
                module,
                lines: None,
            })
        }
    }

    /// Lowers entry point `entry`; errors name this file.
    pub fn lower(&self, entry: &str, options: &Options) -> Result<Kernel, String> {
        let mut kernel =
            isa::lower::lower(&self.module, entry, options).map_err(|e| self.describe(e))?;
        kernel.source = self.path.display().to_string();
        if self.lines.is_some() {
            for o in &mut kernel.origins {
                o.location = self.to_line(o.location);
            }
        }
        Ok(kernel)
    }

    fn to_line(&self, loc: Location) -> Location {
        match (&self.lines, loc) {
            (Some(lines), Location::Word(w)) => {
                let i = self.module.instrs.partition_point(|ins| ins.offset < w);
                match lines.get(i) {
                    Some(l) if self.module.instrs.get(i).is_some_and(|ins| ins.offset == w) => {
                        Location::Line(*l)
                    }
                    _ => Location::Word(w),
                }
            }
            (_, loc) => loc,
        }
    }

    /// Formats a module error as `file:line: message` or `file: word N: message`.
    pub fn describe(&self, e: ModuleError) -> String {
        match e.location.map(|l| self.to_line(l)) {
            Some(Location::Line(l)) => format!("{}:{l}: {}", self.path.display(), e.message),
            Some(loc) => format!("{}: {loc}: {}", self.path.display(), e.message),
            None => format!("{}: {}", self.path.display(), e.message),
        }
    }
}

/// The line number (1-based) of each instruction of a `.spvasm` text: every
/// line that is not blank or only a comment holds exactly one.
fn instruction_lines(text: &str) -> Vec<usize> {
    text.lines()
        .enumerate()
        .filter(|(_, l)| {
            let code = l.split(';').next().unwrap_or("").trim();
            !code.is_empty()
        })
        .map(|(i, _)| i + 1)
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn instruction_lines_skip_comments_and_blanks() {
        let t = "; SPIR-V\n\nOpCapability Shader ; why\n   ; only comment\n%1 = OpTypeVoid\n";
        assert_eq!(instruction_lines(t), vec![3, 5]);
    }
}
