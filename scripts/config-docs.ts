import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { z } from 'zod';
import { envSchema } from '../src/server/config-env.ts';

/**
 * docs/configuration.md, generated from the configuration schema: the variables, their sections and
 * what each does come from src/server/config-env.ts's source (its doc comments and `//` section lines),
 * the defaults and accepted values from the zod schema itself. `npm run docs:config` writes the page;
 * tests/config-docs.test.ts fails when the committed page is not what the schema generates.
 */

const root = path.resolve(import.meta.dirname, '..');
export const CONFIG_SOURCE_FILE = path.join(root, 'src/server/config-env.ts');
export const CONFIG_DOC_FILE = path.join(root, 'docs/configuration.md');

export interface DocumentedVariable {
  name: string;
  section: string;
  doc: string;
}

/** The JSON Schema fields zod writes for the kinds of values the configuration uses. */
interface ValueSchema {
  type?: string;
  enum?: unknown[];
  default?: unknown;
  format?: string;
  pattern?: string;
  minLength?: number;
  minimum?: number;
  exclusiveMinimum?: number;
  maximum?: number;
}

/** The text of a `/** ... *\/` comment, its lines joined into one paragraph. */
function jsDocText(comment: string): string {
  return comment
    .replace(/^\/\*\*/, '')
    .replace(/\*\/$/, '')
    .split('\n')
    .map((line) => line.replace(/^\s*\*\s?/, '').trim())
    .filter(Boolean)
    .join(' ');
}

/**
 * Every property of `envSchema`'s object in source order, with its doc comment and the section it is
 * in (the last `//` line before it). A variable without a doc comment is refused: the page would
 * list it without saying what it does.
 */
export function readDocumentedVariables(source: string): DocumentedVariable[] {
  const file = ts.createSourceFile('config-env.ts', source, ts.ScriptTarget.Latest, true);
  let schemaObject: ts.ObjectLiteralExpression | undefined;
  const visit = (node: ts.Node): void => {
    if (
      ts.isVariableDeclaration(node) &&
      node.name.getText(file) === 'envSchema' &&
      node.initializer &&
      ts.isCallExpression(node.initializer)
    ) {
      const argument = node.initializer.arguments[0];
      if (argument && ts.isObjectLiteralExpression(argument)) schemaObject = argument;
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  if (!schemaObject) throw new Error('config-env.ts: no `envSchema = z.object({...})` found');

  const variables: DocumentedVariable[] = [];
  let section = 'General';
  for (const property of schemaObject.properties) {
    const name = property.name?.getText(file) ?? '';
    let doc = '';
    for (const range of ts.getLeadingCommentRanges(source, property.getFullStart()) ?? []) {
      const text = source.slice(range.pos, range.end);
      if (range.kind === ts.SyntaxKind.SingleLineCommentTrivia) section = text.replace(/^\/\/\s*/, '').trim();
      else if (text.startsWith('/**')) doc = jsDocText(text);
    }
    if (!doc) throw new Error(`config-env.ts: ${name} has no doc comment saying what it does`);
    variables.push({ name, section, doc });
  }
  return variables;
}

const code = (value: unknown) => `\`${String(value)}\``;

/** What a variable accepts, in words, from its JSON Schema. */
function accepts(schema: ValueSchema): string {
  if (schema.enum) return schema.enum.map(code).join(', ');
  if (schema.type === 'boolean') return '`true`/`false`';
  if (schema.type === 'integer' || schema.type === 'number') {
    const integer = schema.type === 'integer';
    const low =
      schema.minimum ??
      (schema.exclusiveMinimum !== undefined && integer ? schema.exclusiveMinimum + 1 : undefined);
    const high =
      schema.maximum !== undefined && schema.maximum < Number.MAX_SAFE_INTEGER ? schema.maximum : undefined;
    const kind = integer ? 'integer' : 'number';
    if (low !== undefined && high !== undefined) return `${kind} ${low}-${high}`;
    if (low !== undefined) return `${kind} >= ${low}`;
    if (schema.exclusiveMinimum !== undefined)
      return high === undefined
        ? `${kind} > ${schema.exclusiveMinimum}`
        : `${kind} > ${schema.exclusiveMinimum}, <= ${high}`;
    return kind;
  }
  if (schema.format === 'uri') return 'URL';
  if (schema.minLength) return `at least ${schema.minLength} characters`;
  if (schema.pattern) return `matching ${code(schema.pattern)}`;
  return 'text';
}

/** A table cell: no line breaks, pipes escaped, repository paths under docs/ linked. */
function cell(text: string): string {
  return text
    .replace(/\|/g, '\\|')
    .replace(/\bdocs\/([\w-]+\.md)\b/g, '[docs/$1]($1)')
    .replace(/\s+/g, ' ');
}

const anchor = (heading: string) =>
  heading
    .toLowerCase()
    .replace(/[^a-z0-9 -]/g, '')
    .replace(/ /g, '-');

/** The page docs/configuration.md, as the schema and its comments make it. */
export function configurationDoc(source = readFileSync(CONFIG_SOURCE_FILE, 'utf8')): string {
  const variables = readDocumentedVariables(source);
  const json = z.toJSONSchema(envSchema, { io: 'output', unrepresentable: 'any' }) as {
    properties: Record<string, ValueSchema>;
  };
  const inSchema = Object.keys(envSchema.shape);
  const inSource = variables.map((variable) => variable.name);
  if (inSchema.join() !== inSource.join())
    throw new Error('config-env.ts: the variables read from the source are not the schema’s own');

  const sections = [...new Set(variables.map((variable) => variable.section))];
  const lines = [
    '# Configuration',
    '',
    '<!-- Generated by `npm run docs:config` from src/server/config-env.ts: edit the doc comments there, then run it. -->',
    '',
    'Echo reads its configuration once, at start, from environment variables, each checked by the schema in',
    '[src/server/config-env.ts](../src/server/config-env.ts); `src/server/config.ts` is the only reader of',
    '`process.env`. Empty values count as unset. A value the schema refuses stops the start with a message',
    'naming the variable. Every variable has a default that works on one machine; what a production',
    'deployment must set is in [docs/deploy.md](deploy.md).',
    '',
    sections.map((section) => `[${section}](#${anchor(section)})`).join(' · '),
  ];
  for (const section of sections) {
    lines.push(
      '',
      `## ${section}`,
      '',
      '| Variable | Default | Accepts | What it does |',
      '|---|---|---|---|',
    );
    for (const variable of variables.filter((entry) => entry.section === section)) {
      const schema = json.properties[variable.name] ?? {};
      const fallback = schema.default === undefined ? 'unset' : code(schema.default);
      lines.push(
        `| \`${variable.name}\` | ${cell(fallback)} | ${cell(accepts(schema))} | ${cell(variable.doc)} |`,
      );
    }
  }
  return `${lines.join('\n')}\n`;
}

// `npm run docs:config`: writes docs/configuration.md.
if (process.argv[1] === import.meta.filename) {
  writeFileSync(CONFIG_DOC_FILE, configurationDoc());
  console.log(`wrote ${path.relative(root, CONFIG_DOC_FILE)}`);
}
