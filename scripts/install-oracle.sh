#!/usr/bin/env bash
# Installs the reference toolchain that the oracle tests compare against:
# NVIDIA's CUDA 11.8 from Debian non-free (nvcc, ptxas, nvlink, cuobjdump,
# nvdisasm, cu++filt), g++-11-multilib (for nvcc -m32), clang-14 (a second PTX
# producer) and llvm-14 (llvm-dwarfdump-14 reads the DWARF in a cubin).
#
# Idempotent: when every tool is already present it returns at once.
# Needs root (apt-get). Exit status is non-zero only when apt itself fails.
set -euo pipefail

need=(nvcc ptxas nvlink cuobjdump cu++filt clang-14 llvm-dwarfdump-14)
missing=()
for t in "${need[@]}"; do
  command -v "$t" >/dev/null 2>&1 || missing+=("$t")
done
# g++-11 multilib: nvcc -m32 needs the 32-bit libstdc++ headers.
[ -d /usr/lib/gcc/x86_64-linux-gnu/11/32 ] || missing+=(g++-11-multilib)
if [ ${#missing[@]} -eq 0 ]; then
  echo "install-oracle: reference toolchain already installed"
  exit 0
fi
echo "install-oracle: missing ${missing[*]}; installing"

SUDO=
if [ "$(id -u)" -ne 0 ]; then SUDO=sudo; fi

src=/etc/apt/sources.list.d/ptxabi-nonfree.sources
if [ ! -f "$src" ]; then
  # Same URIs and suites as the system's debian.sources, with contrib and non-free.
  base=/etc/apt/sources.list.d/debian.sources
  uri=http://deb.debian.org/debian
  suites="bookworm bookworm-updates"
  keyring=/usr/share/keyrings/debian-archive-keyring.gpg
  if [ -f "$base" ]; then
    u=$(awk '/^URIs:/{print $2; exit}' "$base"); [ -n "$u" ] && uri=$u
    s=$(awk -F': ' '/^Suites:/{print $2; exit}' "$base"); [ -n "$s" ] && suites=$s
  fi
  $SUDO tee "$src" >/dev/null <<SRC
Types: deb
URIs: $uri
Suites: $suites
Components: contrib non-free
Signed-By: $keyring
SRC
fi

export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -qq
# The CUDA toolkit's licence question is answered by debconf preseeding.
echo "nvidia-cuda-toolkit nvidia-cuda-toolkit/license note" | $SUDO debconf-set-selections 2>/dev/null || true
$SUDO apt-get install -y -qq --no-install-recommends \
  nvidia-cuda-toolkit g++-11-multilib clang-14 llvm-14 >/dev/null
for t in "${need[@]}"; do
  command -v "$t" >/dev/null 2>&1 || { echo "install-oracle: $t still missing after install" >&2; exit 1; }
done
echo "install-oracle: done ($(nvcc --version | tail -1))"
