// planilla: the package's ES module for Node (`import ... from 'planilla'`), the CommonJS
// module (index.cjs) under its names, so that `require` and `import` share one WebAssembly
// and one set of error classes. Ready at once, as in CommonJS. Named exports only, as in
// index.d.ts and the browser build (index.js). Copied by scripts/build_web.sh from web/js/ of
// the repository.
import planilla from './index.cjs';

export const {
  init, initSync, answer, check, checkStream, convert, convertStream, sealed, reconcile, compare,
  decode, version, PlanillaError, SettingError, FenError, InputError, EngineError,
} = planilla;
