#!/usr/bin/env bash
# Installs sdkbench's man pages (docs/man: sdkbench(1), a page per subcommand, sdkbench-commands(7))
# where man finds them: into MANDIR (default /usr/local/share/man) when it can write there, else it
# prints the MANPATH line that makes man read them in place. Never asks for root.
set -euo pipefail
cd "$(dirname "$0")/.."
mandir=${MANDIR:-/usr/local/share/man}
if mkdir -p "$mandir/man1" "$mandir/man7" 2>/dev/null && [[ -w "$mandir/man1" && -w "$mandir/man7" ]]; then
    install -m 0644 docs/man/man1/*.1 "$mandir/man1/"
    install -m 0644 docs/man/man7/*.7 "$mandir/man7/"
    if command -v mandb >/dev/null; then mandb -q "$mandir" >/dev/null 2>&1 || true; fi
    echo "man pages installed in $mandir: try 'man sdkbench', 'man sdkbench-test', 'man sdkbench-commands'"
else
    echo "man pages: cannot write to $mandir (not root); to read them where they are, add to your shell's profile:"
    echo "  export MANPATH=\"$(pwd)/docs/man:\${MANPATH:-}\""
fi
