import { Piscina } from 'piscina';
import type { FileCheckTask } from './file-check.worker';
import type { PdfVerdict } from './pdf-active-content';

/**
 * Checks of uploaded files run here, in a small pool of worker threads (piscina), never on the
 * request's thread: a hostile file costs one worker at most `memoryMb` of heap and `timeoutMs` of
 * time (the worker is terminated at the deadline), and its decoding at most `maxDecodedBytes`
 * (counted for the whole file). Anything that keeps a file from being checked refuses it.
 */
export interface FileCheckSettings {
  threads: number;
  timeoutMs: number;
  memoryMb: number;
  maxDecodedBytes: number;
  /** Files waiting for a thread; past this the upload is answered 429 (try again). */
  maxQueue: number;
}

export type FileCheckVerdict =
  | PdfVerdict
  | { ok: false; reason: 'timeout' }
  | { ok: false; reason: 'failed'; detail: string }
  | { ok: false; reason: 'busy' };

/**
 * From source (tests, tsx) the worker is the TypeScript file, loaded through tsx; the build bundles
 * it beside the server as file-check-worker.js (apps/api/build.mjs).
 */
function workerLocation(): { filename: string; execArgv: string[] } {
  const fromSource = import.meta.url.endsWith('.ts');
  return fromSource
    ? { filename: new URL('./file-check.worker.ts', import.meta.url).href, execArgv: ['--import', 'tsx'] }
    : { filename: new URL('./file-check-worker.js', import.meta.url).href, execArgv: [] };
}

const pools = new Map<FileCheckSettings, Piscina<FileCheckTask, PdfVerdict>>();

function poolFor(settings: FileCheckSettings): Piscina<FileCheckTask, PdfVerdict> {
  let pool = pools.get(settings);
  if (!pool) {
    const { filename, execArgv } = workerLocation();
    pool = new Piscina<FileCheckTask, PdfVerdict>({
      filename,
      execArgv,
      minThreads: 0,
      maxThreads: settings.threads,
      maxQueue: settings.maxQueue,
      // A thread left idle exits: no memory held between uploads, and nothing keeps a process alive.
      idleTimeout: 30_000,
      // The checks yield the CPU to the threads answering requests (Linux thread niceness, through
      // piscina's optional @napi-rs/nice): a hostile file slows its own check, not everyone's answers.
      niceIncrement: 10,
      resourceLimits: {
        maxOldGenerationSizeMb: settings.memoryMb,
        maxYoungGenerationSizeMb: Math.max(4, Math.floor(settings.memoryMb / 8)),
        stackSizeMb: 4,
      },
    });
    pools.set(settings, pool);
  }
  return pool;
}

/** Whether a PDF carries active content, decided in a worker thread within the settings' limits. */
export async function checkPdfOffThread(
  bytes: Buffer,
  settings: FileCheckSettings,
): Promise<FileCheckVerdict> {
  const pool = poolFor(settings);
  if (pool.queueSize >= settings.maxQueue) return { ok: false, reason: 'busy' };
  const deadline = new AbortController();
  const timer = setTimeout(() => deadline.abort(), settings.timeoutMs);
  timer.unref();
  try {
    // A copy is moved to the thread, not cloned again (the request keeps its buffer to store it).
    const copy = new Uint8Array(bytes);
    return await pool.run(
      { bytes: copy, maxDecodedBytes: settings.maxDecodedBytes },
      { signal: deadline.signal, transferList: [copy.buffer] },
    );
  } catch (error) {
    if (deadline.signal.aborted) return { ok: false, reason: 'timeout' };
    // Out of memory (the worker's heap cap), a crash of the worker, a full queue: not checked.
    return { ok: false, reason: 'failed', detail: (error as Error).message };
  } finally {
    clearTimeout(timer);
  }
}

/** Stops the pool's threads (the app closing). */
export async function closeFileCheckPool(settings: FileCheckSettings): Promise<void> {
  const pool = pools.get(settings);
  if (!pool) return;
  pools.delete(settings);
  await pool.destroy();
}
