#!/usr/bin/env bash
# Builds the OCI image `sdkbench load k8s --image IMAGE` runs, from nothing (FROM scratch: the
# machines this runs on reach no registry, so no base image can be pulled), with buildah in a
# storage directory of its own that is removed at the end.
#
# The image holds what the pods of `load k8s` use, and nothing else:
#   /usr/local/bin/sdkbench   the binary, on PATH (/sdkbench is where the pod mounts the script)
#   the libraries ldd lists   and the dynamic loader, at the paths the binary asks for
#   /bin/sh                   the host's, with its libraries: the pod's command is `/bin/sh -c`
#                             (the index arithmetic, the merge's glob)
#   /etc/ssl/certs/…          the CA bundle, for https:// servers
#   /etc/passwd, /etc/group   the user sdkbench, 65532:65532, which the image runs as: a numeric
#                             USER, so that a pod's runAsNonRoot can check it
#   /tmp (1777)               HOME and SDKBENCH_HOME (/tmp/sdkbench, as the manifest sets it)
# No zoneinfo (/usr/share/zoneinfo, /etc/localtime): local time in the image is UTC.
#
#   scripts/image.sh [--binary PATH] [-o FILE] [--tag TAG]
#     --binary PATH  the sdkbench to put in (default: scripts/release-build.sh's, built now)
#     -o FILE        the OCI archive written (default: sdkbench-image.tar)
#     --tag TAG      the image's tag (default: the binary's --version)
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)

fail() {
    echo "image.sh: $*" >&2
    exit 1
}
# The usage lines of the header: on stdout when asked for (exit 0), else on stderr after the error.
usage() {
    local status=${1:-2} stream=2
    ((status == 0)) && stream=1
    sed -n '/^#   scripts\/image.sh/,/^#     --tag/s/^# \{0,1\}//p' "$0" >&"$stream"
    exit "$status"
}

binary=""
out="sdkbench-image.tar"
tag=""
while (($# > 0)); do
    case "$1" in
    --binary | -o | --tag)
        (($# >= 2)) || { echo "image.sh: $1 needs a value" >&2; usage; }
        case "$1" in
        --binary) binary=$2 ;;
        -o) out=$2 ;;
        --tag) tag=$2 ;;
        esac
        shift 2
        ;;
    -h | --help) usage 0 ;;
    *) echo "image.sh: unknown argument '$1'" >&2; usage ;;
    esac
done

# Checked before anything is built: each is a reason to stop that the user can act on.
command -v buildah >/dev/null || fail "buildah is not installed: apt-get install buildah (or scripts/install-deps.sh)"
command -v ldd >/dev/null || fail "ldd is not installed (libc-bin): it lists the libraries the image needs"
certificates=/etc/ssl/certs/ca-certificates.crt
[[ -r $certificates ]] || fail "$certificates is missing: apt-get install ca-certificates"
# oci-archive:FILE:TAG is split at the colons.
[[ $out != *:* ]] || fail "-o '$out': the archive's name cannot hold ':'"
[[ -d $(dirname -- "$out") ]] || fail "-o '$out': no directory $(dirname -- "$out")"
out=$(cd "$(dirname -- "$out")" && pwd)/$(basename -- "$out")

if [[ -z $binary ]]; then
    echo "image.sh: building the release binary (scripts/release-build.sh; --binary PATH uses another)" >&2
    "$root/scripts/release-build.sh" >&2
    binary="$root/.build/release/sdkbench"
fi
[[ -f $binary ]] || fail "--binary '$binary': no such file"
[[ -x $binary ]] || fail "--binary '$binary': not executable"
version=$("$binary" --version 2>/dev/null) || fail "--binary '$binary': does not run here ('$binary --version' failed)"
tag=${tag:-$version}
[[ $tag =~ ^[A-Za-z0-9_][A-Za-z0-9_.-]{0,127}$ ]] \
    || fail "--tag '$tag': a tag is letters, digits, '_', '.' and '-', at most 128, not beginning with '.' or '-'"

work=$(mktemp -d "${TMPDIR:-/var/tmp}/sdkbench-image.XXXXXX")
buildah=(buildah --root "$work/storage" --runroot "$work/run" --storage-driver vfs)
container=""
storage_user=()
# vfs keeps a full copy of every layer: the storage goes with the run, whatever ends it.
cleanup() {
    [[ -z $container ]] || "${buildah[@]}" rm "$container" >/dev/null 2>&1 || true
    "${buildah[@]}" rmi --all --force >/dev/null 2>&1 || true
    # Rootless storage may hold files owned by subordinate ids, which only the namespace can remove.
    "${storage_user[@]}" rm -rf "$work" 2>/dev/null || rm -rf "$work"
}
trap cleanup EXIT

# Without root, buildah works only in a user namespace of its own (user namespaces enabled; for
# files of other owners, subordinate ids for this user).
if [[ $(id -u) -ne 0 ]]; then
    said=$("${buildah[@]}" unshare true 2>&1) \
        || fail "not root, and buildah cannot work rootless here (it needs user namespaces, /etc/subuid and /etc/subgid entries for $(id -un), and newuidmap from the uidmap package): run it as root (sudo scripts/image.sh …). buildah said: ${said##*$'\n'}"
    storage_user=("${buildah[@]}" unshare)
fi

rootfs="$work/rootfs"
mkdir -p "$rootfs"/{usr/local/bin,bin,etc/ssl/certs,tmp}
chmod 1777 "$rootfs/tmp"
install -m 0755 "$binary" "$rootfs/usr/local/bin/sdkbench"
install -m 0755 "$(readlink -f /bin/sh)" "$rootfs/bin/sh"

# Each library at the path ldd resolved it to (the loader finds it there again: the same default
# directories, the same RUNPATH), its contents copied, not its symbolic links.
copy_libraries() {
    local listing line path
    # A static executable needs none (ldd says so and fails).
    listing=$(ldd "$1" 2>&1) || {
        [[ $listing == *"not a dynamic executable"* || $listing == *"statically linked"* ]] && return 0
        fail "ldd '$1' failed: $listing"
    }
    while IFS= read -r line; do
        [[ $line == *"not found"* ]] && fail "'$1' needs a library this machine lacks: ${line#"${line%%[![:space:]]*}"}"
        path=""
        if [[ $line =~ =\>\ (/[^ ]+)\  ]]; then path=${BASH_REMATCH[1]}; elif [[ $line =~ ^[[:space:]]*(/[^ ]+)\  ]]; then path=${BASH_REMATCH[1]}; fi
        [[ -n $path && ! -e $rootfs$path ]] || continue
        mkdir -p "$rootfs$(dirname "$path")"
        cp -L "$path" "$rootfs$path"
    done <<<"$listing"
}
copy_libraries "$binary"
copy_libraries /bin/sh

cp -L "$certificates" "$rootfs$certificates"
printf 'root:x:0:0:root:/root:/sbin/nologin\nsdkbench:x:65532:65532:sdkbench:/tmp:/sbin/nologin\n' >"$rootfs/etc/passwd"
printf 'root:x:0:\nsdkbench:x:65532:\n' >"$rootfs/etc/group"
# Without this file glibc asks DNS before /etc/hosts, so 'localhost' would need a resolver.
printf 'passwd: files\ngroup: files\nhosts: files dns\n' >"$rootfs/etc/nsswitch.conf"

container=$("${buildah[@]}" from --quiet scratch)
"${buildah[@]}" copy --quiet "$container" "$rootfs/" / >/dev/null
"${buildah[@]}" config \
    --user 65532:65532 \
    --entrypoint '["/usr/local/bin/sdkbench"]' \
    --env PATH=/usr/local/bin:/usr/bin:/bin \
    --env HOME=/tmp \
    --env SDKBENCH_HOME=/tmp/sdkbench \
    --workingdir /tmp \
    --label org.opencontainers.image.title=sdkbench \
    --label "org.opencontainers.image.version=$version" \
    "$container"
"${buildah[@]}" commit --quiet --format oci "$container" "localhost/sdkbench:$tag" >/dev/null
rm -f "$out"
"${buildah[@]}" push --quiet "localhost/sdkbench:$tag" "oci-archive:$out:$tag"

size=$(du -h "$out" | cut -f1)
cat <<EOF
image.sh: wrote $out ($size, sdkbench $version, tag $tag) in $SECONDS s.
Push it to a registry the cluster pulls from, e.g. with skopeo (apt-get install skopeo):
  skopeo copy oci-archive:$out:$tag docker://REGISTRY/sdkbench:$tag
Then:
  sdkbench load k8s SCRIPT --segments N --image REGISTRY/sdkbench:$tag
EOF
