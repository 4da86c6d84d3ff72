import { Box, Copyable, Section, Text } from '@metamask/snaps-sdk/jsx';
import type { SnapComponent } from '@metamask/snaps-sdk/jsx';

import { BoldText } from './components';
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
          <BoldText>{`Recipient ${entered.name}`}</BoldText>
          <Text>Starknet ID resolves this name to the address:</Text>
          <Copyable value={entered.address} />
        </Box>
      ) : null}
      {others.length > 0 ? (
        <BoldText>
          Starknet ID names (each resolves to its address and back)
        </BoldText>
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

/**
 * Names read while a dialog is open (see LateNames): the addresses whose
 * lines the dialog holds from the start, and the names once read
 * (undefined: still reading).
 */
export type NamesReading = {
  addresses: string[];
  names?: ShownName[] | undefined;
};

/**
 * The line an address's name takes, the same height whatever it says:
 * still reading, the name that resolves back, or none (a stall or garbage
 * reads as none).
 *
 * @param address - The address.
 * @param reading - The names read so far.
 * @returns The text.
 */
export function nameLineText(address: string, reading: NamesReading): string {
  if (reading.names === undefined) {
    return 'Starknet ID name: checking…';
  }
  const found = reading.names.find(
    (shown) => BigInt(shown.address) === BigInt(address),
  );
  return found
    ? `Starknet ID name: ${found.name} (resolves to this address and back)`
    : 'Starknet ID name: none';
}

/**
 * The line of an address's name in a dialog that reads names while open.
 *
 * @param props - Component props.
 * @param props.address - The address.
 * @param props.reading - The names read so far.
 * @returns The line.
 */
export const NameLine: SnapComponent<{
  address: string;
  reading: NamesReading;
}> = ({ address, reading }) => <Text>{nameLineText(address, reading)}</Text>;

/**
 * The names of a dialog's addresses, read while it is open: each address
 * with its line from the start, so nothing moves when the names arrive.
 * Nothing at all when there is nothing to look up.
 *
 * @param props - Component props.
 * @param props.reading - The names read so far, if any are looked up.
 * @returns The section, or nothing.
 */
export const ReadingNamesSection: SnapComponent<{
  reading?: NamesReading | undefined;
}> = ({ reading }) => {
  if (!reading || reading.addresses.length === 0) {
    return null;
  }
  return (
    <Section>
      <BoldText>
        Starknet ID names (shown only when they resolve to the address and back)
      </BoldText>
      {reading.addresses.map((address) => (
        <Box>
          <NameLine address={address} reading={reading} />
          <Copyable value={address} />
        </Box>
      ))}
    </Section>
  );
};
