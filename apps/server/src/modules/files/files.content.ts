export type FileKind = 'image' | 'spreadsheet';

export const CONTENT_TYPES = {
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
} as const;
export type FileExtension = keyof typeof CONTENT_TYPES;

export const kindOf = (extension: FileExtension): FileKind => (extension === 'xlsx' ? 'spreadsheet' : 'image');

const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const JPEG = [0xff, 0xd8, 0xff];
const ZIP = [0x50, 0x4b, 0x03, 0x04];

const startsWith = (file: Buffer, magic: number[]) => magic.every((byte, i) => file[i] === byte);

/** Names of the entries of a zip file, read from its central directory (null when it is not a zip). */
function zipEntryNames(file: Buffer): string[] | null {
  // The end-of-central-directory record sits in the last 64 KiB + 22 bytes.
  for (let at = file.length - 22; at >= Math.max(0, file.length - 65_557); at -= 1) {
    if (file.readUInt32LE(at) !== 0x06054b50) continue;
    const count = file.readUInt16LE(at + 10);
    let offset = file.readUInt32LE(at + 16);
    const names: string[] = [];
    for (let i = 0; i < count; i += 1) {
      if (offset + 46 > file.length || file.readUInt32LE(offset) !== 0x02014b50) return null;
      const nameLength = file.readUInt16LE(offset + 28);
      const extraLength = file.readUInt16LE(offset + 30);
      const commentLength = file.readUInt16LE(offset + 32);
      names.push(file.toString('utf8', offset + 46, offset + 46 + nameLength));
      offset += 46 + nameLength + extraLength + commentLength;
    }
    return names;
  }
  return null;
}

/**
 * Whether the bytes are what the extension says: a PNG, a JPEG, or a zip whose entries make an xlsx
 * workbook ([Content_Types].xml and xl/workbook.xml). The name alone is never trusted.
 */
export function contentMatches(extension: FileExtension, file: Buffer): boolean {
  if (extension === 'png') return startsWith(file, PNG);
  if (extension === 'jpg' || extension === 'jpeg') return startsWith(file, JPEG);
  if (!startsWith(file, ZIP)) return false;
  const names = zipEntryNames(file);
  return Boolean(names?.includes('[Content_Types].xml') && names.includes('xl/workbook.xml'));
}
