/*
 * kiosk-virtual-pointer: a pointer device for sway/wlroots tests (wlroots 0.15 has no other way
 * to get a pointer into a headless session). Reads lines from stdin until EOF:
 *   move X Y W H     absolute position X,Y within an output-layout extent of W x H
 *   down | up        left button press / release
 * Prints "ready" once the device exists. Exit 1 if the compositor lacks the protocol.
 */
#include <stdio.h>
#include <string.h>
#include <time.h>
#include <wayland-client.h>
#include "virtual-pointer-client.h"

static struct zwlr_virtual_pointer_manager_v1 *manager;

static void global(void *data, struct wl_registry *registry, uint32_t name, const char *interface,
                   uint32_t version)
{
    (void)data;
    (void)version;
    if (strcmp(interface, zwlr_virtual_pointer_manager_v1_interface.name) == 0)
        manager = wl_registry_bind(registry, name, &zwlr_virtual_pointer_manager_v1_interface, 1);
}

static void global_remove(void *data, struct wl_registry *registry, uint32_t name)
{
    (void)data;
    (void)registry;
    (void)name;
}

static const struct wl_registry_listener registry_listener = {global, global_remove};

static uint32_t millis(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (uint32_t)(ts.tv_sec * 1000 + ts.tv_nsec / 1000000);
}

int main(void)
{
    struct wl_display *display = wl_display_connect(NULL);
    if (!display) {
        fprintf(stderr, "kiosk-virtual-pointer: cannot connect to the Wayland display\n");
        return 1;
    }
    struct wl_registry *registry = wl_display_get_registry(display);
    wl_registry_add_listener(registry, &registry_listener, NULL);
    wl_display_roundtrip(display);
    if (!manager) {
        fprintf(stderr, "kiosk-virtual-pointer: no zwlr_virtual_pointer_manager_v1\n");
        return 1;
    }
    struct zwlr_virtual_pointer_v1 *pointer =
        zwlr_virtual_pointer_manager_v1_create_virtual_pointer(manager, NULL);
    wl_display_roundtrip(display);
    printf("ready\n");
    fflush(stdout);

    char line[256];
    unsigned x, y, w, h;
    while (fgets(line, sizeof line, stdin)) {
        if (sscanf(line, "move %u %u %u %u", &x, &y, &w, &h) == 4)
            zwlr_virtual_pointer_v1_motion_absolute(pointer, millis(), x, y, w, h);
        else if (strncmp(line, "down", 4) == 0)
            zwlr_virtual_pointer_v1_button(pointer, millis(), 0x110, WL_POINTER_BUTTON_STATE_PRESSED);
        else if (strncmp(line, "up", 2) == 0)
            zwlr_virtual_pointer_v1_button(pointer, millis(), 0x110, WL_POINTER_BUTTON_STATE_RELEASED);
        else
            continue;
        zwlr_virtual_pointer_v1_frame(pointer);
        if (wl_display_roundtrip(display) < 0)
            return 1;
    }
    zwlr_virtual_pointer_v1_destroy(pointer);
    zwlr_virtual_pointer_manager_v1_destroy(manager);
    wl_display_roundtrip(display);
    wl_display_disconnect(display);
    return 0;
}
