/**
 * How a statement asks to be run, as a typed option on its query config instead of a comment in its
 * text: set once where the statement is prepared (db/prepared.ts `preparedSql`), read by the router
 * of the pool's statements (shared-connections.ts). The option travels on the config object drizzle
 * keeps for the prepared statement and hands to the driver on every run, under a symbol, so nothing
 * in the statement's text can set or fake it.
 */
export interface StatementOptions {
  /**
   * 'write': a write fit to share a pipelined connection with other requests' statements outside a
   * transaction (decision 038; the rules for one are at db/statement-text.ts `sharedWrite`).
   */
  share?: 'write';
}

const optionsKey = Symbol('statement options');

type Tagged = { [optionsKey]?: StatementOptions };

/** Puts `options` on a query config (a non-enumerable property: pg's copy of the config leaves it). */
export function tagStatement(config: object, options: StatementOptions): void {
  Object.defineProperty(config, optionsKey, { value: options, enumerable: false, configurable: true });
}

/** The options a query config was tagged with (none for a string, or an untagged config). */
export function statementOptionsOf(config: unknown): StatementOptions | undefined {
  return typeof config === 'object' && config !== null ? (config as Tagged)[optionsKey] : undefined;
}
