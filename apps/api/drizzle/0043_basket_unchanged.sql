-- A card checkout claimed as read (decision 037) no longer restates checkout's rules in PL/pgSQL
-- (issue 46, decision 069): checkout decides from its read, in TypeScript, that the basket is open
-- and unclaimed, that no attempt is unfinished and how many were made at these items; the statement
-- that claims it only checks, under the basket's lock, that every row it decided from is the version
-- it read. The basket's own row and its attempts join its lines and holds in the fingerprint, and
-- basket_as_read, which re-checked the status, the claim's life and the attempts' statuses, goes.
-- What a checkout plans from, as one value: the basket's row, its lines, holds and payment attempts,
-- each row's id and the transaction that wrote its version (`xmin`: any insert, update or delete of
-- one of them changes the value). PL/pgSQL for the reason migration 0037 gives.
CREATE OR REPLACE FUNCTION basket_fingerprint(basket integer) RETURNS text LANGUAGE plpgsql STABLE AS $$
BEGIN
  RETURN coalesce((SELECT c.xmin::text FROM carts c WHERE c.id = basket), '')
    || '/' || coalesce((SELECT string_agg(i.id || ':' || i.xmin, ',' ORDER BY i.id) FROM cart_items i WHERE i.cart_id = basket), '')
    || '/' || coalesce((SELECT string_agg(h.id || ':' || h.xmin, ',' ORDER BY h.id) FROM cart_holds h WHERE h.cart_id = basket), '')
    || '/' || coalesce((SELECT string_agg(a.id || ':' || a.xmin, ',' ORDER BY a.id) FROM payment_attempts a WHERE a.cart_id = basket), '');
END
$$;
--> statement-breakpoint
DROP FUNCTION basket_as_read(integer, text, text, integer, timestamptz);
--> statement-breakpoint
-- Whether the basket's rows are still the versions read: its row locked (as every basket writer does
-- first), its holds locked (as checkout's own transaction locks them), then the fingerprint compared.
-- PL/pgSQL because each statement in it takes a snapshot of its own: the comparison after the locks
-- sees every change committed before they were granted (decision 037).
CREATE FUNCTION basket_unchanged(basket integer, fingerprint text) RETURNS boolean LANGUAGE plpgsql AS $$
BEGIN
  PERFORM 1 FROM carts c WHERE c.id = basket FOR UPDATE;
  PERFORM 1 FROM cart_holds h WHERE h.cart_id = basket FOR UPDATE;
  RETURN basket_fingerprint(basket) = fingerprint;
END
$$;
