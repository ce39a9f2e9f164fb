//! Where gpusim's messages go: stdout and stderr, or, on a thread that is
//! capturing, a buffer of both in the order written. Runs done at once on
//! several threads capture what they say, so that it can be shown in the
//! order of the runs, as if they had run one after another.

use std::cell::RefCell;
use std::io::Write as _;

/// The two streams a message can go to.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Stream {
    Out,
    Err,
}

/// What a thread said while capturing: runs of text, each for one stream.
#[derive(Default, Debug)]
pub struct Captured(Vec<(Stream, String)>);

thread_local! {
    static CAPTURING: RefCell<Option<Captured>> = const { RefCell::new(None) };
}

/// Writes `text` to `stream`, or keeps it if this thread is capturing.
/// Only a write to the real stream can fail.
pub fn write(stream: Stream, text: std::fmt::Arguments) -> std::io::Result<()> {
    let kept = CAPTURING.with_borrow_mut(|c| match c {
        Some(Captured(runs)) => {
            use std::fmt::Write as _;
            match runs.last_mut() {
                Some((s, run)) if *s == stream => run.write_fmt(text),
                _ => {
                    let mut run = String::new();
                    let written = run.write_fmt(text);
                    runs.push((stream, run));
                    written
                }
            }
            .expect("formatting into a String does not fail");
            true
        }
        None => false,
    });
    if kept {
        return Ok(());
    }
    match stream {
        Stream::Out => std::io::stdout().write_fmt(text),
        Stream::Err => std::io::stderr().write_fmt(text),
    }
}

/// Runs `f`, keeping what it says on this thread instead of writing it.
pub fn capture<R>(f: impl FnOnce() -> R) -> (R, Captured) {
    let outer = CAPTURING.replace(Some(Captured::default()));
    let r = f();
    let said = CAPTURING
        .replace(outer)
        .expect("the capture set above is still there");
    (r, said)
}

impl Captured {
    /// The runs of text in the order they were written.
    pub fn runs(&self) -> impl Iterator<Item = (Stream, &str)> {
        self.0.iter().map(|(s, t)| (*s, t.as_str()))
    }
}

/// `one` for a count of 1, else `many`, as messages and labels word a
/// count ("1 byte differs", "3 bytes differ").
pub fn plural<'a>(n: u64, one: &'a str, many: &'a str) -> &'a str {
    if n == 1 {
        one
    } else {
        many
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_capture_keeps_both_streams_in_order_and_nests() {
        let ((), said) = capture(|| {
            write(Stream::Out, format_args!("a{}", 1)).unwrap();
            write(Stream::Out, format_args!("b\n")).unwrap();
            write(Stream::Err, format_args!("e\n")).unwrap();
            let ((), inner) = capture(|| write(Stream::Out, format_args!("inner")).unwrap());
            assert_eq!(inner.runs().collect::<Vec<_>>(), [(Stream::Out, "inner")]);
            write(Stream::Out, format_args!("c")).unwrap();
        });
        assert_eq!(
            said.runs().collect::<Vec<_>>(),
            [
                (Stream::Out, "a1b\n"),
                (Stream::Err, "e\n"),
                (Stream::Out, "c")
            ]
        );
        // Nothing is kept once the capture is over.
        assert!(CAPTURING.with_borrow(|c| c.is_none()));
    }
}
