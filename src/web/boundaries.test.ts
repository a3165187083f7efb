import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

// The web app's house rules, checked on every source file:
// - queries and mutations live in the feature's api.ts: pages and components call none of the
//   request or TanStack Query functions themselves;
// - a feature reaches another feature only through its index.ts;
// - lib and components (the shared kit) import no feature; the web imports nothing from the server;
// - every <form> is on the one form hook, useZodForm (its schema's messages, values filled in before
//   hydration): it is given the hook's formRef, one hook call a form at least.

const WEB = path.resolve(import.meta.dirname);
const ROOT = path.resolve(WEB, '../..');
const FORBIDDEN_IN_VIEWS = [
  'fetch',
  'apiRequest',
  'adminRequest',
  'adminGet',
  'useMutation',
  'useQuery',
  'useInfiniteQuery',
  'useQueryClient',
];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

/** A page or component: its queries and mutations belong in its feature's api.ts. */
const isView = (file: string) =>
  /^src\/web\/(features\/[^/]+\/([^/]+\/)?(pages|components)|components|pages)\//.test(file);

/** Where an import specifier points, relative to the repository ('#web/x' -> 'src/web/x'). */
function target(file: string, specifier: string): string | null {
  for (const [alias, dir] of [
    ['#web/', 'src/web/'],
    ['#contract/', 'src/contract/'],
    ['#server/', 'src/server/'],
    ['#tests/', 'tests/'],
  ] as const)
    if (specifier.startsWith(alias)) return dir + specifier.slice(alias.length);
  if (specifier.startsWith('.')) return path.posix.join(path.posix.dirname(file), specifier);
  return null;
}

const featureOf = (file: string) => /^src\/web\/features\/([^/]+)\//.exec(file)?.[1];

/** Every broken rule in one file (`file` is relative to the repository, with forward slashes). */
function violations(file: string, source: string): string[] {
  const found: string[] = [];
  const sf = ts.createSourceFile(file, source, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const where = (node: ts.Node) => `${file}:${sf.getLineAndCharacterOfPosition(node.getStart()).line + 1}`;
  const checkImport = (node: ts.Node, specifier: string) => {
    const to = target(file, specifier);
    if (!to) return;
    if (to.startsWith('src/server/')) found.push(`${where(node)} imports the server (${specifier})`);
    const from = featureOf(file);
    const toFeature = featureOf(to);
    if (toFeature && /^src\/web\/(lib|components)\//.test(file))
      found.push(`${where(node)} shared code imports a feature (${specifier})`);
    if (toFeature && from && toFeature !== from && to !== `src/web/features/${toFeature}/index.ts`)
      found.push(`${where(node)} imports another feature's internals (${specifier}); use its index.ts`);
  };
  const hookCalls = source.match(/\buseZodForm\(/g)?.length ?? 0;
  let forms = 0;
  const checkForm = (node: ts.JsxOpeningElement | ts.JsxSelfClosingElement) => {
    if (node.tagName.getText(sf) !== 'form') return;
    forms += 1;
    const ref = node.attributes.properties.find(
      (attribute): attribute is ts.JsxAttribute =>
        ts.isJsxAttribute(attribute) && attribute.name.getText(sf) === 'ref',
    );
    const value =
      ref?.initializer && ts.isJsxExpression(ref.initializer) ? ref.initializer.expression?.getText(sf) : '';
    if (!hookCalls || !/(^|\.)formRef$/.test(value ?? ''))
      found.push(`${where(node)} renders a <form> without useZodForm's formRef (lib/use-zod-form.ts)`);
    else if (forms > hookCalls)
      found.push(`${where(node)} renders more <form>s than it calls useZodForm (one hook a form)`);
  };
  const visit = (node: ts.Node) => {
    if (ts.isJsxOpeningElement(node) || ts.isJsxSelfClosingElement(node)) checkForm(node);
    if ((ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) && node.moduleSpecifier)
      checkImport(node, (node.moduleSpecifier as ts.StringLiteral).text);
    if (ts.isCallExpression(node)) {
      const [arg] = node.arguments;
      if (node.expression.kind === ts.SyntaxKind.ImportKeyword && arg && ts.isStringLiteral(arg))
        checkImport(node, arg.text);
      if (
        isView(file) &&
        ts.isIdentifier(node.expression) &&
        FORBIDDEN_IN_VIEWS.includes(node.expression.text)
      )
        found.push(
          `${where(node)} calls ${node.expression.text}() in a page or component; move it to the feature's api.ts`,
        );
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return found;
}

describe('web boundaries', () => {
  it('every web source file keeps the rules', () => {
    const found = sourceFiles(WEB).flatMap((full) => {
      const file = path.relative(ROOT, full).split(path.sep).join('/');
      return violations(file, readFileSync(full, 'utf8'));
    });
    expect(found).toEqual([]);
  });

  it('finds a request, a query or a mutation in a page or component', () => {
    const page = 'src/web/features/x/pages/p.tsx';
    expect(violations(page, "const r = await fetch('/api/x');")).toHaveLength(1);
    expect(violations(page, "apiRequest('POST', '/api/x');")).toHaveLength(1);
    expect(violations(page, 'const m = useMutation({ mutationFn });')).toHaveLength(1);
    expect(violations('src/web/features/x/components/c.tsx', 'useQuery({ queryKey });')).toHaveLength(1);
    // A sub-feature's components (features/studio/notes/components) are views too.
    expect(violations('src/web/features/x/y/components/c.tsx', 'useQuery({ queryKey });')).toHaveLength(1);
    expect(violations('src/web/features/x/y/api.ts', 'useQuery({ queryKey });')).toEqual([]);
    // A code sample in a string is not a call; the feature's api.ts is where calls belong.
    expect(violations(page, 'const sample = `await fetch(url)`;')).toEqual([]);
    expect(violations('src/web/features/x/api.ts', "useQuery({ queryKey: ['/api/x'] });")).toEqual([]);
  });

  it('finds imports across features, from shared code into features and into the server', () => {
    expect(
      violations('src/web/features/a/pages/p.tsx', "import { x } from '#web/features/b/api.ts';"),
    ).toHaveLength(1);
    expect(
      violations('src/web/features/a/pages/p.tsx', "import { x } from '../../b/components/c.tsx';"),
    ).toHaveLength(1);
    expect(
      violations('src/web/features/a/pages/p.tsx', "import { x } from '#web/features/b/index.ts';"),
    ).toEqual([]);
    expect(violations('src/web/features/a/pages/p.tsx', "import { x } from '../api.ts';")).toEqual([]);
    expect(violations('src/web/lib/l.ts', "import { x } from '#web/features/b/index.ts';")).toHaveLength(1);
    expect(violations('src/web/app.tsx', "import { x } from '../server/config.ts';")).toHaveLength(1);
  });

  it('finds a <form> that is not on useZodForm', () => {
    const file = 'src/web/features/x/components/f.tsx';
    const hook = 'const { formRef, handleSubmit } = useZodForm(schema, { name: "" });';
    expect(violations(file, 'const f = <form onSubmit={submit}><input /></form>;')).toHaveLength(1);
    // A ref of its own is not the hook's.
    expect(violations(file, `${hook} const f = <form ref={mine} onSubmit={submit} />;`)).toHaveLength(1);
    expect(violations(file, 'const f = <form ref={formRef} onSubmit={submit} />;')).toHaveLength(1);
    expect(violations(file, `${hook} const f = <form ref={formRef} onSubmit={submit} />;`)).toEqual([]);
    expect(
      violations(file, `const a = useZodForm(s, {}); const f = <form ref={a.formRef} onSubmit={s} />;`),
    ).toEqual([]);
    // Two forms, one hook: one of them keeps its own state.
    expect(
      violations(file, `${hook} const f = <><form ref={formRef} /><form ref={formRef} /></>;`),
    ).toHaveLength(1);
    // A component named like a form is not one.
    expect(violations(file, 'const f = <CodeForm onSubmit={submit} />;')).toEqual([]);
  });
});
