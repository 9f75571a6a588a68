#ifndef KIOSK_CSYSTEMDBUS_H
#define KIOSK_CSYSTEMDBUS_H
// sd-bus (libsystemd) for KioskControl. sd-bus builds object vtables with C macros and reads and
// writes messages with variadic functions; Swift can call neither, so this shim owns the
// org.kioskshell.Kiosk1 vtable and offers fixed-argument helpers for the rest.
#include <systemd/sd-bus.h>
#include <stddef.h>
#include <poll.h>

#define KIOSK_BUS_NAME "org.kioskshell.Kiosk1"
#define KIOSK_BUS_PATH "/org/kioskshell/Kiosk1"
#define KIOSK_BUS_INTERFACE "org.kioskshell.Kiosk1"

/// Where the object's calls go; `context` is the userdata given to kiosk_bus_add_object.
typedef struct kiosk_bus_callbacks {
    /// A method call: its member name and up to two string arguments (NULL when absent).
    /// Returns 0, or -EINVAL (bad argument) / another negative errno with `error` filled.
    int (*method)(void *context, const char *member, const char *first, const char *second,
                  char *error, size_t error_size);
    /// Writes a string property (NUL-terminated, truncated to `size`). Returns 0 or -errno.
    int (*string_property)(void *context, const char *name, char *buffer, size_t size);
    /// Reads a boolean property into `*value` (0 or 1). Returns 0 or -errno.
    int (*bool_property)(void *context, const char *name, int *value);
} kiosk_bus_callbacks;

/// Sets the callbacks every object uses (once, before the first call can arrive).
void kiosk_bus_set_callbacks(const kiosk_bus_callbacks *callbacks);

/// Connects to `address` (a D-Bus address such as "unix:path=/run/x") as a bus client, or to the
/// system bus when `address` is NULL. Returns 0 or -errno.
int kiosk_bus_open(const char *address, sd_bus **out);

/// Exports KIOSK_BUS_PATH with the org.kioskshell.Kiosk1 interface.
int kiosk_bus_add_object(sd_bus *bus, sd_bus_slot **slot, void *context);

/// Asks for KIOSK_BUS_NAME without waiting; `*result` becomes 1 when owned, a negative errno
/// when refused (until then it stays 0). `result` must outlive the slot.
int kiosk_bus_request_name(sd_bus *bus, sd_bus_slot **slot, int *result);

/// Signals of the interface.
int kiosk_bus_emit_page_changed(sd_bus *bus, const char *page);
int kiosk_bus_emit_action_ran(sd_bus *bus, const char *page, const char *action);
/// PropertiesChanged for one property of the interface.
int kiosk_bus_emit_property_changed(sd_bus *bus, const char *property);

/// Client: calls `member` on the kiosk object with 0, 1 or 2 string arguments (NULL ends them),
/// waiting at most `timeout_usec`. On failure fills `error` with "Name: message".
int kiosk_bus_call(sd_bus *bus, const char *member, const char *first, const char *second,
                   unsigned long long timeout_usec, char *error, size_t error_size);
/// Client: calls `member` with one uint32 argument (Brightness(u)).
int kiosk_bus_call_number(sd_bus *bus, const char *member, uint32_t number,
                          unsigned long long timeout_usec, char *error, size_t error_size);
/// Client: reads a string property into a malloc'd string (*out, free it).
int kiosk_bus_get_string(sd_bus *bus, const char *property, char **out, char *error, size_t error_size);
/// Client: reads a boolean property.
int kiosk_bus_get_bool(sd_bus *bus, const char *property, int *out, char *error, size_t error_size);

/// Receives a signal of the interface: its member and up to two string arguments.
typedef void (*kiosk_bus_signal_fn)(void *context, const char *member, const char *first, const char *second);
/// Client: calls `function` for every signal of the kiosk object (an AddMatch on the bus).
int kiosk_bus_watch_signals(sd_bus *bus, sd_bus_slot **slot, kiosk_bus_signal_fn function, void *context);

#endif
