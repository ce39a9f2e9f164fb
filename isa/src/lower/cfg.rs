//! Where the lanes of a divergent branch meet again: immediate
//! post-dominators, with the early returns of a structured entry point
//! routed to the merge of the construct they leave.

/// Immediate dominators of the graph `succs` from `root` (Cooper, Harvey
/// and Kennedy's iterative algorithm). `None` for the root and for nodes the
/// root does not reach.
fn immediate_dominators(succs: &[Vec<usize>], root: usize) -> Vec<Option<usize>> {
    let n = succs.len();
    let mut preds: Vec<Vec<usize>> = vec![Vec::new(); n];
    for (b, s) in succs.iter().enumerate() {
        for &t in s {
            preds[t].push(b);
        }
    }
    // Postorder from the root (iterative DFS).
    let mut order = Vec::with_capacity(n);
    let mut seen = vec![false; n];
    let mut stack = vec![(root, 0usize)];
    seen[root] = true;
    while let Some((node, next)) = stack.pop() {
        if next < succs[node].len() {
            stack.push((node, next + 1));
            let child = succs[node][next];
            if !seen[child] {
                seen[child] = true;
                stack.push((child, 0));
            }
        } else {
            order.push(node);
        }
    }
    let mut rank = vec![usize::MAX; n];
    for (i, &b) in order.iter().enumerate() {
        rank[b] = i;
    }
    let mut idom: Vec<Option<usize>> = vec![None; n];
    idom[root] = Some(root);
    let intersect = |idom: &[Option<usize>], mut a: usize, mut b: usize| {
        while a != b {
            while rank[a] < rank[b] {
                a = idom[a].expect("processed");
            }
            while rank[b] < rank[a] {
                b = idom[b].expect("processed");
            }
        }
        a
    };
    let mut changed = true;
    while changed {
        changed = false;
        for &b in order.iter().rev() {
            if b == root {
                continue;
            }
            let mut new: Option<usize> = None;
            for &p in &preds[b] {
                if idom[p].is_none() {
                    continue;
                }
                new = Some(match new {
                    None => p,
                    Some(q) => intersect(&idom, p, q),
                });
            }
            if new.is_some() && idom[b] != new {
                idom[b] = new;
                changed = true;
            }
        }
    }
    idom[root] = None;
    idom
}

/// `succs[b]` lists the successors of block `b`; blocks without successors
/// (return, unreachable) flow to a virtual exit. Returns, per block, its
/// immediate post-dominator, or `None` when that is the exit (or the block
/// cannot reach the exit, as in an endless loop).
pub fn immediate_post_dominators(succs: &[Vec<usize>]) -> Vec<Option<usize>> {
    let n = succs.len();
    let exit = n;
    // The reverse graph, rooted at the exit.
    let mut rev: Vec<Vec<usize>> = vec![Vec::new(); n + 1];
    for (b, s) in succs.iter().enumerate() {
        if s.is_empty() {
            rev[exit].push(b);
        }
        for &t in s {
            rev[t].push(b);
        }
    }
    let mut p = immediate_dominators(&rev, exit);
    p.truncate(n);
    p.into_iter().map(|d| d.filter(|&d| d != exit)).collect()
}

/// Structured constructs on structural dominance: the CFG plus an edge from
/// each header to its merge and continue target, so that a loop merge
/// reached only through a break is not inside the breaking selection.
struct Constructs<'a> {
    headers: &'a [Vec<usize>],
    idom: Vec<Option<usize>>,
}

impl Constructs<'_> {
    fn new<'a>(succs: &[Vec<usize>], headers: &'a [Vec<usize>]) -> Constructs<'a> {
        let structural: Vec<Vec<usize>> = succs
            .iter()
            .zip(headers)
            .map(|(s, h)| s.iter().chain(h).copied().collect())
            .collect();
        Constructs {
            headers,
            idom: immediate_dominators(&structural, 0),
        }
    }

    fn dominates(&self, a: usize, mut b: usize) -> bool {
        loop {
            if a == b {
                return true;
            }
            match self.idom[b] {
                Some(d) => b = d,
                None => return false,
            }
        }
    }

    /// The headers of the constructs holding `r`, innermost first: its
    /// dominating headers (from `from`, `r` itself or its dominator) whose
    /// merge does not dominate it (constructs nest).
    fn holding(&self, r: usize, from: Option<usize>) -> impl Iterator<Item = usize> + '_ {
        std::iter::successors(from, |&d| self.idom[d]).filter(move |&d| {
            self.headers[d]
                .first()
                .is_some_and(|&m| !self.dominates(m, r))
        })
    }

    /// The merge of the innermost loop holding `r` (a loop holds its own
    /// header).
    fn loop_merge(&self, r: usize) -> Option<usize> {
        self.holding(r, Some(r))
            .find(|&d| self.headers[d].len() == 2)
            .map(|d| self.headers[d][0])
    }

    /// Whether `r` leaves its loop from the loop's own level (not from a
    /// selection nested in it): a successor of `r` is the merge of the
    /// innermost loop holding `r`, which is also the innermost construct
    /// holding it. The other edges to the merge are breaks.
    fn exits_its_loop(&self, succs: &[Vec<usize>], r: usize) -> bool {
        self.holding(r, Some(r))
            .next()
            .is_some_and(|d| self.headers[d].len() == 2 && succs[r].contains(&self.headers[d][0]))
    }
}

/// The reconvergence point of each block of a function whose entry is block
/// 0: its immediate post-dominator once every block with `retires[b]` set
/// (an entry point's return, whose lanes are gone) that lies inside a
/// structured construct flows to that construct's merge instead of the exit,
/// and every break (a branch to the merge of the innermost loop holding it)
/// from inside a selection nested in the loop flows to that selection's
/// merge instead, when a branch leaving the loop from its own level
/// dominates the break. A retired lane needs no meeting point, and a
/// breaking lane waits at the loop's merge (`exec::wave` parks it there,
/// in the entry that loop exit keeps, `loop_exits`), so the others meet at
/// the selection's merge, as SubgroupUniformControlFlowKHR asks; otherwise
/// the only block every path reaches would be the exit or the loop's
/// merge. `headers[b]` is empty, or the merge block of header `b`
/// followed, for a loop, by its continue target. Without headers (OpenCL
/// kernels) this is the plain post-dominator.
pub fn reconvergence_points(
    succs: &[Vec<usize>],
    headers: &[Vec<usize>],
    retires: &[bool],
) -> Vec<Option<usize>> {
    if succs.is_empty() {
        return Vec::new();
    }
    let c = Constructs::new(succs, headers);
    let exits: Vec<usize> = (0..succs.len())
        .filter(|&x| c.exits_its_loop(succs, x))
        .collect();
    let mut routed = succs.to_vec();
    for (r, s) in routed.iter_mut().enumerate() {
        if retires[r] && s.is_empty() {
            if let Some(d) = c.holding(r, c.idom[r]).next() {
                s.push(headers[d][0]);
            }
            continue;
        }
        let Some(merge) = c.loop_merge(r) else {
            continue;
        };
        let guarded = || {
            exits
                .iter()
                .any(|&x| c.loop_merge(x) == Some(merge) && c.dominates(x, r))
        };
        if !s.contains(&merge) || c.exits_its_loop(succs, r) || !guarded() {
            continue;
        }
        // The innermost construct holding the break, when it is a selection
        // (a selection header's own branch is held by its selection).
        if let Some(d) = c.holding(r, Some(r)).next() {
            if headers[d].len() == 1 {
                let to = headers[d][0];
                for t in s.iter_mut().filter(|t| **t == merge) {
                    *t = to;
                }
            }
        }
    }
    immediate_post_dominators(&routed)
}

/// The blocks whose branch is their loop's exit: it leaves the loop from
/// the loop's own level, and the loop's merge is its reconvergence point
/// (`points`, from [`reconvergence_points`]).
pub fn loop_exits(
    succs: &[Vec<usize>],
    headers: &[Vec<usize>],
    points: &[Option<usize>],
) -> Vec<usize> {
    if succs.is_empty() {
        return Vec::new();
    }
    let c = Constructs::new(succs, headers);
    (0..succs.len())
        .filter(|&b| c.exits_its_loop(succs, b) && points[b] == c.loop_merge(b))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn diamond_meets_at_join() {
        // 0 -> 1, 2; 1 -> 3; 2 -> 3; 3 exits
        let p = immediate_post_dominators(&[vec![1, 2], vec![3], vec![3], vec![]]);
        assert_eq!(p, vec![Some(3), Some(3), Some(3), None]);
    }

    #[test]
    fn loop_with_break_meets_after_loop() {
        // 0 -> 1 (header); 1 -> 2, 4; 2 -> 3, 4 (break); 3 -> 1; 4 exits
        let p = immediate_post_dominators(&[vec![1], vec![2, 4], vec![3, 4], vec![1], vec![]]);
        assert_eq!(p[1], Some(4));
        assert_eq!(p[2], Some(4));
        assert_eq!(p[3], Some(1));
    }

    #[test]
    fn early_return_meets_at_exit() {
        // 0 -> 1, 2; 1 returns; 2 -> 3; 3 exits
        let p = immediate_post_dominators(&[vec![1, 2], vec![], vec![3], vec![]]);
        assert_eq!(p[0], None);
        assert_eq!(p[2], Some(3));
    }

    #[test]
    fn endless_loop_has_no_post_dominator() {
        // 0 -> 1; 1 -> 1
        let p = immediate_post_dominators(&[vec![1], vec![1]]);
        assert_eq!(p, vec![None, None]);
    }

    #[test]
    fn dominators_of_a_loop() {
        // 0 -> 1; 1 -> 2, 3; 2 -> 1; 3 exits; 4 unreachable
        let d = immediate_dominators(&[vec![1], vec![2, 3], vec![1], vec![], vec![3]], 0);
        assert_eq!(d, vec![None, Some(0), Some(1), Some(1), None]);
    }

    #[test]
    fn early_return_in_a_selection_meets_at_its_merge() {
        // 0: selection header, merge 3; 0 -> 1, 2; 1 returns; 2 -> 3;
        // 3 returns (the end of the entry point)
        let succs = [vec![1, 2], vec![], vec![3], vec![]];
        let headers = [vec![3], vec![], vec![], vec![]];
        let p = reconvergence_points(&succs, &headers, &[false, true, false, true]);
        assert_eq!(p[0], Some(3));
        // A callee's return is a real edge to the call's continuation.
        let p = reconvergence_points(&succs, &headers, &[false; 4]);
        assert_eq!(p[0], None);
    }

    #[test]
    fn return_and_break_in_a_loop_meet_after_the_loop() {
        // 0 -> 1; 1: loop header, merge 6, continue 5, -> 2; 2: selection,
        // merge 4, -> 3, 4; 3 returns; 4: selection, merge 7, -> 6 (break),
        // 7; 7 -> 5; 5 -> 1 (continue); 6 returns (the end). The loop merge
        // is reached only through the break, yet is outside its selection.
        let succs = [
            vec![1],
            vec![2],
            vec![3, 4],
            vec![],
            vec![6, 7],
            vec![1],
            vec![],
            vec![5],
        ];
        let headers = [
            vec![],
            vec![6, 5],
            vec![4],
            vec![],
            vec![7],
            vec![],
            vec![],
            vec![],
        ];
        let retires = [false, false, false, true, false, false, true, false];
        let p = reconvergence_points(&succs, &headers, &retires);
        assert_eq!(p[2], Some(4));
        assert_eq!(p[4], Some(6));
        // Without the routing, the break waits for nothing: the exit.
        assert_eq!(immediate_post_dominators(&succs)[4], None);
    }

    #[test]
    fn a_break_guarded_by_the_loop_exit_meets_at_its_selection_merge() {
        // graphicsfuzz/barrier-in-loop-with-break: 0 -> 1; 1: loop header,
        // merge 8, continue 7, -> 2; 2 -> 3, 8 (the loop's exit); 3:
        // selection, merge 6, -> 4, 6; 4: selection, merge 5, -> 9, 5;
        // 9 -> 8 (a break); 5 -> 6; 6 -> 7 (a barrier here); 7 -> 1; 8 returns.
        let succs = [
            vec![1],
            vec![2],
            vec![3, 8],
            vec![4, 6],
            vec![9, 5],
            vec![6],
            vec![7],
            vec![1],
            vec![],
            vec![8],
        ];
        let mut headers = vec![vec![]; 10];
        headers[1] = vec![8, 7];
        headers[3] = vec![6];
        headers[4] = vec![5];
        let mut retires = [false; 10];
        retires[8] = true;
        let p = reconvergence_points(&succs, &headers, &retires);
        // Every lane that does not break meets at 6, before the barrier;
        // the plain post-dominator would be the loop's merge.
        assert_eq!(p[3], Some(6));
        assert_eq!(p[4], Some(5));
        assert_eq!(immediate_post_dominators(&succs)[3], Some(8));
        assert_eq!(loop_exits(&succs, &headers, &p), vec![2]);
        // A loop left only by the break keeps the plain post-dominators:
        // nothing would wait at the loop's merge for the breaking lanes.
        let mut no_exit = succs.clone();
        no_exit[2] = vec![3];
        let p = reconvergence_points(&no_exit, &headers, &retires);
        assert_eq!(p[3], immediate_post_dominators(&no_exit)[3]);
        assert_eq!(p[3], Some(4));
        assert!(loop_exits(&no_exit, &headers, &p).is_empty());
    }
}
