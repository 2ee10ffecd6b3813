#ifndef TH_FRESH_SEED_INC
#define TH_FRESH_SEED_INC
/* Internal to libTH and libTHC (not installed API): the seed of THRandom_seed and of THCRandom_seed
 * and THCRandom_seedAll. */
#include <fcntl.h>
#include <time.h>
#include <unistd.h>

/* A seed nobody chose: 8 bytes of the OS entropy source (/dev/urandom), else the clock. */
static inline unsigned long THRandom_freshSeed(void) {
  unsigned long seed = 0;
  int fd = open("/dev/urandom", O_RDONLY);
  if (fd >= 0) {
    ssize_t got = read(fd, &seed, sizeof seed);
    close(fd);
    if (got == (ssize_t)sizeof seed) return seed;
  }
  struct timespec ts;
  clock_gettime(CLOCK_REALTIME, &ts);
  return (unsigned long)ts.tv_sec * 1000000007UL ^ (unsigned long)ts.tv_nsec;
}

#endif
