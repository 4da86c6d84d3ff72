import { intlLocale } from './money';

/**
 * Dates as the page and the dialogs write them: in the user's locale
 * (MetaMask's preference), in UTC, said so — the snap has no user time
 * zone — e.g. `28 Nov 2026, 14:05 UTC` in en-GB, `28.11.2026, 14:05 UTC`
 * in de. Beside the money formatter, from the same preferences.
 */

/**
 * A time in the user's locale, in UTC. Total: a timestamp from a node or a
 * site is any number, and one that is no date between 1970 and 9999 is
 * written as the number it is.
 *
 * @param seconds - Unix seconds.
 * @param locale - MetaMask's locale (`en`, `de`, `pt_BR`).
 * @param withSeconds - Whether to write the seconds (a signed deadline).
 * @returns E.g. `Nov 28, 2026, 2:05 PM UTC` (en), or `time <n>`.
 */
export function dateText(
  seconds: number | bigint,
  locale: string,
  withSeconds = false,
): string {
  const millis = Number(seconds) * 1000;
  const year = new Date(millis).getUTCFullYear();
  if (!(year >= 1970 && year <= 9999)) {
    return `time ${String(seconds)}`;
  }
  const text = new Intl.DateTimeFormat(intlLocale(locale), {
    dateStyle: 'medium',
    timeStyle: withSeconds ? 'medium' : 'short',
    timeZone: 'UTC',
  }).format(millis);
  // Intl's no-break spaces and direction marks would be shown as
  // invisible characters marked (see ui/visibleContent.ts): plain text.
  return `${text.replace(/\s/gu, ' ').replace(/\p{Cf}/gu, '')} UTC`;
}
