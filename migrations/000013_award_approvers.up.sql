-- How an award's approvers sign, fixed from the approval rules when it is
-- recorded: in order or in parallel, and optionally the role of each step.
ALTER TABLE awards ADD COLUMN approval_order text NOT NULL DEFAULT 'in_parallel'
    CHECK (approval_order IN ('in_parallel', 'in_order'));
ALTER TABLE awards ADD COLUMN approver_roles jsonb NOT NULL DEFAULT '[]';
-- The approval snapshot, frozen when the last approver signs: the award's
-- figures and every approver (name, role, time, reason), with its hash.
ALTER TABLE awards ADD COLUMN approval_snapshot jsonb;
ALTER TABLE awards ADD COLUMN approval_hash text;

-- Each signature fills one step of the plan, with the approver's role at
-- the time; one signature a step, so two approvers at once cannot both
-- fill the same one.
ALTER TABLE award_approvals ADD COLUMN step integer NOT NULL DEFAULT 1 CHECK (step BETWEEN 1 AND 3);
ALTER TABLE award_approvals ADD COLUMN role text NOT NULL DEFAULT '';
UPDATE award_approvals a SET step = n.step FROM (
    SELECT award_id, approver_id, row_number() OVER (PARTITION BY award_id ORDER BY approved_at, approver_id) AS step
    FROM award_approvals) n
WHERE a.award_id = n.award_id AND a.approver_id = n.approver_id;
CREATE UNIQUE INDEX award_approvals_one_per_step ON award_approvals (award_id, step);
