#include "CCrypto.h"

#include <openssl/evp.h>
#include <openssl/rand.h>

int sdk_sha256(const void *data, size_t length, unsigned char *digest) {
    unsigned int written = 0;
    return EVP_Digest(data, length, digest, &written, EVP_sha256(), NULL) == 1 && written == 32;
}

int sdk_random_bytes(void *buffer, size_t length) {
    if (length > 0x7fffffff) return 0;
    return RAND_bytes((unsigned char *)buffer, (int)length) == 1;
}
