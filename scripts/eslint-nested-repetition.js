/**
 * ESLint rule `snapnet/no-nested-repetition`: no regular expression literal
 * repeats a group that itself holds an unbounded repetition (`*`, `+`,
 * `{n,}`), as in `(<!--[\s\S]*?-->\s*)*`. That shape is where exponential
 * backtracking lives, and eslint-plugin-regexp's analysis does not see every
 * case of it: it missed the SVG logo check whose lazy `[\s\S]*?` could run
 * over its own `-->`, so 211 bytes froze the snap. The rule is deliberately
 * blunt (it also refuses the harmless `(?:a+b)*`): write a loop of plain
 * string searches instead. Plain CommonJS, for eslint.config.mjs and its
 * unit test.
 */

/**
 * The end of a character class that starts at `start` (its `[`), nested
 * classes of the `v` flag included.
 *
 * @param {string} pattern - The pattern.
 * @param {number} start - Index of the class's `[`.
 * @returns {number} Index just past its `]`.
 */
function classEnd(pattern, start) {
  let depth = 0;
  for (let index = start; index < pattern.length; index++) {
    const char = pattern[index];
    if (char === '\\') {
      index += 1;
    } else if (char === '[') {
      depth += 1;
    } else if (char === ']') {
      depth -= 1;
      if (depth === 0) {
        return index + 1;
      }
    }
  }
  return pattern.length;
}

/**
 * The quantifier at `index`, if one starts there.
 *
 * @param {string} pattern - The pattern.
 * @param {number} index - Where it would start.
 * @returns {{ length: number, max: number } | undefined} Its length and
 * greatest count.
 */
function quantifierAt(pattern, index) {
  const char = pattern[index];
  const lazy = (length) => (pattern[index + length] === '?' ? 1 : 0);
  if (char === '*' || char === '+') {
    return { length: 1 + lazy(1), max: Infinity };
  }
  if (char === '?') {
    return { length: 1 + lazy(1), max: 1 };
  }
  const braces = /\{(\d+)(,(\d*))?\}/uy;
  braces.lastIndex = index;
  const match = braces.exec(pattern);
  if (!match) {
    return undefined;
  }
  let max = Number(match[1]);
  if (match[2] !== undefined) {
    max = match[3] === '' ? Infinity : Number(match[3]);
  }
  return { length: match[0].length + lazy(match[0].length), max };
}

/**
 * Whether a pattern repeats (more than once) a group that holds an
 * unbounded repetition.
 *
 * @param {string} pattern - The regular expression's source.
 * @returns {boolean} Whether it does.
 */
function hasNestedRepetition(pattern) {
  // Per open group: whether it holds an unbounded repetition.
  const groups = [{ unbounded: false }];
  let index = 0;
  while (index < pattern.length) {
    const char = pattern[index];
    let atomUnbounded = false;
    if (char === '(') {
      groups.push({ unbounded: false });
      index += 1;
      continue;
    }
    if (char === '[') {
      index = classEnd(pattern, index);
    } else if (char === '\\') {
      // `\p{…}`, `\u{…}`: braces that are no quantifier.
      const braced = /\\[pPu]\{[^}]*\}/uy;
      braced.lastIndex = index;
      index += braced.exec(pattern)?.[0].length ?? 2;
    } else if (char === ')' && groups.length > 1) {
      atomUnbounded = groups.pop().unbounded;
      index += 1;
    } else {
      index += 1;
    }
    const quantifier = quantifierAt(pattern, index);
    if (quantifier) {
      if (atomUnbounded && quantifier.max > 1) {
        return true;
      }
      atomUnbounded ||= quantifier.max === Infinity;
      index += quantifier.length;
    }
    const current = groups[groups.length - 1];
    current.unbounded ||= atomUnbounded;
  }
  return false;
}

module.exports = {
  hasNestedRepetition,
  rules: {
    'no-nested-repetition': {
      meta: {
        type: 'problem',
        docs: {
          description:
            'Disallow repeating a group that holds an unbounded repetition (exponential backtracking)',
        },
        schema: [],
        messages: {
          nested:
            'This regular expression repeats a group that holds an unbounded repetition: it can backtrack exponentially on hostile text. Scan with string searches instead.',
        },
      },
      create(context) {
        return {
          Literal(node) {
            if (node.regex && hasNestedRepetition(node.regex.pattern)) {
              context.report({ node, messageId: 'nested' });
            }
          },
        };
      },
    },
  },
};
