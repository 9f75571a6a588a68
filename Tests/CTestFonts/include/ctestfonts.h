#ifndef CTESTFONTS_H
#define CTESTFONTS_H

/* 1 once the test binary has pinned fontconfig to Tests/Fonts/fonts.conf (at load time). */
int ks_test_fonts_pinned(void);

#endif
