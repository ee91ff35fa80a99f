// The cuts of tools/wrap-long-lines.mjs keep every value: each case runs the code before and after.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import vm from 'node:vm';
import ts from 'typescript';
import { check } from '../line-width.mjs';
import { WIDTH, width } from '../source-files.mjs';
import { wrapSource } from '../wrap-long-lines.mjs';

const words = (n) =>
  Array.from({ length: n }, (_, i) => ['gift', 'card', 'naira', 'cedis', 'rate', 'payout'][i % 6]).join(' ');

/** The exports of a TS(X) source, compiled and run; JSX makes plain objects. */
function run(source, fileName = 'case.ts') {
  const js = ts.transpileModule(source, {
    fileName,
    compilerOptions: { module: ts.ModuleKind.CommonJS, target: ts.ScriptTarget.ES2022, jsx: ts.JsxEmit.React },
  }).outputText;
  const exports = {};
  const React = { createElement: (type, props, ...children) => ({ type, props, children }) };
  vm.runInNewContext(js, { exports, React, module: { exports } });
  return exports;
}

const longest = (text) => Math.max(...text.split('\n').map(width));

test('a long string is cut into two joined by +, with the same value', () => {
  const source = `export const message = '${words(30)}';\n`;
  const { text } = wrapSource(source, 'case.ts');
  assert.notEqual(text, source);
  assert.match(text, /' \+\n/);
  assert.equal(run(text).message, run(source).message);
});

test('a template is cut outside its substitutions, with the same value', () => {
  const source = `const n = 7;\nexport const t = \`${words(12)} \${n + 1} ${words(12)} \${'a b c'} ${words(6)}\`;\n`;
  const { text } = wrapSource(source, 'case.ts');
  assert.notEqual(text, source);
  assert.equal(run(text).t, run(source).t);
  for (const expr of text.match(/\$\{[^}]*\}/g)) assert.ok(['${n + 1}', "${'a b c'}"].includes(expr), expr);
});

test('a multi-line template (SQL) keeps its value when one of its lines is cut', () => {
  const source = `export const sql = \`\n  select ${words(10)}\n  where ${words(25)} = 1\n\`;\n`;
  const { text } = wrapSource(source, 'case.ts');
  assert.notEqual(text, source);
  assert.equal(run(text).sql, run(source).sql);
});

test('a literal read by a property gets brackets, so the property reads the whole value', () => {
  const source = `export const n = '${words(30)}'.length;\n`;
  const { text } = wrapSource(source, 'case.ts');
  assert.notEqual(text, source);
  assert.equal(run(text).n, run(source).n);
});

test('escapes stay whole, and a string with no space is cut after a punctuation mark', () => {
  const source =
    `export const a = 'it\\'s ${words(12)}\\n\\u00e9 ${words(12)}';\nexport const url = ` +
    `'https://example.com/${'path/'.repeat(30)}end';\n`;
  const { text } = wrapSource(source, 'case.ts');
  const before = run(source);
  const after = run(text);
  assert.equal(after.a, before.a);
  assert.equal(after.url, before.url);
});

test('a JSX attribute becomes an expression of the same text', () => {
  const source = `export const el = <p title="${words(30)}" lang="en">x</p>;\n`;
  const { text } = wrapSource(source, 'case.tsx');
  assert.match(text, /title=\{"/);
  assert.equal(JSON.stringify(run(text, 'case.tsx').el), JSON.stringify(run(source, 'case.tsx').el));
});

test('a JSX attribute with an entity or a backslash is left alone (it means something else as JS)', () => {
  const source = `export const el = <p title="${words(25)} &amp; ${words(3)}">x</p>;\n`;
  const { text, unfixed } = wrapSource(source, 'case.tsx');
  assert.equal(text, source);
  assert.equal(unfixed.length, 1);
});

test('tagged templates, literal types, module names and property names are never cut', () => {
  const source = [
    `import x from './${'a'.repeat(60)}/${'b'.repeat(60)}.js';`,
    `type T = '${words(30)}';`,
    `export const q = sql\`${words(30)}\`;`,
    `export const o = { '${words(30)}': 1 };`,
    '',
  ].join('\n');
  const { text, unfixed } = wrapSource(source, 'case.ts');
  assert.equal(text, source);
  assert.equal(unfixed.length, 4);
});

test('a comment paragraph is re-wrapped, its words kept, within the width', () => {
  const source = `  // ${words(40)}\n  // ${words(5)}\n  //\n  // - a list item\nconst a = 1;\n`;
  const { text } = wrapSource(source, 'case.ts');
  assert.ok(longest(text) <= WIDTH);
  const lines = text.split('\n');
  assert.ok(lines.filter((l) => l.startsWith('  // ')).every((l) => !l.startsWith('  //  ')));
  const wordsOf = (t) => t.replace(/\/\//g, ' ').split(/\s+/).filter(Boolean);
  assert.deepEqual(wordsOf(text), wordsOf(source));
  assert.ok(text.includes('  //\n  // - a list item\n'));
});

test('a comment after code moves above its line; the code is unchanged', () => {
  const source = `function f() {\n  return g(1); // ${words(25)}\n}\n`;
  const { text } = wrapSource(source, 'case.ts');
  const lines = text.split('\n');
  assert.deepEqual(lines.slice(-4), ['  // naira cedis rate payout gift', '  return g(1);', '}', '']);
  assert.equal(
    lines
      .slice(1, -3)
      .join(' ')
      .replace(/\s*\/\/ /g, ' ')
      .trim(),
    words(25),
  );
  assert.ok(longest(text) <= WIDTH);
});

test('in JSX, a block comment is wrapped in place and `//` text is left alone', () => {
  const source = [
    'const a = 1;',
    `export const el = (\n  <div>\n    {a} {/* ${words(25)} */}\n  </div>\n);`,
    `export const text = (\n  <div>\n    <b>x</b> // ${words(25)}\n  </div>\n);`,
    '',
  ].join('\n');
  const { text, unfixed } = wrapSource(source, 'case.tsx');
  const before = run(source, 'case.tsx');
  const after = run(text, 'case.tsx');
  assert.equal(JSON.stringify(after), JSON.stringify(before));
  assert.match(text, /\{a\} \{\/\* gift[^\n]*\n\s+\* [^\n]*\*\/\}/);
  assert.deepEqual(unfixed, [{ line: 9, reason: 'nothing to cut' }]);
});

test('a one-line doc comment becomes the three-part form within the width', () => {
  const source = `/** ${words(25)} */\nexport const a = 1;\n`;
  const { text } = wrapSource(source, 'case.ts');
  assert.ok(text.startsWith('/**\n * '));
  assert.ok(text.includes('\n */\nexport const a = 1;'));
  assert.ok(longest(text) <= WIDTH);
});

test('a long line of a block comment is wrapped with its own prefix', () => {
  const source = `/**\n * ${words(30)}\n * @param a the first\n */\nexport const a = 1;\n`;
  const { text } = wrapSource(source, 'case.ts');
  assert.ok(longest(text) <= WIDTH);
  assert.ok(
    text
      .split('\n')
      .slice(1, -3)
      .every((l) => l.startsWith(' * ')),
  );
  assert.ok(text.includes(' * @param a the first\n'));
});

test('it is idempotent: lines that fit are not touched, and a second pass changes nothing', () => {
  const fits = `export const a = 'short';\n// a short comment\n`;
  assert.equal(wrapSource(fits, 'case.ts').text, fits);
  const once = wrapSource(`// ${words(40)}\nexport const b = 1;\n`, 'case.ts').text;
  assert.equal(wrapSource(once, 'case.ts').text, once);
});

test('a regular expression is reported, not cut', () => {
  const source = `export const r = /${'(a|b)'.repeat(30)}/;\n`;
  const { text, unfixed } = wrapSource(source, 'case.ts');
  assert.equal(text, source);
  assert.deepEqual(unfixed, [{ line: 1, reason: 'a regular expression' }]);
});

test('the width check: a JSX space at the end and a lone regex are not counted; tags in comments are', () => {
  const jsx = `${' '.repeat(10)}${'x'.repeat(108)}{' '}`;
  const regex = `const R =\n  /${'(a|b)'.repeat(30)}/i;`;
  assert.deepEqual(check('a.tsx', `${jsx}\n${regex}\n`), []);
  assert.equal(check('a.ts', `const a = '${'x'.repeat(120)}';\n`).length, 1);
  assert.equal(check('a.ts', '// Fixed in issue 12.\n/* issue #3 */\n').length, 2);
  assert.deepEqual(check('a.ts', "const s = 'issue 12 is a string, not a comment';\n"), []);
});

test('a stylesheet: only its long comments are wrapped, and a comment is never taken for a regex', () => {
  const css = `/* ${words(25)} */\n.a {\n  margin: 0;\n}\n`;
  const { text } = wrapSource(css, 'case.css');
  assert.ok(text.startsWith('/*\n * '));
  assert.ok(text.endsWith(' */\n.a {\n  margin: 0;\n}\n'));
  assert.ok(longest(text) <= WIDTH);
  assert.equal(check('a.css', css).length, 1);
});
