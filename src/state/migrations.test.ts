import { migrate } from './migrations';
import { defaultState, STATE_VERSION } from './schema';

describe('migrate', () => {
  it('gives the default state to a new install', () => {
    const { state, changed } = migrate(null);
    expect(changed).toBe(true);
    expect(state).toStrictEqual(defaultState());
    expect(state.currentChainId).toBe('0x534e5f5345504f4c4941');
    expect(state.tokens.map((token) => token.symbol)).toStrictEqual([
      'STRK',
      'ETH',
      'STRK',
      'ETH',
    ]);
  });

  it('keeps a current state as it is', () => {
    const stored = { ...defaultState(), currentChainId: '0x534e5f4d41494e' };
    const { state, changed } = migrate(stored);
    expect(changed).toBe(false);
    expect(state.currentChainId).toBe('0x534e5f4d41494e');
  });

  it('refuses a state written by a newer snap', () => {
    expect(() =>
      migrate({ ...defaultState(), version: STATE_VERSION + 1 }),
    ).toThrow('newer than this snap');
  });

  it('refuses a state that does not match the schema', () => {
    expect(() => migrate({ version: STATE_VERSION, accounts: 'nope' })).toThrow(
      'does not match the schema',
    );
  });
});
