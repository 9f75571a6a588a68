// libmosquitto's client API (Debian: libmosquitto-dev). KioskControl drives the socket from its
// own epoll loop (mosquitto_loop_read/write/misc), never mosquitto_loop_start's thread.
#include <mosquitto.h>
