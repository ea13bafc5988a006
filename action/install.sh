#!/usr/bin/env bash
# Installs hcr for the GitHub Action (action.yml): the release binary built for this runner,
# verified against the SHA-256 published beside it. When the version has no release (the
# action used from a branch or a commit, or a runner no binary is built for), it says so on
# $GITHUB_OUTPUT (`source=true`, with a cache key naming the action's source) and the action
# builds hcr with `cargo install` instead.
#
# Environment (the action's inputs arrive here, never in script text):
#   HCR_VERSION       the `version` input: a tag such as v0.1.0, or empty
#   HCR_ACTION_REF    the ref the action was used at (github.action_ref)
#   HCR_REPOSITORY    owner/name of the repository releases are downloaded from (the
#                     action's own, github.action_repository) [hcr-dev/hcr]
#   HCR_RELEASES_URL  base URL of release downloads [https://github.com/$HCR_REPOSITORY/releases/download]
#   HCR_DEST          folder to install into: the binary goes to $HCR_DEST/bin
#   RUNNER_OS, RUNNER_ARCH, GITHUB_OUTPUT, GITHUB_ACTION_PATH   set by the runner
set -euo pipefail

fail() {
  echo "::error title=hcr::$*" >&2
  exit 1
}

output() {
  echo "$1=$2" >> "$GITHUB_OUTPUT"
}

# The action's own source, for a `cargo install` when there is no release to download.
from_source() {
  echo "hcr: $1; building it from the action's source with cargo"
  local digest
  digest=$(cd "$GITHUB_ACTION_PATH" && find Cargo.toml Cargo.lock crates -type f -print0 \
    | LC_ALL=C sort -z | xargs -0 cat | sha256 | cut -c1-16)
  output source true
  output cache-key "hcr-source-${RUNNER_OS}-${RUNNER_ARCH}-${digest}"
  exit 0
}

sha256() {
  if command -v sha256sum > /dev/null; then
    sha256sum | cut -d' ' -f1
  else
    shasum -a 256 | cut -d' ' -f1
  fi
}

# Downloads $1 to $2; prints the HTTP status (000 when there was no answer).
download() {
  curl --silent --show-error --location --retry 3 --proto '=https,http' \
    --output "$2" --write-out '%{http_code}' "$1" || true
}

version_pattern='^v[0-9]+\.[0-9]+\.[0-9]+(-[0-9A-Za-z.]+)?$'
tag="${HCR_VERSION:-}"
if [ -z "$tag" ]; then
  ref="${HCR_ACTION_REF:-}"
  if [[ "$ref" =~ $version_pattern ]]; then
    tag="$ref"
  else
    from_source "the action is used at \`${ref:-an unknown ref}\`, not a release tag"
  fi
fi
[[ "$tag" =~ ^[0-9] ]] && tag="v$tag"
[[ "$tag" =~ $version_pattern ]] || fail "version \`$tag\` is not a release tag such as v0.1.0"

case "${RUNNER_OS:-}-${RUNNER_ARCH:-}" in
  Linux-X64) target=x86_64-unknown-linux-musl ;;
  Linux-ARM64) target=aarch64-unknown-linux-musl ;;
  macOS-X64) target=x86_64-apple-darwin ;;
  macOS-ARM64) target=aarch64-apple-darwin ;;
  Windows-X64) target=x86_64-pc-windows-msvc ;;
  *) from_source "no release binary is built for ${RUNNER_OS:-?} ${RUNNER_ARCH:-?}" ;;
esac
suffix=.tar.gz
[ "$target" = x86_64-pc-windows-msvc ] && suffix=.zip
# The release workflow's archive name (`archive: hcr-$tag-$target`, checked by cargo xtask tidy).
asset="hcr-${tag}-${target}${suffix}"
base="${HCR_RELEASES_URL:-https://github.com/${HCR_REPOSITORY:-hcr-dev/hcr}/releases/download}/${tag}"

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
status=$(download "$base/$asset" "$work/$asset")
case "$status" in
  200) ;;
  404) from_source "release $tag has no \`$asset\`" ;;
  *) fail "downloading $base/$asset failed (HTTP status $status)" ;;
esac
status=$(download "$base/$asset.sha256" "$work/$asset.sha256")
[ "$status" = 200 ] || fail "release $tag has \`$asset\` but its checksum could not be downloaded (HTTP status $status)"
want=$(cut -d' ' -f1 < "$work/$asset.sha256" | tr -d '\r\n' | tr 'A-F' 'a-f')
got=$(sha256 < "$work/$asset")
[ "${#want}" = 64 ] || fail "\`$asset.sha256\` holds no SHA-256"
[ "$want" = "$got" ] || fail "\`$asset\` does not match its published SHA-256 (expected $want, got $got); nothing was installed"

mkdir -p "$work/unpacked" "$HCR_DEST/bin"
if [ "$suffix" = .zip ]; then
  unzip -q "$work/$asset" -d "$work/unpacked"
else
  tar -xzf "$work/$asset" -C "$work/unpacked"
fi
exe=hcr
[ "$suffix" = .zip ] && exe=hcr.exe
[ -f "$work/unpacked/$exe" ] || fail "\`$asset\` holds no \`$exe\` at its top"
mv "$work/unpacked/$exe" "$HCR_DEST/bin/$exe"
chmod +x "$HCR_DEST/bin/$exe"
echo "hcr: installed $tag ($target) from $asset, SHA-256 $got"
output source false
output cache-key ""
