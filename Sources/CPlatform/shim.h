// Linux headers Glibc's Swift module does not cover: epoll, timerfd, signalfd, mallopt, inotify.
#include <sys/epoll.h>
#include <sys/timerfd.h>
#include <sys/signalfd.h>
#include <sys/inotify.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <signal.h>
#include <malloc.h>
