-- list_versions_bump in PL/pgSQL, same statement (issue 16): a LANGUAGE sql function that cannot be
-- inlined (it inserts) is planned afresh at every call, and every checkout calls it four times from
-- its order's, line's, booking's and payment's triggers: 105 µs a call against 20 µs for PL/pgSQL,
-- which keeps the statement's plan for the connection's life.
CREATE OR REPLACE FUNCTION list_versions_bump(user_ids integer[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO list_versions AS v (user_id, version)
  SELECT u, 1 FROM (SELECT DISTINCT u FROM unnest(user_ids) AS u WHERE u IS NOT NULL) AS ids ORDER BY u
  ON CONFLICT (user_id) DO UPDATE SET version = v.version + 1
    WHERE v.xmin <> pg_current_xact_id()::xid;
END
$$;
