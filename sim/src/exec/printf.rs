//! What a launch's OpenCL printf calls gave: the text printed, in
//! execution order, and the calls that printed nothing and returned -1
//! (an invalid format, arguments that do not match it), gathered per call
//! site and message so that a run can say why output is missing.

/// A launch's printf output, or a part of it (one chunk of workgroups in
/// a parallel run, appended in workgroup order).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Printed {
    pub text: String,
    /// One per distinct (call site, message), in the order first met.
    pub failures: Vec<PrintfFailure>,
}

/// Calls of one printf instruction that failed with one message.
#[derive(Clone, Debug, PartialEq)]
pub struct PrintfFailure {
    /// The printf instruction.
    pub pc: u32,
    pub message: String,
    /// How many calls (one per invocation) failed so.
    pub count: u64,
}

impl Printed {
    /// One invocation's call at `pc` failed with `message`.
    pub fn fail(&mut self, pc: u32, message: String) {
        self.add_failures(pc, message, 1);
    }

    fn add_failures(&mut self, pc: u32, message: String, count: u64) {
        // Distinct failures are few (a kernel's formats are literals), so
        // a search beats a map.
        match (self.failures.iter_mut()).find(|f| f.pc == pc && f.message == message) {
            Some(f) => f.count += count,
            None => self.failures.push(PrintfFailure { pc, message, count }),
        }
    }

    /// Appends what later workgroups printed: the same text and the same
    /// failures, in the same order, as if they had run after these on
    /// one thread.
    pub fn append(&mut self, later: Printed) {
        self.text.push_str(&later.text);
        for f in later.failures {
            self.add_failures(f.pc, f.message, f.count);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn appended_parts_give_what_one_part_gathers() {
        let calls = [(7, "a"), (3, "b"), (7, "a"), (7, "c"), (3, "b"), (9, "a")];
        let mut whole = Printed::default();
        for (pc, m) in calls {
            whole.fail(pc, m.into());
        }
        // Gathered by hand: first-met order, counts per (pc, message).
        let want = [(7, "a", 2), (3, "b", 2), (7, "c", 1), (9, "a", 1)];
        let got: Vec<_> = (whole.failures.iter())
            .map(|f| (f.pc, f.message.as_str(), f.count))
            .collect();
        assert_eq!(got, want);
        for cut in 0..=calls.len() {
            let mut first = Printed::default();
            let mut second = Printed::default();
            for (i, (pc, m)) in calls.iter().enumerate() {
                let part = if i < cut { &mut first } else { &mut second };
                part.text.push_str(m);
                part.fail(*pc, m.to_string());
            }
            first.append(second);
            assert_eq!(first.failures, whole.failures, "cut at {cut}");
            assert_eq!(first.text, "abacba");
        }
    }
}
