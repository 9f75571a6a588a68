// libcrypt (libxcrypt, libcrypt1: essential in Debian) for the PINs of locked pages: crypt_rn
// verifies a PIN against its hash, crypt_gensalt makes a yescrypt setting for `hash-pin`.
#include <crypt.h>
