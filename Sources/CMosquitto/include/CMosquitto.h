// libmosquitto's client API (Debian: libmosquitto-dev for the header, libmosquitto1 at run time),
// loaded with dlopen by the first kiosk_mosquitto_load(): only a kiosk with [mqtt] maps
// libmosquitto and, through it, OpenSSL (libssl and libcrypto, about 1.7 MB resident); every
// other kiosk never loads them. KioskControl drives the socket from its own epoll loop
// (mosquitto_loop_read/write/misc), never mosquitto_loop_start's thread.
#ifndef KIOSK_CMOSQUITTO_H
#define KIOSK_CMOSQUITTO_H

#include <mosquitto.h>
#include <stdbool.h>

/// Loads libmosquitto.so.1 and resolves every call below, once (thread-safe). NULL when they are
/// ready, else a one-line reason (a static string).
const char *kiosk_mosquitto_load(void);

// mosquitto_NAME through the loaded library; call only after kiosk_mosquitto_load() returned NULL.
int kiosk_mosquitto_lib_init(void);
struct mosquitto *kiosk_mosquitto_new(const char *id, bool clean_session, void *obj);
void kiosk_mosquitto_destroy(struct mosquitto *mosq);
void kiosk_mosquitto_user_data_set(struct mosquitto *mosq, void *obj);
int kiosk_mosquitto_username_pw_set(struct mosquitto *mosq, const char *username, const char *password);
int kiosk_mosquitto_tls_set(
    struct mosquitto *mosq, const char *cafile, const char *capath, const char *certfile, const char *keyfile,
    int (*pw_callback)(char *buf, int size, int rwflag, void *userdata));
int kiosk_mosquitto_will_set(
    struct mosquitto *mosq, const char *topic, int payloadlen, const void *payload, int qos, bool retain);
const char *kiosk_mosquitto_strerror(int mosq_errno);
const char *kiosk_mosquitto_connack_string(int connack_code);
int kiosk_mosquitto_connect_async(struct mosquitto *mosq, const char *host, int port, int keepalive);
int kiosk_mosquitto_reconnect_async(struct mosquitto *mosq);
int kiosk_mosquitto_disconnect(struct mosquitto *mosq);
int kiosk_mosquitto_subscribe(struct mosquitto *mosq, int *mid, const char *sub, int qos);
int kiosk_mosquitto_publish(
    struct mosquitto *mosq, int *mid, const char *topic, int payloadlen, const void *payload, int qos, bool retain);
int kiosk_mosquitto_loop_read(struct mosquitto *mosq, int max_packets);
int kiosk_mosquitto_loop_write(struct mosquitto *mosq, int max_packets);
int kiosk_mosquitto_loop_misc(struct mosquitto *mosq);
int kiosk_mosquitto_socket(struct mosquitto *mosq);
bool kiosk_mosquitto_want_write(struct mosquitto *mosq);
void kiosk_mosquitto_connect_callback_set(struct mosquitto *mosq, void (*on_connect)(struct mosquitto *, void *, int));
void kiosk_mosquitto_disconnect_callback_set(
    struct mosquitto *mosq, void (*on_disconnect)(struct mosquitto *, void *, int));
void kiosk_mosquitto_subscribe_callback_set(
    struct mosquitto *mosq, void (*on_subscribe)(struct mosquitto *, void *, int, int, const int *));
void kiosk_mosquitto_message_callback_set(
    struct mosquitto *mosq, void (*on_message)(struct mosquitto *, void *, const struct mosquitto_message *));

#endif
