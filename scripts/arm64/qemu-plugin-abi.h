// The few declarations of qemu's plugin API that insn-count.c and hot-blocks.c use. Debian ships
// no qemu-plugin.h: these are the plugin ABI of QEMU_PLUGIN_VERSION 1 (qemu 7.2, Debian 12's
// qemu-user), which later versions still load.
#ifndef KIOSK_QEMU_PLUGIN_ABI_H
#define KIOSK_QEMU_PLUGIN_ABI_H
#include <stddef.h>
#include <stdint.h>

typedef uint64_t qemu_plugin_id_t;
struct qemu_plugin_tb;
typedef struct qemu_info_t qemu_info_t;
enum qemu_plugin_cb_flags { QEMU_PLUGIN_CB_NO_REGS };

void qemu_plugin_register_vcpu_tb_trans_cb(qemu_plugin_id_t id,
    void (*callback)(qemu_plugin_id_t id, struct qemu_plugin_tb *tb));
size_t qemu_plugin_tb_n_insns(const struct qemu_plugin_tb *tb);
uint64_t qemu_plugin_tb_vaddr(const struct qemu_plugin_tb *tb);
void qemu_plugin_register_vcpu_tb_exec_cb(struct qemu_plugin_tb *tb,
    void (*callback)(unsigned int vcpu, void *data), enum qemu_plugin_cb_flags flags, void *data);
void qemu_plugin_register_atexit_cb(qemu_plugin_id_t id,
    void (*callback)(qemu_plugin_id_t id, void *data), void *data);
void qemu_plugin_outs(const char *text);

__attribute__((visibility("default"))) int qemu_plugin_version = 1;

#endif
