#!/usr/bin/env bash
# Builds the desk's WebAssembly (crate `web/`) and its JavaScript glue into
# cli/src/serve/assets/planilla/, where `planilla serve` embeds them; that folder is also the
# npm package `planilla`. The build is checked in, so that the README's commands need no
# WebAssembly toolchain; CI runs this script and fails if the result differs from it.
#
# The folder gets, besides its own package.json and README.md:
# - planilla_web.js (+ .d.ts): wasm-bindgen's glue as an ES module (`--target web`), which the
#   desk's worker and the package's browser module load; planilla_web_bg.wasm, the module;
# - planilla_web.cjs: the same glue as a CommonJS module (`--target no-modules`, whose
#   WebAssembly is byte for byte the same file), for Node's `require`;
# - index.js (browsers and bundlers: ESM, `await init()`), index.cjs (Node's `require`: the
#   WebAssembly read with fs, ready at once) and index.mjs (Node's `import` of index.cjs): the
#   package's calls, web/js/api.js between each build's head and exports (web/js/);
# - index.d.ts and index.d.cts: the types (web/js/index.d.ts), for `import` and `require`;
# - LICENSE: the repository's.
#
# Needs: the Rust toolchain named below with its target wasm32-unknown-unknown, and
# wasm-bindgen-cli of exactly the version of the wasm-bindgen crate in Cargo.lock. With
# `--install`, the script installs them.
set -euo pipefail
cd "$(dirname "$0")/.."

# The compiler the checked-in build was made with. Its bytes name the compiler (the panic
# locations of the standard library), so another compiler makes other bytes: the build is
# made with this one whatever the machine's default is. Change it together with a rebuild.
toolchain=1.95.0

version=$(awk '/^name = "wasm-bindgen"$/ { getline; gsub(/[^0-9.]/, ""); print; exit }' Cargo.lock)
if [ "${1:-}" = "--install" ]; then
  if [ "$(rustc --version | cut -d' ' -f2)" = "$toolchain" ]; then
    rustup target add wasm32-unknown-unknown
  else
    rustup toolchain install "$toolchain" --profile minimal --target wasm32-unknown-unknown
  fi
  if [ "$(wasm-bindgen --version 2>/dev/null | cut -d' ' -f2)" != "$version" ]; then
    # Its own lock file first; where a dependency it locks is gone from the registry (yanked:
    # webpki-roots 1.0.11 for 0.2.130), the newest that fits. The tool's version is what
    # the generated glue depends on, and it stays pinned.
    cargo install wasm-bindgen-cli --version "$version" --locked --quiet \
      || cargo install wasm-bindgen-cli --version "$version" --quiet
  fi
fi
if [ "$(rustc --version | cut -d' ' -f2)" = "$toolchain" ]; then
  cargo=(cargo)
else
  cargo=(cargo "+$toolchain")
fi
if [ "$(wasm-bindgen --version 2>/dev/null | cut -d' ' -f2)" != "$version" ]; then
  echo "build_web.sh: needs wasm-bindgen-cli $version (run it with --install)" >&2
  exit 1
fi

# The same bytes on every machine: no absolute path of this clone or of cargo's home in the
# module (panic locations name source files), one codegen unit, no debug information.
cargo_home=${CARGO_HOME:-$HOME/.cargo}
export RUSTFLAGS="--remap-path-prefix=$PWD=/planilla --remap-path-prefix=$cargo_home=/cargo"
export CARGO_PROFILE_RELEASE_LTO=true
export CARGO_PROFILE_RELEASE_OPT_LEVEL=s
export CARGO_PROFILE_RELEASE_PANIC=abort
"${cargo[@]}" build --release --locked -p planilla-web --target wasm32-unknown-unknown \
  --target-dir target/wasm
out=cli/src/serve/assets/planilla
module=target/wasm/wasm32-unknown-unknown/release/planilla_web.wasm
# `__wbg_reset_state`: after a trap (panic=abort), the browser module starts a new instance
# (the CommonJS module loads its glue again).
wasm-bindgen --target web --experimental-reset-state-function --out-dir "$out" \
  --out-name planilla_web "$module"
scripts=target/wasm/no-modules
rm -rf "$scripts"
wasm-bindgen --target no-modules --no-typescript \
  --out-dir "$scripts" --out-name planilla_web "$module"
if ! cmp -s "$scripts/planilla_web_bg.wasm" "$out/planilla_web_bg.wasm"; then
  echo "build_web.sh: the no-modules glue wants another WebAssembly than the web glue" >&2
  exit 1
fi
{
  echo '// wasm-bindgen'"'"'s glue of planilla_web_bg.wasm (--target no-modules) as a CommonJS module.'
  cat "$scripts/planilla_web.js"
  echo 'module.exports = wasm_bindgen;'
} >"$out/planilla_web.cjs"

# The package's modules: the calls (web/js/api.js) between each build's head and exports.
package_version=$(sed -n 's/^version = "\(.*\)"/\1/p' web/Cargo.toml | head -1)
js=web/js
cat "$js/head.js" "$js/api.js" "$js/tail.js" | sed "s/@VERSION@/$package_version/" >"$out/index.js"
cat "$js/head.cjs" "$js/api.js" "$js/tail.cjs" | sed "s/@VERSION@/$package_version/" >"$out/index.cjs"
cp "$js/index.mjs" "$out/index.mjs"
cp "$js/index.d.ts" "$out/index.d.ts"
cp "$js/index.d.ts" "$out/index.d.cts"
cp LICENSE "$out/LICENSE"
ls -l "$out"
