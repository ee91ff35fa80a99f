// Fixes the lines over the width that a formatter leaves alone, without changing what the program does.
//
// Biome breaks code, but it never splits a string, a template or a comment. This does, through the
// TypeScript parser so that it knows what each character is:
// - a string or template literal on a long line is cut at a space into two literals joined by `+`
//   (the value is the same; a template is never cut inside `${}`; a tagged template, a literal type,
//   a module name or a property name is left alone), at a space, else after a punctuation mark;
// - a JSX attribute's string becomes `{'…' + '…'}` when it holds no escape or entity;
// - a `//` comment is re-wrapped, carrying the overflow into the next line of the same paragraph; a
//   comment after code moves above that line; a block comment's long line (in a stylesheet too) is
//   wrapped the same way.
// What it cannot fix (a word longer than the line, a regular expression) it reports. It is
// idempotent: a file whose lines all fit comes out unchanged. One run cuts each long line once and
// leaves the layout to Biome: `npm run format` (tools/format.mjs) runs Biome, this, and Biome again
// until nothing changes; `node tools/wrap-long-lines.mjs [files…]` runs one pass alone.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { WIDTH, sourceFiles, width } from './source-files.mjs';

const SCRIPT = /\.(ts|tsx|mts|cts|js|jsx|mjs|cjs|css)$/;

function scriptKind(fileName) {
  if (/\.tsx$/.test(fileName)) return ts.ScriptKind.TSX;
  if (/\.[mc]?ts$/.test(fileName)) return ts.ScriptKind.TS;
  if (/\.jsx$/.test(fileName)) return ts.ScriptKind.JSX;
  return ts.ScriptKind.JS;
}

const TEXTUAL = new Set([
  ts.SyntaxKind.StringLiteral,
  ts.SyntaxKind.NoSubstitutionTemplateLiteral,
  ts.SyntaxKind.TemplateHead,
  ts.SyntaxKind.TemplateMiddle,
  ts.SyntaxKind.TemplateTail,
  ts.SyntaxKind.RegularExpressionLiteral,
  ts.SyntaxKind.JsxText,
]);

/** Every comment of a file, once, with the ranges of the code where `//` is text, not a comment. */
function commentsOf(sf) {
  const text = sf.text;
  const seen = new Map();
  const textual = [];
  const add = (ranges) => {
    for (const r of ranges ?? []) if (!seen.has(r.pos)) seen.set(r.pos, r);
  };
  const visit = (node) => {
    if (node.kind >= ts.SyntaxKind.FirstJSDocNode && node.kind <= ts.SyntaxKind.LastJSDocNode) return;
    if (TEXTUAL.has(node.kind)) textual.push([node.getStart(sf), node.end]);
    add(ts.getLeadingCommentRanges(text, node.pos));
    add(ts.getTrailingCommentRanges(text, node.end));
    for (const child of node.getChildren(sf)) visit(child);
  };
  visit(sf);
  const inText = (r) => textual.some(([a, b]) => r.pos >= a && r.pos < b);
  return [...seen.values()].filter((r) => !inText(r)).sort((a, b) => a.pos - b.pos);
}

/** The innermost node or token that contains pos. */
function nodeAt(sf, pos) {
  let found = sf;
  for (let node = sf; node; ) {
    found = node;
    node = node.getChildren(sf).find((child) => pos >= child.getStart(sf) && pos < child.end);
  }
  return found;
}

/** Whether a line of code may be put before the token at pos: not inside a literal or JSX children. */
function canInsertLineBefore(sf, pos) {
  const node = nodeAt(sf, pos);
  if (node.getStart(sf) !== pos) return false;
  let top = node;
  while (top.parent && top.parent.getStart(sf) === pos) top = top.parent;
  const parent = top.parent;
  if (!parent) return true;
  if (ts.isJsxElement(parent) || ts.isJsxFragment(parent) || ts.isJsxText(top)) return false;
  return !(ts.isStringLiteral(top) || ts.isTemplateLiteral(top));
}

/** Where a literal's value may not become an expression (a type, a name, a module, a constant). */
function splittable(node) {
  const parent = node.parent;
  if (!parent) return false;
  if (ts.isTaggedTemplateExpression(parent)) return false;
  if (ts.isLiteralTypeNode(parent) || ts.isImportTypeNode(parent)) return false;
  if (ts.isImportDeclaration(parent) || ts.isExportDeclaration(parent) || ts.isExternalModuleReference(parent)) {
    return false;
  }
  if (ts.isModuleDeclaration(parent) || ts.isEnumMember(parent) || ts.isImportAttribute?.(parent)) return false;
  if ('name' in parent && parent.name === node) return false;
  if (ts.isElementAccessExpression(parent) && parent.argumentExpression === node) return false;
  if (ts.isExpressionStatement(parent)) return false;
  if (ts.isCallExpression(parent)) {
    const callee = parent.expression.getText();
    if (/^(require|import|jest\.(mock|unmock|requireActual|doMock)|require\.resolve)$/.test(callee)) return false;
    if (parent.expression.kind === ts.SyntaxKind.ImportKeyword) return false;
  }
  for (let n = parent; n && !ts.isStatement(n); n = n.parent) {
    if (ts.isTypeNode(n)) return false;
  }
  return true;
}

/** Whether the `+` of a split needs no brackets: the literal is already an operand of a `+`. */
function bareConcat(node) {
  const p = node.parent;
  return ts.isBinaryExpression(p) && p.operatorToken.kind === ts.SyntaxKind.PlusToken;
}

/**
 * The offsets where a literal's source may be cut at a space: inside its quotes, not after a
 * backslash, not in a `${}`, not in the indentation of a line.
 */
function cutPoints(sf, node) {
  const text = sf.text;
  const start = node.getStart(sf);
  const end = node.end;
  const points = [];
  const others = [];
  let lineHasText = true;
  const template = node.kind !== ts.SyntaxKind.StringLiteral;
  for (let i = start + 1; i < end - 1; i++) {
    const c = text[i];
    if (c === '\\') {
      i += 1;
      lineHasText = true;
      continue;
    }
    if (template && c === '$' && text[i + 1] === '{') {
      // Skip the substitution: nested braces, strings and templates are skipped by the parser's spans.
      const span = node.templateSpans?.find((s) => s.expression.getStart(sf) > i);
      const close = span ? span.literal.getStart(sf) : end;
      i = close;
      lineHasText = true;
      continue;
    }
    if (c === '\n') {
      lineHasText = false;
      continue;
    }
    if (c === ' ') {
      if (lineHasText && text[i - 1] !== ' ' && i > start + 1) points.push(i + 1);
      continue;
    }
    if ('&;,/-.:=?'.includes(c) && text[i + 1] !== ' ') others.push(i + 1);
    lineHasText = true;
  }
  return { points, others };
}

/**
 * The edits that cut a literal at offset at: the closing quote, `+`, a new line indented as the
 * formatter will indent it, and the opening quote (a JSX attribute's string becomes `{'…' + '…'}`).
 */
function cutEdits(sf, node, at, indent) {
  const start = node.getStart(sf);
  const q = sf.text[start];
  return [{ start: at, end: at, text: `${q} +\n${indent}  ${q}` }];
}

/** The brackets a cut literal needs unless it is already an operand of `+`. */
function bracketEdits(sf, node) {
  if (ts.isJsxAttribute(node.parent)) {
    // The attribute's quote holds no such quote inside, so the same quote makes plain JS strings.
    const q = sf.text[node.getStart(sf)];
    return [
      { start: node.getStart(sf), end: node.getStart(sf) + 1, text: `{${q}` },
      { start: node.end - 1, end: node.end, text: `${q}}` },
    ];
  }
  if (bareConcat(node)) return [];
  return [
    { start: node.getStart(sf), end: node.getStart(sf), text: '(' },
    { start: node.end, end: node.end, text: ')' },
  ];
}

function lineStarts(text) {
  const starts = [0];
  for (let i = 0; i < text.length; i++) if (text[i] === '\n') starts.push(i + 1);
  return starts;
}

/** Wraps the lines of a comment paragraph, each carrying its overflow into the next. */
function wrapLines(lines, prefix, max, joins) {
  const out = [...lines];
  const canJoin = [...joins];
  for (let i = 0; i < out.length; i++) {
    while (width(prefix + out[i]) > max) {
      const room = max - width(prefix);
      let cut = -1;
      for (let j = 0; j < out[i].length; j++) if (out[i][j] === ' ' && width(out[i].slice(0, j)) <= room) cut = j;
      if (cut <= 0) break;
      const rest = out[i].slice(cut + 1).trimStart();
      out[i] = out[i].slice(0, cut).trimEnd();
      if (i + 1 < out.length && canJoin[i + 1]) out[i + 1] = `${rest} ${out[i + 1]}`;
      else {
        out.splice(i + 1, 0, rest);
        canJoin.splice(i + 1, 0, true);
      }
    }
  }
  return out;
}

/** Whether a comment line goes on the paragraph of the line before (not a list item, code or a gap). */
const continues = (content) => content.trim() !== '' && !/^(\s|[-*•] |\d+[.)] |@|```)/.test(content);

/** A block comment's long lines wrapped, each by its own prefix (` * ` or the indentation). */
function wrapBlock(body, before, max) {
  const rows = body.split('\n');
  const doc = /^\/\*\*/.test(body);
  const starred = doc || rows.slice(1).every((r) => /^\s*\*/.test(r));
  const col = width(before);
  const lead = starred ? `${' '.repeat(col)} * ` : ' '.repeat(col + 3);
  const out = [];
  let fixed = true;
  rows.forEach((row, i) => {
    const abs = i === 0 ? before + row : row;
    if (width(abs) <= max) {
      out.push(row);
      return;
    }
    let prefix;
    let content;
    let suffix = '';
    if (i === 0) {
      const m = /^(\/\*+ ?)(.*)$/.exec(row);
      prefix = m[1];
      content = m[2];
    } else {
      const m = /^(\s*\*? ?)(.*)$/.exec(row);
      prefix = m[1];
      content = m[2];
    }
    if (i === rows.length - 1) {
      const m = /^(.*?)(\s*\*\/)$/.exec(content);
      content = m[1];
      suffix = m[2];
    }
    if (i === 0 && rows.length === 1 && starred && before.trim() === '') {
      // A one-line doc comment: the usual three-part form.
      const wrapped = wrapLines([content.trim()], lead, max, [false]);
      out.push(prefix.trimEnd(), ...wrapped.map((w) => lead + w), `${' '.repeat(col)} */`);
      if (wrapped.some((w) => width(lead + w) > max)) fixed = false;
      return;
    }
    const pre = i === 0 ? before + prefix : prefix;
    const wrapped = wrapLines([content], pre, max - width(suffix), [false]);
    const next = i === 0 ? lead : prefix;
    out.push(...wrapped.map((w, k) => (k === 0 ? prefix : next) + w));
    out[out.length - 1] += suffix;
    if (wrapped.some((w, k) => width((k === 0 ? pre : next) + w) > max - width(suffix))) fixed = false;
  });
  return { result: out.join('\n'), fixed };
}

/** A stylesheet's long comment lines (Biome lays out the rules; only comments are left long). */
function wrapCss(text, max) {
  const unfixed = [];
  let out = '';
  let last = 0;
  for (const m of text.matchAll(/\/\*[\s\S]*?\*\//g)) {
    const lineStart = text.lastIndexOf('\n', m.index) + 1;
    const lineEnd = text.indexOf('\n', m.index + m[0].length);
    const lines = text.slice(lineStart, lineEnd === -1 ? text.length : lineEnd).split('\n');
    if (!lines.some((l) => width(l) > max)) continue;
    const { result, fixed } = wrapBlock(m[0], text.slice(lineStart, m.index), max);
    if (!fixed)
      unfixed.push({ line: text.slice(0, m.index).split('\n').length, reason: 'a word longer than the line' });
    out += text.slice(last, m.index) + result;
    last = m.index + m[0].length;
  }
  return { text: out + text.slice(last), unfixed };
}

/**
 * One pass over a file's text: an edit for each long line it can fix. Returns the new text and what
 * it could not fix ({ line, reason }).
 */
export function wrapSource(text, fileName, max = WIDTH) {
  if (!text.split('\n').some((line) => width(line) > max)) return { text, unfixed: [] };
  if (fileName.endsWith('.css')) return wrapCss(text, max);
  const sf = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true, scriptKind(fileName));
  const starts = lineStarts(text);
  const lineOf = (pos) => sf.getLineAndCharacterOfPosition(pos).line;
  const lineText = (l) => text.slice(starts[l], (starts[l + 1] ?? text.length + 1) - 1);
  const long = new Set();
  for (let l = 0; l < starts.length; l++) if (width(lineText(l)) > max) long.add(l);
  const edits = [];
  const unfixed = [];
  if (long.size === 0) return { text, unfixed };
  const taken = (a, b) => edits.some((e) => a < e.end && b > e.start);
  const done = new Set();

  // Comments first: a long line ending in a comment is fixed by moving or wrapping the comment.
  for (const c of commentsOf(sf)) {
    const first = lineOf(c.pos);
    const last = lineOf(c.end);
    const lines = [];
    for (let l = first; l <= last; l++) if (long.has(l)) lines.push(l);
    if (lines.length === 0) continue;
    const indent = /^\s*/.exec(lineText(first))[0];
    const before = text.slice(starts[first], c.pos);
    const body = text.slice(c.pos, c.end);
    if (c.kind === ts.SyntaxKind.SingleLineCommentTrivia) {
      const m = /^(\/\/+ ?)(.*)$/.exec(body);
      if (before.trim() === '') {
        // A paragraph of full-line comments: wrap from this line down to the end of the paragraph.
        const prefix = indent + m[1];
        const block = [{ pos: c.pos, end: c.end, content: m[2] }];
        for (let l = first + 1; l < starts.length; l++) {
          const t = lineText(l);
          const n = t.startsWith(prefix) && !t.startsWith(`${prefix}/`) ? t.slice(prefix.length) : undefined;
          if (n === undefined || !continues(n)) break;
          block.push({ pos: starts[l] + indent.length, end: starts[l] + t.length, content: n });
        }
        if (block.some((b) => done.has(b.pos))) continue;
        const wrapped = wrapLines(
          block.map((b) => b.content),
          prefix,
          max,
          block.map((_, i) => i > 0),
        );
        const from = block[0].pos;
        const to = block[block.length - 1].end;
        if (taken(from, to)) continue;
        block.forEach((b) => done.add(b.pos));
        const out = wrapped.map((w, i) => (i === 0 ? m[1] : prefix) + w).join('\n');
        if (out !== text.slice(from, to)) edits.push({ start: from, end: to, text: out });
        if (wrapped.some((w) => width(prefix + w) > max))
          unfixed.push({ line: first + 1, reason: 'a word longer than the line' });
        lines.forEach((l) => long.delete(l));
      } else {
        // A comment after code: it goes on its own line(s) above that line.
        const codeStart = starts[first] + indent.length;
        if (!canInsertLineBefore(sf, codeStart) || taken(codeStart, c.end)) {
          unfixed.push({ line: first + 1, reason: 'a comment after code that cannot move above it' });
          continue;
        }
        const prefix = `${indent}// `;
        const wrapped = wrapLines([m[2].trim()], prefix, max, [false]);
        const above = wrapped.map((w, i) => (i === 0 ? '// ' : prefix) + w).join('\n');
        let cut = c.pos;
        while (cut > codeStart && /[ \t]/.test(text[cut - 1])) cut -= 1;
        edits.push({ start: codeStart, end: codeStart, text: `${above}\n${indent}` });
        edits.push({ start: cut, end: c.end, text: '' });
        const code = text.slice(starts[first], cut);
        if (width(code) <= max) long.delete(first);
      }
      continue;
    }
    // A block comment: each of its lines by its own prefix (` * ` or the indentation).
    if (taken(c.pos, c.end)) continue;
    const { result, fixed } = wrapBlock(body, before, max);
    if (result !== body) edits.push({ start: c.pos, end: c.end, text: result });
    if (!fixed) unfixed.push({ line: first + 1, reason: 'a word in a block comment longer than the line' });
    lines.forEach((l) => long.delete(l));
  }

  // Then literals: on each remaining long line, the literal that crosses the width is cut before it.
  const literals = [];
  const visit = (node) => {
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node) || ts.isTemplateExpression(node)) {
      literals.push(node);
    } else if (ts.isJsxAttribute(node) && node.initializer && ts.isStringLiteral(node.initializer)) {
      literals.push(node.initializer);
      return;
    }
    node.forEachChild(visit);
  };
  visit(sf);
  const regexLines = new Set();
  const scan = (node) => {
    if (node.kind === ts.SyntaxKind.RegularExpressionLiteral) {
      for (let l = lineOf(node.getStart(sf)); l <= lineOf(node.end); l++) regexLines.add(l);
    }
    node.forEachChild(scan);
  };
  scan(sf);

  const cut = new Set();
  for (const l of [...long].sort((a, b) => a - b)) {
    const lineStart = starts[l];
    const lineEnd = lineStart + lineText(l).length;
    const limit = (() => {
      // The offset of the last character that fits, leaving room for `' +` and a bracket.
      let w = 0;
      for (let i = lineStart; i < lineEnd; i++) {
        w += width(text[i]);
        if (w > max - 4) return i;
      }
      return lineEnd;
    })();
    const candidates = literals
      .filter((n) => n.getStart(sf) < lineEnd && n.end > lineStart)
      .filter((n) => (ts.isJsxAttribute(n.parent) ? jsxSplittable(sf, n) : splittable(n)))
      .map((n) => {
        const usable = (p) => p > lineStart && p < lineEnd - 1 && p - n.getStart(sf) > 8 && n.end - p > 5;
        const cuts = cutPoints(sf, n);
        const points = cuts.points.filter(usable);
        const fitting = points.filter((p) => p <= limit);
        if (fitting.length) return { n, at: fitting[fitting.length - 1] };
        const others = cuts.others.filter(usable).filter((p) => p <= limit);
        return { n, at: others.length ? others[others.length - 1] : points[0] };
      })
      .filter(
        (c) => c.at !== undefined && !edits.some((e) => !e.literal && c.n.getStart(sf) < e.end && c.n.end > e.start),
      );
    // The innermost literal that crosses the limit, else the longest on the line if it is long.
    const size = (c) => c.n.end - c.n.getStart(sf);
    const crossing = candidates
      .filter((c) => c.n.getStart(sf) <= limit && c.n.end > limit)
      .sort((a, b) => size(a) - size(b));
    const longest = candidates.filter((c) => size(c) > 40).sort((a, b) => size(b) - size(a));
    const pick = crossing[0] ?? longest[0];
    if (!pick) {
      unfixed.push({ line: l + 1, reason: regexLines.has(l) ? 'a regular expression' : 'nothing to cut' });
      continue;
    }
    const { n, at } = pick;
    const indent = /^\s*/.exec(lineText(l))[0];
    edits.push(...cutEdits(sf, n, at, indent).map((e) => ({ ...e, literal: n })));
    if (!cut.has(n)) {
      cut.add(n);
      edits.push(...bracketEdits(sf, n).map((e) => ({ ...e, literal: n })));
    }
  }

  // From the end, so offsets hold; at one offset a comment moved above a line goes before a bracket.
  edits.sort((a, b) => b.start - a.start || b.end - a.end || (a.literal ? 0 : 1) - (b.literal ? 0 : 1));
  let out = text;
  for (const e of edits) out = out.slice(0, e.start) + e.text + out.slice(e.end);
  return { text: out, unfixed };
}

/** A JSX attribute's string holds raw text (entities decoded, no escapes): only plain ones are cut. */
function jsxSplittable(sf, node) {
  const raw = sf.text.slice(node.getStart(sf) + 1, node.end - 1);
  return !/[\\&\n]/.test(raw);
}

const main = process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1]);
if (main) {
  const args = process.argv.slice(2);
  const quiet = args.includes('--quiet');
  const named = args.filter((a) => !a.startsWith('--'));
  const files = (named.length ? named : sourceFiles()).filter((f) => SCRIPT.test(f));
  let changed = 0;
  let left = 0;
  for (const file of files) {
    const text = readFileSync(file, 'utf8');
    const { text: out, unfixed } = wrapSource(text, file);
    if (out !== text) {
      writeFileSync(file, out);
      changed += 1;
    }
    left += unfixed.length;
    if (!quiet) for (const u of unfixed) console.log(`${file}:${u.line}: left over the width (${u.reason})`);
  }
  console.log(`wrap-long-lines: ${changed} file(s) changed, ${left} line(s) it cannot fix, of ${files.length}`);
}
