/**
 * The workbook-reading thread: parses the workbooks the main thread sends, one at a time, and
 * answers their content or the problem, with the heap it holds afterwards (the main thread ends
 * a thread that grew large rather than keep its memory).
 */
import { getHeapStatistics } from 'node:v8';
import { parentPort } from 'node:worker_threads';
import { parseScenarioWorkbook } from './parse-workbook.js';
import type { ReadRequest, ReadResponse } from './read-protocol.js';
import { WorkbookError } from './workbook-error.js';

const port = parentPort!;

port.on('message', async ({ id, bytes }: ReadRequest) => {
  let response: ReadResponse;
  let transfer: ArrayBuffer[] = [];
  try {
    const content = await parseScenarioWorkbook(bytes);
    // Profile values are the bulk of the content: moved, not copied.
    transfer = content.profiles.map((p) => p.values.buffer as ArrayBuffer);
    response = { id, ok: true, content, heapBytes: 0 };
  } catch (error) {
    response = error instanceof WorkbookError
      ? { id, ok: false, workbook: { sheet: error.sheet, row: error.row, column: error.column, problem: error.problem, status: error.status }, heapBytes: 0 }
      : { id, ok: false, message: (error as Error)?.stack ?? String(error), heapBytes: 0 };
  }
  response.heapBytes = getHeapStatistics().total_heap_size;
  port.postMessage(response, transfer);
});
