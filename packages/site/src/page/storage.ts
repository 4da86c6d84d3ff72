/* eslint-disable no-restricted-globals -- browser code: the DOM is its environment */
/**
 * What the page remembers between visits (per snap and network): the
 * accounts it listed and the tokens it tracks. The snap remains the source of
 * truth; "Recover accounts" rebuilds the list from it.
 */

/** An account as the page lists it. */
export type ListedAccount = {
  address: string;
  addressIndex: number;
  /** Whether it is known to be deployed. */
  deployed: boolean;
};

/** A token whose balance the page shows. */
export type Token = {
  address: string;
  symbol: string;
  decimals: number;
};

/** The fee tokens, tracked on every network (same addresses everywhere). */
export const DEFAULT_TOKENS: readonly Token[] = [
  {
    address:
      '0x04718f5a0fc34cc1af16a1cdee98ffb20c31f5cd61d6ab07201858f4287c938d',
    symbol: 'STRK',
    decimals: 18,
  },
  {
    address:
      '0x049d36570d4e46f48e99674bd3fcc84644ddd6b96f7c741b1562b82f9e004dc7',
    symbol: 'ETH',
    decimals: 18,
  },
];

/**
 * Reads a JSON list from localStorage, keeping the entries that pass a check.
 *
 * @param key - The key.
 * @param isEntry - The check.
 * @returns The entries (none when absent or unreadable).
 */
function readList<Entry>(
  key: string,
  isEntry: (value: unknown) => value is Entry,
): Entry[] {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(key) ?? '[]');
    return Array.isArray(parsed) ? parsed.filter(isEntry) : [];
  } catch {
    return [];
  }
}

/**
 * Whether a value is an object with the given typed fields.
 *
 * @param value - The value.
 * @param fields - Field name → expected `typeof`.
 * @returns Whether it is.
 */
function hasFields(value: unknown, fields: Record<string, string>): boolean {
  return (
    typeof value === 'object' &&
    value !== null &&
    Object.entries(fields).every(
      ([name, type]) =>
        typeof Object.getOwnPropertyDescriptor(value, name)?.value === type,
    )
  );
}

const isAccount = (value: unknown): value is ListedAccount =>
  hasFields(value, {
    address: 'string',
    addressIndex: 'number',
    deployed: 'boolean',
  });

const isToken = (value: unknown): value is Token =>
  hasFields(value, { address: 'string', symbol: 'string', decimals: 'number' });

/** The page's memory for one snap on one network. */
export class PageStorage {
  readonly #prefix: string;

  /**
   * @param snapId - The snap.
   * @param chainId - The network.
   */
  constructor(snapId: string, chainId: string) {
    this.#prefix = `snapnet:${snapId}:${chainId}`;
  }

  /**
   * The accounts listed so far.
   *
   * @returns Them, by index.
   */
  accounts(): ListedAccount[] {
    return readList(`${this.#prefix}:accounts`, isAccount).sort(
      (first, second) => first.addressIndex - second.addressIndex,
    );
  }

  /**
   * Adds or updates accounts (matched by address).
   *
   * @param accounts - The accounts.
   * @returns The whole list.
   */
  saveAccounts(accounts: ListedAccount[]): ListedAccount[] {
    const byAddress = new Map(
      this.accounts().map((account) => [account.address, account]),
    );
    for (const account of accounts) {
      byAddress.set(account.address, account);
    }
    localStorage.setItem(
      `${this.#prefix}:accounts`,
      JSON.stringify([...byAddress.values()]),
    );
    return this.accounts();
  }

  /**
   * The tracked tokens: the fee tokens, then those added.
   *
   * @returns Them.
   */
  tokens(): Token[] {
    return [...DEFAULT_TOKENS, ...readList(`${this.#prefix}:tokens`, isToken)];
  }

  /**
   * Tracks one more token.
   *
   * @param token - The token.
   */
  addToken(token: Token): void {
    const added = readList(`${this.#prefix}:tokens`, isToken).filter(
      (each) => each.address !== token.address,
    );
    localStorage.setItem(
      `${this.#prefix}:tokens`,
      JSON.stringify([...added, token]),
    );
  }
}
