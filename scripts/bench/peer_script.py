"""What the Python peers share: reading an .sdk script as `sdkbench run --var` would."""
import argparse
import shlex
import sys


def options(description, *journal_arguments):
    """Parses `[--var NAME=VALUE]... SCRIPT` plus the peer's own options; returns (options, variables)."""
    arguments = argparse.ArgumentParser(description=description)
    for name, help_text in journal_arguments:
        arguments.add_argument(name, required=True, help=help_text)
    arguments.add_argument("--var", action="append", default=[], metavar="NAME=VALUE",
                           help="substitute {{NAME}} in the script, as sdkbench run --var does")
    arguments.add_argument("script")
    parsed = arguments.parse_args()
    return parsed, dict(assignment.split("=", 1) for assignment in parsed.var)


def statements(path, variables):
    """(line number, text) of each statement, blanks and comments skipped, {{NAME}} substituted."""
    with open(path, encoding="utf-8") as script:
        for number, line in enumerate(script, 1):
            line = line.strip()
            if not line or line.startswith("#"):
                continue
            if "{{" in line:
                for name, value in variables.items():
                    line = line.replace("{{" + name + "}}", value)
            yield number, line


def run(path, variables, dispatch):
    """Calls `dispatch(words, line)` for each statement, split as a shell would (quotes kept
    together); a ValueError (shlex quoting, bad arguments, an unknown command) or a StopIteration
    (an option without its value) ends the run with `peer: line N: ...` and exit 2."""
    for number, line in statements(path, variables):
        try:
            dispatch(shlex.split(line, posix=True), line)
        except (ValueError, StopIteration) as error:
            print(f"peer: line {number}: {error}", file=sys.stderr)
            sys.exit(2)
