import CPixelKernels

/// Which implementation draws the compositor's column loop (the cube): the Swift loop of
/// `ColumnMapper`, or the C kernel (CPixelKernels) with 128-bit vectors (SSE2, the x86-64
/// baseline; NEON on aarch64) or 256-bit ones (AVX2, chosen at run time where the CPU has it).
/// All give the same pixels bit for bit (`PixelKernelTests`); they differ only in speed.
///
/// Measured on the development machine (AMD EPYC, KVM, 1920x1080 cube at 30°): the three are
/// equally fast (`bench`: 5.07, 5.07 and 5.02 ms a frame under load); the loop executes about
/// 25 instructions per pixel at 4-5 per cycle, most of them the scalar per-pixel addressing that
/// wider vectors do not shorten (callgrind: the AVX2 kernel runs 4 % more instructions than the
/// Swift loop; computing four columns' addresses in one AVX2 vector was slower still). The
/// compositor therefore uses the Swift loop unless told otherwise; the C kernels stay for CPUs
/// where the Swift SIMD code compiles worse (`kiosk-shell bench` prints each kernel's time).
public enum PixelKernel: String, CaseIterable, Sendable {
    case swift
    case portable
    case avx2

    /// The C kernel with the widest vectors this CPU runs.
    public static let best: PixelKernel = kp_best_isa() == KP_ISA_AVX2 ? .avx2 : .portable

    /// True when this CPU runs the kernel.
    public var isAvailable: Bool {
        switch self {
        case .swift: true
        case .portable: kp_isa_available(KP_ISA_PORTABLE)
        case .avx2: kp_isa_available(KP_ISA_AVX2)
        }
    }

    /// The C kernel's instruction set; nil for the Swift loop.
    var isa: kp_isa? {
        switch self {
        case .swift: nil
        case .portable: KP_ISA_PORTABLE
        case .avx2: KP_ISA_AVX2
        }
    }
}
