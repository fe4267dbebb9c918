/** Messages between the main thread and a workbook-reading thread. */
import type { ScenarioContent } from '../scenario-model/documents.js';

export interface ReadRequest {
  id: number;
  bytes: Uint8Array;
}

interface Answer {
  id: number;
  /** The thread's heap after the read. */
  heapBytes: number;
}

export type ReadResponse =
  | (Answer & { ok: true; content: ScenarioContent })
  | (Answer & { ok: false; workbook: { sheet: string; row?: number; column?: string; problem: string; status: 400 | 413 } })
  | (Answer & { ok: false; message: string; workbook?: undefined });
