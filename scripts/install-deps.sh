#!/usr/bin/env bash
# Installs the system packages sdkbench builds and tests against, only those missing.
#   libedit-dev  line editing, history and completion for the REPL
#   libssl-dev   OpenSSL's libcrypto (SHA-256, secure random; AES for Hamon)
#   libpcre2-dev PCRE2, whose match limit bounds the backtracking of `expect … matches`
#   zlib1g-dev   zlib's headers and library, which compress-nio links (gzip for Sift's uploads)
#   libbrotli-dev  Brotli's decoder: answers in Content-Encoding: br, which URLSession decodes
#   openssl      the `openssl enc` command the cipher's known-answer tests compare against
#   tmux         drives the REPL through a real terminal in the tests
#   python3      the Python peers in scripts/bench (and the gzip reader of Sift's known-answer test),
#                and, from PyPI, the independent readers the tests hold outputs against: junitparser
#                (`sdkbench test`'s JUnit report), hdrhistogram (`sdkbench load --hdr-log`) and
#                kubernetes-validate (`sdkbench load k8s`, offline against the Kubernetes schema) and
#                mitmproxy (mitmdump's hardump: the independent recorder `sdkbench import har` is proved with)
#   perl         TAP::Parser, the independent reader of `sdkbench test`'s TAP report
#   chromium     a real browser (headless) that loads `sdkbench test`'s HTML report in the tests
#   groff-base   renders the man pages in docs/man, which the tests require to render without a warning
#   man-db       `man`, which the tests ask to find the pages scripts/install-man.sh installs
#   buildah      builds scripts/image.sh's OCI image (the one `load k8s --image` names) without a
#                daemon or a registry, FROM scratch
#   umoci        unpacks that image in the tests: a reader other than its writer, whose root
#                filesystem the tests run the pods' commands in
#   ca-certificates  the CA bundle scripts/image.sh puts in the image
set -euo pipefail

# Readers the tests hold reports against: from PyPI, so after the system packages (below) or now.
install_python_readers() {
    python3 -c 'import junitparser, hdrh, kubernetes_validate, mitmproxy' 2>/dev/null && command -v kubernetes-validate >/dev/null \
        && command -v mitmdump >/dev/null && return 0
    echo "install-deps: installing junitparser, hdrhistogram, kubernetes-validate and mitmproxy (PyPI)" >&2
    python3 -m pip install --quiet junitparser hdrhistogram kubernetes-validate mitmproxy 2>/dev/null \
        || python3 -m pip install --quiet --break-system-packages junitparser hdrhistogram kubernetes-validate mitmproxy
}

packages=(libedit-dev libssl-dev libpcre2-dev zlib1g-dev libbrotli-dev openssl tmux python3 perl chromium groff-base man-db buildah umoci ca-certificates)
missing=()
for package in "${packages[@]}"; do
    dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed" || missing+=("$package")
done
if ((${#missing[@]} == 0)); then
    install_python_readers
    exit 0
fi

sudo=()
if [[ $(id -u) -ne 0 ]]; then
    command -v sudo >/dev/null || { echo "install-deps: need root or sudo to install: ${missing[*]}" >&2; exit 1; }
    sudo=(sudo)
fi
echo "install-deps: installing ${missing[*]}" >&2
"${sudo[@]}" env DEBIAN_FRONTEND=noninteractive apt-get update -qq
"${sudo[@]}" env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
install_python_readers
