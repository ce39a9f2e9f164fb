// glslangValidator -V -Os --target-env vulkan1.2 -DU32 sort.comp -o sort_u32.spv
// (-DF32 for f32 keys; add -DTWO_OPERAND for the *_two_operand.spv variants: see
// README.md in this folder for the loop that builds all four)
//
// Sorts blocks of 243 keys (u32 or f32), one block per workgroup of 81
// invocations, in shared memory with a data-independent network of
// 3-sorters: a 3-way odd-even merge sort. With TWO_OPERAND each 3-sorter is
// three compare-exchanges with two-operand min and max (six operations,
// against one min3, one mid3 and one max3); the network is the same.
//
// The network: 35 rounds, a barrier after each; in each round every
// invocation sorts three keys (a pair at some subsequence ends), 2409
// 3-sorters and 426 compare-exchanges per block in all.
//
// Level g = 3, 9, 27, 81, 243 merges three sorted runs of g/3 keys into one
// sorted group of g keys (level 3 sorts triples). A merge of three sorted
// runs of one key is a 3-sorter; of three runs of m > 1 keys (m a power of
// 3) it is, like Batcher's odd-even merge with 3 for 2:
//   1. for j = 0, 1, 2, merge (recursively) the three runs formed by every
//      third key of each run, from its key j (three sorted runs of m/3 keys).
//      Those are the keys at positions j, j+3, j+6, ... of the merged
//      sequence, so sub-merge j leaves its result there, in order;
//   2. clean up: three rounds of 3-sorters on consecutive triples starting
//      at positions -1, 1 and -1 modulo 3 (a pair at one end or the other).
// Unrolled (main() below), level g has one round of 3-sorters at stride g/3
// (keys o, o + g/3, o + 2g/3: the recursion's innermost merges), then
// clean-ups at strides g/9, g/27, ..., 1, each on every subsequence of stride
// s: 1 + 3 (log3(g) - 1) rounds, 1 + 4 + 7 + 10 + 13 = 35 for 243 keys.
// main() spells the rounds out so that the compiler folds their constants.
//
// Why the clean-up suffices, by the 0-1 principle: with zeros and ones, a
// run with z zeros gives max(0, ceil((z - j)/3)) zeros to its keys j, j+3,
// ..., so sub-merge j has Z_j zeros, Z_0 >= Z_1 >= Z_2 >= Z_0 - 3. Read by
// rows of three (row i = positions 3i, 3i+1, 3i+2), the merged sequence is
// rows 000, then at most three rows 001 or 011 (the 001 rows first), then
// rows 111; the three clean-up rounds sort every such sequence. gen.py checks
// the whole network exhaustively instead of relying on this argument: at
// every level, every input of three sorted 0-1 runs ((g/3 + 1)^3 of them, all
// at once, one bit per input) comes out sorted, which by induction over the
// levels and the 0-1 principle means that every block of 243 keys is sorted.
#version 450
#extension GL_AMD_shader_trinary_minmax : require
layout(local_size_x = 81) in;
#ifdef F32
#define T float
#else
#define T uint
#endif
const uint N = 243; // keys per block, 3 per invocation
layout(set = 0, binding = 0, std430) readonly buffer In { T src[]; };
layout(set = 0, binding = 1, std430) writeonly buffer Out { T dst[]; };
shared T keys[N];

void exchange(uint p0, uint p1) {
    T a = keys[p0], b = keys[p1];
    keys[p0] = min(a, b);
    keys[p1] = max(a, b);
}
void sort3(uint p0, uint p1, uint p2) {
    T a = keys[p0], b = keys[p1], c = keys[p2];
#ifdef TWO_OPERAND
    T a1 = min(a, b), b1 = max(a, b);
    T b2 = min(b1, c), c2 = max(b1, c);
    keys[p0] = min(a1, b2);
    keys[p1] = max(a1, b2);
    keys[p2] = c2;
#else
    keys[p0] = min3(a, b, c);
    keys[p1] = mid3(a, b, c);
    keys[p2] = max3(a, b, c);
#endif
}
// One round at level g and stride s: each group of g keys holds s
// subsequences of stride s (g/s keys each), and invocation t takes keys u,
// u+1, u+2 of one subsequence, u = 3i + shift: subsequence j = t mod s of
// group t / (g/3), triple i = (t mod g/3) / s. Its first key is at
// g (t / (g/3)) + j + s u = 3t - 2j + s shift. With shift -1 the first triple
// of a subsequence (u = -1) is a pair, with shift 1 the last (u + 2 = g/s).
void round(uint g, uint s, int shift) {
    uint t = gl_LocalInvocationID.x;
    uint p = 3 * t - 2 * (t % s) + s * uint(shift); // wraps when u = -1
    if (shift < 0 && (p + s) % g < s)
        exchange(p + s, p + 2 * s);
    else if (shift > 0 && (p + 2 * s) % g < s)
        exchange(p, p + s);
    else
        sort3(p, p + s, p + 2 * s);
    barrier();
}
void main() {
    uint t = gl_LocalInvocationID.x, block = gl_WorkGroupID.x * N;
    for (uint k = 0; k < N; k += 81)
        keys[k + t] = src[block + k + t];
    barrier();
    // Level 3: sort each triple.
    round(3, 1, 0);
    // Level 9: merge three sorted runs of 3 (stride 3), clean up (stride 1).
    round(9, 3, 0);
    round(9, 1, -1); round(9, 1, 1); round(9, 1, -1);
    // Level 27: runs of 9.
    round(27, 9, 0);
    round(27, 3, -1); round(27, 3, 1); round(27, 3, -1);
    round(27, 1, -1); round(27, 1, 1); round(27, 1, -1);
    // Level 81: runs of 27.
    round(81, 27, 0);
    round(81, 9, -1); round(81, 9, 1); round(81, 9, -1);
    round(81, 3, -1); round(81, 3, 1); round(81, 3, -1);
    round(81, 1, -1); round(81, 1, 1); round(81, 1, -1);
    // Level 243: runs of 81.
    round(243, 81, 0);
    round(243, 27, -1); round(243, 27, 1); round(243, 27, -1);
    round(243, 9, -1); round(243, 9, 1); round(243, 9, -1);
    round(243, 3, -1); round(243, 3, 1); round(243, 3, -1);
    round(243, 1, -1); round(243, 1, 1); round(243, 1, -1);
    for (uint k = 0; k < N; k += 81)
        dst[block + k + t] = keys[k + t];
}
