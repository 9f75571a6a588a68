// Linux headers Glibc's Swift module does not cover: epoll, timerfd, signalfd, mallopt.
#include <sys/epoll.h>
#include <sys/timerfd.h>
#include <sys/signalfd.h>
#include <signal.h>
#include <malloc.h>
