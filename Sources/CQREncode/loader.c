// Ownership: the library handle from dlopen is kept for the life of the process (never
// dlclose'd); the function pointers point into it. They are written once under pthread_once and
// only read after. A KioskQRCode from kiosk_qrencode_encode belongs to the caller until
// kiosk_qrencode_free.
#include "CQREncode.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>

// libqrencode's QRencodeMode: QR_MODE_8 (bytes) lets it pick tighter modes for runs of digits
// and capitals.
enum { QR_MODE_8 = 2 };

static KioskQRCode *(*loaded_encodeString)(const char *string, int version, int level, int hint, int casesensitive);
static void (*loaded_free)(KioskQRCode *code);

static const char *problem;
static char reason[256];
static pthread_once_t once = PTHREAD_ONCE_INIT;

static void load(void) {
    void *library = dlopen("libqrencode.so.4", RTLD_NOW | RTLD_LOCAL);
    if (!library) {
        const char *why = dlerror();
        snprintf(reason, sizeof reason, "cannot load libqrencode.so.4 (install libqrencode4): %s", why ? why : "?");
        problem = reason;
        return;
    }
    if (!(*(void **)&loaded_encodeString = dlsym(library, "QRcode_encodeString")) ||
        !(*(void **)&loaded_free = dlsym(library, "QRcode_free"))) {
        snprintf(reason, sizeof reason, "libqrencode.so.4 has no QRcode_encodeString or QRcode_free");
        problem = reason;
    }
}

const char *kiosk_qrencode_load(void) {
    pthread_once(&once, load);
    return problem;
}

KioskQRCode *kiosk_qrencode_encode(const char *text, KioskQRLevel level) {
    return loaded_encodeString(text, 0, (int)level, QR_MODE_8, 1);
}

void kiosk_qrencode_free(KioskQRCode *code) { loaded_free(code); }
