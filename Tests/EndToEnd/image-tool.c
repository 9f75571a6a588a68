/*
 * kiosk-image: what the shell harness needs from screenshots, without Python or ImageMagick.
 * Reads binary PPM (P6, maxval 255: weston module captures, grim -t ppm) and PNG (through cairo:
 * `kiosk-shell render` output).
 *
 *   kiosk-image size FILE                      -> "WIDTH HEIGHT"
 *   kiosk-image pixel FILE X Y                 -> "RRGGBB"
 *   kiosk-image mean FILE X Y W H              -> "RRGGBB", the region's average colour
 *   kiosk-image compare A B [X Y W H]          -> "DIFFERENT TOTAL MAXDIFF": pixels of the region
 *                                                 (default: all) whose largest channel difference
 *                                                 exceeds 8, the pixel count, the largest difference
 *                                                 (exit 1 when the sizes differ)
 *   kiosk-image png IN OUT.png                 -> writes IN as a PNG
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cairo.h>

struct image {
    int width, height;
    unsigned char *rgb; /* width * height * 3 */
};

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

static int load_ppm(const char *path, FILE *f, struct image *image)
{
    int width = number(f), height = number(f), maxval = number(f);
    if (width <= 0 || height <= 0 || maxval != 255) {
        fprintf(stderr, "kiosk-image: unsupported PPM header in %s\n", path);
        return -1;
    }
    size_t size = (size_t)width * height * 3;
    image->rgb = malloc(size);
    if (!image->rgb || fread(image->rgb, 1, size, f) != size) {
        fprintf(stderr, "kiosk-image: %s is truncated\n", path);
        return -1;
    }
    image->width = width;
    image->height = height;
    return 0;
}

static int load_png(const char *path, struct image *image)
{
    cairo_surface_t *surface = cairo_image_surface_create_from_png(path);
    if (cairo_surface_status(surface) != CAIRO_STATUS_SUCCESS) {
        fprintf(stderr, "kiosk-image: cannot read %s: %s\n", path,
                cairo_status_to_string(cairo_surface_status(surface)));
        cairo_surface_destroy(surface);
        return -1;
    }
    cairo_surface_flush(surface);
    int width = cairo_image_surface_get_width(surface);
    int height = cairo_image_surface_get_height(surface);
    int stride = cairo_image_surface_get_stride(surface);
    const unsigned char *data = cairo_image_surface_get_data(surface);
    image->rgb = malloc((size_t)width * height * 3);
    if (!image->rgb) {
        cairo_surface_destroy(surface);
        return -1;
    }
    /* Kiosk frames are opaque: premultiplied ARGB32 and RGB24 both hold the colour as is. */
    for (int y = 0; y < height; y++) {
        const uint32_t *row = (const uint32_t *)(data + (size_t)y * stride);
        for (int x = 0; x < width; x++) {
            unsigned char *p = image->rgb + ((size_t)y * width + x) * 3;
            p[0] = (row[x] >> 16) & 0xff;
            p[1] = (row[x] >> 8) & 0xff;
            p[2] = row[x] & 0xff;
        }
    }
    image->width = width;
    image->height = height;
    cairo_surface_destroy(surface);
    return 0;
}

static int load(const char *path, struct image *image)
{
    FILE *f = fopen(path, "rb");
    if (!f) {
        fprintf(stderr, "kiosk-image: cannot open %s\n", path);
        return -1;
    }
    int a = fgetc(f), b = fgetc(f);
    int result;
    if (a == 'P' && b == '6')
        result = load_ppm(path, f, image);
    else if (a == 0x89 && b == 'P') {
        fclose(f);
        return load_png(path, image);
    } else {
        fprintf(stderr, "kiosk-image: %s is neither a binary PPM nor a PNG\n", path);
        result = -1;
    }
    fclose(f);
    return result;
}

static int region(char **argv, const struct image *image, int *x, int *y, int *w, int *h)
{
    *x = atoi(argv[0]);
    *y = atoi(argv[1]);
    *w = atoi(argv[2]);
    *h = atoi(argv[3]);
    if (*x < 0 || *y < 0 || *w <= 0 || *h <= 0 || *x + *w > image->width || *y + *h > image->height) {
        fprintf(stderr, "kiosk-image: region %d,%d %dx%d is outside %dx%d\n", *x, *y, *w, *h,
                image->width, image->height);
        return -1;
    }
    return 0;
}

static int write_png(const struct image *image, const char *path)
{
    cairo_surface_t *surface = cairo_image_surface_create(CAIRO_FORMAT_RGB24, image->width, image->height);
    unsigned char *data = cairo_image_surface_get_data(surface);
    int stride = cairo_image_surface_get_stride(surface);
    for (int y = 0; y < image->height; y++) {
        uint32_t *row = (uint32_t *)(data + (size_t)y * stride);
        for (int x = 0; x < image->width; x++) {
            const unsigned char *p = image->rgb + ((size_t)y * image->width + x) * 3;
            row[x] = 0xff000000u | (uint32_t)p[0] << 16 | (uint32_t)p[1] << 8 | p[2];
        }
    }
    cairo_surface_mark_dirty(surface);
    cairo_status_t status = cairo_surface_write_to_png(surface, path);
    cairo_surface_destroy(surface);
    if (status != CAIRO_STATUS_SUCCESS) {
        fprintf(stderr, "kiosk-image: cannot write %s: %s\n", path, cairo_status_to_string(status));
        return -1;
    }
    return 0;
}

int main(int argc, char **argv)
{
    struct image a = {0}, b = {0};
    int x, y, w, h;
    if (argc == 3 && strcmp(argv[1], "size") == 0) {
        if (load(argv[2], &a) < 0)
            return 1;
        printf("%d %d\n", a.width, a.height);
    } else if (argc == 5 && strcmp(argv[1], "pixel") == 0) {
        if (load(argv[2], &a) < 0)
            return 1;
        x = atoi(argv[3]);
        y = atoi(argv[4]);
        if (x < 0 || y < 0 || x >= a.width || y >= a.height) {
            fprintf(stderr, "kiosk-image: %d,%d is outside %dx%d\n", x, y, a.width, a.height);
            return 1;
        }
        const unsigned char *p = a.rgb + ((size_t)y * a.width + x) * 3;
        printf("%02X%02X%02X\n", p[0], p[1], p[2]);
    } else if (argc == 7 && strcmp(argv[1], "mean") == 0) {
        if (load(argv[2], &a) < 0 || region(argv + 3, &a, &x, &y, &w, &h) < 0)
            return 1;
        double sum[3] = {0, 0, 0};
        for (int j = y; j < y + h; j++)
            for (int i = x; i < x + w; i++)
                for (int c = 0; c < 3; c++)
                    sum[c] += a.rgb[((size_t)j * a.width + i) * 3 + c];
        double n = (double)w * h;
        printf("%02X%02X%02X\n", (int)(sum[0] / n + 0.5), (int)(sum[1] / n + 0.5), (int)(sum[2] / n + 0.5));
    } else if ((argc == 4 || argc == 8) && strcmp(argv[1], "compare") == 0) {
        if (load(argv[2], &a) < 0 || load(argv[3], &b) < 0)
            return 1;
        if (a.width != b.width || a.height != b.height) {
            fprintf(stderr, "kiosk-image: %s is %dx%d, %s is %dx%d\n", argv[2], a.width, a.height, argv[3],
                    b.width, b.height);
            return 1;
        }
        x = 0, y = 0, w = a.width, h = a.height;
        if (argc == 8 && region(argv + 4, &a, &x, &y, &w, &h) < 0)
            return 1;
        long different = 0;
        int largest = 0;
        for (int j = y; j < y + h; j++)
            for (int i = x; i < x + w; i++) {
                int worst = 0;
                for (int c = 0; c < 3; c++) {
                    size_t k = ((size_t)j * a.width + i) * 3 + c;
                    int d = abs((int)a.rgb[k] - (int)b.rgb[k]);
                    if (d > worst)
                        worst = d;
                }
                if (worst > 8)
                    different++;
                if (worst > largest)
                    largest = worst;
            }
        printf("%ld %ld %d\n", different, (long)w * h, largest);
    } else if (argc == 4 && strcmp(argv[1], "png") == 0) {
        if (load(argv[2], &a) < 0 || write_png(&a, argv[3]) < 0)
            return 1;
    } else {
        fprintf(stderr, "usage: kiosk-image size|pixel|mean|compare|png ... (see image-tool.c)\n");
        return 2;
    }
    free(a.rgb);
    free(b.rgb);
    return 0;
}
