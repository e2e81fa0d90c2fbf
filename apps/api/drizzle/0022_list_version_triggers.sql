-- Moves list_versions on every change to a row the my-account lists show (decision 022): a customer's
-- previous bookings (bookings.repository listBookingsOf, with the course shares of listBookingsOfItems)
-- and order history (payments.repository listOrdersWithTenders, listOrderLines). The triggers are
-- deferred to the commit, so the version rows are locked last and only for the commit's moment.
CREATE FUNCTION list_versions_bump(user_ids integer[]) RETURNS void LANGUAGE sql AS $$
  INSERT INTO list_versions AS v (user_id, version)
  SELECT u, 1 FROM (SELECT DISTINCT u FROM unnest(user_ids) AS u WHERE u IS NOT NULL) AS ids ORDER BY u
  ON CONFLICT (user_id) DO UPDATE SET version = v.version + 1
$$;
--> statement-breakpoint
-- A booking: its attendee, and everyone booked on the same order line (a course's shares and positions).
CREATE FUNCTION list_versions_on_booking() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'DELETE' THEN
    PERFORM list_versions_bump(array_append(
      array(SELECT b.user_id FROM bookings b WHERE b.order_item_id = NEW.order_item_id), NEW.user_id));
  END IF;
  IF TG_OP <> 'INSERT' THEN
    PERFORM list_versions_bump(array_append(
      array(SELECT b.user_id FROM bookings b WHERE b.order_item_id = OLD.order_item_id), OLD.user_id));
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER list_versions_bookings AFTER INSERT OR UPDATE OR DELETE ON bookings
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION list_versions_on_booking();
--> statement-breakpoint
-- An order: its customer (order history) and the attendees of its bookings (currency, order id).
CREATE FUNCTION list_versions_on_order() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'DELETE' THEN
    PERFORM list_versions_bump(array_append(
      array(SELECT b.user_id FROM bookings b WHERE b.order_id = NEW.id), NEW.user_id));
  END IF;
  IF TG_OP <> 'INSERT' THEN
    PERFORM list_versions_bump(array_append(
      array(SELECT b.user_id FROM bookings b WHERE b.order_id = OLD.id), OLD.user_id));
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER list_versions_orders AFTER INSERT OR UPDATE OR DELETE ON orders
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION list_versions_on_order();
--> statement-breakpoint
-- An order line: its order's customer, and the attendees booked on it (price, course).
CREATE FUNCTION list_versions_on_order_item() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'DELETE' THEN
    PERFORM list_versions_bump(array_append(
      array(SELECT b.user_id FROM bookings b WHERE b.order_item_id = NEW.id),
      (SELECT o.user_id FROM orders o WHERE o.id = NEW.order_id)));
  END IF;
  IF TG_OP <> 'INSERT' THEN
    PERFORM list_versions_bump(array_append(
      array(SELECT b.user_id FROM bookings b WHERE b.order_item_id = OLD.id),
      (SELECT o.user_id FROM orders o WHERE o.id = OLD.order_id)));
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER list_versions_order_items AFTER INSERT OR UPDATE OR DELETE ON order_items
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION list_versions_on_order_item();
--> statement-breakpoint
-- A tender: its order's customer (payment type).
CREATE FUNCTION list_versions_on_payment() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'DELETE' THEN
    PERFORM list_versions_bump(array(SELECT o.user_id FROM orders o WHERE o.id = NEW.order_id));
  END IF;
  IF TG_OP <> 'INSERT' THEN
    PERFORM list_versions_bump(array(SELECT o.user_id FROM orders o WHERE o.id = OLD.order_id));
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER list_versions_payments AFTER INSERT OR UPDATE OR DELETE ON payments
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION list_versions_on_payment();
--> statement-breakpoint
-- A penalty's link to the order line that paid it: that order's customer (the line's description).
CREATE FUNCTION list_versions_on_penalty_cart_line() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'DELETE' THEN
    PERFORM list_versions_bump(array(SELECT o.user_id FROM order_items i JOIN orders o ON o.id = i.order_id
      WHERE i.id = NEW.order_item_id));
  END IF;
  IF TG_OP <> 'INSERT' THEN
    PERFORM list_versions_bump(array(SELECT o.user_id FROM order_items i JOIN orders o ON o.id = i.order_id
      WHERE i.id = OLD.order_item_id));
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER list_versions_penalty_cart_lines AFTER INSERT OR UPDATE OR DELETE ON penalty_cart_lines
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION list_versions_on_penalty_cart_line();
--> statement-breakpoint
-- A session's time, place or instructor (not its place counts, which the lists do not show): the
-- attendees booked on it and the customers of orders with a line for it. Its start also decides when a
-- booking moves into the previous bookings.
CREATE FUNCTION list_versions_on_occurrence() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM list_versions_bump(array(
    SELECT b.user_id FROM bookings b WHERE b.occurrence_id = OLD.id
    UNION SELECT o.user_id FROM order_items i JOIN orders o ON o.id = i.order_id WHERE i.occurrence_id = OLD.id));
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER list_versions_occurrences AFTER UPDATE ON occurrences
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
  WHEN (OLD.starts_at IS DISTINCT FROM NEW.starts_at OR OLD.ends_at IS DISTINCT FROM NEW.ends_at
    OR OLD.activity_id IS DISTINCT FROM NEW.activity_id OR OLD.venue_id IS DISTINCT FROM NEW.venue_id
    OR OLD.location_id IS DISTINCT FROM NEW.location_id OR OLD.bundle_id IS DISTINCT FROM NEW.bundle_id
    OR OLD.instructor_name IS DISTINCT FROM NEW.instructor_name)
  EXECUTE FUNCTION list_versions_on_occurrence();
--> statement-breakpoint
-- A membership's start date or type (an order line's date and name): the customers of orders for it.
CREATE FUNCTION list_versions_on_membership() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM list_versions_bump(array(
    SELECT o.user_id FROM order_items i JOIN orders o ON o.id = i.order_id WHERE i.membership_id = OLD.id));
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER list_versions_memberships AFTER UPDATE ON memberships
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
  WHEN (OLD.start_date IS DISTINCT FROM NEW.start_date
    OR OLD.membership_type_id IS DISTINCT FROM NEW.membership_type_id)
  EXECUTE FUNCTION list_versions_on_membership();
--> statement-breakpoint
-- A penalty's description or type (an order line's name): the customers of orders that paid it.
CREATE FUNCTION list_versions_on_penalty() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM list_versions_bump(array(
    SELECT o.user_id FROM penalty_cart_lines l JOIN order_items i ON i.id = l.order_item_id
      JOIN orders o ON o.id = i.order_id WHERE l.penalty_id = OLD.id));
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER list_versions_penalties AFTER UPDATE ON penalties
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
  WHEN (OLD.description IS DISTINCT FROM NEW.description OR OLD.type IS DISTINCT FROM NEW.type)
  EXECUTE FUNCTION list_versions_on_penalty();
--> statement-breakpoint
-- The catalogue rows the lists name are shared by many customers' lists: a change moves row 0, which
-- every list's check reads too. (A new row is named by no list until a booking or order line, which
-- moves its customer's version, refers to it.)
CREATE FUNCTION list_versions_on_catalogue() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM list_versions_bump(ARRAY[0]);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER list_versions_activities AFTER UPDATE OR DELETE ON activities
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION list_versions_on_catalogue();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER list_versions_activity_categories AFTER UPDATE OR DELETE ON activity_categories
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION list_versions_on_catalogue();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER list_versions_venues AFTER UPDATE OR DELETE ON venues
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION list_versions_on_catalogue();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER list_versions_locations AFTER UPDATE OR DELETE ON locations
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION list_versions_on_catalogue();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER list_versions_course_bundles AFTER UPDATE OR DELETE ON course_bundles
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION list_versions_on_catalogue();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER list_versions_membership_types AFTER UPDATE OR DELETE ON membership_types
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION list_versions_on_catalogue();
