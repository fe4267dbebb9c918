/**
 * The directory of a zip file as the .xlsx reader inside exceljs (JSZip) sees it: the entries of
 * the central directory, each with the size it declares and where its data starts. Nothing is
 * inflated, so this is cheap whatever the entries would expand to; what they declare is a claim,
 * to be checked while inflating (see workbook-limits.ts).
 */

export interface ZipEntry {
  name: string;
  /** 0 stored, 8 deflated; JSZip reads no other. */
  method: number;
  compressedSize: number;
  /** The uncompressed size the directory declares. */
  declaredSize: number;
  /** Offset of the entry's (compressed) data in the file. */
  dataStart: number;
}

/** The file is not a zip file JSZip could read. */
export class ZipFormatError extends Error {}

/** The file has more entries than the reader accepts; `count` is what its directory says. */
export class ZipEntryCountError extends Error {
  constructor(readonly count: number) {
    super(`the file has ${count} entries`);
  }
}

const END = 0x06054b50;
const ZIP64_LOCATOR = 0x07064b50;
const ZIP64_END = 0x06064b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;
const U32_MAX = 0xffffffff;

function view(bytes: Uint8Array): DataView {
  return new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

function u64(data: DataView, at: number): number {
  const value = data.getBigUint64(at, true);
  if (value > BigInt(Number.MAX_SAFE_INTEGER)) throw new ZipFormatError('a zip64 size or offset is out of range');
  return Number(value);
}

/** The end-of-central-directory record: it is last, followed only by a comment of ≤ 65535 bytes. */
function endRecord(data: DataView): number {
  for (let at = data.byteLength - 22; at >= Math.max(0, data.byteLength - 22 - 0xffff); at--) {
    if (data.getUint32(at, true) === END) return at;
  }
  throw new ZipFormatError('no end of central directory record');
}

/** Count, size and offset of the central directory, from the zip64 record where the classic one overflows. */
function directory(data: DataView): { count: number; size: number; offset: number } {
  const end = endRecord(data);
  let count = data.getUint16(end + 10, true);
  let size = data.getUint32(end + 12, true);
  let offset = data.getUint32(end + 16, true);
  if ((count === 0xffff || size === U32_MAX || offset === U32_MAX) && end >= 20 && data.getUint32(end - 20, true) === ZIP64_LOCATOR) {
    const record = u64(data, end - 12);
    if (record + 56 > data.byteLength || data.getUint32(record, true) !== ZIP64_END) throw new ZipFormatError('a broken zip64 end record');
    count = u64(data, record + 32);
    size = u64(data, record + 40);
    offset = u64(data, record + 48);
  }
  if (offset + size > data.byteLength) throw new ZipFormatError('the central directory lies beyond the end of the file');
  return { count, size, offset };
}

/** Sizes and offset a zip64 extra field gives for the values the entry left at 0xFFFFFFFF. */
function zip64Values(data: DataView, extraStart: number, extraLength: number, wanted: boolean[]): number[] {
  for (let at = extraStart; at + 4 <= extraStart + extraLength;) {
    const id = data.getUint16(at, true);
    const length = data.getUint16(at + 2, true);
    if (id === 0x0001) {
      const values: number[] = [];
      let field = at + 4;
      for (const want of wanted) {
        if (!want) continue;
        if (field + 8 > at + 4 + length) throw new ZipFormatError('a zip64 extra field is too short');
        values.push(u64(data, field));
        field += 8;
      }
      return values;
    }
    at += 4 + length;
  }
  throw new ZipFormatError('an entry needs a zip64 extra field and has none');
}

/** The entries of the central directory; throws ZipEntryCountError beyond `maxEntries` before reading them. */
export function zipDirectory(bytes: Uint8Array, maxEntries: number): ZipEntry[] {
  if (bytes.byteLength < 22) throw new ZipFormatError('too short to be a zip file');
  const data = view(bytes);
  const { count, offset } = directory(data);
  if (count > maxEntries) throw new ZipEntryCountError(count);
  const names = new TextDecoder();
  const entries: ZipEntry[] = [];
  let at = offset;
  for (let i = 0; i < count; i++) {
    if (at + 46 > data.byteLength || data.getUint32(at, true) !== CENTRAL) throw new ZipFormatError(`central directory entry ${i + 1} is broken`);
    const method = data.getUint16(at + 10, true);
    let compressedSize = data.getUint32(at + 20, true);
    let declaredSize = data.getUint32(at + 24, true);
    const nameLength = data.getUint16(at + 28, true);
    const extraLength = data.getUint16(at + 30, true);
    const commentLength = data.getUint16(at + 32, true);
    let localOffset = data.getUint32(at + 42, true);
    const name = names.decode(bytes.subarray(at + 46, at + 46 + nameLength));
    const wanted = [declaredSize === U32_MAX, compressedSize === U32_MAX, localOffset === U32_MAX];
    if (wanted.some(Boolean)) {
      const values = zip64Values(data, at + 46 + nameLength, extraLength, wanted);
      if (wanted[0]) declaredSize = values.shift()!;
      if (wanted[1]) compressedSize = values.shift()!;
      if (wanted[2]) localOffset = values.shift()!;
    }
    if (localOffset + 30 > data.byteLength || data.getUint32(localOffset, true) !== LOCAL) throw new ZipFormatError(`the data of ${name} is not where the directory says`);
    const dataStart = localOffset + 30 + data.getUint16(localOffset + 26, true) + data.getUint16(localOffset + 28, true);
    if (dataStart + compressedSize > data.byteLength) throw new ZipFormatError(`the data of ${name} runs past the end of the file`);
    entries.push({ name, method, compressedSize, declaredSize, dataStart });
    at += 46 + nameLength + extraLength + commentLength;
  }
  return entries;
}
