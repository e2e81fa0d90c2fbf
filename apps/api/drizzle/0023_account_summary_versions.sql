-- The customer's list version also covers what GET auth/user reads from the customer's own rows
-- (decision 022, its "GET auth/user" amendment): credit, direct debit instructions and schedules, memberships,
-- eligibility documents and outstanding penalties. Each of these rows names its customer in user_id.
CREATE FUNCTION list_versions_on_customer_row() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'DELETE' THEN
    PERFORM list_versions_bump(ARRAY[NEW.user_id]);
  END IF;
  IF TG_OP <> 'INSERT' THEN
    PERFORM list_versions_bump(ARRAY[OLD.user_id]);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER account_versions_credit_transactions AFTER INSERT OR UPDATE OR DELETE ON credit_transactions
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION list_versions_on_customer_row();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER account_versions_direct_debit_mandates AFTER INSERT OR UPDATE OR DELETE ON direct_debit_mandates
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION list_versions_on_customer_row();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER account_versions_direct_debit_schedules AFTER INSERT OR UPDATE OR DELETE ON direct_debit_schedules
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION list_versions_on_customer_row();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER account_versions_memberships AFTER INSERT OR UPDATE OR DELETE ON memberships
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION list_versions_on_customer_row();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER account_versions_eligibility_documents AFTER INSERT OR UPDATE OR DELETE ON eligibility_documents
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION list_versions_on_customer_row();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER account_versions_penalties AFTER INSERT OR UPDATE OR DELETE ON penalties
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION list_versions_on_customer_row();
--> statement-breakpoint
-- A membership's payment option (whether it may be managed online) is shared by many customers: row 0.
CREATE CONSTRAINT TRIGGER list_versions_membership_payment_options AFTER UPDATE OR DELETE ON membership_payment_options
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION list_versions_on_catalogue();
