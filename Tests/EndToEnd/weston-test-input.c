/*
 * kiosk-shell end-to-end test module for weston 10 (headless backend).
 *
 * Weston's headless backend has no seat, and weston 10's kiosk-shell shows nothing until a seat
 * activates the surface; Debian ships no test module. This module creates seat "kiosk-test" with
 * pointer, keyboard and touch, and reads one command per line from a FIFO
 * ($KIOSK_TEST_FIFO, default $XDG_RUNTIME_DIR/kiosk-test-input):
 *
 *   touch down ID X Y | touch motion ID X Y | touch up ID | touch frame | touch cancel
 *   pointer move X Y  | button down|up [CODE]   (CODE defaults to BTN_LEFT)
 *   key down|up KEYCODE                           (Linux evdev code, e.g. 105 = KEY_LEFT)
 *   seat caps none|touch|pointer|keyboard|all     (a comma list works: touch,keyboard)
 *   capture PATH                                  (binary PPM of the first output; written to
 *                                                  PATH.tmp, renamed to PATH when complete)
 *
 * Coordinates are global compositor pixels. Every command is echoed to weston's log. Each wakeup
 * runs every complete line available, so a command takes effect when it is written (measured: a
 * client receives the event within a millisecond); write through one open descriptor to keep
 * realistic timing for drags.
 * Build: Tests/EndToEnd/build-weston-module.sh BUILD_DIR
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>
#include <linux/input-event-codes.h>

#include <libweston/libweston.h>
#include <wayland-server-core.h>
#include <wayland-server-protocol.h>

/* libweston-10 exports these but installs no header for them (libweston/backend.h and
 * libweston-internal.h in weston's tree); the prototypes are those of weston 10.0. */
void notify_motion_absolute(struct weston_seat *seat, const struct timespec *time, double x, double y);
void notify_button(struct weston_seat *seat, const struct timespec *time, int32_t button,
                   enum wl_pointer_button_state state);
void notify_pointer_frame(struct weston_seat *seat);
void notify_key(struct weston_seat *seat, const struct timespec *time, uint32_t key,
                enum wl_keyboard_key_state state, enum weston_key_state_update update_state);
void notify_touch_normalized(struct weston_touch_device *device, const struct timespec *time,
                             int touch_id, double x, double y,
                             const struct weston_point2d_device_normalized *norm, int touch_type);
void notify_touch_frame(struct weston_touch_device *device);
void notify_touch_cancel(struct weston_touch_device *device);
void weston_seat_init(struct weston_seat *seat, struct weston_compositor *ec, const char *seat_name);
void weston_seat_release(struct weston_seat *seat);
int weston_seat_init_pointer(struct weston_seat *seat);
void weston_seat_release_pointer(struct weston_seat *seat);
int weston_seat_init_keyboard(struct weston_seat *seat, struct xkb_keymap *keymap);
void weston_seat_release_keyboard(struct weston_seat *seat);
int weston_seat_init_touch(struct weston_seat *seat);
void weston_seat_release_touch(struct weston_seat *seat);
struct weston_touch_device *weston_touch_create_touch_device(struct weston_touch *touch,
                                                             const char *syspath, void *backend_data,
                                                             const struct weston_touch_device_ops *ops);
void weston_touch_device_destroy(struct weston_touch_device *device);

#define CAP_POINTER 1
#define CAP_KEYBOARD 2
#define CAP_TOUCH 4

struct capture {
    struct wl_listener frame;
    struct weston_output *output;
    char path[512];
    int pending;
};

struct test_input {
    struct weston_compositor *compositor;
    struct weston_seat seat;
    struct weston_touch_device *touch_device;
    int caps;
    int fifo;
    char fifo_path[512];
    struct wl_event_source *source;
    struct wl_listener destroy;
    char line[1024];
    size_t used;
    struct capture capture;
};

static void now(struct timespec *ts) { clock_gettime(CLOCK_MONOTONIC, ts); }

static void set_caps(struct test_input *t, int caps)
{
    if ((caps & CAP_POINTER) && !(t->caps & CAP_POINTER))
        weston_seat_init_pointer(&t->seat);
    if (!(caps & CAP_POINTER) && (t->caps & CAP_POINTER))
        weston_seat_release_pointer(&t->seat);
    if ((caps & CAP_KEYBOARD) && !(t->caps & CAP_KEYBOARD))
        weston_seat_init_keyboard(&t->seat, NULL);
    if (!(caps & CAP_KEYBOARD) && (t->caps & CAP_KEYBOARD))
        weston_seat_release_keyboard(&t->seat);
    if ((caps & CAP_TOUCH) && !(t->caps & CAP_TOUCH)) {
        weston_seat_init_touch(&t->seat);
        t->touch_device = weston_touch_create_touch_device(
            weston_seat_get_touch(&t->seat), "kiosk-test-touch", NULL, NULL);
    }
    if (!(caps & CAP_TOUCH) && (t->caps & CAP_TOUCH)) {
        if (t->touch_device)
            weston_touch_device_destroy(t->touch_device);
        t->touch_device = NULL;
        weston_seat_release_touch(&t->seat);
    }
    t->caps = caps;
}

static int parse_caps(const char *text)
{
    int caps = 0;
    if (strstr(text, "all"))
        return CAP_POINTER | CAP_KEYBOARD | CAP_TOUCH;
    if (strstr(text, "pointer"))
        caps |= CAP_POINTER;
    if (strstr(text, "keyboard"))
        caps |= CAP_KEYBOARD;
    if (strstr(text, "touch"))
        caps |= CAP_TOUCH;
    return caps;
}

static void write_capture(struct capture *c)
{
    struct weston_output *output = c->output;
    struct weston_compositor *compositor = output->compositor;
    int width = output->current_mode->width;
    int height = output->current_mode->height;
    uint32_t *pixels = malloc((size_t)width * height * 4);
    if (!pixels)
        return;
    pixman_format_code_t format = compositor->read_format;
    if (compositor->renderer->read_pixels(output, format, pixels, 0, 0, width, height) < 0) {
        weston_log("kiosk-test: read_pixels failed\n");
        free(pixels);
        return;
    }
    char tmp[600];
    snprintf(tmp, sizeof tmp, "%s.tmp", c->path);
    FILE *f = fopen(tmp, "wb");
    if (!f) {
        weston_log("kiosk-test: cannot write %s: %s\n", tmp, strerror(errno));
        free(pixels);
        return;
    }
    fprintf(f, "P6\n%d %d\n255\n", width, height);
    int abgr = PIXMAN_FORMAT_TYPE(format) == PIXMAN_TYPE_ABGR;
    for (int i = 0; i < width * height; i++) {
        uint32_t p = pixels[i];
        unsigned char rgb[3] = {(p >> 16) & 0xff, (p >> 8) & 0xff, p & 0xff};
        if (abgr) {
            rgb[0] = p & 0xff;
            rgb[2] = (p >> 16) & 0xff;
        }
        fwrite(rgb, 1, 3, f);
    }
    fclose(f);
    free(pixels);
    rename(tmp, c->path);
    weston_log("kiosk-test: captured %dx%d into %s\n", width, height, c->path);
}

static void capture_frame(struct wl_listener *listener, void *data)
{
    struct capture *c = wl_container_of(listener, c, frame);
    (void)data;
    wl_list_remove(&c->frame.link);
    c->pending = 0;
    write_capture(c);
}

static void start_capture(struct test_input *t, const char *path)
{
    struct capture *c = &t->capture;
    if (c->pending || wl_list_empty(&t->compositor->output_list))
        return;
    c->output = wl_container_of(t->compositor->output_list.next, c->output, link);
    snprintf(c->path, sizeof c->path, "%s", path);
    c->frame.notify = capture_frame;
    wl_signal_add(&c->output->frame_signal, &c->frame);
    c->pending = 1;
    /* Read after a fresh repaint, as weston's screenshooter does. */
    weston_compositor_damage_all(t->compositor);
}

static void run_command(struct test_input *t, char *line)
{
    struct timespec ts;
    int id, code;
    double x, y;
    char word[64], path[512];
    now(&ts);
    weston_log("kiosk-test: %s\n", line);

    if (sscanf(line, "touch down %d %lf %lf", &id, &x, &y) == 3 && t->touch_device)
        notify_touch_normalized(t->touch_device, &ts, id, x, y, NULL, WL_TOUCH_DOWN);
    else if (sscanf(line, "touch motion %d %lf %lf", &id, &x, &y) == 3 && t->touch_device)
        notify_touch_normalized(t->touch_device, &ts, id, x, y, NULL, WL_TOUCH_MOTION);
    else if (sscanf(line, "touch up %d", &id) == 1 && t->touch_device)
        notify_touch_normalized(t->touch_device, &ts, id, 0, 0, NULL, WL_TOUCH_UP);
    else if (strcmp(line, "touch frame") == 0 && t->touch_device)
        notify_touch_frame(t->touch_device);
    else if (strcmp(line, "touch cancel") == 0 && t->touch_device)
        notify_touch_cancel(t->touch_device);
    else if (sscanf(line, "pointer move %lf %lf", &x, &y) == 2 && (t->caps & CAP_POINTER)) {
        notify_motion_absolute(&t->seat, &ts, x, y);
        notify_pointer_frame(&t->seat);
    } else if (sscanf(line, "button %63s", word) == 1 && (t->caps & CAP_POINTER)) {
        code = BTN_LEFT;
        sscanf(line, "button %*s %d", &code);
        notify_button(&t->seat, &ts, code,
                      strcmp(word, "down") == 0 ? WL_POINTER_BUTTON_STATE_PRESSED
                                                : WL_POINTER_BUTTON_STATE_RELEASED);
        notify_pointer_frame(&t->seat);
    } else if (sscanf(line, "key %63s %d", word, &code) == 2 && (t->caps & CAP_KEYBOARD))
        notify_key(&t->seat, &ts, code,
                   strcmp(word, "down") == 0 ? WL_KEYBOARD_KEY_STATE_PRESSED
                                             : WL_KEYBOARD_KEY_STATE_RELEASED,
                   STATE_UPDATE_AUTOMATIC);
    else if (sscanf(line, "seat caps %63s", word) == 1)
        set_caps(t, strcmp(word, "none") == 0 ? 0 : parse_caps(word));
    else if (sscanf(line, "capture %511s", path) == 1)
        start_capture(t, path);
    else
        weston_log("kiosk-test: ignored (unknown command or device missing): %s\n", line);
}

static int fifo_readable(int fd, uint32_t mask, void *data)
{
    struct test_input *t = data;
    (void)mask;
    for (;;) {
        ssize_t n = read(fd, t->line + t->used, sizeof t->line - 1 - t->used);
        if (n <= 0)
            break;
        t->used += (size_t)n;
        t->line[t->used] = '\0';
        char *start = t->line, *end;
        while ((end = strchr(start, '\n'))) {
            *end = '\0';
            if (*start)
                run_command(t, start);
            start = end + 1;
        }
        t->used = strlen(start);
        memmove(t->line, start, t->used + 1);
        if (t->used == sizeof t->line - 1)
            t->used = 0; /* an overlong line is dropped */
    }
    return 0;
}

static void compositor_destroyed(struct wl_listener *listener, void *data)
{
    struct test_input *t = wl_container_of(listener, t, destroy);
    (void)data;
    if (t->capture.pending)
        wl_list_remove(&t->capture.frame.link);
    wl_event_source_remove(t->source);
    close(t->fifo);
    unlink(t->fifo_path);
    set_caps(t, 0);
    weston_seat_release(&t->seat);
    free(t);
}

WL_EXPORT int wet_module_init(struct weston_compositor *compositor, int *argc, char *argv[])
{
    (void)argc;
    (void)argv;
    struct test_input *t = calloc(1, sizeof *t);
    if (!t)
        return -1;
    t->compositor = compositor;
    const char *fifo = getenv("KIOSK_TEST_FIFO");
    const char *runtime = getenv("XDG_RUNTIME_DIR");
    if (fifo)
        snprintf(t->fifo_path, sizeof t->fifo_path, "%s", fifo);
    else
        snprintf(t->fifo_path, sizeof t->fifo_path, "%s/kiosk-test-input", runtime ? runtime : "/tmp");
    unlink(t->fifo_path);
    if (mkfifo(t->fifo_path, 0600) < 0) {
        weston_log("kiosk-test: mkfifo %s: %s\n", t->fifo_path, strerror(errno));
        free(t);
        return -1;
    }
    /* O_RDWR: the FIFO never reports EOF when a writer closes. */
    t->fifo = open(t->fifo_path, O_RDWR | O_NONBLOCK | O_CLOEXEC);
    if (t->fifo < 0) {
        weston_log("kiosk-test: open %s: %s\n", t->fifo_path, strerror(errno));
        free(t);
        return -1;
    }
    weston_seat_init(&t->seat, compositor, "kiosk-test");
    set_caps(t, CAP_POINTER | CAP_KEYBOARD | CAP_TOUCH);
    t->source = wl_event_loop_add_fd(wl_display_get_event_loop(compositor->wl_display), t->fifo,
                                     WL_EVENT_READABLE, fifo_readable, t);
    t->destroy.notify = compositor_destroyed;
    weston_compositor_add_destroy_listener_once(compositor, &t->destroy, compositor_destroyed);
    weston_log("kiosk-test: seat with pointer, keyboard and touch; commands from %s\n", t->fifo_path);
    return 0;
}
