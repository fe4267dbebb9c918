/**
 * The CRC-32 every zip entry carries, checked: fflate inflates without looking at it, so a zip
 * with a flipped byte in a stored entry (or an inflatable but wrong deflate stream) would
 * otherwise read as if it were whole.
 */
import type { Unzipped } from 'fflate';
import { crc32 } from '../../../common/crc32.js';

const EOCD = 0x06054b50;
const CENTRAL = 0x02014b50;

/** The CRC-32 of each entry, as the zip's central directory records it. */
export function recordedCrcs(zip: Uint8Array): Map<string, number> {
  const view = new DataView(zip.buffer, zip.byteOffset, zip.byteLength);
  let end = zip.length - 22;
  while (end >= 0 && view.getUint32(end, true) !== EOCD) end--;
  const crcs = new Map<string, number>();
  if (end < 0) return crcs;
  const count = view.getUint16(end + 10, true);
  let at = view.getUint32(end + 16, true);
  const decoder = new TextDecoder();
  for (let i = 0; i < count && at + 46 <= zip.length && view.getUint32(at, true) === CENTRAL; i++) {
    const nameLength = view.getUint16(at + 28, true);
    const name = decoder.decode(zip.subarray(at + 46, at + 46 + nameLength));
    crcs.set(name, view.getUint32(at + 16, true));
    at += 46 + nameLength + view.getUint16(at + 30, true) + view.getUint16(at + 32, true);
  }
  return crcs;
}

/** The first entry whose content does not match its recorded CRC-32, if any. */
export function entryWithBadCrc(zip: Uint8Array, entries: Unzipped): string | undefined {
  const crcs = recordedCrcs(zip);
  for (const [name, content] of Object.entries(entries)) {
    const recorded = crcs.get(name);
    if (recorded !== undefined && recorded !== crc32(content)) return name;
  }
  return undefined;
}
