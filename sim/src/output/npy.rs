//! Buffers as NumPy `.npy` files (through the npyz crate), so numpy and
//! pandas users load a buffer in one call (`numpy.load`).

use crate::input::workload::ElemType;
use npyz::WriterBuilder;
use std::io::BufWriter;
use std::path::Path;

/// Writes the little-endian elements `bytes` of type `ty` as a
/// one-dimensional array.
pub fn write(path: &Path, ty: ElemType, bytes: &[u8]) -> std::io::Result<()> {
    let file = BufWriter::new(std::fs::File::create(path)?);
    match ty {
        ElemType::I8 => array(file, bytes, i8::from_le_bytes),
        ElemType::U8 => array(file, bytes, u8::from_le_bytes),
        ElemType::I16 => array(file, bytes, i16::from_le_bytes),
        ElemType::U16 => array(file, bytes, u16::from_le_bytes),
        ElemType::I32 => array(file, bytes, i32::from_le_bytes),
        ElemType::U32 => array(file, bytes, u32::from_le_bytes),
        ElemType::I64 => array(file, bytes, i64::from_le_bytes),
        ElemType::U64 => array(file, bytes, u64::from_le_bytes),
        ElemType::F16 => array(file, bytes, half::f16::from_le_bytes),
        ElemType::F32 => array(file, bytes, f32::from_le_bytes),
        ElemType::F64 => array(file, bytes, f64::from_le_bytes),
    }
}

fn array<T, const N: usize>(
    file: BufWriter<std::fs::File>,
    bytes: &[u8],
    from: fn([u8; N]) -> T,
) -> std::io::Result<()>
where
    T: npyz::AutoSerialize,
{
    let n = (bytes.len() / N) as u64;
    let mut w = npyz::WriteOptions::new()
        .default_dtype()
        .shape(&[n])
        .writer(file)
        .begin_nd()?;
    w.extend(
        bytes
            .chunks_exact(N)
            .map(|c| from(c.try_into().expect("chunks of N bytes"))),
    )?;
    w.finish()
}
