-- A new order, or a new order line, moves its customer's list version and no one else's itself
-- (issue 16): the bookings that name it were written in the same transaction (they cannot name an
-- order or a line before it exists), and each moves its attendee's version, and its line's other
-- attendees', through its own trigger. At every checkout the order's trigger read the order's
-- bookings and the line's trigger its line's at the commit, to find only attendees moved already.
-- An update or a delete still moves everyone the row names, as before (migration 0022).
CREATE OR REPLACE FUNCTION list_versions_on_order() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM list_versions_bump(ARRAY[NEW.user_id]);
    RETURN NULL;
  END IF;
  IF TG_OP <> 'DELETE' THEN
    PERFORM list_versions_bump(array_append(
      array(SELECT b.user_id FROM bookings b WHERE b.order_id = NEW.id), NEW.user_id));
  END IF;
  PERFORM list_versions_bump(array_append(
    array(SELECT b.user_id FROM bookings b WHERE b.order_id = OLD.id), OLD.user_id));
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION list_versions_on_order_item() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM list_versions_bump(array(SELECT o.user_id FROM orders o WHERE o.id = NEW.order_id));
    RETURN NULL;
  END IF;
  IF TG_OP <> 'DELETE' THEN
    PERFORM list_versions_bump(array_append(
      array(SELECT b.user_id FROM bookings b WHERE b.order_item_id = NEW.id),
      (SELECT o.user_id FROM orders o WHERE o.id = NEW.order_id)));
  END IF;
  PERFORM list_versions_bump(array_append(
    array(SELECT b.user_id FROM bookings b WHERE b.order_item_id = OLD.id),
    (SELECT o.user_id FROM orders o WHERE o.id = OLD.order_id)));
  RETURN NULL;
END
$$;
