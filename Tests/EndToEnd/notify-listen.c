/* A stand-in for systemd's notification socket: binds an AF_UNIX datagram socket at PATH and
 * appends every message it receives to OUT, one field per line, then a line "--". Stops after
 * SECONDS (default 120) so a forgotten listener cannot outlive the harness.
 *   notify-listen PATH OUT [SECONDS] */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <sys/time.h>
#include <time.h>
#include <unistd.h>

int main(int argc, char **argv)
{
    if (argc < 3) {
        fprintf(stderr, "usage: notify-listen PATH OUT [SECONDS]\n");
        return 2;
    }
    double limit = argc > 3 ? atof(argv[3]) : 120;
    int fd = socket(AF_UNIX, SOCK_DGRAM | SOCK_CLOEXEC, 0);
    struct sockaddr_un address = { .sun_family = AF_UNIX };
    if (fd < 0 || strlen(argv[1]) >= sizeof address.sun_path) {
        perror("socket");
        return 1;
    }
    strcpy(address.sun_path, argv[1]);
    unlink(argv[1]);
    if (bind(fd, (struct sockaddr *)&address, sizeof address) != 0) {
        perror("bind");
        return 1;
    }
    struct timeval tick = { .tv_sec = 0, .tv_usec = 200000 };
    setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &tick, sizeof tick);
    time_t start = time(NULL);
    char buffer[4096];
    while (difftime(time(NULL), start) < limit) {
        ssize_t n = recv(fd, buffer, sizeof buffer - 1, 0);
        if (n <= 0)
            continue;
        buffer[n] = 0;
        FILE *out = fopen(argv[2], "a");
        if (!out)
            return 1;
        fprintf(out, "%s\n--\n", buffer);
        fclose(out);
    }
    unlink(argv[1]);
    return 0;
}
