import { bytesToBase64 } from '@metamask/utils';

import { ContentError, parseIpfsUri, readVerified } from './storage';
import { ETH_ADDRESS, STRK_ADDRESS } from '../config';

/**
 * Token logos. A logo is an `ipfs://<cid>` URI; the snap reads it through
 * content storage (verified against the CID), accepts only PNG, JPEG or SVG
 * files up to 64 KiB, and shows every one of them the same way: as a data
 * URI inside an SVG `<image>` element, which is what the snaps `Image`
 * component takes. An image loaded that way is an image document to the
 * browser — no scripts, no event handlers, no external fetches — so an SVG
 * logo cannot run or load anything, however it is rendered. SVG text with a
 * DOCTYPE or entity declarations (entity expansion) is refused outright.
 */

/** What the dialogs show for a logo. */
export type LogoView = {
  /** An SVG document for the `Image` component, when there is a logo. */
  image?: string;
  /** The `ipfs://` URI to store with the token, when it was verified. */
  uri?: string;
  /** Why a requested logo is not shown. */
  problem?: string;
};

/** Side of the square logos are drawn in, in CSS pixels. */
const LOGO_SIZE = 48;

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const JPEG_SIGNATURE = [0xff, 0xd8, 0xff];

/**
 * Logos bundled with the snap for the fee tokens (drawn for this wallet in
 * the tokens' colours, not the projects' official artwork).
 */
const BUNDLED_LOGOS: Record<string, string> = {
  [STRK_ADDRESS]:
    '<svg xmlns="http://www.w3.org/2000/svg" width="48" height="48" viewBox="0 0 48 48"><circle cx="24" cy="24" r="24" fill="#0C0C4F"/><path fill="#EC796B" d="M11 32c3-7 8-10 14-11 6-1 10-4 12-9-1 8-5 12-11 13-5 1-9 3-11 8z"/><circle cx="32" cy="31" r="4" fill="#EC796B"/><path fill="#FFF" d="m16 11 1.3 3.7 3.7 1.3-3.7 1.3L16 21l-1.3-3.7-3.7-1.3 3.7-1.3z"/></svg>',
  [ETH_ADDRESS]:
    '<svg xmlns="http://www.w3.org/2000/svg" width="48" height="48" viewBox="0 0 48 48"><circle cx="24" cy="24" r="24" fill="#627EEA"/><path fill="#FFF" fill-opacity=".6" d="M24 7v12.6l10.6 4.7z"/><path fill="#FFF" d="M24 7 13.4 24.3 24 19.6z"/><path fill="#FFF" fill-opacity=".6" d="M24 32.6V41l10.6-14.7z"/><path fill="#FFF" d="M24 41v-8.4l-10.6-6.3z"/><path fill="#FFF" fill-opacity=".2" d="m24 30.6 10.6-6.3L24 19.6z"/><path fill="#FFF" fill-opacity=".6" d="m13.4 24.3 10.6 6.3v-11z"/></svg>',
};

/**
 * The logo to show for a token: the requested one, read and verified, or
 * the bundled one of a fee token.
 *
 * @param tokenAddress - The token contract.
 * @param uri - The token's `ipfs://` logo (asked for by a site, or stored), if any.
 * @returns The logo, or why the requested one is not shown.
 */
export async function tokenLogo(
  tokenAddress: string,
  uri: string | undefined,
): Promise<LogoView> {
  if (uri === undefined) {
    const bundled = BUNDLED_LOGOS[tokenAddress];
    return bundled ? { image: bundled } : {};
  }
  const cid = parseIpfsUri(uri);
  if (!cid) {
    return { problem: `The logo ${uri} is not an ipfs:// content id.` };
  }
  try {
    const image = logoImage(await readVerified(cid));
    return { image, uri: `ipfs://${cid.toString()}` };
  } catch (error) {
    if (error instanceof ContentError) {
      return { problem: `The logo is not shown: ${error.message}.` };
    }
    throw error;
  }
}

/**
 * Makes verified bytes an `Image` source, if they are an accepted image.
 *
 * @param bytes - The file.
 * @returns An SVG document showing it.
 * @throws ContentError when the file is not an accepted image.
 */
export function logoImage(bytes: Uint8Array): string {
  const type = imageType(bytes);
  const href = `data:${type};base64,${bytesToBase64(bytes)}`;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${LOGO_SIZE}" height="${LOGO_SIZE}" viewBox="0 0 ${LOGO_SIZE} ${LOGO_SIZE}"><image href="${href}" width="${LOGO_SIZE}" height="${LOGO_SIZE}"/></svg>`;
}

/**
 * The media type of an accepted image, from its content.
 *
 * @param bytes - The file.
 * @returns `image/png`, `image/jpeg` or `image/svg+xml`.
 * @throws ContentError for anything else.
 */
function imageType(bytes: Uint8Array): string {
  const startsWith = (signature: number[]): boolean =>
    signature.every((byte, index) => bytes[index] === byte);
  if (startsWith(PNG_SIGNATURE)) {
    return 'image/png';
  }
  if (startsWith(JPEG_SIGNATURE)) {
    return 'image/jpeg';
  }
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw new ContentError('it is not a PNG, JPEG or SVG image');
  }
  if (/<!(DOCTYPE|ENTITY)/iu.test(text)) {
    throw new ContentError(
      'it is an SVG with a DOCTYPE or entities, which the wallet refuses',
    );
  }
  if (!startsWithSvgRoot(text)) {
    throw new ContentError('it is not a PNG, JPEG or SVG image');
  }
  return 'image/svg+xml';
}

/**
 * Whether text opens as an SVG document: an optional XML declaration and
 * comments, then the `<svg>` root element. Plain string searches, each
 * starting past the last, so the time is linear in the text (a regular
 * expression of repeated comments backtracked exponentially: 211 bytes held
 * the snap for tens of seconds). A comment ends at its first `--`, which XML
 * allows only as `-->`. The dashes are written apart: SES rejects source that
 * looks like an HTML comment.
 *
 * @param text - The file, decoded.
 * @returns Whether it does.
 */
function startsWithSvgRoot(text: string): boolean {
  let rest = text.trimStart();
  if (rest.startsWith('<?xml')) {
    const end = rest.indexOf('>');
    if (end < 6 || rest[end - 1] !== '?') {
      return false;
    }
    rest = rest.slice(end + 1).trimStart();
  }
  while (rest.startsWith('<!') && rest.startsWith('--', 2)) {
    const end = rest.indexOf('--', 4);
    if (end < 0 || rest[end + 2] !== '>') {
      return false;
    }
    rest = rest.slice(end + 3).trimStart();
  }
  return /^<svg[\s>]/u.test(rest);
}
