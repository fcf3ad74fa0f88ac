#!/bin/bash

__sdkbench_cursor_index_in_current_word() {
    local remaining="${COMP_LINE}"

    local word
    for word in "${COMP_WORDS[@]::COMP_CWORD}"; do
        remaining="${remaining##*([[:space:]])"${word}"*([[:space:]])}"
    done

    local -ir index="$((COMP_POINT - ${#COMP_LINE} + ${#remaining}))"
    if [[ "${index}" -le 0 ]]; then
        printf 0
    else
        printf %s "${index}"
    fi
}

# positional arguments:
#
# - 1: the current (sub)command's count of positional arguments
#
# required variables:
#
# - repeating_flags: the repeating flags that the current (sub)command can accept
# - non_repeating_flags: the non-repeating flags that the current (sub)command can accept
# - repeating_options: the repeating options that the current (sub)command can accept
# - non_repeating_options: the non-repeating options that the current (sub)command can accept
# - positional_number: value ignored
# - unparsed_words: unparsed words from the current command line
#
# modified variables:
#
# - non_repeating_flags: remove flags for this (sub)command that are already on the command line
# - non_repeating_options: remove options for this (sub)command that are already on the command line
# - positional_number: set to the current positional number
# - unparsed_words: remove all flags, options, and option values for this (sub)command
__sdkbench_offer_flags_options() {
    local -ir positional_count="${1}"
    positional_number=0

    local was_flag_option_terminator_seen=false
    local is_parsing_option_value=false

    local -ar unparsed_word_indices=("${!unparsed_words[@]}")
    local -i word_index
    for word_index in "${unparsed_word_indices[@]}"; do
        if "${is_parsing_option_value}"; then
            # This word is an option value:
            # Reset marker for next word iff not currently the last word
            [[ "${word_index}" -ne "${unparsed_word_indices[${#unparsed_word_indices[@]} - 1]}" ]] && is_parsing_option_value=false
            unset "unparsed_words[${word_index}]"
            # Do not process this word as a flag or an option
            continue
        fi

        local word="${unparsed_words["${word_index}"]}"
        if ! "${was_flag_option_terminator_seen}"; then
            case "${word}" in
            --)
                unset "unparsed_words[${word_index}]"
                # by itself -- is a flag/option terminator, but if it is the last word, it is the start of a completion
                if [[ "${word_index}" -ne "${unparsed_word_indices[${#unparsed_word_indices[@]} - 1]}" ]]; then
                    was_flag_option_terminator_seen=true
                fi
                continue
                ;;
            -*)
                # ${word} is a flag or an option
                # If ${word} is an option, mark that the next word to be parsed is an option value
                local option
                for option in "${repeating_options[@]}" "${non_repeating_options[@]}"; do
                    [[ "${word}" = "${option}" ]] && is_parsing_option_value=true && break
                done

                # Remove ${word} from ${non_repeating_flags} or ${non_repeating_options} so it isn't offered again
                local not_found=true
                local -i index
                for index in "${!non_repeating_flags[@]}"; do
                    if [[ "${non_repeating_flags[${index}]}" = "${word}" ]]; then
                        unset "non_repeating_flags[${index}]"
                        non_repeating_flags=("${non_repeating_flags[@]}")
                        not_found=false
                        break
                    fi
                done
                if "${not_found}"; then
                    for index in "${!non_repeating_flags[@]}"; do
                        if [[ "${non_repeating_flags[${index}]}" = "${word}" ]]; then
                            unset "non_repeating_flags[${index}]"
                            non_repeating_flags=("${non_repeating_flags[@]}")
                            break
                        fi
                    done
                fi
                unset "unparsed_words[${word_index}]"
                continue
                ;;
            esac
        fi

        # ${word} is neither a flag, nor an option, nor an option value
        if [[ "${positional_number}" -lt "${positional_count}" || "${positional_count}" -lt 0 ]]; then
            # ${word} is a positional
            ((positional_number++))
            unset "unparsed_words[${word_index}]"
        else
            if [[ -z "${word}" ]]; then
                # Could be completing a flag, option, or subcommand
                positional_number=-1
            else
                # ${word} is a subcommand or invalid, so stop processing this (sub)command
                positional_number=-2
            fi
            break
        fi
    done

    unparsed_words=("${unparsed_words[@]}")

    if\
        ! "${was_flag_option_terminator_seen}"\
        && ! "${is_parsing_option_value}"\
        && [[ ("${cur}" = -* && "${positional_number}" -ge 0) || "${positional_number}" -eq -1 ]]
    then
        COMPREPLY+=($(compgen -W "${repeating_flags[*]} ${non_repeating_flags[*]} ${repeating_options[*]} ${non_repeating_options[*]}" -- "${cur}"))
    fi
}

__sdkbench_add_completions() {
    local completion
    while IFS='' read -r completion; do
        COMPREPLY+=("${completion}")
    done < <(IFS=$'\n' compgen "${@}" -- "${cur}")
}

__sdkbench_custom_complete() {
    if [[ -n "${cur}" || -z ${COMP_WORDS[${COMP_CWORD}]} || "${COMP_LINE:${COMP_POINT}:1}" != ' ' ]]; then
        local -ar words=("${COMP_WORDS[@]}")
    else
        local -ar words=("${COMP_WORDS[@]::${COMP_CWORD}}" '' "${COMP_WORDS[@]:${COMP_CWORD}}")
    fi

    "${COMP_WORDS[0]}" "${@}" "${words[@]}"
}

_sdkbench() {
    local state
    state="$(shopt -p;shopt -po)"
    trap "${state//$'\n'/;}" RETURN
    shopt -s extglob
    set +o history +o posix

    local -xr SAP_SHELL=bash
    local -x SAP_SHELL_VERSION
    SAP_SHELL_VERSION="$(IFS='.';printf %s "${BASH_VERSINFO[*]}")"
    local -r SAP_SHELL_VERSION

    local -r cur="${2}"
    local -r prev="${3}"

    local -i positional_number
    local -a unparsed_words=("${COMP_WORDS[@]:1:${COMP_CWORD}}")

    local -a repeating_flags=()
    local -a non_repeating_flags=(--no-color --version -h --help)
    local -a repeating_options=(-c)
    local -a non_repeating_options=(--home)
    __sdkbench_offer_flags_options 0

    # Offer option value completions
    case "${prev}" in
    '--home')
        __sdkbench_add_completions -d
        return
        ;;
    '-c')
        __sdkbench_add_completions -W "$(__sdkbench_custom_complete ---completion -- -c "${COMP_CWORD}" "$(__sdkbench_cursor_index_in_current_word)")"
        return
        ;;
    esac

    # Offer subcommand / subcommand argument completions
    local -r subcommand="${unparsed_words[0]}"
    unset 'unparsed_words[0]'
    unparsed_words=("${unparsed_words[@]}")
    case "${subcommand}" in
    run|test|check|load|serve|proxy|import|completions|help)
        # Offer subcommand argument completions
        "_sdkbench_${subcommand}"
        ;;
    *)
        # Offer subcommand completions
        COMPREPLY+=($(compgen -W 'run test check load serve proxy import completions help' -- "${cur}"))
        ;;
    esac
}

_sdkbench_run() {
    repeating_flags=()
    non_repeating_flags=(--no-color --keep-going --echo --allow-short --version -h --help)
    repeating_options=(--var --secret --vars-file --secrets-file)
    non_repeating_options=(--home --max-script-size)
    __sdkbench_offer_flags_options -1

    # Offer option value completions
    case "${prev}" in
    '--home')
        __sdkbench_add_completions -d
        return
        ;;
    '--max-script-size')
        return
        ;;
    '--var')
        return
        ;;
    '--secret')
        return
        ;;
    '--vars-file')
        __sdkbench_add_completions -f
        return
        ;;
    '--secrets-file')
        __sdkbench_add_completions -f
        return
        ;;
    esac

    # Offer positional completions
    case "${positional_number}" in
    *)
        __sdkbench_add_completions -o plusdirs -fX '!*.@(sdk)'
        return
        ;;
    esac
}

_sdkbench_test() {
    repeating_flags=()
    non_repeating_flags=(--no-color --fail-fast --allow-short --quiet --verbose --version -h --help)
    repeating_options=(--var --secret --vars-file --secrets-file)
    non_repeating_options=(--home --glob --jobs --timeout --retry --retry-interval --report-junit --report-tap --report-json --report-html --max-script-size)
    __sdkbench_offer_flags_options -1

    # Offer option value completions
    case "${prev}" in
    '--home')
        __sdkbench_add_completions -d
        return
        ;;
    '--glob')
        return
        ;;
    '--jobs')
        return
        ;;
    '--timeout')
        return
        ;;
    '--retry')
        return
        ;;
    '--retry-interval')
        return
        ;;
    '--report-junit')
        __sdkbench_add_completions -o plusdirs -fX '!*.@(xml)'
        return
        ;;
    '--report-tap')
        __sdkbench_add_completions -f
        return
        ;;
    '--report-json')
        __sdkbench_add_completions -o plusdirs -fX '!*.@(json)'
        return
        ;;
    '--report-html')
        __sdkbench_add_completions -d
        return
        ;;
    '--var')
        return
        ;;
    '--secret')
        return
        ;;
    '--vars-file')
        __sdkbench_add_completions -f
        return
        ;;
    '--secrets-file')
        __sdkbench_add_completions -f
        return
        ;;
    '--max-script-size')
        return
        ;;
    esac

    # Offer positional completions
    case "${positional_number}" in
    *)
        __sdkbench_add_completions -o plusdirs -fX '!*.@(sdk)'
        return
        ;;
    esac
}

_sdkbench_check() {
    repeating_flags=()
    non_repeating_flags=(--no-color --list --coverage --fail-fast --allow-short --quiet --verbose --version -h --help)
    repeating_options=(--only --var --secret --vars-file --secrets-file)
    non_repeating_options=(--home --server --print --request-timeout --jobs --timeout --retry --retry-interval --report-junit --report-tap --report-json --report-html)
    __sdkbench_offer_flags_options -1

    # Offer option value completions
    case "${prev}" in
    '--home')
        __sdkbench_add_completions -d
        return
        ;;
    '--server')
        return
        ;;
    '--only')
        __sdkbench_add_completions -W 'hamon.user.accepted'$'\n''hamon.events.accepted'$'\n''hamon.events.ten-in-one'$'\n''hamon.payload.undecryptable'$'\n''hamon.body.missing-payload'$'\n''hamon.events.missing-field'$'\n''hamon.route.unknown'$'\n''hamon.user.newer-keys'$'\n''hamon.user.refused-not-stored'$'\n''hamon.events.refused-not-counted'$'\n''perf.batch.accepted'$'\n''perf.batch.malformed'$'\n''perf.batch.kit-size'$'\n''perf.entry.kit-names'$'\n''perf.batch.refused-not-counted'$'\n''miataru.key.first-set'$'\n''miataru.key.change-needs-current'$'\n''miataru.key.change-with-current'$'\n''miataru.update.refused-write-not-stored'$'\n''miataru.update.refused-write-history-off-not-stored'$'\n''miataru.location.round-trip'$'\n''miataru.get.requester-key-required'$'\n''miataru.get.refused-read-no-visitor'$'\n''miataru.history.refused-read-no-visitor'$'\n''miataru.allowed.refused-write-not-stored'$'\n''miataru.allowed.location-access'$'\n''miataru.allowed.history-access'$'\n''miataru.allowed.not-listed'$'\n''miataru.allowed.empty-list-opens'$'\n''miataru.geojson.keyed-device-401'$'\n''miataru.v10.device-without-key'$'\n''miataru.delete.refused-delete-keeps-data'$'\n''miataru.delete.refused-delete-history-off-keeps-data'$'\n''miataru.delete.with-key'$'\n''miataru.visitors.owner-key'$'\n''miataru.response.error-shape'$'\n''miataru.response.ack-shape'$'\n''sift.upload.accepted'$'\n''sift.auth.wrong-key'$'\n''sift.auth.missing-key'$'\n''sift.body.not-gzip'$'\n''sift.body.not-list-request'$'\n''sift.event.non-string-field'$'\n''sift.batch.sdk-size'$'\n''sift.event.sdk-keys'$'\n''sift.upload.refused-not-counted'
        return
        ;;
    '--print')
        __sdkbench_add_completions -W 'hamon'$'\n''perf'$'\n''miataru'$'\n''sift'
        return
        ;;
    '--request-timeout')
        return
        ;;
    '--jobs')
        return
        ;;
    '--timeout')
        return
        ;;
    '--retry')
        return
        ;;
    '--retry-interval')
        return
        ;;
    '--report-junit')
        __sdkbench_add_completions -o plusdirs -fX '!*.@(xml)'
        return
        ;;
    '--report-tap')
        __sdkbench_add_completions -f
        return
        ;;
    '--report-json')
        __sdkbench_add_completions -o plusdirs -fX '!*.@(json)'
        return
        ;;
    '--report-html')
        __sdkbench_add_completions -d
        return
        ;;
    '--var')
        return
        ;;
    '--secret')
        return
        ;;
    '--vars-file')
        __sdkbench_add_completions -f
        return
        ;;
    '--secrets-file')
        __sdkbench_add_completions -f
        return
        ;;
    esac

    # Offer positional completions
    case "${positional_number}" in
    *)
        __sdkbench_add_completions -W 'hamon'$'\n''perf'$'\n''miataru'$'\n''sift'$'\n''all'
        return
        ;;
    esac
}

_sdkbench_load() {
    repeating_flags=()
    non_repeating_flags=(--version -h --help)
    repeating_options=()
    non_repeating_options=()
    __sdkbench_offer_flags_options 0

    # Offer subcommand / subcommand argument completions
    local -r subcommand="${unparsed_words[0]}"
    unset 'unparsed_words[0]'
    unparsed_words=("${unparsed_words[@]}")
    case "${subcommand}" in
    run|merge|k8s)
        # Offer subcommand argument completions
        "_sdkbench_load_${subcommand}"
        ;;
    *)
        # Offer subcommand completions
        COMPREPLY+=($(compgen -W 'run merge k8s' -- "${cur}"))
        ;;
    esac
}

_sdkbench_load_run() {
    repeating_flags=()
    non_repeating_flags=(--no-color --keep-state --quiet --allow-short --version -h --help)
    repeating_options=(--threshold --out --var --secret --vars-file --secrets-file)
    non_repeating_options=(--home --devices --iterations --duration --graceful-stop --think --idle-close --ramp-up --seed --rate --max-devices --max-script-size --segment --source-addresses --report-json --hdr-log --report-html)
    __sdkbench_offer_flags_options 1

    # Offer option value completions
    case "${prev}" in
    '--home')
        __sdkbench_add_completions -d
        return
        ;;
    '--devices')
        return
        ;;
    '--iterations')
        return
        ;;
    '--duration')
        return
        ;;
    '--graceful-stop')
        return
        ;;
    '--think')
        return
        ;;
    '--idle-close')
        return
        ;;
    '--ramp-up')
        return
        ;;
    '--seed')
        return
        ;;
    '--rate')
        return
        ;;
    '--max-devices')
        return
        ;;
    '--max-script-size')
        return
        ;;
    '--segment')
        return
        ;;
    '--source-addresses')
        return
        ;;
    '--threshold')
        return
        ;;
    '--out')
        __sdkbench_add_completions -W 'json='$'\n''html='$'\n''hdr='$'\n''progress'
        return
        ;;
    '--report-json')
        __sdkbench_add_completions -o plusdirs -fX '!*.@(json)'
        return
        ;;
    '--hdr-log')
        __sdkbench_add_completions -o plusdirs -fX '!*.@(hlog)'
        return
        ;;
    '--report-html')
        __sdkbench_add_completions -d
        return
        ;;
    '--var')
        return
        ;;
    '--secret')
        return
        ;;
    '--vars-file')
        __sdkbench_add_completions -f
        return
        ;;
    '--secrets-file')
        __sdkbench_add_completions -f
        return
        ;;
    esac

    # Offer positional completions
    case "${positional_number}" in
    1)
        __sdkbench_add_completions -o plusdirs -fX '!*.@(sdk)'
        return
        ;;
    esac
}

_sdkbench_load_merge() {
    repeating_flags=()
    non_repeating_flags=(--quiet --allow-partial --version -h --help)
    repeating_options=(--threshold --out)
    non_repeating_options=(--report-json --report-html)
    __sdkbench_offer_flags_options -1

    # Offer option value completions
    case "${prev}" in
    '--threshold')
        return
        ;;
    '--out')
        __sdkbench_add_completions -W 'json='$'\n''html='
        return
        ;;
    '--report-json')
        __sdkbench_add_completions -o plusdirs -fX '!*.@(json)'
        return
        ;;
    '--report-html')
        __sdkbench_add_completions -d
        return
        ;;
    esac

    # Offer positional completions
    case "${positional_number}" in
    *)
        __sdkbench_add_completions -o plusdirs -fX '!*.@(json)'
        return
        ;;
    esac
}

_sdkbench_load_k8s() {
    repeating_flags=()
    non_repeating_flags=(--allow-short --version -h --help)
    repeating_options=(--var --secret --vars-file --secrets-file --secret-from)
    non_repeating_options=(--segments --image --namespace --name --devices --iterations --duration --graceful-stop --think --idle-close --ramp-up --seed --rate --max-devices)
    __sdkbench_offer_flags_options 1

    # Offer option value completions
    case "${prev}" in
    '--segments')
        return
        ;;
    '--image')
        return
        ;;
    '--namespace')
        return
        ;;
    '--name')
        return
        ;;
    '--var')
        return
        ;;
    '--secret')
        return
        ;;
    '--vars-file')
        __sdkbench_add_completions -f
        return
        ;;
    '--secrets-file')
        __sdkbench_add_completions -f
        return
        ;;
    '--secret-from')
        return
        ;;
    '--devices')
        return
        ;;
    '--iterations')
        return
        ;;
    '--duration')
        return
        ;;
    '--graceful-stop')
        return
        ;;
    '--think')
        return
        ;;
    '--idle-close')
        return
        ;;
    '--ramp-up')
        return
        ;;
    '--seed')
        return
        ;;
    '--rate')
        return
        ;;
    '--max-devices')
        return
        ;;
    esac

    # Offer positional completions
    case "${positional_number}" in
    1)
        __sdkbench_add_completions -o plusdirs -fX '!*.@(sdk)'
        return
        ;;
    esac
}

_sdkbench_serve() {
    repeating_flags=()
    non_repeating_flags=(--version -h --help)
    repeating_options=()
    non_repeating_options=(--host --port --head-timeout --idle-timeout --max-connections)
    __sdkbench_offer_flags_options 0

    # Offer option value completions
    case "${prev}" in
    '--host')
        return
        ;;
    '--port')
        return
        ;;
    '--head-timeout')
        return
        ;;
    '--idle-timeout')
        return
        ;;
    '--max-connections')
        return
        ;;
    esac
}

_sdkbench_proxy() {
    repeating_flags=()
    non_repeating_flags=(--insecure --json -v --verbose --keep-host --as-load --version -h --help)
    repeating_options=(--secret --secrets-file)
    non_repeating_options=(--listen --upstream --upstream-timeout --head-timeout --idle-timeout --max-connections --record --har)
    __sdkbench_offer_flags_options 0

    # Offer option value completions
    case "${prev}" in
    '--listen')
        return
        ;;
    '--upstream')
        return
        ;;
    '--secret')
        return
        ;;
    '--secrets-file')
        __sdkbench_add_completions -f
        return
        ;;
    '--upstream-timeout')
        return
        ;;
    '--head-timeout')
        return
        ;;
    '--idle-timeout')
        return
        ;;
    '--max-connections')
        return
        ;;
    '--record')
        __sdkbench_add_completions -o plusdirs -fX '!*.@(sdk)'
        return
        ;;
    '--har')
        __sdkbench_add_completions -o plusdirs -fX '!*.@(har)'
        return
        ;;
    esac
}

_sdkbench_import() {
    repeating_flags=()
    non_repeating_flags=(--version -h --help)
    repeating_options=()
    non_repeating_options=()
    __sdkbench_offer_flags_options 0

    # Offer subcommand / subcommand argument completions
    local -r subcommand="${unparsed_words[0]}"
    unset 'unparsed_words[0]'
    unparsed_words=("${unparsed_words[@]}")
    case "${subcommand}" in
    har)
        # Offer subcommand argument completions
        "_sdkbench_import_${subcommand}"
        ;;
    *)
        # Offer subcommand completions
        COMPREPLY+=($(compgen -W 'har' -- "${cur}"))
        ;;
    esac
}

_sdkbench_import_har() {
    repeating_flags=()
    non_repeating_flags=(--no-color --as-load --version -h --help)
    repeating_options=(--only --skip --var --secret --secrets-file)
    non_repeating_options=(--home -o)
    __sdkbench_offer_flags_options 1

    # Offer option value completions
    case "${prev}" in
    '--home')
        __sdkbench_add_completions -d
        return
        ;;
    '-o')
        __sdkbench_add_completions -o plusdirs -fX '!*.@(sdk)'
        return
        ;;
    '--only')
        return
        ;;
    '--skip')
        return
        ;;
    '--var')
        return
        ;;
    '--secret')
        return
        ;;
    '--secrets-file')
        __sdkbench_add_completions -f
        return
        ;;
    esac

    # Offer positional completions
    case "${positional_number}" in
    1)
        __sdkbench_add_completions -o plusdirs -fX '!*.@(har)'
        return
        ;;
    esac
}

_sdkbench_completions() {
    repeating_flags=()
    non_repeating_flags=(--version -h --help)
    repeating_options=()
    non_repeating_options=()
    __sdkbench_offer_flags_options 1

    # Offer positional completions
    case "${positional_number}" in
    1)
        __sdkbench_add_completions -W 'bash'$'\n''zsh'$'\n''fish'
        return
        ;;
    esac
}

_sdkbench_help() {
    # The shell's commands and groups after the words typed so far (`sdkbench help perf <TAB>`).
    local -a topics
    mapfile -t topics < <("${COMP_WORDS[0]}" ---help-topics "${unparsed_words[@]:0:${#unparsed_words[@]}-1}" 2>/dev/null)
    COMPREPLY+=($(compgen -W "${topics[*]}" -- "${cur}"))
}

complete -o filenames -F _sdkbench sdkbench