import { activitySection } from './activity';
import type { HomeActivity } from './activity';

/**
 * @param content - An element.
 * @returns Its strings, joined.
 */
function textOf(content: unknown): string {
  return JSON.stringify(content);
}

describe('activitySection', () => {
  const activity: HomeActivity = {
    entries: [
      {
        chainId: '0x1',
        txnHash: '0x2',
        accountName: 'Account 0',
        line: 'Deployed the account',
        status: 'accepted on L2',
        timestamp: 1_796_048_700,
      },
    ],
    more: false,
    shown: 1,
  };

  it("dates each line in the user's locale, in UTC, said so", () => {
    expect(textOf(activitySection(activity, 'de'))).toContain(
      'Details (30.11.2026, 14:25 UTC)',
    );
    expect(textOf(activitySection(activity, 'en_GB'))).toContain(
      'Details (30 Nov 2026, 14:25 UTC)',
    );
  });
});
