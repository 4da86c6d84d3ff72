import { readFile, stat } from 'fs/promises';
import { dirname, resolve } from 'path';

/**
 * Every link inside the README resolves: an anchor to one of its headings
 * (as GitHub makes their ids), a relative link to a file or folder of the
 * repository (and its anchor to a heading of that file). Links out of the
 * repository (http, mailto) are not followed.
 */

const root = resolve(__dirname, '..');

/**
 * Markdown without its fenced code blocks and inline code spans.
 *
 * @param markdown - The text.
 * @returns The text outside code.
 */
function outsideCode(markdown: string): string {
  return markdown.replace(/^```[\s\S]*?^```/gmu, '').replace(/`[^`\n]*`/gu, '');
}

/**
 * A heading's id as GitHub makes it: the rendered text in lower case, what
 * is not a letter, digit, space, hyphen or underscore dropped, spaces made
 * hyphens; a repeated id gets -1, -2….
 *
 * @param markdown - The file.
 * @returns Its heading ids.
 */
export function headingIds(markdown: string): Set<string> {
  const seen = new Map<string, number>();
  const ids = new Set<string>();
  const text = markdown.replace(/^```[\s\S]*?^```/gmu, '');
  const headings = text
    .split('\n')
    .filter((line) => /^#{1,6} /u.test(line))
    .map((line) => line.replace(/^#+ /u, '').trim());
  for (const heading of headings) {
    const rendered = heading
      // eslint-disable-next-line regexp/no-super-linear-move -- the README is ours
      .replace(/!?\[([^\]]*)\]\([^)]*\)/gu, '$1')
      .replace(/[`*~]/gu, '');
    const base = rendered
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\s_-]/gu, '')
      .replace(/\s/gu, '-');
    const count = seen.get(base) ?? 0;
    seen.set(base, count + 1);
    ids.add(count === 0 ? base : `${base}-${count}`);
  }
  return ids;
}

/**
 * The link targets of a markdown file (inline links and images).
 *
 * @param markdown - The file.
 * @returns Each target.
 */
function linkTargets(markdown: string): string[] {
  return [...outsideCode(markdown).matchAll(/\]\(([^)\s]+)(?:\s+"[^"]*")?\)/gu)]
    .map(([, target = '']) => target)
    .filter((target) => !/^[a-z]+:/iu.test(target));
}

/**
 * Why a link of a file does not resolve, or undefined when it does.
 *
 * @param file - The file the link is in.
 * @param target - The link.
 * @returns The problem.
 */
async function problemOf(
  file: string,
  target: string,
): Promise<string | undefined> {
  const [path = '', anchor] = target.split('#');
  const linked = path === '' ? file : resolve(dirname(file), decodeURI(path));
  const found = await stat(linked).catch(() => undefined);
  if (!found) {
    return `${target}: no such file`;
  }
  if (anchor === undefined || found.isDirectory()) {
    return undefined;
  }
  return headingIds(await readFile(linked, 'utf8')).has(anchor)
    ? undefined
    : `${target}: no such heading`;
}

describe('the README', () => {
  it('names headings as GitHub does', () => {
    expect([
      ...headingIds(
        '# Fees without STRK: the paymaster\n## `npm start` in detail\n## A\n## A\n```\n# not\n```',
      ),
    ]).toStrictEqual([
      'fees-without-strk-the-paymaster',
      'npm-start-in-detail',
      'a',
      'a-1',
    ]);
  });

  it('has no link that points to nothing', async () => {
    const file = resolve(root, 'README.md');
    const targets = linkTargets(await readFile(file, 'utf8'));
    expect(targets.length).toBeGreaterThan(10);
    const problems = await Promise.all(
      targets.map(async (target) => problemOf(file, target)),
    );
    expect(problems.filter((problem) => problem !== undefined)).toStrictEqual(
      [],
    );
  });
});
