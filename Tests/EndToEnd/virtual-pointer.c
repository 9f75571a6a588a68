/*
 * kiosk-virtual-pointer: a pointer device for sway/wlroots tests (wlroots 0.15 has no other way
 * to get a pointer into a headless session). Reads lines from stdin until EOF:
 *   move X Y W H     absolute position X,Y within an output-layout extent of W x H
 *   down | up        left button press / release
 *   sweep X1 X2 Y W H SECONDS
 *                    moves back and forth between X1 and X2 at height Y (one way per second),
 *                    one motion every 8 ms (a 125 Hz device), for SECONDS; prints "swept N"
 * Prints "ready" once the device exists. Exit 1 if the compositor lacks the protocol.
 */
#include <stdio.h>
#include <string.h>
#include <time.h>
#include <math.h>
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

static double seconds_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec + ts.tv_nsec / 1e9;
}

/* Continuous dragging with realistic timing: absolute sleeps keep the 8 ms cadence even when a
 * flush is slow. */
static int sweep(struct wl_display *display, struct zwlr_virtual_pointer_v1 *pointer, double x1,
                 double x2, unsigned y, unsigned w, unsigned h, double seconds)
{
    const long step_ns = 8000000;
    struct timespec next;
    clock_gettime(CLOCK_MONOTONIC, &next);
    double start = seconds_now();
    int moves = 0;
    for (;;) {
        double t = seconds_now() - start;
        if (t >= seconds)
            break;
        double phase = fmod(t, 2.0);
        double share = phase < 1.0 ? phase : 2.0 - phase;
        unsigned x = (unsigned)lround(x1 + (x2 - x1) * share);
        zwlr_virtual_pointer_v1_motion_absolute(pointer, millis(), x, y, w, h);
        zwlr_virtual_pointer_v1_frame(pointer);
        if (wl_display_flush(display) < 0)
            return -1;
        moves++;
        next.tv_nsec += step_ns;
        if (next.tv_nsec >= 1000000000) {
            next.tv_nsec -= 1000000000;
            next.tv_sec++;
        }
        clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &next, NULL);
    }
    if (wl_display_roundtrip(display) < 0)
        return -1;
    return moves;
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
    unsigned x, y, w, h, x2;
    double seconds;
    while (fgets(line, sizeof line, stdin)) {
        if (sscanf(line, "sweep %u %u %u %u %u %lf", &x, &x2, &y, &w, &h, &seconds) == 6) {
            int moves = sweep(display, pointer, x, x2, y, w, h, seconds);
            if (moves < 0)
                return 1;
            printf("swept %d\n", moves);
            fflush(stdout);
            continue;
        }
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
