#ifndef KIOSK_CPANGOCAIRO_H
#define KIOSK_CPANGOCAIRO_H
#include <cairo.h>
#include <pango/pangocairo.h>
#endif
