#define PCRE2_CODE_UNIT_WIDTH 8
#include <pcre2.h>

#include "CPCRE2.h"

void *sdk_pattern_compile(const char *pattern, size_t length, char *error, size_t error_size, size_t *error_offset) {
    int code = 0;
    PCRE2_SIZE offset = 0;
    pcre2_code *compiled = pcre2_compile((PCRE2_SPTR)pattern, length, PCRE2_UTF | PCRE2_UCP, &code, &offset, NULL);
    if (compiled == NULL) {
        pcre2_get_error_message(code, (PCRE2_UCHAR *)error, error_size);
        *error_offset = offset;
    }
    return compiled;
}

int sdk_pattern_search(void *code, const char *subject, size_t length, uint32_t match_limit) {
    pcre2_match_context *context = pcre2_match_context_create(NULL);
    pcre2_match_data *data = pcre2_match_data_create_from_pattern((pcre2_code *)code, NULL);
    if (context == NULL || data == NULL) {
        pcre2_match_context_free(context);
        pcre2_match_data_free(data);
        return -2;
    }
    pcre2_set_match_limit(context, match_limit);
    // Depth bounds the memory of nested backtracking the same way.
    pcre2_set_depth_limit(context, match_limit);
    int result = pcre2_match((pcre2_code *)code, (PCRE2_SPTR)subject, length, 0, 0, data, context);
    pcre2_match_data_free(data);
    pcre2_match_context_free(context);
    if (result >= 0) return 1;
    if (result == PCRE2_ERROR_NOMATCH) return 0;
    if (result == PCRE2_ERROR_MATCHLIMIT || result == PCRE2_ERROR_DEPTHLIMIT || result == PCRE2_ERROR_HEAPLIMIT) return -1;
    return -2;
}

void sdk_pattern_free(void *code) { pcre2_code_free((pcre2_code *)code); }
