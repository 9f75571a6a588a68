import Testing

@testable import KioskControl

/// The hardened base unit has no network; the log line says what to install instead of leaving a
/// technician with a bare socket error.
@Suite struct MQTTHintTests {
    @Test(
        "a socket refused by PrivateNetwork=yes names the mqtt.conf drop-in; other failures get no hint"
    )
    func hintForPrivateNetwork() {
        #expect(
            MQTTClient.hint(
                for: "connect to 192.0.2.1:1883 failed: Address family not supported by protocol"
            ).contains("mqtt.conf"))
        #expect(
            MQTTClient.hint(for: "connect to 192.0.2.1:1883 failed: Connection refused").isEmpty)
    }
}
