#!/bin/bash
# run.sh BUNDLE OUT — on the GPU machine: builds the runner, runs every
# manifest of the bundle (the timed ones alone, after the others, which run
# side by side) and writes OUT/results.tgz (one directory per manifest:
# results.txt, stdout.txt, stderr.txt, ID/argK.bin), OUT/device.txt and
# OUT/redux_probe.txt.
set -u
here=$(cd "$(dirname "$0")" && pwd)
bundle=$(cd "$1" && pwd)
out=$(mkdir -p "$2" && cd "$2" && pwd)
work=$(mktemp -d)
{
	nvidia-smi --query-gpu=name,driver_version,compute_cap,clocks.max.sm --format=csv
	nvcc --version | tail -2
} >"$out/device.txt" 2>&1
# What the GPU makes of redux.sync with member masks that differ between
# lanes (redux_probe.cu): its report, next to device.txt.
if nvcc -arch=sm_80 -o "$work/redux_probe" "$here/redux_probe.cu" >"$out/redux_probe.txt" 2>&1; then
	"$work/redux_probe" >"$out/redux_probe.txt" 2>&1
fi
cuda=$(dirname "$(dirname "$(command -v nvcc)")")
if ! nvcc -O2 -o "$work/runner" "$here/runner.cpp" -lcuda 2>"$work/build.log"; then
	g++ -O2 -I"$cuda/include" -o "$work/runner" "$here/runner.cpp" -L"$cuda/lib64/stubs" -lcuda 2>>"$work/build.log" || {
		cat "$work/build.log" >&2
		exit 2
	}
fi
cd "$bundle"
runone() {
	local name=$1
	mkdir -p "$work/res/$name"
	local skip=0 st
	: >"$work/res/$name/stdout.txt"
	: >"$work/res/$name/stderr.txt"
	while :; do
		timeout "${RUNNER_TIMEOUT:-240}" "$work/runner" "$name.manifest" "$work/res/$name" $skip >>"$work/res/$name/stdout.txt" 2>>"$work/res/$name/stderr.txt"
		st=$?
		# 3: a launch failed, and the process cannot use the GPU again.
		if [ $st = 3 ]; then
			skip=$(cat "$work/res/$name/resume")
			continue
		fi
		# Killed by a signal (the driver crashed): record the run, go on.
		if [ $st -gt 128 ] && [ $st != 137 ] && [ -s "$work/res/$name/current" ]; then
			read -r done id <"$work/res/$name/current"
			if [ "$done" -gt "$skip" ]; then
				echo "$id crash the runner died with exit status $st" >>"$work/res/$name/results.txt"
				printf '\n@@@end %s\n' "$id" >>"$work/res/$name/stdout.txt"
				printf '\n@@@end %s\n' "$id" >>"$work/res/$name/stderr.txt"
				skip=$done
				continue
			fi
		fi
		break
	done
	echo "$name: runner exit $st, $(wc -l <"$work/res/$name/results.txt") results ($(date +%T))"
}
for m in *.manifest; do
	name=${m%.manifest}
	case $name in time-*) continue ;; esac
	runone "$name" &
done
wait
for m in time-*.manifest; do
	[ -e "$m" ] && runone "${m%.manifest}"
done
tar czf "$out/results.tgz" -C "$work" res
ls -l "$out"
