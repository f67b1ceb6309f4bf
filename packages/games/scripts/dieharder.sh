#!/bin/sh
# The dieharder battery on Khela's CSPRNG stream, with the WEAK re-run rule (docs/decisions/0017):
#   npm run rng:dieharder                 # the full battery (an hour or more on two cores), then the re-runs
#   npm run rng:dieharder -- battery.log  # only the re-runs and the summary, from a saved battery's output
# A WEAK result (p within 0.005 of 0 or 1) turns up by chance in about 1 test of 100; each one is
# run again alone (-d <test> -n <ntup>) on fresh output and counted only if it is WEAK or FAILED
# again. Writes docs/randomness/dieharder.txt. Needs Debian's `dieharder` (apt-get install dieharder).
set -eu
root=$(cd "$(dirname "$0")/../../.." && pwd)
out="$root/docs/randomness/dieharder.txt"
stream="$root/node_modules/.bin/tsx $root/packages/games/scripts/rng-stream.ts"
command -v dieharder >/dev/null || { echo "dieharder is not installed: apt-get install -y dieharder" >&2; exit 1; }

if [ "${1:-}" ]; then
  battery=$1
else
  battery=$(mktemp)
  $stream | dieharder -a -g 200 | tee "$battery"
fi

results=$(grep -E '\|\s*(PASSED|WEAK|FAILED)\s*$' "$battery" || true)
count() { printf '%s\n' "$results" | grep -c "$1" || true; }
reruns=$(mktemp)
printf '%s\n' "$results" | grep 'WEAK' | while IFS='|' read -r name ntup _; do
  name=$(echo "$name" | tr -d ' ')
  ntup=$(echo "$ntup" | tr -d ' ')
  echo "re-running $name (ntup $ntup) alone" >&2
  line=$($stream | dieharder -g 200 -d "$name" -n "$ntup" | grep -E '\|\s*(PASSED|WEAK|FAILED)\s*$' | grep -E "^\s*$name\s*\|\s*$ntup\s*\|" || true)
  printf '%s\n' "$line" >>"$reruns"
done
repeated=$(grep -cE 'WEAK|FAILED' "$reruns" || true)

{
  echo "dieharder $(dieharder -l 2>/dev/null | grep -o 'version [0-9.]*' | head -1)"
  echo "Stream: npm run --silent rng:stream (crypto.getRandomValues words, as cryptoRng draws them) | dieharder -a -g 200"
  echo "Written $(date -u +%Y-%m-%dT%H:%MZ) on $(uname -sm), $(nproc) cores, node $(node --version)"
  echo
  echo "Summary: $(count PASSED) PASSED, $(count WEAK) WEAK, $(count FAILED) FAILED of $(printf '%s\n' "$results" | grep -c . || true) results."
  echo "WEAK re-run alone on fresh output: $repeated of $(count WEAK) repeated (only a repeat counts against the generator)."
  # dab_monobit2 is the battery's last test: without it the run was cut short or is still going.
  grep -q 'dab_monobit2' "$battery" || echo "PARTIAL: the battery had not reached its last test (dab_monobit2) when this was written; these are the results it had printed."
  echo
  echo "== Battery =="
  grep -F '|' "$battery" | grep -vE '^#|rng_name|stdin_input_raw' || true
  echo
  echo "== WEAK re-runs =="
  if [ -s "$reruns" ]; then cat "$reruns"; else echo "(none)"; fi
} >"$out"
rm -f "$reruns"
echo "wrote $out" >&2
