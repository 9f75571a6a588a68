// Linux headers Glibc's Swift module does not cover: epoll, timerfd, signalfd, mallopt, inotify,
// posix_spawn and pidfd.
#include <sys/epoll.h>
#include <sys/timerfd.h>
#include <sys/signalfd.h>
#include <sys/inotify.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <signal.h>
#include <malloc.h>
// Child processes: posix_spawn, waitpid, and pidfd_open (glibc 2.36) to reap them through epoll.
#include <spawn.h>
#include <sys/wait.h>
#include <sys/pidfd.h>
// pipe2 is declared only under _GNU_SOURCE, which Glibc's Swift module is not built with.
extern int pipe2(int pipefd[2], int flags);
