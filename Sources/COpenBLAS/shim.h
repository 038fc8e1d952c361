// OpenBLAS's C interface. The include path comes from `pkg-config openblas`
// (Debian: /usr/include/<triplet>/openblas-pthread). cblas.h also declares
// OpenBLAS's own extensions used here: openblas_set_num_threads,
// openblas_get_num_threads, openblas_get_corename and openblas_get_config.
#include <cblas.h>
