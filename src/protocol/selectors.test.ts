import { hash } from 'starknet';

import { KNOWN_SELECTORS, selectorOf } from './selectors';

describe('selectors', () => {
  it('writes each known name with the selector starknet.js computes', () => {
    expect(KNOWN_SELECTORS.size).toBeGreaterThan(40);
    for (const [name, selector] of KNOWN_SELECTORS) {
      expect({ name, selector }).toStrictEqual({
        name,
        selector: hash.getSelectorFromName(name),
      });
    }
  });

  it('hashes any other name, as starknet.js does', () => {
    for (const name of ['burn', 'execute_from_outside_v2', '', 'été']) {
      expect(KNOWN_SELECTORS.has(name)).toBe(false);
      expect(selectorOf(name)).toBe(hash.getSelectorFromName(name));
    }
  });

  it('reads no inherited property as a known name', () => {
    for (const name of ['__proto__', 'constructor', 'toString']) {
      expect(selectorOf(name)).toBe(hash.getSelectorFromName(name));
    }
  });

  it('answers a known name from the table', () => {
    expect(selectorOf('transfer')).toBe(
      '0x83afd3f4caedc6eebf44246fe54e38c95e3179a5ec9ea81740eca5b482d12e',
    );
  });
});
