// Glue for the parts of libdrm and libseat that are awkward from Swift: the event context of
// drmHandleEvent, property lookup by name, libseat's va_list log handler and the console
// keyboard mode ioctls (variadic).
#include "CDRM.h"
#include <linux/kd.h>
#include <stdarg.h>
#include <sys/ioctl.h>
#include <stdio.h>
#include <string.h>

static kiosk_drm_flip_fn flip_function;

static void on_page_flip(int fd, unsigned int sequence, unsigned int seconds, unsigned int microseconds, void *data) {
    (void)fd;
    (void)sequence;
    if (flip_function) flip_function(seconds, microseconds, data);
}

int kiosk_drm_handle_events(int fd, kiosk_drm_flip_fn flip) {
    drmEventContext context;
    memset(&context, 0, sizeof context);
    context.version = 2;
    context.page_flip_handler = on_page_flip;
    flip_function = flip;
    return drmHandleEvent(fd, &context);
}

uint32_t kiosk_drm_property(int fd, uint32_t object, uint32_t type, const char *name, uint64_t *value) {
    drmModeObjectPropertiesPtr properties = drmModeObjectGetProperties(fd, object, type);
    if (!properties) return 0;
    uint32_t found = 0;
    for (uint32_t i = 0; i < properties->count_props && !found; i++) {
        drmModePropertyPtr property = drmModeGetProperty(fd, properties->props[i]);
        if (!property) continue;
        if (strcmp(property->name, name) == 0) {
            found = property->prop_id;
            if (value) *value = properties->prop_values[i];
        }
        drmModeFreeProperty(property);
    }
    drmModeFreeObjectProperties(properties);
    return found;
}

static kiosk_seat_log_fn seat_log_function;

static void on_seat_log(enum libseat_log_level level, const char *format, va_list args) {
    char line[512];
    vsnprintf(line, sizeof line, format, args);
    size_t length = strlen(line);
    while (length > 0 && line[length - 1] == '\n') line[--length] = 0;
    if (seat_log_function) seat_log_function((int)level, line);
}

void kiosk_seat_set_log_function(kiosk_seat_log_fn function, int level) {
    seat_log_function = function;
    libseat_set_log_handler(on_seat_log);
    libseat_set_log_level((enum libseat_log_level)level);
}

const char *kiosk_drm_connector_type_name(uint32_t type) {
    switch (type) {
    case DRM_MODE_CONNECTOR_VGA: return "VGA";
    case DRM_MODE_CONNECTOR_DVII: return "DVI-I";
    case DRM_MODE_CONNECTOR_DVID: return "DVI-D";
    case DRM_MODE_CONNECTOR_DVIA: return "DVI-A";
    case DRM_MODE_CONNECTOR_Composite: return "Composite";
    case DRM_MODE_CONNECTOR_SVIDEO: return "SVIDEO";
    case DRM_MODE_CONNECTOR_LVDS: return "LVDS";
    case DRM_MODE_CONNECTOR_Component: return "Component";
    case DRM_MODE_CONNECTOR_9PinDIN: return "DIN";
    case DRM_MODE_CONNECTOR_DisplayPort: return "DP";
    case DRM_MODE_CONNECTOR_HDMIA: return "HDMI-A";
    case DRM_MODE_CONNECTOR_HDMIB: return "HDMI-B";
    case DRM_MODE_CONNECTOR_TV: return "TV";
    case DRM_MODE_CONNECTOR_eDP: return "eDP";
    case DRM_MODE_CONNECTOR_VIRTUAL: return "Virtual";
    case DRM_MODE_CONNECTOR_DSI: return "DSI";
    case DRM_MODE_CONNECTOR_DPI: return "DPI";
    case DRM_MODE_CONNECTOR_WRITEBACK: return "Writeback";
    case DRM_MODE_CONNECTOR_SPI: return "SPI";
    case DRM_MODE_CONNECTOR_USB: return "USB";
    default: return "Unknown";
    }
}

int kiosk_console_keyboard_mode(int fd) {
    int mode = 0;
    return ioctl(fd, KDGKBMODE, &mode) == 0 ? mode : -1;
}

int kiosk_console_set_keyboard_mode(int fd, int mode) {
    return ioctl(fd, KDSKBMODE, mode < 0 ? K_OFF : mode);
}
