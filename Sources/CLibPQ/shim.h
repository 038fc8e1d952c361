// PostgreSQL's C client library (Debian: libpq-dev; pkg-config libpq), for
// ResultsHistoryPostgreSQL with the package trait PostgreSQL only.
#include <libpq-fe.h>
