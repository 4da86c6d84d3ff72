import {
  latestBlockCall,
  readReceivedTokens,
  receivedTokensCall,
  TRANSFER_CHUNK,
  TRANSFER_KEY,
} from './transferEvents';
import { normaliseAddress } from '../keys/address';

const ALICE =
  '0x3a48f9784a19e574e3976351f36d3806b8c27a97a972d2e2834e067d2c52883';
const BOB = `0x${'b0b'.padStart(64, '0')}`;
const TOKEN_A = '0xa';
const TOKEN_B = '0xB';
const canonical = (address: string): string =>
  `0x${BigInt(address).toString(16).padStart(64, '0')}`;

/**
 * A Cairo 1 Transfer event: keys [selector, from, to], amount as data.
 *
 * @param token - The token contract.
 * @param to - The recipient.
 * @returns The event as a node writes it.
 */
function transfer(token: string, to: string): Record<string, unknown> {
  return {
    from_address: token,
    keys: [TRANSFER_KEY, '0x1', to],
    data: ['0x64', '0x0'],
    block_number: 7,
    transaction_hash: '0x1234',
  };
}

describe('discovering received tokens from Transfer events', () => {
  it('asks for Transfer keyed to the accounts, from a block on, one bounded page', () => {
    const call = receivedTokensCall([ALICE, BOB], 120);
    expect(call.method).toBe('starknet_getEvents');
    expect(call.params).toStrictEqual({
      filter: {
        from_block: { block_number: 120 },
        to_block: 'latest',
        keys: [[TRANSFER_KEY], [], [ALICE, BOB]],
        chunk_size: TRANSFER_CHUNK,
      },
    });
  });

  it('asks for a next page with its continuation token; a token that is no short text is none', () => {
    expect(receivedTokensCall([ALICE], 5, '9-1').params).toMatchObject({
      filter: { continuation_token: '9-1' },
    });
    for (const token of [17, '', 'x'.repeat(257), 'a b']) {
      expect(
        readReceivedTokens({ events: [], continuation_token: token }, [ALICE]),
      ).toStrictEqual({ value: { tokens: [] } });
    }
  });

  it('lists each token once, most recent first, with the accounts that received it', () => {
    const read = readReceivedTokens(
      {
        events: [
          transfer(TOKEN_A, ALICE),
          transfer(TOKEN_B, ALICE),
          transfer(TOKEN_A, BOB.replace(/^0x0+/u, '0x')),
        ],
      },
      [ALICE, BOB],
    );
    expect(read).toStrictEqual({
      value: {
        tokens: [
          { token: canonical(TOKEN_A), receivers: [BOB, canonical(ALICE)] },
          { token: canonical(TOKEN_B), receivers: [canonical(ALICE)] },
        ],
        // Where the page ended: a search in more pages goes on from there.
        lastBlock: 7,
      },
    });
  });

  it('reads a Cairo 0 transfer (keys [Transfer], data [from, to, low, high]) by its data', () => {
    const read = readReceivedTokens(
      {
        events: [
          {
            from_address: TOKEN_A,
            keys: [TRANSFER_KEY],
            data: ['0x1', ALICE, '0x64', '0x0'],
          },
        ],
      },
      [ALICE],
    );
    expect(read).toStrictEqual({
      value: {
        tokens: [
          {
            token: normaliseAddress(TOKEN_A),
            receivers: [normaliseAddress(ALICE)],
          },
        ],
      },
    });
  });

  it('skips what a node should not have sent: other recipients, other events, malformed entries', () => {
    const read = readReceivedTokens(
      {
        events: [
          transfer(TOKEN_A, `0x${'c'.repeat(60)}`),
          { ...transfer(TOKEN_A, ALICE), keys: ['0x99', '0x1', ALICE] },
          // Cairo 0 to someone else, and with a short data.
          {
            from_address: TOKEN_A,
            keys: [TRANSFER_KEY],
            data: ['0x1', '0x2', '0x64', '0x0'],
          },
          {
            from_address: TOKEN_A,
            keys: [TRANSFER_KEY],
            data: ['0x1', ALICE, '0x64'],
          },
          {
            ...transfer(TOKEN_A, ALICE),
            keys: [TRANSFER_KEY, '0x1', ALICE, '0x2'],
          },
          { ...transfer('STRK', ALICE) },
          { ...transfer(TOKEN_A, ALICE), keys: [TRANSFER_KEY, '0x1', 7] },
          transfer('0x0', ALICE),
          null,
          'event',
        ],
        continuation_token: '17',
      },
      [ALICE],
    );
    expect(read).toStrictEqual({ value: { tokens: [], continuation: '17' } });
  });

  it('is total: an answer that is no page of events is a problem, never a throw', () => {
    for (const answer of [null, 'x', [], { events: 'no' }, { toString: 1 }]) {
      expect(readReceivedTokens(answer, [ALICE])).toStrictEqual({
        problem: 'the answer is not a page of events',
      });
    }
    expect(
      readReceivedTokens(
        {
          events: new Array(TRANSFER_CHUNK + 1).fill(transfer(TOKEN_A, ALICE)),
        },
        [ALICE],
      ),
    ).toStrictEqual({ problem: '1001 events, more than asked for' });
  });
});

describe('the latest block read', () => {
  it('reads a block number, and anything else as a problem', () => {
    const { parse } = latestBlockCall();
    expect(parse(812)).toStrictEqual({ value: 812n });
    for (const answer of [-1, 1.5, '812', null, 2 ** 60]) {
      expect(parse(answer)).toStrictEqual({
        problem: 'the latest block number is not a block number',
      });
    }
  });
});
