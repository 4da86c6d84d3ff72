import { Dropdown, Field, Option } from '@metamask/snaps-sdk/jsx';
import type { JSXElement } from '@metamask/snaps-sdk/jsx';

/**
 * The "From" field of the page's forms that sign (Send, Swap, Stake): the
 * network's accounts, each by its name and the start of its address. The
 * dropdown carries no value of its own, so a redraw keeps the choice.
 *
 * @param name - The dropdown's name (its form reads it).
 * @param accounts - The accounts.
 * @returns The field.
 */
export function fromField(
  name: string,
  accounts: readonly { address: string; name: string }[],
): JSXElement {
  return (
    <Field label="From">
      <Dropdown name={name}>
        {accounts.map(({ address, name: accountName }) => (
          <Option
            value={address}
          >{`${accountName} (${address.slice(0, 10)}…)`}</Option>
        ))}
      </Dropdown>
    </Field>
  );
}
