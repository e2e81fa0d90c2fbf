import net from 'node:net';

/** Writes to PostgreSQL's port (TEST_DATABASE_URL) while `work` runs: one per round trip a client starts. */
export async function writesDuring<T>(work: () => Promise<T>): Promise<{ result: T; writes: number }> {
  const port = Number(new URL(process.env.TEST_DATABASE_URL ?? '').port || 5432);
  const socket = net.Socket.prototype as unknown as Record<
    '_write' | '_writev',
    (...args: unknown[]) => unknown
  >;
  const originals = { _write: socket._write, _writev: socket._writev };
  let writes = 0;
  for (const method of ['_write', '_writev'] as const) {
    const original = originals[method];
    socket[method] = function counted(this: net.Socket, ...args: unknown[]) {
      if (this.remotePort === port) writes += 1;
      return original.apply(this, args);
    };
  }
  try {
    return { result: await work(), writes };
  } finally {
    Object.assign(socket, originals);
  }
}
