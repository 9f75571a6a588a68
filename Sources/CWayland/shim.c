#define _GNU_SOURCE
#include <sys/mman.h>
#include "CWayland.h"

const struct wl_interface *kiosk_wl_compositor_interface(void) { return &wl_compositor_interface; }
const struct wl_interface *kiosk_wl_shm_interface(void) { return &wl_shm_interface; }
const struct wl_interface *kiosk_wl_seat_interface(void) { return &wl_seat_interface; }
const struct wl_interface *kiosk_wl_output_interface(void) { return &wl_output_interface; }
const struct wl_interface *kiosk_xdg_wm_base_interface(void) { return &xdg_wm_base_interface; }
const struct wl_interface *kiosk_wp_presentation_interface(void) { return &wp_presentation_interface; }
const struct wl_interface *kiosk_zwlr_output_power_manager_v1_interface(void) {
    return &zwlr_output_power_manager_v1_interface;
}

int kiosk_xdg_wm_base_header_version(void) { return xdg_wm_base_interface.version; }

int kiosk_memfd_create(const char *name) {
    return memfd_create(name, MFD_CLOEXEC | MFD_ALLOW_SEALING);
}
