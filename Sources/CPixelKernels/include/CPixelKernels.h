// The compositor's hottest loop in C, where the vector width can be chosen per CPU at run time:
// SSE2 (the x86-64 baseline) or AVX2 on x86-64, NEON on aarch64 (clang's portable vector
// extensions), one source for all. Every variant gives, bit for bit, the pixels of the Swift
// loops in KioskRender/Compositor (ColumnMapper, PixelPairs): tests compare them.
#ifndef CPIXELKERNELS_H
#define CPIXELKERNELS_H

#include <stdbool.h>
#include <stdint.h>

/// One output column of the cube's column loop: the same layout as Swift's `ColumnEntry`
/// (48 bytes, 16-byte aligned): v at row 0's centre and its step per row (24-bit fixed point),
/// the left source column's top pixel, and the horizontal weights (16 − fx ×4, fx ×4).
typedef struct kp_column_entry {
    intptr_t v0;
    intptr_t dv;
    const uint8_t *top;
    intptr_t unused;
    uint16_t weights[8] __attribute__((aligned(16)));
} kp_column_entry;

/// How a run is stored (`kp_column_job.flags`).
enum {
    /// Multiply by `m` (opacity and dim).
    KP_MODULATED = 1,
    /// OVER with the constant inverse alpha `ia` (an opaque source under an opacity < 1).
    KP_BLENDED = 2,
    /// The target pixels are transparent: store without reading them.
    KP_FRESH = 4,
    /// Clamp v into the surface (the run may leave it).
    KP_CLAMPED = 16,
};

/// One row's run of a layer drawn by the column loop.
typedef struct kp_column_job {
    /// Indexed by absolute output x.
    const kp_column_entry *entries;
    intptr_t y;
    /// Bytes from one source row to the next, and to the lower row of a pair (0: one row).
    intptr_t stride_bytes;
    intptr_t row_bytes;
    /// Bytes ahead of each sampled pixel to prefetch (the rows of later output rows).
    intptr_t ahead_bytes;
    /// The clamp of KP_CLAMPED: the last row centre (fixed point) and the last row with a row below.
    intptr_t v_end;
    intptr_t last_row;
    /// Colour and alpha multipliers (B, G, R, A twice), and 255 − the blended alpha (every lane).
    uint16_t m[8] __attribute__((aligned(16)));
    uint16_t ia[8] __attribute__((aligned(16)));
    unsigned flags;
} kp_column_job;

/// Instruction sets a kernel may use.
typedef enum kp_isa {
    /// The best this CPU runs (chosen once).
    KP_ISA_BEST = 0,
    /// 128-bit vectors: SSE2 on x86-64, NEON on aarch64, generic elsewhere.
    KP_ISA_PORTABLE = 1,
    /// 256-bit vectors (x86-64 with AVX2 only).
    KP_ISA_AVX2 = 2,
} kp_isa;

/// The instruction set KP_ISA_BEST stands for on this CPU.
kp_isa kp_best_isa(void);

/// True when `isa` runs on this CPU.
bool kp_isa_available(kp_isa isa);

/// Draws pixels x0..<x1 of `row` (a target row's first pixel). Returns, for KP_FRESH, true when
/// every stored pixel is opaque; otherwise true. `isa` must be available.
bool kp_column_run(const kp_column_job *job, uint32_t *row, intptr_t x0, intptr_t x1, kp_isa isa);

#endif
