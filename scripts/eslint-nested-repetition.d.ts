import type { Rule } from 'eslint';

/* eslint-disable jsdoc/require-param, jsdoc/require-returns -- see the .js file */

/** See eslint-nested-repetition.js. */
export declare function hasNestedRepetition(pattern: string): boolean;
/** See eslint-nested-repetition.js. */
export declare const rules: Record<'no-nested-repetition', Rule.RuleModule>;
