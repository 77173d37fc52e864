#!/usr/bin/env bash
# Runs ptxabi mangle over the CUDA programs of scripts/corpus/corpus.txt and
# compares its symbols with the device functions and kernels that nvcc
# defines for each .cu file compiled alone (nvcc -rdc=true -ptx, CUDA 11.8).
#
# usage: scripts/corpus/run.sh MIRROR [NAME]
#
# MIRROR is a directory holding a git directory for each repository as
# MIRROR/OWNER+NAME/repo (bare or not); a collection whose snapshot is
# absent is skipped with a message. NAME picks one collection. nvcc's
# symbols are kept in CACHE (default: $HOME/.cache/ptxabi-corpus), by
# collection and commit, so that a second run compiles nothing.
#
# For each collection it prints: the .cu files nvcc compiles alone; of
# those, the files ptxabi reads without error; the device symbols nvcc
# defines (.visible or .weak .func and .entry, less those of CUDA's own
# headers: cuda::std, cooperative_groups' internals, local statics); of
# those, the symbols ptxabi mangle prints; of those, the symbols whose
# declaration ptxabi proto prints exactly as nvcc writes it (linkage,
# return and parameters, whitespace aside). With VERBOSE=1 it lists every
# file ptxabi cannot read (with its first error), every missing symbol and
# every declaration that differs. Last, of the files nvcc compiles: those
# ptxabi cc compiles (-rdc, the same -arch and -I), and of those the
# ones whose PTX ptxas assembles (ptxas -c for ARCH); with VERBOSE=1, the
# first error of each file it does not.
set -euo pipefail
export LC_ALL=C # one collation for sort, comm and join
mirror=${1:?usage: run.sh MIRROR [NAME]}
only=${2:-}
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
(cd "$root" && go build -o "$work/ptxabi" ./cmd/ptxabi)

# nvcc's device symbols that a source's own declarations cannot produce.
# Also the instances of thrust's and CUB's templates (libraries of the
# toolkit whose headers are not parsed): reported apart.
system='^_ZZN4cuda|^_ZN4cuda3std|^_ZN18cooperative_groups4__v17details|^_ZNK18cooperative_groups4__v17details|^_ZZ|^_ZN3cub|^_ZN6thrust|^_ZNK6thrust|^_ZNK3cub'
cache=${CACHE:-$HOME/.cache/ptxabi-corpus}

grep -v '^#' "$here/corpus.txt" | while read -r name repo commit arch incs; do
  [ -z "$name" ] && continue
  [ -n "$only" ] && [ "$only" != "$name" ] && continue
  git_dir="$mirror/${repo/\//+}/repo"
  if ! git --git-dir="$git_dir" cat-file -e "$commit^{commit}" 2>/dev/null; then
    echo "$name: no snapshot of $repo at $commit under $mirror: skipped"
    continue
  fi
  src="$work/$name"
  mkdir -p "$src"
  # Sources and headers only (large data files may be absent).
  # decls reads PTX declarations (.visible/.weak .func/.entry headers up to
  # the closing parenthesis) and prints one a line: SYMBOL TAB TEXT, the
  # text's whitespace collapsed.
  decls() {
    awk '
      /^\.(visible|weak) \.(func|entry)/ { d = $0; open = 1; if ($0 ~ /\)[ \t]*$/ && $0 !~ /\($/) { open = 0; emit() } ; next }
      open { d = d " " $0; if ($0 ~ /^\)/) { open = 0; emit() } }
      function emit(  s, n) {
        s = d; gsub(/[ \t]+/, " ", s); gsub(/\( /, "(", s); gsub(/ \)/, ")", s)
        n = s; sub(/\(.*$/, "", n); sub(/^.* /, "", n)
        if (s ~ /func_retval0(\[[0-9]+\])?\)/) { n = s; sub(/^.*func_retval0[^)]*\) /, "", n); sub(/\(.*$/, "", n) }
        print n "\t" s
      }'
  }
  git --git-dir="$git_dir" ls-tree -r --name-only "$commit" |
    grep -E '\.(cu|cuh|h|hpp|hxx|inl|c|cc|cpp)$' | while read -r f; do
      mkdir -p "$src/$(dirname "$f")"
      git --git-dir="$git_dir" show "$commit:$f" >"$src/$f" 2>/dev/null || true
    done
  iflags=()
  for d in $incs; do iflags+=(-I "$src/$d"); done
  files=0 read=0 syms=0 printed=0 libsyms=0 declared=0 compiled=0 assembled=0
  while read -r cu; do
    dir=$(dirname "$cu")
    rel=${cu#$src/}
    c="$cache/$name/$commit/$rel"
    if [ ! -e "$c.decls" ] && [ ! -e "$c.fail" ]; then
      mkdir -p "$(dirname "$c")"
      ptx="$work/out.ptx"
      if nvcc -arch="$arch" -rdc=true -ptx -w -I "$dir" "${iflags[@]}" -o "$ptx" "$cu" >/dev/null 2>&1; then
        decls <"$ptx" | sort -u >"$c.decls"
        grep -E '^\.(visible|weak) \.(func|entry)' "$ptx" |
          sed -E 's/^\.(visible|weak) \.(func|entry)[[:space:]]+(\([^)]*\)[[:space:]]*)?([A-Za-z_$][A-Za-z0-9_$]*).*/\4/' |
          sort -u >"$c.syms" || true
      else
        : >"$c.fail"
      fi
    fi
    [ -e "$c.syms" ] || continue
    files=$((files + 1))
    grep -Ev "$system" "$c.syms" >"$work/theirs" || true
    lib=$(grep -Ec '^_ZN3cub|^_ZN6thrust|^_ZNK6thrust|^_ZNK3cub' "$c.syms" || true)
    libsyms=$((libsyms + lib))
    n=$(wc -l <"$work/theirs")
    syms=$((syms + n))
    if "$work/ptxabi" mangle -arch "$arch" -I "$dir" "${iflags[@]}" "$cu" >"$work/ours.txt" 2>"$work/err"; then
      read=$((read + 1))
    else
      if [ "${VERBOSE:-}" = 1 ]; then echo "  unread $rel: $(grep -v warning "$work/err" | head -1 | sed "s|$src/||")"; fi
    fi
    cut -f1 "$work/ours.txt" | sort -u >"$work/ours"
    m=$(comm -12 "$work/theirs" "$work/ours" | wc -l)
    printed=$((printed + m))
    if [ "${VERBOSE:-}" = 1 ]; then
      comm -23 "$work/theirs" "$work/ours" | sed "s|^|  missing $rel: |"
    fi
    # Declarations: nvcc's against ptxabi proto's, for the symbols printed.
    "$work/ptxabi" proto -arch "$arch" -I "$dir" "${iflags[@]}" "$cu" 2>/dev/null | decls | sort -u >"$work/ourdecls" || true
    comm -12 "$work/theirs" "$work/ours" >"$work/both"
    d=$(join -t $'\t' "$work/both" "$c.decls" | sort >"$work/td"; join -t $'\t' "$work/both" "$work/ourdecls" | sort >"$work/od"; comm -12 "$work/td" "$work/od" | cut -f1 | sort -u | wc -l)
    declared=$((declared + d))
    if [ "${VERBOSE:-}" = 1 ]; then
      cut -f1 "$work/td" | sort -u | comm -23 "$work/both" - | sed "s|^|  no nvcc declaration read $rel: |"
    fi
    if [ "${VERBOSE:-}" = 1 ]; then
      comm -23 "$work/td" "$work/od" | cut -f1 | sort -u | sed "s|^|  declaration differs $rel: |"
    fi
    # Compiled by ptxabi cc, and assembled.
    if "$work/ptxabi" cc -rdc -arch "$arch" -I "$dir" "${iflags[@]}" -o "$work/cc.ptx" "$cu" 2>"$work/err"; then
      compiled=$((compiled + 1))
      if ptxas -c -arch="$arch" -o "$work/cc.cubin" "$work/cc.ptx" 2>"$work/err"; then
        assembled=$((assembled + 1))
      elif [ "${VERBOSE:-}" = 1 ]; then
        echo "  ptxas rejects cc's PTX of $rel: $(head -1 "$work/err")"
      fi
    elif [ "${VERBOSE:-}" = 1 ]; then
      echo "  not compiled $rel: $(grep -v warning "$work/err" | head -1 | sed "s|$src/||")"
    fi
  done < <(find "$src" -name '*.cu' | sort)
  echo "$name: $read of $files files read; $printed of $syms device symbols printed by ptxabi mangle, $declared of those declared by ptxabi proto as nvcc declares them ($libsyms more are instances of thrust's and CUB's templates, not counted); $compiled of the $files files compiled by ptxabi cc -rdc, $assembled of those assembled by ptxas"
done
