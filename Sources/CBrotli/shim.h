// Brotli's decoder (Debian's libbrotli-dev), for `Content-Encoding: br` as URLSession decodes it.
#include <brotli/decode.h>
