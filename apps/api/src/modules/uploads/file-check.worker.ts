import { type PdfVerdict, scanPdf } from './pdf-active-content';

/** What the pool sends: the file's bytes (a copy) and its decoded-bytes budget. */
export interface FileCheckTask {
  bytes: Uint8Array;
  maxDecodedBytes: number;
}

/** A worker thread's task (piscina calls the default export): the PDF scan, off the request's thread. */
export default function checkPdfFile(task: FileCheckTask): PdfVerdict {
  return scanPdf(task.bytes, { maxDecodedBytes: task.maxDecodedBytes });
}
