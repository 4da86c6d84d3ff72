/**
 * Text that reads as it is. A string from a site, a node or a token
 * contract may hold characters a person cannot see or that change how the
 * rest reads: controls, bidirectional overrides (U+202E turns "exe.txt"
 * into "txt.exe"), zero-width and other invisible characters, spaces that
 * are not U+0020, unassigned or private code points. Dialogs show each of
 * them as a visible `⟨U+XXXX⟩`; names the wallet stores refuse them.
 */

/**
 * Every character that does not read as itself: controls, format characters
 * (bidi controls, zero-width joiners, soft hyphen, tags...), private-use,
 * unassigned and lone surrogate code points, line and paragraph separators,
 * every space but U+0020, and the default-ignorable code points (Hangul
 * fillers, variation selectors) that render as nothing.
 */
const HIDDEN =
  /[\p{Cc}\p{Cf}\p{Co}\p{Cn}\p{Cs}\p{Zl}\p{Zp}\p{Zs}\p{Default_Ignorable_Code_Point}]/gu;

/**
 * What `visible` escapes: the hidden characters, and the escape's own
 * opening bracket, so that every `⟨U+XXXX⟩` a dialog shows is an escape and
 * the text can be read back exactly (see `fromVisible`).
 */
const ESCAPED =
  /[\p{Cc}\p{Cf}\p{Co}\p{Cn}\p{Cs}\p{Zl}\p{Zp}\p{Zs}\p{Default_Ignorable_Code_Point}\u27E8]/gu;

/**
 * The characters of a string that do not read as themselves.
 *
 * @param text - The string.
 * @returns Each such character, as `U+XXXX`, in order (U+0020 excluded).
 */
export function hiddenCharacters(text: string): string[] {
  return [...text.matchAll(HIDDEN)]
    .map(([character]) => character)
    .filter((character) => character !== ' ')
    .map(codePointName);
}

/**
 * A character's code point as `U+XXXX`.
 *
 * @param character - One character (one code point).
 * @returns Its name.
 */
function codePointName(character: string): string {
  const code = character.codePointAt(0) ?? 0;
  return `U+${code.toString(16).toUpperCase().padStart(4, '0')}`;
}

/**
 * A string as a dialog shows it: every character that does not read as
 * itself replaced by a visible `⟨U+XXXX⟩` (and `⟨` itself, so the escapes
 * cannot be imitated); everything else unchanged.
 *
 * @param text - The string.
 * @returns Text a person reads as it is.
 */
export function visible(text: string): string {
  return text.replace(ESCAPED, (character) =>
    character === ' ' ? character : `⟨${codePointName(character)}⟩`,
  );
}

/**
 * The string a `visible` text was made from: the inverse of `visible`.
 *
 * @param shown - Text as `visible` wrote it.
 * @returns The original string.
 */
export function fromVisible(shown: string): string {
  return shown.replace(/⟨U\+([0-9A-F]{4,6})⟩/gu, (_escape, code: string) =>
    String.fromCodePoint(parseInt(code, 16)),
  );
}

/**
 * Why a name cannot be stored, or undefined when it can: it must hold no
 * character that does not read as itself and must not mix alphabets (a
 * Cyrillic "а" in a Latin name imitates another name).
 *
 * @param name - The name (already trimmed).
 * @returns The reason, or undefined.
 */
export function nameProblem(name: string): string | undefined {
  const hidden = hiddenCharacters(name);
  if (hidden.length > 0) {
    return `Expected visible characters only (found ${hidden.join(', ')})`;
  }
  const scripts = scriptsOf(name);
  if (scripts.length > 1) {
    return `Expected letters of one alphabet (found ${scripts.join(' and ')} letters, which can imitate another name)`;
  }
  return undefined;
}

/** Alphabets whose letters look alike, and so are not mixed in one name. */
const LOOKALIKE_SCRIPTS: [string, RegExp][] = [
  ['Latin', /\p{Script=Latin}/u],
  ['Cyrillic', /\p{Script=Cyrillic}/u],
  ['Greek', /\p{Script=Greek}/u],
  ['Armenian', /\p{Script=Armenian}/u],
  ['Cherokee', /\p{Script=Cherokee}/u],
];

/**
 * The look-alike alphabets a string's letters come from.
 *
 * @param text - The string.
 * @returns Their names.
 */
function scriptsOf(text: string): string[] {
  return LOOKALIKE_SCRIPTS.filter(([, pattern]) => pattern.test(text)).map(
    ([name]) => name,
  );
}

/**
 * A name as it is compared with other names: compatibility-normalised
 * (NFKC: full-width and ligature forms become plain ones), without hidden
 * characters, lower case, runs of spaces as one. Two names with the same key
 * read the same to a person.
 *
 * @param name - The name.
 * @returns Its comparison key.
 */
export function nameKey(name: string): string {
  return name
    .normalize('NFKC')
    .replace(HIDDEN, (character) => (character === ' ' ? ' ' : ''))
    .toLowerCase()
    .replace(/\s+/gu, ' ')
    .trim();
}

/**
 * A token symbol as it is compared with other symbols: its name key without
 * separators, so `S.T.R.K`, `strk` and `STRK` are one symbol.
 *
 * @param symbol - The symbol.
 * @returns Its comparison key.
 */
export function symbolKey(symbol: string): string {
  return nameKey(symbol).replace(/[\s._-]/gu, '');
}
