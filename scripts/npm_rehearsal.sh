#!/usr/bin/env bash
# Release rehearsal of the npm package `planilla` (cli/src/serve/assets/planilla/): `npm pack`
# makes its tarball in a temporary folder, and the tarball is installed by its file, as a user
# would install it by name, into three scratch projects, each checking a shipped sheet and
# asserting the result:
#   1. CommonJS: `require('planilla')`, synchronous;
#   2. an ES module: `import { … } from 'planilla'`, synchronous;
#   3. a browser bundle: esbuild (installed from npm into the project) bundles an ES module
#      for the browser (platform browser, no Node import allowed), and the bundle runs under
#      Node with `fetch` shimmed to read files, as a page would fetch the WebAssembly next to
#      it: `await init()`, then `check`;
#   4. TypeScript in a CommonJS project (`npm init`'s, with the tsconfig.json that `tsc --init`
#      wrote before TypeScript 5.9: module commonjs, strict): compiled with `tsc` (installed
#      from npm into the project, with @types/node) and run.
# Prints the tarball's size. Needs Node 18 or later with npm, and the npm registry (esbuild,
# typescript).
#
#   bash scripts/npm_rehearsal.sh            # the checked-in build
#   KEEP=1 bash scripts/npm_rehearsal.sh     # keeps the temporary folder, and says where
set -euo pipefail
# A failure inside $(…) (an npm install in `scratch`) stops the script too.
shopt -s inherit_errexit
cd "$(dirname "$0")/.."
root=$PWD
package=$root/cli/src/serve/assets/planilla
sheet=$root/examples/planillas/fide2005_apendice_e.txt

work=$(mktemp -d)
if [ -z "${KEEP:-}" ]; then
  trap 'rm -rf "$work"' EXIT
fi
export npm_config_update_notifier=false npm_config_fund=false npm_config_audit=false

step() { printf '\n=== %s\n' "$*"; }

step "npm pack"
(cd "$package" && npm pack --silent --pack-destination "$work" >/dev/null)
tarball=$(ls "$work"/planilla-*.tgz)
echo "$(basename "$tarball"): $(wc -c <"$tarball") bytes, $(tar tzf "$tarball" | wc -l) files"
tar tzf "$tarball" | sed 's/^/  /'

# What the command line says of the sheet, to compare with: the README's test command builds
# it (target/tests/planilla); PLANILLA_CLI names another build.
cli=${PLANILLA_CLI:-$root/target/tests/planilla}
if [ ! -x "$cli" ]; then
  cargo build --quiet --profile tests -p planilla-cli
  cli=$root/target/tests/planilla
fi
expected_valid=$("$cli" check --json "$sheet" | node -e '
  const text = require("fs").readFileSync(0, "utf8");
  console.log(JSON.parse(text).games.map((g) => g.valid).join(","));
' || true)
if [ -z "$expected_valid" ]; then
  echo "the command line's reading of $sheet could not be had from $cli" >&2
  exit 1
fi

# A scratch project of `kind` (commonjs or module) with the tarball installed.
scratch() {
  local dir=$work/$1
  mkdir -p "$dir"
  printf '{ "name": "scratch-%s", "version": "1.0.0", "private": true, "type": "%s" }\n' \
    "$1" "$2" >"$dir/package.json"
  (cd "$dir" && npm install --silent --no-package-lock "$tarball" "${@:3}")
  echo "$dir"
}

step "CommonJS: require('planilla')"
dir=$(scratch cjs commonjs | tail -1)
cat >"$dir/main.js" <<'EOF'
const assert = require('node:assert');
const { readFileSync } = require('node:fs');
const { check, convert, SettingError } = require('planilla');
const [sheet, expected] = process.argv.slice(2);
const { games } = check(readFileSync(sheet, 'utf8'));
assert.strictEqual(games.map((g) => g.valid).join(','), expected);
assert.strictEqual(check('1.e4 e5 2.Cf3').games[0].moves[2].san, 'Nf3');
assert.match(convert('1.e4 e5 2.Cf3', { to: 'descriptive' }), /N-KB3/);
assert.throws(() => check('1.e4', { edition: 1999 }), SettingError);
console.log(`cjs: ${games.length} game(s) checked, valid: ${expected}`);
EOF
(cd "$dir" && node main.js "$sheet" "$expected_valid")

step "ES module: import from 'planilla'"
dir=$(scratch esm module | tail -1)
cat >"$dir/main.js" <<'EOF'
import assert from 'node:assert';
import { createReadStream, readFileSync } from 'node:fs';
import { check, checkStream, FenError } from 'planilla';
const [sheet, expected] = process.argv.slice(2);
const { games } = check(readFileSync(sheet, 'utf8'));
assert.strictEqual(games.map((g) => g.valid).join(','), expected);
const streamed = [];
for await (const game of checkStream(createReadStream(sheet, { highWaterMark: 16 }))) streamed.push(game);
assert.deepStrictEqual(streamed, games);
assert.throws(() => check('1.e4', { fen: 'x', messages: 'en' }), FenError);
console.log(`esm: ${games.length} game(s) checked and streamed, valid: ${expected}`);
EOF
(cd "$dir" && node main.js "$sheet" "$expected_valid")

step "browser bundle: esbuild --platform=browser, run with the WebAssembly fetched"
dir=$(scratch bundle module esbuild@0 | tail -1)
cat >"$dir/page.js" <<'EOF'
// A page's script: loads the WebAssembly next to the bundle, then checks the sheet it is given.
import { init, check } from 'planilla';
export async function run(sheet) {
  await init(new URL('./planilla_web_bg.wasm', import.meta.url));
  return check(sheet).games.map((g) => g.valid).join(',');
}
EOF
(cd "$dir" && npx --no-install esbuild page.js --bundle --format=esm --platform=browser \
  --outfile=dist/page.js --log-level=warning)
cp "$dir/node_modules/planilla/planilla_web_bg.wasm" "$dir/dist/"
if grep -q "node:" "$dir/dist/page.js"; then
  echo "the browser bundle imports a Node module" >&2
  exit 1
fi
echo "bundle: $(wc -c <"$dir/dist/page.js") bytes, and planilla_web_bg.wasm beside it"
cat >"$dir/run.mjs" <<'EOF'
// Runs the bundle as a browser would: `fetch` of a file URL answers the file, with the
// WebAssembly's content type; there is no `require`, `process` nor `fs` in the bundle.
import assert from 'node:assert';
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
const [sheet, expected] = process.argv.slice(2);
globalThis.fetch = async (url) => {
  const bytes = await readFile(fileURLToPath(String(url)));
  return new Response(bytes, { headers: { 'Content-Type': 'application/wasm' } });
};
const { run } = await import('./dist/page.js');
const valid = await run(await readFile(sheet, 'utf8'));
assert.strictEqual(valid, expected);
console.log(`bundle: the WebAssembly loaded by init(), valid: ${valid}`);
EOF
(cd "$dir" && node run.mjs "$sheet" "$expected_valid")

step "TypeScript: a CommonJS project, compiled with tsc --strict and run"
dir=$(scratch ts commonjs typescript@5 @types/node@20 | tail -1)
cat >"$dir/tsconfig.json" <<'EOF'
{
  "compilerOptions": {
    "target": "es2016",
    "module": "commonjs",
    "esModuleInterop": true,
    "forceConsistentCasingInFileNames": true,
    "strict": true,
    "skipLibCheck": false
  }
}
EOF
cat >"$dir/main.ts" <<'EOF'
import { readFileSync } from 'node:fs';
import { check, PlanillaError } from 'planilla';
const [sheet, expected] = process.argv.slice(2);
const games = check(readFileSync(sheet, 'utf8')).games;
const valid: string = games.map((g) => g.valid).join(',');
const san: string = check('1.e4').games[0].moves[0].san;
if (valid !== expected || san !== 'e4') throw new Error(`valid ${valid}, san ${san}`);
try {
  check('1.e4', { lang: 'xx' as 'es' });
} catch (e) {
  if (!(e instanceof PlanillaError) || e.code !== 'setting') throw e;
}
console.log(`ts: ${games.length} game(s) checked, valid: ${valid}`);
EOF
(cd "$dir" && npx --no-install tsc -p . && node main.js "$sheet" "$expected_valid")

step "done"
echo "tarball: $(wc -c <"$tarball") bytes"
if [ -n "${KEEP:-}" ]; then
  echo "kept: $work"
fi
