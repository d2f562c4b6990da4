
module.exports = {
  init, initSync, answer, check, checkStream, convert, convertStream, sealed, reconcile, compare,
  decode, version, PlanillaError, SettingError, FenError, InputError, EngineError,
};
