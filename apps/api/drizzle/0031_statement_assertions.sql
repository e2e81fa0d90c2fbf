-- A statement's own check, raised as an error (issue 16): a transaction whose last statements are
-- sent with its commit (db/pipeline.ts commitWith) cannot look at their answers and roll back, so a
-- statement that finds what must not be (a basket that cannot be settled) fails instead, and the
-- commit behind it rolls everything back. Raised as P0001 (raise_exception) with the message given.
CREATE OR REPLACE FUNCTION statement_check(ok boolean, message text) RETURNS boolean LANGUAGE plpgsql AS $$
BEGIN
  IF ok IS NOT TRUE THEN
    RAISE EXCEPTION '%', message;
  END IF;
  RETURN true;
END
$$;
