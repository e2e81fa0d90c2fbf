-- orders_user_created_idx (user_id, created_at) serves every lookup by customer that orders_user_idx
-- (user_id) did; each order written kept an entry in both (issue 16).
DROP INDEX IF EXISTS "orders_user_idx";
