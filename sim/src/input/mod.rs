//! What users hand in, read and checked before anything runs: workload
//! manifests, GPU configs, kernel files (lowered through `isa`) and Amber
//! scripts. Errors name the file and the place in it.
//!
//! Uses `isa` only; nothing here executes a kernel or knows about time.

pub mod amber;
pub mod config;
pub mod found;
pub mod kernel_file;
pub mod sweep;
pub mod workload;

use std::path::Path;

/// The bytes of input file `path`. Only a regular file (or a link to one)
/// is read: a device such as /dev/zero would be read until memory runs
/// out, and a FIFO would wait for a writer for ever.
pub fn read_file(path: &Path) -> std::io::Result<Vec<u8>> {
    let kind = std::fs::metadata(path)?.file_type();
    // A folder is left to `read`, which says so.
    if !kind.is_file() && !kind.is_dir() {
        return Err(std::io::Error::other(
            "not a regular file (a device, FIFO or socket), which is not read",
        ));
    }
    std::fs::read(path)
}

/// The text of input file `path`, as `read_file` reads it.
pub fn read_text(path: &Path) -> std::io::Result<String> {
    String::from_utf8(read_file(path)?).map_err(|_| {
        std::io::Error::new(
            std::io::ErrorKind::InvalidData,
            "stream did not contain valid UTF-8",
        )
    })
}

/// 1-based line and column (in characters) of byte offset `offset`.
pub(crate) fn line_col(text: &str, offset: usize) -> (usize, usize) {
    let mut offset = offset.min(text.len());
    while !text.is_char_boundary(offset) {
        offset -= 1;
    }
    let before = &text[..offset];
    let line = before.matches('\n').count() + 1;
    let line_start = before.rfind('\n').map_or(0, |p| p + 1);
    let col = before[line_start..].chars().count() + 1;
    (line, col)
}

/// A TOML parse or type error of file `name` (text `text`) as
/// `name:line:column: message`.
pub(crate) fn toml_error(name: &str, text: &str, e: &toml::de::Error) -> String {
    let at = e
        .span()
        .map(|s| {
            let (l, c) = line_col(text, s.start);
            format!("{l}:{c}:")
        })
        .unwrap_or_default();
    // On one line: the parser words some errors over two.
    let message: Vec<&str> = e
        .message()
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty())
        .collect();
    format!("{name}:{at} {}", message.join("; "))
}

/// A size in messages: exact bytes, and MiB for scale ("1073676288 bytes,
/// 1023.9375 MiB"), so that two sizes compared in one message never look
/// equal when they are not.
pub(crate) fn bytes_and_mib(bytes: u128) -> String {
    const MIB: u128 = 1 << 20;
    // Every multiple of 2^-20 has a finite decimal; four places say "about".
    let exact = (bytes * 10_000).is_multiple_of(MIB);
    let mib = format!("{:.4}", bytes as f64 / MIB as f64);
    let mib = mib.trim_end_matches('0').trim_end_matches('.');
    let about = if exact { "" } else { "about " };
    format!("{bytes} bytes, {about}{mib} MiB")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sizes_are_exact_in_bytes_with_mib_for_scale() {
        assert_eq!(bytes_and_mib(1 << 30), "1073741824 bytes, 1024 MiB");
        assert_eq!(
            bytes_and_mib(0x3fff_0000),
            "1073676288 bytes, 1023.9375 MiB"
        );
        assert_eq!(
            bytes_and_mib(0x3fff_0004),
            "1073676292 bytes, about 1023.9375 MiB"
        );
        assert_eq!(bytes_and_mib(0), "0 bytes, 0 MiB");
    }
}
