-- A card checkout claims its basket as it read it (issue 16, decision 037): it reads the basket without
-- a lock, plans from that, then records its payment attempt in one statement that first checks, under
-- the basket's lock, that nothing it planned from has changed. These two functions are that check.

-- What a checkout plans from, as one value: the basket's lines and their holds, each row's id and the
-- transaction that wrote its version (`xmin`: any insert, update or delete of a line or hold changes
-- the value). Read with the basket, and again under its lock; equal values mean the plan still holds.
-- PL/pgSQL, not SQL: PostgreSQL plans a SQL function that is not inlined afresh at every call (0.16 ms
-- here, as migration 0034 found); a PL/pgSQL function keeps its plans.
CREATE FUNCTION basket_fingerprint(basket integer) RETURNS text LANGUAGE plpgsql STABLE AS $$
BEGIN
  RETURN coalesce((SELECT string_agg(i.id || ':' || i.xmin, ',' ORDER BY i.id) FROM cart_items i WHERE i.cart_id = basket), '')
    || '/' || coalesce((SELECT string_agg(h.id || ':' || h.xmin, ',' ORDER BY h.id) FROM cart_holds h WHERE h.cart_id = basket), '');
END
$$;
--> statement-breakpoint
-- Whether the basket is still as read: open and unclaimed (its row locked, as every basket writer does
-- first), its holds locked (as checkout's own transaction locks them: a sweep that took one meanwhile
-- shows as a hold gone), no unfinished attempt, as many attempts at these items as were read (the next
-- one's number is their count), and the same fingerprint. A PL/pgSQL function because each statement
-- in it takes a snapshot of its own: the check after the locks sees every change committed before they
-- were granted, which one statement's snapshot, taken before it waited, would not.
CREATE FUNCTION basket_as_read(basket integer, fingerprint text, item_hash text, attempts_at_hash integer,
    claim_started_before timestamptz) RETURNS boolean LANGUAGE plpgsql AS $$
BEGIN
  PERFORM 1 FROM carts c WHERE c.id = basket AND c.status = 'open'
    AND (c.checkout_claim IS NULL OR c.checkout_started_at IS NULL OR c.checkout_started_at <= claim_started_before)
    FOR UPDATE;
  IF NOT FOUND THEN
    RETURN false;
  END IF;
  PERFORM 1 FROM cart_holds h WHERE h.cart_id = basket FOR UPDATE;
  RETURN (SELECT count(*) FILTER (WHERE a.status IN ('started', 'charged', 'refunding')) = 0
        AND count(*) FILTER (WHERE a.item_hash = basket_as_read.item_hash) = attempts_at_hash
      FROM payment_attempts a WHERE a.cart_id = basket)
    AND basket_fingerprint(basket) = fingerprint;
END
$$;
