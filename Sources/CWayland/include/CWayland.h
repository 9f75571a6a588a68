// C glue for KioskWayland: libwayland-client, the generated xdg-shell, presentation-time and
// wlr-output-power-management code and xkbcommon, plus accessors for what Swift cannot reach directly (interface addresses,
// memfd_create).
#ifndef KIOSK_CWAYLAND_H
#define KIOSK_CWAYLAND_H

#include <stddef.h>
#include <stdint.h>
#include <wayland-client.h>
#include <xkbcommon/xkbcommon.h>
#include "xdg-shell-client-protocol.h"
#include "presentation-time-client-protocol.h"
#include "wlr-output-power-management-unstable-v1-client-protocol.h"

// `extern const struct wl_interface` imports into Swift as a value copy; a proxy needs the real
// address, so each interface used for binding is reached through one of these.
const struct wl_interface *kiosk_wl_compositor_interface(void);
const struct wl_interface *kiosk_wl_shm_interface(void);
const struct wl_interface *kiosk_wl_seat_interface(void);
const struct wl_interface *kiosk_wl_output_interface(void);
const struct wl_interface *kiosk_xdg_wm_base_interface(void);
const struct wl_interface *kiosk_wp_presentation_interface(void);
const struct wl_interface *kiosk_zwlr_output_power_manager_v1_interface(void);

// Highest versions the committed headers know; binding above them would deliver events whose
// listener slots do not exist.
int kiosk_xdg_wm_base_header_version(void);

/// memfd_create(name, MFD_CLOEXEC | MFD_ALLOW_SEALING); -1 with errno set on failure. Glibc hides
/// memfd_create from Swift (it needs _GNU_SOURCE).
int kiosk_memfd_create(const char *name);

#endif
