import { migrate } from './migrations';
import { defaultState, STATE_VERSION } from './schema';

const ACCOUNT = {
  address: '0x3a48f9784a19e574e3976351f36d3806b8c27a97a972d2e2834e067d2c52883',
  addressIndex: 0,
  publicKey:
    '0x1297ebe045cf72e92946f2daf84e7cbafdbe89bcb6f382e8fd3bdc254ea8a62',
  addressSalt:
    '0x1297ebe045cf72e92946f2daf84e7cbafdbe89bcb6f382e8fd3bdc254ea8a62',
  deployTxnHash: '',
  derivationPath: "m/44'/9004'/0'/0/0",
  chainId: '0x534e5f4d41494e',
  kind: 'argent-cairo1',
};

/**
 * A state as version 1 of this snap wrote it: no per-site permissions.
 *
 * @returns The stored state.
 */
function version1(): Record<string, unknown> {
  const { permissions: _none, ...rest } = defaultState();
  return {
    ...rest,
    version: 1,
    currentChainId: '0x534e5f4d41494e',
    accounts: [ACCOUNT],
  };
}

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

  it('brings version 1 to version 2: accounts and network kept, no site has access', () => {
    const { state, changed } = migrate(version1());
    expect(changed).toBe(true);
    expect(state.version).toBe(STATE_VERSION);
    expect(state.currentChainId).toBe('0x534e5f4d41494e');
    expect(state.accounts).toStrictEqual([ACCOUNT]);
    expect(state.permissions).toStrictEqual([]);
  });

  it('brings version 3 to version 4: no token hidden yet, everything else kept', () => {
    const { hiddenTokens: _none, ...rest } = defaultState();
    const { state, changed } = migrate({ ...rest, version: 3 });
    expect(changed).toBe(true);
    expect(state).toStrictEqual(defaultState());
  });

  it('brings version 4 to version 5: nothing of staking known yet, everything else kept', () => {
    const { staking: _none, ...rest } = defaultState();
    const { state, changed } = migrate({ ...rest, version: 4 });
    expect(changed).toBe(true);
    expect(state).toStrictEqual(defaultState());
  });

  it('brings version 2 to version 3: a network whose chain id hashes like another chain is dropped with its tokens', () => {
    // Mainnet's id plus the prime: the same felt once the hash reduces it.
    const lookalike = `0x${(
      0x534e5f4d41494en +
      2n ** 251n +
      17n * 2n ** 192n +
      1n
    ).toString(16)}`;
    const devnet = '0x534e5f4445564e4554';
    const base = defaultState();
    const { state, changed } = migrate({
      ...base,
      version: 2,
      currentChainId: lookalike,
      networks: [
        ...base.networks,
        { name: 'Fast testnet', chainId: lookalike, rpcUrl: 'https://x.test' },
        { name: 'Devnet', chainId: devnet, rpcUrl: 'http://localhost:5050' },
      ],
      tokens: [
        ...base.tokens,
        { ...base.tokens[0], chainId: lookalike },
        { ...base.tokens[0], chainId: devnet },
      ],
      accounts: [{ ...ACCOUNT, chainId: lookalike }],
    });
    expect(changed).toBe(true);
    expect(state.networks.map(({ name }) => name)).toStrictEqual([
      'Mainnet',
      'Testnet',
      'Devnet',
    ]);
    expect(state.tokens.map(({ chainId }) => chainId)).not.toContain(lookalike);
    expect(
      state.tokens.filter(({ chainId }) => chainId === devnet),
    ).toHaveLength(1);
    expect(state.currentChainId).toBe('0x534e5f5345504f4c4941');
    // Accounts are this seed's and the same on every chain: kept.
    expect(state.accounts).toHaveLength(1);
  });

  it('reads a state written without its version as version 1, losing nothing', () => {
    const { version: _none, ...stored } = version1();
    const { state, changed } = migrate(stored);
    expect(changed).toBe(true);
    expect(state.currentChainId).toBe('0x534e5f4d41494e');
    expect(state.accounts).toStrictEqual([ACCOUNT]);
  });

  it.each([
    [
      'written by a newer snap',
      { ...defaultState(), version: STATE_VERSION + 1 },
      'written by a newer version of this wallet',
    ],
    [
      'of an unknown shape without a version',
      { accContracts: [], currentNetwork: {} },
      'not a state this wallet wrote',
    ],
    [
      'with a collection of the wrong type',
      { version: STATE_VERSION, accounts: 'nope' },
      'does not match the schema',
    ],
    [
      'with a token of absurd decimals',
      {
        ...defaultState(),
        tokens: [{ ...defaultState().tokens[0], decimals: 2 ** 30 }],
      },
      'does not match the schema',
    ],
    [
      'with an account index beyond BIP-44',
      { ...version1(), accounts: [{ ...ACCOUNT, addressIndex: 2 ** 31 }] },
      'does not match the schema',
    ],
  ])(
    'refuses a state %s, saying it was left untouched',
    (_name, stored, reason) => {
      expect(() => migrate(stored)).toThrow(reason);
      expect(() => migrate(stored)).toThrow('left untouched');
    },
  );
});
