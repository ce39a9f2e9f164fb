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
use crate::image::sampler::{AddressMode, Sampler};
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

/// The Sample operand of an image-operands list (mask first), if any.
fn sample_operand(operands: &[u32]) -> R<Option<u32>> {
    let Some((&mask, ids)) = operands.split_first() else {
        return Ok(None);
    };
    let mut at = 0;
    for &(bit, n) in IMAGE_OPERANDS {
        if mask & bit == 0 {
            continue;
        }
        match bit {
            0x40 => return Ok(ids.get(at).copied()),
            0x4 | 0x8 | 0x10 | 0x20 | 0x10000 => {
                return Err("image operands with offsets or gradients are not supported".into())
            }
            _ => {}
        }
        at += n;
    }
    Ok(None)
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
            self.bound_images
                .get(slot)
                .copied()
                .ok_or_else(|| format!("{} is an image, and no image is bound there", what()))
        };
        let sampler = || {
            self.bound_samplers
                .get(slot)
                .copied()
                .ok_or_else(|| format!("{} is a sampler, and no sampler is bound there", what()))
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
                let mut size = match ty.dim {
                    Dim::Dim1D | Dim::DimBuffer => vec![info.width],
                    Dim::Dim2D | Dim::DimRect | Dim::DimCube => vec![info.width, info.height],
                    Dim::Dim3D => vec![info.width, info.height, info.depth],
                    other => {
                        return Err(format!("images of dimension {other:?} are not supported"))
                    }
                };
                if ty.arrayed {
                    size.push(match ty.dim {
                        Dim::DimCube => info.layers / 6,
                        _ => info.layers,
                    });
                }
                let n = self.width(rt)?;
                let r = (0..n)
                    .map(|i| self.const_reg(size.get(i).copied().unwrap_or(0) as u64))
                    .collect();
                ctx.locals.insert(id, Val::Regs(r));
            }
            Op::ImageQueryLevels | Op::ImageQuerySamples => {
                let (info, _, _) = self.image_handle(o[0])?;
                // One mip level: images here have no mipmaps.
                let v = if ins.op == Op::ImageQueryLevels {
                    1
                } else {
                    info.samples
                };
                let r = self.const_reg(v as u64);
                ctx.locals.insert(id, Val::Regs(vec![r]));
            }
            Op::ImageRead | Op::ImageFetch => {
                let (info, ty, _) = self.image_handle(o[0])?;
                let sample = sample_operand(&o[2..])?;
                let base = self.reg(ctx, o[0])?;
                let addr = self.texel_address(ctx, base, &info, &ty, o[1], sample)?;
                let r = self.read_texel(&info, addr, rt)?;
                ctx.locals.insert(id, Val::Regs(r));
            }
            Op::ImageSampleExplicitLod => {
                let (info, ty, sampler) = self.image_handle(o[0])?;
                let sampler =
                    sampler.ok_or("OpImageSampleExplicitLod of an image without a sampler")?;
                let base = self.reg(ctx, o[0])?;
                let r = self.sample(ctx, base, &info, &ty, &sampler, o[1], rt)?;
                ctx.locals.insert(id, Val::Regs(r));
            }
            Op::ImageWrite => {
                let (info, ty, _) = self.image_handle(o[0])?;
                let sample = sample_operand(&o[3..])?;
                let base = self.reg(ctx, o[0])?;
                let addr = self.texel_address(ctx, base, &info, &ty, o[1], sample)?;
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
                let addr = self.texel_address(ctx, base, &info, &ty, o[1], Some(o[2]))?;
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
            Op::ImageSampleDrefExplicitLod
            | Op::ImageSampleProjExplicitLod
            | Op::ImageSampleProjDrefExplicitLod
            | Op::ImageGather
            | Op::ImageDrefGather
            | Op::ImageSparseRead
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

    /// The address of texel `coord` (sample `sample`), or IMAGE_NOWHERE
    /// when it is outside the image.
    fn texel_address(
        &mut self,
        ctx: &FnCtx,
        base: Reg,
        info: &ImageInfo,
        ty: &ImageType,
        coord: u32,
        sample: Option<u32>,
    ) -> R<Reg> {
        let coord_ty = self.elem_scalar(self.type_of(coord)?)?;
        if coord_ty != Scalar::Int(32) {
            return Err(format!(
                "image coordinates of type {coord_ty:?} are not supported (32-bit integers are)"
            ));
        }
        let xyzl = self.coordinates(ctx, ty, coord)?;
        let s = match sample {
            Some(s) => self.reg(ctx, s)?,
            None => self.const_reg(0),
        };
        Ok(self.address_of(base, info, xyzl, s))
    }

    /// The address of the texel at integer coordinates (x, y, z, layer)
    /// and `sample` of the image at `base`, or IMAGE_NOWHERE outside it.
    fn address_of(&mut self, base: Reg, info: &ImageInfo, xyzl: [Reg; 4], sample: Reg) -> Reg {
        let int = Scalar::Int(32);
        let extents = [info.width, info.height, info.depth, info.layers];
        // Inside: every coordinate, read unsigned (so negatives are out),
        // below its extent.
        let mut inside = None;
        for (&c, &e) in xyzl
            .iter()
            .chain([&sample])
            .zip(extents.iter().chain([&info.samples]))
        {
            let ec = self.const_reg(e as u64);
            let lt = self.alu(AluOp::ULessThan, int, &[c, ec]);
            inside = Some(match inside {
                None => lt,
                Some(i) => self.alu(AluOp::LogicalAnd, Scalar::Bool, &[i, lt]),
            });
        }
        let inside = inside.expect("five coordinates");
        // ((layer * depth + z) * height + y) * width + x, then * samples + s.
        let [x, y, z, layer] = xyzl;
        let mut index = layer;
        for (c, e) in [
            (z, info.depth),
            (y, info.height),
            (x, info.width),
            (sample, info.samples),
        ] {
            let ec = self.const_reg(e as u64);
            let scaled = self.alu(AluOp::IMul, int, &[index, ec]);
            index = self.alu(AluOp::IAdd, int, &[scaled, c]);
        }
        let wide = self.convert(Convert::plain(int, Scalar::Int(64), false), index);
        let bytes = self.const_reg(info.format.bytes() as u64);
        let offset = self.alu(AluOp::IMul, Scalar::Int(64), &[wide, bytes]);
        let addr = self.alu(AluOp::IAdd, Scalar::Int(64), &[base, offset]);
        let nowhere = self.const_reg(address::IMAGE_NOWHERE);
        self.alu(AluOp::Select, Scalar::Int(64), &[inside, addr, nowhere])
    }

    /// OpImageSampleExplicitLod at level 0 (the one level): nearest
    /// filtering reads one texel; linear filtering blends the 2, 4 or 8
    /// around the coordinate with weights from `TEX.Weight`. A texel in
    /// the border reads as the sampler's border colour.
    #[allow(clippy::too_many_arguments)]
    fn sample(
        &mut self,
        ctx: &FnCtx,
        base: Reg,
        info: &ImageInfo,
        ty: &ImageType,
        sampler: &Sampler,
        coord: u32,
        rt: u32,
    ) -> R<Vec<Reg>> {
        // An explicit level of 0 is magnification (Vulkan's lambda <= 0).
        let linear = sampler.mag_filter == image::sampler::Filter::Linear;
        if ty.dim == Dim::DimCube && linear {
            return Err(
                "linear filtering of a cube map is not supported (nearest is; linear would read across the faces' edges)"
                    .into(),
            );
        }
        let c = self.regs(ctx, coord)?;
        let coord_ty = self.elem_scalar(self.type_of(coord)?)?;
        let c: Vec<Reg> = if coord_ty == Scalar::Float(32) {
            c
        } else {
            // OpenCL's integer coordinates (read_imagei(image, sampler,
            // int2)) convert to float.
            c.iter()
                .map(|&r| self.convert(Convert::plain(coord_ty, Scalar::Float(32), true), r))
                .collect()
        };
        let zero = self.const_reg(0);
        if ty.dim == Dim::DimCube {
            return self.sample_cube(base, info, ty, &c, rt);
        }
        let axes = match ty.dim {
            Dim::Dim1D | Dim::DimBuffer => 1,
            Dim::Dim2D | Dim::DimRect => 2,
            _ => 3,
        };
        let sizes = [info.width, info.height, info.depth];
        let mut layer = zero;
        if ty.arrayed {
            let s = c.get(axes).copied().unwrap_or(zero);
            layer = self.array_index(s, info.layers);
        }
        // Per axis: the taps (one, or two for linear) and the upper tap's
        // weight.
        let mut taps = Vec::new();
        let mut weights = Vec::new();
        for (axis, &size) in sizes.iter().enumerate().take(axes) {
            let s = c.get(axis).copied().unwrap_or(zero);
            let size = self.const_reg(size as u64);
            let mode = sampler.address[axis];
            if linear {
                let lo = self.ext(
                    image::wrap_op(mode, sampler.normalized, Some(0)),
                    &[s, size],
                );
                let hi = self.ext(
                    image::wrap_op(mode, sampler.normalized, Some(1)),
                    &[s, size],
                );
                taps.push(vec![lo, hi]);
                weights.push(self.ext(image::weight_op(sampler.normalized), &[s, size]));
            } else {
                taps.push(vec![
                    self.ext(image::wrap_op(mode, sampler.normalized, None), &[s, size])
                ]);
            }
        }
        let comp = self.elem_scalar(rt)?;
        if linear && (info.format.kind() != NumericKind::Float || comp != Scalar::Float(32)) {
            return Err(format!(
                "linear filtering of a {} image into {comp:?}: only float formats filter, into 32-bit floats",
                info.format.vulkan_name()
            ));
        }
        let border = sampler
            .border
            .components(info.format.kind() == NumericKind::Float);
        let has_border = sampler.address[..axes].contains(&AddressMode::ClampToBorder);
        let f32 = Scalar::Float(32);
        let one = self.const_reg(1.0f32.to_bits() as u64);
        let mut sum: Option<Vec<Reg>> = None;
        for pick in 0..1usize << taps.iter().map(|t| t.len() - 1).sum::<usize>() {
            let mut xyzl = [zero, zero, zero, layer];
            let mut weight = None;
            let mut inside = None;
            for axis in 0..axes {
                let upper = taps[axis].len() == 2 && pick >> axis & 1 == 1;
                let t = taps[axis][upper as usize];
                xyzl[axis] = t;
                if has_border {
                    let max = self.const_reg(u32::MAX as u64);
                    let ok = self.alu(AluOp::INotEqual, Scalar::Int(32), &[t, max]);
                    inside = Some(match inside {
                        None => ok,
                        Some(i) => self.alu(AluOp::LogicalAnd, Scalar::Bool, &[i, ok]),
                    });
                }
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
            let addr = self.address_of(base, info, xyzl, zero);
            let mut texel = self.read_texel(info, addr, rt)?;
            if let Some(inside) = inside {
                for (c, reg) in texel.iter_mut().enumerate() {
                    let b = self.const_reg(border[c.min(3)] & super::mask(comp));
                    *reg = self.alu(AluOp::Select, comp, &[inside, *reg, b]);
                }
            }
            let Some(w) = weight else { return Ok(texel) };
            let weighted: Vec<Reg> = texel
                .iter()
                .map(|&t| self.alu(AluOp::FMul, f32, &[w, t]))
                .collect();
            sum = Some(match sum {
                None => weighted,
                Some(acc) => acc
                    .iter()
                    .zip(&weighted)
                    .map(|(&a, &b)| self.alu(AluOp::FAdd, f32, &[a, b]))
                    .collect(),
            });
        }
        Ok(sum.expect("at least one tap"))
    }

    /// Nearest sampling of a cube map (coordinates: a direction, and the
    /// cube's index in an array): the face the direction selects, then the
    /// texel of its face coordinates, clamped to the face's edge as Vulkan
    /// does for cube maps whatever the sampler's address modes.
    fn sample_cube(
        &mut self,
        base: Reg,
        info: &ImageInfo,
        ty: &ImageType,
        c: &[Reg],
        rt: u32,
    ) -> R<Vec<Reg>> {
        let zero = self.const_reg(0);
        let at = |i: usize| c.get(i).copied().unwrap_or(zero);
        let dir = [at(0), at(1), at(2)];
        let face = self.ext(image::cube_op(0), &dir);
        let s = self.ext(image::cube_op(1), &dir);
        let t = self.ext(image::cube_op(2), &dir);
        let edge = |l: &mut Self, v: Reg, size: u32| {
            let size = l.const_reg(size as u64);
            l.ext(
                image::wrap_op(AddressMode::ClampToEdge, true, None),
                &[v, size],
            )
        };
        let x = edge(self, s, info.width);
        let y = edge(self, t, info.height);
        let int = Scalar::Int(32);
        let layer = if ty.arrayed {
            let cube = self.array_index(at(3), (info.layers / 6).max(1));
            let six = self.const_reg(6);
            let first = self.alu(AluOp::IMul, int, &[cube, six]);
            self.alu(AluOp::IAdd, int, &[first, face])
        } else {
            face
        };
        let addr = self.address_of(base, info, [x, y, zero, layer], zero);
        self.read_texel(info, addr, rt)
    }

    /// The element a sampling coordinate `s` (a float) selects of an array
    /// of `count`: rounded (half up here, where Vulkan rounds to nearest
    /// even) and clamped.
    fn array_index(&mut self, s: Reg, count: u32) -> Reg {
        let half = self.const_reg(0.5f32.to_bits() as u64);
        let up = self.alu(AluOp::FAdd, Scalar::Float(32), &[s, half]);
        let count = self.const_reg(count as u64);
        self.ext(
            image::wrap_op(AddressMode::ClampToEdge, false, None),
            &[up, count],
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
                "reading a {} image as {comp:?}: float formats read as floats, integer formats as integers",
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
                "writing {comp:?} to a {} image: float formats take floats, integer formats integers",
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
