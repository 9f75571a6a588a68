import Foundation
import CPlatform
import KioskConfig

/// `kiosk-fuzz --heap-per-load FOLDER`: loads a config folder the way every reload of `run`
/// does and prints the heap in use that each load leaves behind. It runs in its own process so
/// that nothing else allocates meanwhile (a test suite's other tests would). The loads after a
/// warm-up must leave (almost) nothing: a panel reloads for months (issue 26; TOMLKit leaked
/// about 1.7 KiB a load before its scalar getters were bypassed).
enum HeapPerLoad {
    static let warmUpLoads = 5
    static let measuredLoads = 100

    /// Prints "heap-per-load BYTES" (the mean over the measured loads) and returns it.
    static func run(folder: String) -> Int {
        for _ in 0..<warmUpLoads { _ = ConfigLoader.load(directory: folder) }
        let before = heapInUse()
        for _ in 0..<measuredLoads { _ = ConfigLoader.load(directory: folder) }
        let perLoad = (heapInUse() - before) / measuredLoads
        print("heap-per-load \(perLoad)")
        return perLoad
    }

    /// Bytes malloc has handed out and not had back: small blocks plus mmapped ones.
    private static func heapInUse() -> Int {
        let info = mallinfo2()
        return Int(info.uordblks) + Int(info.hblkhd)
    }
}
