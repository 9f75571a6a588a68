import Glibc
import KioskPlatform
import Testing

@Suite("device numbers")
struct DeviceNumberTests {
    @Test("split into major and minor as glibc does (evdev nodes are major 13, DRM cards 226)")
    func split() {
        #expect(DeviceNumber.major(dev_t(13 << 8 | 64)) == 13)  // 13:64 = /dev/input/event0
        #expect(DeviceNumber.minor(dev_t(13 << 8 | 64)) == 64)
        #expect(DeviceNumber.major(dev_t(226 << 8)) == 226)  // /dev/dri/card0
        #expect(DeviceNumber.minor(dev_t(226 << 8 | 1)) == 1)
        // The high bits of both (glibc's 64-bit layout).
        #expect(DeviceNumber.major(dev_t(0x1000_0000_0000) | dev_t(0x0d << 8)) == 0x1000 | 13)
        #expect(DeviceNumber.minor(dev_t(0x123 << 20) | dev_t(0x45)) == 0x12345)
    }

    @Test("/dev/null is 1:3")
    func devNull() {
        var info = stat()
        #expect(stat("/dev/null", &info) == 0)
        #expect(DeviceNumber.major(info.st_rdev) == 1)
        #expect(DeviceNumber.minor(info.st_rdev) == 3)
    }
}
