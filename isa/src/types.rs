//! SPIR-V types, how a value of each flattens into scalar registers, and
//! where each scalar sits in memory (explicit Offset/ArrayStride/MatrixStride
//! layouts, or natural C layout where the module gives none).

use crate::core::Scalar;
use spirv::StorageClass;

/// Values with more scalar components than this are refused: they would
/// be held in registers, and no real kernel needs that many.
pub const MAX_COMPONENTS: usize = 1 << 16;

#[derive(Clone, Debug, PartialEq)]
pub enum Type {
    Void,
    Bool,
    Int {
        bits: u8,
        signed: bool,
    },
    Float {
        bits: u8,
    },
    Vector {
        elem: u32,
        count: u32,
    },
    /// Columns of vector type `column`.
    Matrix {
        column: u32,
        columns: u32,
    },
    Array {
        elem: u32,
        len: u32,
    },
    RuntimeArray {
        elem: u32,
    },
    Struct {
        members: Vec<u32>,
    },
    Pointer {
        storage: StorageClass,
        pointee: u32,
    },
    Function,
    /// An image: a value is one register, the address of its texels (what
    /// else the image is, the host's binding says: `crate::image`).
    Image(ImageType),
    /// A sampler: a value is one register (its state is the binding's).
    Sampler,
    /// An image and a sampler: a value is the image's register.
    SampledImage {
        image: u32,
    },
    /// Events, pipes and the other opaque kinds (and, to the validator,
    /// images and samplers): never a value's components.
    Opaque,
}

/// The operands of an OpTypeImage.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ImageType {
    /// The type texels read as (OpTypeVoid in OpenCL).
    pub sampled_type: u32,
    pub dim: spirv::Dim,
    pub arrayed: bool,
    pub multisampled: bool,
    /// 1: used with a sampler; 2: a storage image; 0: known at run time.
    pub sampled: u32,
    pub format: spirv::ImageFormat,
}

/// The opcodes declaring an opaque type.
pub fn is_opaque_type(op: spirv::Op) -> bool {
    use spirv::Op;
    matches!(
        op,
        Op::TypeImage
            | Op::TypeSampler
            | Op::TypeSampledImage
            | Op::TypeEvent
            | Op::TypeDeviceEvent
            | Op::TypeReserveId
            | Op::TypeQueue
            | Op::TypePipe
            | Op::TypeOpaque
            | Op::TypeAccelerationStructureKHR
            | Op::TypeRayQueryKHR
    )
}

/// Layout decorations of a type or struct member.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct TypeDecorations {
    pub array_stride: Option<u32>,
    pub member_offsets: Vec<Option<u32>>,
    pub member_matrix: Vec<MatrixLayout>,
    pub packed: bool,
}

#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct MatrixLayout {
    pub stride: Option<u32>,
    pub row_major: bool,
    /// Set on a pointer to one column of a row-major matrix: its
    /// components are `stride` bytes apart, not adjacent.
    pub strided_column: bool,
}

pub struct Types {
    pub types: std::collections::HashMap<u32, Type>,
    pub decorations: std::collections::HashMap<u32, TypeDecorations>,
    pub pointer_bits: u8,
}

impl Types {
    pub fn get(&self, id: u32) -> Result<&Type, String> {
        self.types
            .get(&id)
            .ok_or_else(|| format!("%{id} is not a type"))
    }

    fn decor(&self, id: u32) -> Option<&TypeDecorations> {
        self.decorations.get(&id)
    }

    /// The scalar of a scalar or pointer type.
    pub fn scalar(&self, id: u32) -> Result<Scalar, String> {
        Ok(match self.get(id)? {
            Type::Bool => Scalar::Bool,
            Type::Int { bits, .. } => Scalar::Int(*bits),
            Type::Float { bits } => Scalar::Float(*bits),
            Type::Pointer { .. } => Scalar::Int(self.pointer_bits),
            Type::Image(_) | Type::Sampler | Type::SampledImage { .. } => Scalar::Int(64),
            t => return Err(format!("%{id} ({t:?}) is not a scalar type")),
        })
    }

    /// The scalar components of a value of type `id`, in register order.
    pub fn flatten(&self, id: u32) -> Result<Vec<Scalar>, String> {
        let mut out = Vec::new();
        self.flatten_into(id, &mut out)?;
        Ok(out)
    }

    fn flatten_into(&self, id: u32, out: &mut Vec<Scalar>) -> Result<(), String> {
        if out.len() > MAX_COMPONENTS {
            return Err(format!(
                "a value of type %{id} has more than {MAX_COMPONENTS} components"
            ));
        }
        match self.get(id)? {
            Type::Vector { elem, count } => {
                for _ in 0..*count {
                    self.flatten_into(*elem, out)?;
                }
            }
            Type::Matrix { column, columns } => {
                for _ in 0..*columns {
                    self.flatten_into(*column, out)?;
                }
            }
            Type::Array { elem, len } => {
                for _ in 0..*len {
                    self.flatten_into(*elem, out)?;
                    if out.len() > MAX_COMPONENTS {
                        return Err(format!(
                            "a value of type %{id} has more than {MAX_COMPONENTS} components"
                        ));
                    }
                }
            }
            Type::Struct { members } => {
                for m in members {
                    self.flatten_into(*m, out)?;
                }
            }
            Type::RuntimeArray { .. } => {
                return Err("a runtime array cannot be held as a value".into())
            }
            Type::Void | Type::Function => return Err(format!("%{id} is not a value type")),
            _ => out.push(self.scalar(id)?),
        }
        Ok(())
    }

    /// (size, alignment) of a type in memory.
    pub fn size_align(&self, id: u32) -> Result<(u32, u32), String> {
        Ok(match self.get(id)? {
            Type::Vector { elem, count } => {
                let (es, ea) = self.size_align(*elem)?;
                // OpenCL C: a 3-vector is sized and aligned like a 4-vector.
                let n = if *count == 3 { 4 } else { *count };
                (mul(es, n)?, mul(ea, n)?)
            }
            Type::Matrix { column, columns } => {
                let (cs, ca) = self.size_align(*column)?;
                (mul(cs, *columns)?, ca)
            }
            Type::Array { elem, len } => {
                let (_, ea) = self.size_align(*elem)?;
                (mul(self.stride(id, *elem)?, *len)?, ea)
            }
            Type::RuntimeArray { elem } => {
                let (_, ea) = self.size_align(*elem)?;
                (0, ea)
            }
            Type::Struct { members } => {
                let d = self.decor(id);
                let packed = d.is_some_and(|d| d.packed);
                let mut size = 0u32;
                let mut align = 1u32;
                for (i, m) in members.iter().enumerate() {
                    let (ms, ma) = self.size_align(*m)?;
                    let off = self.member_offset(id, i as u32)?;
                    size = size.max(off.checked_add(ms).ok_or_else(too_large)?);
                    if !packed {
                        align = align.max(ma);
                    }
                }
                (round_up(size, align), align)
            }
            _ => {
                let b = self.scalar(id)?.bytes();
                (b, b)
            }
        })
    }

    /// Distance between consecutive elements of array (or vector) type
    /// `array` whose element type is `elem`.
    pub fn stride(&self, array: u32, elem: u32) -> Result<u32, String> {
        if let Some(s) = self.decor(array).and_then(|d| d.array_stride) {
            return Ok(s);
        }
        let (s, a) = self.size_align(elem)?;
        Ok(round_up(s, a))
    }

    pub fn member_offset(&self, strukt: u32, index: u32) -> Result<u32, String> {
        let Type::Struct { members } = self.get(strukt)? else {
            return Err(format!("%{strukt} is not a struct"));
        };
        if index as usize >= members.len() {
            return Err(format!(
                "member {index} of a struct with {} members",
                members.len()
            ));
        }
        let d = self.decor(strukt);
        if let Some(Some(off)) = d.and_then(|d| d.member_offsets.get(index as usize)) {
            return Ok(*off);
        }
        let packed = d.is_some_and(|d| d.packed);
        let mut off = 0;
        for (i, m) in members.iter().enumerate() {
            let (ms, ma) = self.size_align(*m)?;
            if !packed {
                off = round_up(off, ma);
            }
            if i == index as usize {
                return Ok(off);
            }
            off = off.checked_add(ms).ok_or_else(too_large)?;
        }
        unreachable!("index checked above")
    }

    pub fn member_matrix(&self, strukt: u32, index: u32) -> MatrixLayout {
        self.decor(strukt)
            .and_then(|d| d.member_matrix.get(index as usize).copied())
            .unwrap_or_default()
    }

    /// Every scalar of a value of type `id` stored at offset 0, with its
    /// offset, in register order. `matrix` is the layout decoration of the
    /// struct member holding it, if any.
    pub fn scalar_offsets(
        &self,
        id: u32,
        matrix: MatrixLayout,
    ) -> Result<Vec<(Scalar, u32)>, String> {
        let mut out = Vec::new();
        self.offsets_into(id, 0, matrix, &mut out)?;
        Ok(out)
    }

    fn offsets_into(
        &self,
        id: u32,
        base: u32,
        matrix: MatrixLayout,
        out: &mut Vec<(Scalar, u32)>,
    ) -> Result<(), String> {
        if out.len() > MAX_COMPONENTS {
            return Err(format!(
                "a value of type %{id} has more than {MAX_COMPONENTS} components"
            ));
        }
        match self.get(id)? {
            Type::Vector { elem, count } => {
                let es = match (matrix.strided_column, matrix.stride) {
                    (true, Some(stride)) => stride,
                    _ => self.size_align(*elem)?.0,
                };
                for i in 0..*count {
                    self.offsets_into(*elem, layout_offset(base, &[(i, es)])?, matrix, out)?;
                }
            }
            Type::Matrix { column, columns } => {
                let Type::Vector { elem, count: rows } = self.get(*column)?.clone() else {
                    return Err(format!("matrix %{id} has a non-vector column"));
                };
                let (es, _) = self.size_align(elem)?;
                let natural = self.size_align(*column)?.0;
                let stride = matrix.stride.unwrap_or(if matrix.row_major {
                    es * columns
                } else {
                    natural
                });
                for c in 0..*columns {
                    for r in 0..rows {
                        let steps = if matrix.row_major {
                            [(r, stride), (c, es)]
                        } else {
                            [(c, stride), (r, es)]
                        };
                        self.offsets_into(elem, layout_offset(base, &steps)?, matrix, out)?;
                    }
                }
            }
            Type::Array { elem, len } => {
                let stride = self.stride(id, *elem)?;
                for i in 0..*len {
                    self.offsets_into(*elem, layout_offset(base, &[(i, stride)])?, matrix, out)?;
                }
            }
            Type::Struct { members } => {
                for (i, m) in members.iter().enumerate() {
                    let off = self.member_offset(id, i as u32)?;
                    let ml = self.member_matrix(id, i as u32);
                    self.offsets_into(*m, layout_offset(base, &[(1, off)])?, ml, out)?;
                }
            }
            Type::RuntimeArray { .. } => {
                return Err("a runtime array cannot be loaded or stored as a whole".into())
            }
            Type::Void | Type::Function => return Err(format!("%{id} is not a value type")),
            _ => out.push((self.scalar(id)?, base)),
        }
        Ok(())
    }
}

/// Types larger than this many bytes are refused.
const MAX_TYPE_BYTES: u32 = 1 << 30;

fn too_large() -> String {
    format!("a type larger than {MAX_TYPE_BYTES} bytes")
}

/// `a * b` for sizes, refusing types that grow past `MAX_TYPE_BYTES`.
fn mul(a: u32, b: u32) -> Result<u32, String> {
    a.checked_mul(b)
        .filter(|&p| p <= MAX_TYPE_BYTES)
        .ok_or_else(too_large)
}

pub fn round_up(x: u32, align: u32) -> u32 {
    if align <= 1 {
        x
    } else {
        x.div_ceil(align) * align
    }
}

/// `base` plus each index times its stride: the byte offset of a component
/// in a memory layout, refused when it leaves the 32-bit address range
/// (strides and offsets come from the module's decorations).
fn layout_offset(base: u32, steps: &[(u32, u32)]) -> Result<u32, String> {
    steps
        .iter()
        .try_fold(base, |at, &(index, stride)| {
            index.checked_mul(stride).and_then(|s| at.checked_add(s))
        })
        .ok_or_else(|| "a memory layout offset does not fit in 32 bits".to_string())
}
