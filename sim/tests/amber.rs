//! Amber scripts end to end: the bundled scripts under workloads/amber/,
//! small inline scripts for each part of the language, and a parser fuzz.
//! Expected values are worked out by hand in the comments.

use gpusim::run::amber::{run_folder, run_script, run_source, ScriptReport, Status};
use gpusim::run::RunOptions;
use std::path::{Path, PathBuf};

fn workloads() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../workloads/amber")
}

fn run(text: &str) -> ScriptReport {
    run_source(text, Path::new("/tmp/t.amber"), &RunOptions::default())
}

fn failed(r: &ScriptReport) -> Vec<usize> {
    r.checks
        .iter()
        .filter(|c| !c.passed)
        .map(|c| c.line)
        .collect()
}

/// `a[i] = a[i] * u.x + add` over 4-wide workgroups: `a` storage at set 0
/// binding 0, `u` a uniform uvec4 at binding 1, `add` a push constant.
const SHADER: &str = "SHADER compute k SPIRV-ASM
               OpCapability Shader
          %1 = OpExtInstImport \"GLSL.std.450\"
               OpMemoryModel Logical GLSL450
               OpEntryPoint GLCompute %main \"main\" %gl_GlobalInvocationID
               OpExecutionMode %main LocalSize 4 1 1
               OpDecorate %gl_GlobalInvocationID BuiltIn GlobalInvocationId
               OpDecorate %_runtimearr_uint ArrayStride 4
               OpMemberDecorate %A 0 Offset 0
               OpDecorate %A BufferBlock
               OpDecorate %_ DescriptorSet 0
               OpDecorate %_ Binding 0
               OpMemberDecorate %U 0 Offset 0
               OpDecorate %U Block
               OpDecorate %__0 DescriptorSet 0
               OpDecorate %__0 Binding 1
               OpMemberDecorate %P 0 Offset 0
               OpDecorate %P Block
               OpDecorate %gl_WorkGroupSize BuiltIn WorkgroupSize
       %void = OpTypeVoid
          %3 = OpTypeFunction %void
       %uint = OpTypeInt 32 0
%_ptr_Function_uint = OpTypePointer Function %uint
     %v3uint = OpTypeVector %uint 3
%_ptr_Input_v3uint = OpTypePointer Input %v3uint
%gl_GlobalInvocationID = OpVariable %_ptr_Input_v3uint Input
     %uint_0 = OpConstant %uint 0
%_ptr_Input_uint = OpTypePointer Input %uint
%_runtimearr_uint = OpTypeRuntimeArray %uint
          %A = OpTypeStruct %_runtimearr_uint
%_ptr_Uniform_A = OpTypePointer Uniform %A
          %_ = OpVariable %_ptr_Uniform_A Uniform
        %int = OpTypeInt 32 1
      %int_0 = OpConstant %int 0
%_ptr_Uniform_uint = OpTypePointer Uniform %uint
     %v4uint = OpTypeVector %uint 4
          %U = OpTypeStruct %v4uint
%_ptr_Uniform_U = OpTypePointer Uniform %U
        %__0 = OpVariable %_ptr_Uniform_U Uniform
          %P = OpTypeStruct %uint
%_ptr_PushConstant_P = OpTypePointer PushConstant %P
        %__1 = OpVariable %_ptr_PushConstant_P PushConstant
%_ptr_PushConstant_uint = OpTypePointer PushConstant %uint
     %uint_4 = OpConstant %uint 4
     %uint_1 = OpConstant %uint 1
%gl_WorkGroupSize = OpConstantComposite %v3uint %uint_4 %uint_1 %uint_1
       %main = OpFunction %void None %3
          %5 = OpLabel
          %i = OpVariable %_ptr_Function_uint Function
         %14 = OpAccessChain %_ptr_Input_uint %gl_GlobalInvocationID %uint_0
         %15 = OpLoad %uint %14
               OpStore %i %15
         %22 = OpLoad %uint %i
         %23 = OpLoad %uint %i
         %25 = OpAccessChain %_ptr_Uniform_uint %_ %int_0 %23
         %26 = OpLoad %uint %25
         %31 = OpAccessChain %_ptr_Uniform_uint %__0 %int_0 %uint_0
         %32 = OpLoad %uint %31
         %33 = OpIMul %uint %26 %32
         %38 = OpAccessChain %_ptr_PushConstant_uint %__1 %int_0
         %39 = OpLoad %uint %38
         %40 = OpIAdd %uint %33 %39
         %41 = OpAccessChain %_ptr_Uniform_uint %_ %int_0 %22
               OpStore %41 %40
               OpReturn
               OpFunctionEnd
END
";

fn script(body: &str) -> String {
    format!("#!amber\n{SHADER}{body}")
}

/// The script declaring `buffers` (among them `a`, `u` and `pc`), the
/// pipeline `p` binding those three to the shader, then `commands`.
fn bound(buffers: &str, commands: &str) -> String {
    script(&format!("{buffers}{PIPELINE}{commands}"))
}

/// Pipeline `p`: the shader with `a`, `u` and `pc` bound.
const PIPELINE: &str = "PIPELINE compute p
  ATTACH k
  BIND BUFFER a AS storage DESCRIPTOR_SET 0 BINDING 0
  BIND BUFFER u AS uniform DESCRIPTOR_SET 0 BINDING 1
  BIND BUFFER pc AS push_constant
END
";

#[test]
fn bundled_scripts_pass() {
    let mut n = 0;
    for e in std::fs::read_dir(workloads()).unwrap() {
        let p = e.unwrap().path();
        if !gpusim::input::amber::is_amber_path(&p) {
            continue;
        }
        n += 1;
        let r = run_script(&p, &RunOptions::default()).unwrap();
        assert_eq!(r.status, Status::Pass, "{r}");
        assert!(!r.checks.is_empty(), "{r}");
        assert_eq!(r.exit_code(), 0);
        // Timed on the GCN-like and the teaching models, every EXPECT still
        // holds: timing never changes results.
        let teaching = workloads().join("../../configs/teaching.toml");
        for cfg in [
            gpusim::input::config::Config::default_config(),
            gpusim::input::config::Config::load(&teaching).unwrap(),
        ] {
            let name = cfg.name.clone();
            let t = run_script(&p, &RunOptions::timed(cfg)).unwrap();
            assert_eq!(t.status, Status::Pass, "timed on {name}: {t}");
            assert_eq!(t.checks, r.checks, "timed on {name}");
            assert!(t.cycles.is_some_and(|c| c > 0), "timed on {name}: {t}");
        }
    }
    assert_eq!(n, 8);
    let f = run_folder(&workloads(), &RunOptions::default());
    assert_eq!(f.scripts.len(), 8);
    assert_eq!(f.exit_code(), 0, "{f}");
    assert!(
        f.to_string()
            .contains("8 scripts: 8 passed, 0 failed, 0 skipped, 0 errors"),
        "{f}"
    );
}

#[test]
fn run_uniform_push_constant_repeat_copy() {
    // a = 1..8; u.x = 3; add = 10. After one RUN: a[i] = 3(i+1) + 10 =
    // 13 16 19 22 25 28 31 34. After REPEAT 2 more: x -> 3x + 10 twice:
    // 13 -> 49 -> 157, 16 -> 58 -> 184.
    let r = run(&bound(
        "BUFFER a DATA_TYPE uint32 SIZE 8 SERIES_FROM 1 INC_BY 1
BUFFER u DATA_TYPE vec4<uint32> DATA 3 0 0 0 END
BUFFER pc DATA_TYPE uint32 DATA 10 END
BUFFER saved DATA_TYPE uint32 SIZE 8 FILL 0
BUFFER want DATA_TYPE uint32 DATA 13 16 19 22 25 28 31 34 END
",
        "RUN p 2 1 1
EXPECT a IDX 0 EQ 13 16 19 22 25 28 31 34
COPY a TO saved
EXPECT saved EQ_BUFFER want
REPEAT 2
  RUN p 2 1 1
END
EXPECT a IDX 0 EQ 157 184
EXPECT a IDX 28 GT 157
EXPECT a IDX 0 LT 158
EXPECT a IDX 4 NE 16
EXPECT a IDX 4 GE 184
EXPECT a IDX 4 LE 184
EXPECT saved IDX 28 EQ 34
",
    ));
    assert_eq!(r.status, Status::Pass, "{r}");
    assert_eq!(r.checks.len(), 9);
    assert_eq!(r.runs, 3);
}

#[test]
fn eq_buffer_counts_the_bytes_that_differ() {
    let r = run("#!amber
BUFFER a DATA_TYPE uint32 DATA 1 2 3 END
BUFFER one DATA_TYPE uint32 DATA 1 2 4 END
BUFFER two DATA_TYPE uint32 DATA 1 258 4 END
EXPECT a EQ_BUFFER one
EXPECT a EQ_BUFFER two
");
    assert_eq!(r.status, Status::Fail, "{r}");
    assert!(
        r.checks[0]
            .message
            .contains("1 byte differs; first at byte 8: 3 != 4"),
        "{r}"
    );
    assert!(
        r.checks[1]
            .message
            .contains("2 bytes differ; first at byte 5: 0 != 1"),
        "{r}"
    );
}

#[test]
fn fill_and_series_lay_out_every_element() {
    // FILL repeats one encoded element, padding included; SERIES_FROM counts
    // per component. A 200 MiB FILL is a copy, not a conversion per value
    // (a fuzzing hang of 5.4 s in the debug build).
    let r = run("#!amber
BUFFER b DATA_TYPE vec3<float> SIZE 3 FILL 1.5
BUFFER s DATA_TYPE int16 SIZE 5 SERIES_FROM -2 INC_BY 3
BUFFER f DATA_TYPE float SIZE 3 SERIES_FROM 0.5 INC_BY 0.25
BUFFER big DATA_TYPE uint32 SIZE 052428800 FILL 7
EXPECT b IDX 0 EQ 1.5 1.5 1.5 1.5 1.5 1.5 1.5 1.5 1.5
EXPECT b IDX 32 EQ 1.5 1.5 1.5
EXPECT b IDX 16 EQ 1.5 1.5 1.5 1.5
EXPECT s IDX 0 EQ -2 1 4 7 10
EXPECT f IDX 0 EQ 0.5 0.75 1.0
EXPECT big IDX 209715196 EQ 7
");
    assert_eq!(r.status, Status::Pass, "{r}");
    assert_eq!(r.checks.len(), 6);
}

#[test]
fn failing_expect_fails_with_its_line() {
    let r = run(&bound(
        "BUFFER a DATA_TYPE uint32 SIZE 4 FILL 2
BUFFER u DATA_TYPE vec4<uint32> DATA 5 0 0 0 END
BUFFER pc DATA_TYPE uint32 DATA 1 END
",
        "RUN p 1 1 1
EXPECT a IDX 0 EQ 11 11 11 11
EXPECT a IDX 0 EQ 11 11 12
EXPECT a IDX 0 EQ 11 11 11 11 11
",
    ));
    assert_eq!(r.status, Status::Fail, "{r}");
    assert_eq!(r.exit_code(), 1);
    let base = 2 + SHADER.lines().count();
    let lines: Vec<usize> = failed(&r);
    assert_eq!(lines.len(), 2, "{r}");
    assert!(r.checks[1].message.contains("got 11"), "{r}");
    assert!(r.checks[2].message.contains("past the end"), "{r}");
    assert_eq!(r.checks[0].line + 1, r.checks[1].line);
    assert!(r.checks[0].line > base, "{r}");
}

#[test]
fn dynamic_and_descriptor_offsets_and_aliasing() {
    // `a` bound at byte 16 (OFFSET 8 + DESCRIPTOR_OFFSET 8): the kernel's
    // a[0..4] are the script's elements 4..8; elements 0..4 stay 1..4.
    // The same buffer bound as the uniform at offset 28 gives u.x = a[7] = 8.
    let r = run(&script(
        "BUFFER a DATA_TYPE uint32 SIZE 8 SERIES_FROM 1 INC_BY 1
BUFFER pc DATA_TYPE uint32 DATA 0 END
PIPELINE compute p
  ATTACH k
  BIND BUFFER a AS storage_dynamic DESCRIPTOR_SET 0 BINDING 0 OFFSET 8 DESCRIPTOR_OFFSET 8
  BIND BUFFER a AS uniform DESCRIPTOR_SET 0 BINDING 1 DESCRIPTOR_OFFSET 28 DESCRIPTOR_RANGE 16
  BIND BUFFER pc AS push_constant
END
RUN p 1 1 1
EXPECT a IDX 0 EQ 1 2 3 4 40 48 56 64
",
    ));
    // The uniform range runs past the buffer's end and is cut at it (4
    // bytes), enough for u.x.
    assert_eq!(r.status, Status::Pass, "{r}");
}

#[test]
fn layouts_std430_std140_vec3_mat() {
    // vec3<float>: 16-byte elements, so the second starts at byte 16.
    // float STD140: 16-byte stride. mat2x2<float> STD140: columns 16 bytes
    // apart, 32-byte elements. vec2<int8>: 2-byte elements.
    let r = run("#!amber
BUFFER v DATA_TYPE vec3<float> DATA 1 2 3 4 5 6 END
BUFFER s DATA_TYPE float STD140 DATA 1.5 2.5 END
BUFFER m DATA_TYPE mat2x2<float> STD140 DATA 1 2 3 4 5 6 7 8 END
BUFFER m430 DATA_TYPE mat2x3<float> DATA 1 2 3 4 5 6 END
BUFFER b DATA_TYPE vec2<int8> DATA -1 2 -3 4 END
BUFFER h DATA_TYPE float16 DATA 0.1 -2.5 65504 END
BUFFER d DATA_TYPE double SIZE 3 SERIES_FROM 0.5 INC_BY 0.25
BUFFER f DATA_TYPE R32G32B32A32_SFLOAT DATA 1 2 3 4 END
BUFFER x DATA_TYPE uint64 DATA 0xffffffffffffffff 18446744073709551615 END
EXPECT v IDX 16 EQ 4 5 6
EXPECT v IDX 0 EQ 1 2 3 4 5 6
EXPECT s IDX 16 EQ 2.5
EXPECT m IDX 32 EQ 5 6 7 8
EXPECT m430 IDX 0 EQ 1 2 3 4 5 6
EXPECT b IDX 2 EQ -3 4
EXPECT b IDX 0 EQ 255 2
EXPECT h IDX 0 TOLERANCE 0.001 EQ 0.1 -2.5 65504
EXPECT d IDX 16 EQ 1.0
EXPECT f IDX 0 EQ 1 2 3 4
EXPECT x IDX 8 EQ 18446744073709551615
EXPECT x IDX 0 EQ -1
EXPECT v EQ_BUFFER v
EXPECT v RMSE_BUFFER v TOLERANCE 0
");
    assert_eq!(r.status, Status::Pass, "{r}");
    assert_eq!(r.checks.len(), 14);
    // Sizes: with a 16-byte stride two floats take 32 bytes, so byte 32 is
    // past the end.
    let r = run("#!amber
BUFFER s DATA_TYPE float STD140 DATA 1.5 2.5 END
EXPECT s IDX 16 EQ 2.5
EXPECT s IDX 32 EQ 0
");
    assert_eq!(failed(&r), vec![4], "{r}");
}

#[test]
fn tolerances_and_float_equality() {
    let r = run("#!amber
BUFFER f DATA_TYPE float DATA 100 0.1 -4 END
EXPECT f IDX 0 TOLERANCE 1% EQ 101
EXPECT f IDX 0 TOLERANCE 0.5 EQ 100.4
EXPECT f IDX 4 EQ 0.1
EXPECT f IDX 0 TOLERANCE 0.5% 2 EQ 100.4 0.1 -4.01
EXPECT f IDX 0 TOLERANCE 0.5 EQ 100.6
EXPECT f IDX 0 TOLERANCE 0.9% EQ 101
EXPECT f IDX 4 EQ 0.1000001
EXPECT f IDX 0 EQ 100.000001
");
    // 0.1000001 and 0.1 are different binary32 numbers; 100.000001 rounds
    // to 100 in binary32, so it is equal (Amber converts the expected value
    // to the element type first).
    assert_eq!(failed(&r), vec![7, 8, 9], "{r}");
}

#[test]
fn graphics_and_unsupported_features_skip() {
    let r = run("#!amber\n# comment\nSHADER vertex v PASSTHROUGH\n");
    assert_eq!(
        r.status,
        Status::Skip("/tmp/t.amber:3: graphics pipelines are not supported".into())
    );
    assert_eq!(r.exit_code(), 0);
    let r = run("#!amber\nPIPELINE graphics g\nEND\n");
    assert_eq!(
        r.status,
        Status::Skip("/tmp/t.amber:2: graphics pipelines are not supported".into())
    );
    let r = run("#!amber\nDEVICE_FEATURE geometryShader\n");
    assert!(
        matches!(&r.status, Status::Skip(s) if s.contains(":2:") && s.contains("geometryShader")),
        "{r}"
    );
    let r = run("#!amber\nDEVICE_FEATURE shaderInt64\nDEVICE_EXTENSION VK_KHR_8bit_storage\nINSTANCE_EXTENSION VK_KHR_get_physical_device_properties2\nSET ENGINE_DATA fence_timeout_ms 1000\n");
    assert_eq!(r.status, Status::Pass, "{r}");
    assert_eq!(r.notes.len(), 1);
    let r = run("#!amber\nBUFFER b DATA_TYPE R4G4_UNORM_PACK8 SIZE 4 FILL 0\n");
    assert!(
        matches!(&r.status, Status::Skip(s) if s.contains(":2:")),
        "{r}"
    );
    // A 4-texel image has 3 mip levels (4, 2, 1), not 4.
    let r = run("#!amber\nIMAGE i FORMAT R32_SFLOAT DIM_1D WIDTH 4 MIP_LEVELS 3\n");
    assert_eq!(r.status, Status::Pass, "{r}");
    let r = run("#!amber\nIMAGE i FORMAT R32_SFLOAT DIM_1D WIDTH 4 MIP_LEVELS 4\n");
    assert!(
        matches!(&r.status, Status::Error(s) if s.contains(":2:") && s.contains("4 mip levels")),
        "{r}"
    );
}

#[test]
fn bad_input_names_file_and_line() {
    for (text, line) in [
        ("#!amber\nFOO bar\n", 2),
        ("#!amber\n\nBUFFER b DATA_TYPE nope SIZE 1 FILL 0\n", 3),
        ("#!amber\nBUFFER b DATA_TYPE uint32 DATA 1 2 x END\n", 2),
        ("#!amber\nRUN nothing 1 1 1\n", 2),
        ("#!amber\nBUFFER b DATA_TYPE uint32 DATA 1\n", 2),
        ("#!amber\nSHADER compute s SPIRV-ASM\nOpCapability Shader\n", 2),
        ("#!amber\nSHADER compute s SPIRV-ASM\n  OpBogus\nEND\nPIPELINE compute p\n  ATTACH s\nEND\n", 3),
        ("#!amber\nBUFFER b DATA_TYPE uint32 DATA 1 END\nEXPECT b IDX 0 EQ\n", 3),
        ("#!amber\nBUFFER b DATA_TYPE uint32 SIZE 4294967295 FILL 0\n", 2),
        (
            "#!amber\nBUFFER a DATA_TYPE uint32 SIZE 67108864 FILL 0\n\
             BUFFER b DATA_TYPE uint32 SIZE 67108864 FILL 0\n\
             BUFFER c DATA_TYPE uint32 SIZE 67108864 FILL 0\n\
             BUFFER d DATA_TYPE uint32 SIZE 67108864\n",
            5,
        ),
        ("not amber\n", 1),
    ] {
        let r = run(text);
        match &r.status {
            Status::Error(e) => assert!(e.starts_with(&format!("/tmp/t.amber:{line}: ")), "{text:?}: {e}"),
            s => panic!("{text:?}: {s:?}"),
        }
        assert_eq!(r.exit_code(), 2);
    }
}

/// A bad token in a shader's text names its own line: the script's for
/// inline text, the virtual file's for a VIRTUAL_FILE.
#[test]
fn a_bad_token_in_shader_text_names_its_line() {
    let pipeline = "PIPELINE compute p\n  ATTACH s\nEND\n";
    let inline =
        format!("#!amber\nSHADER compute s SPIRV-HEX\n03 02 23 07\n00 zz 01\nEND\n{pipeline}");
    let in_file = |format: &str, text: &str| {
        format!(
            "#!amber\nVIRTUAL_FILE v\n{text}\nEND\nSHADER compute s {format} VIRTUAL_FILE v\n{pipeline}"
        )
    };
    for (script, want) in [
        (inline, "/tmp/t.amber:4: SPIRV-HEX: 'zz' is not a hex byte"),
        (
            in_file("SPIRV-HEX", "03 02 23 07\n\n00 zz"),
            "/tmp/t.amber VIRTUAL_FILE v:3: SPIRV-HEX: 'zz' is not a hex byte",
        ),
        (
            in_file("SPIRV-ASM", "OpCapability Shader\nOpBogus"),
            "/tmp/t.amber VIRTUAL_FILE v:2: SPIR-V assembly: ",
        ),
    ] {
        match &run(&script).status {
            Status::Error(e) => assert!(e.starts_with(want), "{script:?}: {e}"),
            s => panic!("{script:?}: {s:?}"),
        }
    }
}

/// A script may execute 1,000,000 commands, a REPEAT's body counting
/// each time it runs: the outermost REPEAT that goes past is an error at
/// its line, before anything runs.
#[test]
fn a_repeat_past_the_command_limit_is_an_error_at_its_line() {
    let buffer = "#!amber\nBUFFER b DATA_TYPE uint32 DATA 1 END\n";
    let at_limit = format!("{buffer}REPEAT 999999\nCOPY b TO b\nEND\n");
    assert_eq!(run(&at_limit).status, Status::Pass);
    let limit = "more than 1000000 commands executed by the end of this REPEAT";
    for (script, line) in [
        (format!("{buffer}REPEAT 1000000\nCOPY b TO b\nEND\n"), 3),
        (
            format!("{buffer}COPY b TO b\nREPEAT 1000\n\nREPEAT 1000\nCOPY b TO b\nEND\nEND\n"),
            4,
        ),
    ] {
        match &run(&script).status {
            Status::Error(e) => assert!(
                e.starts_with(&format!("/tmp/t.amber:{line}: {limit}")),
                "{script:?}: {e}"
            ),
            s => panic!("{script:?}: {s:?}"),
        }
    }
}

#[test]
fn opencl_kernel_args_need_names_that_exist() {
    let dir = workloads();
    let text = "#!amber
SHADER compute s SPIRV-BIN FILE opencl_kernel_args.spv
BUFFER a DATA_TYPE float SIZE 16 FILL 1
PIPELINE compute p
  ATTACH s ENTRY_POINT scale_add
  BIND BUFFER a KERNEL ARG_NAME nosuch
END
RUN p 1 1 1
";
    let r = run_source(text, &dir.join("x.amber"), &RunOptions::default());
    assert!(
        matches!(&r.status, Status::Error(e) if e.contains("x.amber:8:") && e.contains("nosuch")),
        "{r}"
    );
}

/// Whether glslangValidator is on PATH (it is not needed to build or test).
fn have_glslang() -> bool {
    std::process::Command::new("glslangValidator")
        .arg("--version")
        .output()
        .is_ok()
}

/// A script's first lines: a two-wide GLSL compute shader `s` begins.
const GLSL_HEAD: &str = "#!amber
SHADER compute s GLSL
#version 450
layout(local_size_x = 2) in;
";

/// GLSL needs glslangValidator: without it the script is an ERROR naming it.
#[test]
fn glsl_compiles_or_skips() {
    let r = run(&format!(
        "{GLSL_HEAD}layout(set = 0, binding = 0) buffer B {{ int v[]; }};
void main() {{ v[gl_GlobalInvocationID.x] *= -3; }}
END
BUFFER b DATA_TYPE int32 DATA 5 -7 END
PIPELINE compute p
  ATTACH s
  BIND BUFFER b AS storage DESCRIPTOR_SET 0 BINDING 0
END
RUN p 1 1 1
EXPECT b IDX 0 EQ -15 21
"
    ));
    let have = have_glslang();
    if have {
        assert_eq!(r.status, Status::Pass, "{r}");
    } else {
        // The script is fine and the machine lacks the compiler: an error
        // naming the tool to install (docs/amber.md).
        assert!(
            matches!(&r.status, Status::Error(s) if s.contains(":2:") && s.contains("glslangValidator")),
            "{r}"
        );
    }
}

/// Truncated and garbled scripts never panic.
#[test]
fn fuzz_truncated_and_garbled() {
    let full = std::fs::read_to_string(workloads().join("opencl_kernel_asm.amber")).unwrap();
    let small = script(
        "BUFFER a DATA_TYPE uint32 SIZE 8 SERIES_FROM 1 INC_BY 1
BUFFER u DATA_TYPE vec4<uint32> DATA 3 0 0 0 END
BUFFER pc DATA_TYPE uint32 DATA 10 END
PIPELINE compute p
  ATTACH k
  BIND BUFFER a AS storage DESCRIPTOR_SET 0 BINDING 0 \\
       DESCRIPTOR_OFFSET 4
  BIND BUFFER u AS uniform DESCRIPTOR_SET 0 BINDING 1
  BIND BUFFER pc AS push_constant
END
REPEAT 2
RUN p 1 1 1
END
EXPECT a IDX 0 TOLERANCE 1% EQ 13 16
EXPECT a RMSE_BUFFER a TOLERANCE 1
",
    );
    let opts = RunOptions {
        max_wave_instructions: 100_000,
        ..RunOptions::default()
    };
    let p = workloads().join("fuzz.amber");
    for text in [&small, &full] {
        let cuts: Vec<usize> = (0..text.len())
            .step_by(if text.len() > 4000 { 37 } else { 1 })
            .collect();
        for &cut in &cuts {
            if text.is_char_boundary(cut) {
                let _ = run_source(&text[..cut], &p, &opts);
            }
        }
        // Replace single bytes with troublesome characters.
        let mut seed = 0x9e3779b97f4a7c15u64;
        for _ in 0..400 {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            let mut b = text.clone().into_bytes();
            let at = (seed as usize) % b.len();
            b[at] = b"\\#\n 0-9xEND%"[(seed >> 32) as usize % 12];
            if let Ok(t) = String::from_utf8(b) {
                let _ = run_source(&t, &p, &opts);
            }
        }
    }
}

/// Runs the scripts of a folder given by AMBER_CASES (for example
/// google/amber's tests/cases) and prints the table.
#[test]
#[ignore]
fn amber_cases_folder() {
    let Ok(dir) = std::env::var("AMBER_CASES") else {
        eprintln!("AMBER_CASES is not set");
        return;
    };
    let r = run_folder(Path::new(&dir), &RunOptions::default());
    print!("{r}");
    // Every script passes or skips with a reason, except the one the suite
    // means to fail.
    for s in &r.scripts {
        let expected_fail = s.path.to_string_lossy().contains(".expect_fail.");
        match (&s.status, expected_fail) {
            (gpusim::run::amber::Status::Pass, false)
            | (gpusim::run::amber::Status::Skip(_), _) => {}
            (gpusim::run::amber::Status::Fail, true) => {}
            (status, _) => panic!("{}: {status:?}", s.path.display()),
        }
    }
    assert!(r.count(|s| matches!(s, gpusim::run::amber::Status::Pass)) >= 76);
}

#[test]
fn a_glsl_shader_without_glslang_on_path_is_an_error_naming_the_tool() {
    let dir = std::env::temp_dir().join(format!("gpusim-amber-glsl-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let script = dir.join("glsl.amber");
    std::fs::write(
        &script,
        "#!amber\nSHADER compute s GLSL\n#version 430\nlayout(local_size_x = 1) in;\nvoid main() {}\nEND\n\
         PIPELINE compute p\n  ATTACH s\nEND\nRUN p 1 1 1\n",
    )
    .unwrap();
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_gpusim"))
        .arg("run")
        .arg(&script)
        .arg("--results")
        .arg(dir.join("results"))
        .env("PATH", dir.join("no-tools-here"))
        .output()
        .unwrap();
    let text =
        String::from_utf8_lossy(&out.stdout).to_string() + &String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{text}");
    assert!(
        text.contains("glslangValidator, which is not on PATH"),
        "{text}"
    );
    assert!(text.contains("glsl.amber:2"), "{text}");
    // A script that could not run leaves no results folder, not even the
    // one it made to hold them.
    assert!(!dir.join("results").exists());
    std::fs::remove_dir_all(&dir).unwrap();
}

/// `a[x] = gl_SubgroupSize` over workgroups of `LOCAL` (a placeholder) lanes.
const SUBGROUP_SIZE_SHADER: &str = "SHADER compute k SPIRV-ASM
               OpCapability Shader
               OpCapability GroupNonUniform
               OpMemoryModel Logical GLSL450
               OpEntryPoint GLCompute %main \"main\" %gid %size
               OpExecutionMode %main LocalSize LOCAL 1 1
               OpDecorate %gid BuiltIn GlobalInvocationId
               OpDecorate %size BuiltIn SubgroupSize
               OpDecorate %arr ArrayStride 4
               OpMemberDecorate %A 0 Offset 0
               OpDecorate %A BufferBlock
               OpDecorate %a DescriptorSet 0
               OpDecorate %a Binding 0
       %void = OpTypeVoid
         %fn = OpTypeFunction %void
       %uint = OpTypeInt 32 0
        %int = OpTypeInt 32 1
         %v3 = OpTypeVector %uint 3
    %p_in_v3 = OpTypePointer Input %v3
  %p_in_uint = OpTypePointer Input %uint
        %gid = OpVariable %p_in_v3 Input
       %size = OpVariable %p_in_uint Input
        %arr = OpTypeRuntimeArray %uint
          %A = OpTypeStruct %arr
        %p_A = OpTypePointer Uniform %A
          %a = OpVariable %p_A Uniform
     %p_uint = OpTypePointer Uniform %uint
         %c0 = OpConstant %int 0
       %main = OpFunction %void None %fn
      %label = OpLabel
          %g = OpLoad %v3 %gid
          %x = OpCompositeExtract %uint %g 0
          %s = OpLoad %uint %size
          %p = OpAccessChain %p_uint %a %c0 %x
               OpStore %p %s
               OpReturn
               OpFunctionEnd
END
";

/// A script whose pipeline has `SUBGROUP k <options> END` (line 46), runs
/// one workgroup of `local` lanes and expects each to see subgroup size 64.
fn subgroup_script(features: &str, local: u32, options: &str) -> String {
    format!(
        "#!amber\n{features}{}BUFFER a DATA_TYPE uint32 SIZE {local} FILL 0\nPIPELINE compute p\n  ATTACH k\n  SUBGROUP k\n    {options}\n  END\n  BIND BUFFER a AS storage DESCRIPTOR_SET 0 BINDING 0\nEND\nRUN p 1 1 1\nEXPECT a IDX 0 EQ 64\n",
        SUBGROUP_SIZE_SHADER.replace("LOCAL", &local.to_string())
    )
}

const SIZE_CONTROL: &str = "DEVICE_FEATURE SubgroupSizeControl.subgroupSizeControl\nDEVICE_FEATURE SubgroupSizeControl.computeFullSubgroups\nDEVICE_EXTENSION VK_EXT_subgroup_size_control\n";

#[test]
fn subgroup_requirements_run_when_the_model_honours_them_and_skip_otherwise() {
    let sub_line = SIZE_CONTROL.lines().count() + SUBGROUP_SIZE_SHADER.lines().count() + 5;
    for options in [
        "REQUIRED_SIZE 64",
        "REQUIRED_SIZE MIN",
        "REQUIRED_SIZE MAX\n    VARYING_SIZE on",
        "FULLY_POPULATED on",
        "FULLY_POPULATED off\n    VARYING_SIZE off",
    ] {
        let r = run(&subgroup_script(SIZE_CONTROL, 64, options));
        assert_eq!(r.status, Status::Pass, "{options}: {r}");
        assert_eq!(r.checks.len(), 1);
    }
    // The same script on a wave-32 run sees 32 and fails its EXPECT: the
    // kernel really reads the run's subgroup size.
    let wave32 = RunOptions {
        wave_width: 32,
        ..RunOptions::default()
    };
    let text = subgroup_script(SIZE_CONTROL, 64, "FULLY_POPULATED on");
    let r = run_source(&text, Path::new("/tmp/t.amber"), &wave32);
    assert_eq!(r.status, Status::Fail, "{r}");
    // What the model cannot honour SKIPs at the SUBGROUP line, with the sizes.
    for (local, options, opts, words) in [
        (
            64,
            "REQUIRED_SIZE 32",
            RunOptions::default(),
            ["subgroup size 32", "wave size is 64"],
        ),
        (
            64,
            "REQUIRED_SIZE 64",
            wave32.clone(),
            ["subgroup size 64", "wave size is 32"],
        ),
        (
            119,
            "FULLY_POPULATED on\n    REQUIRED_SIZE 32",
            RunOptions::default(),
            ["subgroup size 32", "wave size is 64"],
        ),
    ] {
        let text = subgroup_script(SIZE_CONTROL, local, options);
        let r = run_source(&text, Path::new("/tmp/t.amber"), &opts);
        match &r.status {
            Status::Skip(s) => assert!(
                s.starts_with(&format!("/tmp/t.amber:{sub_line}: SUBGROUP requires"))
                    && words.iter().all(|w| s.contains(w)),
                "{options}: {s}"
            ),
            s => panic!("{options}: {s:?}"),
        }
    }
}

#[test]
fn full_subgroups_a_local_size_cannot_give_run_with_a_note() {
    // Vulkan calls FULLY_POPULATED with a local size x that is not a
    // multiple of the subgroup size invalid, but the CTS runs such scripts:
    // every wave but the last is full, and a note names the SUBGROUP line.
    let sub_line = SIZE_CONTROL.lines().count() + SUBGROUP_SIZE_SHADER.lines().count() + 5;
    for (local, invocations, words) in [
        (
            "119 1 1",
            119,
            "FULLY_POPULATED cannot be honoured for the last subgroup: the local size x 119 is not a multiple of the wave size 64, so each workgroup of 119x1x1 makes 1 full wave and one of 55 invocations (run anyway, as the CTS does)",
        ),
        (
            "32 2 1",
            64,
            "FULLY_POPULATED: the local size x 32 is not a multiple of the wave size 64, but each workgroup of 32x2x1 makes 1 full wave all the same",
        ),
    ] {
        let text = subgroup_script(SIZE_CONTROL, invocations, "FULLY_POPULATED on")
            .replace(&format!("LocalSize {invocations} 1 1"), &format!("LocalSize {local}"));
        let r = run(&text);
        assert_eq!(r.status, Status::Pass, "{local}: {r}");
        assert_eq!(
            r.notes,
            vec![format!("line {sub_line}: SUBGROUP {words}")],
            "{local}"
        );
        // Every invocation ran, the last wave's too, and saw the wave size.
        let a = &r.buffers.iter().find(|b| b.0 == "a").expect("buffer a").1;
        let x: u32 = local.split(' ').next().unwrap().parse().unwrap();
        for (i, v) in a.chunks_exact(4).enumerate() {
            let want = if i < x as usize { 64 } else { 0 };
            assert_eq!(u32::from_le_bytes(v.try_into().unwrap()), want, "{local}: a[{i}]");
        }
    }
}

#[test]
fn subgroup_commands_amber_rejects_are_errors_at_their_line() {
    let sub_line = SUBGROUP_SIZE_SHADER.lines().count() + 5;
    let option_line = sub_line + 1;
    for (features, options, line, words) in [
        (
            "",
            "REQUIRED_SIZE 64",
            option_line,
            "needs DEVICE_FEATURE SubgroupSizeControl.subgroupSizeControl",
        ),
        (
            "",
            "FULLY_POPULATED on",
            option_line,
            "needs DEVICE_FEATURE SubgroupSizeControl.computeFullSubgroups",
        ),
        (SIZE_CONTROL, "REQUIRED_SIZE 48", option_line, "not '48'"),
        (SIZE_CONTROL, "VARYING_SIZE maybe", option_line, "on or off"),
        (
            SIZE_CONTROL,
            "SPEED fast",
            option_line,
            "unknown SUBGROUP option 'SPEED'",
        ),
    ] {
        let line = line + features.lines().count();
        let r = run(&subgroup_script(features, 64, options));
        match &r.status {
            Status::Error(e) => assert!(
                e.starts_with(&format!("/tmp/t.amber:{line}: ")) && e.contains(words),
                "{options}: {e}"
            ),
            s => panic!("{options}: {s:?}"),
        }
    }
    let text = subgroup_script(SIZE_CONTROL, 64, "REQUIRED_SIZE 64")
        .replace("SUBGROUP k", "SUBGROUP other");
    let r = run(&text);
    assert!(
        matches!(&r.status, Status::Error(e) if e.contains("'other', which is not attached")),
        "{r}"
    );
}

#[test]
fn device_properties_the_model_has_pass_others_skip_unknown_ones_are_errors() {
    let r = run("#!amber\nDEVICE_PROPERTY FloatControlsProperties.shaderDenormPreserveFloat16\nDEVICE_PROPERTY FloatControlsProperties.shaderSignedZeroInfNanPreserveFloat64\n");
    assert_eq!(r.status, Status::Pass, "{r}");
    let r =
        run("#!amber\n\nDEVICE_PROPERTY FloatControlsProperties.shaderDenormFlushToZeroFloat32\n");
    assert!(
        matches!(&r.status, Status::Skip(s) if s.contains(":3:") && s.contains("shaderDenormFlushToZeroFloat32")),
        "{r}"
    );
    let r = run("#!amber\nDEVICE_PROPERTY FloatControlsProperties.noSuchThing\n");
    assert!(
        matches!(&r.status, Status::Error(s) if s.contains(":2:") && s.contains("unknown device property")),
        "{r}"
    );
}

#[test]
fn nan_in_any_case_is_a_number_and_equal_infinities_are_equal() {
    // 1e39 is out of binary32's range: stored and expected, both round to
    // an infinity of their sign.
    let r = run("#!amber
BUFFER f DATA_TYPE float DATA nan NaN NAN 2.5 1e39 -1e39 END
EXPECT f IDX 0 EQ nan NaN nAn 2.5 1e39 -1e39
EXPECT f IDX 16 NE -1e39
EXPECT f IDX 16 EQ -1e39
EXPECT f IDX 0 EQ 1.0
EXPECT f IDX 12 EQ nan
");
    assert_eq!(failed(&r), vec![5, 6, 7], "{r}");
    // "-nan" and "inf" are names to Amber, not numbers.
    for word in ["-nan", "inf"] {
        let r = run(&format!(
            "#!amber\nBUFFER f DATA_TYPE float DATA {word} END\n"
        ));
        assert!(
            matches!(&r.status, Status::Error(s) if s.contains(":2:") && s.contains(word)),
            "{word}: {r}"
        );
    }
}

#[test]
fn text_data_files_are_read_as_amber_tokenises_them() {
    let dir = std::env::temp_dir().join(format!("gpusim-amber-text-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(
        dir.join("values.txt"),
        "# a header line\n1 2 # the rest of this line: 99\n3#4\n  # indented comment\n5\n",
    )
    .unwrap();
    let script = dir.join("t.amber");
    std::fs::write(
        &script,
        "#!amber\nBUFFER v DATA_TYPE int32 FILE TEXT values.txt\nEXPECT v IDX 0 EQ 1 2 3 5\n",
    )
    .unwrap();
    let r = run_script(&script, &RunOptions::default()).unwrap();
    std::fs::remove_dir_all(&dir).unwrap();
    // "3#4" is one token to Amber, which reads its number prefix: here a
    // token that is not a number is an error instead.
    assert!(
        matches!(&r.status, Status::Error(s) if s.contains("'3#4' is not a number")),
        "{r}"
    );
}

#[test]
fn float16_data_is_converted_as_amber_converts_it() {
    // Amber writes float16 DATA through f32 and drops the low mantissa
    // bits (toward zero): -4.0233599 is between the f16 values -4.01953125
    // and -4.0234375 (nearer the second); Amber stores the first. Below the
    // f16 normal range it stores zero, above its range infinity.
    let r = run("#!amber
BUFFER h DATA_TYPE float16 DATA -4.0233599 0.1 1e-6 70000 END
EXPECT h IDX 0 EQ -4.01953125 0.0999755859375 0 1e39
EXPECT h IDX 0 EQ -4.0234375
");
    assert_eq!(failed(&r), vec![4], "{r}");
}

/// The kernel of [`SHADER`] as a VkScript section.
fn vkscript(test: &str) -> String {
    let kernel = SHADER
        .lines()
        .skip(1)
        .take_while(|l| *l != "END")
        .collect::<Vec<_>>()
        .join("\n");
    format!("# VkScript\n[require]\nVK_KHR_storage_buffer_storage_class\nfbsize 250 250\n\n[compute shader spirv]\n{kernel}\n\n[test]\n{test}")
}

#[test]
fn vkscript_compute_files_run() {
    // a[i] = a[i] * u.x + add with u.x = 3 and add = 10; a write between
    // the two dispatches; 8 then 4 invocations.
    let text = vkscript(
        "ssbo 0:0 subdata uint 0 1 2 3 4 5 6 7 8 9
uniform ubo 0:1 uvec4 0 3 0 0 0
uniform uint 0 10
compute entrypoint main
compute 2 1 1
probe ssbo uint 0:0 0 == 13 16 19 22 25 28 31 34 9
ssbo 0:0 subdata uint 0 100
compute 1 1 1
probe ssbo uint 0:0 0 == 310 58 67 76
probe ssbo uvec2 0:0 8 == 67 76
tolerance 1%
probe ssbo uint 0:0 0 ~= 312
probe ssbo uint 0:0 0 == 312
probe ssbo uint 0:0 4 != 58
",
    );
    let first = text.lines().position(|l| l.starts_with("ssbo")).unwrap() + 1;
    let r = run(&text);
    assert_eq!(r.checks.len(), 6, "{r}");
    // The last two probes fail: 310 is not 312 exactly, and a[1] is 58.
    assert_eq!(failed(&r), vec![first + 12, first + 13], "{r}");
    assert_eq!(r.runs, 2, "{r}");
}

#[test]
fn vkscript_graphics_and_unknown_requirements_skip_and_bad_text_is_an_error() {
    let r =
        run(&vkscript("compute 1 1 1\n").replace("[test]", "[vertex shader passthrough]\n[test]"));
    assert!(
        matches!(&r.status, Status::Skip(s) if s.contains("graphics pipelines are not supported")),
        "{r}"
    );
    let r = run(&vkscript("compute 1 1 1\n").replace("fbsize 250 250", "geometryShader"));
    assert!(
        matches!(&r.status, Status::Skip(s) if s.contains(":4:") && s.contains("geometryShader")),
        "{r}"
    );
    let r = run(&vkscript("compute 1 1 1\nfrobnicate 3\n"));
    assert!(
        matches!(&r.status, Status::Error(s) if s.contains("unknown command 'frobnicate'")),
        "{r}"
    );
    let r = run(&vkscript("probe ssbo uint 0:5 0 == 1\n"));
    assert!(
        matches!(&r.status, Status::Error(s) if s.contains("no buffer at set 0 binding 5")),
        "{r}"
    );
    for text in [
        "just some text\n[test]\n",
        "SHADER compute s GLSL\n",
        "",
        "[require",
    ] {
        let r = run(text);
        assert!(
            matches!(&r.status, Status::Error(s) if s.contains(":1:") && s.contains("nor VkScript")),
            "{text:?}: {r}"
        );
    }
    let r = run("# a VkScript file\n[nonsense]\n");
    assert!(
        matches!(&r.status, Status::Error(s) if s.contains(":2:") && s.contains("unknown section [nonsense]")),
        "{r}"
    );
}

/// A fault in an inline shader names the script and the shader, as a
/// manifest's kernel file is named (it has no file of its own).
#[test]
fn a_fault_in_an_inline_shader_names_the_script_and_shader() {
    let r = run(&bound(
        "BUFFER a DATA_TYPE uint32 DATA 1 2 END
BUFFER u DATA_TYPE vec4<uint32> DATA 2 0 0 0 END
BUFFER pc DATA_TYPE uint32 DATA 5 END
",
        "RUN p 1 1 1\n",
    ));
    assert!(
        matches!(&r.status, Status::Error(s)
            if s.contains("OpLoad at /tmp/t.amber shader 'k' word ")
                && s.contains("outside buffer 'a'")
                && !s.contains("at  word")),
        "{r}"
    );
}

/// A GLSL compile error names the script's line of the shader's line.
#[test]
fn a_glsl_compile_error_names_the_script_line() {
    // The shader's line 4 is the script's line 6.
    let r = run(&format!(
        "{GLSL_HEAD}void main() {{
  undefined_name = 1;
}}
END
PIPELINE compute p
  ATTACH s
END
RUN p 1 1 1
"
    ));
    let have = have_glslang();
    let Status::Error(s) = &r.status else {
        panic!("{r}")
    };
    if have {
        assert!(
            s.contains("/tmp/t.amber:6: 'undefined_name'") && !s.contains("shader.comp"),
            "{s}"
        );
    } else {
        assert!(s.contains("glslangValidator"), "{s}");
    }
}
