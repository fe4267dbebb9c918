import { open } from 'node:fs/promises';

// Below V8's large-object size: a chunk of a megabyte is made in the large-object space, which only a
// full collection empties, and a 100 MB manifest written so left 100 MB of them waiting for one.
const CHUNK_CHARACTERS = 1 << 16;

/**
 * Writes `pieces` to a new file at `path` a chunk at a time: a study's manifest or CSV may run to
 * hundreds of megabytes, which as one string would double the memory they take. The pieces may be
 * made as they are asked for, also by reading (an async iterable), so none of them need be held.
 */
export async function writeInChunks(path: string, pieces: Iterable<string> | AsyncIterable<string>): Promise<void> {
  const handle = await open(path, 'w');
  try {
    let chunk = '';
    for await (const piece of pieces) {
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
