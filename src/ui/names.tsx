import { Box, Copyable, Section, Text } from '@metamask/snaps-sdk/jsx';
import type { SnapComponent } from '@metamask/snaps-sdk/jsx';

import type { ShownName } from '../node/names';

/**
 * The Starknet ID names of a confirmation, each beside the full address it
 * resolves to (a name is never shown instead of an address): the name the
 * user typed, and the names of other parties that resolve back to them.
 * Nothing at all when there is none.
 *
 * @param props - Component props.
 * @param props.entered - The name the user typed as the recipient.
 * @param props.names - Names read both ways by the wallet.
 * @returns The section, or nothing.
 */
export const NamesSection: SnapComponent<{
  entered?: ShownName | undefined;
  names: ShownName[];
}> = ({ entered, names }) => {
  const others = names.filter(
    ({ name, address }) =>
      entered?.name !== name || BigInt(entered.address) !== BigInt(address),
  );
  if (!entered && others.length === 0) {
    return null;
  }
  return (
    <Section>
      {entered ? (
        <Box>
          <Text fontWeight="bold">{`Recipient ${entered.name}`}</Text>
          <Text>Starknet ID resolves this name to the address:</Text>
          <Copyable value={entered.address} />
        </Box>
      ) : null}
      {others.length > 0 ? (
        <Text fontWeight="bold">
          Starknet ID names (each resolves to its address and back)
        </Text>
      ) : null}
      {others.map(({ name, address }) => (
        <Box>
          <Text>{`${name} is`}</Text>
          <Copyable value={address} />
        </Box>
      ))}
    </Section>
  );
};
