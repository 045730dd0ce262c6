// Counts the process's heap allocations, for Benchmarks/wire.py: loaded with LD_PRELOAD (Linux, glibc), it
// forwards malloc, calloc, realloc and the aligned allocators to glibc's own and counts each call. The
// benchmark reads the count through `allocation_count()`, found with dlsym; without the library it reports none.
#include <stdatomic.h>
#include <stddef.h>
#include <errno.h>

extern void *__libc_malloc(size_t size);
extern void *__libc_calloc(size_t count, size_t size);
extern void *__libc_realloc(void *pointer, size_t size);
extern void *__libc_memalign(size_t alignment, size_t size);

static atomic_ulong allocations;

unsigned long allocation_count(void) { return atomic_load_explicit(&allocations, memory_order_relaxed); }

static void counted(void) { atomic_fetch_add_explicit(&allocations, 1, memory_order_relaxed); }

void *malloc(size_t size) {
    counted();
    return __libc_malloc(size);
}

void *calloc(size_t count, size_t size) {
    counted();
    return __libc_calloc(count, size);
}

void *realloc(void *pointer, size_t size) {
    counted();
    return __libc_realloc(pointer, size);
}

void *memalign(size_t alignment, size_t size) {
    counted();
    return __libc_memalign(alignment, size);
}

void *aligned_alloc(size_t alignment, size_t size) {
    counted();
    return __libc_memalign(alignment, size);
}

int posix_memalign(void **result, size_t alignment, size_t size) {
    counted();
    void *pointer = __libc_memalign(alignment, size);
    if (pointer == NULL) return ENOMEM;
    *result = pointer;
    return 0;
}
