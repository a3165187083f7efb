import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { envSchema } from '#server/config-env.ts';
import { CONFIG_DOC_FILE, configurationDoc, readDocumentedVariables } from '../scripts/config-docs.ts';

/**
 * docs/configuration.md is generated from the configuration schema (src/server/config-env.ts): a
 * variable added, changed or described differently there without `npm run docs:config` fails here.
 */
describe('docs/configuration.md', () => {
  it('is what the configuration schema and its doc comments generate (run `npm run docs:config`)', () => {
    expect(readFileSync(CONFIG_DOC_FILE, 'utf8')).toBe(configurationDoc());
  });

  it('lists every variable of the schema with its default', () => {
    const page = configurationDoc();
    for (const name of Object.keys(envSchema.shape)) expect(page).toContain(`| \`${name}\` |`);
    expect(page).toContain('| `PORT` | `5000` | integer 0-65535 | HTTP port. |');
  });

  it('refuses a variable without a doc comment, and reads sections from `//` lines', () => {
    const source = (second: string) =>
      `export const envSchema = z.object({\n  // Server\n  /** HTTP port. */\n  PORT: port(5000),\n${second}\n});\n`;
    expect(() => readDocumentedVariables(source('  HOST: z.string(),'))).toThrow(/HOST has no doc comment/);
    expect(
      readDocumentedVariables(source('  // Other\n  /** Bind\n   * address. */\n  HOST: z.string(),')),
    ).toEqual([
      { name: 'PORT', section: 'Server', doc: 'HTTP port.' },
      { name: 'HOST', section: 'Other', doc: 'Bind address.' },
    ]);
  });
});
