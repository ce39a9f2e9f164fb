//! Images, samplers and texel buffers in lowering. The host's binding says
//! what each image is (`Options::images`, `Options::samplers`), so an image
//! value is one register, the address of its texels, and each access
//! lowers to texel addressing, plain loads and stores, and the `texture`
//! lane operations of `crate::image` that convert texels. An access
//! outside the image goes to `address::IMAGE_NOWHERE`: reads give zeros,
//! writes and atomics do nothing (Vulkan's robustImageAccess).

use super::body::FnCtx;
use super::{Lowerer, Val};
use crate::core::{AluOp, Convert, Scalar};
use crate::ext::Builder;
use crate::image::format::{Format, NumericKind};
use crate::image::sampler::{self, AddressMode, CompareOp, Filter, Sampler};
use crate::image::LevelPart;
use crate::image::{self, ImageInfo, Slot};
use crate::ir::{address, Reg, Resource, ResourceKind};
use crate::module::Instr;
use crate::types::{ImageType, MatrixLayout, Type};
use spirv::{Decoration, Dim, Op};

type R<T> = Result<T, String>;

/// What lowering knows of an image or sampler value.
#[derive(Clone, Debug, PartialEq)]
pub(crate) enum Handle {
    Image {
        info: ImageInfo,
        ty: ImageType,
        /// Set on a sampled image (OpSampledImage, or a combined image
        /// sampler variable).
        sampler: Option<Sampler>,
    },
    Sampler(Sampler),
}

/// Image operand mask bits (SPIR-V "Image Operands"), lowest first, and how
/// many ids each takes.
const IMAGE_OPERANDS: &[(u32, usize)] = &[
    (0x1, 1),     // Bias
    (0x2, 1),     // Lod
    (0x4, 2),     // Grad
    (0x8, 1),     // ConstOffset
    (0x10, 1),    // Offset
    (0x20, 1),    // ConstOffsets
    (0x40, 1),    // Sample
    (0x80, 1),    // MinLod
    (0x100, 1),   // MakeTexelAvailable
    (0x200, 1),   // MakeTexelVisible
    (0x400, 0),   // NonPrivateTexel
    (0x800, 0),   // VolatileTexel
    (0x1000, 0),  // SignExtend
    (0x2000, 0),  // ZeroExtend
    (0x4000, 0),  // Nontemporal
    (0x10000, 1), // Offsets
];

/// The image operands of an instruction (SPIR-V "Image Operands"), by
/// their ids.
#[derive(Default)]
struct ImageOperands {
    lod: Option<u32>,
    grad: Option<(u32, u32)>,
    /// ConstOffset or Offset: texels added to the coordinates.
    offset: Option<u32>,
    sample: Option<u32>,
}

/// Reads an image-operands list (mask first); refuses the operands no
/// compute kernel here can use, by name.
fn image_operands(operands: &[u32]) -> R<ImageOperands> {
    let mut out = ImageOperands::default();
    let Some((&mask, ids)) = operands.split_first() else {
        return Ok(out);
    };
    let mut at = 0;
    for &(bit, n) in IMAGE_OPERANDS {
        if mask & bit == 0 {
            continue;
        }
        let id = |k: usize| {
            ids.get(at + k)
                .copied()
                .ok_or_else(|| format!("image operand 0x{bit:x} is missing its id"))
        };
        match bit {
            0x1 => return Err("the Bias image operand needs implicit derivatives, which compute kernels do not have".into()),
            0x2 => out.lod = Some(id(0)?),
            0x4 => out.grad = Some((id(0)?, id(1)?)),
            0x8 | 0x10 => out.offset = Some(id(0)?),
            0x20 | 0x10000 => return Err("per-texel gather offsets (ConstOffsets, Offsets) are not supported (ConstOffset and Offset are)".into()),
            0x40 => out.sample = Some(id(0)?),
            0x80 => return Err("the MinLod image operand is not supported (the sampler's minLod is)".into()),
            _ => {}
        }
        at += n;
    }
    Ok(out)
}

/// Which mip level an access reads: known when lowering, or per lane.
#[derive(Clone, Copy)]
enum LevelSel {
    Const(u32),
    Dyn(Reg),
}

/// One mip level of an image as registers: its extent, where its texels
/// start (none for level 0), and, for a level chosen per lane that may be
/// past the last one, whether it exists (a Bool).
struct LevelRegs {
    extents: [Reg; 3],
    offset: Option<Reg>,
    exists: Option<Reg>,
}

/// What a sampling instruction reads through: the image at `base`, its
/// sampler, a Dref instruction's depth reference and comparison, and the
/// result type.
struct Lookup<'a> {
    base: Reg,
    info: &'a ImageInfo,
    ty: &'a ImageType,
    sampler: &'a Sampler,
    dref: Option<(Reg, CompareOp)>,
    rt: u32,
}

/// The coordinate axes sampling filters along (an array's layer and a
/// cube's direction aside).
fn axes(ty: &ImageType) -> usize {
    match ty.dim {
        Dim::Dim1D | Dim::DimBuffer => 1,
        Dim::Dim2D | Dim::DimRect | Dim::DimCube => 2,
        _ => 3,
    }
}

/// What selects the level of a sampling instruction.
enum Lod {
    Const(sampler::Level),
    /// Per lane, from `source`: the LOD, or with `from_gradient` the
    /// squared length of the larger gradient in texels.
    Dyn {
        source: Reg,
        from_gradient: bool,
    },
}

impl Lowerer<'_> {
    /// Whether a variable of type `pointee` holds image or sampler handles
    /// (possibly an array of them).
    pub(super) fn is_handle_type(&self, pointee: u32) -> bool {
        let elem = match self.types.get(pointee) {
            Ok(Type::Array { elem, .. } | Type::RuntimeArray { elem }) => *elem,
            _ => pointee,
        };
        matches!(
            self.types.get(elem),
            Ok(Type::Image(_) | Type::Sampler | Type::SampledImage { .. })
        )
    }

    /// A UniformConstant variable of images, samplers or sampled images: one
    /// resource per descriptor, each with the handle its binding gives.
    pub(super) fn declare_handle_variable(
        &mut self,
        id: u32,
        pointee: u32,
        name: &str,
        options: &super::Options,
    ) -> R<()> {
        let decoration = |d| {
            self.decoration(id, d)
                .and_then(|a| a.first().copied())
                .unwrap_or(0)
        };
        let (set, binding) = (
            decoration(Decoration::DescriptorSet),
            decoration(Decoration::Binding),
        );
        let (elem, count) = match *self.types.get(pointee)? {
            Type::Array { elem, len } => (elem, len),
            Type::RuntimeArray { elem } => match options.descriptor_counts.get(&(set, binding)) {
                Some(&n) if n > 0 => (elem, n),
                _ => {
                    return Err(format!(
                        "'{name}' is a runtime-sized array of descriptors at set {set} binding {binding}, and nothing is bound there"
                    ))
                }
            },
            _ => (pointee, 1),
        };
        if count > super::MAX_DESCRIPTORS {
            return Err(format!(
                "'{name}' is an array of {count} descriptors; at most {} are supported",
                super::MAX_DESCRIPTORS
            ));
        }
        let read_only = self.decoration(id, Decoration::NonWritable).is_some();
        let mut elems = Vec::new();
        for index in 0..count {
            let slot = Slot::Descriptor {
                set,
                binding,
                index,
            };
            let handle = self.handle_for(elem, &slot, || {
                format!("'{name}' (set {set} binding {binding} element {index})")
            })?;
            let reg = self.alloc();
            let size_reg = self.alloc();
            self.resources.push(Resource {
                kind: match handle {
                    Handle::Sampler(_) => ResourceKind::Sampler,
                    Handle::Image { .. } => ResourceKind::Image,
                },
                set,
                binding,
                index,
                name: name.to_string(),
                reg,
                size_reg,
                read_only: read_only
                    || matches!(handle, Handle::Image { ty, .. } if ty.sampled == 1),
                declared_format: match handle {
                    Handle::Image { ty, .. } if ty.sampled == 2 => Format::from_spirv(ty.format),
                    _ => None,
                },
            });
            elems.push((reg, handle));
        }
        self.globals.insert(
            id,
            Val::Ptr {
                reg: elems[0].0,
                offset: 0,
                matrix: MatrixLayout::default(),
            },
        );
        self.handle_vars.insert(id, elems);
        Ok(())
    }

    /// The handle a value of type `ty` bound at `slot` has.
    pub(super) fn handle_for(&self, ty: u32, slot: &Slot, what: impl Fn() -> String) -> R<Handle> {
        let info = || {
            self.bound_images.get(slot).copied().ok_or_else(|| {
                match self.plain_buffers.get(slot) {
                    Some(name) => format!(
                        "{} is an image, and buffer '{name}' is bound there with no image format and size",
                        what()
                    ),
                    None => format!("{} is an image, and no image is bound there", what()),
                }
            })
        };
        let sampler = || {
            self.bound_samplers
                .get(slot)
                .copied()
                .ok_or_else(|| format!("{} is a sampler, and no sampler is bound there", what()))
        };
        // A cube map view has 6 layers per cube (Vulkan's image views).
        let info = || {
            let info = info()?;
            let cube = |t: &ImageType| t.dim == Dim::DimCube;
            let image = match self.types.get(ty)? {
                Type::Image(t) => Some(*t),
                Type::SampledImage { image } => match self.types.get(*image)? {
                    Type::Image(t) => Some(*t),
                    _ => None,
                },
                _ => None,
            };
            match image {
                Some(t)
                    if cube(&t)
                        && (info.layers == 0
                            || info.layers % 6 != 0
                            || (!t.arrayed && info.layers != 6)) =>
                {
                    Err(format!(
                        "{} is a cube map{}, and the image bound there has {} layers (6 per cube)",
                        what(),
                        if t.arrayed { " array" } else { "" },
                        info.layers
                    ))
                }
                _ => Ok(info),
            }
        };
        match self.types.get(ty)? {
            Type::Image(t) => Ok(Handle::Image {
                info: info()?,
                ty: *t,
                sampler: None,
            }),
            Type::SampledImage { image } => match self.types.get(*image)? {
                // A uniform texel buffer is a sampled image no sampler
                // reads.
                Type::Image(t) if t.dim == Dim::DimBuffer => Ok(Handle::Image {
                    info: info()?,
                    ty: *t,
                    sampler: None,
                }),
                Type::Image(t) => Ok(Handle::Image {
                    info: info()?,
                    ty: *t,
                    sampler: Some(sampler()?),
                }),
                _ => Err(format!("{}: a sampled image of a non-image type", what())),
            },
            Type::Sampler => Ok(Handle::Sampler(sampler()?)),
            _ => Err(format!("{} is not an image or sampler", what())),
        }
    }

    /// An OpenCL kernel argument that is an image (the host binds its
    /// texels) or a sampler (known at lowering; nothing is received).
    pub(super) fn handle_param(
        &mut self,
        id: u32,
        ty: u32,
        index: u32,
        name: String,
    ) -> R<(crate::ir::Param, Val)> {
        // Bound by position or by name.
        let slot = match self.bound_images.contains_key(&Slot::Arg(index))
            || self.bound_samplers.contains_key(&Slot::Arg(index))
        {
            true => Slot::Arg(index),
            false => Slot::ArgName(name.clone()),
        };
        let handle =
            self.handle_for(ty, &slot, || format!("kernel argument {index} ('{name}')"))?;
        let reg = self.alloc();
        let kind = match handle {
            Handle::Image { .. } => crate::ir::ParamKind::Image,
            Handle::Sampler(_) => crate::ir::ParamKind::Sampler,
        };
        self.handles.insert(id, handle);
        Ok((
            crate::ir::Param {
                name,
                kind,
                reg,
                read_only: false,
            },
            Val::Regs(vec![reg]),
        ))
    }

    /// OpConstantSampler (an OpenCL `const sampler_t`): its addressing
    /// mode, normalised coordinates and filter as a sampler state.
    /// OpenCL's CLK_ADDRESS_CLAMP reads the border, transparent black;
    /// CLK_ADDRESS_NONE leaves coordinates outside undefined, read here as
    /// clamped to the edge.
    pub(super) fn constant_sampler(&mut self, ins: &Instr) -> R<()> {
        let [addressing, normalized, filter] = ins.operands[..] else {
            return Err(
                "OpConstantSampler takes an addressing mode, a normalized flag and a filter mode"
                    .into(),
            );
        };
        use spirv::{SamplerAddressingMode as A, SamplerFilterMode as F};
        let mode = match A::from_u32(addressing) {
            Some(A::None | A::ClampToEdge) => AddressMode::ClampToEdge,
            Some(A::Clamp) => AddressMode::ClampToBorder,
            Some(A::Repeat) => AddressMode::Repeat,
            Some(A::RepeatMirrored) => AddressMode::MirroredRepeat,
            None => return Err(format!("unknown sampler addressing mode {addressing}")),
        };
        let filter = match F::from_u32(filter) {
            Some(F::Nearest) => image::sampler::Filter::Nearest,
            Some(F::Linear) => image::sampler::Filter::Linear,
            None => return Err(format!("unknown sampler filter mode {filter}")),
        };
        let state = Sampler {
            mag_filter: filter,
            min_filter: filter,
            mipmap_mode: image::sampler::Filter::Nearest,
            min_lod: 0.0,
            max_lod: 0.0,
            compare: None,
            address: [mode; 3],
            border: image::sampler::BorderColor::TransparentBlack,
            normalized: normalized != 0,
        };
        let zero = self.const_reg(0);
        self.globals.insert(ins.result_id, Val::Regs(vec![zero]));
        self.handles.insert(ins.result_id, Handle::Sampler(state));
        Ok(())
    }

    /// OpLoad of an image or sampler variable (or of one element of an
    /// array of them); `false` if `ptr` holds no handles.
    pub(super) fn load_handle(&mut self, ctx: &mut FnCtx, id: u32, ptr: u32) -> R<bool> {
        let Some(elems) = self.handle_vars.get(&ptr) else {
            return Ok(false);
        };
        let [(reg, handle)] = elems.as_slice() else {
            return Err("a whole array of images or samplers cannot be loaded".into());
        };
        ctx.locals.insert(id, Val::Regs(vec![*reg]));
        self.handles.insert(id, handle.clone());
        Ok(true)
    }

    /// An access chain into an array of images or samplers: a constant
    /// index picks a descriptor; a dynamic one selects among descriptors
    /// that are the same image kind and shape.
    pub(super) fn handle_chain(
        &mut self,
        ctx: &mut FnCtx,
        id: u32,
        base: u32,
        indices: &[u32],
    ) -> R<bool> {
        let Some(elems) = self.handle_vars.get(&base).cloned() else {
            return Ok(false);
        };
        let [index] = indices else {
            return Err("an access chain into images or samplers takes one index".into());
        };
        let picked = match self.const_values.get(index) {
            Some(&k) => elems.get(k as usize).cloned().ok_or_else(|| {
                format!(
                    "descriptor index {k} is past the array's {} elements",
                    elems.len()
                )
            })?,
            None => {
                let handle = elems[0].1.clone();
                if elems.iter().any(|e| e.1 != handle) {
                    return Err("a dynamic index into descriptors bound to images of different formats, sizes or samplers is not supported".into());
                }
                let i = self.reg(ctx, *index)?;
                let ty = self.elem_scalar(self.type_of(*index)?)?;
                let mut reg = elems[0].0;
                for (k, e) in elems.iter().enumerate().skip(1) {
                    let kc = self.const_reg(k as u64);
                    let is_k = self.alu(AluOp::IEqual, ty, &[i, kc]);
                    reg = self.alu(AluOp::Select, Scalar::Int(64), &[is_k, e.0, reg]);
                }
                (reg, handle)
            }
        };
        ctx.locals.insert(
            id,
            Val::Ptr {
                reg: picked.0,
                offset: 0,
                matrix: MatrixLayout::default(),
            },
        );
        self.handle_vars.insert(id, vec![picked]);
        Ok(true)
    }

    /// `to` is the same image or sampler (pointer) as `from`, if that is one.
    pub(super) fn copy_handle(&mut self, from: u32, to: u32) {
        if let Some(h) = self.handles.get(&from).cloned() {
            self.handles.insert(to, h);
        }
        if let Some(v) = self.handle_vars.get(&from).cloned() {
            self.handle_vars.insert(to, v);
        }
    }

    /// A call passes `args` to `callee`'s parameters: those that are images
    /// or samplers stay known.
    pub(super) fn pass_handles(&mut self, callee: u32, args: &[u32]) {
        let Some(def) = self.functions.get(&callee) else {
            return;
        };
        let m = self.m;
        let params = m.instrs[def.start..def.end]
            .iter()
            .filter(|i| i.op == Op::FunctionParameter)
            .map(|i| i.result_id);
        for (param, &arg) in params.zip(args) {
            self.copy_handle(arg, param);
        }
    }

    fn image_handle(&self, id: u32) -> R<(ImageInfo, ImageType, Option<Sampler>)> {
        match self.handles.get(&id) {
            Some(Handle::Image { info, ty, sampler }) => Ok((*info, *ty, *sampler)),
            _ => Err(format!(
                "%{id} is not an image whose binding is known (images must come straight from a variable or kernel argument)"
            )),
        }
    }

    /// Lowers one image instruction; `false` if `ins` is not one.
    pub(super) fn image_inst(&mut self, ctx: &mut FnCtx, ins: &Instr) -> R<bool> {
        let o = &ins.operands;
        let id = ins.result_id;
        let rt = ins.result_type;
        match ins.op {
            // The image's register, with or without a sampler.
            Op::SampledImage | Op::Image => {
                let (info, ty, _) = self.image_handle(o[0])?;
                let sampler = match ins.op {
                    Op::Image => None,
                    _ => match self.handles.get(&o[1]) {
                        Some(Handle::Sampler(s)) => Some(*s),
                        _ => {
                            return Err(format!(
                                "%{} is not a sampler whose binding is known",
                                o[1]
                            ))
                        }
                    },
                };
                let regs = self.regs(ctx, o[0])?;
                ctx.locals.insert(id, Val::Regs(regs));
                self.handles.insert(id, Handle::Image { info, ty, sampler });
            }
            Op::ImageQuerySize | Op::ImageQuerySizeLod => {
                let (info, ty, _) = self.image_handle(o[0])?;
                let level = match ins.op {
                    Op::ImageQuerySize => LevelSel::Const(0),
                    _ => match self.const_values.get(&o[1]) {
                        Some(&l) => LevelSel::Const(l as u32),
                        None => LevelSel::Dyn(self.reg(ctx, o[1])?),
                    },
                };
                let lv = self.level_regs(&info, level);
                let [w, h, d] = lv.extents;
                let mut size = match ty.dim {
                    Dim::Dim1D | Dim::DimBuffer => vec![w],
                    Dim::Dim2D | Dim::DimRect | Dim::DimCube => vec![w, h],
                    Dim::Dim3D => vec![w, h, d],
                    other => {
                        return Err(format!("images of dimension {other:?} are not supported"))
                    }
                };
                if ty.arrayed {
                    size.push(self.const_reg(match ty.dim {
                        Dim::DimCube => info.layers / 6,
                        _ => info.layers,
                    } as u64));
                }
                let n = self.width(rt)?;
                let zero = self.const_reg(0);
                let r = (0..n)
                    .map(|i| size.get(i).copied().unwrap_or(zero))
                    .collect();
                ctx.locals.insert(id, Val::Regs(r));
            }
            Op::ImageQueryLevels | Op::ImageQuerySamples => {
                let (info, _, _) = self.image_handle(o[0])?;
                let v = if ins.op == Op::ImageQueryLevels {
                    info.levels
                } else {
                    info.samples
                };
                let r = self.const_reg(v as u64);
                ctx.locals.insert(id, Val::Regs(vec![r]));
            }
            Op::ImageRead | Op::ImageFetch => {
                let (info, ty, _) = self.image_handle(o[0])?;
                let operands = image_operands(&o[2..])?;
                let base = self.reg(ctx, o[0])?;
                let addr = self.texel_address(ctx, base, &info, &ty, o[1], &operands)?;
                let r = self.read_texel(&info, addr, rt)?;
                ctx.locals.insert(id, Val::Regs(r));
            }
            Op::ImageSampleExplicitLod
            | Op::ImageSampleDrefExplicitLod
            | Op::ImageSampleProjExplicitLod
            | Op::ImageSampleProjDrefExplicitLod
            | Op::ImageGather
            | Op::ImageDrefGather => {
                let (info, ty, sampler) = self.image_handle(o[0])?;
                let sampler = sampler
                    .ok_or_else(|| format!("Op{:?} of an image without a sampler", ins.op))?;
                let gather = matches!(ins.op, Op::ImageGather | Op::ImageDrefGather);
                let projective = matches!(
                    ins.op,
                    Op::ImageSampleProjExplicitLod | Op::ImageSampleProjDrefExplicitLod
                );
                // Dref instructions and gathers have one more operand
                // before the image operands: the reference or component.
                let third = matches!(
                    ins.op,
                    Op::ImageSampleDrefExplicitLod
                        | Op::ImageSampleProjDrefExplicitLod
                        | Op::ImageGather
                        | Op::ImageDrefGather
                )
                .then_some(o[2]);
                let operands = image_operands(&o[2 + third.is_some() as usize..])?;
                let base = self.reg(ctx, o[0])?;
                let mut dref = match (ins.op, third) {
                    (Op::ImageGather, _) | (_, None) => None,
                    (_, Some(d)) => {
                        let op = sampler.compare.ok_or_else(|| {
                            format!("Op{:?} through a sampler without a depth comparison (compareEnable)", ins.op)
                        })?;
                        Some((self.reg(ctx, d)?, op))
                    }
                };
                let mut c = self.sample_coordinates(ctx, o[1])?;
                if projective {
                    self.project(&ty, &mut c, dref.as_mut().map(|d| &mut d.0))?;
                }
                let lookup = Lookup {
                    base,
                    info: &info,
                    ty: &ty,
                    sampler: &sampler,
                    dref,
                    rt,
                };
                let r = if gather {
                    let component = match ins.op {
                        Op::ImageGather => self.const_of(o[2])? as usize,
                        _ => 0,
                    };
                    self.gather(ctx, &lookup, &c, component, &operands)?
                } else {
                    self.sample(ctx, &lookup, &c, &operands)?
                };
                ctx.locals.insert(id, Val::Regs(r));
            }
            Op::ImageWrite => {
                let (info, ty, _) = self.image_handle(o[0])?;
                let operands = image_operands(&o[3..])?;
                let base = self.reg(ctx, o[0])?;
                let addr = self.texel_address(ctx, base, &info, &ty, o[1], &operands)?;
                let texel = self.regs(ctx, o[2])?;
                let comp = self.elem_scalar(self.type_of(o[2])?)?;
                self.write_texel(&info, addr, &texel, comp)?;
            }
            Op::ImageTexelPointer => {
                let Some([(base, Handle::Image { info, ty, .. })]) =
                    self.handle_vars.get(&o[0]).map(|v| v.as_slice())
                else {
                    return Err(format!("%{} is not a pointer to one image", o[0]));
                };
                let (base, info, ty) = (*base, *info, *ty);
                let operands = ImageOperands {
                    sample: Some(o[2]),
                    ..ImageOperands::default()
                };
                let addr = self.texel_address(ctx, base, &info, &ty, o[1], &operands)?;
                ctx.locals.insert(
                    id,
                    Val::Ptr {
                        reg: addr,
                        offset: 0,
                        matrix: MatrixLayout::default(),
                    },
                );
            }
            Op::ImageSampleImplicitLod
            | Op::ImageSampleDrefImplicitLod
            | Op::ImageSampleProjImplicitLod
            | Op::ImageSampleProjDrefImplicitLod
            | Op::ImageQueryLod => {
                return Err(format!(
                    "Op{:?} needs implicit derivatives, which compute kernels do not have",
                    ins.op
                ))
            }
            Op::ImageSparseRead
            | Op::ImageSparseFetch
            | Op::ImageSparseSampleExplicitLod
            | Op::ImageQueryFormat
            | Op::ImageQueryOrder => {
                return Err(format!("Op{:?} is not supported", ins.op));
            }
            _ => return Ok(false),
        }
        Ok(true)
    }

    /// The integer coordinate components of `coord` an image of `ty` reads:
    /// x, y, z and the array layer, zero where the dimension has none.
    fn coordinates(&mut self, ctx: &FnCtx, ty: &ImageType, coord: u32) -> R<[Reg; 4]> {
        let c = self.regs(ctx, coord)?;
        let zero = self.const_reg(0);
        let at = |i: usize| c.get(i).copied().unwrap_or(zero);
        Ok(match (ty.dim, ty.arrayed) {
            (Dim::Dim1D | Dim::DimBuffer, false) => [at(0), zero, zero, zero],
            (Dim::Dim1D, true) => [at(0), zero, zero, at(1)],
            (Dim::Dim2D | Dim::DimRect, false) => [at(0), at(1), zero, zero],
            (Dim::Dim2D, true) => [at(0), at(1), zero, at(2)],
            (Dim::Dim3D, _) => [at(0), at(1), at(2), zero],
            // A cube's face is a layer: face + 6 * cube.
            (Dim::DimCube, false) => [at(0), at(1), zero, at(2)],
            (Dim::DimCube, true) => {
                let six = self.const_reg(6);
                let cube = self.alu(AluOp::IMul, Scalar::Int(32), &[at(3), six]);
                let layer = self.alu(AluOp::IAdd, Scalar::Int(32), &[cube, at(2)]);
                [at(0), at(1), zero, layer]
            }
            (other, _) => return Err(format!("images of dimension {other:?} are not supported")),
        })
    }

    /// The address of texel `coord` (moved by the offset operand, at the
    /// Lod operand's level, sample `Sample`), or IMAGE_NOWHERE when it is
    /// outside the image.
    fn texel_address(
        &mut self,
        ctx: &FnCtx,
        base: Reg,
        info: &ImageInfo,
        ty: &ImageType,
        coord: u32,
        operands: &ImageOperands,
    ) -> R<Reg> {
        let int = Scalar::Int(32);
        let coord_ty = self.elem_scalar(self.type_of(coord)?)?;
        if coord_ty != int {
            return Err(format!(
                "image coordinates of type {coord_ty} are not supported (32-bit integers are)"
            ));
        }
        let mut xyzl = self.coordinates(ctx, ty, coord)?;
        if let Some(offset) = operands.offset {
            let off = self.regs(ctx, offset)?;
            for (c, &o) in xyzl.iter_mut().zip(&off).take(3) {
                *c = self.alu(AluOp::IAdd, int, &[*c, o]);
            }
        }
        let s = match operands.sample {
            Some(s) => self.reg(ctx, s)?,
            None => self.const_reg(0),
        };
        let level = match operands.lod {
            None => LevelSel::Const(0),
            Some(lod) => match self.const_values.get(&lod) {
                Some(&l) if l < info.levels as u64 => LevelSel::Const(l as u32),
                _ => LevelSel::Dyn(self.reg(ctx, lod)?),
            },
        };
        let lv = self.level_regs(info, level);
        Ok(self.address_of(base, info, &lv, xyzl, s))
    }

    /// Level `level` of `info` as registers. A level chosen per lane has
    /// its extent shifted and its start picked from the levels' starts.
    fn level_regs(&mut self, info: &ImageInfo, level: LevelSel) -> LevelRegs {
        let int = Scalar::Int(32);
        match level {
            LevelSel::Const(l) => {
                let e = info.level(l);
                LevelRegs {
                    extents: [e.width, e.height, e.depth].map(|v| self.const_reg(v as u64)),
                    offset: (l > 0).then(|| self.const_reg(info.level_offset(l))),
                    exists: (l >= info.levels).then(|| self.const_reg(0)),
                }
            }
            LevelSel::Dyn(l) => {
                let one = self.const_reg(1);
                let extents = [info.width, info.height, info.depth].map(|e| {
                    let e = self.const_reg(e as u64);
                    if info.levels == 1 {
                        return e;
                    }
                    // max(1, extent >> level).
                    let shifted = self.alu(AluOp::ShiftRightLogical, int, &[e, l]);
                    let none = self.const_reg(0);
                    let zero = self.alu(AluOp::IEqual, int, &[shifted, none]);
                    self.alu(AluOp::Select, int, &[zero, one, shifted])
                });
                let mut offset = self.const_reg(0);
                for k in 1..info.levels {
                    let k_reg = self.const_reg(k as u64);
                    let is_k = self.alu(AluOp::IEqual, int, &[l, k_reg]);
                    let at = self.const_reg(info.level_offset(k));
                    offset = self.alu(AluOp::Select, Scalar::Int(64), &[is_k, at, offset]);
                }
                let levels = self.const_reg(info.levels as u64);
                LevelRegs {
                    extents,
                    offset: (info.levels > 1).then_some(offset),
                    exists: Some(self.alu(AluOp::ULessThan, int, &[l, levels])),
                }
            }
        }
    }

    /// The address of texel `xyzl` (x, y, z, layer) sample `sample` of
    /// level `lv` of the image at `base`, or IMAGE_NOWHERE outside it.
    fn address_of(
        &mut self,
        base: Reg,
        info: &ImageInfo,
        lv: &LevelRegs,
        xyzl: [Reg; 4],
        sample: Reg,
    ) -> Reg {
        let int = Scalar::Int(32);
        let [w, h, d] = lv.extents;
        let layers = self.const_reg(info.layers as u64);
        let samples = self.const_reg(info.samples as u64);
        // Inside: every coordinate, read unsigned (so negatives are out),
        // below its extent.
        let mut inside = lv.exists;
        for (&c, &e) in xyzl
            .iter()
            .chain([&sample])
            .zip(&[w, h, d, layers, samples])
        {
            let lt = self.alu(AluOp::ULessThan, int, &[c, e]);
            inside = Some(match inside {
                None => lt,
                Some(i) => self.alu(AluOp::LogicalAnd, Scalar::Bool, &[i, lt]),
            });
        }
        let inside = inside.expect("five coordinates");
        // ((layer * depth + z) * height + y) * width + x, then * samples + s.
        let [x, y, z, layer] = xyzl;
        let mut index = layer;
        for (c, e) in [(z, d), (y, h), (x, w), (sample, samples)] {
            let scaled = self.alu(AluOp::IMul, int, &[index, e]);
            index = self.alu(AluOp::IAdd, int, &[scaled, c]);
        }
        let wide = self.convert(Convert::plain(int, Scalar::Int(64), false), index);
        let bytes = self.const_reg(info.format.bytes() as u64);
        let offset = self.alu(AluOp::IMul, Scalar::Int(64), &[wide, bytes]);
        let base = match lv.offset {
            Some(level) => self.alu(AluOp::IAdd, Scalar::Int(64), &[base, level]),
            None => base,
        };
        let addr = self.alu(AluOp::IAdd, Scalar::Int(64), &[base, offset]);
        let nowhere = self.const_reg(address::IMAGE_NOWHERE);
        self.alu(AluOp::Select, Scalar::Int(64), &[inside, addr, nowhere])
    }

    /// A sampling instruction's coordinates as f32 registers: OpenCL's
    /// integer coordinates (read_imagei(image, sampler, int2)) convert.
    fn sample_coordinates(&mut self, ctx: &FnCtx, coord: u32) -> R<Vec<Reg>> {
        let f32 = Scalar::Float(32);
        let c = self.regs(ctx, coord)?;
        let coord_ty = self.elem_scalar(self.type_of(coord)?)?;
        Ok(if coord_ty == f32 {
            c
        } else {
            c.iter()
                .map(|&r| self.convert(Convert::plain(coord_ty, f32, true), r))
                .collect()
        })
    }

    /// A projective sample's coordinates (and depth reference) divided by
    /// their last component, q, which is then dropped.
    fn project(&mut self, ty: &ImageType, c: &mut Vec<Reg>, dref: Option<&mut Reg>) -> R<()> {
        let axes = match (ty.dim, ty.arrayed) {
            (Dim::Dim1D, false) => 1,
            (Dim::Dim2D | Dim::DimRect, false) => 2,
            (Dim::Dim3D, false) => 3,
            _ => return Err("projective sampling takes a 1D, 2D or 3D image, not arrayed".into()),
        };
        // A 1D or 2D coordinate may carry unused components before q.
        let q = *c
            .last()
            .ok_or("a projective coordinate has no components")?;
        let f32 = Scalar::Float(32);
        c.truncate(axes);
        for r in c.iter_mut() {
            *r = self.alu(AluOp::FDiv, f32, &[*r, q]);
        }
        if let Some(d) = dref {
            *d = self.alu(AluOp::FDiv, f32, &[*d, q]);
        }
        Ok(())
    }

    /// Sampling (OpImageSample*ExplicitLod): the level of detail (the Lod
    /// operand, or log2 of the larger gradient in texels, clamped to the
    /// sampler's LOD range) picks the filter (magnification at or below
    /// 0) and the level or two levels to read (`sampler::level`), each read
    /// by `sample_level`; linear mipmapping blends two levels. A LOD known
    /// when lowering selects all that then; a LOD per lane samples each
    /// filter and level it may select and picks per lane.
    fn sample(
        &mut self,
        ctx: &FnCtx,
        l: &Lookup,
        c: &[Reg],
        operands: &ImageOperands,
    ) -> R<Vec<Reg>> {
        let (info, ty, sampler) = (l.info, l.ty, l.sampler);
        let f32 = Scalar::Float(32);
        let offsets = match operands.offset {
            Some(_) if ty.dim == Dim::DimCube => {
                return Err("a cube map cannot be sampled with an offset".into())
            }
            Some(o) => Some(self.regs(ctx, o)?),
            None => None,
        };
        let range = [sampler.min_lod, sampler.max_lod];
        let lod = match (operands.lod, operands.grad) {
            (Some(_), Some(_)) => return Err("an image sample takes Lod or Grad, not both".into()),
            (Some(lod), None) => {
                let lod_ty = self.elem_scalar(self.type_of(lod)?)?;
                match self.const_values.get(&lod) {
                    Some(&bits) if lod_ty == f32 => Lod::Const(sampler::level(
                        f32::from_bits(bits as u32),
                        range,
                        info.levels,
                    )),
                    _ => {
                        let r = self.reg(ctx, lod)?;
                        let source = match lod_ty {
                            t if t == f32 => r,
                            t => self.convert(Convert::plain(t, f32, true), r),
                        };
                        Lod::Dyn {
                            source,
                            from_gradient: false,
                        }
                    }
                }
            }
            (None, Some((dx, dy))) => {
                if ty.dim == Dim::DimCube {
                    return Err(
                        "gradients of a cube map direction are not supported (an explicit Lod is)"
                            .into(),
                    );
                }
                if !sampler.normalized {
                    return Err("a sampler with unnormalised coordinates takes an explicit Lod of 0, not gradients".into());
                }
                Lod::Dyn {
                    source: self.gradient_rho2(ctx, info, ty, dx, dy)?,
                    from_gradient: true,
                }
            }
            // OpenCL's read_image* without a LOD.
            (None, None) => Lod::Const(sampler::level(0.0, range, info.levels)),
        };
        let comp = self.elem_scalar(l.rt)?;
        let float_result = info.format.kind() == NumericKind::Float && comp == f32;
        let blend_levels = sampler.mipmap_mode == Filter::Linear && info.levels > 1;
        if blend_levels && !float_result {
            return Err(format!(
                "linear mipmapping of a {} image into {comp}: only formats read as floats (UNORM, SNORM, sRGB, SFLOAT, UFLOAT) filter, into 32-bit floats",
                info.format.vulkan_name()
            ));
        }
        let read = |me: &mut Self, level: LevelSel, filter: Filter| {
            me.sample_level(l, c, offsets.as_deref(), level, filter)
        };
        match lod {
            Lod::Const(level) => {
                let filter = match level.magnified {
                    true => sampler.mag_filter,
                    false => sampler.min_filter,
                };
                if blend_levels && level.fraction != 0.0 {
                    let lower = read(self, LevelSel::Const(level.lower), filter)?;
                    let upper = read(self, LevelSel::Const(level.upper), filter)?;
                    let fraction = self.const_reg(level.fraction.to_bits() as u64);
                    Ok(self.blend(&lower, &upper, fraction))
                } else if blend_levels {
                    read(self, LevelSel::Const(level.lower), filter)
                } else {
                    read(self, LevelSel::Const(level.nearest), filter)
                }
            }
            Lod::Dyn {
                source,
                from_gradient,
            } => {
                let range = self.const_reg(image::lod_range(range[0], range[1]));
                let levels = self.const_reg(info.levels as u64);
                let part = |me: &mut Self, p: LevelPart| {
                    me.ext(image::level_op(p, from_gradient), &[source, range, levels])
                };
                let mut filters = vec![sampler.mag_filter];
                if sampler.min_filter != sampler.mag_filter {
                    filters.push(sampler.min_filter);
                }
                let mut results = Vec::new();
                for filter in filters {
                    results.push(if info.levels == 1 {
                        read(self, LevelSel::Const(0), filter)?
                    } else if blend_levels {
                        let lower = part(self, LevelPart::Lower);
                        let upper = part(self, LevelPart::Upper);
                        let fraction = part(self, LevelPart::Fraction);
                        let lower = read(self, LevelSel::Dyn(lower), filter)?;
                        let upper = read(self, LevelSel::Dyn(upper), filter)?;
                        let blended = self.blend(&lower, &upper, fraction);
                        // A fraction of 0 reads the lower level alone, as
                        // a LOD known when lowering does (an infinite
                        // upper texel times 0 would give NaN).
                        let fzero = self.const_reg(0.0f32.to_bits() as u64);
                        let whole = self.alu(AluOp::FOrdEqual, f32, &[fraction, fzero]);
                        lower
                            .iter()
                            .zip(&blended)
                            .map(|(&a, &b)| self.alu(AluOp::Select, f32, &[whole, a, b]))
                            .collect()
                    } else {
                        let nearest = part(self, LevelPart::Nearest);
                        read(self, LevelSel::Dyn(nearest), filter)?
                    });
                }
                let [mag, min] = match results.as_slice() {
                    [one] => return Ok(one.clone()),
                    [mag, min] => [mag.clone(), min.clone()],
                    _ => unreachable!("one or two filters"),
                };
                let magnified = part(self, LevelPart::Magnified);
                Ok(mag
                    .iter()
                    .zip(&min)
                    .map(|(&a, &b)| self.alu(AluOp::Select, comp, &[magnified, a, b]))
                    .collect())
            }
        }
    }

    /// The squared length in texels of the larger of the gradients `dx`
    /// and `dy` of a sampling coordinate (Vulkan's rho_max, squared),
    /// scaled by level 0's extent.
    fn gradient_rho2(
        &mut self,
        ctx: &FnCtx,
        info: &ImageInfo,
        ty: &ImageType,
        dx: u32,
        dy: u32,
    ) -> R<Reg> {
        let f32 = Scalar::Float(32);
        let sizes = [info.width, info.height, info.depth];
        let mut lengths = Vec::new();
        for g in [dx, dy] {
            let g = self.regs(ctx, g)?;
            let mut sum = None;
            for (&d, &size) in g.iter().zip(&sizes).take(axes(ty)) {
                let size = self.const_reg((size as f32).to_bits() as u64);
                let t = self.alu(AluOp::FMul, f32, &[d, size]);
                let sq = self.alu(AluOp::FMul, f32, &[t, t]);
                sum = Some(match sum {
                    None => sq,
                    Some(s) => self.alu(AluOp::FAdd, f32, &[s, sq]),
                });
            }
            lengths.push(sum.ok_or("a gradient has no components")?);
        }
        let larger = self.alu(AluOp::FOrdGreaterThan, f32, &[lengths[1], lengths[0]]);
        Ok(self.alu(AluOp::Select, f32, &[larger, lengths[1], lengths[0]]))
    }

    /// `(1 - fraction) * lower + fraction * upper`, per component.
    fn blend(&mut self, lower: &[Reg], upper: &[Reg], fraction: Reg) -> Vec<Reg> {
        let f32 = Scalar::Float(32);
        let one = self.const_reg(1.0f32.to_bits() as u64);
        let rest = self.alu(AluOp::FSub, f32, &[one, fraction]);
        lower
            .iter()
            .zip(upper)
            .map(|(&a, &b)| {
                let a = self.alu(AluOp::FMul, f32, &[rest, a]);
                let b = self.alu(AluOp::FMul, f32, &[fraction, b]);
                self.alu(AluOp::FAdd, f32, &[a, b])
            })
            .collect()
    }

    /// The taps along each axis of one level: one texel (nearest), or the
    /// two around the coordinate and the upper one's weight (linear, and
    /// gathers), wrapped by the sampler's address modes and moved by the
    /// offsets.
    fn axis_taps(
        &mut self,
        l: &Lookup,
        c: &[Reg],
        offsets: Option<&[Reg]>,
        lv: &LevelRegs,
        linear: bool,
    ) -> (Vec<Vec<Reg>>, Vec<Reg>) {
        let zero = self.const_reg(0);
        let normalized = l.sampler.normalized;
        let mut taps = Vec::new();
        let mut weights = Vec::new();
        for axis in 0..axes(l.ty) {
            let s = c.get(axis).copied().unwrap_or(zero);
            let size = lv.extents[axis];
            let mode = l.sampler.address[axis];
            let offset = offsets.and_then(|o| o.get(axis).copied());
            let wrap = |me: &mut Self, tap| {
                let op = image::wrap_op(mode, normalized, tap, offset.is_some());
                me.ext(op, &[s, size, offset.unwrap_or(zero)])
            };
            if linear {
                taps.push(vec![wrap(self, Some(0)), wrap(self, Some(1))]);
                weights.push(self.ext(image::weight_op(normalized), &[s, size]));
            } else {
                taps.push(vec![wrap(self, None)]);
            }
        }
        (taps, weights)
    }

    /// The texel at taps `xyzl` (x, y, z, layer) of level `lv`, the
    /// sampler's border colour where a tap is in the border, and, for a
    /// Dref instruction, its depth comparison instead (one component).
    fn tap_texel(&mut self, l: &Lookup, lv: &LevelRegs, xyzl: [Reg; 4]) -> R<Vec<Reg>> {
        let zero = self.const_reg(0);
        let comp = self.elem_scalar(l.rt)?;
        let addr = self.address_of(l.base, l.info, lv, xyzl, zero);
        let mut texel = self.read_texel(l.info, addr, l.rt)?;
        let axes = axes(l.ty);
        if l.sampler.address[..axes].contains(&AddressMode::ClampToBorder) {
            let max = self.const_reg(u32::MAX as u64);
            let mut inside = None;
            for &t in &xyzl[..axes] {
                let ok = self.alu(AluOp::INotEqual, Scalar::Int(32), &[t, max]);
                inside = Some(match inside {
                    None => ok,
                    Some(i) => self.alu(AluOp::LogicalAnd, Scalar::Bool, &[i, ok]),
                });
            }
            let inside = inside.expect("an axis");
            let float = l.info.format.kind() == NumericKind::Float;
            let border = l.sampler.border.components(float);
            for (c, reg) in texel.iter_mut().enumerate() {
                let b = self.const_reg(border[c.min(3)] & super::mask(comp));
                *reg = self.alu(AluOp::Select, comp, &[inside, *reg, b]);
            }
        }
        Ok(self.compared(l, texel))
    }

    /// A texel as a Dref instruction sees it: 1.0 where the comparison of
    /// the reference with its depth (first component) holds, else 0.0.
    fn compared(&mut self, l: &Lookup, texel: Vec<Reg>) -> Vec<Reg> {
        match l.dref {
            None => texel,
            Some((reference, op)) => {
                let clamp = l.info.format.vulkan_name().contains("_UNORM");
                vec![self.ext(image::compare_op(op, clamp), &[reference, texel[0]])]
            }
        }
    }

    /// One level of a sample with one filter: nearest filtering reads one
    /// texel; linear filtering blends the 2, 4 or 8 around the coordinate
    /// with weights from `TEX.Weight`. A texel in the border reads as the
    /// sampler's border colour.
    fn sample_level(
        &mut self,
        l: &Lookup,
        c: &[Reg],
        offsets: Option<&[Reg]>,
        level: LevelSel,
        filter: Filter,
    ) -> R<Vec<Reg>> {
        let linear = filter == Filter::Linear;
        let lv = self.level_regs(l.info, level);
        if l.ty.dim == Dim::DimCube {
            return self.sample_cube(l, c, &lv, linear);
        }
        let comp = self.elem_scalar(l.rt)?;
        if linear && (l.info.format.kind() != NumericKind::Float || comp != Scalar::Float(32)) {
            return Err(format!(
                "linear filtering of a {} image into {comp}: only formats read as floats (UNORM, SNORM, sRGB, SFLOAT, UFLOAT) filter, into 32-bit floats",
                l.info.format.vulkan_name()
            ));
        }
        let zero = self.const_reg(0);
        let axes = axes(l.ty);
        let mut layer = zero;
        if l.ty.arrayed {
            let s = c.get(axes).copied().unwrap_or(zero);
            layer = self.array_index(s, l.info.layers);
        }
        let (taps, weights) = self.axis_taps(l, c, offsets, &lv, linear);
        let f32 = Scalar::Float(32);
        let one = self.const_reg(1.0f32.to_bits() as u64);
        let mut sum: Option<Vec<Reg>> = None;
        for pick in 0..1usize << taps.iter().map(|t| t.len() - 1).sum::<usize>() {
            let mut xyzl = [zero, zero, zero, layer];
            let mut weight = None;
            for axis in 0..axes {
                let upper = taps[axis].len() == 2 && pick >> axis & 1 == 1;
                xyzl[axis] = taps[axis][upper as usize];
                if linear {
                    let w = match upper {
                        true => weights[axis],
                        false => self.alu(AluOp::FSub, f32, &[one, weights[axis]]),
                    };
                    weight = Some(match weight {
                        None => w,
                        Some(p) => self.alu(AluOp::FMul, f32, &[p, w]),
                    });
                }
            }
            let texel = self.tap_texel(l, &lv, xyzl)?;
            let Some(w) = weight else { return Ok(texel) };
            sum = Some(self.accumulate(sum, &texel, w));
        }
        Ok(sum.expect("at least one tap"))
    }

    /// `sum + weight * texel`, per component (`weight * texel` for none).
    fn accumulate(&mut self, sum: Option<Vec<Reg>>, texel: &[Reg], weight: Reg) -> Vec<Reg> {
        let f32 = Scalar::Float(32);
        let weighted: Vec<Reg> = texel
            .iter()
            .map(|&t| self.alu(AluOp::FMul, f32, &[weight, t]))
            .collect();
        match sum {
            None => weighted,
            Some(acc) => acc
                .iter()
                .zip(&weighted)
                .map(|(&a, &b)| self.alu(AluOp::FAdd, f32, &[a, b]))
                .collect(),
        }
    }

    /// A cube map direction's face and face coordinates s, t, and the
    /// first layer of its cube (for an array of cubes).
    fn cube_face(&mut self, l: &Lookup, c: &[Reg]) -> (Reg, Reg, Reg, Option<Reg>) {
        let zero = self.const_reg(0);
        let at = |i: usize| c.get(i).copied().unwrap_or(zero);
        let dir = [at(0), at(1), at(2)];
        let face = self.ext(image::cube_op(0), &dir);
        let s = self.ext(image::cube_op(1), &dir);
        let t = self.ext(image::cube_op(2), &dir);
        let first = l.ty.arrayed.then(|| {
            let cube = self.array_index(at(3), (l.info.layers / 6).max(1));
            let six = self.const_reg(6);
            self.alu(AluOp::IMul, Scalar::Int(32), &[cube, six])
        });
        (face, s, t, first)
    }

    /// The four taps of linear filtering around face coordinates (s, t)
    /// on a cube face, in the order (0, 0), (1, 0), (0, 1), (1, 1): each
    /// tap's (face, x, y) on the face that has it (`TEX.CubeTap`) and
    /// whether it is a corner, which no face has.
    fn cube_taps(&mut self, face: Reg, s: Reg, t: Reg, size: Reg) -> [(Reg, Reg, Reg, Reg); 4] {
        let int = Scalar::Int(32);
        // The face and its size in one source: face + 8 * size.
        let eight = self.const_reg(8);
        let scaled = self.alu(AluOp::IMul, int, &[size, eight]);
        let face_size = self.alu(AluOp::IAdd, int, &[scaled, face]);
        [(0, 0), (1, 0), (0, 1), (1, 1)].map(|(dx, dy)| {
            let mut part = |p| self.ext(image::cube_tap_op(p, dx, dy), &[face_size, s, t]);
            (part(0), part(1), part(2), part(3))
        })
    }

    /// Per tap, `value` or, for the corner tap (at most one), the mean of
    /// the other three taps' values (Vulkan's cube map corner texel).
    fn corner_means(&mut self, values: &[Reg], corners: &[Reg]) -> Vec<Reg> {
        let f32 = Scalar::Float(32);
        let others = self.sum_where(values, corners, false);
        let three = self.const_reg(3.0f32.to_bits() as u64);
        let mean = self.alu(AluOp::FDiv, f32, &[others, three]);
        values
            .iter()
            .zip(corners)
            .map(|(&v, &corner)| self.alu(AluOp::Select, f32, &[corner, mean, v]))
            .collect()
    }

    /// The f32 sum of the `values` whose `corners` flag is `corner`.
    fn sum_where(&mut self, values: &[Reg], corners: &[Reg], corner: bool) -> Reg {
        let f32 = Scalar::Float(32);
        let fzero = self.const_reg(0.0f32.to_bits() as u64);
        let mut sum = None;
        for (&v, &c) in values.iter().zip(corners) {
            let picked = match corner {
                true => self.alu(AluOp::Select, f32, &[c, v, fzero]),
                false => self.alu(AluOp::Select, f32, &[c, fzero, v]),
            };
            sum = Some(match sum {
                None => picked,
                Some(p) => self.alu(AluOp::FAdd, f32, &[p, picked]),
            });
        }
        sum.expect("four taps")
    }

    /// Texel `(x, y)` of `face` of level `lv` of the cube whose first
    /// layer is `first` (none: a cube map, not an array), as a Dref
    /// instruction sees it (`compared`).
    fn cube_texel(
        &mut self,
        l: &Lookup,
        lv: &LevelRegs,
        first: Option<Reg>,
        (face, x, y): (Reg, Reg, Reg),
    ) -> R<Vec<Reg>> {
        let zero = self.const_reg(0);
        let layer = match first {
            Some(f) => self.alu(AluOp::IAdd, Scalar::Int(32), &[f, face]),
            None => face,
        };
        let addr = self.address_of(l.base, l.info, lv, [x, y, zero, layer], zero);
        let texel = self.read_texel(l.info, addr, l.rt)?;
        Ok(self.compared(l, texel))
    }

    /// Sampling one level of a cube map (coordinates: a direction, and the
    /// cube's index in an array): the face the direction selects, then,
    /// nearest, the texel of its face coordinates clamped to the face's
    /// edge, as Vulkan does for cube maps whatever the sampler's address
    /// modes; linear, the four texels around them, a texel past an edge
    /// read from the face across it, and a corner texel, which no face
    /// has, replaced by the average of the other three.
    fn sample_cube(&mut self, l: &Lookup, c: &[Reg], lv: &LevelRegs, linear: bool) -> R<Vec<Reg>> {
        let zero = self.const_reg(0);
        let (face, s, t, first) = self.cube_face(l, c);
        let [width, height, _] = lv.extents;
        if !linear {
            let edge = |me: &mut Self, v: Reg, size: Reg| {
                let op = image::wrap_op(AddressMode::ClampToEdge, true, None, false);
                me.ext(op, &[v, size, zero])
            };
            let x = edge(self, s, width);
            let y = edge(self, t, height);
            return self.cube_texel(l, lv, first, (face, x, y));
        }
        let comp = self.elem_scalar(l.rt)?;
        if l.info.format.kind() != NumericKind::Float || comp != Scalar::Float(32) {
            return Err(format!(
                "linear filtering of a {} image into {comp}: only formats read as floats (UNORM, SNORM, sRGB, SFLOAT, UFLOAT) filter, into 32-bit floats",
                l.info.format.vulkan_name()
            ));
        }
        let f32 = Scalar::Float(32);
        let ws = self.ext(image::weight_op(true), &[s, width]);
        let wt = self.ext(image::weight_op(true), &[t, width]);
        let one = self.const_reg(1.0f32.to_bits() as u64);
        let mut texels = Vec::new();
        let mut weights = Vec::new();
        let mut corners = Vec::new();
        let taps = self.cube_taps(face, s, t, width);
        for ((f, x, y, corner), (dx, dy)) in taps.into_iter().zip([(0, 0), (1, 0), (0, 1), (1, 1)])
        {
            texels.push(self.cube_texel(l, lv, first, (f, x, y))?);
            let wx = match dx {
                1 => ws,
                _ => self.alu(AluOp::FSub, f32, &[one, ws]),
            };
            let wy = match dy {
                1 => wt,
                _ => self.alu(AluOp::FSub, f32, &[one, wt]),
            };
            weights.push(self.alu(AluOp::FMul, f32, &[wx, wy]));
            corners.push(corner);
        }
        // Filtering with the corner texel replaced by the mean of the
        // other three is filtering with its weight shared among them in
        // thirds: one set of weights for every component.
        let weights = self.corner_shares(&weights, &corners);
        let mut sum = None;
        for (texel, &w) in texels.iter().zip(&weights) {
            sum = Some(self.accumulate(sum, texel, w));
        }
        Ok(sum.expect("four taps"))
    }

    /// Linear filtering weights with a corner tap's weight shared in
    /// thirds among the other three (and its own 0).
    fn corner_shares(&mut self, weights: &[Reg], corners: &[Reg]) -> Vec<Reg> {
        let f32 = Scalar::Float(32);
        let fzero = self.const_reg(0.0f32.to_bits() as u64);
        let corner_weight = self.sum_where(weights, corners, true);
        let third = self.const_reg((1.0f32 / 3.0).to_bits() as u64);
        let share = self.alu(AluOp::FMul, f32, &[corner_weight, third]);
        weights
            .iter()
            .zip(corners)
            .map(|(&w, &corner)| {
                let shared = self.alu(AluOp::FAdd, f32, &[w, share]);
                self.alu(AluOp::Select, f32, &[corner, fzero, shared])
            })
            .collect()
    }

    /// OpImageGather / OpImageDrefGather: component `component` (or the
    /// depth comparison) of the four texels linear filtering would read at
    /// level 0, in Vulkan's order (i0, j1), (i1, j1), (i1, j0), (i0, j0);
    /// on a cube map a corner texel is the mean of the other three.
    fn gather(
        &mut self,
        ctx: &FnCtx,
        l: &Lookup,
        c: &[Reg],
        component: usize,
        operands: &ImageOperands,
    ) -> R<Vec<Reg>> {
        if operands.lod.is_some() || operands.grad.is_some() {
            return Err("a gather reads level 0 and takes no Lod or Grad operand".into());
        }
        if component > 3 {
            return Err(format!("gather component {component} is not 0 to 3"));
        }
        let zero = self.const_reg(0);
        let lv = self.level_regs(l.info, LevelSel::Const(0));
        let pick = |texel: Vec<Reg>| texel[if texel.len() == 1 { 0 } else { component }];
        // Vulkan's order of the four texels, as (x tap, y tap).
        const ORDER: [(usize, usize); 4] = [(0, 1), (1, 1), (1, 0), (0, 0)];
        match l.ty.dim {
            Dim::Dim2D | Dim::DimRect => {
                let offsets = match operands.offset {
                    Some(o) => Some(self.regs(ctx, o)?),
                    None => None,
                };
                let layer = match l.ty.arrayed {
                    true => {
                        let s = c.get(2).copied().unwrap_or(zero);
                        self.array_index(s, l.info.layers)
                    }
                    false => zero,
                };
                let (taps, _) = self.axis_taps(l, c, offsets.as_deref(), &lv, true);
                ORDER
                    .iter()
                    .map(|&(i, j)| {
                        let texel =
                            self.tap_texel(l, &lv, [taps[0][i], taps[1][j], zero, layer])?;
                        Ok(pick(texel))
                    })
                    .collect()
            }
            Dim::DimCube => {
                if operands.offset.is_some() {
                    return Err("a cube map cannot be gathered with an offset".into());
                }
                let comp = self.elem_scalar(l.rt)?;
                if l.dref.is_none()
                    && (l.info.format.kind() != NumericKind::Float || comp != Scalar::Float(32))
                {
                    return Err(format!(
                        "a gather of a {} cube map into {comp}: a corner texel is a mean, so only formats read as floats gather, into 32-bit floats",
                        l.info.format.vulkan_name()
                    ));
                }
                let (face, s, t, first) = self.cube_face(l, c);
                let [width, ..] = lv.extents;
                let taps = self.cube_taps(face, s, t, width);
                let mut values = Vec::new();
                let mut corners = Vec::new();
                // cube_taps' order is (0, 0), (1, 0), (0, 1), (1, 1).
                for &(i, j) in &ORDER {
                    let (f, x, y, corner) = taps[i + 2 * j];
                    values.push(pick(self.cube_texel(l, &lv, first, (f, x, y))?));
                    corners.push(corner);
                }
                Ok(self.corner_means(&values, &corners))
            }
            other => Err(format!(
                "a gather of a {other:?} image (2D, rectangle and cube images gather)"
            )),
        }
    }

    /// The element a sampling coordinate `s` (a float) selects of an array
    /// of `count`: floor(s + 0.5), exact (Vulkan's alternative to rounding
    /// to nearest even), clamped. It is the upper tap of linear filtering
    /// in unnormalised coordinates: floor(s - 0.5) + 1.
    fn array_index(&mut self, s: Reg, count: u32) -> Reg {
        let count = self.const_reg(count as u64);
        let zero = self.const_reg(0);
        self.ext(
            image::wrap_op(AddressMode::ClampToEdge, false, Some(1), false),
            &[s, count, zero],
        )
    }

    /// The components of the texel at `addr` as a value of type `rt`.
    fn read_texel(&mut self, info: &ImageInfo, addr: Reg, rt: u32) -> R<Vec<Reg>> {
        let f = info.format;
        let comp = self.elem_scalar(rt)?;
        let n = self.width(rt)?;
        let float = f.kind() == NumericKind::Float;
        if float != matches!(comp, Scalar::Float(_)) {
            return Err(format!(
                "reading a {} image as {comp}: float formats read as floats, integer formats as integers",
                f.vulkan_name()
            ));
        }
        let mut out = Vec::new();
        if wide_channels(f) {
            let bits = (f.bytes() / f.channels() * 8) as u8;
            for c in 0..n {
                let r = if c < f.channels() {
                    let raw = Builder::load(
                        self,
                        Scalar::Int(bits),
                        addr,
                        (c * bits as usize / 8) as i64,
                    );
                    self.resize(
                        raw,
                        if float {
                            Scalar::Float(bits)
                        } else {
                            Scalar::Int(bits)
                        },
                        comp,
                        f.kind(),
                    )
                } else {
                    self.missing_component(c, comp)
                };
                out.push(r);
            }
        } else {
            let raw = Builder::load(self, Scalar::Int((f.bytes() * 8) as u8), addr, 0);
            let decoded = if float {
                Scalar::Float(32)
            } else {
                Scalar::Int(64)
            };
            for c in 0..n {
                let r = if c < 4 {
                    let v = self.ext(image::decode_op(f, c, decoded), &[raw]);
                    self.resize(v, decoded, comp, f.kind())
                } else {
                    self.missing_component(c, comp)
                };
                out.push(r);
            }
        }
        Ok(out)
    }

    /// Writes the texel components `texel` (of type `comp`) at `addr`.
    fn write_texel(&mut self, info: &ImageInfo, addr: Reg, texel: &[Reg], comp: Scalar) -> R<()> {
        let f = info.format;
        let float = f.kind() == NumericKind::Float;
        if float != matches!(comp, Scalar::Float(_)) {
            return Err(format!(
                "writing {comp} to a {} image: float formats take floats, integer formats integers",
                f.vulkan_name()
            ));
        }
        let zero = self.const_reg(0);
        let at = |c: usize| texel.get(c).copied().unwrap_or(zero);
        if wide_channels(f) {
            let bits = (f.bytes() / f.channels() * 8) as u8;
            let chan = if float {
                Scalar::Float(bits)
            } else {
                Scalar::Int(bits)
            };
            for c in 0..f.channels() {
                let v = self.resize(at(c), comp, chan, f.kind());
                Builder::store(
                    self,
                    Scalar::Int(bits),
                    v,
                    addr,
                    (c * bits as usize / 8) as i64,
                );
            }
        } else {
            if f == Format::E5B9G9R9UfloatPack32 {
                return Err("E5B9G9R9_UFLOAT_PACK32 images cannot be written (its channels share an exponent)".into());
            }
            let encoded = if float {
                Scalar::Float(32)
            } else {
                Scalar::Int(64)
            };
            let mut raw = None;
            for c in 0..f.channels() {
                let v = self.resize(at(c), comp, encoded, f.kind());
                let e = self.ext(image::encode_op(f, c, encoded), &[v]);
                raw = Some(match raw {
                    None => e,
                    Some(r) => self.alu(AluOp::BitwiseOr, Scalar::Int(64), &[r, e]),
                });
            }
            let raw = raw.expect("a format has a channel");
            Builder::store(self, Scalar::Int((f.bytes() * 8) as u8), raw, addr, 0);
        }
        Ok(())
    }

    /// `v` of type `from` as type `to` (same kind): floats convert, integers
    /// sign- or zero-extend (by the format's kind) or truncate.
    fn resize(&mut self, v: Reg, from: Scalar, to: Scalar, kind: NumericKind) -> Reg {
        if from == to {
            return v;
        }
        self.convert(Convert::plain(from, to, kind == NumericKind::Sint), v)
    }

    /// Component `c` of a texel whose format has no such channel: 0, or 1
    /// for alpha.
    fn missing_component(&mut self, c: usize, comp: Scalar) -> Reg {
        let one = match comp {
            Scalar::Float(16) => 0x3c00,
            Scalar::Float(32) => 1.0f32.to_bits() as u64,
            Scalar::Float(_) => 1.0f64.to_bits(),
            _ => 1,
        };
        self.const_reg(if c == 3 { one } else { 0 })
    }
}

/// Whether each channel of `f` is at least 32 bits (read and written as
/// plain values, one load or store per channel).
fn wide_channels(f: Format) -> bool {
    f.bytes() / f.channels() >= 4
}
