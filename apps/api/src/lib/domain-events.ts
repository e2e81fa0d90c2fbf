import type { FastifyBaseLogger } from 'fastify';

/**
 * What one domain announces so that others can react without being imported by it
 * (docs/decisions/013-module-layers.md). Events are published after the announcing transaction has
 * committed: a handler's failure is logged and left for support, never undoes what happened or
 * reaches the caller (the customer has paid; their place is cancelled).
 */
export interface DomainEventMap {
  /** An order is written and committed (card, credit or front-of-house checkout). */
  'order.completed': {
    orderId: number;
    /** The memberships whose first payment the order holds (none: nothing to activate). */
    membershipIds: number[];
  };
  /**
   * Membership lines left a basket unpaid (removed, the basket cleared, or run out): the draft
   * memberships they paid for are deleted (docs/decisions/018).
   */
  'basket.membership-lines.removed': { membershipIds: number[] };
}

export type DomainEventName = keyof DomainEventMap;
type Handler<K extends DomainEventName> = (payload: DomainEventMap[K]) => Promise<void>;

export interface DomainEvents {
  /** Subscribes for the life of the app; handlers run one after another, in subscription order. */
  on<K extends DomainEventName>(name: K, handler: Handler<K>): void;
  /** Runs every handler of the event and resolves when they have all finished. */
  publish<K extends DomainEventName>(name: K, payload: DomainEventMap[K]): Promise<void>;
}

export function createDomainEvents(log: Pick<FastifyBaseLogger, 'error'>): DomainEvents {
  const handlers = new Map<DomainEventName, Handler<DomainEventName>[]>();
  return {
    on(name, handler) {
      handlers.set(name, [...(handlers.get(name) ?? []), handler as Handler<DomainEventName>]);
    },
    async publish(name, payload) {
      for (const handler of handlers.get(name) ?? []) {
        try {
          await handler(payload);
        } catch (error) {
          log.error({ err: error, event: name, payload }, 'a domain event handler failed');
        }
      }
    },
  };
}
