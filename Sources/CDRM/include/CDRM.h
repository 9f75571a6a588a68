#ifndef KIOSK_CDRM_H
#define KIOSK_CDRM_H
#include <stdint.h>
#include <xf86drm.h>
#include <xf86drmMode.h>
#include <drm_fourcc.h>
#include <libseat.h>
#include <libudev.h>

/// Receives one finished page flip: the CRTC's vblank time (CLOCK_MONOTONIC) and the user data
/// given to the commit.
typedef void (*kiosk_drm_flip_fn)(unsigned int seconds, unsigned int microseconds, void *user_data);

/// Reads the DRM fd's pending events (drmHandleEvent) and calls `flip` for each page flip.
/// Returns drmHandleEvent's result (0, or -1 with errno).
int kiosk_drm_handle_events(int fd, kiosk_drm_flip_fn flip);

/// The id of property `name` of KMS object `object` (of `type`, DRM_MODE_OBJECT_*), 0 when it
/// has none. Also returns its current value in `value` when not NULL.
uint32_t kiosk_drm_property(int fd, uint32_t object, uint32_t type, const char *name, uint64_t *value);

/// Receives one formatted libseat log line (no trailing newline).
typedef void (*kiosk_seat_log_fn)(int level, const char *message);

/// Routes libseat's printf-style log handler (va_list) to `function`, at `level` and below.
void kiosk_seat_set_log_function(kiosk_seat_log_fn function, int level);

/// The connector type's name as the kernel spells it ("HDMI-A", "Virtual", "eDP"...).
const char *kiosk_drm_connector_type_name(uint32_t type);

/// The console keyboard mode of tty `fd` (KDGKBMODE: K_RAW, K_XLATE, K_UNICODE, K_OFF...), or -1
/// with errno. ioctl is variadic, which Swift cannot call with a pointer.
int kiosk_console_keyboard_mode(int fd);

/// Sets tty `fd`'s console keyboard mode (KDSKBMODE); `mode` < 0 means K_OFF. 0, or -1 with errno.
int kiosk_console_set_keyboard_mode(int fd, int mode);

#endif
