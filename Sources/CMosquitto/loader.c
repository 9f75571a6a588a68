// Ownership: the library handle from dlopen is kept for the life of the process (never
// dlclose'd: callbacks and clients may live until exit); the function pointers point into it.
// They are written once under pthread_once and only read after.
#include "CMosquitto.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>

// Each call: return type, name after "mosquitto_", parameters, arguments. CALLS returns a value,
// VOID_CALLS does not.
#define CALLS(X)                                                                                          \
    X(int, lib_init, (void), ())                                                                          \
    X(struct mosquitto *, new, (const char *id, bool clean_session, void *obj), (id, clean_session, obj)) \
    X(int, username_pw_set, (struct mosquitto * mosq, const char *username, const char *password),        \
      (mosq, username, password))                                                                         \
    X(int, tls_set,                                                                                       \
      (struct mosquitto * mosq, const char *cafile, const char *capath, const char *certfile,             \
       const char *keyfile, int (*pw_callback)(char *buf, int size, int rwflag, void *userdata)),         \
      (mosq, cafile, capath, certfile, keyfile, pw_callback))                                             \
    X(int, will_set,                                                                                      \
      (struct mosquitto * mosq, const char *topic, int payloadlen, const void *payload, int qos,          \
       bool retain),                                                                                      \
      (mosq, topic, payloadlen, payload, qos, retain))                                                    \
    X(const char *, strerror, (int mosq_errno), (mosq_errno))                                             \
    X(const char *, connack_string, (int connack_code), (connack_code))                                   \
    X(int, connect_async, (struct mosquitto * mosq, const char *host, int port, int keepalive),           \
      (mosq, host, port, keepalive))                                                                      \
    X(int, reconnect_async, (struct mosquitto * mosq), (mosq))                                            \
    X(int, disconnect, (struct mosquitto * mosq), (mosq))                                                 \
    X(int, subscribe, (struct mosquitto * mosq, int *mid, const char *sub, int qos), (mosq, mid, sub, qos)) \
    X(int, publish,                                                                                       \
      (struct mosquitto * mosq, int *mid, const char *topic, int payloadlen, const void *payload, int qos, \
       bool retain),                                                                                      \
      (mosq, mid, topic, payloadlen, payload, qos, retain))                                               \
    X(int, loop_read, (struct mosquitto * mosq, int max_packets), (mosq, max_packets))                    \
    X(int, loop_write, (struct mosquitto * mosq, int max_packets), (mosq, max_packets))                   \
    X(int, loop_misc, (struct mosquitto * mosq), (mosq))                                                  \
    X(int, socket, (struct mosquitto * mosq), (mosq))                                                     \
    X(bool, want_write, (struct mosquitto * mosq), (mosq))

#define VOID_CALLS(X)                                                                                     \
    X(destroy, (struct mosquitto * mosq), (mosq))                                                         \
    X(user_data_set, (struct mosquitto * mosq, void *obj), (mosq, obj))                                   \
    X(connect_callback_set, (struct mosquitto * mosq, void (*cb)(struct mosquitto *, void *, int)),      \
      (mosq, cb))                                                                                         \
    X(disconnect_callback_set, (struct mosquitto * mosq, void (*cb)(struct mosquitto *, void *, int)),   \
      (mosq, cb))                                                                                         \
    X(subscribe_callback_set,                                                                             \
      (struct mosquitto * mosq, void (*cb)(struct mosquitto *, void *, int, int, const int *)), (mosq, cb)) \
    X(message_callback_set,                                                                               \
      (struct mosquitto * mosq, void (*cb)(struct mosquitto *, void *, const struct mosquitto_message *)), \
      (mosq, cb))

#define POINTER(ret, name, params, args) static ret(*loaded_##name) params;
#define VOID_POINTER(name, params, args) static void(*loaded_##name) params;
CALLS(POINTER)
VOID_CALLS(VOID_POINTER)

#define WRAPPER(ret, name, params, args) \
    ret kiosk_mosquitto_##name params { return loaded_##name args; }
#define VOID_WRAPPER(name, params, args) \
    void kiosk_mosquitto_##name params { loaded_##name args; }
CALLS(WRAPPER)
VOID_CALLS(VOID_WRAPPER)

static const char *problem;
static char reason[256];
static pthread_once_t once = PTHREAD_ONCE_INIT;

static void load(void) {
    void *library = dlopen("libmosquitto.so.1", RTLD_NOW | RTLD_LOCAL);
    if (!library) {
        const char *why = dlerror();
        snprintf(reason, sizeof reason, "cannot load libmosquitto.so.1 (install libmosquitto1): %s", why ? why : "?");
        problem = reason;
        return;
    }
#define RESOLVE(name)                                                                       \
    if (!(*(void **)&loaded_##name = dlsym(library, "mosquitto_" #name))) {                \
        snprintf(reason, sizeof reason, "libmosquitto.so.1 has no mosquitto_%s", #name);   \
        problem = reason;                                                                   \
        return;                                                                             \
    }
#define RESOLVE_CALL(ret, name, params, args) RESOLVE(name)
#define RESOLVE_VOID_CALL(name, params, args) RESOLVE(name)
    CALLS(RESOLVE_CALL)
    VOID_CALLS(RESOLVE_VOID_CALL)
}

const char *kiosk_mosquitto_load(void) {
    pthread_once(&once, load);
    return problem;
}
