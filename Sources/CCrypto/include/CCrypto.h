#ifndef SDKBENCH_CCRYPTO_H
#define SDKBENCH_CCRYPTO_H

#include <stddef.h>

/// SHA-256 of `length` bytes at `data` into the 32 bytes at `digest`. Returns 1 on success.
int sdk_sha256(const void *data, size_t length, unsigned char *digest);

/// Fills `length` bytes at `buffer` from OpenSSL's CSPRNG. Returns 1 on success.
int sdk_random_bytes(void *buffer, size_t length);

#endif
