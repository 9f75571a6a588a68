/// LLVM's prefetch intrinsic (emits `prefetcht0` on x86-64). The source rows of a rotated layer
/// are walked in a staircase that defeats the hardware prefetchers; asking for the rows the next
/// output rows need keeps the loop from waiting on memory.
@_silgen_name("llvm.prefetch.p0")
private func llvmPrefetch(
    _ address: UnsafeRawPointer, _ write: Int32, _ locality: Int32, _ data: Int32)

/// Hints that `address` will be read soon. Never faults, even outside mapped memory.
@inline(__always)
func prefetch(_ address: UnsafeRawPointer) {
    llvmPrefetch(address, 0, 3, 1)
}
