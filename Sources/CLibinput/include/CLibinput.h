#ifndef KIOSK_CLIBINPUT_H
#define KIOSK_CLIBINPUT_H
#include <libinput.h>
#include <libudev.h>
#include <xkbcommon/xkbcommon.h>

/// Receives one formatted libinput log line (no trailing newline).
typedef void (*kiosk_libinput_log_fn)(struct libinput *libinput, int priority, const char *message);

/// Routes libinput's printf-style log handler (which takes a va_list, awkward from Swift) to
/// `function` with the message already formatted. One function serves every context; the
/// receiver tells contexts apart through libinput_get_user_data().
void kiosk_libinput_set_log_function(struct libinput *libinput, kiosk_libinput_log_fn function);

/// Receives one formatted xkbcommon log line (no trailing newline).
typedef void (*kiosk_xkb_log_fn)(struct xkb_context *context, int level, const char *message);

/// As kiosk_libinput_set_log_function, for xkbcommon (receivers use xkb_context_get_user_data()).
void kiosk_xkb_set_log_function(struct xkb_context *context, kiosk_xkb_log_fn function);

#endif
