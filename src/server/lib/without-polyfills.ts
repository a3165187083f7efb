import { createRequire, Module } from 'node:module';

const require = createRequire(import.meta.url);

/**
 * Loads a CommonJS package without the core-js 2 polyfills its build requires (twitter-text's Babel
 * output requires `core-js/modules/es6.regexp.*` and others for old browsers). Node has every one of
 * those built in, and loading them is not harmless: core-js redefines RegExp.prototype's methods
 * (with the same behaviour), which turns off V8's fast paths for every regular expression of the
 * process. Once twitter-text was loaded, a plain split of a long string became hundreds of times
 * slower, and so did every split, tokenizer and sentence splitter of the Studio's text engine in the
 * web and worker processes (decision 021; the figures are in docs/performance.md).
 *
 * The package's `require('core-js/...')` calls (side effects only: nothing is read from them) get
 * an empty module while `id` loads; anything else loads as usual.
 */
export function requireWithoutPolyfills<T>(id: string): T {
  const original = Module.prototype.require;
  Module.prototype.require = function requireSkippingPolyfills(this: Module, request: string) {
    if (request.startsWith('core-js/')) return {};
    return original.call(this, request);
  } as typeof original;
  try {
    return require(id) as T;
  } finally {
    Module.prototype.require = original;
  }
}

/** Whether any core-js module is loaded in this process (the test of the above asks). */
export const coreJsLoaded = (): boolean =>
  Object.keys(require.cache).some((file) => file.includes('/core-js/'));
