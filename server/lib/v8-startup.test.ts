import { spawnSync } from 'node:child_process';
import { afterAll, describe, expect, it } from 'vitest';
import { endStartupTuning, startupTuningApplies, V8_DEFAULTS, V8_OF_DEFAULTS } from './v8-startup.ts';

// Importing the module set the start-up thresholds in this process: give V8's back to the other tests.
afterAll(() => endStartupTuning());

/** A flag's default as this Node's V8 lists it. */
function v8Default(flag: string): number {
  const options = spawnSync(process.execPath, ['--v8-options'], { encoding: 'utf8' }).stdout;
  const m = new RegExp(`--${flag}=(\\d+)`).exec(options.slice(options.indexOf(`  --${flag} (`)));
  if (!m) throw new Error(`node --v8-options lists no --${flag}`);
  return Number(m[1]);
}

describe('V8 start-up thresholds', () => {
  it('is used only on the V8 whose defaults it knows', () => {
    expect(startupTuningApplies).toBe(process.versions.v8.startsWith(V8_OF_DEFAULTS));
  });

  it.runIf(startupTuningApplies)('restores what this Node defaults to', () => {
    expect(V8_DEFAULTS).toEqual({ interruptBudget: v8Default('interrupt-budget'), wasmTieringBudget: v8Default('wasm-tiering-budget') });
  });
});
