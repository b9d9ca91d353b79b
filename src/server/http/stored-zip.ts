/** A name and its bytes, for storedZip. */
export interface ZipEntry {
  name: string;
  data: Buffer;
}

/** What one archive may hold without the zip64 extensions this writer leaves out. */
export const MAX_ZIP_ENTRIES = 65_535;
const MAX_ZIP_BYTES = 0xffff_ffff;

const CRC_TABLE = Array.from({ length: 256 }, (_, index) => {
  let value = index;
  for (let bit = 0; bit < 8; bit++) value = value & 1 ? 0xedb88320 ^ (value >>> 1) : value >>> 1;
  return value >>> 0;
});

function crc32(data: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of data) crc = (CRC_TABLE[(crc ^ byte) & 0xff] ?? 0) ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

/**
 * A zip archive of `entries`, stored without compression (any unzip reads it): no library here writes
 * zips, and the trajectory's JSON needs no more than this. Names are UTF-8 (flag bit 11); every entry is
 * dated 1980-01-01 so one conversation always gives the same bytes. Throws RangeError past zip's
 * 32-bit limits (MAX_ZIP_ENTRIES entries, 4 GiB): callers check the count first.
 */
export function storedZip(entries: readonly ZipEntry[]): Buffer {
  if (entries.length > MAX_ZIP_ENTRIES) throw new RangeError('too many entries for a zip without zip64');
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const name = Buffer.from(entry.name, 'utf8');
    // version needed, flags (UTF-8 names), method (stored), time, date (1980-01-01), crc, sizes, name length
    const fields = Buffer.alloc(26);
    fields.writeUInt16LE(20, 0);
    fields.writeUInt16LE(0x0800, 2);
    fields.writeUInt16LE(0x0021, 8);
    fields.writeUInt32LE(crc32(entry.data), 10);
    fields.writeUInt32LE(entry.data.length, 14);
    fields.writeUInt32LE(entry.data.length, 18);
    fields.writeUInt16LE(name.length, 22);
    const local = Buffer.concat([Buffer.from('PK\x03\x04', 'latin1'), fields, name, entry.data]);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    fields.copy(central, 6, 0, 26);
    central.writeUInt32LE(offset, 42);
    centrals.push(central, name);
    locals.push(local);
    offset += local.length;
    if (offset > MAX_ZIP_BYTES) throw new RangeError('archive larger than 4 GiB');
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}
