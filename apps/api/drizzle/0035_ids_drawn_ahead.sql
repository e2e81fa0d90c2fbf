-- `count` values of a sequence, in order (issue 16, decision 035 amended): checkout draws the ids of
-- the order a card payment may become when it records the attempt, so that the order's confirmation
-- can be made before the order is written, and recorded by the statement that writes it. A function,
-- not `generate_series(1, $n)` in the statement: a generic plan cannot see $n and guesses a thousand
-- rows, so PostgreSQL planned that statement afresh at every checkout; a function's cost is fixed.
CREATE FUNCTION next_ids(sequence regclass, count integer) RETURNS integer[] LANGUAGE plpgsql AS $$
DECLARE
  ids integer[] := '{}';
BEGIN
  FOR i IN 1..count LOOP
    ids := ids || nextval(sequence)::integer;
  END LOOP;
  RETURN ids;
END
$$;
