//! The operand and result types of instructions: the composites, select,
//! phi, bitcast, dynamic vector access, logical copies, pointer comparisons and matrix arithmetic whose lowering slices registers by
//! type; the numeric instructions, by the table `RULES` (arithmetic,
//! bitwise and logical operations, comparisons, conversions); loads and
//! stores against their pointers; constants against their types; and the
//! uses a Shader module may make of 8- and 16-bit values it declares only
//! for storage.

use super::{at, Validator};
use crate::module::{Instr, ModuleError};
use crate::types::{ImageType, Type};
use spirv::{Capability, Op, StorageClass};

/// The numeric kind of a scalar or vector type.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Kind {
    Int,
    Float,
    Bool,
}

/// The type rule of a numeric instruction (SPIR-V 1.6, section 3.52).
#[derive(Clone, Copy)]
enum Rule {
    /// The result and every operand are scalars or vectors of `Kind` with
    /// one component count and width (signedness may differ).
    Same(Kind),
    /// The result is a bool of the operands' component count; the
    /// operands are of `Kind`, with one count and width.
    Compare(Kind),
    /// The result is of the second kind, the operand of the first, with
    /// the same component count.
    Convert(Kind, Kind),
    /// The result and base are integers of one count and width; the
    /// shift is an integer of that count.
    Shift,
    /// A bool scalar from a bool vector (OpAny, OpAll).
    AnyAll,
    /// A float scalar from two float vectors of its width (OpDot).
    Dot,
    /// A float vector times a float scalar of its width.
    VectorTimesScalar,
    /// A struct of two integer members of the operands' type (OpIAddCarry,
    /// OpISubBorrow, OpUMulExtended, OpSMulExtended).
    Extended,
    /// The result and base (and the insert, when `inserts`) integers of one
    /// count and width; offset and count integer scalars.
    BitField { inserts: bool },
}

const RULES: &[(Op, Rule)] = {
    use Kind::*;
    use Rule::*;
    &[
        (Op::SNegate, Same(Int)),
        (Op::FNegate, Same(Float)),
        (Op::IAdd, Same(Int)),
        (Op::FAdd, Same(Float)),
        (Op::ISub, Same(Int)),
        (Op::FSub, Same(Float)),
        (Op::IMul, Same(Int)),
        (Op::FMul, Same(Float)),
        (Op::UDiv, Same(Int)),
        (Op::SDiv, Same(Int)),
        (Op::FDiv, Same(Float)),
        (Op::UMod, Same(Int)),
        (Op::SRem, Same(Int)),
        (Op::SMod, Same(Int)),
        (Op::FRem, Same(Float)),
        (Op::FMod, Same(Float)),
        (Op::VectorTimesScalar, VectorTimesScalar),
        (Op::IAddCarry, Extended),
        (Op::ISubBorrow, Extended),
        (Op::UMulExtended, Extended),
        (Op::SMulExtended, Extended),
        (Op::BitFieldInsert, BitField { inserts: true }),
        (Op::BitFieldSExtract, BitField { inserts: false }),
        (Op::BitFieldUExtract, BitField { inserts: false }),
        (Op::Dot, Dot),
        (Op::ShiftRightLogical, Shift),
        (Op::ShiftRightArithmetic, Shift),
        (Op::ShiftLeftLogical, Shift),
        (Op::BitwiseOr, Same(Int)),
        (Op::BitwiseXor, Same(Int)),
        (Op::BitwiseAnd, Same(Int)),
        (Op::Not, Same(Int)),
        (Op::BitReverse, Same(Int)),
        (Op::BitCount, Convert(Int, Int)),
        (Op::LogicalEqual, Same(Bool)),
        (Op::LogicalNotEqual, Same(Bool)),
        (Op::LogicalOr, Same(Bool)),
        (Op::LogicalAnd, Same(Bool)),
        (Op::LogicalNot, Same(Bool)),
        (Op::Any, AnyAll),
        (Op::All, AnyAll),
        (Op::IEqual, Compare(Int)),
        (Op::INotEqual, Compare(Int)),
        (Op::UGreaterThan, Compare(Int)),
        (Op::SGreaterThan, Compare(Int)),
        (Op::UGreaterThanEqual, Compare(Int)),
        (Op::SGreaterThanEqual, Compare(Int)),
        (Op::ULessThan, Compare(Int)),
        (Op::SLessThan, Compare(Int)),
        (Op::ULessThanEqual, Compare(Int)),
        (Op::SLessThanEqual, Compare(Int)),
        (Op::FOrdEqual, Compare(Float)),
        (Op::FUnordEqual, Compare(Float)),
        (Op::FOrdNotEqual, Compare(Float)),
        (Op::FUnordNotEqual, Compare(Float)),
        (Op::FOrdLessThan, Compare(Float)),
        (Op::FUnordLessThan, Compare(Float)),
        (Op::FOrdGreaterThan, Compare(Float)),
        (Op::FUnordGreaterThan, Compare(Float)),
        (Op::FOrdLessThanEqual, Compare(Float)),
        (Op::FUnordLessThanEqual, Compare(Float)),
        (Op::FOrdGreaterThanEqual, Compare(Float)),
        (Op::FUnordGreaterThanEqual, Compare(Float)),
        (Op::IsNan, Compare(Float)),
        (Op::IsInf, Compare(Float)),
        (Op::IsFinite, Compare(Float)),
        (Op::IsNormal, Compare(Float)),
        (Op::SignBitSet, Compare(Float)),
        (Op::LessOrGreater, Compare(Float)),
        (Op::Ordered, Compare(Float)),
        (Op::Unordered, Compare(Float)),
        (Op::ConvertFToU, Convert(Float, Int)),
        (Op::ConvertFToS, Convert(Float, Int)),
        (Op::ConvertSToF, Convert(Int, Float)),
        (Op::ConvertUToF, Convert(Int, Float)),
        (Op::UConvert, Convert(Int, Int)),
        (Op::SConvert, Convert(Int, Int)),
        (Op::FConvert, Convert(Float, Float)),
        (Op::SatConvertSToU, Convert(Int, Int)),
        (Op::SatConvertUToS, Convert(Int, Int)),
    ]
};

#[derive(Clone, Copy)]
enum AtomicKind {
    Int,
    Float,
    IntOrFloat,
}

/// The atomic instructions and the scalar kind each works on.
const ATOMICS: &[(Op, AtomicKind)] = {
    use AtomicKind::*;
    &[
        (Op::AtomicLoad, IntOrFloat),
        (Op::AtomicStore, IntOrFloat),
        (Op::AtomicExchange, IntOrFloat),
        (Op::AtomicCompareExchange, Int),
        (Op::AtomicCompareExchangeWeak, Int),
        (Op::AtomicIIncrement, Int),
        (Op::AtomicIDecrement, Int),
        (Op::AtomicIAdd, Int),
        (Op::AtomicISub, Int),
        (Op::AtomicSMin, Int),
        (Op::AtomicUMin, Int),
        (Op::AtomicSMax, Int),
        (Op::AtomicUMax, Int),
        (Op::AtomicAnd, Int),
        (Op::AtomicOr, Int),
        (Op::AtomicXor, Int),
        (Op::AtomicFAddEXT, Float),
        (Op::AtomicFMinEXT, Float),
        (Op::AtomicFMaxEXT, Float),
    ]
};

/// The instructions a Shader module may apply to an 8- or 16-bit value
/// whose width it declares only for storage (StorageBuffer16BitAccess and
/// the like, without Int8, Int16 or Float16): move it or convert it.
const STORAGE_ONLY_USES: &[Op] = &[
    Op::Store,
    Op::CopyObject,
    Op::UConvert,
    Op::SConvert,
    Op::FConvert,
];

impl Validator<'_> {
    pub(super) fn type_of(&self, value: u32) -> Result<u32, String> {
        self.value_types
            .get(&value)
            .copied()
            .ok_or_else(|| format!("%{value} is not a value"))
    }

    fn shape(&self, ty: u32) -> Result<&Type, String> {
        self.shapes
            .get(&ty)
            .ok_or_else(|| format!("%{ty} is not a type"))
    }

    /// The image type of a value: an image, or the image of a sampled
    /// image when `sampled` allows one.
    fn image_of(&self, value: u32, sampled: bool, what: &str) -> Result<ImageType, String> {
        match self.shape(self.type_of(value)?)? {
            Type::Image(t) => Ok(*t),
            Type::SampledImage { image } if sampled => match self.shape(*image)? {
                Type::Image(t) => Ok(*t),
                _ => Err(format!("%{value} is not a sampled image")),
            },
            _ => Err(format!(
                "the {what} %{value} is not {}",
                if sampled {
                    "a sampled image"
                } else {
                    "an image"
                }
            )),
        }
    }

    /// A value's type is a scalar or vector of `kind`'s numbers, of
    /// `count` components when given.
    fn numeric_vector(
        &self,
        ty: u32,
        kind: Numeric,
        count: Option<u32>,
        what: &str,
    ) -> Result<(), String> {
        let (elem, n) = match self.shape(ty)? {
            Type::Vector { elem, count } => (*elem, *count),
            _ => (ty, 1),
        };
        let ok = match self.shape(elem)? {
            Type::Int { .. } => kind != Numeric::Float,
            Type::Float { .. } => kind != Numeric::Int,
            _ => false,
        };
        if !ok || count.is_some_and(|c| c != n) {
            let kind = match kind {
                Numeric::Int => "integer",
                Numeric::Float => "float",
                Numeric::Any => "numeric",
            };
            return Err(match count {
                Some(c) => format!("the {what} type %{ty} is not a {c}-component {kind} vector"),
                None => format!("the {what} type %{ty} is not a {kind} scalar or vector"),
            });
        }
        Ok(())
    }

    /// The component type of the texels a value of type `ty` holds agrees
    /// with the image's Sampled Type (OpenCL's images have a void one).
    fn texel_type(&self, ty: u32, image: &ImageType, what: &str) -> Result<(), String> {
        let elem = match self.shape(ty)? {
            Type::Vector { elem, .. } => *elem,
            _ => ty,
        };
        let sampled = self.shape(image.sampled_type)?;
        let agree = match (self.shape(elem)?, sampled) {
            (_, Type::Void) => matches!(self.shape(elem)?, Type::Int { .. } | Type::Float { .. }),
            (Type::Int { bits, .. }, Type::Int { bits: b, .. }) => bits == b,
            (a, b) => a == b,
        };
        if !agree {
            return Err(format!(
                "the {what} component type does not match the image's sampled type %{}",
                image.sampled_type
            ));
        }
        Ok(())
    }

    /// The operand and result types of the image instructions (SPIR-V
    /// "Image Instructions").
    fn check_image(&self, ins: &Instr) -> Result<(), String> {
        let o = &ins.operands;
        let rt = ins.result_type;
        let operand = |i: usize| operand_at(o, i);
        let int_coordinate = |i: usize| {
            self.numeric_vector(self.type_of(operand(i)?)?, Numeric::Int, None, "coordinate")
        };
        match ins.op {
            Op::SampledImage => {
                let image = self.image_of(operand(0)?, false, "image")?;
                let Type::SampledImage { image: ti } = self.shape(rt)? else {
                    return Err(format!("the result type %{rt} is not a sampled image type"));
                };
                if self.shape(*ti)? != &Type::Image(image) {
                    return Err("the image's type is not the result type's image type".into());
                }
                if self.shape(self.type_of(operand(1)?)?)? != &Type::Sampler {
                    return Err(format!("the sampler %{} is not a sampler", operand(1)?));
                }
            }
            Op::Image => {
                let image = self.image_of(operand(0)?, true, "sampled image")?;
                if self.shape(rt)? != &Type::Image(image) {
                    return Err(format!(
                        "the result type %{rt} is not the sampled image's image type"
                    ));
                }
            }
            Op::ImageSampleExplicitLod => {
                let image = self.image_of(operand(0)?, true, "sampled image")?;
                if !matches!(
                    self.shape(self.type_of(operand(0)?)?)?,
                    Type::SampledImage { .. }
                ) {
                    return Err(format!(
                        "the sampled image %{} is not a sampled image",
                        operand(0)?
                    ));
                }
                let coord = self.type_of(operand(1)?)?;
                self.numeric_vector(coord, Numeric::Any, None, "coordinate")?;
                self.numeric_vector(rt, Numeric::Any, Some(4), "result")?;
                self.texel_type(rt, &image, "result")?;
            }
            Op::ImageFetch | Op::ImageRead => {
                let image = self.image_of(operand(0)?, false, "image")?;
                if ins.op == Op::ImageFetch && image.sampled != 1 {
                    return Err("OpImageFetch needs an image whose Sampled operand is 1".into());
                }
                if ins.op == Op::ImageRead && image.sampled == 1 {
                    return Err("OpImageRead needs an image whose Sampled operand is 0 or 2".into());
                }
                int_coordinate(1)?;
                self.numeric_vector(rt, Numeric::Any, None, "result")?;
                self.texel_type(rt, &image, "result")?;
            }
            Op::ImageWrite => {
                let image = self.image_of(operand(0)?, false, "image")?;
                if image.sampled == 1 {
                    return Err(
                        "OpImageWrite needs an image whose Sampled operand is 0 or 2".into(),
                    );
                }
                int_coordinate(1)?;
                let texel = self.type_of(operand(2)?)?;
                self.numeric_vector(texel, Numeric::Any, None, "texel")?;
                self.texel_type(texel, &image, "texel")?;
            }
            Op::ImageQuerySize
            | Op::ImageQuerySizeLod
            | Op::ImageQueryLevels
            | Op::ImageQuerySamples => {
                self.image_of(operand(0)?, false, "image")?;
                let count =
                    matches!(ins.op, Op::ImageQueryLevels | Op::ImageQuerySamples).then_some(1);
                self.numeric_vector(rt, Numeric::Int, count, "result")?;
                if ins.op == Op::ImageQuerySizeLod {
                    self.numeric_vector(
                        self.type_of(operand(1)?)?,
                        Numeric::Int,
                        Some(1),
                        "level of detail",
                    )?;
                }
            }
            Op::ImageTexelPointer => {
                let Type::Pointer {
                    storage: StorageClass::Image,
                    pointee,
                } = *self.shape(rt)?
                else {
                    return Err(format!(
                        "the result type %{rt} is not a pointer to Image storage"
                    ));
                };
                let Type::Pointer { pointee: image, .. } =
                    *self.shape(self.type_of(operand(0)?)?)?
                else {
                    return Err(format!("the image %{} is not a pointer", operand(0)?));
                };
                let Type::Image(image) = *self.shape(image)? else {
                    return Err(format!(
                        "the image %{} does not point to an image",
                        operand(0)?
                    ));
                };
                int_coordinate(1)?;
                self.numeric_vector(self.type_of(operand(2)?)?, Numeric::Int, Some(1), "sample")?;
                self.texel_type(pointee, &image, "result's pointee")?;
            }
            _ => {}
        }
        Ok(())
    }

    /// Scalar components of a value of type `ty` (pointers count one).
    fn components(&self, ty: u32) -> Result<u64, String> {
        Ok(match self.shape(ty)? {
            Type::Bool | Type::Int { .. } | Type::Float { .. } | Type::Pointer { .. } => 1,
            Type::Vector { count, .. } => *count as u64,
            Type::Matrix { column, columns } => self.components(*column)? * *columns as u64,
            Type::Array { elem, len } => self.components(*elem)?.saturating_mul(*len as u64),
            Type::Struct { members } => {
                let mut n = 0u64;
                for &m in members {
                    n = n.saturating_add(self.components(m)?);
                }
                n
            }
            s => return Err(format!("type %{ty} ({s:?}) has no components")),
        })
    }

    /// How many constituents a composite of type `ty` has, and the type of
    /// constituent `i` (None when out of range).
    fn constituent(&self, ty: u32, i: u64) -> Result<(u64, Option<u32>), String> {
        let (count, member) = match self.shape(ty)? {
            Type::Vector { elem, count } => (*count as u64, *elem),
            Type::Matrix { column, columns } => (*columns as u64, *column),
            Type::Array { elem, len } => (*len as u64, *elem),
            Type::Struct { members } => {
                let member = members.get(i as usize).copied();
                return Ok((members.len() as u64, member));
            }
            _ => return Err(format!("type %{ty} is not a composite")),
        };
        Ok((count, (i < count).then_some(member)))
    }

    /// The type reached from composite type `ty` through literal `indices`.
    fn member_type(&self, mut ty: u32, indices: &[u32]) -> Result<u32, String> {
        for &i in indices {
            ty = self
                .constituent(ty, i as u64)?
                .1
                .ok_or_else(|| format!("index {i} is out of range for type %{ty}"))?;
        }
        Ok(ty)
    }

    fn same_type(&self, value: u32, ty: u32, what: &str) -> Result<(), String> {
        let t = self.type_of(value)?;
        if t != ty && self.shape(t)? != self.shape(ty)? {
            return Err(format!("{what} %{value} has type %{t}, expected %{ty}"));
        }
        Ok(())
    }

    /// (columns, rows) of a matrix type.
    fn matrix(&self, ty: u32) -> Result<(u32, u32), String> {
        match self.shape(ty)? {
            Type::Matrix { column, columns } => match self.shape(*column)? {
                Type::Vector { count, .. } => Ok((*columns, *count)),
                _ => Err(format!("%{ty} has no vector columns")),
            },
            _ => Err(format!("%{ty} is not a matrix type")),
        }
    }

    fn vector_len(&self, ty: u32) -> Result<u32, String> {
        match self.shape(ty)? {
            Type::Vector { count, .. } => Ok(*count),
            _ => Err(format!("%{ty} is not a vector type")),
        }
    }

    /// The operand and result types of the instructions whose lowering
    /// slices registers by type.
    pub(super) fn check_types(&self, ins: &Instr) -> Result<(), String> {
        let o = &ins.operands;
        let rt = ins.result_type;
        let operand = |i: usize| operand_at(o, i);
        match ins.op {
            Op::CompositeConstruct | Op::ConstantComposite | Op::SpecConstantComposite => {
                if let Type::Vector { count, .. } = self.shape(rt)? {
                    // Vectors may be built from smaller vectors.
                    let mut n = 0;
                    for &c in o {
                        n += self.components(self.type_of(c)?)?;
                    }
                    if n != *count as u64 {
                        return Err(format!(
                            "constituents give {n} components, the result type has {count}"
                        ));
                    }
                } else {
                    let (count, _) = self.constituent(rt, 0)?;
                    if count != o.len() as u64 {
                        return Err(format!(
                            "{} constituents for a type of {count} members",
                            o.len()
                        ));
                    }
                    for (i, &c) in o.iter().enumerate() {
                        if let (_, Some(t)) = self.constituent(rt, i as u64)? {
                            self.same_type(c, t, "constituent")?;
                        }
                    }
                }
            }
            Op::CompositeExtract => {
                let t = self.member_type(self.type_of(operand(0)?)?, o.get(1..).unwrap_or(&[]))?;
                if self.shape(t)? != self.shape(rt)? {
                    return Err(format!(
                        "the member has type %{t}, the result type is %{rt}"
                    ));
                }
            }
            Op::CompositeInsert => {
                self.same_type(operand(1)?, rt, "composite")?;
                let t = self.member_type(rt, o.get(2..).unwrap_or(&[]))?;
                self.same_type(operand(0)?, t, "object")?;
            }
            Op::Select => {
                let cond = self.type_of(operand(0)?)?;
                let object_components = self.components(rt)?;
                match self.shape(cond)? {
                    Type::Bool => {}
                    Type::Vector { elem, count }
                        if self.shape(*elem)? == &Type::Bool
                            && *count as u64 == object_components => {}
                    _ => {
                        return Err(format!(
                            "condition %{} is not a bool or a bool vector of the result's size",
                            o[0]
                        ))
                    }
                }
                self.same_type(operand(1)?, rt, "object 1")?;
                self.same_type(operand(2)?, rt, "object 2")?;
            }
            Op::Phi => {
                for pair in o.chunks(2) {
                    self.same_type(pair[0], rt, "incoming value")?;
                }
            }
            Op::Bitcast => {
                let from = self.type_of(operand(0)?)?;
                let bits = |ty: u32| -> Result<u64, String> {
                    let width = match self.shape(ty)? {
                        Type::Vector { elem, .. } => self.shape(*elem)?.clone(),
                        s => s.clone(),
                    };
                    let w = match width {
                        Type::Int { bits, .. } | Type::Float { bits } => bits as u64,
                        Type::Pointer { .. } => 0,
                        s => return Err(format!("OpBitcast of a {s:?}")),
                    };
                    Ok(w * self.components(ty)?)
                };
                let (a, b) = (bits(from)?, bits(rt)?);
                // A pointer's width depends on the addressing model: let
                // lowering check casts to and from pointers.
                if a != 0 && b != 0 && a != b {
                    return Err(format!(
                        "from {a} bits to {b} bits: the widths must be equal"
                    ));
                }
            }
            Op::VectorShuffle => {
                let n = self.vector_len(self.type_of(operand(0)?)?)?
                    + self.vector_len(self.type_of(operand(1)?)?)?;
                if self.vector_len(rt)? as usize != o.len() - 2 {
                    return Err("the result has not one component per index".into());
                }
                if let Some(i) = o[2..].iter().find(|&&i| i >= n && i != u32::MAX) {
                    return Err(format!(
                        "component {i} is out of range (the vectors have {n})"
                    ));
                }
            }
            Op::MatrixTimesVector => {
                let (cols, rows) = self.matrix(self.type_of(operand(0)?)?)?;
                if self.vector_len(self.type_of(operand(1)?)?)? != cols
                    || self.vector_len(rt)? != rows
                {
                    return Err("the vector and result sizes do not fit the matrix".into());
                }
            }
            Op::VectorTimesMatrix => {
                let (cols, rows) = self.matrix(self.type_of(operand(1)?)?)?;
                if self.vector_len(self.type_of(operand(0)?)?)? != rows
                    || self.vector_len(rt)? != cols
                {
                    return Err("the vector and result sizes do not fit the matrix".into());
                }
            }
            Op::MatrixTimesMatrix => {
                let (k, rows) = self.matrix(self.type_of(operand(0)?)?)?;
                let (cols, k2) = self.matrix(self.type_of(operand(1)?)?)?;
                if k != k2 || self.matrix(rt)? != (cols, rows) {
                    return Err("the matrix sizes do not fit".into());
                }
            }
            Op::MatrixTimesScalar | Op::Transpose => {
                let (c, r) = self.matrix(self.type_of(operand(0)?)?)?;
                let expect = if ins.op == Op::Transpose {
                    (r, c)
                } else {
                    (c, r)
                };
                if self.matrix(rt)? != expect {
                    return Err("the result's size does not fit the matrix".into());
                }
            }
            Op::OuterProduct => {
                let (cols, rows) = self.matrix(rt)?;
                if self.vector_len(self.type_of(operand(0)?)?)? != rows
                    || self.vector_len(self.type_of(operand(1)?)?)? != cols
                {
                    return Err("the vector sizes do not fit the result".into());
                }
            }
            op if is_image_instruction(op) => self.check_image(ins)?,
            Op::Load => {
                let pointee = self.pointee(operand(0)?)?;
                if pointee != rt && self.shape(pointee)? != self.shape(rt)? {
                    return Err(format!(
                        "the result type %{rt} is not the pointer's pointee type %{pointee}"
                    ));
                }
            }
            Op::Store => {
                let pointee = self.pointee(operand(0)?)?;
                self.same_type(operand(1)?, pointee, "object")?;
            }
            Op::ConstantTrue | Op::ConstantFalse | Op::SpecConstantTrue | Op::SpecConstantFalse => {
                if self.shape(rt)? != &Type::Bool {
                    return Err(format!("the result type %{rt} is not a bool type"));
                }
            }
            Op::AccessChain
            | Op::InBoundsAccessChain
            | Op::PtrAccessChain
            | Op::InBoundsPtrAccessChain => self.check_access_chain(ins)?,
            Op::Variable => {
                let Type::Pointer { storage, pointee } = *self.shape(rt)? else {
                    return Err(format!("the result type %{rt} is not a pointer type"));
                };
                if Some(storage as u32) != o.first().copied() {
                    return Err(format!(
                        "the storage class operand is not the result type's, {storage:?}"
                    ));
                }
                if let Some(&init) = o.get(1) {
                    self.same_type(init, pointee, "initializer")?;
                }
            }
            Op::Function => {
                let signature = self.function_type(operand(1)?)?;
                if signature[0] != rt && self.shape(signature[0])? != self.shape(rt)? {
                    return Err(format!(
                        "the result type %{rt} is not the function type's return type %{}",
                        signature[0]
                    ));
                }
            }
            Op::FunctionCall => {
                let callee = operand(0)?;
                let function = self
                    .defined
                    .get(&callee)
                    .map(|&i| &self.m.instrs[i])
                    .filter(|f| f.op == Op::Function)
                    .ok_or_else(|| format!("%{callee} is not a function"))?;
                if function.result_type != rt {
                    return Err(format!(
                        "the result type %{rt} is not the callee's return type %{}",
                        function.result_type
                    ));
                }
                let signature = function.operands.get(1).copied().unwrap_or(0);
                let params = &self.function_type(signature)?[1..];
                if params.len() != o.len() - 1 {
                    return Err(format!(
                        "{} arguments for a function of {} parameters",
                        o.len() - 1,
                        params.len()
                    ));
                }
                for (&arg, &param) in o[1..].iter().zip(params) {
                    self.same_type(arg, param, "argument")?;
                }
            }
            Op::BranchConditional => {
                if self.shape(self.type_of(operand(0)?)?)? != &Type::Bool {
                    return Err(format!("the condition %{} is not a bool", o[0]));
                }
            }
            Op::Switch => {
                if !matches!(self.shape(self.type_of(operand(0)?)?)?, Type::Int { .. }) {
                    return Err(format!("the selector %{} is not an integer scalar", o[0]));
                }
            }
            Op::VectorExtractDynamic => {
                let (kind, width, count) = self.numeric(self.type_of(operand(0)?)?)?;
                if count < 2 {
                    return Err(format!("%{} is not a vector", o[0]));
                }
                if self.numeric(rt)? != (kind, width, 1) {
                    return Err(format!(
                        "the result type %{rt} is not the vector's component type"
                    ));
                }
                self.index_scalar(operand(1)?)?;
            }
            Op::VectorInsertDynamic => {
                let (kind, width, count) = self.numeric(rt)?;
                if count < 2 {
                    return Err(format!("the result type %{rt} is not a vector"));
                }
                self.same_type(operand(0)?, rt, "vector")?;
                if self.numeric(self.type_of(operand(1)?)?)? != (kind, width, 1) {
                    return Err(format!(
                        "component %{} is not of the vector's component type",
                        o[1]
                    ));
                }
                self.index_scalar(operand(2)?)?;
            }
            Op::CopyLogical => {
                let from = self.type_of(operand(0)?)?;
                if !self.logically_match(from, rt)? {
                    return Err(format!(
                        "the result type %{rt} does not logically match the operand's type %{from}"
                    ));
                }
            }
            Op::ExpectKHR => {
                let (kind, _, _) = self.numeric(rt)?;
                if kind == Kind::Float {
                    return Err(format!("the result type %{rt} is a float type"));
                }
                self.same_type(operand(0)?, rt, "value")?;
                self.same_type(operand(1)?, rt, "expected value")?;
            }
            Op::PtrEqual | Op::PtrNotEqual | Op::PtrDiff => {
                let a = self.type_of(operand(0)?)?;
                if !matches!(self.shape(a)?, Type::Pointer { .. }) {
                    return Err(format!("%{} is not a pointer", o[0]));
                }
                self.same_type(operand(1)?, a, "pointer")?;
                let result = if ins.op == Op::PtrDiff {
                    Kind::Int
                } else {
                    Kind::Bool
                };
                if self.numeric(rt)?.0 != result || self.numeric(rt)?.2 != 1 {
                    return Err(format!("the result type %{rt} is not a {result:?} scalar"));
                }
            }
            op if ATOMICS.iter().any(|(a, _)| *a == op) => self.check_atomic(ins)?,
            op => {
                if let Some(&(_, rule)) = RULES.iter().find(|(o, _)| *o == op) {
                    self.check_rule(rule, rt, o)?;
                }
                // Conversions to an unsigned type say so in their result.
                if matches!(op, Op::UConvert | Op::ConvertFToU) {
                    if let (Kind::Int, _, _) = self.numeric(rt)? {
                        if self.signed(rt)? {
                            return Err(format!(
                                "the result type %{rt} is signed; Op{op:?} gives an unsigned integer"
                            ));
                        }
                    }
                }
            }
        }
        Ok(())
    }

    /// What depends on the function an instruction is in: parameters in
    /// the order and of the types of its function type; OpReturn in a
    /// function returning void and OpReturnValue of its return type;
    /// variables inside a function in the Function storage class, and
    /// outside in another; no operand of a function's instructions a type
    /// (but OpFunction's function type); no store into an input or a
    /// uniform constant.
    pub(super) fn check_function_bodies(&self) -> Result<(), ModuleError> {
        let mut signature: &[u32] = &[];
        let mut params = 0;
        let mut in_function = false;
        for ins in &self.m.instrs {
            let fail = |e: String| at(ins, e);
            match ins.op {
                Op::Function => {
                    in_function = true;
                    params = 0;
                    signature = self
                        .function_type(ins.operands.get(1).copied().unwrap_or(0))
                        .map_err(fail)?;
                    continue;
                }
                Op::FunctionEnd => {
                    if params != signature.len() - 1 {
                        return Err(fail(format!(
                            "the function has {params} parameters, its type {}",
                            signature.len() - 1
                        )));
                    }
                    in_function = false;
                }
                Op::FunctionParameter => {
                    if !in_function {
                        return Err(fail("a function parameter outside a function".into()));
                    }
                    params += 1;
                    match signature.get(params) {
                        Some(&t) if t == ins.result_type => {}
                        Some(&t) => {
                            return Err(fail(format!(
                                "parameter {params} has type %{}, the function type says %{t}",
                                ins.result_type
                            )))
                        }
                        None => {
                            return Err(fail(format!(
                                "parameter {params} is more than the function type's {}",
                                signature.len() - 1
                            )))
                        }
                    }
                }
                Op::Return if self.shape(signature[0]).map_err(fail)? != &Type::Void => {
                    return Err(fail("OpReturn in a function that returns a value".into()));
                }
                Op::ReturnValue => {
                    let value = *ins
                        .operands
                        .first()
                        .ok_or_else(|| fail("missing the value".into()))?;
                    self.same_type(value, signature[0], "returned value")
                        .map_err(fail)?;
                }
                Op::Variable => {
                    let function_storage =
                        ins.operands.first() == Some(&(StorageClass::Function as u32));
                    if function_storage != in_function {
                        return Err(fail(
                            "a variable inside a function is in the Function storage class, and only there"
                                .into(),
                        ));
                    }
                }
                Op::Store => {
                    let pointer = *ins
                        .operands
                        .first()
                        .ok_or_else(|| fail("missing the pointer".into()))?;
                    if let Ok(Type::Pointer { storage, .. }) =
                        self.type_of(pointer).and_then(|t| self.shape(t))
                    {
                        if matches!(
                            storage,
                            StorageClass::Input
                                | StorageClass::UniformConstant
                                | StorageClass::PushConstant
                        ) {
                            return Err(fail(format!(
                                "a store into the read-only storage class {storage:?}"
                            )));
                        }
                    }
                }
                _ => {}
            }
            if in_function {
                if let Some(id) = self
                    .ids_read(ins)
                    .into_iter()
                    .find(|id| self.shapes.contains_key(id))
                {
                    return Err(fail(format!("operand %{id} is a type, not a value")));
                }
            }
        }
        Ok(())
    }

    /// Whether the integer scalar or vector type `ty` is signed.
    fn signed(&self, ty: u32) -> Result<bool, String> {
        let scalar = match self.shape(ty)? {
            Type::Vector { elem, .. } => self.shape(*elem)?,
            s => s,
        };
        Ok(matches!(scalar, Type::Int { signed: true, .. }))
    }

    /// The return type and parameter types of function type `ty`.
    pub(super) fn function_type(&self, ty: u32) -> Result<&[u32], String> {
        self.defined
            .get(&ty)
            .map(|&i| &self.m.instrs[i])
            .filter(|t| t.op == Op::TypeFunction && !t.operands.is_empty())
            .map(|t| t.operands.as_slice())
            .ok_or_else(|| format!("%{ty} is not a function type"))
    }

    /// An access chain walks its base pointer's type by its indices (the
    /// first, for a Ptr chain, steps over elements without changing the
    /// type); each index is an integer scalar, a constant one into a
    /// struct, within its member count; the result points, in the base's
    /// storage class, to the type reached.
    fn check_access_chain(&self, ins: &Instr) -> Result<(), String> {
        let o = &ins.operands;
        let base = *o.first().ok_or("missing the base pointer")?;
        let Type::Pointer {
            storage,
            mut pointee,
        } = *self.shape(self.type_of(base)?)?
        else {
            return Err(format!("the base %{base} is not a pointer"));
        };
        let element = matches!(ins.op, Op::PtrAccessChain | Op::InBoundsPtrAccessChain);
        for (n, &index) in o[1..].iter().enumerate() {
            if !matches!(self.shape(self.type_of(index)?)?, Type::Int { .. }) {
                return Err(format!("index %{index} is not an integer scalar"));
            }
            if element && n == 0 {
                continue;
            }
            pointee = match self.shape(pointee)? {
                Type::Struct { members } => {
                    let Some(Some(i)) = self.int_constants.get(&index) else {
                        return Err(format!(
                            "index %{index} into struct %{pointee} is not an integer constant"
                        ));
                    };
                    *members.get(*i as usize).ok_or_else(|| {
                        format!(
                            "index {i} is past the {} members of struct %{pointee}",
                            members.len()
                        )
                    })?
                }
                Type::Vector { elem, .. }
                | Type::Array { elem, .. }
                | Type::RuntimeArray { elem } => *elem,
                Type::Matrix { column, .. } => *column,
                _ => {
                    return Err(format!(
                        "index %{index} reaches into %{pointee}, which is not a composite"
                    ))
                }
            };
        }
        match self.shape(ins.result_type)? {
            Type::Pointer {
                storage: s,
                pointee: p,
            } if *s == storage => {
                if *p != pointee && self.shape(*p)? != self.shape(pointee)? {
                    return Err(format!(
                        "the result points to %{p}, the indices reach %{pointee}"
                    ));
                }
                Ok(())
            }
            _ => Err(format!(
                "the result type %{} is not a pointer in the base's storage class {storage:?}",
                ins.result_type
            )),
        }
    }

    /// Atomics (SPIR-V 1.6, section 3.52.18; SPV_EXT_shader_atomic_float_add
    /// and _min_max): the pointer points to the result's (or the stored
    /// value's) scalar type, an integer or, for the float ones, a float;
    /// the value operands are of that type; scopes and memory semantics
    /// are 32-bit integers.
    fn check_atomic(&self, ins: &Instr) -> Result<(), String> {
        let o = &ins.operands;
        let &(_, kind) = ATOMICS
            .iter()
            .find(|(a, _)| *a == ins.op)
            .expect("an atomic");
        let pointer = *o.first().ok_or("missing the pointer")?;
        let pointee = self.pointee(pointer)?;
        let store = ins.op == Op::AtomicStore;
        let value_type = if store { pointee } else { ins.result_type };
        if !store && pointee != value_type && self.shape(pointee)? != self.shape(value_type)? {
            return Err(format!(
                "the pointer points to %{pointee}, not the result type %{value_type}"
            ));
        }
        let (k, _, count) = self.numeric(value_type)?;
        let scalar_ok = count == 1
            && match kind {
                AtomicKind::Int => k == Kind::Int,
                AtomicKind::Float => k == Kind::Float,
                AtomicKind::IntOrFloat => k != Kind::Bool,
            };
        if !scalar_ok {
            return Err(format!(
                "the value type %{value_type} is not {} scalar",
                match kind {
                    AtomicKind::Int => "an integer",
                    AtomicKind::Float => "a float",
                    AtomicKind::IntOrFloat => "an integer or float",
                }
            ));
        }
        // Scope, semantics (two for a compare-exchange), then values.
        let controls = if matches!(
            ins.op,
            Op::AtomicCompareExchange | Op::AtomicCompareExchangeWeak
        ) {
            3
        } else {
            2
        };
        for &id in o.iter().skip(1).take(controls) {
            if self.numeric(self.type_of(id)?)? != (Kind::Int, 32, 1) {
                return Err(format!(
                    "scope or memory semantics %{id} is not a 32-bit integer"
                ));
            }
        }
        for &value in o.iter().skip(1 + controls) {
            self.same_type(value, value_type, "value")?;
        }
        Ok(())
    }

    /// (kind, component width (0 for bool), component count) of a scalar
    /// or vector type.
    fn numeric(&self, ty: u32) -> Result<(Kind, u8, u32), String> {
        let (scalar, count) = match self.shape(ty)? {
            Type::Vector { elem, count } => (self.shape(*elem)?, *count),
            s => (s, 1),
        };
        match *scalar {
            Type::Int { bits, .. } => Ok((Kind::Int, bits, count)),
            Type::Float { bits } => Ok((Kind::Float, bits, count)),
            Type::Bool => Ok((Kind::Bool, 0, count)),
            _ => Err(format!("type %{ty} is not a scalar or vector")),
        }
    }

    /// (width, count) of value `id`, operand `what`, which must be of `kind`.
    fn numeric_operand(&self, id: u32, kind: Kind, what: &str) -> Result<(u8, u32), String> {
        let (k, width, count) = self.numeric(self.type_of(id)?)?;
        if k != kind {
            return Err(format!(
                "{what} %{id} is {k:?}, not a {kind:?} scalar or vector"
            ));
        }
        Ok((width, count))
    }

    fn check_rule(&self, rule: Rule, rt: u32, o: &[u32]) -> Result<(), String> {
        let result = |kind: Kind| -> Result<(u8, u32), String> {
            let (k, width, count) = self.numeric(rt)?;
            if k != kind {
                return Err(format!(
                    "the result type %{rt} is {k:?}, not a {kind:?} scalar or vector"
                ));
            }
            Ok((width, count))
        };
        let arity = |range: std::ops::RangeInclusive<usize>| {
            if range.contains(&o.len()) {
                Ok(())
            } else {
                Err(format!(
                    "{} operands, the instruction takes {}",
                    o.len(),
                    range.end()
                ))
            }
        };
        let differs = |what: &str, id: u32| {
            Err(format!(
                "{what} %{id} differs from the result in component count or width"
            ))
        };
        match rule {
            Rule::Same(kind) => {
                arity(1..=2)?;
                let shape = result(kind)?;
                for &id in o {
                    if self.numeric_operand(id, kind, "operand")? != shape {
                        return differs("operand", id);
                    }
                }
            }
            Rule::Compare(kind) => {
                arity(1..=2)?;
                let (_, count) = result(Kind::Bool)?;
                let first = self.numeric_operand(o[0], kind, "operand")?;
                if first.1 != count {
                    return differs("operand", o[0]);
                }
                if let Some(&second) = o.get(1) {
                    if self.numeric_operand(second, kind, "operand")? != first {
                        return Err(format!(
                            "operands %{} and %{second} differ in component count or width",
                            o[0]
                        ));
                    }
                }
            }
            Rule::Convert(from, to) => {
                arity(1..=1)?;
                let (_, count) = result(to)?;
                if self.numeric_operand(o[0], from, "operand")?.1 != count {
                    return Err(format!(
                        "operand %{} has not the result's component count",
                        o[0]
                    ));
                }
            }
            Rule::Shift => {
                arity(2..=2)?;
                let shape = result(Kind::Int)?;
                if self.numeric_operand(o[0], Kind::Int, "base")? != shape {
                    return differs("base", o[0]);
                }
                if self.numeric_operand(o[1], Kind::Int, "shift")?.1 != shape.1 {
                    return Err(format!(
                        "shift %{} has not the result's component count",
                        o[1]
                    ));
                }
            }
            Rule::AnyAll => {
                arity(1..=1)?;
                if result(Kind::Bool)?.1 != 1 {
                    return Err("the result is not a bool scalar".into());
                }
                if self.numeric_operand(o[0], Kind::Bool, "vector")?.1 < 2 {
                    return Err(format!("operand %{} is not a bool vector", o[0]));
                }
            }
            Rule::Dot => {
                arity(2..=2)?;
                let (width, count) = result(Kind::Float)?;
                if count != 1 {
                    return Err("the result is not a float scalar".into());
                }
                let first = self.numeric_operand(o[0], Kind::Float, "vector")?;
                if first.0 != width || first.1 < 2 {
                    return Err(format!(
                        "vector %{} is not a float vector of the result's width",
                        o[0]
                    ));
                }
                if self.numeric_operand(o[1], Kind::Float, "vector")? != first {
                    return Err(format!("vectors %{} and %{} differ", o[0], o[1]));
                }
            }
            Rule::VectorTimesScalar => {
                arity(2..=2)?;
                let (width, count) = result(Kind::Float)?;
                if self.numeric_operand(o[0], Kind::Float, "vector")? != (width, count) {
                    return differs("vector", o[0]);
                }
                if self.numeric_operand(o[1], Kind::Float, "scalar")? != (width, 1) {
                    return Err(format!(
                        "scalar %{} is not a float of the result's width",
                        o[1]
                    ));
                }
            }
            Rule::Extended => {
                arity(2..=2)?;
                let members = match self.shape(rt)? {
                    Type::Struct { members } if members.len() == 2 => members,
                    _ => {
                        return Err(format!(
                            "the result type %{rt} is not a struct of two members"
                        ))
                    }
                };
                let (k, width, count) = self.numeric(members[0])?;
                if k != Kind::Int || self.numeric(members[1])? != (k, width, count) {
                    return Err(format!(
                        "the members of the result type %{rt} are not two integers of one type"
                    ));
                }
                for &id in o {
                    if self.numeric_operand(id, Kind::Int, "operand")? != (width, count) {
                        return Err(format!(
                            "operand %{id} differs from the result's members in component count or width"
                        ));
                    }
                }
            }
            Rule::BitField { inserts } => {
                let fields = if inserts { 2 } else { 1 };
                arity(fields + 2..=fields + 2)?;
                let shape = result(Kind::Int)?;
                for &id in &o[..fields] {
                    if self.numeric_operand(id, Kind::Int, "operand")? != shape {
                        return differs("operand", id);
                    }
                }
                for &id in &o[fields..] {
                    if self.numeric_operand(id, Kind::Int, "offset or count")?.1 != 1 {
                        return Err(format!("offset or count %{id} is not an integer scalar"));
                    }
                }
            }
        }
        Ok(())
    }

    /// Whether types `a` and `b` logically match (OpCopyLogical): the same
    /// shape, members and lengths, whatever their decorations.
    fn logically_match(&self, a: u32, b: u32) -> Result<bool, String> {
        Ok(match (self.shape(a)?, self.shape(b)?) {
            (Type::Array { elem: x, len: m }, Type::Array { elem: y, len: n }) => {
                m == n && self.logically_match(*x, *y)?
            }
            (Type::Struct { members: x }, Type::Struct { members: y }) => {
                if x.len() != y.len() {
                    return Ok(false);
                }
                for (&p, &q) in x.iter().zip(y) {
                    if !self.logically_match(p, q)? {
                        return Ok(false);
                    }
                }
                true
            }
            (x, y) => a == b || x == y,
        })
    }

    /// Value `id` is an integer scalar (a dynamic index).
    fn index_scalar(&self, id: u32) -> Result<(), String> {
        if self.numeric_operand(id, Kind::Int, "index")?.1 != 1 {
            return Err(format!("index %{id} is not an integer scalar"));
        }
        Ok(())
    }

    /// The type a pointer value points to.
    fn pointee(&self, pointer: u32) -> Result<u32, String> {
        match self.shape(self.type_of(pointer)?)? {
            Type::Pointer { pointee, .. } => Ok(*pointee),
            _ => Err(format!("%{pointer} is not a pointer")),
        }
    }

    /// A Shader module without Int8, Int16 or Float16 may only move or
    /// convert values of that width (its storage capabilities let it load
    /// and store them): `ins` may read `id`.
    pub(super) fn check_storage_only_use(&self, ins: &Instr, id: u32) -> Result<(), String> {
        if STORAGE_ONLY_USES.contains(&ins.op) || !self.has_any(&[Capability::Shader]) {
            return Ok(());
        }
        let Some(Ok((kind, width, _))) = self.value_types.get(&id).map(|&t| self.numeric(t)) else {
            return Ok(());
        };
        let arithmetic = match (kind, width) {
            (Kind::Int, 8) => Capability::Int8,
            (Kind::Int, 16) => Capability::Int16,
            (Kind::Float, 16) => Capability::Float16,
            _ => return Ok(()),
        };
        if self.has_any(&[arithmetic]) {
            return Ok(());
        }
        Err(format!(
            "%{id} is a {width}-bit value, which a module without capability {arithmetic:?} \
             declares for storage only: it can only be stored or converted"
        ))
    }
}

/// The image instructions `check_image` types.
fn is_image_instruction(op: Op) -> bool {
    matches!(
        op,
        Op::SampledImage
            | Op::Image
            | Op::ImageSampleExplicitLod
            | Op::ImageFetch
            | Op::ImageRead
            | Op::ImageWrite
            | Op::ImageQuerySize
            | Op::ImageQuerySizeLod
            | Op::ImageQueryLevels
            | Op::ImageQuerySamples
            | Op::ImageTexelPointer
    )
}

/// Operand `i` of an instruction's operands, or which is missing.
fn operand_at(o: &[u32], i: usize) -> Result<u32, String> {
    o.get(i)
        .copied()
        .ok_or_else(|| format!("missing operand {}", i + 1))
}

/// Which numbers a value's components may be (`numeric_vector`).
#[derive(Clone, Copy, PartialEq)]
enum Numeric {
    Int,
    Float,
    Any,
}
