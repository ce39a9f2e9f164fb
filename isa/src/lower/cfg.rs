//! Immediate post-dominators of a function's blocks: where the lanes of a
//! divergent branch meet again.

/// `succs[b]` lists the successors of block `b`; blocks without successors
/// (return, unreachable) flow to a virtual exit. Returns, per block, its
/// immediate post-dominator, or `None` when that is the exit (or the block
/// cannot reach the exit, as in an endless loop).
pub fn immediate_post_dominators(succs: &[Vec<usize>]) -> Vec<Option<usize>> {
    let n = succs.len();
    let exit = n;
    // Predecessors in the reverse graph are the successors in the forward one.
    let mut preds_rev: Vec<Vec<usize>> = vec![Vec::new(); n + 1];
    for (b, s) in succs.iter().enumerate() {
        if s.is_empty() {
            preds_rev[exit].push(b);
        }
    }
    // Reverse graph edges: from a successor back to its block.
    let mut rev_succs: Vec<Vec<usize>> = vec![Vec::new(); n + 1];
    for (b, s) in succs.iter().enumerate() {
        for &t in s {
            rev_succs[t].push(b);
        }
    }
    rev_succs[exit] = preds_rev[exit].clone();

    // Postorder of the reverse graph from the exit (iterative DFS).
    let mut order = Vec::with_capacity(n + 1);
    let mut seen = vec![false; n + 1];
    let mut stack = vec![(exit, 0usize)];
    seen[exit] = true;
    while let Some((node, next)) = stack.pop() {
        if next < rev_succs[node].len() {
            stack.push((node, next + 1));
            let child = rev_succs[node][next];
            if !seen[child] {
                seen[child] = true;
                stack.push((child, 0));
            }
        } else {
            order.push(node);
        }
    }
    let mut rank = vec![usize::MAX; n + 1];
    for (i, &b) in order.iter().enumerate() {
        rank[b] = i;
    }

    // Cooper, Harvey and Kennedy's iterative dominator algorithm on the
    // reverse graph, whose "predecessors" are the forward successors.
    let mut idom: Vec<Option<usize>> = vec![None; n + 1];
    idom[exit] = Some(exit);
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
            if b == exit {
                continue;
            }
            let forward: &[usize] = if succs[b].is_empty() {
                &[exit]
            } else {
                &succs[b]
            };
            let mut new: Option<usize> = None;
            for &p in forward {
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
    (0..n).map(|b| idom[b].filter(|&d| d != exit)).collect()
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
}
