// A TCG plugin for qemu-user that counts how often each translated block runs and prints, at
// exit, one line per block that ran: "blk VADDR INSTRUCTIONS EXECUTIONS". With the binary's
// symbols this says where a program's instructions go (scripts/arm64/hot-functions.sh); like
// insn-count.c it counts instructions, not time, so a loaded machine or a slow emulator does not
// change it.
//
//   qemu-aarch64 -plugin ./hot-blocks.so -d plugin -D blocks.log ./program ...
//
// The plugin API's declarations: qemu-plugin-abi.h.
#include <stdio.h>
#include <stdlib.h>
#include "qemu-plugin-abi.h"

typedef struct {
    uint64_t vaddr, instructions, executions;
} block;

// One record per translation (a block translated again gets a second record; the script adds
// them up by address). Enough for a kiosk-shell run many times over.
#define MAX_BLOCKS 4000000
static block *blocks;
static uint64_t translated;

// An atomic add: the compositor's band workers run on several guest threads at once.
static void block_executed(unsigned int vcpu, void *data) {
    (void)vcpu;
    __atomic_fetch_add(&((block *)data)->executions, 1, __ATOMIC_RELAXED);
}

static void block_translated(qemu_plugin_id_t id, struct qemu_plugin_tb *tb) {
    (void)id;
    uint64_t i = __atomic_fetch_add(&translated, 1, __ATOMIC_RELAXED);
    if (i >= MAX_BLOCKS) return;
    blocks[i].vaddr = qemu_plugin_tb_vaddr(tb);
    blocks[i].instructions = qemu_plugin_tb_n_insns(tb);
    qemu_plugin_register_vcpu_tb_exec_cb(tb, block_executed, QEMU_PLUGIN_CB_NO_REGS, &blocks[i]);
}

static void program_exited(qemu_plugin_id_t id, void *data) {
    (void)id;
    (void)data;
    uint64_t n = translated < MAX_BLOCKS ? translated : MAX_BLOCKS;
    char line[96];
    for (uint64_t i = 0; i < n; i++) {
        if (blocks[i].executions == 0) continue;
        snprintf(line, sizeof line, "blk %llx %llu %llu\n", (unsigned long long)blocks[i].vaddr,
            (unsigned long long)blocks[i].instructions, (unsigned long long)blocks[i].executions);
        qemu_plugin_outs(line);
    }
}

__attribute__((visibility("default"))) int qemu_plugin_install(
    qemu_plugin_id_t id, const qemu_info_t *info, int argc, char **argv) {
    (void)info;
    (void)argc;
    (void)argv;
    blocks = calloc(MAX_BLOCKS, sizeof(block));
    if (blocks == NULL) return -1;
    qemu_plugin_register_vcpu_tb_trans_cb(id, block_translated);
    qemu_plugin_register_atexit_cb(id, program_exited, NULL);
    return 0;
}
