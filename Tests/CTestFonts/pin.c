/* Pins fontconfig to the test fonts (Tests/Fonts/fonts.conf: DejaVu Sans Book and Bold) when the
 * test binary loads, before any test runs. fontconfig reads its configuration once per process,
 * so pinning it from a test (or from a lazily made fixture) is too late whenever another test has
 * drawn text first: a plain `swift test` then renders with the machine's own fonts and the golden
 * images differ. Child processes the tests start (kiosk-shell render) inherit it. */
#include <stdlib.h>
#include <string.h>

#include "ctestfonts.h"

static int pinned;

__attribute__((constructor)) static void pin_test_fonts(void) {
    /* __FILE__ is this file's absolute path as the package build passes it. */
    static const char self[] = __FILE__;
    static const char tail[] = "CTestFonts/pin.c";
    static const char conf[] = "Fonts/fonts.conf";
    size_t length = strlen(self);
    if (length < strlen(tail) || strcmp(self + length - strlen(tail), tail) != 0) return;
    size_t base = length - strlen(tail);
    char path[4096];
    if (base + sizeof conf > sizeof path) return;
    memcpy(path, self, base);
    memcpy(path + base, conf, sizeof conf);
    setenv("FONTCONFIG_FILE", path, 1);
    pinned = 1;
}

int ks_test_fonts_pinned(void) { return pinned; }
