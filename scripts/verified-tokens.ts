/**
 * `npx tsx scripts/verified-tokens.ts`: writes src/tokens/verifiedTokens.json,
 * the tokens the wallet shows as verified, from the vendored copy of the
 * Starknet Foundation's list of StarkGate-bridged tokens
 * (vendor/tokens/starknet-addresses/, see vendor/README.md). Nothing is
 * fetched: to refresh, copy the list's `bridged_tokens/<network>.json` at a
 * newer commit into the vendor folder, set SOURCE.commit, run this script and
 * review the diff. `--check` fails when the committed module differs from
 * what the vendored list gives (the unit tests run the same comparison).
 */
import { readFile, writeFile } from 'fs/promises';
import { resolve } from 'path';

/** Where the vendored list comes from. */
export const SOURCE = {
  repository: 'starknet-io/starknet-addresses',
  commit: '6477f533cfeb84bc778bf73d2bea514d7f9825fd',
  files: ['bridged_tokens/mainnet.json', 'bridged_tokens/sepolia.json'],
};

const ROOT = resolve(__dirname, '..');
const VENDOR = resolve(ROOT, 'vendor/tokens/starknet-addresses');
export const OUTPUT = resolve(ROOT, 'src/tokens/verifiedTokens.json');

/** The chain ids of Starknet Mainnet and Sepolia (src/config.ts). */
const MAINNET = '0x534e5f4d41494e';
const SEPOLIA = '0x534e5f5345504f4c4941';

/**
 * Mainnet's list holds over a hundred bridged tokens: the bundle keeps the
 * ones a Starknet user is likely to hold (Starknet's own tokens, the main
 * stablecoins, Bitcoin and Ether forms, a few major DeFi tokens). Sepolia's
 * short list is kept whole.
 */
const MAINNET_SYMBOLS = [
  'STRK',
  'vSTRK',
  'ETH',
  'USDC',
  'USDT',
  'DAI',
  'LUSD',
  'FRAX',
  'WBTC',
  'tBTC',
  'LBTC',
  'SolvBTC',
  'wstETH',
  'rETH',
  'EKUBO',
  'ZEND',
  'NSTR',
  'sSTRK',
  'UNI',
  'AAVE',
  'LINK',
  'ARB',
];

/** One token as the bundle keeps it: only what the page shows and checks. */
export type VerifiedEntry = {
  address: string;
  name: string;
  symbol: string;
  decimals: number;
};

/**
 * One token as the bundle stores it: `[address, name, symbol, decimals]`
 * (a row, not an object: the keys repeated for every token were a quarter
 * of the list's bytes in the snap's bundle), the address's 32 bytes in
 * base64 without padding (two thirds the length of its hex; the snap reads
 * it back with src/protocol/values.ts's hexFromBase64).
 */
export type VerifiedRow = [string, string, string, number];

/** The generated module's content. */
export type VerifiedList = {
  source: { repository: string; commit: string };
  networks: Record<string, VerifiedRow[]>;
};

/**
 * A token as a row of the bundled list.
 *
 * @param entry - The token.
 * @returns Its row.
 */
function rowOf(entry: VerifiedEntry): VerifiedRow {
  // 32 bytes (the address is canonical): 43 base64 digits and one `=`.
  const address = Buffer.from(entry.address.slice(2), 'hex')
    .toString('base64')
    .slice(0, 43);
  return [address, entry.name, entry.symbol, entry.decimals];
}

/**
 * A list entry checked and reduced to the bundle's fields: a token address
 * (canonical: 0x and 64 lower-case hex digits), a name and an ASCII symbol
 * that read as themselves, decimals 0–255.
 *
 * @param entry - One entry of the list.
 * @returns The token, or undefined for an entry that is no token (a bridge).
 */
function tokenOf(entry: Record<string, unknown>): VerifiedEntry | undefined {
  const { name, symbol, decimals, l2_token_address: address } = entry;
  if (symbol === undefined && address === undefined) {
    return undefined;
  }
  if (
    typeof name !== 'string' ||
    !/^[\x20-\x7e]{1,64}$/u.test(name) ||
    typeof symbol !== 'string' ||
    !/^[A-Za-z0-9._-]{1,16}$/u.test(symbol) ||
    typeof decimals !== 'number' ||
    !Number.isInteger(decimals) ||
    decimals < 0 ||
    decimals > 255 ||
    typeof address !== 'string' ||
    !/^0x[0-9a-fA-F]{1,64}$/u.test(address)
  ) {
    throw new Error(`Unexpected entry in the list: ${JSON.stringify(entry)}`);
  }
  return {
    address: `0x${BigInt(address).toString(16).padStart(64, '0')}`,
    name,
    symbol,
    decimals,
  };
}

/**
 * The tokens of one network's list: entries with a `comment` (a superseded
 * version such as "Dai v0", or "Deposit blocked") are left out; `symbols`
 * keeps those named, each of which must appear exactly once.
 *
 * @param list - The network's file, parsed.
 * @param symbols - The symbols to keep, or undefined for all.
 * @returns The tokens, in the list's order.
 */
export function tokensOf(list: unknown, symbols?: string[]): VerifiedEntry[] {
  if (!Array.isArray(list)) {
    throw new Error('The list is not an array');
  }
  const tokens = list
    .filter((entry: Record<string, unknown>) => entry.comment === undefined)
    .map(tokenOf)
    .filter((token): token is VerifiedEntry => token !== undefined);
  const kept = symbols
    ? tokens.filter(({ symbol }) => symbols.includes(symbol))
    : tokens;
  for (const symbol of symbols ?? []) {
    const count = kept.filter((token) => token.symbol === symbol).length;
    if (count !== 1) {
      throw new Error(`${symbol}: ${count} entries in the list, not one`);
    }
  }
  const addresses = new Set(kept.map(({ address }) => address));
  if (addresses.size !== kept.length) {
    throw new Error('The list names one address twice');
  }
  return kept;
}

/**
 * The bundle's list from the vendored files.
 *
 * @returns The module's content.
 */
export async function verifiedListFromVendor(): Promise<VerifiedList> {
  const read = async (name: string): Promise<unknown> =>
    JSON.parse(await readFile(resolve(VENDOR, name), 'utf8'));
  return {
    source: { repository: SOURCE.repository, commit: SOURCE.commit },
    networks: {
      [MAINNET]: tokensOf(await read('mainnet.json'), MAINNET_SYMBOLS).map(
        rowOf,
      ),
      [SEPOLIA]: tokensOf(await read('sepolia.json')).map(rowOf),
    },
  };
}

/**
 * The module's text: the list as JSON, a token to a line.
 *
 * @returns The text.
 */
export async function verifiedModuleText(): Promise<string> {
  const { source, networks } = await verifiedListFromVendor();
  const lines = (rows: VerifiedRow[]): string =>
    rows.map((row) => `      ${JSON.stringify(row)}`).join(',\n');
  const chains = Object.entries(networks)
    .map(([chainId, rows]) => `    "${chainId}": [\n${lines(rows)}\n    ]`)
    .join(',\n');
  return `{\n  "source": ${JSON.stringify(source)},\n  "networks": {\n${chains}\n  }\n}\n`;
}

/**
 * Writes the module, or with `--check` fails when it differs.
 */
async function main(): Promise<void> {
  const text = await verifiedModuleText();
  if (!process.argv.includes('--check')) {
    await writeFile(OUTPUT, text);
    console.log(`Wrote ${OUTPUT}`);
  } else if ((await readFile(OUTPUT, 'utf8')) !== text) {
    throw new Error(
      'src/tokens/verifiedTokens.json differs from the vendored list: npx tsx scripts/verified-tokens.ts',
    );
  }
}

if (require.main === module) {
  main().catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exitCode = 1;
  });
}
