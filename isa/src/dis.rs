//! SPIR-V disassembler (to be written).
