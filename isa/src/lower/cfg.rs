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

/// The reconvergence point of each block of a function whose entry is block
/// 0: its immediate post-dominator once every block with `retires[b]` set
/// (an entry point's return, whose lanes are gone) that lies inside a
/// structured construct flows to that construct's merge instead of the exit.
/// A retired lane needs no meeting point, so the others meet at the merge,
/// as SubgroupUniformControlFlowKHR asks; with the return on its way to the
/// exit, the only block every path reaches would be the exit. `headers[b]`
/// is empty, or the merge block of header `b` followed, for a loop, by its
/// continue target. Without headers (OpenCL kernels) this is the plain
/// post-dominator.
pub fn reconvergence_points(
    succs: &[Vec<usize>],
    headers: &[Vec<usize>],
    retires: &[bool],
) -> Vec<Option<usize>> {
    if succs.is_empty() {
        return Vec::new();
    }
    // Constructs are defined on structural dominance: the CFG plus an edge
    // from each header to its merge and continue target, so that a loop
    // merge reached only through a break is not inside the breaking
    // selection.
    let structural: Vec<Vec<usize>> = succs
        .iter()
        .zip(headers)
        .map(|(s, h)| s.iter().chain(h).copied().collect())
        .collect();
    let idom = immediate_dominators(&structural, 0);
    let dominates = |a: usize, mut b: usize| loop {
        if a == b {
            return true;
        }
        match idom[b] {
            Some(d) => b = d,
            None => return false,
        }
    };
    let mut routed = succs.to_vec();
    for (r, s) in routed.iter_mut().enumerate() {
        if !retires[r] || !s.is_empty() {
            continue;
        }
        // The innermost construct holding `r`: the nearest dominating header
        // whose merge does not dominate `r` (constructs nest).
        let mut h = idom[r];
        while let Some(d) = h {
            if let Some(&m) = headers[d].first() {
                if !dominates(m, r) {
                    s.push(m);
                    break;
                }
            }
            h = idom[d];
        }
    }
    immediate_post_dominators(&routed)
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
}
