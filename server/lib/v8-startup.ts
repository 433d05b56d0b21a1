import v8 from 'node:v8';

/**
 * V8 compiles code that runs often again with its optimising compiler, TurboFan, on background
 * threads. During a start that code is mostly the start itself: the module loader's CommonJS lexer
 * and, on the embedded database, PostgreSQL's own start in WebAssembly (recovery, catalog caches). At
 * V8's defaults a PGlite restart had 650 ms (quiet machine) to 1 s (loaded) of CPU compiled on other
 * threads before its first answer, beside ~750 ms on the main thread, on a machine that may have 2
 * cores to share: the first answer waited for cores busy optimising code it would not run again
 * (bench/results/2026-11-24-idle.md). Until the server listens, a function must run STARTUP_FACTOR
 * times as long before it is optimised; then V8's own thresholds come back for the code that serves
 * requests. A WebAssembly function keeps the threshold it was instantiated with until its first
 * optimisation: PGlite's PostgreSQL functions that stay hot (the queries) are optimised after a few
 * thousand queries instead of a few hundred.
 *
 * The process entry imports this module first, so that its body runs before any other module of the
 * server is evaluated.
 */
export const STARTUP_FACTOR = { interruptBudget: 8, wasmTieringBudget: 5 };

/**
 * V8's defaults, as `node --v8-options` lists them for V8_OF_DEFAULTS (Node 20): the JavaScript
 * budget in bytes of bytecode run between checks for optimisation, the WebAssembly one in (roughly)
 * bytes of code run. There is no way to read a flag back, so they are written here, and on any other
 * V8 (another Node) the thresholds are left alone rather than restored to numbers that may not be its
 * own; v8-startup.test.ts checks them on this one.
 */
export const V8_DEFAULTS = { interruptBudget: 67_584, wasmTieringBudget: 1_800_000 };
export const V8_OF_DEFAULTS = '11.3.';
export const startupTuningApplies = process.versions.v8.startsWith(V8_OF_DEFAULTS);

function setBudgets(factor: { interruptBudget: number; wasmTieringBudget: number }) {
  if (!startupTuningApplies) return;
  v8.setFlagsFromString(`--interrupt-budget=${V8_DEFAULTS.interruptBudget * factor.interruptBudget}`);
  v8.setFlagsFromString(`--wasm-tiering-budget=${V8_DEFAULTS.wasmTieringBudget * factor.wasmTieringBudget}`);
}

setBudgets(STARTUP_FACTOR);

/** V8's own optimisation thresholds again: called once the server listens. */
export function endStartupTuning() {
  setBudgets({ interruptBudget: 1, wasmTieringBudget: 1 });
}
