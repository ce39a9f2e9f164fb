//! Descriptor arrays and workgroup layouts in lowering: the resources a
//! descriptor array becomes, and the modules the validator accepts but
//! lowering refuses, each with a named error.

use isa::lower::Options;

fn lower_with(text: &str, options: &Options) -> Result<isa::ir::Kernel, String> {
    let words = isa::asm::assemble(text).unwrap_or_else(|e| panic!("does not assemble: {e}"));
    let m = isa::module::parse_words(&words).unwrap();
    isa::lower::lower(&m, "main", options).map_err(|e| e.message)
}

fn lower(text: &str) -> Result<isa::ir::Kernel, String> {
    lower_with(text, &Options::default())
}

/// A kernel storing 1 into `b[INDEX].x` of `buffer B { uint x; } b[3]`
/// (ARRAY is the array type: `%arr3`, `%arr_big` or `%arr_rt`).
fn descriptor_kernel(array: &str, index: &str) -> String {
    format!(
        "OpCapability Shader
OpCapability RuntimeDescriptorArray
OpExtension \"SPV_EXT_descriptor_indexing\"
OpMemoryModel Logical GLSL450
OpEntryPoint GLCompute %main \"main\"
OpExecutionMode %main LocalSize 1 1 1
OpName %b \"b\"
OpDecorate %B Block
OpMemberDecorate %B 0 Offset 0
OpDecorate %b DescriptorSet 0
OpDecorate %b Binding 0
%void = OpTypeVoid
%fn = OpTypeFunction %void
%uint = OpTypeInt 32 0
%uint_0 = OpConstant %uint 0
%uint_1 = OpConstant %uint 1
%uint_2 = OpConstant %uint 2
%uint_3 = OpConstant %uint 3
%B = OpTypeStruct %uint
%arr3 = OpTypeArray %B %uint_3
%arr_rt = OpTypeRuntimeArray %B
%uint_big = OpConstant %uint 100000
%arr_big = OpTypeArray %B %uint_big
%ptr_arr = OpTypePointer StorageBuffer {array}
%ptr_uint = OpTypePointer StorageBuffer %uint
%b = OpVariable %ptr_arr StorageBuffer
%main = OpFunction %void None %fn
%entry = OpLabel
%p = OpAccessChain %ptr_uint %b {index} %uint_0
OpStore %p %uint_1
OpReturn
OpFunctionEnd
"
    )
}

#[test]
fn a_descriptor_array_gives_one_resource_per_element() {
    let k = lower(&descriptor_kernel("%arr3", "%uint_2")).unwrap();
    let elements: Vec<(u32, u32)> = k.resources.iter().map(|r| (r.binding, r.index)).collect();
    assert_eq!(elements, [(0, 0), (0, 1), (0, 2)]);
}

#[test]
fn a_constant_descriptor_index_past_the_end_is_refused() {
    let e = lower(&descriptor_kernel("%arr3", "%uint_3")).err().unwrap();
    assert!(
        e.contains("descriptor index 3 is out of range: 'b' has 3 descriptors"),
        "{e}"
    );
}

#[test]
fn a_descriptor_array_past_the_limit_is_refused() {
    let e = lower(&descriptor_kernel("%arr_big", "%uint_0"))
        .err()
        .unwrap();
    assert!(
        e.contains("'b' is an array of 100000 descriptors; at most 65536"),
        "{e}"
    );
    let options = Options {
        descriptor_counts: [((0, 0), u32::MAX)].into_iter().collect(),
        ..Options::default()
    };
    let e = lower_with(&descriptor_kernel("%arr_rt", "%uint_0"), &options)
        .err()
        .unwrap();
    assert!(e.contains("at most 65536 are supported"), "{e}");
}

#[test]
fn a_runtime_descriptor_array_has_the_elements_the_host_binds() {
    let text = descriptor_kernel("%arr_rt", "%uint_0");
    let options = Options {
        descriptor_counts: [((0, 0), 5)].into_iter().collect(),
        ..Options::default()
    };
    let k = lower_with(&text, &options).unwrap();
    let indices: Vec<u32> = k.resources.iter().map(|r| r.index).collect();
    assert_eq!(indices, [0, 1, 2, 3, 4]);
    // Nothing bound there: refused by name.
    let e = lower(&text).err().unwrap();
    assert!(
        e.contains("'b' is a runtime-sized array of descriptors at set 0 binding 0, and no buffer is bound there"),
        "{e}"
    );
}

#[test]
fn block_and_plain_workgroup_variables_are_not_mixed() {
    let text = "OpCapability Shader
OpCapability WorkgroupMemoryExplicitLayoutKHR
OpExtension \"SPV_KHR_workgroup_memory_explicit_layout\"
OpMemoryModel Logical GLSL450
OpEntryPoint GLCompute %main \"main\" %blk %plain
OpExecutionMode %main LocalSize 1 1 1
OpDecorate %W Block
OpMemberDecorate %W 0 Offset 0
%void = OpTypeVoid
%fn = OpTypeFunction %void
%uint = OpTypeInt 32 0
%W = OpTypeStruct %uint
%ptr_W = OpTypePointer Workgroup %W
%ptr_uint = OpTypePointer Workgroup %uint
%blk = OpVariable %ptr_W Workgroup
%plain = OpVariable %ptr_uint Workgroup
%main = OpFunction %void None %fn
%entry = OpLabel
OpReturn
OpFunctionEnd
";
    let e = lower(text).err().unwrap();
    assert!(e.contains("workgroup variable '%"), "{e}");
    assert!(e.contains("cannot be declared together"), "{e}");
}

/// OpPtrAccessChain over a plain Workgroup array steps by the element's
/// size: the pointer type's ArrayStride 8 means nothing without Block
/// variables (VK-GL-CTS ptr_access_chain/workgroup_bad_stride). With a
/// Block variable the memory has an explicit layout, and it counts.
#[test]
fn a_workgroup_pointer_stride_counts_only_with_explicit_layout() {
    let kernel = |block: &str| {
        format!(
            "OpCapability Shader
OpCapability VariablePointers
OpCapability WorkgroupMemoryExplicitLayoutKHR
OpExtension \"SPV_KHR_workgroup_memory_explicit_layout\"
OpExtension \"SPV_KHR_variable_pointers\"
OpMemoryModel Logical GLSL450
OpEntryPoint GLCompute %main \"main\" %wg
OpExecutionMode %main LocalSize 1 1 1
OpDecorate %ptr_uint ArrayStride 8
OpDecorate %arr ArrayStride 4
OpMemberDecorate %S 0 Offset 0
{block}
%void = OpTypeVoid
%fn = OpTypeFunction %void
%uint = OpTypeInt 32 0
%uint_0 = OpConstant %uint 0
%uint_1 = OpConstant %uint 1
%uint_4 = OpConstant %uint 4
%arr = OpTypeArray %uint %uint_4
%S = OpTypeStruct %arr
%ptr_S = OpTypePointer Workgroup %S
%ptr_uint = OpTypePointer Workgroup %uint
%wg = OpVariable %ptr_S Workgroup
%main = OpFunction %void None %fn
%entry = OpLabel
%first = OpAccessChain %ptr_uint %wg %uint_0 %uint_0
%next = OpPtrAccessChain %ptr_uint %first %uint_1
OpStore %next %uint_1
OpReturn
OpFunctionEnd
"
        )
    };
    let store_offset = |text: &str| {
        let k = lower(text).unwrap();
        let offsets: Vec<i64> = k
            .insts
            .iter()
            .filter_map(|i| match i {
                isa::ir::Inst::Store { offset, .. } => Some(*offset),
                _ => None,
            })
            .collect();
        assert_eq!(offsets.len(), 1, "{:?}", k.insts);
        offsets[0]
    };
    assert_eq!(store_offset(&kernel("")), 4);
    assert_eq!(store_offset(&kernel("OpDecorate %S Block")), 8);
}
