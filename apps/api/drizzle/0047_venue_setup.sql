ALTER TABLE "venues" ADD COLUMN "opening_hours" jsonb;
--> statement-breakpoint
-- The catalogue's version (list_versions row 0, migration 0022) moves on every committed change a
-- customer's page could show, so each replica forgets the catalogue it keeps (issue 47,
-- modules/operator/catalogue-freshness.ts): new venues, categories, activities and locations too,
-- which venues offer an activity, and its prices.
CREATE CONSTRAINT TRIGGER list_versions_activities_insert AFTER INSERT ON activities
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION list_versions_on_catalogue();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER list_versions_activity_categories_insert AFTER INSERT ON activity_categories
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION list_versions_on_catalogue();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER list_versions_venues_insert AFTER INSERT ON venues
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION list_versions_on_catalogue();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER list_versions_locations_insert AFTER INSERT ON locations
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION list_versions_on_catalogue();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER list_versions_venue_activities AFTER INSERT OR UPDATE OR DELETE ON venue_activities
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION list_versions_on_catalogue();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER list_versions_pricing_options AFTER INSERT OR UPDATE OR DELETE ON pricing_options
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION list_versions_on_catalogue();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER list_versions_tickets AFTER INSERT OR UPDATE OR DELETE ON tickets
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION list_versions_on_catalogue();
