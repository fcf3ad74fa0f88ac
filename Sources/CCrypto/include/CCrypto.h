#ifndef SDKBENCH_CCRYPTO_H
#define SDKBENCH_CCRYPTO_H

#include <stddef.h>

/// SHA-256 of `length` bytes at `data` into the 32 bytes at `digest`. Returns 1 on success.
int sdk_sha256(const void *data, size_t length, unsigned char *digest);

/// Fills `length` bytes at `buffer` from OpenSSL's CSPRNG. Returns 1 on success.
int sdk_random_bytes(void *buffer, size_t length);

/// AES-256-CBC with PKCS#7 padding: 32-byte `key`, 16-byte `iv`. `capacity` must be at least
/// `length + 16`. Returns the number of bytes written to `output`, or -1 (bad padding, bad sizes).
long sdk_aes256cbc_encrypt(const unsigned char *key, const unsigned char *iv, const void *input, size_t length,
                           unsigned char *output, size_t capacity);
long sdk_aes256cbc_decrypt(const unsigned char *key, const unsigned char *iv, const void *input, size_t length,
                           unsigned char *output, size_t capacity);

#endif
