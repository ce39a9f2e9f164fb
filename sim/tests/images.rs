//! Images end to end, through Amber scripts the test writes: sampling with
//! every filter, address mode and coordinate kind
//! (kernels/image_sample.comp), and storage images, an image atomic and a
//! texel buffer (kernels/image_storage.comp). The expected values come from
//! the plain-Rust references below, written from the Vulkan specification's
//! texel filtering and format conversion rules, never from gpusim's own.

use gpusim::input::config::Config;
use gpusim::input::workload::Workload;
use gpusim::run::amber::{run_source, ScriptReport, Status};
use gpusim::run::RunOptions;
use std::fmt::Write;
use std::path::{Path, PathBuf};

fn kernels() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/kernels")
}

/// A small deterministic generator (64-bit LCG, high bits).
struct Lcg(u64);

impl Lcg {
    fn next(&mut self) -> u32 {
        self.0 = self
            .0
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        (self.0 >> 33) as u32
    }

    /// Uniform in [lo, hi), as an f32.
    fn float(&mut self, lo: f32, hi: f32) -> f32 {
        lo + (hi - lo) * (self.next() as f32 / (1u64 << 31) as f32)
    }
}

/// The script run functionally at wave 64 and 32 and timed on the default
/// model: every EXPECT must hold in each.
fn run_everywhere(script: &str) {
    let path = kernels().join("images_test.amber");
    let mut runs = vec![
        ("functional wave64", RunOptions::default()),
        (
            "functional wave32",
            RunOptions {
                wave_width: 32,
                ..RunOptions::default()
            },
        ),
    ];
    runs.push(("timed", RunOptions::timed(Config::default_config())));
    for (what, opts) in runs {
        let r: ScriptReport = run_source(script, &path, &opts);
        assert_eq!(r.status, Status::Pass, "{what}: {r}\n{script}");
        assert!(!r.checks.is_empty());
    }
}

/// Runs a manifest the test wrote, functionally and timed on the default
/// model: every check must pass in each (`what` names the case).
fn run_manifest(stem: &str, manifest: &str, what: &str) {
    let (dir, w) = write_manifest(stem, manifest);
    for opts in [
        RunOptions::default(),
        RunOptions::timed(Config::default_config()),
    ] {
        let out = gpusim::run::run_workload(&w, &opts).unwrap_or_else(|e| panic!("{e}"));
        assert!(out.all_checks_passed(), "{what}: {:?}", out.checks);
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

/// Writes `manifest` as `<stem>.toml` in a folder of its own and loads
/// it; the caller removes the folder.
fn write_manifest(stem: &str, manifest: &str) -> (PathBuf, Workload) {
    let dir = std::env::temp_dir().join(format!("gpusim-{stem}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join(format!("{stem}.toml"));
    std::fs::write(&file, manifest).unwrap();
    (dir, Workload::load(&file).unwrap())
}

/// The error a functional run of `w` gives; `ran` says what it should
/// not have done.
fn refused(w: &Workload, ran: &str) -> String {
    match gpusim::run::run_workload(w, &RunOptions::default()) {
        Err(e) => e,
        Ok(_) => panic!("{ran}"),
    }
}

#[derive(Clone, Copy, Debug, PartialEq)]
enum Mode {
    Repeat,
    MirroredRepeat,
    ClampToEdge,
    ClampToBorder,
    MirrorClampToEdge,
}

impl Mode {
    fn amber(self) -> &'static str {
        match self {
            Mode::Repeat => "repeat",
            Mode::MirroredRepeat => "mirrored_repeat",
            Mode::ClampToEdge => "clamp_to_edge",
            Mode::ClampToBorder => "clamp_to_border",
            Mode::MirrorClampToEdge => "mirror_clamp_to_edge",
        }
    }

    /// Vulkan's wrapping operation on integer texel coordinate `i` of an
    /// axis of `n` texels; `None` is the border.
    fn wrap(self, i: i64, n: i64) -> Option<i64> {
        let mirror = |k: i64| if k >= 0 { k } else { -(1 + k) };
        let j = match self {
            Mode::Repeat => i.rem_euclid(n),
            Mode::MirroredRepeat => (n - 1) - mirror(i.rem_euclid(2 * n) - n),
            Mode::ClampToEdge => i.clamp(0, n - 1),
            Mode::ClampToBorder => i,
            Mode::MirrorClampToEdge => mirror(i).clamp(0, n - 1),
        };
        (0..n).contains(&j).then_some(j)
    }
}

/// An RGBA8 UNORM image, row after row.
struct Rgba8 {
    width: i64,
    height: i64,
    bytes: Vec<u8>,
}

impl Rgba8 {
    /// Texel (x, y) as floats (c / 255), or `border` outside.
    fn texel(&self, x: Option<i64>, y: Option<i64>, border: [f64; 4]) -> [f64; 4] {
        match (x, y) {
            (Some(x), Some(y)) => {
                let at = ((y * self.width + x) * 4) as usize;
                std::array::from_fn(|c| self.bytes[at + c] as f64 / 255.0)
            }
            _ => border,
        }
    }

    /// textureLod(tex, (u, v), 0) with the sampler's filter and modes
    /// (Vulkan's "Texel Filtering": nearest reads floor(u * size); linear
    /// blends floor(u * size - 0.5) and the next texel by the fraction).
    fn sample(&self, uv: [f32; 2], linear: bool, modes: [Mode; 2], normalized: bool) -> [f64; 4] {
        self.sample_offset(uv, [0, 0], linear, modes, normalized)
    }

    /// The same, moved by `offset` texels (Vulkan adds the offset to the
    /// coordinate in texels before filtering).
    fn sample_offset(
        &self,
        uv: [f32; 2],
        offset: [i64; 2],
        linear: bool,
        modes: [Mode; 2],
        normalized: bool,
    ) -> [f64; 4] {
        let border = [1.0; 4];
        let size = [self.width, self.height];
        let texel_space: [f64; 2] = std::array::from_fn(|a| {
            offset[a] as f64
                + if normalized {
                    uv[a] as f64 * size[a] as f64
                } else {
                    uv[a] as f64
                }
        });
        if !linear {
            let [x, y]: [Option<i64>; 2] =
                std::array::from_fn(|a| modes[a].wrap(texel_space[a].floor() as i64, size[a]));
            return self.texel(x, y, border);
        }
        let mut out = [0.0; 4];
        let base: [f64; 2] = std::array::from_fn(|a| texel_space[a] - 0.5);
        for dy in 0..2 {
            for dx in 0..2 {
                let d = [dx, dy];
                let mut weight = 1.0;
                let at: [Option<i64>; 2] = std::array::from_fn(|a| {
                    let i0 = base[a].floor();
                    let frac = base[a] - i0;
                    weight *= if d[a] == 1 { frac } else { 1.0 - frac };
                    modes[a].wrap(i0 as i64 + d[a], size[a])
                });
                let t = self.texel(at[0], at[1], border);
                for c in 0..4 {
                    out[c] += weight * t[c];
                }
            }
        }
        out
    }
}

fn data_lines(values: impl Iterator<Item = String>) -> String {
    values.collect::<Vec<_>>().join(" ")
}

#[test]
fn sampling_matches_the_vulkan_filtering_rules() {
    let mut rng = Lcg(0x1a6e);
    let img = Rgba8 {
        width: 5,
        height: 3,
        bytes: (0..5 * 3 * 4).map(|_| rng.next() as u8).collect(),
    };
    use Mode::*;
    let modes = [
        Repeat,
        MirroredRepeat,
        ClampToEdge,
        ClampToBorder,
        MirrorClampToEdge,
    ];
    // (linear, u mode, v mode, normalised coordinates).
    let mut cases = Vec::new();
    for linear in [false, true] {
        for (k, &m) in modes.iter().enumerate() {
            cases.push((linear, m, modes[(k + 2) % modes.len()], true));
        }
        // Unnormalised coordinates allow only the two clamps.
        cases.push((linear, ClampToEdge, ClampToBorder, false));
        cases.push((linear, ClampToBorder, ClampToEdge, false));
    }
    for (linear, mu, mv, normalized) in cases {
        let uv: Vec<[f32; 2]> = (0..64)
            .map(|_| {
                if normalized {
                    [rng.float(-1.5, 2.5), rng.float(-1.5, 2.5)]
                } else {
                    [rng.float(-2.0, 7.0), rng.float(-2.0, 5.0)]
                }
            })
            .collect();
        let filter = if linear { "linear" } else { "nearest" };
        let mut s = String::from("#!amber\nSHADER compute k SPIRV-BIN FILE image_sample.spv\n");
        writeln!(
            s,
            "IMAGE tex FORMAT R8G8B8A8_UNORM DIM_2D WIDTH 5 HEIGHT 3 DATA {} END",
            data_lines(img.bytes.iter().map(|b| b.to_string()))
        )
        .unwrap();
        writeln!(
            s,
            "SAMPLER smp MAG_FILTER {filter} MIN_FILTER {filter} ADDRESS_MODE_U {} ADDRESS_MODE_V {} BORDER_COLOR float_opaque_white {}",
            mu.amber(),
            mv.amber(),
            if normalized { "NORMALIZED_COORDS" } else { "UNNORMALIZED_COORDS" }
        )
        .unwrap();
        writeln!(
            s,
            "BUFFER coords DATA_TYPE vec2<float> DATA {} END",
            data_lines(uv.iter().flat_map(|c| c.map(|v| format!("{v:e}"))))
        )
        .unwrap();
        s.push_str(
            "BUFFER out DATA_TYPE vec4<float> SIZE 64 FILL 0
PIPELINE compute p
  ATTACH k
  BIND BUFFER tex AS combined_image_sampler SAMPLER smp DESCRIPTOR_SET 0 BINDING 0
  BIND BUFFER coords AS storage DESCRIPTOR_SET 0 BINDING 1
  BIND BUFFER out AS storage DESCRIPTOR_SET 0 BINDING 2
END
RUN p 1 1 1
",
        );
        for (i, &c) in uv.iter().enumerate() {
            let want = img.sample(c, linear, [mu, mv], normalized);
            writeln!(
                s,
                "EXPECT out IDX {} TOLERANCE 0.00001 EQ {}",
                i * 16,
                data_lines(want.iter().map(|v| format!("{v:.9}")))
            )
            .unwrap();
        }
        run_everywhere(&s);
    }
}

/// Vulkan's float to UNORM conversion of the f32 `v` (clamped, scaled,
/// rounded to nearest even).
fn unorm(v: f32, bits: u32) -> u64 {
    let max = ((1u64 << bits) - 1) as f64;
    (v.clamp(0.0, 1.0) as f64 * max).round_ties_even() as u64
}

/// Vulkan's float to SNORM conversion.
fn snorm(v: f32, bits: u32) -> i64 {
    let max = ((1u64 << (bits - 1)) - 1) as f64;
    (v.clamp(-1.0, 1.0) as f64 * max).round_ties_even() as i64
}

#[test]
fn storage_images_atomics_and_texel_buffers() {
    let mut rng = Lcg(0x5107);
    let src = Rgba8 {
        width: 6,
        height: 5,
        bytes: (0..6 * 5 * 4).map(|_| rng.next() as u8).collect(),
    };
    let mut s = String::from("#!amber\nSHADER compute k SPIRV-BIN FILE image_storage.spv\n");
    writeln!(
        s,
        "IMAGE src FORMAT R8G8B8A8_UNORM DIM_2D WIDTH 6 HEIGHT 5 DATA {} END",
        data_lines(src.bytes.iter().map(|b| b.to_string()))
    )
    .unwrap();
    s.push_str(
        "IMAGE half_of FORMAT R16G16B16A16_UNORM DIM_2D WIDTH 6 HEIGHT 5 FILL 7
IMAGE signed_of FORMAT R8G8B8A8_SNORM DIM_2D WIDTH 6 HEIGHT 5 FILL 7
IMAGE counts FORMAT R32_UINT DIM_2D WIDTH 2 HEIGHT 2 FILL 0
BUFFER row DATA_TYPE R32G32B32A32_SFLOAT SIZE 40 FILL 9
BUFFER out DATA_TYPE vec4<float> SIZE 64 FILL 0
PIPELINE compute p
  ATTACH k
  BIND BUFFER src AS storage_image DESCRIPTOR_SET 0 BINDING 0
  BIND BUFFER half_of AS storage_image DESCRIPTOR_SET 0 BINDING 1
  BIND BUFFER signed_of AS storage_image DESCRIPTOR_SET 0 BINDING 2
  BIND BUFFER counts AS storage_image DESCRIPTOR_SET 0 BINDING 3
  BIND BUFFER row AS storage_texel_buffer DESCRIPTOR_SET 0 BINDING 4
  BIND BUFFER out AS storage DESCRIPTOR_SET 0 BINDING 5
END
RUN p 1 1 1
",
    );
    // Invocation (gx, gy) works on p = (gx - 1, gy - 1): a border of
    // invocations reads (zeros) and writes (dropped) outside every image.
    let mut half = vec![7u64; 6 * 5 * 4];
    let mut signed = vec![7i64; 6 * 5 * 4];
    let mut counts = [0u32; 4];
    let mut row = vec![9.0f32; 40 * 4];
    let mut out = Vec::new();
    for gy in 0..8i64 {
        for gx in 0..8i64 {
            let (x, y) = (gx - 1, gy - 1);
            let inside = (0..6).contains(&x) && (0..5).contains(&y);
            let v: [f32; 4] = match inside {
                true => std::array::from_fn(|c| {
                    src.bytes[((y * 6 + x) * 4) as usize + c] as f32 / 255.0
                }),
                false => [0.0; 4],
            };
            out.extend(v);
            if inside {
                let at = ((y * 6 + x) * 4) as usize;
                for c in 0..4 {
                    half[at + c] = unorm(v[c] * 0.5, 16);
                    signed[at + c] = snorm(v[c] * 2.0 - 1.0, 8);
                }
            }
            // Integer division truncates toward zero: -1 / 4 is 0.
            let (qx, qy) = (x / 4, y / 4);
            counts[(qy * 2 + qx) as usize] += 1;
            let index = x + 8 * y;
            if (0..40).contains(&index) {
                row[index as usize * 4..][..4].copy_from_slice(&[6.0, 5.0, x as f32, y as f32]);
            }
        }
    }
    writeln!(
        s,
        "EXPECT out IDX 0 TOLERANCE 0.0000001 EQ {}",
        data_lines(out.iter().map(|v| format!("{v:.9}")))
    )
    .unwrap();
    writeln!(
        s,
        "EXPECT half_of IDX 0 EQ {}",
        data_lines(half.iter().map(|v| v.to_string()))
    )
    .unwrap();
    writeln!(
        s,
        "EXPECT signed_of IDX 0 EQ {}",
        data_lines(signed.iter().map(|v| v.to_string()))
    )
    .unwrap();
    writeln!(
        s,
        "EXPECT counts IDX 0 EQ {}",
        data_lines(counts.iter().map(|v| v.to_string()))
    )
    .unwrap();
    writeln!(
        s,
        "EXPECT row IDX 0 EQ {}",
        data_lines(row.iter().map(|v| v.to_string()))
    )
    .unwrap();
    assert_eq!(counts, [25, 15, 15, 9], "the reference itself");
    run_everywhere(&s);
}

#[test]
fn image_errors_name_the_binding() {
    let base = "#!amber\nSHADER compute k SPIRV-BIN FILE image_sample.spv\n\
                BUFFER coords DATA_TYPE vec2<float> SIZE 64 FILL 0\n\
                BUFFER out DATA_TYPE vec4<float> SIZE 64 FILL 0\n";
    for (rest, want) in [
        // A buffer that is not an IMAGE bound as one.
        (
            "BUFFER tex DATA_TYPE vec4<float> SIZE 4 FILL 0\nSAMPLER smp\n\
             PIPELINE compute p\n  ATTACH k\n  BIND BUFFER tex AS combined_image_sampler SAMPLER smp DESCRIPTOR_SET 0 BINDING 0\n\
             BIND BUFFER coords AS storage DESCRIPTOR_SET 0 BINDING 1\n  BIND BUFFER out AS storage DESCRIPTOR_SET 0 BINDING 2\nEND\nRUN p 1 1 1\n",
            "is not declared by IMAGE",
        ),
        // A sampled image with no sampler.
        (
            "IMAGE tex FORMAT R8G8B8A8_UNORM DIM_2D WIDTH 2 HEIGHT 2 FILL 0\n\
             PIPELINE compute p\n  ATTACH k\n  BIND BUFFER tex AS sampled_image DESCRIPTOR_SET 0 BINDING 0\n\
             BIND BUFFER coords AS storage DESCRIPTOR_SET 0 BINDING 1\n  BIND BUFFER out AS storage DESCRIPTOR_SET 0 BINDING 2\nEND\nRUN p 1 1 1\n",
            "is a sampler, and no sampler is bound there",
        ),
        // Linear filtering of an integer format.
        (
            "IMAGE tex FORMAT R8G8B8A8_UINT DIM_2D WIDTH 2 HEIGHT 2 FILL 0\nSAMPLER smp MAG_FILTER linear\n\
             PIPELINE compute p\n  ATTACH k\n  BIND BUFFER tex AS combined_image_sampler SAMPLER smp DESCRIPTOR_SET 0 BINDING 0\n\
             BIND BUFFER coords AS storage DESCRIPTOR_SET 0 BINDING 1\n  BIND BUFFER out AS storage DESCRIPTOR_SET 0 BINDING 2\nEND\nRUN p 1 1 1\n",
            "only formats read as floats",
        ),
    ] {
        let r = run_source(&format!("{base}{rest}"), &kernels().join("t.amber"), &RunOptions::default());
        match &r.status {
            Status::Error(e) => assert!(e.contains(want), "{want}: {e}"),
            s => panic!("{want}: {s:?}"),
        }
    }
}

#[test]
fn manifest_images_are_checked_before_running() {
    let dir = std::env::temp_dir().join(format!("gpusim-images-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let median = Path::new(env!("CARGO_MANIFEST_DIR")).join("../workloads/median");
    let head = format!(
        "name = \"m\"\nkernel = \"{}\"\nentry = \"main\"\nworkgroups = [4, 4, 1]\n",
        median.join("median3x3_image.spv").display()
    );
    let src = "[[buffer]]\nname = \"src\"\ntype = \"u8\"\nlen = 1024\nbinding = { set = 0, binding = 0 }\n";
    let dst = "[[buffer]]\nname = \"dst\"\ntype = \"u8\"\nlen = 1024\nbinding = { set = 0, binding = 1 }\nimage = { format = \"R8_UNORM\", width = 32, height = 32 }\n";
    let sampler = "[[sampler]]\nbinding = { set = 0, binding = 0 }\nnormalized = false\n";
    let image = "image = { format = \"R8_UNORM\", width = 32, height = 32 }\n";
    for (text, want) in [
        (
            format!("{head}{src}image = {{ format = \"R8_UNORM\", width = 32, height = 16 }}\n{dst}{sampler}"),
            "the image takes 512 bytes (512 texels of 1 bytes) and the buffer has 1024",
        ),
        (
            format!("{head}{src}image = {{ format = \"R8_FANCY\", width = 32, height = 32 }}\n{dst}{sampler}"),
            "unknown texel format \"R8_FANCY\"",
        ),
        (
            format!("{head}{src}{image}{dst}[[sampler]]\nfilter = \"linear\"\n"),
            "give exactly one of `binding",
        ),
        (
            format!("{head}{src}{image}{dst}[[sampler]]\nbinding = {{ set = 0, binding = 0 }}\naddress = [\"wrap\"]\n"),
            "unknown address mode \"wrap\"",
        ),
        // A 32x32 image has 6 mip levels (32 down to 1), not 7.
        (
            format!("{head}{src}image = {{ format = \"R8_UNORM\", width = 32, height = 32, levels = 7 }}\n{dst}{sampler}"),
            "a 32x32x1 image has 1 to 6 mip levels",
        ),
        (
            format!("{head}{src}{image}{dst}[[sampler]]\nbinding = {{ set = 0, binding = 0 }}\nmipmap = \"cubic\"\n"),
            "unknown mipmap mode \"cubic\"",
        ),
        (
            format!("{head}{src}{image}{dst}[[sampler]]\nbinding = {{ set = 0, binding = 0 }}\nlod = [2.0, 1.0]\n"),
            "needs min <= max",
        ),
        (
            format!("{head}{src}{image}{dst}[[sampler]]\nbinding = {{ set = 0, binding = 0 }}\ncompare = \"lesser\"\n"),
            "unknown comparison \"lesser\"",
        ),
    ] {
        let file = dir.join("m.toml");
        std::fs::write(&file, &text).unwrap();
        let e = Workload::load(&file).expect_err(want);
        assert!(e.contains(want), "{want}: {e}");
        assert!(e.contains("m.toml:"), "names the file and line: {e}");
    }
    // Without its sampler the kernel is refused when lowered, by name.
    let file = dir.join("m.toml");
    std::fs::write(&file, format!("{head}{src}{image}{dst}")).unwrap();
    let w = Workload::load(&file).unwrap();
    let e = refused(&w, "ran without its sampler");
    assert!(
        e.contains("'src' (set 0 binding 0 element 0) is a sampler, and no sampler is bound there"),
        "{e}"
    );
    // A buffer bound where the kernel has an image, without `image`, is
    // named: its name is the manifest's ("pixels"), not the kernel's.
    let plain = src.replace("\"src\"", "\"pixels\"");
    std::fs::write(&file, format!("{head}{plain}{dst}{sampler}")).unwrap();
    let w = Workload::load(&file).unwrap();
    let e = refused(&w, "ran with a buffer for its image");
    assert!(
        e.contains("'src' (set 0 binding 0 element 0) is an image, and buffer 'pixels' is bound there with no image format and size"),
        "{e}"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn opencl_constant_sampler_clamps_to_the_edge() {
    // kernels/image_const_sampler.cl: out[i] reads texel floor(i - 1.5) of a
    // 4x1 image through CLK_ADDRESS_CLAMP_TO_EDGE, unnormalised, nearest:
    // i = 0..6 read texels 0 0 0 1 2 3 3, whose red is 0 0 0 0.2 0.4 1 1.
    let script = "#!amber
SHADER compute k SPIRV-BIN FILE image_const_sampler.spv
IMAGE img FORMAT R8G8B8A8_UNORM DIM_2D WIDTH 4 HEIGHT 1 DATA 0 0 0 255 51 0 0 255 102 0 0 255 255 0 0 255 END
BUFFER out DATA_TYPE vec4<float> SIZE 7 FILL 9
PIPELINE compute p
  ATTACH k ENTRY_POINT k
  BIND BUFFER img KERNEL ARG_NAME img
  BIND BUFFER out KERNEL ARG_NAME out
END
RUN p 7 1 1
EXPECT out IDX 0 EQ 0 0 0 1 0 0 0 1 0 0 0 1 0.2 0 0 1 0.4 0 0 1 1 0 0 1 1 0 0 1
";
    run_everywhere(script);
}

/// Vulkan's cube map face selection table: (face, sc, tc, ma) of a
/// direction, written from the specification's table.
fn cube_face(r: [f32; 3]) -> (usize, f64, f64, f64) {
    let [x, y, z] = r.map(|v| v as f64);
    let m = x.abs().max(y.abs()).max(z.abs());
    if x.abs() == m {
        if x >= 0.0 {
            (0, -z, -y, m)
        } else {
            (1, z, -y, m)
        }
    } else if y.abs() == m {
        if y >= 0.0 {
            (2, x, z, m)
        } else {
            (3, x, -z, m)
        }
    } else if z >= 0.0 {
        (4, x, -y, m)
    } else {
        (5, -x, -y, m)
    }
}

#[test]
fn cube_maps_sample_the_face_the_direction_selects() {
    // A 3x2 cube map of R32_SFLOAT whose texel (x, y) of face f holds
    // 100 f + 10 y + x, sampled with nearest filtering in random directions
    // (and along the axes and diagonals' neighbourhoods).
    let (w, h) = (3usize, 2usize);
    let texels: Vec<f32> = (0..6 * w * h)
        .map(|i| (100 * (i / (w * h)) + 10 * (i % (w * h) / w) + i % w) as f32)
        .collect();
    let mut rng = Lcg(0xc0be);
    let mut dirs: Vec<[f32; 3]> = vec![
        [1.0, 0.0, 0.0],
        [-1.0, 0.0, 0.0],
        [0.0, 1.0, 0.0],
        [0.0, -1.0, 0.0],
        [0.0, 0.0, 1.0],
        [0.0, 0.0, -1.0],
        [0.9, 0.5, -0.2],
        [-0.3, -2.0, 1.9],
    ];
    while dirs.len() < 64 {
        dirs.push([
            rng.float(-1.0, 1.0),
            rng.float(-1.0, 1.0),
            rng.float(-1.0, 1.0),
        ]);
    }
    let want: Vec<f32> = dirs
        .iter()
        .map(|&d| {
            let (face, sc, tc, ma) = cube_face(d);
            let s = ((sc / ma + 1.0) * 0.5) as f32;
            let t = ((tc / ma + 1.0) * 0.5) as f32;
            // Nearest texel of the face, clamped to its edge.
            let x = ((s as f64 * w as f64).floor() as i64).clamp(0, w as i64 - 1) as usize;
            let y = ((t as f64 * h as f64).floor() as i64).clamp(0, h as i64 - 1) as usize;
            texels[face * w * h + y * w + x]
        })
        .collect();
    let list = |v: &mut dyn Iterator<Item = String>| v.collect::<Vec<_>>().join(", ");
    let manifest = format!(
        "name = \"cube\"\nkernel = \"{}\"\nentry = \"main\"\nworkgroups = [1, 1, 1]\n\
         [[buffer]]\nname = \"tex\"\ntype = \"f32\"\ndata = [{}]\nbinding = {{ set = 0, binding = 0 }}\n\
         image = {{ format = \"R32_SFLOAT\", width = {w}, height = {h}, layers = 6 }}\n\
         [[sampler]]\nbinding = {{ set = 0, binding = 0 }}\naddress = [\"repeat\"]\n\
         [[buffer]]\nname = \"dirs\"\ntype = \"f32\"\ndata = [{}]\nbinding = {{ set = 0, binding = 1 }}\n\
         [[buffer]]\nname = \"out\"\ntype = \"f32\"\nlen = 64\nbinding = {{ set = 0, binding = 2 }}\n\
         [[check]]\nbuffer = \"out\"\ndata = [{}]\n",
        kernels().join("image_cube.spv").display(),
        list(&mut texels.iter().map(|v| format!("{v:?}"))),
        list(&mut dirs.iter().flat_map(|d| [d[0], d[1], d[2], 0.0]).map(|v| format!("{v:e}"))),
        list(&mut want.iter().map(|v| format!("{v:?}"))),
    );
    run_manifest("cube", &manifest, "cube");
}

/// A sampler for the mip level references: filters, mipmap mode and LOD
/// range (Vulkan's VkSamplerCreateInfo fields).
struct MipSampler {
    mag_linear: bool,
    min_linear: bool,
    mip_linear: bool,
    lod: [f64; 2],
    modes: [Mode; 2],
}

impl MipSampler {
    fn amber(&self) -> String {
        let f = |linear| if linear { "linear" } else { "nearest" };
        format!(
            "MAG_FILTER {} MIN_FILTER {} MIPMAP_MODE {} MIN_LOD {:?} MAX_LOD {:?} ADDRESS_MODE_U {} ADDRESS_MODE_V {}",
            f(self.mag_linear),
            f(self.min_linear),
            f(self.mip_linear),
            self.lod[0],
            self.lod[1],
            self.modes[0].amber(),
            self.modes[1].amber()
        )
    }

    /// Vulkan's "Level-of-Detail Operation" and "Image Level(s)
    /// Selection": lambda clamped to the LOD range picks the filter
    /// (magnification at or below 0); d' = lambda clamped to the levels
    /// reads level ceil(d' + 0.5) - 1 (nearest mipmapping) or blends
    /// floor(d') and the next by frac(d') (linear).
    fn sample(
        &self,
        levels: &[Rgba8],
        uv: [f32; 2],
        lambda_base: f64,
        offset: [i64; 2],
    ) -> [f64; 4] {
        let lambda = lambda_base.max(self.lod[0]).min(self.lod[1]);
        let linear = if lambda <= 0.0 {
            self.mag_linear
        } else {
            self.min_linear
        };
        let q = (levels.len() - 1) as f64;
        let d = lambda.clamp(0.0, q);
        let at = |l: f64| levels[l as usize].sample_offset(uv, offset, linear, self.modes, true);
        if !self.mip_linear {
            return at((d + 0.5).ceil() - 1.0);
        }
        let (lo, frac) = (d.floor(), d - d.floor());
        let (a, b) = (at(lo), at((lo + 1.0).min(q)));
        std::array::from_fn(|c| (1.0 - frac) * a[c] + frac * b[c])
    }

    /// Whether a LOD lies within `eps` of where the filter or the nearest
    /// level changes, where f32 and f64 arithmetic may choose differently.
    fn near_a_boundary(&self, levels: usize, lambda_base: f64, eps: f64) -> bool {
        let lambda = lambda_base.max(self.lod[0]).min(self.lod[1]);
        let d = lambda.clamp(0.0, (levels - 1) as f64);
        lambda.abs() < eps
            || (!self.mip_linear && ((d + 0.5).fract() < eps || (d + 0.5).fract() > 1.0 - eps))
    }
}

#[test]
fn mip_levels_follow_the_vulkan_lod_rules() {
    // An 8x4 RGBA8 image of 4 levels (8x4, 4x2, 2x1, 1x1). Amber uploads
    // the buffer to every level from its start, so level l holds the
    // first w_l * h_l texels of the data.
    let mut rng = Lcg(0x31b0);
    let data: Vec<u8> = (0..8 * 4 * 4).map(|_| rng.next() as u8).collect();
    let level = |l: u32| {
        let (w, h) = ((8i64 >> l).max(1), (4i64 >> l).max(1));
        Rgba8 {
            width: w,
            height: h,
            bytes: data[..(w * h * 4) as usize].to_vec(),
        }
    };
    let all: Vec<Rgba8> = (0..4).map(level).collect();
    use Mode::*;
    let samplers = [
        MipSampler {
            mag_linear: false,
            min_linear: true,
            mip_linear: false,
            lod: [0.0, 3.0],
            modes: [Repeat, ClampToEdge],
        },
        MipSampler {
            mag_linear: true,
            min_linear: false,
            mip_linear: true,
            lod: [0.5, 2.5],
            modes: [MirroredRepeat, Repeat],
        },
        MipSampler {
            mag_linear: true,
            min_linear: true,
            mip_linear: true,
            lod: [-1.0, 3.0],
            modes: [ClampToEdge, ClampToEdge],
        },
        // Amber's default LOD range, 0 to 1.
        MipSampler {
            mag_linear: false,
            min_linear: false,
            mip_linear: false,
            lod: [0.0, 1.0],
            modes: [Repeat, Repeat],
        },
    ];
    for (k, smp) in samplers.iter().enumerate() {
        // The second run binds the image from level 1 on (BASE_MIP_LEVEL).
        for base in [0usize, 1] {
            let levels = &all[base..];
            let (w0, h0) = (levels[0].width as f64, levels[0].height as f64);
            let mut queries = Vec::new();
            let mut grads = Vec::new();
            while queries.len() < 64 {
                let uv = [rng.float(-0.5, 1.5), rng.float(-0.5, 1.5)];
                let lod = rng.float(-1.0, 4.5);
                let scale = 2f32.powf(rng.float(-2.0, 4.0)) / w0 as f32;
                let g = [
                    rng.float(-1.0, 1.0) * scale,
                    rng.float(-1.0, 1.0) * scale,
                    rng.float(-1.0, 1.0) * scale,
                    rng.float(-1.0, 1.0) * scale,
                ];
                let rho =
                    |x: f32, y: f32| ((x as f64 * w0).powi(2) + (y as f64 * h0).powi(2)).sqrt();
                let grad_lambda = rho(g[0], g[1]).max(rho(g[2], g[3])).log2();
                if smp.near_a_boundary(levels.len(), lod as f64, 1e-3)
                    || smp.near_a_boundary(levels.len(), grad_lambda, 1e-3)
                {
                    continue;
                }
                queries.push((uv, lod, grad_lambda));
                grads.push(g);
            }
            let mut s = String::from("#!amber\nSHADER compute k SPIRV-BIN FILE image_lod.spv\n");
            writeln!(
                s,
                "IMAGE tex FORMAT R8G8B8A8_UNORM MIP_LEVELS 4 DIM_2D WIDTH 8 HEIGHT 4 DATA {} END",
                data_lines(data.iter().map(|b| b.to_string()))
            )
            .unwrap();
            writeln!(s, "SAMPLER smp {}", smp.amber()).unwrap();
            writeln!(
                s,
                "BUFFER q DATA_TYPE vec4<float> DATA {} END",
                data_lines(
                    queries.iter().flat_map(
                        |(uv, lod, _)| [uv[0], uv[1], *lod, 0.0].map(|v| format!("{v:e}"))
                    )
                )
            )
            .unwrap();
            writeln!(
                s,
                "BUFFER g DATA_TYPE vec4<float> DATA {} END",
                data_lines(grads.iter().flat_map(|g| g.map(|v| format!("{v:e}"))))
            )
            .unwrap();
            writeln!(
                s,
                "BUFFER out DATA_TYPE vec4<float> SIZE 384 FILL 0
BUFFER sizes DATA_TYPE vec4<int32> SIZE 64 FILL 0
PIPELINE compute p
  ATTACH k
  BIND BUFFER tex AS combined_image_sampler SAMPLER smp DESCRIPTOR_SET 0 BINDING 0 BASE_MIP_LEVEL {base}
  BIND BUFFER q AS storage DESCRIPTOR_SET 0 BINDING 1
  BIND BUFFER g AS storage DESCRIPTOR_SET 0 BINDING 2
  BIND BUFFER out AS storage DESCRIPTOR_SET 0 BINDING 3
  BIND BUFFER sizes AS storage DESCRIPTOR_SET 0 BINDING 4
END
RUN p 1 1 1"
            )
            .unwrap();
            for (i, &(uv, lod, grad_lambda)) in queries.iter().enumerate() {
                // texelFetch(tex, ivec2(uv * 8) + offset, int(lod)): zeros
                // outside the level or past the last one (docs/amber.md).
                let fetch = |offset: [i64; 2]| {
                    let l = lod as i64;
                    let xy: [i64; 2] = std::array::from_fn(|a| (uv[a] * 8.0) as i64 + offset[a]);
                    match levels.get(l as usize).filter(|_| l >= 0) {
                        Some(m)
                            if (0..m.width).contains(&xy[0]) && (0..m.height).contains(&xy[1]) =>
                        {
                            m.texel(Some(xy[0]), Some(xy[1]), [0.0; 4])
                        }
                        _ => [0.0; 4],
                    }
                };
                let want = [
                    smp.sample(levels, uv, lod as f64, [0, 0]),
                    smp.sample(levels, uv, 1.25, [0, 0]),
                    smp.sample(levels, uv, grad_lambda, [0, 0]),
                    fetch([0, 0]),
                    smp.sample(levels, uv, lod as f64, [1, -2]),
                    fetch([-1, 1]),
                ];
                writeln!(
                    s,
                    "EXPECT out IDX {} TOLERANCE 0.0001 EQ {}",
                    i * 96,
                    data_lines(want.iter().flatten().map(|v| format!("{v:.9}")))
                )
                .unwrap();
                let l = i as i64 % 3;
                writeln!(
                    s,
                    "EXPECT sizes IDX {} EQ {} {} {} 0",
                    i * 16,
                    (levels[0].width >> l).max(1),
                    (levels[0].height >> l).max(1),
                    levels.len()
                )
                .unwrap();
            }
            let r = run_source(
                &s,
                &kernels().join("images_test.amber"),
                &RunOptions::default(),
            );
            assert_eq!(
                r.status,
                Status::Pass,
                "sampler {k}, base level {base}: {r}"
            );
            if k == 0 {
                run_everywhere(&s);
            }
        }
    }
}

/// Texel `(i, j)` of `face` of a cube map `n` texels wide, where one of
/// `i`, `j` may lie one texel past the face's edge, as (face, x, y): the
/// texel's centre, a point on the face's plane of the cube [-1, 1]^3, is
/// folded over the edge onto the neighbouring face (keeping its distance
/// from the edge), and that face and texel are found with the face
/// selection table. `None` for a corner (past both edges).
fn cube_texel(face: usize, i: i64, j: i64, n: i64) -> Option<(usize, i64, i64)> {
    let centre = |k: i64| (2 * k + 1) as f64 / n as f64 - 1.0;
    let (sc, tc) = (centre(i), centre(j));
    if sc.abs() > 1.0 && tc.abs() > 1.0 {
        return None;
    }
    // The inverse of the table: the point with face coordinates sc, tc.
    let mut p = match face {
        0 => [1.0, -tc, -sc],
        1 => [-1.0, -tc, sc],
        2 => [sc, 1.0, tc],
        3 => [sc, -1.0, -tc],
        4 => [sc, -tc, 1.0],
        _ => [-sc, -tc, -1.0],
    };
    let major = face / 2;
    if let Some(a) = (0..3).find(|&a| p[a].abs() > 1.0) {
        let past = p[a].abs() - 1.0;
        p[major] = p[major].signum() * (1.0 - past);
        p[a] = p[a].signum();
    }
    let (f, sc, tc, ma) = cube_face(p.map(|v| v as f32));
    let texel = |c: f64| (((c / ma + 1.0) * 0.5 * n as f64).floor() as i64).clamp(0, n - 1);
    Some((f, texel(sc), texel(tc)))
}

#[test]
fn cube_maps_filter_linearly_across_faces_and_levels() {
    // A 4x4 R32_SFLOAT cube map of 3 levels (4, 2, 1), random texels,
    // sampled with linear filtering (and nearest or linear mipmapping) at
    // random LODs, in random directions and near the cube's edges and
    // corners, where the 2x2 footprint crosses faces; then an array of two
    // such cubes, invocation i reading cube i % 2.
    let n0 = 4i64;
    let mut rng = Lcg(0xcb1e);
    let sizes: Vec<i64> = (0..3).map(|l| n0 >> l).collect();
    let mut dirs: Vec<[f32; 4]> = Vec::new();
    while dirs.len() < 128 {
        let mut d = [
            rng.float(-1.0, 1.0),
            rng.float(-1.0, 1.0),
            rng.float(-1.0, 1.0),
        ];
        // Half of them near an edge or a corner.
        if dirs.len().is_multiple_of(2) {
            for c in d.iter_mut().take(1 + dirs.len() % 4 / 2) {
                *c = c.signum() * rng.float(0.9, 1.0);
            }
            let major = rng.next() as usize % 3;
            d[major] = d[major].signum();
        }
        let lod = rng.float(-0.5, 2.5);
        let d0 = (lod as f64).clamp(0.0, 2.0);
        if ((d0 + 0.5).fract() - 0.5).abs() > 0.499 {
            continue;
        }
        dirs.push([d[0], d[1], d[2], lod]);
    }
    for (cubes, kernel) in [
        (1i64, "image_cube_lod.spv"),
        (2, "image_cube_array_lod.spv"),
    ] {
        let levels: Vec<Vec<f32>> = sizes
            .iter()
            .map(|&n| {
                (0..cubes * 6 * n * n)
                    .map(|_| rng.float(0.0, 1.0))
                    .collect()
            })
            .collect();
        // Linear filtering of one level of one cube (Vulkan's "Texel
        // Filtering" and "Cube Map Edge Handling": a corner texel is the
        // mean of the other three).
        let filter = |l: usize, cube: i64, dir: [f32; 3]| -> f64 {
            let n = sizes[l];
            let (face, sc, tc, ma) = cube_face(dir);
            let u = ((sc / ma + 1.0) * 0.5) as f32 as f64 * n as f64 - 0.5;
            let v = ((tc / ma + 1.0) * 0.5) as f32 as f64 * n as f64 - 0.5;
            let (i0, j0) = (u.floor() as i64, v.floor() as i64);
            let (a, b) = (u - u.floor(), v - v.floor());
            let read = |(f, x, y): (usize, i64, i64)| {
                levels[l][((cube * 6 + f as i64) * n * n + y * n + x) as usize] as f64
            };
            let taps: Vec<Option<f64>> = [(0, 0), (1, 0), (0, 1), (1, 1)]
                .iter()
                .map(|&(di, dj)| cube_texel(face, i0 + di, j0 + dj, n).map(read))
                .collect();
            let known: Vec<f64> = taps.iter().flatten().copied().collect();
            let mean = known.iter().sum::<f64>() / known.len() as f64;
            let t: Vec<f64> = taps.iter().map(|t| t.unwrap_or(mean)).collect();
            (1.0 - a) * (1.0 - b) * t[0]
                + a * (1.0 - b) * t[1]
                + (1.0 - a) * b * t[2]
                + a * b * t[3]
        };
        for mip_linear in [false, true] {
            let want: Vec<f64> = dirs
                .iter()
                .enumerate()
                .map(|(i, &[x, y, z, lod])| {
                    let cube = i as i64 % cubes;
                    let d = (lod as f64).clamp(0.0, 2.0);
                    let dir = [x, y, z];
                    if mip_linear {
                        let lo = d.floor() as usize;
                        let hi = (lo + 1).min(2);
                        (1.0 - d.fract()) * filter(lo, cube, dir)
                            + d.fract() * filter(hi, cube, dir)
                    } else {
                        filter(((d + 0.5).ceil() - 1.0) as usize, cube, dir)
                    }
                })
                .collect();
            let list = |v: &mut dyn Iterator<Item = String>| v.collect::<Vec<_>>().join(", ");
            let manifest = format!(
                "name = \"cube\"\nkernel = \"{}\"\nentry = \"main\"\nworkgroups = [2, 1, 1]\n\
                 [[buffer]]\nname = \"tex\"\ntype = \"f32\"\ndata = [{}]\nbinding = {{ set = 0, binding = 0 }}\n\
                 image = {{ format = \"R32_SFLOAT\", width = 4, height = 4, layers = {}, levels = 3 }}\n\
                 [[sampler]]\nbinding = {{ set = 0, binding = 0 }}\nfilter = \"linear\"\nmipmap = \"{}\"\n\
                 [[buffer]]\nname = \"dirs\"\ntype = \"f32\"\ndata = [{}]\nbinding = {{ set = 0, binding = 1 }}\n\
                 [[buffer]]\nname = \"out\"\ntype = \"f32\"\nlen = 128\nbinding = {{ set = 0, binding = 2 }}\n\
                 [[check]]\nbuffer = \"out\"\nabs = 1e-5\ndata = [{}]\n",
                kernels().join(kernel).display(),
                list(&mut levels.iter().flatten().map(|v| format!("{v:?}"))),
                6 * cubes,
                if mip_linear { "linear" } else { "nearest" },
                list(&mut dirs.iter().flatten().map(|v| format!("{v:e}"))),
                list(&mut want.iter().map(|v| format!("{v:e}"))),
            );
            let what = format!("{cubes} cubes, mipmap linear {mip_linear}");
            run_manifest("cube-lod", &manifest, &what);
        }
    }
}

#[test]
fn gathers_depth_comparisons_and_projective_samples() {
    // An RGBA8 image (linear, clamp to an opaque white border), a
    // D32_SFLOAT depth image (linear, clamp to edge, compare
    // less_or_equal) and a 3x3 R32_SFLOAT cube map, read per invocation
    // from (u, v, reference, q) by kernels/image_compare.comp.
    let mut rng = Lcg(0xd3e7);
    let (w, h) = (5i64, 3i64);
    let rgba = Rgba8 {
        width: w,
        height: h,
        bytes: (0..w * h * 4).map(|_| rng.next() as u8).collect(),
    };
    let depth: Vec<f32> = (0..w * h).map(|_| rng.float(0.0, 1.0)).collect();
    let n = 3i64;
    let cube: Vec<f32> = (0..6 * n * n).map(|_| rng.float(0.0, 1.0)).collect();
    let queries: Vec<[f32; 4]> = (0..64)
        .map(|_| {
            [
                rng.float(-0.5, 1.5),
                rng.float(-0.5, 1.5),
                rng.float(-0.2, 1.2),
                rng.float(0.5, 4.0),
            ]
        })
        .collect();
    // The two taps along an axis of `size` and the upper one's weight
    // (Vulkan's linear filtering: floor(u - 0.5) and the next).
    let taps = |s: f32, size: i64| {
        let u = s as f64 * size as f64 - 0.5;
        (u.floor() as i64, u - u.floor())
    };
    let depth_at = |x: i64, y: i64| {
        let (x, y) = (x.clamp(0, w - 1), y.clamp(0, h - 1));
        depth[(y * w + x) as usize] as f64
    };
    let passes = |reference: f32, d: f64| if reference as f64 <= d { 1.0 } else { 0.0 };
    // Vulkan's gather order: (i0, j1), (i1, j1), (i1, j0), (i0, j0).
    let order = [(0, 1), (1, 1), (1, 0), (0, 0)];
    let shadow = |uv: [f32; 2], reference: f32| {
        let ((i0, a), (j0, b)) = (taps(uv[0], w), taps(uv[1], h));
        let t = |di, dj| passes(reference, depth_at(i0 + di, j0 + dj));
        (1.0 - a) * (1.0 - b) * t(0, 0)
            + a * (1.0 - b) * t(1, 0)
            + (1.0 - a) * b * t(0, 1)
            + a * b * t(1, 1)
    };
    let mut want: Vec<f64> = Vec::new();
    for &[u, v, reference, q] in &queries {
        let ((i0, _), (j0, _)) = (taps(u, w), taps(v, h));
        let inside = |x: i64, y: i64| {
            Mode::ClampToBorder
                .wrap(x, w)
                .zip(Mode::ClampToBorder.wrap(y, h))
        };
        // textureGather(tex, uv, 1): the green of each tap, the border's
        // (1.0) outside.
        for (di, dj) in order {
            let g = match inside(i0 + di, j0 + dj) {
                Some((x, y)) => rgba.texel(Some(x), Some(y), [1.0; 4])[1],
                None => 1.0,
            };
            want.push(g);
        }
        // textureGather(depth, uv, reference): each tap compared.
        for (di, dj) in order {
            want.push(passes(reference, depth_at(i0 + di, j0 + dj)));
        }
        // textureLod(depth, (uv, reference), 0), and its projective form,
        // whose coordinates and reference are divided by q in f32.
        let div = |x: f32| (x * q) / q;
        want.extend([
            shadow([u, v], reference),
            shadow([div(u), div(v)], div(reference)),
            0.0,
            0.0,
        ]);
        // textureProjLod(tex, (uv * q, q), 0).
        let modes = [Mode::ClampToBorder; 2];
        want.extend(rgba.sample([div(u), div(v)], true, modes, true));
        // textureGather(cube, direction): red of the four taps around the
        // direction's face coordinates, a corner the mean of the others.
        let dir = [u - 0.5, v - 0.5, reference - 0.5];
        let (face, sc, tc, ma) = cube_face(dir);
        let (fi, _) = taps(((sc / ma + 1.0) * 0.5) as f32, n);
        let (fj, _) = taps(((tc / ma + 1.0) * 0.5) as f32, n);
        let at = |di: i64, dj: i64| {
            cube_texel(face, fi + di, fj + dj, n)
                .map(|(f, x, y)| cube[(f as i64 * n * n + y * n + x) as usize] as f64)
        };
        let values: Vec<Option<f64>> = order.iter().map(|&(di, dj)| at(di, dj)).collect();
        let known: Vec<f64> = values.iter().flatten().copied().collect();
        let mean = known.iter().sum::<f64>() / known.len() as f64;
        want.extend(values.iter().map(|v| v.unwrap_or(mean)));
    }
    let list = |v: &mut dyn Iterator<Item = String>| v.collect::<Vec<_>>().join(", ");
    let manifest = format!(
        "name = \"compare\"\nkernel = \"{}\"\nentry = \"main\"\nworkgroups = [1, 1, 1]\n\
         [[buffer]]\nname = \"tex\"\ntype = \"u8\"\ndata = [{}]\nbinding = {{ set = 0, binding = 0 }}\n\
         image = {{ format = \"R8G8B8A8_UNORM\", width = {w}, height = {h} }}\n\
         [[sampler]]\nbinding = {{ set = 0, binding = 0 }}\nfilter = \"linear\"\naddress = [\"clamp_to_border\"]\nborder = \"opaque_white\"\n\
         [[buffer]]\nname = \"depth\"\ntype = \"f32\"\ndata = [{}]\nbinding = {{ set = 0, binding = 1 }}\n\
         image = {{ format = \"D32_SFLOAT\", width = {w}, height = {h} }}\n\
         [[sampler]]\nbinding = {{ set = 0, binding = 1 }}\nfilter = \"linear\"\naddress = [\"clamp_to_edge\"]\ncompare = \"less_or_equal\"\n\
         [[buffer]]\nname = \"cube\"\ntype = \"f32\"\ndata = [{}]\nbinding = {{ set = 0, binding = 2 }}\n\
         image = {{ format = \"R32_SFLOAT\", width = {n}, height = {n}, layers = 6 }}\n\
         [[sampler]]\nbinding = {{ set = 0, binding = 2 }}\n\
         [[buffer]]\nname = \"queries\"\ntype = \"f32\"\ndata = [{}]\nbinding = {{ set = 0, binding = 3 }}\n\
         [[buffer]]\nname = \"out\"\ntype = \"f32\"\nlen = {}\nbinding = {{ set = 0, binding = 4 }}\n\
         [[check]]\nbuffer = \"out\"\nabs = 1e-5\ndata = [{}]\n",
        kernels().join("image_compare.spv").display(),
        list(&mut rgba.bytes.iter().map(|v| v.to_string())),
        list(&mut depth.iter().map(|v| format!("{v:e}"))),
        list(&mut cube.iter().map(|v| format!("{v:e}"))),
        list(&mut queries.iter().flatten().map(|v| format!("{v:e}"))),
        want.len(),
        list(&mut want.iter().map(|v| format!("{v:e}"))),
    );
    run_manifest("compare", &manifest, "compare");
}

#[test]
fn amber_compare_samplers_apply_each_comparison() {
    // A 2x1 D32_SFLOAT image (0.25, 0.75) read with nearest filtering at
    // references below, equal to and above each texel, through a SAMPLER
    // with COMPARE on and each COMPARE_OP (Vulkan's VkCompareOp: the
    // reference compared with the texel's depth).
    let queries = [
        (0.25f32, 0.1f32),
        (0.25, 0.25),
        (0.25, 0.5),
        (0.75, 0.5),
        (0.75, 0.75),
        (0.75, 0.9),
        (0.25, -1.0),
        (0.75, 2.0),
    ];
    let depth = |u: f32| if u < 0.5 { 0.25f32 } else { 0.75 };
    type Holds = fn(f32, f32) -> bool;
    let ops: [(&str, Holds); 8] = [
        ("never", |_, _| false),
        ("less", |r, d| r < d),
        ("equal", |r, d| r == d),
        ("less_or_equal", |r, d| r <= d),
        ("greater", |r, d| r > d),
        ("not_equal", |r, d| r != d),
        ("greater_or_equal", |r, d| r >= d),
        ("always", |_, _| true),
    ];
    for (name, holds) in ops {
        let mut s = String::from(
            "#!amber\nSHADER compute k SPIRV-BIN FILE image_shadow.spv\n\
             IMAGE depth FORMAT D32_SFLOAT DIM_2D WIDTH 2 HEIGHT 1 DATA 0.25 0.75 END\n",
        );
        writeln!(s, "SAMPLER smp COMPARE on COMPARE_OP {name}").unwrap();
        writeln!(
            s,
            "BUFFER q DATA_TYPE vec4<float> DATA {} END",
            data_lines(queries.iter().map(|&(u, r)| format!("{u} 0.5 {r} 0")))
        )
        .unwrap();
        s.push_str(
            "BUFFER out DATA_TYPE float SIZE 8 FILL 7
PIPELINE compute p
  ATTACH k
  BIND BUFFER depth AS combined_image_sampler SAMPLER smp DESCRIPTOR_SET 0 BINDING 0
  BIND BUFFER q AS storage DESCRIPTOR_SET 0 BINDING 1
  BIND BUFFER out AS storage DESCRIPTOR_SET 0 BINDING 2
END
RUN p 1 1 1
",
        );
        writeln!(
            s,
            "EXPECT out IDX 0 EQ {}",
            data_lines(
                queries
                    .iter()
                    .map(|&(u, r)| if holds(r, depth(u)) { "1" } else { "0" }.to_string())
            )
        )
        .unwrap();
        run_everywhere(&s);
    }
}

#[test]
fn amber_mip_levels_go_up_and_back_as_amber_copies_them() {
    // A 4x2 RGBA8 image of 3 levels (4x2, 2x1, 1x1) whose buffer starts as
    // texels 1..=8 (bytes 10 t, 20 t, 30 t, 40 t). Amber copies the buffer
    // to each level of a bound view from its start before a RUN and each
    // level back to its start after it, the view's first level first. A
    // kernel writes the view's first level (texel (x, y) = x + 1, y + 1, 7,
    // 255), and the buffer is then, byte for byte:
    let texel = |t: u8| [10 * t, 20 * t, 30 * t, 40 * t];
    let initial: Vec<u8> = (1..=8).flat_map(texel).collect();
    let written = |x: u8, y: u8| [x + 1, y + 1, 7, 255];
    // From level 1 (2x1, then 1x1): level 1 is written, copied back over
    // texels 1 and 2; then level 2, untouched (texel 1 of the data), over
    // texel 1.
    let mut from1 = initial.clone();
    from1[..8].copy_from_slice(&[written(0, 0), written(1, 0)].concat());
    from1[..4].copy_from_slice(&texel(1));
    // From level 2 (1x1 only): texel 1 written.
    let mut from2 = initial.clone();
    from2[..4].copy_from_slice(&written(0, 0));
    // From level 0: all three levels back, level 0 (all written) then
    // level 1 (texels 1, 2 of the data) then level 2 (texel 1).
    let mut from0: Vec<u8> = (0..2)
        .flat_map(|y| (0..4).flat_map(move |x| written(x, y)))
        .collect();
    from0[..8].copy_from_slice(&initial[..8]);
    from0[..4].copy_from_slice(&initial[..4]);
    for (base, want) in [(1, from1), (2, from2), (0, from0)] {
        let script = format!(
            "#!amber
SHADER compute k SPIRV-BIN FILE image_fill.spv
IMAGE img FORMAT R8G8B8A8_UNORM MIP_LEVELS 3 DIM_2D WIDTH 4 HEIGHT 2 DATA {} END
PIPELINE compute p
  ATTACH k
  BIND BUFFER img AS storage_image DESCRIPTOR_SET 0 BINDING 0 BASE_MIP_LEVEL {base}
END
RUN p 1 1 1
",
            data_lines(initial.iter().map(|b| b.to_string()))
        );
        let mut s2 = script;
        for (i, t) in want.chunks(4).enumerate() {
            writeln!(
                s2,
                "EXPECT img IDX {} {} SIZE 1 1 EQ_RGBA {} {} {} {}",
                i % 4,
                i / 4,
                t[0],
                t[1],
                t[2],
                t[3]
            )
            .unwrap();
        }
        run_everywhere(&s2);
    }
    // MIN_LOD and MAX_LOD take what Amber's tokenizer reads as a double
    // (a '.'), and BASE_MIP_LEVEL only binds images.
    let path = kernels().join("images_test.amber");
    for bad in [
        "#!amber\nSAMPLER s MIN_LOD 1\n",
        "#!amber\nSAMPLER s MAX_LOD 0x2\n",
        "#!amber\nBUFFER b DATA_TYPE uint32 SIZE 4 FILL 0\nSHADER compute k SPIRV-BIN FILE image_fill.spv\nPIPELINE compute p\n  ATTACH k\n  BIND BUFFER b AS storage DESCRIPTOR_SET 0 BINDING 0 BASE_MIP_LEVEL 0\nEND\n",
    ] {
        let r = run_source(bad, &path, &RunOptions::default());
        assert!(matches!(r.status, Status::Error(_)), "{bad}: {r}");
    }
    let r = run_source(
        "#!amber\nSAMPLER s MIN_LOD 1.0 MAX_LOD 2.5\n",
        &path,
        &RunOptions::default(),
    );
    assert_eq!(r.status, Status::Pass, "{r}");
}

#[test]
fn a_cube_map_needs_six_layers_per_cube() {
    // kernels/image_cube.spv samples a samplerCube; an image of 5 layers
    // bound there is refused when the kernel is lowered, by name.
    let manifest = format!(
        "name = \"cube6\"\nkernel = \"{}\"\nentry = \"main\"\nworkgroups = [1, 1, 1]\n\
         [[buffer]]\nname = \"tex\"\ntype = \"f32\"\nlen = 20\nbinding = {{ set = 0, binding = 0 }}\n\
         image = {{ format = \"R32_SFLOAT\", width = 2, height = 2, layers = 5 }}\n\
         [[sampler]]\nbinding = {{ set = 0, binding = 0 }}\n\
         [[buffer]]\nname = \"dirs\"\ntype = \"f32\"\nlen = 256\nbinding = {{ set = 0, binding = 1 }}\n\
         [[buffer]]\nname = \"out\"\ntype = \"f32\"\nlen = 64\nbinding = {{ set = 0, binding = 2 }}\n",
        kernels().join("image_cube.spv").display(),
    );
    let (dir, w) = write_manifest("cube6", &manifest);
    let e = refused(&w, "a cube map of 5 layers ran");
    assert!(
        e.contains("is a cube map, and the image bound there has 5 layers (6 per cube)"),
        "{e}"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}
