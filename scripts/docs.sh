#!/usr/bin/env bash
# Regenerates everything generated from the code, for review and commit:
#   completions/               the bash, zsh and fish scripts (sdkbench completions SHELL)
#   docs/commands.md           the command reference, from the command table
#   docs/man/man7/sdkbench-commands.7   the same reference as a manual page
#   docs/man/man1/*.1          sdkbench(1) and a page per subcommand, by swift-argument-parser's
#                              generate-manual plugin, from the --help texts
#   docs/man/sdkbench-help.json   the --help texts the man(1) pages were made from; the tests
#                              compare it with what the binary says (the plugin cannot run there)
# Usage: scripts/docs.sh [SCRATCH_PATH]   (default .build; the debug build is used)
set -euo pipefail
cd "$(dirname "$0")/.."
scratch=${1:-.build}

swift build --scratch-path "$scratch" --product sdkbench
bin="$scratch/debug/sdkbench"

"$bin" completions bash > completions/sdkbench.bash
"$bin" completions zsh > completions/_sdkbench
"$bin" completions fish > completions/sdkbench.fish

"$bin" ---command-reference markdown > docs/commands.md
mkdir -p docs/man/man1 docs/man/man7
"$bin" ---command-reference man > docs/man/man7/sdkbench-commands.7
"$bin" --experimental-dump-help > docs/man/sdkbench-help.json

# The pages carry the date of the last commit that changed the executable's sources, so that
# regenerating an unchanged tree changes nothing.
date=$(git log -1 --format=%cs -- Sources/sdkbench 2>/dev/null || true)
date=${date:-$(date -u +%F)}
swift package --scratch-path "$scratch" plugin generate-manual --configuration debug --multi-page --date "$date"
pages=$(find "$scratch/plugins" -path '*GenerateManual*' -name 'sdkbench*.1' -newer docs/man/sdkbench-help.json)
[[ -n "$pages" ]] || { echo "docs.sh: generate-manual wrote no sdkbench pages" >&2; exit 1; }
# generate-manual names a subcommand's page with dots (sdkbench.load.k8s); man users type
# sdkbench-load-k8s, as git's pages are named, so the files and the names inside them are renamed.
rm -f docs/man/man1/*.1
for page in $pages; do
    name=$(basename "$page" .1)
    cp "$page" "docs/man/man1/${name//./-}.1"
done
python3 - docs/man/man1/*.1 <<'PY'
import os, sys
pages = sys.argv[1:]
names = sorted((os.path.basename(page)[:-2] for page in pages), key=len, reverse=True)
for page in pages:
    with open(page) as file:
        text = file.read()
    for name in names:
        dotted = name.replace("-", ".")
        text = text.replace(dotted, name).replace(dotted.upper(), name.upper())
    with open(page, "w") as file:
        file.write(text)
PY

for page in docs/man/man1/*.1 docs/man/man7/*.7; do
    warnings=$(groff -mandoc -ww -z "$page" 2>&1)
    [[ -z "$warnings" ]] || { echo "docs.sh: groff warns on $page:" >&2; echo "$warnings" >&2; exit 1; }
done
echo "docs.sh: regenerated completions/, docs/commands.md and docs/man/; review with git diff"
