/**
 * Whether this process is shutting down: set by the shutdown (server.ts) before anything closes, so
 * the readiness check answers 503 first and a load balancer stops sending requests while the ones
 * in flight finish.
 */
export interface Readiness {
  readonly shuttingDown: boolean;
  shutDown(): void;
}

export function createReadiness(): Readiness {
  let shuttingDown = false;
  return {
    get shuttingDown() {
      return shuttingDown;
    },
    shutDown() {
      shuttingDown = true;
    },
  };
}
