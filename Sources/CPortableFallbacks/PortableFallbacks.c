// The one reading of SPRINGBENCH_PORTABLE_FALLBACKS (include/CPortableFallbacks.h).
#include "CPortableFallbacks.h"

#include <pthread.h>
#include <stdlib.h>

static int forced;
static pthread_once_t read_once = PTHREAD_ONCE_INIT;

static void read_environment(void) {
    const char *value = getenv("SPRINGBENCH_PORTABLE_FALLBACKS");
    forced = value != NULL && value[0] != 0 && !(value[0] == '0' && value[1] == 0);
}

int springbench_portable_fallbacks_forced(void) {
    pthread_once(&read_once, read_environment);
    return forced;
}
