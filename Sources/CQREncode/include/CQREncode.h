// libqrencode's encoder (Debian: libqrencode4), loaded with dlopen by the first
// kiosk_qrencode_load(): no -dev package is needed to build (the few declarations below are
// libqrencode 4's stable ABI), and a kiosk without a `qr` widget never maps the library.
#ifndef KIOSK_CQRENCODE_H
#define KIOSK_CQRENCODE_H

/// libqrencode's QRcode: `width` modules a side, `data` one byte per module, row by row; bit 0
/// of a byte set means a dark module.
typedef struct KioskQRCode {
    int version;
    int width;
    unsigned char *data;
} KioskQRCode;

/// libqrencode's QRecLevel: QR_ECLEVEL_L = 0, M, Q, H.
typedef enum { KIOSK_QR_LEVEL_L = 0, KIOSK_QR_LEVEL_M, KIOSK_QR_LEVEL_Q, KIOSK_QR_LEVEL_H } KioskQRLevel;

/// Loads libqrencode.so.4 and resolves the calls below, once (thread-safe). NULL when they are
/// ready, else a one-line reason (a static string).
const char *kiosk_qrencode_load(void);

/// QRcode_encodeString(text, 0, level, QR_MODE_8, 1): the smallest version that holds `text`
/// (UTF-8, case kept), numeric and alphanumeric runs packed tighter. NULL when it does not fit
/// (errno ERANGE) or on out-of-memory. Free with kiosk_qrencode_free. Call only after
/// kiosk_qrencode_load() returned NULL.
KioskQRCode *kiosk_qrencode_encode(const char *text, KioskQRLevel level);
void kiosk_qrencode_free(KioskQRCode *code);

#endif
