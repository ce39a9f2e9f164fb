//! What configs, traces and reports call things: each IR instruction's
//! canonical name and op class, and the set of every canonical name.
//! The instruction sets define the names of their own instructions and
//! their classes (`ext`); this module adds the core and control-flow ones.

use crate::core::Scalar;
use crate::ext::OpClass;
use crate::ir::{AtomicOp, Inst};
use std::collections::BTreeSet;
use std::sync::OnceLock;

/// The canonical name of a lowered instruction, as issue traces show it
/// and `[instructions."NAME"]` matches it: the SPIR-V name of the basic
/// operation (`FAdd`, `Select`, `AtomicIAdd`, `BranchConditional`), or the
/// extended instruction's name (`GLSL.FMix`, `AMD.FMid3`, `EXT.AtomicFMin`).
pub fn instruction_name(inst: &Inst, origin: &str) -> String {
    match inst {
        Inst::Alu { alu, .. } => format!("{:?}", alu.op),
        Inst::Convert { .. } => match origin {
            "ConvertFToU" | "ConvertFToS" | "ConvertSToF" | "ConvertUToF" | "UConvert"
            | "SConvert" | "FConvert" | "SatConvertSToU" | "SatConvertUToS" | "ConvertPtrToU"
            | "ConvertUToPtr" => origin.to_string(),
            _ => "Convert".to_string(),
        },
        Inst::Ext { op, .. } => op.canonical_name(),
        Inst::CrossLane { op, .. } => op.name(),
        Inst::Mov { .. } => "Mov".into(),
        Inst::Load { .. } => "Load".into(),
        Inst::Store { .. } => "Store".into(),
        Inst::Atomic { op, .. } => match op {
            AtomicOp::FMin => "EXT.AtomicFMin".into(),
            AtomicOp::FMax => "EXT.AtomicFMax".into(),
            other => format!("Atomic{other:?}"),
        },
        Inst::Jump { .. } => "Branch".into(),
        Inst::Branch { .. } => "BranchConditional".into(),
        Inst::Switch { .. } => "Switch".into(),
        Inst::Return => "Return".into(),
        Inst::Barrier => "ControlBarrier".into(),
        Inst::MemoryBarrier => "MemoryBarrier".into(),
        Inst::Unreachable => "Unreachable".into(),
        Inst::Printf { .. } => "CL.printf".into(),
        Inst::Prefetch { .. } => "CL.prefetch".into(),
    }
}

/// The op class of a lowered instruction: the extended instruction's
/// class, `branch` for control flow, `xlane.reduce` for cross-lane
/// reductions and scans, `xlane.permute` for the other cross-lane work, and `valu` or `valu.f64` (any 64-bit
/// float operand) for everything else.
pub fn op_class(inst: &Inst) -> OpClass {
    match inst {
        Inst::Ext { op, .. } => crate::ext::op_class(*op),
        Inst::CrossLane { op, .. } if op.is_reduction() => OpClass::XlaneReduce,
        Inst::CrossLane { .. } => OpClass::XlanePermute,
        Inst::Jump { .. }
        | Inst::Branch { .. }
        | Inst::Switch { .. }
        | Inst::Return
        | Inst::Barrier
        | Inst::MemoryBarrier
        | Inst::Unreachable => OpClass::Branch,
        _ => core_class(inst),
    }
}

fn core_class(inst: &Inst) -> OpClass {
    let f64 = match inst {
        Inst::Alu { alu, .. } => alu.ty == Scalar::Float(64),
        Inst::Convert { cv, .. } => cv.from == Scalar::Float(64) || cv.to == Scalar::Float(64),
        _ => false,
    };
    if f64 {
        OpClass::ValuF64
    } else {
        OpClass::Valu
    }
}

/// Whether `name` is a canonical instruction name: an extended instruction
/// of docs/isa-coverage.md, or a name [`instruction_name`] gives lowered
/// instructions.
pub fn is_instruction_name(name: &str) -> bool {
    static NAMES: OnceLock<BTreeSet<String>> = OnceLock::new();
    static HELPERS: OnceLock<BTreeSet<String>> = OnceLock::new();
    NAMES.get_or_init(instruction_names).contains(name)
        || (!name.contains('.') && HELPERS.get_or_init(helper_names).contains(name))
}

/// The extended instructions, and the names `instruction_name` gives one
/// instruction of every kind, every core ALU operation, every cross-lane
/// operation, every atomic
/// operation and every conversion opcode.
fn instruction_names() -> BTreeSet<String> {
    use crate::core::{Alu, AluOp, Convert};
    let int = Scalar::Int(32);
    let mut names: BTreeSet<String> = crate::ext::coverage().into_iter().map(|c| c.name).collect();
    let mut add = |inst: &Inst, origin: &str| {
        names.insert(instruction_name(inst, origin));
    };
    let plain = [
        Inst::Mov { dst: 0, src: 0 },
        Inst::Load {
            ty: int,
            dst: 0,
            addr: 0,
            offset: 0,
        },
        Inst::Store {
            ty: int,
            src: 0,
            addr: 0,
            offset: 0,
        },
        Inst::Jump { target: 0 },
        Inst::Branch {
            cond: 0,
            if_true: 0,
            if_false: 0,
            reconverge: 0,
            loop_exit: false,
        },
        Inst::Switch {
            selector: 0,
            table: 0,
            reconverge: 0,
        },
        Inst::Return,
        Inst::Barrier,
        Inst::MemoryBarrier,
        Inst::Unreachable,
        Inst::Prefetch {
            addr: 0,
            offset: 0,
            count: 0,
            elem_bytes: 4,
        },
        Inst::Printf { call: 0, dst: 0 },
    ];
    for inst in &plain {
        // Exhaustive: a new kind of instruction stops this compiling until
        // it is added to `plain` or to the loops below (or to
        // `helper_names`).
        match inst {
            Inst::Alu { .. }
            | Inst::Convert { .. }
            | Inst::Ext { .. }
            | Inst::Atomic { .. }
            | Inst::CrossLane { .. } => {}
            Inst::Mov { .. }
            | Inst::Load { .. }
            | Inst::Store { .. }
            | Inst::Jump { .. }
            | Inst::Branch { .. }
            | Inst::Switch { .. }
            | Inst::Return
            | Inst::Barrier
            | Inst::MemoryBarrier
            | Inst::Unreachable
            | Inst::Prefetch { .. }
            | Inst::Printf { .. } => add(inst, ""),
        }
    }
    for &op in AluOp::ALL {
        let inst = Inst::Alu {
            alu: Alu { op, ty: int },
            dst: 0,
            src: [0; 4],
        };
        add(&inst, "");
    }
    for op in crate::subgroup::CrossLaneOp::all() {
        let inst = Inst::CrossLane {
            op,
            ty: int,
            dst: 0,
            src: [0; 3],
        };
        add(&inst, "");
    }
    for &op in AtomicOp::ALL {
        let inst = Inst::Atomic {
            op,
            ty: int,
            dst: 0,
            addr: 0,
            value: 0,
            comparator: 0,
        };
        add(&inst, "");
    }
    // A conversion is named after the SPIR-V opcode it was lowered from
    // when that is a conversion opcode, else `Convert`.
    let convert = Inst::Convert {
        cv: Convert {
            from: int,
            to: Scalar::Float(32),
            from_signed: true,
            to_signed: true,
            rounding: None,
            saturate: false,
        },
        dst: 0,
        src: 0,
    };
    add(&convert, "");
    for g in rspirv::grammar::INSTRUCTION_TABLE.iter() {
        add(&convert, g.opname);
    }
    // The image lane operations, one name per kind.
    for opcode in [
        0,
        1 << 12,
        2 << 12,
        3 << 12,
        4 << 12,
        5 << 12,
        6 << 12,
        7 << 12,
    ] {
        names.insert(crate::image::lane_op_name(opcode).to_string());
    }
    names
}

/// The extended lane operations named without a set prefix (helpers of
/// emulations, such as `UMin`), found by naming every opcode of every set
/// (a few tens of milliseconds, so only done when a name needs it).
fn helper_names() -> BTreeSet<String> {
    use crate::ext::{ExtOp, ExtSet};
    let int = Scalar::Int(32);
    let mut names = BTreeSet::new();
    for set in [
        ExtSet::Glsl,
        ExtSet::OpenCl,
        ExtSet::AmdTrinary,
        ExtSet::IntelInt2,
        ExtSet::AtomicFloat,
    ] {
        // Exhaustive: a new set stops this compiling until it is listed
        // above (or named in `instruction_names`, as the image lane
        // operations are).
        match set {
            ExtSet::Glsl
            | ExtSet::OpenCl
            | ExtSet::AmdTrinary
            | ExtSet::IntelInt2
            | ExtSet::AtomicFloat => {}
            ExtSet::Texel => unreachable!("not in the list above"),
        }
        for opcode in 0..=u16::MAX {
            let op = ExtOp {
                set,
                opcode,
                ty: int,
                aux: int,
            };
            let inst = Inst::Ext {
                op,
                dst: 0,
                src: [0; 3],
            };
            let name = instruction_name(&inst, "");
            if !name.contains('.') {
                names.insert(name);
            }
        }
    }
    names
}
