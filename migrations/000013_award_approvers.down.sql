DROP INDEX IF EXISTS award_approvals_one_per_step;
ALTER TABLE award_approvals DROP COLUMN IF EXISTS role;
ALTER TABLE award_approvals DROP COLUMN IF EXISTS step;
ALTER TABLE awards DROP COLUMN IF EXISTS approval_hash;
ALTER TABLE awards DROP COLUMN IF EXISTS approval_snapshot;
ALTER TABLE awards DROP COLUMN IF EXISTS approver_roles;
ALTER TABLE awards DROP COLUMN IF EXISTS approval_order;
