// glslangValidator -V -Os --target-env vulkan1.2 -DU8 median5x5.comp -o median5x5_u8.spv
// (and -DU16, -DF32 for the other types; add -DTWO_OPERAND for the *_two_operand.spv
// variants: see README.md in this folder for the loop that builds them; -Os
// inlines the functions and keeps values in registers, so that the network is
// most of the kernel, not the stores and loads of unoptimized local variables)
//
// A 5x5 median filter (edges clamped) on a u8, u16 or f32 image: the 13th
// smallest of the 25 values of each window. With TWO_OPERAND, min3/mid3/max3
// are written with two-operand min and max, as a compiler without
// GL_AMD_shader_trinary_minmax would; the network is the same.
//
// The network, 123 operations (22 min3, 27 mid3, 20 max3 and 54 two-operand
// min or max; `python3 gen.py --count` counts them):
//
// 1. Sort each column of the window with sort5 below (v0c <= v1c <= ... <= v4c).
// 2. Sort each row of the result (vr0 <= vr1 <= ... <= vr4). Sorting the rows
//    keeps the columns sorted, so the 5x5 matrix is sorted along both (a
//    Young tableau): vrc is at least the (r+1)(c+1) values vij with i <= r,
//    j <= c, and at most the (5-r)(5-c) values with i >= r, j >= c.
//    If (5-r)(5-c) >= 14, vrc has at least 13 other values above it: its rank
//    is at most 12, below the median. That holds for six cells (v00, v01, v02,
//    v10, v11, v20), and symmetrically six cells ((r+1)(c+1) >= 14: v24, v33,
//    v34, v42, v43, v44) have rank at least 14 (ranks of distinct values;
//    the 0-1 check below covers ties). Dropping six values of rank at most 12
//    and six of rank at least 14 leaves the median at rank 13 - 6 = 7 of the
//    other 13: v03 v04, v12 v13 v14, v21 v22 v23, v30 v31 v32, v40 v41.
//    Step 2 computes only those.
// 3. The 7th smallest of those 13 (their median) by forgetful selection:
//    3-sorters (min3, mid3, max3 of three values) and compare-exchanges,
//    where a value is dropped (never computed), together with one from the
//    other end, once at least m + 1 of the 2m + 1 values still in play are
//    known to lie above it (below it, for the other one): such a pair lies on
//    both sides of the median, so the rest has the same median. 19
//    operations, found by a small search over such networks.
//
// Every operation is a min/max lattice polynomial, so by the 0-1 principle the
// network computes the 13th smallest of every input if it does so for every
// input of zeros and ones. gen.py checks that before it writes anything: it
// reads the network from this file (the functions and main from the "Step 1"
// comment to the store), evaluates it on all 2^25 0-1 windows at once (one
// bit per window) and compares with "at least 13 ones". The expected images
// it writes are computed separately, by sorting each window.
#version 450
#extension GL_AMD_shader_trinary_minmax : require
#extension GL_EXT_shader_8bit_storage : require
#extension GL_EXT_shader_16bit_storage : require
layout(local_size_x = 8, local_size_y = 8) in;
#if defined(U8)
#define ELEM uint8_t
#define T uint
#elif defined(U16)
#define ELEM uint16_t
#define T uint
#else
#define ELEM float
#define T float
#endif
layout(set = 0, binding = 0, std430) readonly buffer In { ELEM src[]; };
layout(set = 0, binding = 1, std430) writeonly buffer Out { ELEM dst[]; };
layout(push_constant, std430) uniform P { uint width; uint height; } p;
#ifdef TWO_OPERAND
T lo3(T a, T b, T c) { return min(min(a, b), c); }
T hi3(T a, T b, T c) { return max(max(a, b), c); }
T md3(T a, T b, T c) { return max(min(a, b), min(max(a, b), c)); }
#else
T lo3(T a, T b, T c) { return min3(a, b, c); }
T hi3(T a, T b, T c) { return max3(a, b, c); }
T md3(T a, T b, T c) { return mid3(a, b, c); }
#endif
// Sorts five values (a <= b <= c <= d <= e afterwards) in 12 operations: a
// 3-sorter on a, b, c (x0 <= x1 <= x2), a compare-exchange on d, e (y0 <= y1),
// then the merge. With 0-1 values, p ones among the x and q among the y, the
// k-th smallest (k = 0..4) is 1 exactly when p + q >= 5 - k. In the merge,
// x1 = [p >= 2], x2 = [p >= 1], y0 = [q >= 2], y1 = [q >= 1],
// l = [p >= 3 or q >= 2] and h = [p >= 1 and q >= 1], so:
//   a = [p >= 3 and q >= 2], b = [p >= 2 and q >= 1 and l] = [p + q >= 4],
//   c = [two of x1, l, h] = [p + q >= 3], d = [x1 or y0 or h] = [p + q >= 2],
//   e = [p >= 1 or q >= 1].
void sort5(inout T a, inout T b, inout T c, inout T d, inout T e) {
    T x0 = lo3(a, b, c), x1 = md3(a, b, c), x2 = hi3(a, b, c);
    T y0 = min(d, e), y1 = max(d, e);
    T l = max(x0, y0), h = min(x2, y1);
    a = min(x0, y0);
    b = lo3(x1, y1, l);
    c = md3(x1, l, h);
    d = hi3(x1, y0, h);
    e = max(x2, y1);
}
// The same network with only some outputs: the two or three largest, the
// middle three, the three or two smallest (the other arguments are left as
// they were). Written out, so that the kernel computes exactly these
// operations whatever the compiler removes.
void high2of5(inout T a, inout T b, inout T c, inout T d, inout T e) {
    T x1 = md3(a, b, c), x2 = hi3(a, b, c);
    T y0 = min(d, e), y1 = max(d, e);
    T h = min(x2, y1);
    d = hi3(x1, y0, h);
    e = max(x2, y1);
}
void high3of5(inout T a, inout T b, inout T c, inout T d, inout T e) {
    T x0 = lo3(a, b, c), x1 = md3(a, b, c), x2 = hi3(a, b, c);
    T y0 = min(d, e), y1 = max(d, e);
    T l = max(x0, y0), h = min(x2, y1);
    c = md3(x1, l, h);
    d = hi3(x1, y0, h);
    e = max(x2, y1);
}
void middle3of5(inout T a, inout T b, inout T c, inout T d, inout T e) {
    T x0 = lo3(a, b, c), x1 = md3(a, b, c), x2 = hi3(a, b, c);
    T y0 = min(d, e), y1 = max(d, e);
    T l = max(x0, y0), h = min(x2, y1);
    b = lo3(x1, y1, l);
    c = md3(x1, l, h);
    d = hi3(x1, y0, h);
}
void low3of5(inout T a, inout T b, inout T c, inout T d, inout T e) {
    T x0 = lo3(a, b, c), x1 = md3(a, b, c), x2 = hi3(a, b, c);
    T y0 = min(d, e), y1 = max(d, e);
    T l = max(x0, y0), h = min(x2, y1);
    a = min(x0, y0);
    b = lo3(x1, y1, l);
    c = md3(x1, l, h);
}
void low2of5(inout T a, inout T b, inout T c, inout T d, inout T e) {
    T x0 = lo3(a, b, c), x1 = md3(a, b, c);
    T y0 = min(d, e), y1 = max(d, e);
    T l = max(x0, y0);
    a = min(x0, y0);
    b = lo3(x1, y1, l);
}
T at(int x, int y) {
    x = clamp(x, 0, int(p.width) - 1);
    y = clamp(y, 0, int(p.height) - 1);
    return T(src[uint(y) * p.width + uint(x)]);
}
void main() {
    int x = int(gl_GlobalInvocationID.x), y = int(gl_GlobalInvocationID.y);
    if (x >= int(p.width) || y >= int(p.height)) return;
    // vrc: row r (y - 2 + r), column c (x - 2 + c) of the window.
    T v00 = at(x - 2, y - 2), v01 = at(x - 1, y - 2), v02 = at(x, y - 2), v03 = at(x + 1, y - 2), v04 = at(x + 2, y - 2);
    T v10 = at(x - 2, y - 1), v11 = at(x - 1, y - 1), v12 = at(x, y - 1), v13 = at(x + 1, y - 1), v14 = at(x + 2, y - 1);
    T v20 = at(x - 2, y), v21 = at(x - 1, y), v22 = at(x, y), v23 = at(x + 1, y), v24 = at(x + 2, y);
    T v30 = at(x - 2, y + 1), v31 = at(x - 1, y + 1), v32 = at(x, y + 1), v33 = at(x + 1, y + 1), v34 = at(x + 2, y + 1);
    T v40 = at(x - 2, y + 2), v41 = at(x - 1, y + 2), v42 = at(x, y + 2), v43 = at(x + 1, y + 2), v44 = at(x + 2, y + 2);
    // Step 1: sort the columns.
    sort5(v00, v10, v20, v30, v40);
    sort5(v01, v11, v21, v31, v41);
    sort5(v02, v12, v22, v32, v42);
    sort5(v03, v13, v23, v33, v43);
    sort5(v04, v14, v24, v34, v44);
    // Step 2: sort the rows, computing only the 13 candidates of step 3.
    high2of5(v00, v01, v02, v03, v04);
    high3of5(v10, v11, v12, v13, v14);
    middle3of5(v20, v21, v22, v23, v24);
    low3of5(v30, v31, v32, v33, v34);
    low2of5(v40, v41, v42, v43, v44);
    // Step 3: the 7th smallest of v03 v04 v12 v13 v14 v21 v22 v23 v30 v31 v32 v40 v41.
    T a0 = lo3(v23, v32, v41), a1 = md3(v23, v32, v41);
    T b1 = md3(v12, v21, v30), b2 = hi3(v12, v21, v30);
    T c0 = lo3(v40, a0, a1), c1 = md3(v40, a0, a1);
    T d = max(b1, c0);
    T e0 = lo3(v31, c1, d), e1 = md3(v31, c1, d), e2 = hi3(v31, c1, d);
    T f0 = lo3(v14, v22, b2), f1 = md3(v14, v22, b2);
    T g = max(v03, f0);
    T h0 = lo3(v13, f1, g), h1 = md3(v13, f1, g), h2 = hi3(v13, f1, g);
    T i = md3(v04, e0, h2);
    T j = md3(e2, h0, i);
    T m = md3(e1, h1, j);
    dst[uint(y) * p.width + uint(x)] = ELEM(m);
}
