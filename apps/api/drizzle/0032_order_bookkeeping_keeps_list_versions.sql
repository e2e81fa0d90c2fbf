-- An order's bookkeeping moves no list version (issue 16): marking it announced (decision 025) changes
-- nothing the my-account lists show, but its update fired the order's trigger, which read its
-- bookings twice (old and new) and bumped the customer's version at every checkout. An insert or a
-- delete always moves them; an update only when a column other than `announced_at` changed.
DROP TRIGGER list_versions_orders ON orders;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER list_versions_orders AFTER INSERT OR DELETE ON orders
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION list_versions_on_order();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER list_versions_orders_changed AFTER UPDATE ON orders
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
  WHEN ((to_jsonb(OLD) - 'announced_at') IS DISTINCT FROM (to_jsonb(NEW) - 'announced_at'))
  EXECUTE FUNCTION list_versions_on_order();
