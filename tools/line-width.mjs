// The lint check of what the formatter cannot enforce: no source line over the width, and no history
// tag (the word issue and a number) in a comment, since git keeps the history and a comment says why.
//
// A line's width is counted as Biome counts it: a JSX space at the end of a line (`{' '}`) is not
// counted, because Biome keeps it beside the word it follows. Exempt, by the rule below only: a line
// whose longest part is a regular expression or a URL that has no place to be cut.
import { readFileSync } from 'node:fs';
import { WIDTH, sourceFiles, width } from './source-files.mjs';

const JSX_SPACE = /\{' '\}$/;
/** A line that is one unbreakable regular expression or URL (after its indentation and a key). */
const UNBREAKABLE = [
  /^\s*(\/\/ |\* )?https?:\/\/\S+$/,
  /^\s*([\w.]+[:=(] *)?\/(?![*/])(\\.|[^/\n])+\/[dgimsuy]*[,;)]*$/,
];
const SCRIPT = /\.(ts|tsx|mts|cts|js|jsx|mjs|cjs|css)$/;
/** A history tag in a comment: the word issue (or Issue, issues) and a number, with or without `#`. */
const TAG = /\b[Ii]ssues? #?\d+/;

/** The lines of a source file that are (or are inside) a comment, by a plain scan of the text. */
function commentLines(text) {
  const lines = new Set();
  let line = 1;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === '\n') line += 1;
    else if (c === "'" || c === '"' || c === '`') {
      // Skip a literal (a template's `${}` holds no comment worth finding here).
      for (i += 1; i < text.length && text[i] !== c; i++) {
        if (text[i] === '\\') i += 1;
        else if (text[i] === '\n') {
          line += 1;
          if (c !== '`') break;
        }
      }
    } else if (c === '/' && text[i + 1] === '/') {
      lines.add(line);
      while (i < text.length && text[i] !== '\n') i++;
      i -= 1;
    } else if (c === '/' && text[i + 1] === '*') {
      lines.add(line);
      for (i += 2; i < text.length && !(text[i] === '*' && text[i + 1] === '/'); i++) {
        if (text[i] === '\n') lines.add(++line);
      }
      i += 1;
    }
  }
  return lines;
}

/** The problems of one file: lines over the width and, unless tags is false, history tags. */
export function check(file, text, { tags = true } = {}) {
  const problems = [];
  const comments = SCRIPT.test(file) ? commentLines(text) : new Set();
  text.split('\n').forEach((raw, i) => {
    const line = raw.replace(JSX_SPACE, '');
    if (width(line) > WIDTH && !UNBREAKABLE.some((r) => r.test(line))) {
      problems.push(`${file}:${i + 1}: ${width(line)} characters (at most ${WIDTH})`);
    }
    if (tags && comments.has(i + 1) && TAG.test(raw)) {
      problems.push(`${file}:${i + 1}: a history tag in a comment ("${TAG.exec(raw)[0]}"): say why, git says when`);
    }
  });
  return problems;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const problems = sourceFiles().flatMap((file) => check(file, readFileSync(file, 'utf8')));
  for (const p of problems) console.log(p);
  if (problems.length) {
    console.log(`line-width: ${problems.length} problem(s); \`npm run format\` fixes most widths`);
    process.exitCode = 1;
  }
}
