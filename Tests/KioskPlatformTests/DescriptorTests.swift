import Glibc
import Testing

@testable import KioskPlatform

@Suite("Descriptor")
struct DescriptorTests {
    @Test("writeAll writes every byte; on a descriptor that is not open it fails with EBADF")
    func writeAll() throws {
        let folder = makeTemporaryFolder()
        defer { removeTree(folder) }
        let path = folder + "/out"
        let bytes = (0..<200_000).map { UInt8(truncatingIfNeeded: $0 &* 7) }
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        #expect(fd >= 0)
        #expect(bytes.withUnsafeBytes { Descriptor.writeAll(fd, $0) })
        close(fd)
        #expect(try AtomicFile.read(path, limit: 1 << 20) == bytes)

        // Not the closed `fd` itself: tests run on parallel threads, and another one may have
        // been given that number since (writing to it once garbled another test's config file).
        // No process has a descriptor this high.
        let neverOpen = Int32.max
        #expect(!bytes.withUnsafeBytes { Descriptor.writeAll(neverOpen, $0) })
        #expect(errno == EBADF)
    }
}
