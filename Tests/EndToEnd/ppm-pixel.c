/*
 * ppm-pixel FILE [X Y]: prints "WIDTH HEIGHT" of a binary PPM (P6, maxval 255), and with X Y the
 * pixel there as "RRGGBB". Lets the shell harness check screenshots without Python or ImageMagick.
 */
#include <stdio.h>
#include <stdlib.h>

static int number(FILE *f)
{
    int c, n = 0;
    while ((c = fgetc(f)) != EOF) {
        if (c == '#')
            while ((c = fgetc(f)) != EOF && c != '\n')
                ;
        else if (c >= '0' && c <= '9')
            break;
    }
    if (c == EOF)
        return -1;
    do
        n = n * 10 + (c - '0');
    while ((c = fgetc(f)) >= '0' && c <= '9');
    return n;
}

int main(int argc, char **argv)
{
    if (argc != 2 && argc != 4) {
        fprintf(stderr, "usage: ppm-pixel FILE [X Y]\n");
        return 2;
    }
    FILE *f = fopen(argv[1], "rb");
    if (!f || fgetc(f) != 'P' || fgetc(f) != '6') {
        fprintf(stderr, "ppm-pixel: %s is not a binary PPM\n", argv[1]);
        return 1;
    }
    int width = number(f), height = number(f), maxval = number(f);
    if (width <= 0 || height <= 0 || maxval != 255) {
        fprintf(stderr, "ppm-pixel: unsupported header in %s\n", argv[1]);
        return 1;
    }
    if (argc == 2) {
        printf("%d %d\n", width, height);
        return 0;
    }
    long x = atol(argv[2]), y = atol(argv[3]);
    if (x < 0 || y < 0 || x >= width || y >= height) {
        fprintf(stderr, "ppm-pixel: %ld,%ld is outside %dx%d\n", x, y, width, height);
        return 1;
    }
    /* One whitespace byte ends the header. */
    long start = ftell(f);
    if (fseek(f, start + (y * width + x) * 3, SEEK_SET) != 0)
        return 1;
    unsigned char rgb[3];
    if (fread(rgb, 1, 3, f) != 3)
        return 1;
    printf("%02X%02X%02X\n", rgb[0], rgb[1], rgb[2]);
    return 0;
}
