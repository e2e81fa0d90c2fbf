-- A transaction moves a customer's list version once (decision 022, amended by issue 16): a checkout's
-- order, line, booking and payment each fire their deferred trigger for the same customer, and each
-- upsert after the first one updated the row again. The version only has to differ after the commit,
-- so a row this transaction already wrote (its xmin is the transaction's id) is left as it is.
CREATE OR REPLACE FUNCTION list_versions_bump(user_ids integer[]) RETURNS void LANGUAGE sql AS $$
  INSERT INTO list_versions AS v (user_id, version)
  SELECT u, 1 FROM (SELECT DISTINCT u FROM unnest(user_ids) AS u WHERE u IS NOT NULL) AS ids ORDER BY u
  ON CONFLICT (user_id) DO UPDATE SET version = v.version + 1
    WHERE v.xmin <> pg_current_xact_id()::xid
$$;
