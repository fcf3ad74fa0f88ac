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

/* One-shot AES-256-CBC with PKCS#7 padding through the EVP API (AES-NI when the CPU has it). */
static long sdk_aes256cbc(int encrypt, const unsigned char *key, const unsigned char *iv, const void *input,
                          size_t length, unsigned char *output, size_t capacity) {
    if (length > 0x7ffffff0 || capacity < length + 16) return -1;
    EVP_CIPHER_CTX *context = EVP_CIPHER_CTX_new();
    if (context == NULL) return -1;
    int written = 0, final = 0;
    long result = -1;
    if (EVP_CipherInit_ex(context, EVP_aes_256_cbc(), NULL, key, iv, encrypt) == 1 &&
        EVP_CipherUpdate(context, output, &written, input, (int)length) == 1 &&
        EVP_CipherFinal_ex(context, output + written, &final) == 1) {
        result = (long)written + final;
    }
    EVP_CIPHER_CTX_free(context);
    return result;
}

long sdk_aes256cbc_encrypt(const unsigned char *key, const unsigned char *iv, const void *input, size_t length,
                           unsigned char *output, size_t capacity) {
    return sdk_aes256cbc(1, key, iv, input, length, output, capacity);
}

long sdk_aes256cbc_decrypt(const unsigned char *key, const unsigned char *iv, const void *input, size_t length,
                           unsigned char *output, size_t capacity) {
    return sdk_aes256cbc(0, key, iv, input, length, output, capacity);
}
