import { completeDetails, v3Version } from './details';
import type { ResourceBoundsHex } from './details';

const bound = { max_amount: '0x10', max_price_per_unit: '0x20' };
const RESOURCE_BOUNDS: ResourceBoundsHex = {
  l1_gas: bound,
  l2_gas: bound,
  l1_data_gas: bound,
};

/**
 * The field and message a call is refused with.
 *
 * @param call - The call.
 * @returns `field: message`.
 */
function refusal(call: () => unknown): string {
  try {
    call();
  } catch (error) {
    if (error instanceof Error && 'field' in error) {
      return `${String(error.field)}: ${error.message}`;
    }
    throw error;
  }
  throw new Error('Expected a refusal');
}

describe('v3Version', () => {
  it('keeps the query version apart from the sent one and refuses the others', () => {
    expect(v3Version(undefined, 'details.version')).toBe('0x3');
    expect(v3Version('0x03', 'details.version')).toBe('0x3');
    expect(
      v3Version('0x100000000000000000000000000000003', 'details.version'),
    ).toBe('0x100000000000000000000000000000003');
    expect(refusal(() => v3Version('0x1', 'details.version'))).toMatch(
      /^details\.version: .*0x1 is not supported/u,
    );
  });
});

describe('completeDetails', () => {
  it('takes what the node knows where the dapp gave nothing, and the defaults for the rest', () => {
    expect(
      completeDetails({ tip: '0x5' }, 'details', {
        nonce: '0x7',
        resourceBounds: RESOURCE_BOUNDS,
      }),
    ).toStrictEqual({
      version: '0x3',
      nonce: '0x7',
      resourceBounds: RESOURCE_BOUNDS,
      tip: '0x5',
      paymasterData: [],
      accountDeploymentData: [],
      nonceDataAvailabilityMode: 'L1',
      feeDataAvailabilityMode: 'L1',
    });
  });

  it('requires a nonce and resource bounds from the dapp or the node', () => {
    expect(
      refusal(() =>
        completeDetails({}, 'details', { resourceBounds: RESOURCE_BOUNDS }),
      ),
    ).toMatch(/^details\.nonce: .*is required/u);
    expect(refusal(() => completeDetails({ nonce: '0x1' }, 'details'))).toMatch(
      /^details\.resourceBounds: .*is required/u,
    );
  });

  it('names the first value that is not of its protocol type', () => {
    expect(
      refusal(() =>
        completeDetails(
          {
            nonce: '0x1',
            resourceBounds: {
              ...RESOURCE_BOUNDS,
              l2_gas: { ...bound, max_amount: `0x1${'0'.repeat(16)}` },
            },
          },
          'details',
        ),
      ),
    ).toMatch(
      /^details\.resourceBounds\.l2_gas\.max_amount: .*0x10000000000000000 is not/u,
    );
    expect(
      refusal(() =>
        completeDetails(
          { nonce: '0x1', tip: '12', resourceBounds: RESOURCE_BOUNDS },
          'details',
        ),
      ),
    ).toMatch(/^details\.tip: .*12 is not/u);
  });
});
