function __sdkbench_should_offer_completions_for_flags_or_options -a expected_commands
    set -l non_repeating_flags_or_options $argv[2..]
    set -l non_repeating_flags_or_options_absent 0
    set -l positional_index 0
    set -l commands
    __sdkbench_parse_tokens
    test "$commands" = "$expected_commands"; and return $non_repeating_flags_or_options_absent
end

function __sdkbench_should_offer_completions_for_positional -a expected_commands positional_index_comparison expected_positional_index
    set -l non_repeating_flags_or_options
    set -l non_repeating_flags_or_options_absent 0
    set -l positional_index 0
    set -l commands
    __sdkbench_parse_tokens
    test "$commands" = "$expected_commands" -a \( "$positional_index" "$positional_index_comparison" "$expected_positional_index" \)
end

function __sdkbench_parse_tokens -S
    set -l unparsed_tokens (__sdkbench_tokens -pc)
    switch $unparsed_tokens[1]
    case 'sdkbench'
        __sdkbench_parse_subcommand 0 'home=' 'no-color' 'c=+' 'version' 'h/help'
        switch $unparsed_tokens[1]
        case 'run'
            __sdkbench_parse_subcommand -r 1 'home=' 'no-color' 'max-script-size=' 'keep-going' 'echo' 'var=+' 'secret=+' 'vars-file=+' 'secrets-file=+' 'allow-short' 'version' 'h/help'
        case 'test'
            __sdkbench_parse_subcommand -r 1 'home=' 'no-color' 'glob=' 'jobs=' 'fail-fast' 'timeout=' 'retry=' 'retry-interval=' 'report-junit=' 'report-tap=' 'report-json=' 'report-html=' 'var=+' 'secret=+' 'vars-file=+' 'secrets-file=+' 'allow-short' 'quiet' 'verbose' 'max-script-size=' 'version' 'h/help'
        case 'check'
            __sdkbench_parse_subcommand -r 1 'home=' 'no-color' 'server=' 'only=+' 'list' 'coverage' 'print=' 'request-timeout=' 'jobs=' 'fail-fast' 'timeout=' 'retry=' 'retry-interval=' 'report-junit=' 'report-tap=' 'report-json=' 'report-html=' 'var=+' 'secret=+' 'vars-file=+' 'secrets-file=+' 'allow-short' 'quiet' 'verbose' 'version' 'h/help'
        case 'load'
            __sdkbench_parse_subcommand 0 'version' 'h/help'
            switch $unparsed_tokens[1]
            case 'run'
                __sdkbench_parse_subcommand 1 'home=' 'no-color' 'devices=' 'iterations=' 'duration=' 'graceful-stop=' 'think=' 'idle-close=' 'ramp-up=' 'seed=' 'rate=' 'max-devices=' 'max-script-size=' 'segment=' 'source-addresses=' 'threshold=+' 'out=+' 'report-json=' 'hdr-log=' 'report-html=' 'keep-state' 'quiet' 'var=+' 'secret=+' 'vars-file=+' 'secrets-file=+' 'allow-short' 'version' 'h/help'
            case 'merge'
                __sdkbench_parse_subcommand -r 1 'threshold=+' 'out=+' 'report-json=' 'report-html=' 'quiet' 'allow-partial' 'version' 'h/help'
            case 'k8s'
                __sdkbench_parse_subcommand 1 'segments=' 'image=' 'namespace=' 'name=' 'var=+' 'secret=+' 'vars-file=+' 'secrets-file=+' 'allow-short' 'secret-from=+' 'devices=' 'iterations=' 'duration=' 'graceful-stop=' 'think=' 'idle-close=' 'ramp-up=' 'seed=' 'rate=' 'max-devices=' 'version' 'h/help'
            end
        case 'serve'
            __sdkbench_parse_subcommand 0 'host=' 'port=' 'head-timeout=' 'idle-timeout=' 'max-connections=' 'version' 'h/help'
        case 'proxy'
            __sdkbench_parse_subcommand 0 'listen=' 'upstream=' 'insecure' 'json' 'v/verbose' 'secret=+' 'secrets-file=+' 'upstream-timeout=' 'keep-host' 'head-timeout=' 'idle-timeout=' 'max-connections=' 'record=' 'har=' 'as-load' 'version' 'h/help'
        case 'import'
            __sdkbench_parse_subcommand 0 'version' 'h/help'
            switch $unparsed_tokens[1]
            case 'har'
                __sdkbench_parse_subcommand 1 'home=' 'no-color' 'o=' 'only=+' 'skip=+' 'var=+' 'as-load' 'secret=+' 'secrets-file=+' 'version' 'h/help'
            end
        case 'completions'
            __sdkbench_parse_subcommand 1 'version' 'h/help'
        case 'help'
            __sdkbench_parse_subcommand -r 1 'version'
        end
    end
end

function __sdkbench_tokens
    if test (string split -m 1 -f 1 -- . "$FISH_VERSION") -gt 3
        commandline --tokens-raw $argv
    else
        commandline -o $argv
    end
end

function __sdkbench_parse_subcommand -S -a positional_count
    argparse -s r -- $argv
    set -l option_specs $argv[2..]
    set -l is_repeating_positional $_flag_r
    set -el _flag_r
    set -a commands $unparsed_tokens[1]
    set positional_index 0
    while true
        set -e unparsed_tokens[1]
        argparse -sn "$commands" $option_specs -- $unparsed_tokens 2> /dev/null
        set unparsed_tokens $argv
        set positional_index (math $positional_index + 1)
        for non_repeating_flag_or_option in $non_repeating_flags_or_options
            if set -ql "_flag_$(string replace -a - _ -- $non_repeating_flag_or_option)"
                set non_repeating_flags_or_options_absent 1
                break
            end
        end
        test (count $unparsed_tokens) -eq 0 -o \( -z "$is_repeating_positional" -a "$positional_index" -gt "$positional_count" \) && break
    end
end

function __sdkbench_complete_directories
    set -l token (commandline -t)
    string match -- '*/' $token
    set -l subdirs $token*/
    printf %s\n $subdirs
end

function __sdkbench_custom_completion
    set -x SAP_SHELL fish
    set -x SAP_SHELL_VERSION $FISH_VERSION
    set -l tokens (__sdkbench_tokens -p)
    if test -z "$(__sdkbench_tokens -t)"
        set -l index (count (__sdkbench_tokens -pc))
        set tokens $tokens[..$index] \'\' $tokens[(math $index + 1)..]
    end
    command $tokens[1] $argv $tokens
end

complete -c 'sdkbench' -f
complete -c 'sdkbench' -n '__sdkbench_should_offer_completions_for_flags_or_options "sdkbench" home' -l 'home' -d 'Where all state lives (default: XDG directories; also SDKBENCH_HOME).' -rfa '(__sdkbench_complete_directories)'
complete -c 'sdkbench' -n '__sdkbench_should_offer_completions_for_flags_or_options "sdkbench" no-color' -l 'no-color' -d 'Plain output (also NO_COLOR).'
complete -c 'sdkbench' -n '__sdkbench_should_offer_completions_for_flags_or_options "sdkbench"' -s 'c' -d 'Run COMMAND and exit; repeat -c for several.' -rfka '(__sdkbench_custom_completion ---completion -- -c (count (__sdkbench_tokens -pc)) (__sdkbench_tokens -tC))'
complete -c 'sdkbench' -n '__sdkbench_should_offer_completions_for_flags_or_options "sdkbench" version' -l 'version' -d 'Show the version.'
complete -c 'sdkbench' -n '__sdkbench_should_offer_completions_for_flags_or_options "sdkbench" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'sdkbench' -n '__sdkbench_should_offer_completions_for_positional "sdkbench" -eq 1' -fa 'run' -d 'Run .sdk scripts in order; stop at the first error.'
complete -c 'sdkbench' -n '__sdkbench_should_offer_completions_for_positional "sdkbench" -eq 1' -fa 'test' -d 'Run .sdk files as tests, each in isolation; report each expect (JUnit, TAP, JSON).'
complete -c 'sdkbench' -n '__sdkbench_should_offer_completions_for_positional "sdkbench" -eq 1' -fa 'check' -d 'Check a server against each SDK\'s contract: one test case per rule (JUnit, TAP, JSON, HTML).'
complete -c 'sdkbench' -n '__sdkbench_should_offer_completions_for_positional "sdkbench" -eq 1' -fa 'load' -d 'Run one .sdk script as many simulated devices; merge sharded runs; print a Kubernetes Job.'
complete -c 'sdkbench' -n '__sdkbench_should_offer_completions_for_positional "sdkbench" -eq 1' -fa 'serve' -d 'Run the embedded local backend (Hamon analytics, Performance, Miataru 1.1 and Sift mobile events) until SIGINT or SIGTERM.'
complete -c 'sdkbench' -n '__sdkbench_should_offer_completions_for_positional "sdkbench" -eq 1' -fa 'proxy' -d 'Forward an app\'s HTTP traffic to a server and show each exchange as its SDK\'s engine decodes it.'
complete -c 'sdkbench' -n '__sdkbench_should_offer_completions_for_positional "sdkbench" -eq 1' -fa 'import' -d 'Turn a recording (a HAR file) into a .sdk script that runs, tests and loads.'
complete -c 'sdkbench' -n '__sdkbench_should_offer_completions_for_positional "sdkbench" -eq 1' -fa 'completions' -d 'Print a shell completion script (bash, zsh or fish).'
complete -c 'sdkbench' -n '__sdkbench_should_offer_completions_for_positional "sdkbench" -eq 1' -fa 'help' -d 'Show subcommand help information.'
complete -c 'sdkbench' -n '__sdkbench_should_offer_completions_for_flags_or_options "sdkbench run" home' -l 'home' -d 'Where all state lives (default: XDG directories; also SDKBENCH_HOME).' -rfa '(__sdkbench_complete_directories)'
complete -c 'sdkbench' -n '__sdkbench_should_offer_completions_for_flags_or_options "sdkbench run" no-color' -l 'no-color' -d 'Plain output (also NO_COLOR).'
complete -c 'sdkbench' -n '__sdkbench_should_offer_completions_for_flags_or_options "sdkbench run" max-script-size' -l 'max-script-size' -d 'Refuse a script, or a file it sources, larger than SIZE (default 64MB; 500KB, 1GB, bytes).' -rfka ''
complete -c 'sdkbench' -n '__sdkbench_should_offer_completions_for_flags_or_options "sdkbench run" keep-going' -l 'keep-going' -d 'Run every command; exit non-zero at the end if any failed.'
complete -c 'sdkbench' -n '__sdkbench_should_offer_completions_for_flags_or_options "sdkbench run" echo' -l 'echo' -d 'Print each command before running it.'
complete -c 'sdkbench' -n '__sdkbench_should_offer_completions_for_flags_or_options "sdkbench run"' -l 'var' -d 'Set a variable in every session the scripts run in.' -rfka ''
complete -c 'sdkbench' -n '__sdkbench_should_offer_completions_for_flags_or_options "sdkbench run"' -l 'secret' -d 'Set a secret variable: masked as *** in every output, report and file.' -rfka ''
complete -c 'sdkbench' -n '__sdkbench_should_offer_completions_for_flags_or_options "sdkbench run"' -l 'vars-file' -d 'Set the variables of a file of NAME=VALUE lines (\'#\' comments).' -rF
complete -c 'sdkbench' -n '__sdkbench_should_offer_completions_for_flags_or_options "sdkbench run"' -l 'secrets-file' -d 'Like --vars-file, each value a secret (keep the file 0600).' -rF
complete -c 'sdkbench' -n '__sdkbench_should_offer_completions_for_flags_or_options "sdkbench run" allow-short' -l 'allow-short' -d 'Accept a secret shorter than 8 characters (for tests; it is masked only as a whole word).'
complete -c 'sdkbench' -n '__sdkbench_should_offer_completions_for_positional "sdkbench run" -ge 1' -fa '(for p in (string match -e -- \'*/\' (commandline -t);or printf \n)*.\'sdk\';printf %s\n $p;end;__fish_complete_directories (commandline -t) \'\')'
complete -c 'sdkbench' -n '__sdkbench_should_offer_completions_for_flags_or_options "sdkbench run" version' -l 'version' -d 'Show the version.'
complete -c 'sdkbench' -n '__sdkbench_should_offer_completions_for_flags_or_options "sdkbench run" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'sdkbench' -n '__sdkbench_should_offer_completions_for_flags_or_options "sdkbench test" home' -l 'home' -d 'Where all state lives (default: XDG directories; also SDKBENCH_HOME).' -rfa '(__sdkbench_complete_directories)'
complete -c 'sdkbench' -n '__sdkbench_should_offer_completions_for_flags_or_options "sdkbench test" no-color' -l 'no-color' -d 'Plain output (also NO_COLOR).'
complete -c 'sdkbench' -n '__sdkbench_should_offer_completions_for_flags_or_options "sdkbench test" glob' -l 'glob' -d 'Keep only the files whose name (or path, for a pattern with \'/\') matches.' -rfka ''
complete -c 'sdkbench' -n '__sdkbench_should_offer_completions_for_flags_or_options "sdkbench test" jobs' -l 'jobs' -d 'Files run at once (default: the number of cores).' -rfka ''
complete -c 'sdkbench' -n '__sdkbench_should_offer_completions_for_flags_or_options "sdkbench test" fail-fast' -l 'fail-fast' -d 'Start no more files once one did not pass.'
complete -c 'sdkbench' -n '__sdkbench_should_offer_completions_for_flags_or_options "sdkbench test" timeout' -l 'timeout' -d 'How long one file may run (250ms, 30s, 2m); past it the file is an error.' -rfka ''
complete -c 'sdkbench' -n '__sdkbench_should_offer_completions_for_flags_or_options "sdkbench test" retry' -l 'retry' -d 'Run a file that failed or had an error again, up to N more times.' -rfka ''
complete -c 'sdkbench' -n '__sdkbench_should_offer_completions_for_flags_or_options "sdkbench test" retry-interval' -l 'retry-interval' -d 'The pause before each retry.' -rfka ''
complete -c 'sdkbench' -n '__sdkbench_should_offer_completions_for_flags_or_options "sdkbench test" report-junit' -l 'report-junit' -d 'Write a JUnit XML report (\'-\': standard output).' -rfa '(for p in (string match -e -- \'*/\' (commandline -t);or printf \n)*.\'xml\';printf %s\n $p;end;__fish_complete_directories (commandline -t) \'\')'
complete -c 'sdkbench' -n '__sdkbench_should_offer_completions_for_flags_or_options "sdkbench test" report-tap' -l 'report-tap' -d 'Write a TAP version 13 report.' -rF
complete -c 'sdkbench' -n '__sdkbench_should_offer_completions_for_flags_or_options "sdkbench test" report-json' -l 'report-json' -d 'Write a JSON report.' -rfa '(for p in (string match -e -- \'*/\' (commandline -t);or printf \n)*.\'json\';printf %s\n $p;end;__fish_complete_directories (commandline -t) \'\')'
complete -c 'sdkbench' -n '__sdkbench_should_offer_completions_for_flags_or_options "sdkbench test" report-html' -l 'report-html' -d 'Write an HTML report, DIR/index.html (one page, nothing from a network).' -rfa '(__sdkbench_complete_directories)'
complete -c 'sdkbench' -n '__sdkbench_should_offer_completions_for_flags_or_options "sdkbench test"' -l 'var' -d 'Set a variable in every session the scripts run in.' -rfka ''
complete -c 'sdkbench' -n '__sdkbench_should_offer_completions_for_flags_or_options "sdkbench test"' -l 'secret' -d 'Set a secret variable: masked as *** in every output, report and file.' -rfka ''
complete -c 'sdkbench' -n '__sdkbench_should_offer_completions_for_flags_or_options "sdkbench test"' -l 'vars-file' -d 'Set the variables of a file of NAME=VALUE lines (\'#\' comments).' -rF
complete -c 'sdkbench' -n '__sdkbench_should_offer_completions_for_flags_or_options "sdkbench test"' -l 'secrets-file' -d 'Like --vars-file, each value a secret (keep the file 0600).' -rF
complete -c 'sdkbench' -n '__sdkbench_should_offer_completions_for_flags_or_options "sdkbench test" allow-short' -l 'allow-short' -d 'Accept a secret shorter than 8 characters (for tests; it is masked only as a whole word).'
complete -c 'sdkbench' -n '__sdkbench_should_offer_completions_for_flags_or_options "sdkbench test" quiet' -l 'quiet' -d 'Show only the files that did not pass, and the summary.'
complete -c 'sdkbench' -n '__sdkbench_should_offer_completions_for_flags_or_options "sdkbench test" verbose' -l 'verbose' -d 'Show what each file printed, too.'
complete -c 'sdkbench' -n '__sdkbench_should_offer_completions_for_flags_or_options "sdkbench test" max-script-size' -l 'max-script-size' -d 'Refuse a script, or a file it sources, larger than SIZE (default 64MB; 500KB, 1GB, bytes).' -rfka ''
complete -c 'sdkbench' -n '__sdkbench_should_offer_completions_for_positional "sdkbench test" -ge 1' -fa '(for p in (string match -e -- \'*/\' (commandline -t);or printf \n)*.\'sdk\';printf %s\n $p;end;__fish_complete_directories (commandline -t) \'\')'
complete -c 'sdkbench' -n '__sdkbench_should_offer_completions_for_flags_or_options "sdkbench test" version' -l 'version' -d 'Show the version.'
complete -c 'sdkbench' -n '__sdkbench_should_offer_completions_for_flags_or_options "sdkbench test" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'sdkbench' -n '__sdkbench_should_offer_completions_for_flags_or_options "sdkbench check" home' -l 'home' -d 'Where all state lives (default: XDG directories; also SDKBENCH_HOME).' -rfa '(__sdkbench_complete_directories)'
complete -c 'sdkbench' -n '__sdkbench_should_offer_completions_for_flags_or_options "sdkbench check" no-color' -l 'no-color' -d 'Plain output (also NO_COLOR).'
complete -c 'sdkbench' -n '__sdkbench_should_offer_completions_for_flags_or_options "sdkbench check" server' -l 'server' -d 'The server to check (http(s)://host[:port]); default: the embedded backend.' -rfka ''
complete -c 'sdkbench' -n '__sdkbench_should_offer_completions_for_flags_or_options "sdkbench check"' -l 'only' -d 'Check only this rule (repeatable).' -rfka 'hamon.user.accepted hamon.events.accepted hamon.events.ten-in-one hamon.payload.undecryptable hamon.body.missing-payload hamon.events.missing-field hamon.route.unknown hamon.user.newer-keys hamon.user.refused-not-stored hamon.events.refused-not-counted perf.batch.accepted perf.batch.malformed perf.batch.kit-size perf.entry.kit-names perf.batch.refused-not-counted miataru.key.first-set miataru.key.change-needs-current miataru.key.change-with-current miataru.update.refused-write-not-stored miataru.update.refused-write-history-off-not-stored miataru.location.round-trip miataru.get.requester-key-required miataru.get.refused-read-no-visitor miataru.history.refused-read-no-visitor miataru.allowed.refused-write-not-stored miataru.allowed.location-access miataru.allowed.history-access miataru.allowed.not-listed miataru.allowed.empty-list-opens miataru.geojson.keyed-device-401 miataru.v10.device-without-key miataru.delete.refused-delete-keeps-data miataru.delete.refused-delete-history-off-keeps-data miataru.delete.with-key miataru.visitors.owner-key miataru.response.error-shape miataru.response.ack-shape sift.upload.accepted sift.auth.wrong-key sift.auth.missing-key sift.body.not-gzip sift.body.not-list-request sift.event.non-string-field sift.batch.sdk-size sift.event.sdk-keys sift.upload.refused-not-counted'
complete -c 'sdkbench' -n '__sdkbench_should_offer_completions_for_flags_or_options "sdkbench check" list' -l 'list' -d 'List the rules (id, source, what is checked) and the variables each suite needs.'
complete -c 'sdkbench' -n '__sdkbench_should_offer_completions_for_flags_or_options "sdkbench check" coverage' -l 'coverage' -d 'List each statement of the SDK\'s contract about the server, with the rules that check it or why none can.'
complete -c 'sdkbench' -n '__sdkbench_should_offer_completions_for_flags_or_options "sdkbench check" print' -l 'print' -d 'Write a service\'s suite to standard output.' -rfka 'hamon perf miataru sift'
complete -c 'sdkbench' -n '__sdkbench_should_offer_completions_for_flags_or_options "sdkbench check" request-timeout' -l 'request-timeout' -d 'How long a request waits for its answer; the first that gets none ends the service\'s suite.' -rfka ''
complete -c 'sdkbench' -n '__sdkbench_should_offer_completions_for_flags_or_options "sdkbench check" jobs' -l 'jobs' -d 'Files run at once (default: the number of cores).' -rfka ''
complete -c 'sdkbench' -n '__sdkbench_should_offer_completions_for_flags_or_options "sdkbench check" fail-fast' -l 'fail-fast' -d 'Start no more files once one did not pass.'
complete -c 'sdkbench' -n '__sdkbench_should_offer_completions_for_flags_or_options "sdkbench check" timeout' -l 'timeout' -d 'How long one file may run (250ms, 30s, 2m); past it the file is an error.' -rfka ''
complete -c 'sdkbench' -n '__sdkbench_should_offer_completions_for_flags_or_options "sdkbench check" retry' -l 'retry' -d 'Run a file that failed or had an error again, up to N more times.' -rfka ''
complete -c 'sdkbench' -n '__sdkbench_should_offer_completions_for_flags_or_options "sdkbench check" retry-interval' -l 'retry-interval' -d 'The pause before each retry.' -rfka ''
complete -c 'sdkbench' -n '__sdkbench_should_offer_completions_for_flags_or_options "sdkbench check" report-junit' -l 'report-junit' -d 'Write a JUnit XML report (\'-\': standard output).' -rfa '(for p in (string match -e -- \'*/\' (commandline -t);or printf \n)*.\'xml\';printf %s\n $p;end;__fish_complete_directories (commandline -t) \'\')'
complete -c 'sdkbench' -n '__sdkbench_should_offer_completions_for_flags_or_options "sdkbench check" report-tap' -l 'report-tap' -d 'Write a TAP version 13 report.' -rF
complete -c 'sdkbench' -n '__sdkbench_should_offer_completions_for_flags_or_options "sdkbench check" report-json' -l 'report-json' -d 'Write a JSON report.' -rfa '(for p in (string match -e -- \'*/\' (commandline -t);or printf \n)*.\'json\';printf %s\n $p;end;__fish_complete_directories (commandline -t) \'\')'
complete -c 'sdkbench' -n '__sdkbench_should_offer_completions_for_flags_or_options "sdkbench check" report-html' -l 'report-html' -d 'Write an HTML report, DIR/index.html (one page, nothing from a network).' -rfa '(__sdkbench_complete_directories)'
complete -c 'sdkbench' -n '__sdkbench_should_offer_completions_for_flags_or_options "sdkbench check"' -l 'var' -d 'Set a variable in every session the scripts run in.' -rfka ''
complete -c 'sdkbench' -n '__sdkbench_should_offer_completions_for_flags_or_options "sdkbench check"' -l 'secret' -d 'Set a secret variable: masked as *** in every output, report and file.' -rfka ''
complete -c 'sdkbench' -n '__sdkbench_should_offer_completions_for_flags_or_options "sdkbench check"' -l 'vars-file' -d 'Set the variables of a file of NAME=VALUE lines (\'#\' comments).' -rF
complete -c 'sdkbench' -n '__sdkbench_should_offer_completions_for_flags_or_options "sdkbench check"' -l 'secrets-file' -d 'Like --vars-file, each value a secret (keep the file 0600).' -rF
complete -c 'sdkbench' -n '__sdkbench_should_offer_completions_for_flags_or_options "sdkbench check" allow-short' -l 'allow-short' -d 'Accept a secret shorter than 8 characters (for tests; it is masked only as a whole word).'
complete -c 'sdkbench' -n '__sdkbench_should_offer_completions_for_flags_or_options "sdkbench check" quiet' -l 'quiet' -d 'Show only the files that did not pass, and the summary.'
complete -c 'sdkbench' -n '__sdkbench_should_offer_completions_for_flags_or_options "sdkbench check" verbose' -l 'verbose' -d 'Show what each file printed, too.'
complete -c 'sdkbench' -n '__sdkbench_should_offer_completions_for_positional "sdkbench check" -ge 1' -fka 'hamon perf miataru sift all'
complete -c 'sdkbench' -n '__sdkbench_should_offer_completions_for_flags_or_options "sdkbench check" version' -l 'version' -d 'Show the version.'
complete -c 'sdkbench' -n '__sdkbench_should_offer_completions_for_flags_or_options "sdkbench check" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'sdkbench' -n '__sdkbench_should_offer_completions_for_flags_or_options "sdkbench load" version' -l 'version' -d 'Show the version.'
complete -c 'sdkbench' -n '__sdkbench_should_offer_completions_for_flags_or_options "sdkbench load" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'sdkbench' -n '__sdkbench_should_offer_completions_for_positional "sdkbench load" -eq 1' -fa 'run' -d 'Run one .sdk script as many simulated devices; latency and errors by SDK call, thresholds.'
complete -c 'sdkbench' -n '__sdkbench_should_offer_completions_for_positional "sdkbench load" -eq 1' -fa 'merge' -d 'Merge the JSON reports of a sharded run\'s segments (load --segment K/N --report-json) into one summary.'
complete -c 'sdkbench' -n '__sdkbench_should_offer_completions_for_positional "sdkbench load" -eq 1' -fa 'k8s' -d 'Print a Kubernetes Indexed Job that runs a load as N segments (one pod each), the script in a ConfigMap.'
complete -c 'sdkbench' -n '__sdkbench_should_offer_completions_for_flags_or_options "sdkbench load run" home' -l 'home' -d 'Where all state lives (default: XDG directories; also SDKBENCH_HOME).' -rfa '(__sdkbench_complete_directories)'
complete -c 'sdkbench' -n '__sdkbench_should_offer_completions_for_flags_or_options "sdkbench load run" no-color' -l 'no-color' -d 'Plain output (also NO_COLOR).'
complete -c 'sdkbench' -n '__sdkbench_should_offer_completions_for_flags_or_options "sdkbench load run" devices' -l 'devices' -d 'Simulated devices (of the whole run, when sharded), each a session and a thread of its own.' -rfka ''
complete -c 'sdkbench' -n '__sdkbench_should_offer_completions_for_flags_or_options "sdkbench load run" iterations' -l 'iterations' -d 'Each device runs the script this many times.' -rfka ''
complete -c 'sdkbench' -n '__sdkbench_should_offer_completions_for_flags_or_options "sdkbench load run" duration' -l 'duration' -d 'The run lasts this long (30s, 2m): devices thinking or ramping up end then; one in flight has --graceful-stop.' -rfka ''
complete -c 'sdkbench' -n '__sdkbench_should_offer_completions_for_flags_or_options "sdkbench load run" graceful-stop' -l 'graceful-stop' -d 'With --duration: how long an iteration in flight at its end may go on before it is cut (default 30s; counted as cut).' -rfka ''
complete -c 'sdkbench' -n '__sdkbench_should_offer_completions_for_flags_or_options "sdkbench load run" think' -l 'think' -d 'The pause between a device\'s iterations (default none).' -rfka ''
complete -c 'sdkbench' -n '__sdkbench_should_offer_completions_for_flags_or_options "sdkbench load run" idle-close' -l 'idle-close' -d 'Close a device\'s idle connections once it has thought this long, as a phone\'s time out (default 15s); never: keep them.' -rfka ''
complete -c 'sdkbench' -n '__sdkbench_should_offer_completions_for_flags_or_options "sdkbench load run" ramp-up' -l 'ramp-up' -d 'Start the devices evenly over this long.' -rfka ''
complete -c 'sdkbench' -n '__sdkbench_should_offer_completions_for_flags_or_options "sdkbench load run" seed' -l 'seed' -d 'Makes {{device.id}}: the same seed, the same ids.' -rfka ''
complete -c 'sdkbench' -n '__sdkbench_should_offer_completions_for_flags_or_options "sdkbench load run" rate' -l 'rate' -d 'The open model: start iterations at this rate (500/s), each on an idle device; --iterations is then the whole run\'s total.' -rfka ''
complete -c 'sdkbench' -n '__sdkbench_should_offer_completions_for_flags_or_options "sdkbench load run" max-devices' -l 'max-devices' -d 'Under --rate, devices there may be when none is idle (default --devices); past them an arrival is dropped.' -rfka ''
complete -c 'sdkbench' -n '__sdkbench_should_offer_completions_for_flags_or_options "sdkbench load run" max-script-size' -l 'max-script-size' -d 'Refuse a script, or a file it sources, larger than SIZE (default 64MB; 500KB, 1GB, bytes).' -rfka ''
complete -c 'sdkbench' -n '__sdkbench_should_offer_completions_for_flags_or_options "sdkbench load run" segment' -l 'segment' -d 'Run the K-th of N disjoint shares of the devices (same indexes and ids as the whole run).' -rfka ''
complete -c 'sdkbench' -n '__sdkbench_should_offer_completions_for_flags_or_options "sdkbench load run" source-addresses' -l 'source-addresses' -d 'IPv4 addresses the devices send http:// requests from, device i from the (i mod count)-th: A, A-B or A,B (127.0.0.2-127.0.0.9 on loopback).' -rfka ''
complete -c 'sdkbench' -n '__sdkbench_should_offer_completions_for_flags_or_options "sdkbench load run"' -l 'threshold' -d 'A rule the run must meet: KIND:p99<200ms, errors<1%, rate>=500/s, checks>99%, iteration_errors<1% (exit 4 when one fails).' -rfka ''
complete -c 'sdkbench' -n '__sdkbench_should_offer_completions_for_flags_or_options "sdkbench load run"' -l 'out' -d 'Send the run to an output (repeatable): json=FILE, the JSON report (schema sdkbench-load-report, version 2); html=DIR, an HTML report, DIR/index.html (one page, nothing from a network); hdr=FILE, HdrHistogram\'s interval log: a line per kind and second; progress, the live progress block on standard error, when it is a terminal (on unless --quiet). TARGET - is standard output.' -rfka 'json= html= hdr= progress'
complete -c 'sdkbench' -n '__sdkbench_should_offer_completions_for_flags_or_options "sdkbench load run" report-json' -l 'report-json' -d 'Write the JSON report (schema sdkbench-load-report, version 2): --out json=FILE.' -rfa '(for p in (string match -e -- \'*/\' (commandline -t);or printf \n)*.\'json\';printf %s\n $p;end;__fish_complete_directories (commandline -t) \'\')'
complete -c 'sdkbench' -n '__sdkbench_should_offer_completions_for_flags_or_options "sdkbench load run" hdr-log' -l 'hdr-log' -d 'Write HdrHistogram\'s interval log, a line per kind and second: --out hdr=FILE.' -rfa '(for p in (string match -e -- \'*/\' (commandline -t);or printf \n)*.\'hlog\';printf %s\n $p;end;__fish_complete_directories (commandline -t) \'\')'
complete -c 'sdkbench' -n '__sdkbench_should_offer_completions_for_flags_or_options "sdkbench load run" report-html' -l 'report-html' -d 'Write an HTML report, DIR/index.html (one page, nothing from a network): --out html=DIR.' -rfa '(__sdkbench_complete_directories)'
complete -c 'sdkbench' -n '__sdkbench_should_offer_completions_for_flags_or_options "sdkbench load run" keep-state' -l 'keep-state' -d 'Keep the devices\' engine state (queues, DeviceKeys, install ids) in files, each device\'s in its own directory, kept at the end in state/load/kept-PID-XXXXXX. Without it a device\'s state is in memory and no file is written.'
complete -c 'sdkbench' -n '__sdkbench_should_offer_completions_for_flags_or_options "sdkbench load run" quiet' -l 'quiet' -d 'Print only the thresholds\' verdicts and what went wrong; no progress block unless --out progress.'
complete -c 'sdkbench' -n '__sdkbench_should_offer_completions_for_flags_or_options "sdkbench load run"' -l 'var' -d 'Set a variable in every session the scripts run in.' -rfka ''
complete -c 'sdkbench' -n '__sdkbench_should_offer_completions_for_flags_or_options "sdkbench load run"' -l 'secret' -d 'Set a secret variable: masked as *** in every output, report and file.' -rfka ''
complete -c 'sdkbench' -n '__sdkbench_should_offer_completions_for_flags_or_options "sdkbench load run"' -l 'vars-file' -d 'Set the variables of a file of NAME=VALUE lines (\'#\' comments).' -rF
complete -c 'sdkbench' -n '__sdkbench_should_offer_completions_for_flags_or_options "sdkbench load run"' -l 'secrets-file' -d 'Like --vars-file, each value a secret (keep the file 0600).' -rF
complete -c 'sdkbench' -n '__sdkbench_should_offer_completions_for_flags_or_options "sdkbench load run" allow-short' -l 'allow-short' -d 'Accept a secret shorter than 8 characters (for tests; it is masked only as a whole word).'
complete -c 'sdkbench' -n '__sdkbench_should_offer_completions_for_positional "sdkbench load run" -eq 1' -fa '(for p in (string match -e -- \'*/\' (commandline -t);or printf \n)*.\'sdk\';printf %s\n $p;end;__fish_complete_directories (commandline -t) \'\')'
complete -c 'sdkbench' -n '__sdkbench_should_offer_completions_for_flags_or_options "sdkbench load run" version' -l 'version' -d 'Show the version.'
complete -c 'sdkbench' -n '__sdkbench_should_offer_completions_for_flags_or_options "sdkbench load run" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'sdkbench' -n '__sdkbench_should_offer_completions_for_flags_or_options "sdkbench load merge"' -l 'threshold' -d 'A rule the merged run must meet (as load\'s).' -rfka ''
complete -c 'sdkbench' -n '__sdkbench_should_offer_completions_for_flags_or_options "sdkbench load merge"' -l 'out' -d 'Send the merged run to an output, as load\'s (repeatable; not hdr nor progress).' -rfka 'json= html='
complete -c 'sdkbench' -n '__sdkbench_should_offer_completions_for_flags_or_options "sdkbench load merge" report-json' -l 'report-json' -d 'Write the merged JSON report: --out json=FILE.' -rfa '(for p in (string match -e -- \'*/\' (commandline -t);or printf \n)*.\'json\';printf %s\n $p;end;__fish_complete_directories (commandline -t) \'\')'
complete -c 'sdkbench' -n '__sdkbench_should_offer_completions_for_flags_or_options "sdkbench load merge" report-html' -l 'report-html' -d 'Write the merged HTML report, DIR/index.html: --out html=DIR.' -rfa '(__sdkbench_complete_directories)'
complete -c 'sdkbench' -n '__sdkbench_should_offer_completions_for_flags_or_options "sdkbench load merge" quiet' -l 'quiet' -d 'Print only the thresholds that failed and the iterations\' errors.'
complete -c 'sdkbench' -n '__sdkbench_should_offer_completions_for_flags_or_options "sdkbench load merge" allow-partial' -l 'allow-partial' -d 'Merge the segments given though some are missing (the summary says how many of N).'
complete -c 'sdkbench' -n '__sdkbench_should_offer_completions_for_positional "sdkbench load merge" -ge 1' -fa '(for p in (string match -e -- \'*/\' (commandline -t);or printf \n)*.\'json\';printf %s\n $p;end;__fish_complete_directories (commandline -t) \'\')'
complete -c 'sdkbench' -n '__sdkbench_should_offer_completions_for_flags_or_options "sdkbench load merge" version' -l 'version' -d 'Show the version.'
complete -c 'sdkbench' -n '__sdkbench_should_offer_completions_for_flags_or_options "sdkbench load merge" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'sdkbench' -n '__sdkbench_should_offer_completions_for_flags_or_options "sdkbench load k8s" segments' -l 'segments' -d 'Pods, each running one segment of the devices.' -rfka ''
complete -c 'sdkbench' -n '__sdkbench_should_offer_completions_for_flags_or_options "sdkbench load k8s" image' -l 'image' -d 'A container image with sdkbench on its PATH and /bin/sh.' -rfka ''
complete -c 'sdkbench' -n '__sdkbench_should_offer_completions_for_flags_or_options "sdkbench load k8s" namespace' -l 'namespace' -d 'The namespace (default: kubectl\'s).' -rfka ''
complete -c 'sdkbench' -n '__sdkbench_should_offer_completions_for_flags_or_options "sdkbench load k8s" name' -l 'name' -d 'The Job\'s name, and the prefix of its ConfigMap and volume.' -rfka ''
complete -c 'sdkbench' -n '__sdkbench_should_offer_completions_for_flags_or_options "sdkbench load k8s"' -l 'var' -d 'Set a variable in every session the scripts run in.' -rfka ''
complete -c 'sdkbench' -n '__sdkbench_should_offer_completions_for_flags_or_options "sdkbench load k8s"' -l 'secret' -d 'Set a secret variable: masked as *** in every output, report and file.' -rfka ''
complete -c 'sdkbench' -n '__sdkbench_should_offer_completions_for_flags_or_options "sdkbench load k8s"' -l 'vars-file' -d 'Set the variables of a file of NAME=VALUE lines (\'#\' comments).' -rF
complete -c 'sdkbench' -n '__sdkbench_should_offer_completions_for_flags_or_options "sdkbench load k8s"' -l 'secrets-file' -d 'Like --vars-file, each value a secret (keep the file 0600).' -rF
complete -c 'sdkbench' -n '__sdkbench_should_offer_completions_for_flags_or_options "sdkbench load k8s" allow-short' -l 'allow-short' -d 'Accept a secret shorter than 8 characters (for tests; it is masked only as a whole word).'
complete -c 'sdkbench' -n '__sdkbench_should_offer_completions_for_flags_or_options "sdkbench load k8s"' -l 'secret-from' -d 'Take secret variables from this existing Secret: each key is a variable\'s name.' -rfka ''
complete -c 'sdkbench' -n '__sdkbench_should_offer_completions_for_flags_or_options "sdkbench load k8s" devices' -l 'devices' -d 'Simulated devices (of the whole run, when sharded), each a session and a thread of its own.' -rfka ''
complete -c 'sdkbench' -n '__sdkbench_should_offer_completions_for_flags_or_options "sdkbench load k8s" iterations' -l 'iterations' -d 'Each device runs the script this many times.' -rfka ''
complete -c 'sdkbench' -n '__sdkbench_should_offer_completions_for_flags_or_options "sdkbench load k8s" duration' -l 'duration' -d 'The run lasts this long (30s, 2m): devices thinking or ramping up end then; one in flight has --graceful-stop.' -rfka ''
complete -c 'sdkbench' -n '__sdkbench_should_offer_completions_for_flags_or_options "sdkbench load k8s" graceful-stop' -l 'graceful-stop' -d 'With --duration: how long an iteration in flight at its end may go on before it is cut (default 30s; counted as cut).' -rfka ''
complete -c 'sdkbench' -n '__sdkbench_should_offer_completions_for_flags_or_options "sdkbench load k8s" think' -l 'think' -d 'The pause between a device\'s iterations (default none).' -rfka ''
complete -c 'sdkbench' -n '__sdkbench_should_offer_completions_for_flags_or_options "sdkbench load k8s" idle-close' -l 'idle-close' -d 'Close a device\'s idle connections once it has thought this long, as a phone\'s time out (default 15s); never: keep them.' -rfka ''
complete -c 'sdkbench' -n '__sdkbench_should_offer_completions_for_flags_or_options "sdkbench load k8s" ramp-up' -l 'ramp-up' -d 'Start the devices evenly over this long.' -rfka ''
complete -c 'sdkbench' -n '__sdkbench_should_offer_completions_for_flags_or_options "sdkbench load k8s" seed' -l 'seed' -d 'Makes {{device.id}}: the same seed, the same ids.' -rfka ''
complete -c 'sdkbench' -n '__sdkbench_should_offer_completions_for_flags_or_options "sdkbench load k8s" rate' -l 'rate' -d 'The open model: start iterations at this rate (500/s), each on an idle device; --iterations is then the whole run\'s total.' -rfka ''
complete -c 'sdkbench' -n '__sdkbench_should_offer_completions_for_flags_or_options "sdkbench load k8s" max-devices' -l 'max-devices' -d 'Under --rate, devices there may be when none is idle (default --devices); past them an arrival is dropped.' -rfka ''
complete -c 'sdkbench' -n '__sdkbench_should_offer_completions_for_positional "sdkbench load k8s" -eq 1' -fa '(for p in (string match -e -- \'*/\' (commandline -t);or printf \n)*.\'sdk\';printf %s\n $p;end;__fish_complete_directories (commandline -t) \'\')'
complete -c 'sdkbench' -n '__sdkbench_should_offer_completions_for_flags_or_options "sdkbench load k8s" version' -l 'version' -d 'Show the version.'
complete -c 'sdkbench' -n '__sdkbench_should_offer_completions_for_flags_or_options "sdkbench load k8s" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'sdkbench' -n '__sdkbench_should_offer_completions_for_flags_or_options "sdkbench serve" host' -l 'host' -d 'The address to bind.' -rfka ''
complete -c 'sdkbench' -n '__sdkbench_should_offer_completions_for_flags_or_options "sdkbench serve" port' -l 'port' -d 'The port (0 picks a free one).' -rfka ''
complete -c 'sdkbench' -n '__sdkbench_should_offer_completions_for_flags_or_options "sdkbench serve" head-timeout' -l 'head-timeout' -d 'How long a client may take to send a whole request head, from its connection\'s start or its first byte after a wait.' -rfka ''
complete -c 'sdkbench' -n '__sdkbench_should_offer_completions_for_flags_or_options "sdkbench serve" idle-timeout' -l 'idle-timeout' -d 'How long a kept-alive connection may wait for its next request.' -rfka ''
complete -c 'sdkbench' -n '__sdkbench_should_offer_completions_for_flags_or_options "sdkbench serve" max-connections' -l 'max-connections' -d 'Client connections at once (default: what the open-file limit holds, a tenth kept); past it each new one closes the one idle the longest.' -rfka ''
complete -c 'sdkbench' -n '__sdkbench_should_offer_completions_for_flags_or_options "sdkbench serve" version' -l 'version' -d 'Show the version.'
complete -c 'sdkbench' -n '__sdkbench_should_offer_completions_for_flags_or_options "sdkbench serve" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'sdkbench' -n '__sdkbench_should_offer_completions_for_flags_or_options "sdkbench proxy" listen' -l 'listen' -d 'Where to listen: PORT (on 127.0.0.1) or HOST:PORT (0 picks a free port).' -rfka ''
complete -c 'sdkbench' -n '__sdkbench_should_offer_completions_for_flags_or_options "sdkbench proxy" upstream' -l 'upstream' -d 'The server to forward to: http(s)://HOST[:PORT], or local for the embedded backend.' -rfka ''
complete -c 'sdkbench' -n '__sdkbench_should_offer_completions_for_flags_or_options "sdkbench proxy" insecure' -l 'insecure' -d 'Accept any certificate from an https upstream.'
complete -c 'sdkbench' -n '__sdkbench_should_offer_completions_for_flags_or_options "sdkbench proxy" json' -l 'json' -d 'One JSON object per exchange on stdout (the other lines go to stderr).'
complete -c 'sdkbench' -n '__sdkbench_should_offer_completions_for_flags_or_options "sdkbench proxy" v verbose' -s 'v' -l 'verbose' -d 'Show each exchange\'s decoded bodies under its line.'
complete -c 'sdkbench' -n '__sdkbench_should_offer_completions_for_flags_or_options "sdkbench proxy"' -l 'secret' -d 'A secret masked everywhere; hamon.key=KEY also decrypts Hamon\'s payloads (its 32 bytes as text, or hex:64 digits).' -rfka ''
complete -c 'sdkbench' -n '__sdkbench_should_offer_completions_for_flags_or_options "sdkbench proxy"' -l 'secrets-file' -d 'Like --secret, a NAME=VALUE line each (\'#\' comments).' -rF
complete -c 'sdkbench' -n '__sdkbench_should_offer_completions_for_flags_or_options "sdkbench proxy" upstream-timeout' -l 'upstream-timeout' -d 'How long the upstream may be silent before 504.' -rfka ''
complete -c 'sdkbench' -n '__sdkbench_should_offer_completions_for_flags_or_options "sdkbench proxy" keep-host' -l 'keep-host' -d 'Forward the client\'s Host header unchanged.'
complete -c 'sdkbench' -n '__sdkbench_should_offer_completions_for_flags_or_options "sdkbench proxy" head-timeout' -l 'head-timeout' -d 'How long a client may take to send a whole request head, from its connection\'s start or its first byte after a wait.' -rfka ''
complete -c 'sdkbench' -n '__sdkbench_should_offer_completions_for_flags_or_options "sdkbench proxy" idle-timeout' -l 'idle-timeout' -d 'How long a kept-alive connection may wait for its next request.' -rfka ''
complete -c 'sdkbench' -n '__sdkbench_should_offer_completions_for_flags_or_options "sdkbench proxy" max-connections' -l 'max-connections' -d 'Client connections at once (default: what the open-file limit holds, a tenth kept); past it each new one closes the one idle the longest.' -rfka ''
complete -c 'sdkbench' -n '__sdkbench_should_offer_completions_for_flags_or_options "sdkbench proxy" record' -l 'record' -d 'Write the exchanges, as each ends, as a .sdk script (as \'import har\' makes one).' -rfa '(for p in (string match -e -- \'*/\' (commandline -t);or printf \n)*.\'sdk\';printf %s\n $p;end;__fish_complete_directories (commandline -t) \'\')'
complete -c 'sdkbench' -n '__sdkbench_should_offer_completions_for_flags_or_options "sdkbench proxy" har' -l 'har' -d 'Write the exchanges, as each ends, as a HAR 1.2 file (0600: it holds the traffic unmasked).' -rfa '(for p in (string match -e -- \'*/\' (commandline -t);or printf \n)*.\'har\';printf %s\n $p;end;__fish_complete_directories (commandline -t) \'\')'
complete -c 'sdkbench' -n '__sdkbench_should_offer_completions_for_flags_or_options "sdkbench proxy" as-load' -l 'as-load' -d 'With --record: make each recorded device id the load device\'s own ({{device.id}}).'
complete -c 'sdkbench' -n '__sdkbench_should_offer_completions_for_flags_or_options "sdkbench proxy" version' -l 'version' -d 'Show the version.'
complete -c 'sdkbench' -n '__sdkbench_should_offer_completions_for_flags_or_options "sdkbench proxy" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'sdkbench' -n '__sdkbench_should_offer_completions_for_flags_or_options "sdkbench import" version' -l 'version' -d 'Show the version.'
complete -c 'sdkbench' -n '__sdkbench_should_offer_completions_for_flags_or_options "sdkbench import" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'sdkbench' -n '__sdkbench_should_offer_completions_for_positional "sdkbench import" -eq 1' -fa 'har' -d 'Turn a HAR file (mitmproxy, Proxyman, Charles, a browser) into a .sdk script.'
complete -c 'sdkbench' -n '__sdkbench_should_offer_completions_for_flags_or_options "sdkbench import har" home' -l 'home' -d 'Where all state lives (default: XDG directories; also SDKBENCH_HOME).' -rfa '(__sdkbench_complete_directories)'
complete -c 'sdkbench' -n '__sdkbench_should_offer_completions_for_flags_or_options "sdkbench import har" no-color' -l 'no-color' -d 'Plain output (also NO_COLOR).'
complete -c 'sdkbench' -n '__sdkbench_should_offer_completions_for_positional "sdkbench import har" -eq 1' -fa '(for p in (string match -e -- \'*/\' (commandline -t);or printf \n)*.\'har\';printf %s\n $p;end;__fish_complete_directories (commandline -t) \'\')'
complete -c 'sdkbench' -n '__sdkbench_should_offer_completions_for_flags_or_options "sdkbench import har" o' -s 'o' -d 'Write the script here (default: standard output).' -rfa '(for p in (string match -e -- \'*/\' (commandline -t);or printf \n)*.\'sdk\';printf %s\n $p;end;__fish_complete_directories (commandline -t) \'\')'
complete -c 'sdkbench' -n '__sdkbench_should_offer_completions_for_flags_or_options "sdkbench import har"' -l 'only' -d 'Keep only exchanges with this host (host or host:port; repeat).' -rfka ''
complete -c 'sdkbench' -n '__sdkbench_should_offer_completions_for_flags_or_options "sdkbench import har"' -l 'skip' -d 'Leave out exchanges whose URL holds PATTERN (\'*\' matches any text; repeat).' -rfka ''
complete -c 'sdkbench' -n '__sdkbench_should_offer_completions_for_flags_or_options "sdkbench import har"' -l 'var' -d 'server=URL: the server the script talks to (default: the recorded one).' -rfka ''
complete -c 'sdkbench' -n '__sdkbench_should_offer_completions_for_flags_or_options "sdkbench import har" as-load' -l 'as-load' -d 'Make each recorded device id the load device\'s own ({{device.id}}), for \'sdkbench load --devices N\'.'
complete -c 'sdkbench' -n '__sdkbench_should_offer_completions_for_flags_or_options "sdkbench import har"' -l 'secret' -d 'A secret the recording holds: hamon.key=KEY decrypts Hamon\'s payloads; any other value becomes {{secret_NAME}}.' -rfka ''
complete -c 'sdkbench' -n '__sdkbench_should_offer_completions_for_flags_or_options "sdkbench import har"' -l 'secrets-file' -d 'Like --secret, a NAME=VALUE line each (\'#\' comments).' -rF
complete -c 'sdkbench' -n '__sdkbench_should_offer_completions_for_flags_or_options "sdkbench import har" version' -l 'version' -d 'Show the version.'
complete -c 'sdkbench' -n '__sdkbench_should_offer_completions_for_flags_or_options "sdkbench import har" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'sdkbench' -n '__sdkbench_should_offer_completions_for_positional "sdkbench completions" -eq 1' -fka 'bash zsh fish'
complete -c 'sdkbench' -n '__sdkbench_should_offer_completions_for_flags_or_options "sdkbench completions" version' -l 'version' -d 'Show the version.'
complete -c 'sdkbench' -n '__sdkbench_should_offer_completions_for_flags_or_options "sdkbench completions" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'sdkbench' -n '__sdkbench_should_offer_completions_for_flags_or_options "sdkbench help" version' -l 'version' -d 'Show the version.'