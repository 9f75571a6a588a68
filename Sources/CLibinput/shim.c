// Ownership: no allocations; the formatted message lives on the stack for the callback only.
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include "CLibinput.h"

static void trim_newlines(char *message) {
    size_t length = strlen(message);
    while (length > 0 && (message[length - 1] == '\n' || message[length - 1] == '\r'))
        message[--length] = '\0';
}

// Set once per context from the single event-loop thread, always to the same Swift function.
static kiosk_libinput_log_fn log_function;

static void format_and_forward(struct libinput *libinput, enum libinput_log_priority priority,
                               const char *format, va_list args) {
    if (!log_function) return;
    char message[512];
    vsnprintf(message, sizeof message, format, args);
    trim_newlines(message);
    log_function(libinput, (int)priority, message);
}

void kiosk_libinput_set_log_function(struct libinput *libinput, kiosk_libinput_log_fn function) {
    log_function = function;
    libinput_log_set_handler(libinput, format_and_forward);
    libinput_log_set_priority(libinput, LIBINPUT_LOG_PRIORITY_INFO);
}

static kiosk_xkb_log_fn xkb_log_function;

static void format_and_forward_xkb(struct xkb_context *context, enum xkb_log_level level,
                                   const char *format, va_list args) {
    if (!xkb_log_function) return;
    char message[512];
    vsnprintf(message, sizeof message, format, args);
    trim_newlines(message);
    xkb_log_function(context, (int)level, message);
}

void kiosk_xkb_set_log_function(struct xkb_context *context, kiosk_xkb_log_fn function) {
    xkb_log_function = function;
    xkb_context_set_log_fn(context, format_and_forward_xkb);
}
