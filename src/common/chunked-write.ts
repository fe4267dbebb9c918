import { open } from 'node:fs/promises';

const CHUNK_CHARACTERS = 1 << 20;

/**
 * Writes `pieces` to a new file at `path` a megabyte at a time: a study's manifest or CSV may run to
 * hundreds of megabytes, which as one string would double the memory they take.
 */
export async function writeInChunks(path: string, pieces: Iterable<string>): Promise<void> {
  const handle = await open(path, 'w');
  try {
    let chunk = '';
    for (const piece of pieces) {
      chunk += piece;
      if (chunk.length > CHUNK_CHARACTERS) {
        await handle.write(chunk);
        chunk = '';
      }
    }
    await handle.write(chunk);
  } finally {
    await handle.close();
  }
}
