#include "CSystemdBus.h"
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static kiosk_bus_callbacks callbacks;

void kiosk_bus_set_callbacks(const kiosk_bus_callbacks *given) { callbacks = *given; }

int kiosk_bus_open(const char *address, sd_bus **out) {
    if (address == NULL) return sd_bus_open_system(out);
    sd_bus *bus = NULL;
    int r = sd_bus_new(&bus);
    if (r < 0) return r;
    if ((r = sd_bus_set_address(bus, address)) < 0 || (r = sd_bus_set_bus_client(bus, 1)) < 0 ||
        (r = sd_bus_start(bus)) < 0) {
        sd_bus_unref(bus);
        return r;
    }
    *out = bus;
    return 0;
}

static int on_method(sd_bus_message *message, void *userdata, sd_bus_error *ret_error) {
    const char *first = NULL, *second = NULL;
    const char *signature = sd_bus_message_get_signature(message, 1);
    int r;
    // A number argument (Brightness(u)) reaches Swift as its decimal text, like the strings.
    char number[16];
    if (signature && signature[0] == 'u') {
        uint32_t value = 0;
        if ((r = sd_bus_message_read_basic(message, 'u', &value)) < 0) return r;
        snprintf(number, sizeof number, "%u", value);
        first = number;
    }
    if (signature && signature[0] == 's' && (r = sd_bus_message_read_basic(message, 's', &first)) < 0) return r;
    if (signature && signature[0] && signature[1] == 's' &&
        (r = sd_bus_message_read_basic(message, 's', &second)) < 0)
        return r;
    char error[512] = "";
    r = callbacks.method(userdata, sd_bus_message_get_member(message), first, second, error, sizeof error);
    if (r == -EINVAL) return sd_bus_error_set(ret_error, SD_BUS_ERROR_INVALID_ARGS, error);
    if (r < 0) return sd_bus_error_set(ret_error, "org.kioskshell.Kiosk1.Error.Failed", error);
    return sd_bus_reply_method_return(message, "");
}

static int on_string_property(sd_bus *bus, const char *path, const char *interface, const char *property,
                              sd_bus_message *reply, void *userdata, sd_bus_error *ret_error) {
    (void)bus; (void)path; (void)interface; (void)ret_error;
    char buffer[4096] = "";
    int r = callbacks.string_property(userdata, property, buffer, sizeof buffer);
    if (r < 0) return r;
    return sd_bus_message_append_basic(reply, 's', buffer);
}

static int on_bool_property(sd_bus *bus, const char *path, const char *interface, const char *property,
                            sd_bus_message *reply, void *userdata, sd_bus_error *ret_error) {
    (void)bus; (void)path; (void)interface; (void)ret_error;
    int value = 0;
    int r = callbacks.bool_property(userdata, property, &value);
    if (r < 0) return r;
    value = value ? 1 : 0;
    return sd_bus_message_append_basic(reply, 'b', &value);
}

// UNPRIVILEGED: who may call is the bus policy's decision (systemd/dbus/org.kioskshell.Kiosk1.conf);
// without it sd-bus would also demand CAP_SYS_ADMIN from callers on the system bus.
static const sd_bus_vtable kiosk_vtable[] = {
    SD_BUS_VTABLE_START(0),
    SD_BUS_METHOD("Open", "s", "", on_method, SD_BUS_VTABLE_UNPRIVILEGED),
    SD_BUS_METHOD("Back", "", "", on_method, SD_BUS_VTABLE_UNPRIVILEGED),
    SD_BUS_METHOD("Home", "", "", on_method, SD_BUS_VTABLE_UNPRIVILEGED),
    SD_BUS_METHOD("Next", "", "", on_method, SD_BUS_VTABLE_UNPRIVILEGED),
    SD_BUS_METHOD("Previous", "", "", on_method, SD_BUS_VTABLE_UNPRIVILEGED),
    SD_BUS_METHOD("Reload", "", "", on_method, SD_BUS_VTABLE_UNPRIVILEGED),
    SD_BUS_METHOD("Screenshot", "s", "", on_method, SD_BUS_VTABLE_UNPRIVILEGED),
    SD_BUS_METHOD("SetValue", "ss", "", on_method, SD_BUS_VTABLE_UNPRIVILEGED),
    SD_BUS_METHOD("Display", "s", "", on_method, SD_BUS_VTABLE_UNPRIVILEGED),
    SD_BUS_METHOD("Brightness", "u", "", on_method, SD_BUS_VTABLE_UNPRIVILEGED),
    SD_BUS_METHOD("Screensaver", "", "", on_method, SD_BUS_VTABLE_UNPRIVILEGED),
    SD_BUS_PROPERTY("CurrentPage", "s", on_string_property, 0, SD_BUS_VTABLE_PROPERTY_EMITS_CHANGE),
    SD_BUS_PROPERTY("Idle", "b", on_bool_property, 0, SD_BUS_VTABLE_PROPERTY_EMITS_CHANGE),
    SD_BUS_PROPERTY("Blanked", "b", on_bool_property, 0, SD_BUS_VTABLE_PROPERTY_EMITS_CHANGE),
    // The health report (JSON); read on demand, no change signal (its clock fields move always).
    SD_BUS_PROPERTY("Health", "s", on_string_property, 0, 0),
    SD_BUS_SIGNAL("PageChanged", "s", 0),
    SD_BUS_SIGNAL("ActionRan", "ss", 0),
    SD_BUS_VTABLE_END};

int kiosk_bus_add_object(sd_bus *bus, sd_bus_slot **slot, void *context) {
    return sd_bus_add_object_vtable(bus, slot, KIOSK_BUS_PATH, KIOSK_BUS_INTERFACE, kiosk_vtable, context);
}

static int on_name_reply(sd_bus_message *reply, void *userdata, sd_bus_error *ret_error) {
    (void)ret_error;
    int *result = userdata;
    const sd_bus_error *error = sd_bus_message_get_error(reply);
    if (error) {
        *result = -sd_bus_error_get_errno(error);
        if (*result == 0) *result = -EACCES;
        return 0;
    }
    uint32_t code = 0;
    if (sd_bus_message_read_basic(reply, 'u', &code) < 0) { *result = -EIO; return 0; }
    // 1 = primary owner, 4 = already the owner; 2 (queued) and 3 (exists) mean someone else has it.
    *result = (code == 1 || code == 4) ? 1 : -EEXIST;
    return 0;
}

int kiosk_bus_request_name(sd_bus *bus, sd_bus_slot **slot, int *result) {
    *result = 0;
    sd_bus_message *call = NULL;
    int r = sd_bus_message_new_method_call(bus, &call, "org.freedesktop.DBus", "/org/freedesktop/DBus",
                                           "org.freedesktop.DBus", "RequestName");
    if (r < 0) return r;
    const char *name = KIOSK_BUS_NAME;
    uint32_t flags = 4;  // DBUS_NAME_FLAG_DO_NOT_QUEUE
    if ((r = sd_bus_message_append_basic(call, 's', name)) >= 0 && (r = sd_bus_message_append_basic(call, 'u', &flags)) >= 0)
        r = sd_bus_call_async(bus, slot, call, on_name_reply, result, 0);
    sd_bus_message_unref(call);
    return r;
}

int kiosk_bus_emit_page_changed(sd_bus *bus, const char *page) {
    return sd_bus_emit_signal(bus, KIOSK_BUS_PATH, KIOSK_BUS_INTERFACE, "PageChanged", "s", page);
}

int kiosk_bus_emit_action_ran(sd_bus *bus, const char *page, const char *action) {
    return sd_bus_emit_signal(bus, KIOSK_BUS_PATH, KIOSK_BUS_INTERFACE, "ActionRan", "ss", page, action);
}

int kiosk_bus_emit_property_changed(sd_bus *bus, const char *property) {
    return sd_bus_emit_properties_changed(bus, KIOSK_BUS_PATH, KIOSK_BUS_INTERFACE, property, NULL);
}

static void copy_error(const sd_bus_error *source, int r, char *error, size_t size) {
    if (size == 0) return;
    if (source && source->name)
        snprintf(error, size, "%s: %s", source->name, source->message ? source->message : "");
    else
        snprintf(error, size, "%s", strerror(r < 0 ? -r : r));
}

// Sends CALL (built so far with result R; a failed build is not sent), waits for the reply and
// frees both: the one tail of every method call the control client makes.
static int finish_call(sd_bus *bus, sd_bus_message *call, int r, unsigned long long timeout_usec,
                       char *error, size_t error_size) {
    sd_bus_message *reply = NULL;
    sd_bus_error bus_error = SD_BUS_ERROR_NULL;
    if (r >= 0) r = sd_bus_call(bus, call, timeout_usec, &bus_error, &reply);
    if (r < 0) copy_error(&bus_error, r, error, error_size);
    sd_bus_error_free(&bus_error);
    sd_bus_message_unref(reply);
    sd_bus_message_unref(call);
    return r;
}

int kiosk_bus_call(sd_bus *bus, const char *member, const char *first, const char *second,
                   unsigned long long timeout_usec, char *error, size_t error_size) {
    sd_bus_message *call = NULL;
    int r = sd_bus_message_new_method_call(bus, &call, KIOSK_BUS_NAME, KIOSK_BUS_PATH, KIOSK_BUS_INTERFACE, member);
    if (r >= 0 && first) r = sd_bus_message_append_basic(call, 's', first);
    if (r >= 0 && first && second) r = sd_bus_message_append_basic(call, 's', second);
    return finish_call(bus, call, r, timeout_usec, error, error_size);
}

int kiosk_bus_call_number(sd_bus *bus, const char *member, uint32_t number,
                          unsigned long long timeout_usec, char *error, size_t error_size) {
    sd_bus_message *call = NULL;
    int r = sd_bus_message_new_method_call(bus, &call, KIOSK_BUS_NAME, KIOSK_BUS_PATH, KIOSK_BUS_INTERFACE, member);
    if (r >= 0) r = sd_bus_message_append_basic(call, 'u', &number);
    return finish_call(bus, call, r, timeout_usec, error, error_size);
}

int kiosk_bus_get_string(sd_bus *bus, const char *property, char **out, char *error, size_t error_size) {
    sd_bus_error bus_error = SD_BUS_ERROR_NULL;
    int r = sd_bus_get_property_string(bus, KIOSK_BUS_NAME, KIOSK_BUS_PATH, KIOSK_BUS_INTERFACE, property,
                                       &bus_error, out);
    if (r < 0) copy_error(&bus_error, r, error, error_size);
    sd_bus_error_free(&bus_error);
    return r;
}

int kiosk_bus_get_bool(sd_bus *bus, const char *property, int *out, char *error, size_t error_size) {
    sd_bus_error bus_error = SD_BUS_ERROR_NULL;
    int r = sd_bus_get_property_trivial(bus, KIOSK_BUS_NAME, KIOSK_BUS_PATH, KIOSK_BUS_INTERFACE, property,
                                        &bus_error, 'b', out);
    if (r < 0) copy_error(&bus_error, r, error, error_size);
    sd_bus_error_free(&bus_error);
    return r;
}

typedef struct signal_watch {
    kiosk_bus_signal_fn function;
    void *context;
} signal_watch;

static int on_signal(sd_bus_message *message, void *userdata, sd_bus_error *ret_error) {
    (void)ret_error;
    signal_watch *watch = userdata;
    const char *first = NULL, *second = NULL;
    const char *signature = sd_bus_message_get_signature(message, 1);
    if (signature && signature[0] == 's') sd_bus_message_read_basic(message, 's', &first);
    if (signature && signature[0] && signature[1] == 's') sd_bus_message_read_basic(message, 's', &second);
    watch->function(watch->context, sd_bus_message_get_member(message), first, second);
    return 0;
}

static void free_watch(void *userdata) { free(userdata); }

int kiosk_bus_watch_signals(sd_bus *bus, sd_bus_slot **slot, kiosk_bus_signal_fn function, void *context) {
    signal_watch *watch = malloc(sizeof *watch);
    if (!watch) return -ENOMEM;
    watch->function = function;
    watch->context = context;
    int r = sd_bus_match_signal(bus, slot, KIOSK_BUS_NAME, KIOSK_BUS_PATH, KIOSK_BUS_INTERFACE, NULL, on_signal, watch);
    if (r < 0) { free(watch); return r; }
    // The watch is freed with the slot.
    sd_bus_slot_set_destroy_callback(*slot, free_watch);
    return r;
}
