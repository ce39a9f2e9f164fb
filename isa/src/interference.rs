//! Which registers' live ranges interfere, as a register allocator asks
//! it (Chaitin's test: two registers interfere when one is written while
//! the other is live, a copy's own source excepted), and storage shared by
//! registers that do not: coalescing copies (`lower::coalesce`) and the
//! rows a wave stores (`row_per_register`) both rest on it.
//!
//! Liveness is per lane (`liveness`): every write changes only the lanes
//! that execute it, so each lane sees the sequential program, whatever
//! order divergent paths run in.

use crate::ir::{Inst, Kernel, Reg};
use crate::liveness::{destination, sources, Liveness, RegSet};

/// The most interfering pairs a graph is built from. A kernel with more
/// (hundreds of thousands of values live at once: a fuzzed or generated
/// giant) gets no graph, so that the time to build one stays bounded;
/// every bundled kernel needs far fewer.
const MAX_INTERFERENCE_PAIRS: usize = 1 << 22;

/// The most registers a graph relates: it is a bit matrix over them
/// (8 MiB at this size).
const MAX_RELATED: usize = 8192;

/// Interference among a set of registers: a symmetric bit matrix over
/// their compact indices.
pub struct Interference {
    /// Each register's compact index (`u32::MAX`: not related).
    index: Vec<u32>,
    rows: Vec<RegSet>,
}

impl Interference {
    /// The interference among the registers of `related`, judged with the
    /// registers of `tracked` live (a superset of `related`); `preloaded`
    /// ones are written at launch, before the entry. None when the graph
    /// would be too large (`MAX_RELATED`, `MAX_INTERFERENCE_PAIRS`).
    pub fn build(
        kernel: &Kernel,
        tracked: &RegSet,
        related: &RegSet,
        preloaded: &RegSet,
    ) -> Option<Interference> {
        let n = related.iter().count();
        if n > MAX_RELATED {
            return None;
        }
        let live = Liveness::new(kernel, |r| tracked.contains(r));
        let mut index = vec![u32::MAX; kernel.reg_count as usize];
        for (i, r) in related.iter().enumerate() {
            index[r as usize] = i as u32;
        }
        let mut graph = Interference {
            index,
            rows: (0..n).map(|_| RegSet::new(n)).collect(),
        };
        let mut edges = 0usize;
        for b in 0..live.blocks() {
            live.walk_back(kernel, b, |pc, after| {
                if edges > MAX_INTERFERENCE_PAIRS {
                    return;
                }
                let inst = &kernel.insts[pc];
                let Some(d) = destination(inst).filter(|&d| related.contains(d)) else {
                    return;
                };
                let copied = match inst {
                    Inst::Mov { src, .. } => Some(*src),
                    _ => None,
                };
                for r in after.iter() {
                    if r != d && Some(r) != copied && related.contains(r) {
                        graph.add(d, r);
                        edges += 1;
                    }
                }
            });
        }
        if edges > MAX_INTERFERENCE_PAIRS {
            return None;
        }
        // A preloaded register is written before the entry, where every
        // register live into it is live.
        if let Some(entry) = live.live_in.first() {
            for p in preloaded.iter().filter(|&p| related.contains(p)) {
                for r in entry.iter().filter(|&r| r != p && related.contains(r)) {
                    graph.add(p, r);
                }
            }
        }
        Some(graph)
    }

    fn add(&mut self, a: Reg, b: Reg) {
        let (a, b) = (self.index[a as usize], self.index[b as usize]);
        self.rows[a as usize].insert(b);
        self.rows[b as usize].insert(a);
    }

    pub fn interfere(&self, a: Reg, b: Reg) -> bool {
        self.rows[self.index[a as usize] as usize].contains(self.index[b as usize])
    }

    /// `gone` joins `keep`'s class: its neighbours become `keep`'s.
    pub fn merge(&mut self, keep: Reg, gone: Reg) {
        let (k, g) = (self.index[keep as usize], self.index[gone as usize]);
        let size = self.rows.len();
        let neighbours = std::mem::replace(&mut self.rows[g as usize], RegSet::new(size));
        for n in neighbours.iter() {
            let row = &mut self.rows[n as usize];
            row.remove(g);
            row.insert(k);
            self.rows[k as usize].insert(n);
        }
    }
}

/// A storage row for every register of `kernel`, shared by registers whose
/// live ranges do not interfere, and how many rows there are: the rows a
/// wave stores instead of one per register (the ALU loop's kernel has 36
/// registers of which at most a handful hold live values at once).
///
/// Only registers that an instruction writes and that no lane reads
/// before writing share rows; the others (constants, arguments, built-ins,
/// values read undefined) keep a row each, as launch sets them. A register
/// takes the lowest row that none of its neighbours holds and that none of
/// its first writer's operands holds (a result written over an operand
/// costs a handler a copy), or a new row. Each register keeps its own row
/// when the graph is too large to build.
pub fn row_per_register(kernel: &Kernel) -> (Vec<u32>, usize) {
    let regs = kernel.reg_count as usize;
    let mut shared = RegSet::new(regs);
    for d in kernel.insts.iter().filter_map(destination) {
        shared.insert(d);
    }
    for slot in &kernel.builtins {
        for &r in &slot.regs {
            shared.remove(r);
        }
    }
    // Each counts as written at launch, which a wave's restart does to
    // those a lane reads before writing (`Launch::reuse_resets`): one live
    // into the entry then interferes with every other, and keeps a row of
    // its own.
    let Some(mut graph) = Interference::build(kernel, &shared, &shared, &shared) else {
        return row_each(kernel);
    };
    // The unshared registers first, one row each; the shared ones in the
    // order of their first write.
    let mut row = vec![u32::MAX; regs];
    let mut rows = 0u32;
    for r in (0..regs as Reg).filter(|&r| !shared.contains(r)) {
        row[r as usize] = rows;
        rows += 1;
    }
    let first_shared = rows;
    // Per shared row, a register holding it, which stands for them all in
    // the graph (`Interference::merge`).
    let mut holder: Vec<Reg> = Vec::new();
    let mut operands = Vec::new();
    for inst in &kernel.insts {
        let Some(d) = destination(inst).filter(|&d| row[d as usize] == u32::MAX) else {
            continue;
        };
        sources(kernel, inst, &mut operands);
        let operand_row = |k: usize| {
            operands
                .iter()
                .any(|&s| row[s as usize] == first_shared + k as u32)
        };
        match (0..holder.len()).find(|&k| !graph.interfere(d, holder[k]) && !operand_row(k)) {
            Some(k) => {
                graph.merge(holder[k], d);
                row[d as usize] = first_shared + k as u32;
            }
            None => {
                row[d as usize] = first_shared + holder.len() as u32;
                holder.push(d);
            }
        }
    }
    (row, first_shared as usize + holder.len())
}

/// A row of its own for every register of `kernel`, and how many rows.
pub fn row_each(kernel: &Kernel) -> (Vec<u32>, usize) {
    let regs = kernel.reg_count as usize;
    ((0..regs as u32).collect(), regs)
}
