#ifndef SDKBENCH_CPCRE2_H
#define SDKBENCH_CPCRE2_H

// PCRE2 (8-bit) behind fixed functions: its API names are macros Swift cannot call. `expect …
// matches` uses it because its match limit bounds backtracking: Swift's Regex has no budget and
// is not cancellable, and `^(a+)+$` against 30 `a`s and a `!` ran for ten minutes on it.
#include <stddef.h>
#include <stdint.h>

/// Compiles a UTF-8 pattern (UTF and Unicode properties on). NULL on error, with the message
/// in `error` and its 0-based offset in `error_offset`.
void *sdk_pattern_compile(const char *pattern, size_t length, char *error, size_t error_size, size_t *error_offset);
/// Searches `subject` for the pattern, giving up after `match_limit` backtracking steps:
/// 1 found, 0 not found, -1 the limit was reached, -2 any other failure.
int sdk_pattern_search(void *code, const char *subject, size_t length, uint32_t match_limit);
void sdk_pattern_free(void *code);

#endif
