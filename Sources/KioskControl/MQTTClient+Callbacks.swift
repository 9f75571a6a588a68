import CMosquitto

// Ownership: libmosquitto's userdata is the MQTTClient, unretained (see MQTTClient.swift); this
// is the one place that turns it back into the object.

extension MQTTClient {
    static func client(_ userdata: UnsafeMutableRawPointer?) -> MQTTClient? {
        userdata.map { Unmanaged<MQTTClient>.fromOpaque($0).takeUnretainedValue() }
    }

    func installCallbacks(_ handle: OpaquePointer) {
        kiosk_mosquitto_connect_callback_set(handle) { _, userdata, code in
            MQTTClient.client(userdata)?.connected(code)
        }
        kiosk_mosquitto_disconnect_callback_set(handle) { _, userdata, code in
            // 0: our own disconnect (stop); anything else: the connection broke.
            guard code != 0, let client = MQTTClient.client(userdata) else { return }
            client.failed(
                "connection to \(client.configuration.broker) lost: \(MQTTClient.describe(code))")
        }
        kiosk_mosquitto_subscribe_callback_set(handle) { _, userdata, id, _, _ in
            MQTTClient.client(userdata)?.subscribed(id)
        }
        kiosk_mosquitto_message_callback_set(handle) { _, userdata, message in
            guard let client = MQTTClient.client(userdata), let message = message?.pointee,
                let topic = message.topic
            else { return }
            let payload = UnsafeRawBufferPointer(
                start: message.payload, count: Int(max(0, message.payloadlen)))
            client.received(topic: String(cString: topic), payload: payload)
        }
    }
}
