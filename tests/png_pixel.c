/* png_pixel FILE X Y...: prints "R G B" (0-255) of each pixel (X, Y) of a
 * PNG, for the picture tests; "size W H" with no coordinates.
 * png_pixel FILE count R G B: prints how many pixels have that colour
 * (each channel within 8), to find a plot's curves by their colours. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cairo.h>

int main(int argc, char **argv)
{
    int count = argc == 6 && !strcmp(argv[2], "count");
    if (argc < 2 || (argc % 2 && !count)) {
        fprintf(stderr, "usage: png_pixel FILE [X Y]... | FILE count R G B\n");
        return 2;
    }
    cairo_surface_t *s = cairo_image_surface_create_from_png(argv[1]);
    if (cairo_surface_status(s) != CAIRO_STATUS_SUCCESS) {
        fprintf(stderr, "png_pixel: %s: %s\n", argv[1],
                cairo_status_to_string(cairo_surface_status(s)));
        return 1;
    }
    int w = cairo_image_surface_get_width(s), h = cairo_image_surface_get_height(s);
    if (argc == 2)
        printf("size %d %d\n", w, h);
    const unsigned char *data = cairo_image_surface_get_data(s);
    int stride = cairo_image_surface_get_stride(s);
    if (count) {
        int want[3] = { atoi(argv[3]), atoi(argv[4]), atoi(argv[5]) };
        long n = 0;
        for (int y = 0; y < h; y++)
            for (int x = 0; x < w; x++) {
                unsigned int px = *(const unsigned int *)(const void *)(data + y * stride + 4 * x);
                int got[3] = { (int)(px >> 16) & 255, (int)(px >> 8) & 255, (int)px & 255 };
                n += abs(got[0] - want[0]) <= 8 && abs(got[1] - want[1]) <= 8 &&
                     abs(got[2] - want[2]) <= 8;
            }
        printf("%ld\n", n);
        cairo_surface_destroy(s);
        return 0;
    }
    for (int k = 2; k + 1 < argc; k += 2) {
        int x = atoi(argv[k]), y = atoi(argv[k + 1]);
        if (x < 0 || y < 0 || x >= w || y >= h) {
            fprintf(stderr, "png_pixel: (%d, %d) is outside %d x %d\n", x, y, w, h);
            return 1;
        }
        /* Cairo's 32-bit pixels are native-endian 0xAARRGGBB. */
        unsigned int px = *(const unsigned int *)(const void *)(data + y * stride + 4 * x);
        printf("%u %u %u\n", (px >> 16) & 255, (px >> 8) & 255, px & 255);
    }
    cairo_surface_destroy(s);
    return 0;
}
